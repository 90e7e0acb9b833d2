"""``tabula join``: take a free seat of a saved game in this terminal, or watch it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.core.seats import seat_tag
from tui.cli.base import USAGE, command, data_dir, fail, language
from tui.cli.saves import HUMAN, JoinError, find_game, parse_seat
from tui.i18n import _
from tui.text import kind_name

if TYPE_CHECKING:
    from saves.seats import SeatLeases
    from saves.store import SaveRecord


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "join", _("take a free seat of a saved game in this terminal (or watch it)"), run_join)
    parser.add_argument("game", help=_("save id, or the start of one (see 'tabula saves list')"))
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", help=_("seat letter (A, B, ...) or number (1, 2, ...); default: the first free human "
                                      "seat"))
    who.add_argument("--watch", action="store_true", help=_("watch as a spectator: no seat, no private information"))


def seat_list(record: SaveRecord, free: list[int]) -> str:
    lines = []
    for seat, info in enumerate(record.seats):
        state = kind_name(info.kind) if info.kind != HUMAN else (
            "free" if seat in free else "held by another terminal")
        lines.append(f"  {seat_tag(seat)} {info.name}: {state}")
    return "\n".join(lines)


def choose_seat(record: SaveRecord, leases: SeatLeases, wanted: str | None) -> int:
    """The seat to take: the wanted one if it is a free human seat, else the first free one."""
    humans = [seat for seat, info in enumerate(record.seats) if info.kind == HUMAN]
    free = leases.free(humans)
    if wanted is None:
        if not free:
            raise JoinError(f"No free seat in {record.title!r}:\n{seat_list(record, free)}\nUse --watch to watch.")
        return free[0]
    seat = parse_seat(wanted)
    if seat not in humans:
        raise JoinError(f"Seat {wanted} is not a human seat of {record.title!r}:\n{seat_list(record, free)}")
    if seat not in free:
        raise JoinError(f"Seat {seat_tag(seat)} of {record.title!r} is taken:\n{seat_list(record, free)}")
    return seat


def run_join(args: argparse.Namespace) -> int:
    from saves.seats import SeatLeases
    from saves.session import unknown_game
    from saves.store import SaveStore
    from tui.app import TabulaApp  # Textual loads only when the app is wanted

    folder = data_dir(args)
    store = SaveStore(folder)
    try:
        record = find_game(store, args.game)
        seat = None if args.watch else choose_seat(record, SeatLeases(folder, record.id), args.seat)
    except JoinError as error:
        return fail(error, USAGE)
    unknown = unknown_game(record)
    if unknown is not None:
        return fail(unknown)
    app = TabulaApp(data_dir=folder, join=(record.id, seat), language=language(args))
    app.run()
    return app.return_code or 0
