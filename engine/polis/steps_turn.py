"""The turns of a round: who starts, two different actions or a pass, the fee after a pass,
battles after each turn, and the round's end once both sides have passed."""

from __future__ import annotations

from engine.core import Ask, Auto, Choice, Frame, Say, Stack, State, add_log
from engine.core.text import Said

from . import actions, battle, choices
from .choices import Act, EndTurn, Pass, PayFee

ACTIONS_PER_TURN = 2


def first_player(state: State) -> int:
    """Less prestige starts; on a tie Sparta (an event may say otherwise)."""
    starter: int | None = state["starter"]
    if starter is not None:
        return starter
    athens, sparta = state["prestige"]
    return 0 if athens < sparta else 1


class StartRound(Auto):
    name = "start_round"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = first_player(state)
        state["first"] = seat
        state["passed"] = [False, False]
        state["phase"] = "actions"
        add_log(state, Say("Round {round} begins; {seat:side_player} starts.", round=state["round"], seat=seat))
        flow.push({"step": "turn", "seat": seat, "done": []})


class Turn(Ask):
    """One action of a turn (or pass, or end the turn after the first action); it comes back
    for the second action."""

    name = "turn"
    topic = "turn"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat, done = frame["seat"], frame["done"]
        found = [choices.act(key) for key in actions.offered(state, seat, done)]
        found.append(choices.END_TURN if done else choices.PASS)
        return found

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        seat, done = frame["seat"], frame["done"]
        args = choice_.args
        if type(args) is Pass:
            state["passed"][seat] = True
            add_log(state, Say("{seat:side_player} passes.", seat=seat))
            flow.push({"step": "turn_end", "seat": seat})
            return
        if type(args) is EndTurn:
            flow.push({"step": "turn_end", "seat": seat})
            return
        action = choice_.args_as(Act).action
        after = ({"step": "turn", "seat": seat, "done": [*done, action]} if len(done) + 1 < ACTIONS_PER_TURN
                 else {"step": "turn_end", "seat": seat})
        if actions.fee_due(state, seat, done):
            flow.push({"step": "fee", "seat": seat, "action": action}, after)
        else:
            flow.push({"step": "action", "seat": seat, "action": action}, after)

    def prompt(self, state: State, frame: Frame) -> Said:
        if frame["done"]:
            return Say("{seat:side_player}: second action (or end the turn)", seat=frame["seat"])
        return Say("{seat:side_player}: first action, or pass", seat=frame["seat"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        match choice_.args:
            case Pass():
                return Say("Pass"), Say("take no more actions this round")
            case EndTurn():
                return Say("End the turn"), Say("after one action")
            case Act(action):
                return Say("{action:action}", action=action), _action_hint(state, frame["seat"], action)
        raise ValueError(f"not a choice of a turn: {choice_.args}")


def _action_hint(state: State, seat: int, action: str) -> Said:
    if action in ("move-hoplites", "move-galleys", "siege"):
        return Say("military: 1 prestige")
    if action == "tribute":
        return Say("military: 1 prestige, none at home")
    if actions.fee_due(state, seat, []) and state["options"].get("pass_fee", "action") == "action":
        return Say("costs 1 resource (the other side passed)")
    return ""


class Fee(Ask):
    """The resource paid to act once the other side has passed."""

    name = "fee"
    topic = "passing"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.fee(good) for good in actions.fee_resources(state, frame["seat"], frame["action"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        seat, good = frame["seat"], choice_.args_as(PayFee).good
        state["res"][seat][good] -= 1
        add_log(state, Say("{seat:side_player} pays 1 {good:good} to act after the other side passed.", seat=seat,
                           good=good))
        flow.push({"step": "action", "seat": seat, "action": frame["action"]})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: pay 1 resource for {action:action}", seat=frame["seat"], action=frame["action"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        good = choice_.args_as(PayFee).good
        return Say("Pay 1 {good:good}", good=good), Say("you have {n}", n=state["res"][frame["seat"]][good])


class BeginAction(Auto):
    name = "action"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        actions.begin(state, frame["seat"], frame["action"], flow)


class TurnEnd(Auto):
    """Battles where 8 or more units stand, then the next turn."""

    name = "turn_end"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        fights = [{"step": "battle", "area": area} for area in battle.fronts(state)]
        flow.push(*fights, {"step": "next_turn", "seat": frame["seat"]})


class NextTurn(Auto):
    name = "next_turn"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = frame["seat"]
        if all(state["passed"]):
            flow.push({"step": "round_end"})
            return
        other = 1 - seat
        nxt = seat if state["passed"][other] else other
        flow.push({"step": "turn", "seat": nxt, "done": []})


STEPS = (StartRound(), Turn(), Fee(), BeginAction(), TurnEnd(), NextTurn())
