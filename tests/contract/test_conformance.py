"""The engine contract, proven for every registered game (and the test toy) by random play.

Each test plays random games in every configuration (every player count, every option value)
and checks one promise of the contract at the positions met along the way.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console
from rich.measure import Measurement

from engine.core.bots import GreedyBot, RandomBot, play_out
from engine.core.contract import CHANCE, IllegalChoice
from engine.core.match import Match
from engine.core.replay import Replay
from engine.core.state import copy_state
from tui.boards import board_for
from tui.boards.base import Frame, focus
from tui.boards.glyphs import Ledger
from tui.help_text import load_sections

from .playouts import configurations, plain, positions, sampled, viewers
from .typed import problems

PANEL_WIDTH = 76
"""The inside of a board panel on an 80-column terminal."""


def test_state_is_plain_json_at_every_step_and_play_goes_on_from_the_round_trip(game):
    for players, options in configurations(game.rules):
        for match in positions(game.rules, players, options, seed=1):
            text = json.dumps(match.state)
            copy = json.loads(text)
            assert copy == match.state
            if match.finished:
                assert game.rules.decision(copy) is None
                continue
            again = game.rules.decision(copy)
            assert again.actors == match.decision.actors
            for actor in again.actors:
                assert again.for_actor(actor) == match.decision.for_actor(actor)


def test_replay_reproduces_state_and_log(game):
    for players, options in configurations(game.rules):
        *_, end = positions(game.rules, players, options, seed=2)
        again = Match.replay(game.rules, end.names, end.options, end.seed, end.actions)
        assert plain(again.state) == plain(end.state)
        for viewer in viewers(end):
            assert again.view(viewer)["log"] == end.view(viewer)["log"]


def test_a_replay_shows_every_position_as_each_view_saw_it(game):
    """Stepping through a saved game (forwards, then backwards) shows each seat and the
    spectator what they saw at that moment: the same redacted view and log, nothing more."""
    for players, options in configurations(game.rules)[:2]:
        match = Match(game.rules, [f"P{n}" for n in range(players)], options, 3)
        match.draw_all()
        seen, pick = [], random.Random(3)
        while True:
            seen.append({viewer: plain({**match.view(viewer, choices=False), "log_new": 0})
                         for viewer in viewers(match)})
            if match.finished or len(seen) == 40:
                break
            seat = pick.choice(match.awaiting())
            match.choose(seat, pick.choice(match.legal(seat)).id)
            match.draw_all()
        replay = Replay(game.rules, match.names, match.options, match.seed, match.actions)
        assert replay.last == len(seen) - 1
        for position in [*range(len(seen)), *reversed(range(len(seen)))]:
            for viewer in viewers(match):
                replayed = plain({**replay.view(position, viewer), "log_new": 0})
                assert replayed == seen[position][viewer], (position, viewer)
        starts = [chapter.position for chapter in replay.chapters]
        assert starts[0] == 0 and starts == sorted(set(starts))


def test_an_illegal_choice_changes_nothing(game):
    for match, _ in sampled(game.rules, every=7, seeds=range(1)):
        decision = match.decision
        if decision is None:
            with pytest.raises(IllegalChoice):
                match.choose(0, "anything")
            continue
        before, actions = plain(match.state), list(match.actions)
        actor = decision.actors[0]
        outsider = next((seat for seat in range(len(match.names)) if seat not in decision.actors), None)
        attempts = [(actor, "no such choice"), (99, "x"), (-5, "x"), (10**30, "x")]
        if outsider is not None:
            attempts.append((outsider, decision.for_actor(actor)[0].id))
        if not decision.is_chance:
            attempts.append((CHANCE, "x"))
        for who, choice_id in attempts:
            with pytest.raises(IllegalChoice):
                match.choose(who, choice_id)
            assert plain(match.state) == before and match.actions == actions
        if not decision.is_chance:
            with pytest.raises(IllegalChoice):
                match.draw()
            assert plain(match.state) == before


def test_determinize_keeps_the_view_hides_the_rest_and_reseeds(game):
    rules = game.rules
    for match, index in sampled(rules, every=5):
        for viewer in viewers(match):
            sample = rules.determinize(match.state, viewer, f"seed {index}")
            assert rules.view(sample, viewer) == rules.view(match.state, viewer), f"the view of {viewer} changed"
            assert sample["rng"] != match.state["rng"], "a determinized state must not foresee the real draws"
            assert sample.get("log") is None
            again = rules.determinize(sample, viewer, "another seed")
            assert plain(again) == plain(rules.determinize(match.state, viewer, "another seed")), (
                "determinize must depend only on what the viewer sees")
            if match.decision is not None and viewer in match.decision.actors:
                decision = rules.decision(sample)
                assert decision.for_actor(viewer) == match.decision.for_actor(viewer)


def test_a_seat_never_reads_another_seats_secrets(game):
    """Views of states that differ only in what a seat may not know are identical, and so are
    the labels, hints and prompt of its choices."""
    rules = game.rules
    for match, index in sampled(rules, every=9):
        for viewer in range(len(match.names)):
            other = Match.__new__(Match)
            other.__dict__.update(match.__dict__)
            other.state = rules.determinize(match.state, viewer, index)
            other.state["log"] = match.state["log"]
            other.state_edited()
            mine, theirs = match.view(viewer), other.view(viewer)
            assert plain(mine) == plain(theirs)


def test_private_information_is_declared_and_resampled_for_the_others(game):
    """A seat has private information exactly when its board's private panels draw something,
    and a seat's private information is sampled anew (at some point of the game) when another
    seat determinizes: the view tests above then prove nobody else can read it."""
    rules, board = game.rules, board_for(game.id)
    secret_seats, resampled = set(), set()
    for match, index in sampled(rules, every=6, seeds=range(1)):
        for seat in range(len(match.names)):
            view = rules.view(match.state, seat)
            private = rules.has_private(match.state, seat)
            assert match.has_private(seat) == private
            for panel in board.panels(len(match.names)):
                if panel.private:
                    drawn = panel.draw(match.view(seat), Frame(PANEL_WIDTH, seat))
                    assert (drawn is not None) == private, f"{panel.name} of seat {seat} disagrees with has_private"
            if not private:
                continue
            secret_seats.add((len(match.names), seat))
            other = (seat + 1) % len(match.names)
            for seed in range(3):
                if rules.view(rules.determinize(match.state, other, f"{index}:{seed}"), seat) != view:
                    resampled.add((len(match.names), seat))
    assert secret_seats <= resampled, f"never resampled for the others: {sorted(secret_seats - resampled)}"


def test_undo_never_crosses_a_chance_outcome_or_a_reveal_and_restores_exactly(game):
    for match, index in sampled(game.rules, every=3, seeds=range(1)):
        if not match.actions:
            continue
        last = match.actions[-1]
        for seat in range(len(match.names)):
            if last.drawn or last.reveals or last.actor != seat:
                assert not match.can_undo(seat)
        if match.can_undo(last.actor) and index % 2 == 0:
            before = Match.replay(match.rules, match.names, match.options, match.seed, match.actions[:-1])
            match.undo(last.actor)
            assert plain(match.state) == plain(before.state)
            match.choose(last.actor, last.choice)


def test_every_decision_has_its_help_topic_and_every_target_is_on_the_board(game):
    topics = {section.topic for section in load_sections(game.id)}
    for match, _ in sampled(game.rules, every=1, seeds=range(1)):
        decision = match.decision
        if decision is None:
            continue
        for actor in decision.actors:
            assert decision.topic_for(actor) in topics, f"no help section for topic {decision.topic_for(actor)!r}"
            targets = set(game.rules.targets(match.state))
            for choice in decision.for_actor(actor):
                assert choice.target is None or choice.target in targets, (
                    f"{choice.id}: unknown target {choice.target!r}")


def test_a_view_holds_exactly_what_its_type_declares(game):
    """No field of the state reaches a seat unless the game's view type declares it."""
    assert game.rules.view_type is not None, "every game declares the type of its view"
    for match, _ in sampled(game.rules, every=7, seeds=range(1)):
        for viewer in viewers(match):
            assert problems(game.rules.view(match.state, viewer), game.rules.view_type) == []



