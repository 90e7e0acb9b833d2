"""The run-time check of a view against its declared type finds what does not fit."""

from typing import (
    Literal,  # no __future__ annotations: a TypedDict reads NotRequired when made
    NotRequired,
)

from typing_extensions import TypedDict

from tests.contract.typed import problems


class Seat(TypedDict):
    name: str
    coins: int
    hand: NotRequired[list[str]]


class View(TypedDict):
    seats: list[Seat]
    phase: Literal["play", "score"]
    winner: int | None


def test_a_view_that_fits_its_type_has_no_problems():
    view = {"seats": [{"name": "Ann", "coins": 3, "hand": ["c1"]}, {"name": "Bo", "coins": 0}],
            "phase": "play", "winner": None}
    assert problems(view, View) == []


def test_an_undeclared_field_a_missing_one_and_a_wrong_value_are_named():
    view = {"seats": [{"name": "Ann", "coins": True, "deck": ["c9"]}], "phase": "over", "winner": "Ann"}
    assert sorted(problems(view, View)) == [
        "view.phase: 'over' is not one of ('play', 'score')",
        "view.seats[0].coins: a bool, not an int",
        "view.seats[0].deck: not declared in Seat",
        "view.winner: str, not a int",
    ]
    assert problems({"phase": "play", "winner": 1}, View) == ["view.seats: missing"]
