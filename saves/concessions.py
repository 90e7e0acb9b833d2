"""Games people stop playing: a seat handed to a bot mid-game (its player conceded, or vanished
and the game's creator or the host handed it on) and a game ended before its rules end it (a
concession left one human, or the two players of a two-player game agreed on a draw).

All of it is the save's header (``SaveHeader.seat_changes``, ``.ending``), never its action log:
the engine knows nothing of it, a replay of the moves is unchanged, and a save from before reads
as one with none. A changed seat's ``Seat.kind`` is the bot's from then on, so the terminal that
runs the game's bots plays it; who sat there before is a human (only a human seat changes).

The final ranking (``standings``): conceded seats are last, the latest to concede first (the
first to give up is the very last); a game a concession ended puts the last human first (the
others gave up to them), then the seats bots played from the start, by the game's own ranking as
the game stood; an agreed draw (offered by one player of a two-player game, accepted by the other:
``DrawOffer``) shares the first place and has no winner. A seat handed on after its player vanished
is played by its bot to the end and ranked by its points like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots import BOTS
from engine.core.seats import seat_tag
from engine.core.text import SaidError, Say, said_to_json

CONCEDED, ABANDONED, DRAW = "conceded", "abandoned", "draw"
WHY = (CONCEDED, ABANDONED)
"""Why a seat went to a bot."""
ENDINGS = (CONCEDED, DRAW)
"""Why a game ended before its rules ended it."""
TAKE_OVER = "normal"
"""The bot that plays a conceded seat on (the creator or host may choose another for a vanished player's)."""
LONGEST_TIME = 40


class ChangeFormatError(SaidError, ValueError):
    """A seat change or an ending that is not one (the message says which field)."""


@dataclass(frozen=True)
class SeatChange:
    seat: int
    kind: str
    """The bot that plays the seat from then on (engine.bots.BOTS)."""
    why: str
    """CONCEDED or ABANDONED."""
    at: int
    """How many actions the game had: the bot plays from move ``at + 1`` on."""
    log: int
    """How many log entries the game had then (where the table's log says it)."""
    when: str
    """ISO 8601 time."""


@dataclass(frozen=True)
class Ending:
    why: str
    """CONCEDED (one human left) or DRAW (agreed)."""
    at: int
    when: str


def _whole(data: dict[str, Any], key: str, where: Say) -> int:
    value = data.get(key)
    if type(value) is not int or not 0 <= value <= 10_000_000:
        raise ChangeFormatError(Say("{where:said}: {key} is not a count", where=said_to_json(where), key=repr(key)))
    return value


def _time(data: dict[str, Any], where: Say) -> str:
    value = data.get("when")
    if type(value) is not str or len(value) > LONGEST_TIME:
        raise ChangeFormatError(Say("{where:said}: 'when' is not a time", where=said_to_json(where)))
    return value


def seat_changes_from(data: Any, kinds: Sequence[str]) -> list[SeatChange]:
    """A save's ``seat_changes`` checked against its seats' kinds (each changed seat once, now
    played by the bot the change names)."""
    if type(data) is not list or len(data) > len(kinds):
        raise ChangeFormatError(Say("field 'seat_changes' is not a list of the game's seats"))
    changes, seen = [], set()
    for index, item in enumerate(data):
        where = Say("seat change {index}", index=index)
        if type(item) is not dict or set(item) != {"seat", "kind", "why", "at", "log", "when"}:
            raise ChangeFormatError(Say("seat change {index} is not a seat change", index=index))
        seat = item["seat"]
        if type(seat) is not int or not 0 <= seat < len(kinds) or seat in seen:
            raise ChangeFormatError(Say("seat change {index}: 'seat' is not one of the game's seats, once",
                                        index=index))
        if item["kind"] not in BOTS or kinds[seat] != item["kind"]:
            raise ChangeFormatError(Say("seat change {index}: 'kind' is not the bot that plays seat {seat}",
                                        index=index, seat=seat_tag(seat)))
        if item["why"] not in WHY:
            raise ChangeFormatError(Say("seat change {index}: 'why' is not one of {whys}", index=index,
                                        whys=", ".join(WHY)))
        seen.add(seat)
        changes.append(SeatChange(seat, item["kind"], item["why"], _whole(item, "at", where),
                                  _whole(item, "log", where), _time(item, where)))
    return changes


def ending_from(data: Any) -> Ending | None:
    if data is None:
        return None
    if type(data) is not dict or set(data) != {"why", "at", "when"} or data["why"] not in ENDINGS:
        raise ChangeFormatError(Say("field 'ending' is not an ending"))
    where = Say("the ending")
    return Ending(data["why"], _whole(data, "at", where), _time(data, where))


@dataclass(frozen=True)
class DrawOffer:
    """A player of a two-player game offers a draw; it stands until the other answers or a move
    is made (any write of a move clears it)."""

    seat: int
    at: int
    when: str


def draw_offer_from(data: Any, seats: int) -> DrawOffer | None:
    if data is None:
        return None
    if type(data) is not dict or set(data) != {"seat", "at", "when"} or type(data["seat"]) is not int \
            or not 0 <= data["seat"] < seats or seats != 2:
        raise ChangeFormatError(Say("field 'draw_offer' is not a draw offer of a seat of a two-player game"))
    where = Say("the draw offer")
    return DrawOffer(data["seat"], _whole(data, "at", where), _time(data, where))


def humans_left(kinds: Sequence[str], seat: int) -> list[int]:
    """The human seats still playing once ``seat`` has gone to a bot."""
    return [other for other, kind in enumerate(kinds) if kind == "human" and other != seat]


def ends_game(kinds: Sequence[str], seat: int) -> bool:
    """Whether ``seat`` conceding ends the game: at most one human would be left."""
    return len(humans_left(kinds, seat)) <= 1


def standings(ranking: Sequence[tuple[int, list[int]]], changes: Sequence[SeatChange], ending: Ending | None,
              kinds: Sequence[str]) -> list[tuple[int, list[int]]]:
    """The final places (as ``engine.core.scoring.ranking``) from the game's own ``ranking`` and
    the seats that left it (see the module's doc)."""
    seats = sorted(seat for _, tied in ranking for seat in tied)
    if ending is not None and ending.why == DRAW:
        return [(1, seats)]
    conceded = [change.seat for change in changes if change.why == CONCEDED]
    first = [seat for seat in seats if kinds[seat] == "human"] if ending is not None else []
    groups = [[seat] for seat in first]
    groups += [rest for _, tied in ranking if (rest := [s for s in tied if s not in conceded and s not in first])]
    groups += [[seat] for seat in reversed(conceded)]
    places, place = [], 1
    for group in groups:
        places.append((place, group))
        place += len(group)
    return places


def outcome_of(seat: int, changes: Sequence[SeatChange], ending: Ending | None) -> str:
    """What the play records say of a seat's player: '' (played to the end), CONCEDED,
    ABANDONED (a bot took the seat over) or DRAW."""
    if ending is not None and ending.why == DRAW:
        return DRAW
    return next((change.why for change in changes if change.seat == seat), "")


def original_kinds(kinds: Sequence[str], changes: Sequence[SeatChange]) -> list[str]:
    """Each seat's kind when the game began (a changed seat was a human's)."""
    changed = {change.seat for change in changes}
    return ["human" if seat in changed else kind for seat, kind in enumerate(kinds)]

