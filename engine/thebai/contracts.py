"""Contracts: taking them (display or deck top), the display refill, fulfilling them.

The deck is kept as the set of cards left in it: a card drawn from it is a chance step
decided when it is drawn, and a card drawn into a hand is shown to its owner only.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core import Ask, Auto, Choice, Draw, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .board import State, can_pay, log, pay
from .catalog import catalog
from .choices import Contract, Deck, Display, Exchange, Stop
from .choices import Fulfil as FulfilArgs
from .effects import GOODS
from .ops import do_exchange, exchange_choices
from .scoring import UNFULFILLED_CONTRACT_VP


def contract_stand(state: State) -> dict[str, Any]:
    """The stand of the commander that marks a display contract its owner may fulfil ({} if unowned)."""
    stand: dict[str, Any] = state["cmd"].get(_stand_id(), {})
    return stand


def _stand_id() -> str:
    return catalog().commander_with("contract")


def take_choices(state: State) -> list[Choice]:
    found = [choices.display(k) for k, c in enumerate(state["display"]) if c]
    if state["deck"]:
        found.append(choices.DECK)
    return found


def take(state: State, seat: int, taken: Display | Deck, flow: Stack) -> None:
    """Take the chosen card into hand (from the deck: a draw); the refill comes later."""
    if isinstance(taken, Deck):
        flow.push({"step": "draw_contract", "seat": seat, "to": "hand"})
        return
    slot = taken.slot
    contract = state["display"][slot]
    state["display"][slot] = None
    state["hand"][seat].append(contract)
    state["known"][seat].append(contract)
    log(state, lambda: Say("{seat:seat} takes contract {contract:contract} from the display",
                           seat=seat, contract=contract))


class TakeContract(Ask):
    name = "take_contract"
    topic = "contracts"

    def ready(self, state: State, frame: Frame) -> bool:
        return frame["n"] > 0 and bool(take_choices(state))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*take_choices(state), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case Stop():
                return Say("Take no more contracts"), ""
            case Deck():
                return Say("Top card of the deck"), Say("{left} left; {vp} VP at the end unless fulfilled",
                                                   left=len(state["deck"]), vp=UNFULFILLED_CONTRACT_VP)
        return (Say("{contract:contract_desc}", contract=state["display"][choice.args_as(Display).slot]),
                Say("{vp} VP at the end unless fulfilled", vp=UNFULFILLED_CONTRACT_VP))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: take a contract ({n} left)", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        match choice.args:
            case Display() | Deck() as taken:
                flow.push({**frame, "n": frame["n"] - 1}, {"step": "refill"})
                take(state, frame["seat"], taken, flow)


class Pick(TakeContract):
    """n times, as you like: take a contract or make an exchange."""

    name = "pick"

    def ready(self, state: State, frame: Frame) -> bool:
        left: int = frame["n"]
        return left > 0

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*take_choices(state), *exchange_choices(state, frame["seat"]), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case Exchange(give, get):
                return Say("Exchange 1 {give:good} -> 1 {get:good}", give=give, get=get), ""
        return super().describe(state, frame, choice)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: take a contract or exchange ({n} left)", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if isinstance(choice.args, Exchange):
            flow.push({**frame, "n": frame["n"] - 1})
            do_exchange(state, frame["seat"], choice.args)
        else:
            super().act(state, frame, choice, flow)


class DrawContract(Draw):
    """The top card of the deck: into a hand (seen by its owner only) or onto the display."""

    name = "draw_contract"
    topic = "contracts"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.outcome(Contract(c)) for c in state["deck"]]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("{contract:contract_desc}", contract=choice.args_as(Contract).contract), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        if frame["to"] == "hand":
            return Say("Contract drawn by {seat:seat}", seat=frame["seat"])
        return Say("Contract for display slot {slot}", slot=frame["slot"] + 1)

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        contract = choice.args_as(Contract).contract
        state["deck"].remove(contract)
        if frame["to"] == "display":
            state["display"][frame["slot"]] = contract
            log(state, lambda: Say("Contract {contract:contract} joins the display", contract=contract))
            return
        seat = frame["seat"]
        state["hand"][seat].append(contract)
        log(state, lambda: Say("{seat:seat} draws contract {contract:contract}", seat=seat, contract=contract),
            only=[seat], others=Say("{seat:seat} draws a contract from the deck", seat=seat))


class Refill(Auto):
    """Empty display slots are filled from the deck; a lost contract marker is placed again."""

    name = "refill"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        draws = [{"step": "draw_contract", "to": "display", "slot": k}
                 for k, c in enumerate(state["display"]) if c is None]
        stand = contract_stand(state)
        if state["deck"] and draws:
            flow.push(*draws[:len(state["deck"])], {"step": "refill"})
        elif stand and stand["at"] not in state["display"] and any(state["display"]):
            flow.push({"step": "stand_contract", "seat": stand["seat"], "commander": _stand_id()})


# -- fulfilling ---------------------------------------------------------------------------------------


def _payments(cost: dict[str, int], discount: int) -> list[dict[str, int]]:
    """Every way to pay ``cost`` with up to ``discount`` fewer goods (drachma are not reduced)."""
    goods = [g for g in GOODS if cost.get(g)]
    cut = min(discount, sum(cost[g] for g in goods))
    if not cut:
        return [dict(cost)]
    ways = []
    for drop in product(*(range(cost[g] + 1) for g in goods)):
        if sum(drop) == cut:
            paid = dict(cost)
            for g, d in zip(goods, drop):
                paid[g] -= d
            ways.append({k: v for k, v in paid.items() if v})
    return ways


def fulfillable(state: State, seat: int) -> list[str]:
    """Contracts ``seat`` could fulfil: its hand, and the display card its marker stand is on."""
    mine = list(state["hand"][seat])
    stand = contract_stand(state)
    if stand.get("seat") == seat and stand.get("at") in state["display"]:
        mine.append(stand["at"])
    return mine


def fulfil_choices(state: State, seat: int, discount: int = 0) -> list[Choice]:
    contracts = catalog().contracts
    found = []
    for c in fulfillable(state, seat):
        for paid in _payments(contracts[c]["cost"], discount):
            if can_pay(state, seat, paid):
                found.append(choices.fulfil(c, tuple(sorted(paid.items()))))
    return found


def fulfil(state: State, seat: int, chosen: FulfilArgs, flow: Stack) -> None:
    contract, paid = chosen.contract, chosen.paid.amounts()
    pay(state, seat, paid)
    if contract in state["hand"][seat]:
        state["hand"][seat].remove(contract)
        if contract in state["known"][seat]:
            state["known"][seat].remove(contract)
    else:
        state["display"][state["display"].index(contract)] = None
        flow.push({"step": "refill"})
    state["done"][seat].append(contract)
    log(state, lambda: Say("{seat:seat} fulfils contract {contract:contract} paying {paid:cost}",
                           seat=seat, contract=contract, paid=paid))
    flow.push(*effects.frames(catalog().contracts[contract]["reward"], seat))


def describe_fulfil(chosen: FulfilArgs) -> tuple[Said, Said]:
    return (Say("Fulfil {contract:contract_desc}", contract=chosen.contract),
            Say("pay {paid:payment}", paid=chosen.paid.amounts()))


class Fulfil(Ask):
    """The estate action: fulfil a contract paying `discount` goods fewer."""

    name = "fulfil"
    topic = "contracts"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(fulfil_choices(state, frame["seat"], frame["discount"]))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [*fulfil_choices(state, frame["seat"], frame["discount"]), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if isinstance(choice.args, Stop):
            return Say("Fulfil nothing"), ""
        return describe_fulfil(choice.args_as(FulfilArgs))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: fulfil a contract ({discount} goods fewer)",
                   seat=frame["seat"], discount=frame["discount"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if isinstance(choice.args, FulfilArgs):
            fulfil(state, frame["seat"], choice.args, flow)


def turn_fulfils(state: State, seat: int) -> list[Choice]:
    """The fulfilment a turn allows (one, at any step), if any contract can be paid."""
    turn = state["turn"]
    return fulfil_choices(state, seat) if turn and turn["fulfils"] else []


class TurnStage(Ask):
    """A step of a turn that also offers the turn's contract fulfilment."""

    def fulfil_now(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> bool:
        """Fulfil the contract chosen (then come back to this step); False if the choice is another."""
        if not isinstance(choice.args, FulfilArgs):
            return False
        state["turn"]["fulfils"] -= 1
        flow.push(frame)
        fulfil(state, frame["seat"], choice.args, flow)
        return True

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return describe_fulfil(choice.args_as(FulfilArgs))


STEPS = (TakeContract(), Pick(), DrawContract(), Refill(), Fulfil())
