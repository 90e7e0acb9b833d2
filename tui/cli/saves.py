"""``tabula saves``: list, export, import and verify saved games; and ``saves seats``, the
host's view of who holds and who owns the seats of a game."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.seats import LETTERS, seat_tag
from tui.cli.base import (
    USAGE,
    collector_paused,
    command,
    data_dir,
    escape_controls,
    fail,
    output,
    print_columns,
    read_named_file,
    say,
)
from tui.i18n import N_, _, spoken
from tui.text import bot_mark, clean, kind_name, short_time

if TYPE_CHECKING:  # the saves load when a command runs, not for every command line
    from rich.console import Console

    from saves.store import SaveRecord, SaveStore, SaveSummary

HUMAN = "human"


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "saves", _("list, export, import and verify saved games"), run_saves_list)
    saves = parser.add_subparsers(title=_("saves commands"), metavar="ACTION")
    listed = command(saves, "list", _("list saved games, most recently played first"), run_saves_list)
    listed.add_argument("--json", action="store_true",
                        help=_("print the games as JSON, each with the seats to move and since when"))
    listed.add_argument("--mine", metavar="KEY_FINGERPRINT",
                        help=_("only the games where that player's key owns a seat, those waiting longest for their "
                             "move first (as Resume's Mine view lists them)"))
    export = command(saves, "export", _("write a saved game as JSON"), run_saves_export)
    export.add_argument("id", help=_("save id (see 'tabula saves list')"))
    export.add_argument("-o", "--output", metavar="FILE", help=_("write to FILE instead of standard output"))
    imported = command(saves, "import", _("add a saved game from an exported JSON file"), run_saves_import)
    imported.add_argument("file", help=_("JSON file written by 'tabula saves export'"))
    imported.add_argument("--as-copy", action="store_true",
                          help=_("import a game that is already saved here as a further copy, titled '... (copy)'"))
    command(saves, "verify", _("replay every saved game and report any that does not reproduce"), run_saves_verify)
    add_seats(saves)
    talk = command(saves, "talk", _("show a game's table talk; delete a message"), run_saves_talk)
    talk.add_argument("game", help=_("save id, or the start of one (see 'tabula saves list')"))
    talk.add_argument("--delete", metavar="N", type=int, help=_("delete message N (its number in the list)"))


LIST_HEADINGS = (N_("id"), N_("game"), N_("title"), N_("seats"), N_("progress"), N_("status"), N_("to move"),
                 N_("since"))
"""The columns of ``saves list``; title, seats and progress are cut to fit a narrow terminal."""
TALK_HEADINGS = (N_("n"), N_("time"), N_("name"), N_("message"))

CHANGE_REASONS = {"conceded": N_("conceded"), "abandoned": N_("abandoned")}
"""Why a bot plays a seat (saves.concessions.SeatChange.why) as ``saves seats`` writes it."""

STATUSES = {"active": N_("active"), "finished": N_("finished")}
"""A save's status as ``saves list`` writes it (an unknown one as it is)."""


def report_problems(console: Console, store: SaveStore) -> None:
    for problem in store.problems:
        say(console, problem, _("Note:"), "bold yellow")


@collector_paused()
def run_saves_list(args: argparse.Namespace) -> int:
    from engine.registry import title_of
    from saves.store import SaveStore
    from tui.progress import progress_words

    store = SaveStore(data_dir(args))
    records = store.summaries()
    if store.problems:  # Rich loads to say them (or for a terminal), not to print a list into a pipe
        report_problems(output(), store)
    mine = getattr(args, "mine", None)
    if mine is not None:
        from saves.mine import my_games  # its seats' keys cost an import a plain listing does not need
        records = [game.summary for game in my_games(records, store.data_dir, mine)]
    if getattr(args, "json", False):
        print(json.dumps([game_json(record, title_of(record.game)) for record in records], indent=1))
        return 0
    if not records:
        empty = _("No saved games in {folder} for that key") if mine is not None else _("No saved games in {folder}")
        say(output(), empty.format(folder=store.data_dir))
        return 0
    # a few seat kinds and statuses in thousands of rows: each worded once
    marks = {kind: bot_mark(kind) for kind in {seat.kind for record in records for seat in record.seats}}
    statuses = {said: status_text(*said) for said in {(record.status, record.seed_chosen) for record in records}}
    rows = []
    for record in records:
        cells = [record.id, title_of(record.game), record.title,
                 ", ".join([seat.name + marks[seat.kind] for seat in record.seats]), progress_words(record),
                 statuses[record.status, record.seed_chosen], to_move_text(record), short_time(record.updated)]
        rows.append(cells if "".join(cells).isprintable() else [clean(cell, lines=False) for cell in cells])
    headings = [_(heading) for heading in LIST_HEADINGS]
    print_columns(headings, rows, shrink=(headings[2], headings[3], headings[4]))
    return 0


