"""``tabula review``: the post-game review of a finished game, for one seat or every seat: the
search's estimate of each decision from that seat's view (engine/search/review.py), kept beside
the game (saves/reviews.py) so that it is computed once."""

from __future__ import annotations

import argparse
import json
import os
from typing import TYPE_CHECKING, Any

from engine.core.seats import LETTERS, seat_tag
from engine.core.text import Said
from tui.cli.base import USAGE, command, data_dir, escape_controls, fail, output, say
from tui.i18n import _, current
from tui.text import clean

if TYPE_CHECKING:
    from rich.console import Console

    from engine.core.text import Words
    from engine.search.review import Estimate, Review, ReviewedMove
    from saves.store import SaveRecord

DROPS = 5
"""The largest drops listed per seat."""
SPARKS = "▁▂▃▄▅▆▇█"


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "review", _("the search's review of a finished game: each decision's estimated win "
                                         "chance, from what that seat could see, and the largest drops"), run_review)
    parser.add_argument("game", help=_("save id, or the start of one (see 'tabula saves list')"))
    parser.add_argument("--seat", metavar="SEAT",
                        help=_("review only this seat (a letter: A, B, ...; default: every seat)"))
    parser.add_argument("--level", choices=("normal", "hard"), default="normal",
                        help=_("how hard the search looks at each decision (default: normal)"))
    parser.add_argument("--json", action="store_true", help=_("print the review as JSON"))


def run_review(args: argparse.Namespace) -> int:
    from engine.core.match import Action
    from saves.reviews import keep_review, load_review
    from saves.session import replay_record
    from saves.store import SaveStore
    from tui.cli.saves import JoinError, find_game, parse_seat

    store = SaveStore(data_dir(args))
    try:
        record = find_game(store, args.game)
        seats = None if args.seat is None else [parse_seat(args.seat)]
    except JoinError as error:
        return fail(error, USAGE)
    if seats is not None and seats[0] >= len(record.seats):
        return fail(_("{title} has no seat {seat}").format(title=repr(record.title), seat=args.seat.strip().upper()),
                    USAGE)
    if record.status != "finished":
        return fail(_("{title} ({id}) is still being played: a review shows each seat what the search makes of what "
                      "that seat could see, so it waits until the game is over").format(title=repr(record.title),
                                                                                       id=record.id))
    match = replay_record(record)
    problems: list[Said] = []
    wanted = tuple(range(len(record.seats))) if seats is None else tuple(seats)
    review = load_review(store.data_dir, record.id, len(record.actions), args.level, problems)
    if review is None or not set(wanted) <= set(review.seats):
        try:
            review = computed(record, [Action.from_json(action) for action in record.actions], args.level, seats,
                              shown=not args.json)
        except KeyboardInterrupt:
            return fail(_("the review was stopped; nothing was kept"))
        keep_review(store.data_dir, record.id, review, problems)
    console = output()
    for problem in problems:
        say(console if not args.json else output_errors(), problem, _("Note:"), "bold yellow")
    if args.json:
        print(escape_controls(json.dumps(review_json(record, review, wanted, match.words), indent=1,
                                         ensure_ascii=False)))
    else:
        print_review(console, record, review, wanted, match.words_in(current()))
    return 0


def output_errors() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def computed(record: SaveRecord, actions: list[Any], level: str, seats: list[int] | None, shown: bool) -> Review:
    """The review searched with every core, with a progress bar and the time left on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from engine.registry import rules_for
    from engine.search.review import review_in_workers

    console = output() if shown else output_errors()
    names = [seat.name for seat in record.seats]
    jobs = os.cpu_count() or 1
    if not console.is_terminal:
        return review_in_workers(rules_for(record.game), names, record.options, record.seed, actions, level=level,
                                 seats=seats, jobs=jobs)
    with Progress(TextColumn(_("Reviewing")), BarColumn(), MofNCompleteColumn(), TextColumn(_("decisions,")),
                  TimeRemainingColumn(), TextColumn(_("remaining")), console=console, transient=True) as bar:
        task = bar.add_task("review", total=None)
        return review_in_workers(rules_for(record.game), names, record.options, record.seed, actions, level=level,
                                 seats=seats, jobs=jobs,
                                 progress=lambda done, total: bar.update(task, completed=done, total=total))


def percent(win: float) -> str:
    return f"{win:.0%}"


def drop_line(move: ReviewedMove, words: Words) -> str:
    """'Round 4: Harvest with a 1 — better was Council, 41% → 28%' (the move's number where the
    game has no rounds or epochs)."""
    where = move.chapter or _("move {n}").format(n=move.position)
    return _("{where}: {played} — better was {best}, {best_chance} → {chance}").format(
        where=where, played=move.played.said(words), best=move.best.said(words), best_chance=percent(move.best.win),
        chance=percent(move.played.win))


def sparkline(moves: list[ReviewedMove]) -> str:
    """The seat's estimated win chance before each of its decisions (the best move's), one
    character each from ▁ (0%) to █ (100%)."""
    return "".join(SPARKS[min(len(SPARKS) - 1, int(move.best.win * len(SPARKS)))] for move in moves)


def print_review(console: Console, record: SaveRecord, review: Review, seats: tuple[int, ...], words: Words) -> None:
    worlds = max((move.worlds for move in review.moves), default=0)
    say(console, _("Review of {title} ({id}) at the {level} level: each decision searched from what that seat could "
                   "see, up to {worlds} sampled worlds each").format(title=repr(record.title), id=record.id,
                                                                     level=_(review.level.title()), worlds=worlds))
    for seat in seats:
        moves = review.of_seat(seat)
        console.print()
        name = f"{seat_tag(seat)} {record.seats[seat].name}"
        if not moves:
            say(console, _("{name}: no decision with more than one choice").format(name=name))
            continue
        lowest = min(moves, key=lambda move: move.best.win)
        say(console, _("{name}: {n} decisions; win chance {first} at the first, {last} at the last, lowest {lowest} "
                       "({where})").format(name=name, n=len(moves), first=percent(moves[0].best.win),
                                           last=percent(moves[-1].best.win), lowest=percent(lowest.best.win),
                                           where=lowest.chapter or _("move {n}").format(n=lowest.position)),
            style="bold")
        print(clean(f"  {sparkline(moves)}", lines=False))
        drops = review.largest_drops(seat, DROPS)
        if not drops:
            say(console, "  " + _("every move was the search's choice, or as good"))
        for move in drops:
            print(clean(f"  {drop_line(move, words)}", lines=False))


def estimate_json(estimate: Estimate, words: Words) -> dict[str, Any]:
    return {"choice": estimate.choice, "label": estimate.said(words), "win": round(estimate.win, 4),
            "visits": estimate.visits}


def review_json(record: SaveRecord, review: Review, seats: tuple[int, ...], words: Words) -> dict[str, Any]:
    """The review as ``--json`` prints it: labels in words, win chances from 0 to 1."""
    return {"id": record.id, "title": record.title, "game": record.game, "level": review.level,
            "actions": review.actions,
            "seats": [{"seat": LETTERS[seat], "name": record.seats[seat].name,
                       "largest_drops": [move.action for move in review.largest_drops(seat, DROPS)],
                       "moves": [{"action": move.action, "position": move.position, "chapter": move.chapter,
                                  "played": estimate_json(move.played, words), "best": estimate_json(move.best, words),
                                  "alternatives": [estimate_json(each, words) for each in move.alternatives],
                                  "drop": round(move.drop, 4), "worlds": move.worlds}
                                 for move in review.of_seat(seat)]}
                      for seat in seats]}