def test_every_choice_carries_its_arguments_and_its_id_is_spelled_from_them(game):
    for match, _ in sampled(game.rules, every=1, seeds=range(1)):
        decision = match.decision
        if decision is None:
            continue
        for actor in decision.actors:
            choices = decision.for_actor(actor)
            for choice in choices:
                assert choice.args is not None, f"{choice.id}: no arguments"
                assert choice.id == choice.args.spelled(), f"{choice.args} is spelled {choice.args.spelled()!r}"
            assert len({choice.args for choice in choices}) == len({choice.id for choice in choices}) == len(choices)


def test_labels_are_only_made_for_shown_choices_and_every_shown_choice_has_one(game):
    for match, _ in sampled(game.rules, every=4, seeds=range(1)):
        decision = match.decision
        if decision is None:
            continue
        for actor in decision.actors:
            shown = match.labelled(actor)
            assert [c.id for c in shown] == [c.id for c in decision.for_actor(actor)]
            assert all(c.label.strip() for c in shown)
            assert len({c.id for c in shown}) == len(shown), "choice ids must be unique in a decision"
            assert match.say(decision.prompt_for(actor)).strip()


def test_every_panel_of_every_seat_renders_at_80_columns_and_the_decision_has_one_in_focus(game):
    """Every panel a seat (or a spectator) is shown draws within 80 columns at sampled states
    (zoomed in and out, centred on each choice), and the panel the decision needs is one of them."""
    board = board_for(game.id)
    console = Console(width=PANEL_WIDTH, file=io.StringIO(), color_system=None)
    for match, _ in sampled(game.rules, every=40, seeds=range(1)):
        panels = board.panels(len(match.names))
        assert len({panel.name for panel in panels}) == len(panels), "panel names must be unique"
        for viewer in viewers(match):
            view = match.view(viewer)
            shown = [panel for panel in panels if (match.has_private(viewer) or not panel.private) and not panel.legend]
            assert focus(shown, view, viewer) in {panel.name for panel in shown}
            ledger = Ledger()
            for panel in shown:
                frames = [Frame(PANEL_WIDTH, viewer),
                          Frame(PANEL_WIDTH, viewer, legend=False, ledger=ledger, panel=panel.name)]
                if panel.zoom:
                    frames += [Frame(PANEL_WIDTH, viewer, zoom=zoom, highlighted=choice)
                               for zoom in (False, True) for choice in (None, *view["choices"][:3])]
                for frame in frames:
                    fits(console, panel, view, frame, viewer)
            for panel in panels:  # beside several panels: the legend of what they drew
                if panel.legend and ledger.drawn:
                    fits(console, panel, view, Frame(PANEL_WIDTH, viewer, ledger=ledger, panel=panel.name), viewer)