def status_text(status: str, seed_chosen: bool) -> str:
    """A save's status as ``saves list`` writes it."""
    said = _(STATUSES.get(status, status))
    return _("{status}, seed chosen").format(status=said) if seed_chosen else said


def to_move_text(record: SaveSummary) -> str:
    """The seats the game waits for, by letter ("?" for a save from before Tabula noted them)."""
    if record.status != "active":
        return ""
    return "?" if record.to_move is None else " ".join(seat_tag(seat) for seat in record.to_move)


def game_json(record: SaveSummary, game_title: str) -> dict[str, object]:
    """A game of ``saves list --json``: ``to_move`` is null for a save from before Tabula noted
    it, and empty once the game is over; ``since`` is when its last move was made."""
    waiting = record.to_move if record.status == "active" else []
    return {"id": record.id, "game": record.game, "game_title": game_title, "title": record.title,
            "status": record.status, "progress": record.progress,
            "seats": [{"seat": LETTERS[index], "name": seat.name, "kind": seat.kind}
                      for index, seat in enumerate(record.seats)],
            "to_move": None if waiting is None else [{"seat": LETTERS[index], "name": record.seats[index].name}
                                                     for index in waiting],
            "since": record.updated, "created": record.created, "moves": record.moves}


def run_saves_export(args: argparse.Namespace) -> int:
    from saves.storage import atomic_write_text
    from saves.store import SaveStore

    text = json.dumps(SaveStore(data_dir(args)).export(args.id), indent=1, ensure_ascii=False)
    if args.output:
        atomic_write_text(Path(args.output), text + "\n")
        say(output(), _("Exported {id} to {file}").format(id=args.id, file=args.output))
    else:
        print(escape_controls(text))
    return 0


def run_saves_import(args: argparse.Namespace) -> int:
    from saves.session import replay_record
    from saves.storage import MAX_DOCUMENT, UnreadableFile, parse_json
    from saves.store import SaveStore, record_from_dict

    raw = read_named_file(args.file, MAX_DOCUMENT)
    if isinstance(raw, int):
        return raw
    try:
        data = parse_json(raw)
    except UnreadableFile as error:
        return fail(_("{file} cannot be used: {error}").format(file=args.file, error=spoken(error)))
    replay_record(record_from_dict(data))  # refuse what would not load
    store = SaveStore(data_dir(args))
    record = store.import_(data, as_copy=args.as_copy)
    console = output()
    report_problems(console, store)
    say(console, _("Imported {title!r} as {id}").format(title=record.title, id=record.id))
    return 0


def run_saves_verify(args: argparse.Namespace) -> int:
    from saves.session import SaveDoesNotReplay, replay_record
    from saves.store import SaveStore

    console, store = output(), SaveStore(data_dir(args))
    checked = failed = 0
    for record in store.saved_games():
        checked += 1
        try:
            replay_record(record)
        except SaveDoesNotReplay as error:
            failed += 1
            say(console, error, _("Does not replay:"), "bold red")
    report_problems(console, store)
    say(console, _("{replayed} of {checked} saved games replay; {failed} do not; {unusable} files could not be used")
        .format(replayed=checked - failed, checked=checked, failed=failed, unusable=len(store.problems)))
    return 1 if failed or store.problems else 0


