"""What a seat sees of Thebai (engine/thebai/view.py) and what the boards draw from it."""

import io

from rich.console import Console

from engine.i18n import language
from engine.thebai.choices import Die
from engine.thebai.targets import Supply
from tui.boards import board_for
from tui.boards.base import Frame

from .helpers import RULES, choose, ids, inject, new_match

GREEN, BLUE, PEACH, RED = 0, 1, 2, 3


def drawn(match, viewer) -> str:
    """Every panel the viewer is shown, as plain text."""
    console = Console(width=76, file=io.StringIO(), color_system=None)
    view = match.view(viewer)
    for panel in board_for("thebai").panels(len(match.names)):
        drawing = panel.draw(view, Frame(76, viewer))
        if drawing is not None:
            console.print(drawing)
    return console.file.getvalue()


def test_a_die_moved_from_the_passage_leaves_its_space_empty_while_the_next_one_moves():
    """After a conflict the passage's dice go to the monuments one by one: while the second
    waits for its seat's choice, the first has left (the board draws it so, and draws at all)."""
    match = new_match()
    state = match.state
    state["passage"][:2] = [[GREEN, 5], [BLUE, 5]]
    inject(match, {"step": "council_move"})
    choose(match, ids(match)[0])
    assert match.awaiting() == (BLUE,)
    council = RULES.view(state, BLUE)["council"]
    assert council["passage"][:2] == [None, {"seat": BLUE, "face": 5}]
    assert sum(piece["seat"] == GREEN for piece in council["taken"].values()) == 1
    assert " Passage 5 B " in drawn(match, BLUE)


def values(data) -> list:
    """Every plain value in a view, keys included."""
    if isinstance(data, dict):
        return [v for key, value in data.items() for v in [key, *values(value)]]
    if isinstance(data, list):
        return [v for item in data for v in values(item)]
    return [data]


def test_the_view_shows_only_the_viewers_hand_and_the_size_of_the_others():
    match = new_match()
    state = match.state
    secret = state["deck"].pop()  # drawn from the deck: only its owner knows it
    state["hand"][GREEN], state["known"][GREEN] = ["s1", secret], ["s1"]
    for viewer in (GREEN, BLUE, None):
        view = RULES.view(state, viewer)
        assert view["hand"] == (["s1", secret] if viewer == GREEN
                                else None if viewer is None else state["hand"][BLUE])
        green = view["seats"][GREEN]
        assert (green["hand_size"], green["known"], green["unseen"]) == (2, ["s1"], 1)
        assert secret not in values({key: value for key, value in view.items() if key != "hand"})


def test_a_game_over_is_its_empty_flow():
    match = new_match(players=2)
    assert RULES.view(match.state, None)["phase"] == "action"
    assert match.progress() == "round 1 of 10 (action)"
    assert match.progress(language("ja")) == "ラウンド1/10（アクション）"
    match.state["flow"] = []
    match.state_edited()
    assert match.finished and RULES.view(match.state, None)["phase"] == "over"
    assert (match.progress(), match.progress(language("ja"))) == ("game over", "ゲーム終了")


def test_a_choice_says_what_it_is_about_by_its_arguments():
    match = new_match()
    die = next(choice for choice in match.legal(match.awaiting()[0]) if isinstance(choice.args, Die))
    assert die.id == f"die:{die.args.face}" and die.target == Supply(match.awaiting()[0], "c")
