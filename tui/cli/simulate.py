"""``tabula simulate``: complete games by bots, headless, each checked by a replay; its one
summary line is said without Rich, and its games are timed start-up included."""

from __future__ import annotations

import argparse
import gc
import json
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.cli.base import USAGE, bot_kind, bot_kinds, command, fail, output, say
from tui.i18n import _

if TYPE_CHECKING:
    from engine.core.contract import Rules


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = command(commands, "simulate", _("play complete games with bots, headless, and check each replays"),
                     run_simulate)
    parser.add_argument("game", help=_("game id, e.g. almadi"))
    parser.add_argument("--players", type=int, help=_("number of players (default: the game's minimum)"))
    parser.add_argument("--games", type=int, default=10, help=_("how many games (default 10)"))
    parser.add_argument("--seed", type=int, default=0, help=_("game i uses seed SEED+i (default 0)"))
    parser.add_argument("--bot", type=bot_kind, choices=bot_kinds(), default="random",
                        help=_("bot for every seat: random, greedy (or easy), normal or hard (the search bot)"))
    parser.add_argument("--max-decisions", type=int, default=100_000,
                        help=_("a game still running after this many decisions counts as an error"))


@dataclass
class GameRun:
    seed: int
    decisions: int = 0
    actions: list[dict[str, Any]] = field(default_factory=list)
    """The action log of a game that failed (for the report); empty for one that did not."""
    error: str = ""


def play_game(rules: Rules, players: int, seed: int, bot_kind: str, max_decisions: int) -> GameRun:
    """One game by bots to the end, then a replay of its log that must give the same state (every
    chance outcome drawn again from the seed, every choice applied again as it was played)."""
    from engine.bots import make_bot
    from engine.core.bots import play_out
    from engine.core.match import Match
    from engine.core.seats import seat_letter

    run, match = GameRun(seed), None
    names = [f"Bot {seat_letter(seat)}" for seat in range(players)]
    try:
        match = Match(rules, names, {}, seed)
        played = play_out(match, {seat: make_bot(bot_kind, f"{seed}:{seat}") for seat in range(players)}, max_decisions)
        run.decisions = len(played)
        replayed = Match.replay(rules, names, match.options, seed, match.actions, played)
        if replayed.state != match.state:
            raise RuntimeError("replaying the action log does not reproduce the final state")
    except Exception as error:  # a simulation reports every failure, whatever it is
        run.error = "".join(traceback.format_exception(error))
    if match is not None and run.error:
        run.actions = [action.to_json() for action in match.actions]
    return run


def run_simulate(args: argparse.Namespace) -> int:
    from engine.core.components import ComponentDataError
    from engine.registry import rules_for

    try:
        rules = rules_for(args.game)
        rules.data_version()  # loads the component data: a bad file of the user's is refused here
    except KeyError as error:
        return fail(error.args[0], USAGE)
    except ComponentDataError as error:
        return fail(error)
    players = args.players or rules.min_players
    if not rules.min_players <= players <= rules.max_players:
        return fail(f"{rules.title} is for {rules.min_players}-{rules.max_players} players, not {players}", USAGE)
    gc.freeze()  # what start-up loaded stays: the collector's full passes need not walk it after every game
    threshold = gc.get_threshold()
    gc.set_threshold(100_000, 50, 1000)  # a game's states are trees freed as they go, no cycles to hunt in them
    started = time.perf_counter()
    runs = [play_game(rules, players, args.seed + i, args.bot, args.max_decisions) for i in range(args.games)]
    seconds = time.perf_counter() - started
    gc.set_threshold(*threshold)
    failures = [run for run in runs if run.error]
    if failures:
        console = output()
        for run in failures:
            say(console, f"after {len(run.actions)} actions: {run.error.strip().splitlines()[-1]}",
                f"Game with seed {run.seed} failed", "bold red")
        from saves.storage import atomic_write_text

        report = Path.cwd() / f"simulate-failures-{args.seed}.json"
        atomic_write_text(report, json.dumps({
            "game": args.game, "players": players, "bot": args.bot,
            "failures": [{"seed": r.seed, "error": r.error, "actions": r.actions} for r in failures],
        }, indent=1))
        say(console, f"Seeds and action logs of the failing games: {report}")
    decisions = sum(run.decisions for run in runs)
    rate = len(runs) / seconds if seconds > 0 else 0.0
    print(f"games={len(runs)} errors={len(failures)} decisions={decisions} seconds={seconds:.2f} "
          f"games_per_s={rate:.2f}", flush=True)
    return 1 if failures else 0
