"""Assistant sheets as plain data: what the app saves (SaveStore.put_sheet) and what
`tabula score` reads. docs/score-sheets.md documents the format with an example per game.

    {"kind": "checklist", "game", "players", "seed", "ticked": [step ids], "title"}
    {"kind": "form", "game", "form": form id, "players": [names], "shared": {key: value},
     "entries": [{key: value} per player], "title", "finished": bool}

``players`` is the list of names (sheets saved before names were kept hold the count);
a value is the text as typed, or in a hand-written sheet a whole number or a list of them.
Checklists are rebuilt from (game, players, seed), so only the ticks are progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.text import Said, SaidError, Say, said_to_json
from engine.i18n import ENGLISH, Language

from .checklist import Checklist
from .forms import Evaluation, Field, Form, Problem, evaluate, sheet_words
from .games import GAME_IDS, assistant_for, form_for

FORM_KEYS = ("kind", "game", "form", "title", "players", "shared", "entries", "finished")
NAME_MOST = 40
"""A player name's most characters (it must fit a column of the score table)."""
VALUE_MOST = 200
"""A field's most characters as typed (the longest a form takes is a list of a few numbers)."""


def new_checklist(game: str, players: int, seed: int, language: Language = ENGLISH) -> dict[str, Any]:
    """A new setup checklist, titled in ``language`` (the title is the sheet's own from then on:
    its reader may rename it)."""
    title = language.gettext("{game} setup, {players}p").format(game=assistant_for(game).TITLE, players=players)
    return {"kind": "checklist", "game": game, "players": players, "seed": seed, "ticked": [], "title": title}


def new_form(game: str, form_id: str, players: int | list[str], language: Language = ENGLISH) -> dict[str, Any]:
    """A new round helper or score sheet, titled in ``language``."""
    form = form_for(game, form_id)
    names = list(players) if isinstance(players, list) else assistant_for(game).player_labels(players)
    title = language.gettext("{game} {sheet}, {players}p").format(
        game=assistant_for(game).TITLE, sheet=language.gettext(form.title).lower(), players=len(names))
    return {"kind": "form", "game": game, "form": form_id, "players": names, "shared": {},
            "entries": [{} for _ in names], "title": title, "finished": False}


def checklist_of(sheet: dict[str, Any]) -> Checklist:
    return assistant_for(sheet["game"]).setup_checklist(sheet["players"], sheet["seed"])


def form_of(sheet: dict[str, Any]) -> Form:
    return form_for(sheet["game"], sheet["form"])


def player_count(sheet: dict[str, Any]) -> int:
    players = sheet["players"]
    return len(players) if isinstance(players, list) else players


def labels_of(sheet: dict[str, Any]) -> list[str]:
    """The players' names, or the game's default labels for a sheet saved without names."""
    players = sheet["players"]
    return list(players) if isinstance(players, list) else assistant_for(sheet["game"]).player_labels(players)


def evaluate_sheet(sheet: dict[str, Any]) -> Evaluation:
    return evaluate(form_of(sheet), labels_of(sheet), sheet["shared"], sheet["entries"])


def progress_said(sheet: dict[str, Any]) -> Say:
    """How far a sheet is, as the list of saved sheets shows it: a checklist's steps done, a
    score sheet's leaders and their total."""
    if sheet.get("kind") == "checklist":
        done, total = checklist_of(sheet).progress(sheet["ticked"])
        return Say("{done}/{total} steps", done=done, total=total)
    result = evaluate_sheet(sheet).result
    if result and result.scores and result.winners:
        labels = labels_of(sheet)
        leaders = "/".join(labels[seat] for seat in result.winners)
        best = result.scores[result.winners[0]].total
        if sheet.get("finished"):
            return Say("{leaders} {best}, finished", leaders=leaders, best=best)
        return Say("{leaders} {best}", leaders=leaders, best=best)
    return Say("open")


# -- reading a sheet written by hand (or by another program) -----------------------------------


class SheetError(SaidError, ValueError):
    """A sheet that cannot be used: ``where`` names the field ('entries[1] (Bruno).gates')."""

    def __init__(self, where: str, problem: Said):
        super().__init__(Say("{where}: {problem:said}", where=where, problem=said_to_json(problem)))
        self.where = where
        self.problem = problem


@dataclass(frozen=True)
class ScoreReport:
    form: Form
    names: list[str]
    evaluation: Evaluation


KINDS = {bool: Say("true/false"), int: Say("a whole number"), float: Say("a fraction"), str: Say("text"),
         list: Say("a list"), dict: Say("an object"), type(None): Say("null")}
