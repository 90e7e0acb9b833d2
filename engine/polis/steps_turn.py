"""The turns of a round: who starts, two different actions or a pass, the fee after a pass,
battles after each turn, and the round's end once both sides have passed."""

from __future__ import annotations

from engine.core import Ask, Auto, add_log

from . import actions, battle, choices
from .choices import Act, EndTurn, Pass
from .text import ACTION_NAMES, side_of

ACTIONS_PER_TURN = 2


def first_player(state) -> int:
    """Less prestige starts; on a tie Sparta (an event may say otherwise)."""
    if state["starter"] is not None:
        return state["starter"]
    athens, sparta = state["prestige"]
    return 0 if athens < sparta else 1


class StartRound(Auto):
    name = "start_round"

    def run(self, state, frame, flow):
        seat = first_player(state)
        state["first"] = seat
        state["passed"] = [False, False]
        state["phase"] = "actions"
        add_log(state, f"Round {state['round']} begins; {side_of(state, seat)} starts.")
        flow.push({"step": "turn", "seat": seat, "done": []})


class Turn(Ask):
    """One action of a turn (or pass, or end the turn after the first action); it comes back
    for the second action."""

    name = "turn"
    topic = "turn"

    def options(self, state, frame):
        seat, done = frame["seat"], frame["done"]
        found = [choices.act(key) for key in actions.offered(state, seat, done)]
        found.append(choices.END_TURN if done else choices.PASS)
        return found

    def act(self, state, frame, choice_, flow):
        seat, done = frame["seat"], frame["done"]
        args = choice_.args
        if type(args) is Pass:
            state["passed"][seat] = True
            add_log(state, f"{side_of(state, seat)} passes.")
            flow.push({"step": "turn_end", "seat": seat})
            return
        if type(args) is EndTurn:
            flow.push({"step": "turn_end", "seat": seat})
            return
        action = args.action
        after = ({"step": "turn", "seat": seat, "done": [*done, action]} if len(done) + 1 < ACTIONS_PER_TURN
                 else {"step": "turn_end", "seat": seat})
        if actions.fee_due(state, seat, done):
            flow.push({"step": "fee", "seat": seat, "action": action}, after)
        else:
            flow.push({"step": "action", "seat": seat, "action": action}, after)

    def prompt(self, state, frame):
        done = frame["done"]
        where = "second action (or end the turn)" if done else "first action, or pass"
        return f"{side_of(state, frame['seat'])}: {where}"

    def describe(self, state, frame, choice_):
        match choice_.args:
            case Pass():
                return "Pass", "take no more actions this round"
            case EndTurn():
                return "End the turn", "after one action"
            case Act(action):
                return ACTION_NAMES[action], _action_hint(state, frame["seat"], action)
        raise ValueError(f"not a choice of a turn: {choice_.args}")


def _action_hint(state, seat, action) -> str:
    if action in ("move-hoplites", "move-galleys", "siege"):
        return "military: 1 prestige"
    if action == "tribute":
        return "military: 1 prestige, none at home"
    if actions.fee_due(state, seat, []) and state["options"].get("pass_fee", "action") == "action":
        return "costs 1 resource (the other side passed)"
    return ""


class Fee(Ask):
    """The resource paid to act once the other side has passed."""

    name = "fee"
    topic = "passing"

    def options(self, state, frame):
        return [choices.fee(good) for good in actions.fee_resources(state, frame["seat"], frame["action"])]

    def act(self, state, frame, choice_, flow):
        seat, good = frame["seat"], choice_.args.good
        state["res"][seat][good] -= 1
        add_log(state, f"{side_of(state, seat)} pays 1 {good} to act after the other side passed.")
        flow.push({"step": "action", "seat": seat, "action": frame["action"]})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: pay 1 resource for {ACTION_NAMES[frame['action']]}"

    def describe(self, state, frame, choice_):
        good = choice_.args.good
        return f"Pay 1 {good}", f"you have {state['res'][frame['seat']][good]}"


class BeginAction(Auto):
    name = "action"

    def run(self, state, frame, flow):
        actions.begin(state, frame["seat"], frame["action"], flow)


class TurnEnd(Auto):
    """Battles where 8 or more units stand, then the next turn."""

    name = "turn_end"

    def run(self, state, frame, flow):
        fights = [{"step": "battle", "area": area} for area in battle.fronts(state)]
        flow.push(*fights, {"step": "next_turn", "seat": frame["seat"]})


class NextTurn(Auto):
    name = "next_turn"

    def run(self, state, frame, flow):
        seat = frame["seat"]
        if all(state["passed"]):
            flow.push({"step": "round_end"})
            return
        other = 1 - seat
        nxt = seat if state["passed"][other] else other
        flow.push({"step": "turn", "seat": nxt, "done": []})


STEPS = (StartRound(), Turn(), Fee(), BeginAction(), TurnEnd(), NextTurn())
