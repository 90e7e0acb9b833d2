"""What one seat may see: the whole board, both mats with their scores, its own combat cards only.

The other side's hand shows as a count, and its choice in a battle exchange only as
'chosen' until both sides have chosen and the cards are revealed together. Each side's score
is worked out by the rules (engine/polis/scoring.py): what it would score if the game ended
now, its final score once it has; a board only draws it.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .catalog import catalog
from .scoring import score_of
from .text import SIDE_NAMES, SIDES

State = dict[str, Any]


class Resources(TypedDict):
    wheat: int
    silver: int
    wood: int
    metal: int
    oil: int
    wine: int


class SideScore(TypedDict):
    """The score sheet of a side: if the game ended now, or its final score once it has."""

    population: int
    """Citizens in all its poleis."""
    prestige: int
    projects: int
    """End-of-game prestige of the projects completed in its poleis."""
    total: int


class SideView(TypedDict):
    """A side's mat and pieces off the map."""

    side: Literal["athens", "sparta"]
    title: str
    """'Athens' or 'Sparta'."""
    name: str
    """The player's name."""
    res: Resources
    prestige: int
    supply: int
    """Cubes in the supply."""
    merchants: int
    """Merchant ships in port."""
    proxenos: str
    """The polis where its proxenos stands."""
    held: bool
    """Its proxenos is held prisoner."""
    hand_size: int
    passed: bool
    hand: list[str] | None
    """Its combat cards: the viewer's own only (None for the others)."""
    poleis: int
    """How many poleis it holds."""
    score: SideScore


class RetreatChosen(TypedDict):
    retreat: str
    """The area the side's units retreat to."""


class ExchangeView(TypedDict):
    """The last exchange of a battle, revealed."""

    attack: list[str]
    defence: list[str]
    lost: int
    """Units the defender lost."""
    gain: int
    """Prestige the attacker gained."""
    attacker: int


class BattleView(TypedDict):
    area: str
    attacker: int
    """The side attacking in this exchange."""
    last: ExchangeView | None
    chosen: list[bool]
    """Which sides have chosen their play (not what)."""
    mine: list[str] | RetreatChosen | None
    """The viewer's own play in this exchange, once chosen (None for a spectator)."""


class PolisView(TypedDict):
    round: int
    label: str
    """The round's label on the board: '#3', '#4', '#5a', '#5b'."""
    cap: int
    """Units a side may have in an area this round."""
    spaces: int
    """Market spaces usable this round."""
    first: int
    """The side that started the round."""
    sides: list[SideView]
    owner: dict[str, int | None]
    """Each polis's owner (None: neutral)."""
    pop: dict[str, int]
    units: dict[str, list[int]]
    """Each area's units, by side."""
    slots: dict[str, list[int | None]]
    """Each market's shipload spaces: the side whose ship is there, or None."""
    prices: dict[str, int]
    """Each market's position on its price track."""
    closed: list[str]
    """Markets closed this round."""
    offer: list[str]
    """Project tiles on offer."""
    building: dict[str, str]
    """The project under way in a polis."""
    built: dict[str, list[str]]
    """The projects completed in a polis."""
    tribute: list[str]
    """Regions whose tribute was collected this round."""
    event: str | None
    events_left: list[int]
    projects_left: int
    deck: int
    """Combat cards in the deck."""
    battle: BattleView | None
    end: list[str]
    """Why the game ended (empty while it goes on)."""


def side_view(state: State, seat: int, viewer: int | None) -> SideView:
    score = score_of(state, seat).breakdown
    return {
        "side": "athens" if seat == 0 else "sparta", "title": SIDE_NAMES[seat], "name": state["names"][seat],
        "res": resources(state["res"][seat]), "prestige": state["prestige"][seat], "supply": state["supply"][seat],
        "merchants": state["merchants"][seat], "proxenos": state["proxenos"][seat], "held": state["held"][seat],
        "hand_size": len(state["hands"][seat]), "passed": state["passed"][seat],
        "hand": list(state["hands"][seat]) if seat == viewer else None,
        "poleis": sum(1 for owner in state["owner"].values() if owner == seat),
        "score": {"population": score["Population"], "prestige": score["Prestige"], "projects": score["Projects"],
                  "total": sum(score.values())},
    }


def resources(res: dict[str, int]) -> Resources:
    return {"wheat": res["wheat"], "silver": res["silver"], "wood": res["wood"], "metal": res["metal"],
            "oil": res["oil"], "wine": res["wine"]}


def battle_view(state: State, viewer: int | None) -> BattleView | None:
    battle = state["battle"]
    if battle is None:
        return None
    played = battle["played"]
    mine = played[viewer] if viewer is not None else None
    last = battle["last"]
    return {
        "area": battle["area"], "attacker": battle["attacker"],
        "last": {"attack": list(last["attack"]), "defence": list(last["defence"]), "lost": last["lost"],
                 "gain": last["gain"], "attacker": last["attacker"]} if last is not None else None,
        "chosen": [played[0] is not None, played[1] is not None],
        "mine": list(mine) if isinstance(mine, list) else {"retreat": mine["retreat"]} if mine is not None else None,
    }


def view(state: State, viewer: int | None) -> PolisView:
    """What ``viewer`` (None: a spectator) may see."""
    round_record = catalog().rounds[state["round"] - 1]
    return {
        "round": state["round"], "label": round_record["label"], "cap": round_record["cap"],
        "spaces": round_record["spaces"], "first": state["first"],
        "sides": [side_view(state, seat, viewer) for seat in range(len(SIDES))],
        "owner": dict(state["owner"]), "pop": dict(state["pop"]),
        "units": {a: list(u) for a, u in state["units"].items()},
        "slots": {m: list(s) for m, s in state["slots"].items()}, "prices": dict(state["prices"]),
        "closed": list(state["closed"]), "offer": list(state["offer"]),
        "building": dict(state["building"]), "built": {p: list(t) for p, t in state["built"].items()},
        "tribute": list(state["tribute"]), "event": state["event"],
        "events_left": [len(deck) for deck in state["events"]], "projects_left": len(state["stack"]),
        "deck": len(state["deck"]), "battle": battle_view(state, viewer), "end": list(state["end"]),
    }