"""What a JSON value is, as a refusal names it."""


def kind_of(value: Any) -> Any:
    """What ``value`` is (``said_to_json``: a ``{kind:said}`` argument)."""
    return said_to_json(KINDS.get(type(value), type(value).__name__))


def typed_text(value: Any, where: str) -> str:
    """A field's value as the text the app would hold: text as is, numbers written out; at most
    VALUE_MOST characters."""
    if value is None:
        return ""
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) and not isinstance(value, bool):
        text = str(value)  # JSON gives at most 4,300 digits
    elif isinstance(value, list) and len(value) <= VALUE_MOST \
            and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value):
        text = " ".join(typed_text(v, where) for v in value)
    else:
        raise SheetError(where, Say("expected a whole number or text, got {kind:said} {value}", kind=kind_of(value),
                                    value=str(value)[:100]))
    if len(text) > VALUE_MOST:
        raise SheetError(where, Say("too long ({n:,} characters; a field holds at most {most})", n=len(text),
                                    most=VALUE_MOST))
    return text


def unknown_game(game: str) -> Say:
    return Say("unknown game {game}; the games are {games}", game=repr(game), games=", ".join(GAME_IDS))


def score_forms(game: str) -> list[Form]:
    return [form for form in assistant_for(game).FORMS if form.kind == "score"]


def read_score_sheet(game: str, data: Any) -> dict[str, Any]:
    """Check a score sheet's structure and return it in the app's form (values as text).

    SheetError names the first problem: an unknown field, a wrong type, a missing player."""
    if game not in GAME_IDS:
        raise SheetError("game", unknown_game(game))
    if not isinstance(data, dict):
        raise SheetError("sheet", Say("expected a JSON object, got {kind:said}", kind=kind_of(data)))
    for key in data:
        if key not in FORM_KEYS:
            raise SheetError(key, Say("unknown field; a sheet has {fields}", fields=", ".join(FORM_KEYS)))
    if data.get("kind", "form") != "form":
        raise SheetError("kind", Say("expected {wanted}, got {got}", wanted='"form"', got=repr(data["kind"])[:100]))
    if data.get("game", game) != game:
        raise SheetError("game", Say("the sheet is for {other}, not {game}", other=repr(data["game"])[:100],
                                     game=repr(game)))
    forms = score_forms(game)
    form_id = data.get("form", forms[0].id)
    form = next((f for f in forms if f.id == form_id), None)
    if form is None:
        known = ", ".join(f.id for f in forms)
        raise SheetError("form", Say("{form} is not a score sheet of {game} (it has: {known})",
                                     form=repr(form_id)[:100], game=assistant_for(game).TITLE, known=known))
    names = read_players(game, data.get("players"))
    shared = read_values(form.shared, data.get("shared", {}), "shared")
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise SheetError("entries", Say("expected a list with one object per player, got {kind:said}",
                                        kind=kind_of(entries)))
    if len(entries) != len(names):
        missing = names[len(entries):]
        if missing:
            raise SheetError("entries", Say("{n} entries for {players} players (missing player: {missing})",
                                            n=len(entries), players=len(names), missing=", ".join(missing)))
        raise SheetError("entries", Say("{n} entries for {players} players", n=len(entries), players=len(names)))
    values = [read_values(form.per_player, entry, f"entries[{seat}] ({names[seat]})")
              for seat, entry in enumerate(entries)]
    finished = data.get("finished", False)
    if not isinstance(finished, bool):
        raise SheetError("finished", Say("expected true or false, got {kind:said}", kind=kind_of(finished)))
    title = data.get("title", f"{assistant_for(game).TITLE} {form.title.lower()}, {len(names)}p")
    if not isinstance(title, str) or len(title) > TITLE_MOST:
        raise SheetError("title", Say("expected a text of at most {most} characters, got {kind:said}",
                                      most=TITLE_MOST, kind=kind_of(title)))
    return {"kind": "form", "game": game, "form": form.id, "players": names, "shared": shared, "entries": values,
            "title": title, "finished": finished}


