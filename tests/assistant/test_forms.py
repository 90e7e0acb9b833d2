"""Generic form behaviour: any typed text gives a result or a message, never a crash."""

import random

from engine.assistant.forms import evaluate, sheet_words
from engine.assistant.games import GAME_IDS, assistant_for
from engine.assistant.sheets import new_checklist, new_form, progress_said

SAMPLES = ["", "0", "1", "3", "12", "13", "-2", "+6 -9", "3 2", "2*", "x", "OCMP", "3/2/5", "A B", "99999", " 4 "]


def test_random_entries_never_crash():
    chooser = random.Random(4)
    for game in GAME_IDS:
        module = assistant_for(game)
        for form in module.FORMS:
            for players in module.PLAYER_COUNTS:
                labels = module.player_labels(players)
                for _ in range(40):
                    shared = {f.key: chooser.choice(SAMPLES) for f in form.shared}
                    entries = [{f.key: chooser.choice(SAMPLES) for f in form.per_player} for _ in range(players)]
                    evaluation = evaluate(form, labels, shared, entries)
                    assert (evaluation.result is None) == bool(evaluation.errors)
                    if evaluation.result and evaluation.result.scores:
                        assert evaluation.result.winners
                        assert all(row[0] for row in evaluation.result.rows)


def progress_text(sheet) -> str:
    return sheet_words()(progress_said(sheet))


def test_blank_sheets_evaluate_and_report_progress():
    for game in GAME_IDS:
        module = assistant_for(game)
        players = module.PLAYER_COUNTS[0]
        checklist = new_checklist(game, players, seed=1)
        total = len(module.setup_checklist(players, 1).steps)
        assert progress_text(checklist) == f"0/{total} steps"
        checklist["ticked"] = [module.setup_checklist(players, 1).steps[0].id]
        assert progress_text(checklist) == f"1/{total} steps"
        for form in module.FORMS:
            sheet = new_form(game, form.id, players)
            assert progress_text(sheet) in ("open", f"{'/'.join(module.player_labels(players))} 0")