def fits(console: Console, panel, view, frame: Frame, viewer) -> None:
    renderable = panel.draw(view, frame)
    assert renderable is not None, f"{panel.name} drew nothing for seat {viewer}"
    width = Measurement.get(console, console.options, renderable).minimum
    assert width <= PANEL_WIDTH, f"{panel.name} needs {width} columns"
    console.print(renderable)


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_finish_games_at_every_player_count(game, kind):
    bot = {"random": RandomBot, "greedy": GreedyBot}[kind]
    for players in range(game.rules.min_players, game.rules.max_players + 1):
        match = Match(game.rules, [f"P{n}" for n in range(players)], {}, seed=players)
        play_out(match, {seat: bot(seat) for seat in range(players)})
        assert match.finished
        assert len(match.scores()) == players


def test_the_greedy_bot_decides_from_its_own_view_only(game):
    """States a seat cannot tell apart get the same choice from a bot with the same seed."""
    rules = game.rules
    for match, index in sampled(rules, every=11, seeds=range(1)):
        decision = match.decision
        if decision is None or decision.is_chance:
            continue
        seat = decision.actors[0]
        twin = Match.__new__(Match)
        twin.__dict__.update(match.__dict__)
        twin.state = copy_state(rules.determinize(match.state, seat, index))
        twin.state_edited()
        assert GreedyBot(index).choose(match, seat) == GreedyBot(index).choose(twin, seat)


def test_a_lookahead_never_foresees_the_real_draws(game):
    """Across a game's chance steps, a look-ahead does not draw what the game then draws."""
    same = differ = 0
    for match, index in sampled(game.rules, every=1, seeds=range(1)):
        decision = match.decision
        if decision is None or not decision.is_chance or len(decision.for_actor(CHANCE)) < 2:
            continue
        foreseen = match.lookahead(None, index).draw().id
        real = Match.replay(match.rules, match.names, match.options, match.seed, match.actions).draw().id
        same, differ = same + (foreseen == real), differ + (foreseen != real)
    if same + differ >= 10:
        assert differ > 0
