"""A saved assistant sheet is plain data (stored with SaveStore.put_sheet):

    {"kind": "checklist", "game", "players", "seed", "ticked": [step ids], "title"}
    {"kind": "form", "game", "form": form id, "players", "shared": {key: text},
     "entries": [{key: text} per player], "title"}

Checklists are rebuilt from (game, players, seed), so only the ticks are progress.
"""

from __future__ import annotations

from typing import Any

from .checklist import Checklist
from .forms import Evaluation, Form, evaluate
from .games import assistant_for, form_for


def new_checklist(game: str, players: int, seed: int) -> dict[str, Any]:
    title = f"{assistant_for(game).TITLE} setup, {players}p"
    return {"kind": "checklist", "game": game, "players": players, "seed": seed, "ticked": [], "title": title}


def new_form(game: str, form_id: str, players: int) -> dict[str, Any]:
    form = form_for(game, form_id)
    title = f"{assistant_for(game).TITLE} {form.title.lower()}, {players}p"
    return {"kind": "form", "game": game, "form": form_id, "players": players, "shared": {},
            "entries": [{} for _ in range(players)], "title": title}


def checklist_of(sheet: dict[str, Any]) -> Checklist:
    return assistant_for(sheet["game"]).setup_checklist(sheet["players"], sheet["seed"])


def form_of(sheet: dict[str, Any]) -> Form:
    return form_for(sheet["game"], sheet["form"])


def labels_of(sheet: dict[str, Any]) -> list[str]:
    return assistant_for(sheet["game"]).player_labels(sheet["players"])


def evaluate_sheet(sheet: dict[str, Any]) -> Evaluation:
    return evaluate(form_of(sheet), labels_of(sheet), sheet["shared"], sheet["entries"])


def progress_text(sheet: dict[str, Any]) -> str:
    if sheet.get("kind") == "checklist":
        done, total = checklist_of(sheet).progress(sheet["ticked"])
        return f"{done}/{total} steps"
    result = evaluate_sheet(sheet).result
    if result and result.scores and result.winners:
        labels = labels_of(sheet)
        best = result.scores[result.winners[0]].total
        return f"{'/'.join(labels[seat] for seat in result.winners)} {best}"
    return "open"
