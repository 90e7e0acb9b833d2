"""The 2-player adjustments: conflict tile No.7 out, the herald card before each fate phase."""

from engine.core import CHANCE
from engine.thebai.constants import FACES
from engine.thebai.fate import plaza_space

from .helpers import choose, clear_city, ids, inject, new_match, put_die, put_tile

ONE, TWO = 0, 1


def test_rulebook_herald_example():
    match = new_match(2)
    clear_city(match)
    state = match.state
    # Column 2, left to right then top to bottom: B (1's hoplite 2), C (2's hoplite 1*), D (2's
    # citizen 3*), E (1's citizen 3*), F (1's citizen 2).
    put_die(match, "h1.2", ONE, "h", FACES.index("2"))
    put_die(match, "h3.2", TWO, "h", FACES.index("1*"))
    put_die(match, "h5.2", TWO, "c", FACES.index("3*"))
    put_die(match, "v2.2", ONE, "c", FACES.index("3*"))
    put_die(match, "v6.2", ONE, "c", FACES.index("2"))
    # Beside t3.3: the top space touches one tile, the right and bottom ones two, the left holds a die.
    for space in ("t3.3", "t3.4", "t4.3"):
        put_tile(match, space, "neutral-2")
    put_die(match, "h3.3", TWO, "c", 0)
    inject(match, {"step": "draw_herald"})
    match.choose(CHANCE, "herald-2")  # column 2, plaza beside t3.3
    assert state["city"]["dice"]["h1.2"][2] == FACES.index("2*")
    assert state["city"]["dice"]["h3.2"][2] == FACES.index("2")
    assert match.awaiting() == (TWO,)  # D reaches the council first...
    choose(match, "ascend")
    assert match.awaiting() == (ONE,)  # ...then E
    choose(match, "ascend")
    assert state["passage"][:2] == [[TWO, 5], [ONE, 5]]
    assert state["city"]["dice"]["v6.2"][2] == FACES.index("2*")
    assert state["city"]["plaza"] == ["h3.4"]  # G: right of the tile, first clockwise of the two-tile spaces


def test_no_plaza_without_a_free_space_touching_a_tile_and_no_die_on_a_plaza():
    match = new_match(2)
    clear_city(match)
    state = match.state
    put_tile(match, "t4.2", "neutral-2")
    assert plaza_space(state, "t2.2") is None
    assert plaza_space(state, "t3.2") == "v4.2"
    state["city"]["plaza"] = ["h4.2"]
    state["pool_c"][ONE] = [0, 0]
    inject(match, {"step": "turn_start", "seat": ONE})
    choose(match, "die:0")
    assert "city:h4.2" not in ids(match) and "city:h4.3" in ids(match)


def test_two_player_games_draw_a_herald_every_fate_phase_and_leave_no_7_out():
    match = new_match(2, seed=4)
    state = match.state
    assert "conflict-7" not in state["fate_left"]["omega"]
    heralds = len(state["heralds"])
    while state["round"] < 3:
        match.draw_all()
        seat = match.awaiting()[0]
        match.choose(seat, ids(match, seat)[-1])
    assert len(state["heralds"]) == heralds - 2