def read_players(game: str, players: Any) -> list[str]:
    module = assistant_for(game)
    counts = module.PLAYER_COUNTS
    span = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
    if isinstance(players, int) and not isinstance(players, bool):
        players = module.player_labels(players) if players in counts else [""] * players
    if not isinstance(players, list):
        raise SheetError("players", Say("expected the list of player names, got {kind:said}", kind=kind_of(players)))
    if len(players) not in counts:
        raise SheetError("players", Say("{game} is for {span} players, the sheet has {n}", game=module.TITLE,
                                        span=span, n=len(players)))
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise SheetError(f"players[{seat}]", Say("missing player: expected a name"))
        if len(name) > NAME_MOST or not name.isprintable():
            raise SheetError(f"players[{seat}]", Say("a name is at most {most} printable characters", most=NAME_MOST))
    for seat, name in enumerate(players):
        if name in players[:seat]:
            raise SheetError(f"players[{seat}]", Say("{name} is named twice", name=repr(name)))
    return list(players)


def read_values(fields: Sequence[Field], raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise SheetError(where, Say("expected an object of fields, got {kind:said}", kind=kind_of(raw)))
    keys = [f.key for f in fields]
    for key in raw:
        if key not in keys:
            unknown = Say("unknown field; the fields here are {fields}", fields=", ".join(keys)) if keys else Say(
                "unknown field; there are no fields here")
            raise SheetError(f"{where}.{key}"[:200], unknown)
    return {key: typed_text(value, f"{where}.{key}") for key, value in raw.items()}


def problem_place(form: Form, names: list[str], problem: Problem) -> str:
    """Where a problem is, in a sheet's terms: 'shared.characters', 'entries[1] (Bruno).gates',
    'entries[*].gates' for a total over the players."""
    if problem.seat is not None:
        return f"entries[{problem.seat}] ({names[problem.seat]}).{problem.key}"
    if any(f.key == problem.key for f in form.shared):
        return f"shared.{problem.key}"
    return f"entries[*].{problem.key}" if problem.key else "sheet"


def score_sheet(game: str, data: Any, language: Language = ENGLISH) -> ScoreReport:
    """A score sheet checked and computed; SheetError names the first problem (a value out of
    range said in ``language``)."""
    sheet = read_score_sheet(game, data)
    form, names = form_of(sheet), sheet["players"]
    evaluation = evaluate_sheet(sheet)
    if evaluation.problems:
        problem = evaluation.problems[0]
        label = next((f.label for f in (*form.shared, *form.per_player) if f.key == problem.key), "")
        message = sheet_words(language)(problem.message) + (f" [{language.gettext(label)}]" if label else "")
        raise SheetError(problem_place(form, names, problem), message)
    return ScoreReport(form, names, evaluation)


# -- a sheet the app saved, checked before the app opens it --------------------------------------

TITLE_MOST = 200
SEEDS = range(-2**63, 2**64)


def check_sheet(data: Any) -> None:
    """A sheet as the app saves it (the top of this module), checked fully before the app lists
    or opens it: sheets are files, and a file may hold anything. SheetError names the problem."""
    if not isinstance(data, dict):
        raise SheetError("sheet", Say("expected a JSON object, got {kind:said}", kind=kind_of(data)))
    game = data.get("game")
    if game not in GAME_IDS:
        raise SheetError("game", unknown_game(str(game)[:40]))
    if not isinstance(data.get("title"), str) or len(data["title"]) > TITLE_MOST:
        raise SheetError("title", Say("expected a text of at most {most} characters", most=TITLE_MOST))
    if data.get("kind") == "checklist":
        counts = assistant_for(game).PLAYER_COUNTS
        if type(data.get("players")) is not int or data["players"] not in counts:
            raise SheetError("players", Say("expected a player count of {counts}",
                                            counts=", ".join(map(str, counts))))
        if type(data.get("seed")) is not int or data["seed"] not in SEEDS:
            raise SheetError("seed", Say("expected a whole number"))
        ticked = data.get("ticked")
        if not isinstance(ticked, list) or not all(isinstance(step, str) for step in ticked):
            raise SheetError("ticked", Say("expected a list of step ids"))
    elif data.get("kind") == "form":
        try:
            form = form_for(game, data.get("form"))
        except KeyError as error:
            raise SheetError("form", str(error)[:200]) from None
        names = read_players(game, data.get("players"))
        read_values(form.shared, data.get("shared"), "shared")
        entries = data.get("entries")
        if not isinstance(entries, list) or len(entries) != len(names):
            raise SheetError("entries", Say("expected a list with one object per player ({n})", n=len(names)))
        for seat, entry in enumerate(entries):
            read_values(form.per_player, entry, f"entries[{seat}]")
        if not isinstance(data.get("finished", False), bool):
            raise SheetError("finished", Say("expected true or false"))
    else:
        raise SheetError("kind", Say("expected {wanted}, got {got}", wanted='"checklist" or "form"',
                                     got=repr(str(data.get("kind"))[:40])))