def add_seats(saves: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(saves, "seats", _("who holds and who owns the seats of a game; free a seat; allow hot-seat "
                                         "over SSH"), run_saves_seats)
    parser.add_argument("game", help=_("save id, or the start of one (see 'tabula saves list')"))
    parser.add_argument("--free", metavar="SEAT",
                        help=_("free a seat that belongs to an SSH player (letter or number)"))
    parser.add_argument("--hot-seat", choices=("on", "off"),
                        help=_("let one SSH terminal play several seats of this game (off unless turned on)"))
    parser.add_argument("--to-bot", metavar="SEAT",
                        help=_("a bot plays this seat from now on: its player has vanished (not at the table now)"))
    parser.add_argument("--bot", choices=("greedy", "normal", "hard"), default="normal",
                        help=_("the bot --to-bot hands the seat to (greedy is the Easy level; default: normal)"))


def run_saves_seats(args: argparse.Namespace) -> int:
    from saves.seats import SeatLeases
    from saves.store import SaveStore

    folder = data_dir(args)
    store = SaveStore(folder)
    try:
        record = find_game(store, args.game)
        seat = None if args.free is None else parse_seat(args.free)
        to_bot = None if args.to_bot is None else parse_seat(args.to_bot)
    except JoinError as error:
        return fail(error, USAGE)
    leases = SeatLeases(folder, record.id)
    if seat is not None and not leases.give_up(seat, None):
        return fail(_("seat {seat} of {title!r} belongs to no one").format(seat=args.free, title=record.title))
    if args.hot_seat:
        leases.allow_hot_seat(args.hot_seat == "on")
    if to_bot is not None:
        refused = hand_to_bot(store, record, to_bot, args.bot)
        if refused:
            return fail(refused)
        record = store.load(record.id)
    held, owners = leases.live(), leases.owners()
    hot_seat = _("{title!r} ({id}); hot-seat over SSH: allowed") if leases.hot_seat else _(
        "{title!r} ({id}); hot-seat over SSH: not allowed")
    lines = [hot_seat.format(title=record.title, id=record.id)]
    if leases.creator:
        lines.append(_("  created over SSH by key {key}").format(key=leases.creator))
    changes = {change.seat: change for change in record.seat_changes}
    for number, info in enumerate(record.seats):
        kind = kind_name(info.kind).lower()
        state = kind if info.kind != HUMAN else _("playing now") if str(number) in held else _("free")
        if number in changes:
            change = changes[number]
            why = _(CHANGE_REASONS[change.why]) if change.why in CHANGE_REASONS else change.why
            state = _("{bot} since {when} ({why})").format(bot=kind, when=short_time(change.when), why=why)
        owner = _(", belongs to key {key}").format(key=owners[number]) if number in owners else ""
        lines.append(_("  {seat} {name}: {state}{owner}").format(seat=seat_tag(number), name=info.name, state=state,
                                                                 owner=owner))
    print(clean("\n".join(lines)))
    return 0


def hand_to_bot(store: SaveStore, record: SaveRecord, seat: int, kind: str) -> str:
    """Hand a seat whose player has vanished to a bot (saves.session.GameSession.hand_to_bot) and
    wake the game's tables; why not, or ''."""
    from engine.core.contract import IllegalChoice
    from saves.seats import SeatLeases
    from saves.session import GameSession, SaveDoesNotReplay
    from saves.store import SaveConflict
    from saves.watch import ring

    if not 0 <= seat < len(record.seats) or record.seats[seat].kind != HUMAN:
        return _("seat {seat} of {title!r} is not a human's seat").format(
            seat=LETTERS[seat] if seat < len(LETTERS) else seat + 1, title=record.title)
    if SeatLeases(store.data_dir, record.id).holder_of(seat) is not None:
        return _("{name} is at the table now: only a vanished player's seat is handed to a bot").format(
            name=record.seats[seat].name)
    try:
        GameSession.resume(store, record.id).hand_to_bot(seat, kind)
    except (IllegalChoice, SaveConflict, SaveDoesNotReplay) as error:
        return spoken(error)
    ring(store.data_dir, record.id)
    print(clean(_("{name}'s seat ({seat}) of {title!r} is played by the {bot} from now on").format(
        name=record.seats[seat].name, seat=seat_tag(seat), title=record.title, bot=kind_name(kind).lower()),
        lines=False))
    return ""


def run_saves_talk(args: argparse.Namespace) -> int:
    from saves.store import SaveStore
    from saves.watch import ring

    folder = data_dir(args)
    store = SaveStore(folder)
    try:
        record = find_game(store, args.game)
    except JoinError as error:
        return fail(error, USAGE)
    talk = store.talk(record.id)
    console = output()
    if args.delete is not None:
        try:
            gone = talk.delete(args.delete)
        except LookupError as error:
            return fail(error)
        ring(folder, record.id)  # the tables open on the game show the talk without it
        print(clean(_("Deleted message {number} of {title!r}: {name}: {text}").format(
            number=gone.number, title=record.title, name=gone.name, text=gone.text), lines=False))
        return 0
    messages = talk.messages()
    if talk.problem:
        say(console, talk.problem, _("Note:"), "bold yellow")
    if not messages:
        say(console, _("No table talk in {title!r} ({id})").format(title=record.title, id=record.id))
        return 0
    headings = [_(heading) for heading in TALK_HEADINGS]
    print_columns(headings, [[clean(cell, lines=False) for cell in (str(message.number), short_time(message.at),
                                                                    message.name, message.text)]
                             for message in messages], shrink=(headings[3],))
    return 0


class JoinError(Exception):
    """Why this terminal cannot join, worded for the player."""


def find_game(store: SaveStore, text: str) -> SaveRecord:
    from saves.store import SaveNotFound

    try:
        return store.load(text)
    except SaveNotFound:
        pass
    matches = [record for record in store.summaries() if record.id.startswith(text)]
    if len(matches) == 1:
        return store.load(matches[0].id)
    if matches:
        raise JoinError(_("{text!r} could be {ids}: give more of the id").format(
            text=text, ids=", ".join(r.id for r in matches)))
    raise JoinError(_("No saved game {text!r} (see 'tabula saves list')").format(text=text))


def parse_seat(text: str) -> int:
    text = text.strip().upper()
    if text in LETTERS:
        return LETTERS.index(text)
    if text.isdigit() and int(text) >= 1:
        return int(text) - 1
    raise JoinError(_("{text!r} is not a seat: give a letter (A, B, ...) or a number (1, 2, ...)").format(text=text))
