"""Contracts: taking them (display or deck top), the display refill, fulfilling them.

The deck is kept as the set of cards left in it: a card drawn from it is a chance step
decided when it is drawn, and a card drawn into a hand is shown to its owner only.
"""

from __future__ import annotations

from itertools import product

from engine.core import Ask, Auto, Choice, Draw

from . import choices, effects
from .board import can_pay, log, names, pay
from .catalog import catalog
from .choices import Contract, Deck, Display, Exchange, Fulfil as FulfilArgs, Stop
from .effects import GOODS
from .text import contract_text, cost_text
from .ops import do_exchange, exchange_choices

def contract_stand(state) -> dict:
    """The stand of the commander that marks a display contract its owner may fulfil ({} if unowned)."""
    return state["cmd"].get(_stand_id(), {})


def _stand_id() -> str:
    return catalog().commander_with("contract")


def take_choices(state) -> list[Choice]:
    found = [choices.display(k) for k, c in enumerate(state["display"]) if c]
    if state["deck"]:
        found.append(choices.DECK)
    return found


def take(state, seat: int, taken: Display | Deck, flow) -> None:
    """Take the chosen card into hand (from the deck: a draw); the refill comes later."""
    if isinstance(taken, Deck):
        flow.push({"step": "draw_contract", "seat": seat, "to": "hand"})
        return
    slot = taken.slot
    contract = state["display"][slot]
    state["display"][slot] = None
    state["hand"][seat].append(contract)
    state["known"][seat].append(contract)
    log(state, lambda: f"{names(state, seat)} takes contract {contract} from the display")


class TakeContract(Ask):
    name = "take_contract"
    topic = "contracts"

    def ready(self, state, frame):
        return frame["n"] > 0 and bool(take_choices(state))

    def options(self, state, frame):
        return [*take_choices(state), choices.STOP]

    def describe(self, state, frame, choice):
        match choice.args:
            case Stop():
                return "Take no more contracts", ""
            case Deck():
                return "Top card of the deck", f"{len(state['deck'])} left"
            case Display(slot):
                return contract_text(state["display"][slot]), ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: take a contract ({frame['n']} left)"

    def act(self, state, frame, choice, flow):
        if isinstance(choice.args, Stop):
            return
        flow.push({**frame, "n": frame["n"] - 1}, {"step": "refill"})
        take(state, frame["seat"], choice.args, flow)


class Pick(TakeContract):
    """n times, as you like: take a contract or make an exchange."""

    name = "pick"

    def ready(self, state, frame):
        return frame["n"] > 0

    def options(self, state, frame):
        return [*take_choices(state), *exchange_choices(state, frame["seat"]), choices.STOP]

    def describe(self, state, frame, choice):
        match choice.args:
            case Exchange(give, get):
                return f"Exchange 1 {give} -> 1 {get}", ""
        return super().describe(state, frame, choice)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: take a contract or exchange ({frame['n']} left)"

    def act(self, state, frame, choice, flow):
        if isinstance(choice.args, Exchange):
            flow.push({**frame, "n": frame["n"] - 1})
            do_exchange(state, frame["seat"], choice.args)
        else:
            super().act(state, frame, choice, flow)


class DrawContract(Draw):
    """The top card of the deck: into a hand (seen by its owner only) or onto the display."""

    name = "draw_contract"
    topic = "contracts"

    def options(self, state, frame):
        return [choices.outcome(Contract(c)) for c in state["deck"]]

    def describe(self, state, frame, choice):
        return contract_text(choice.args.contract), ""

    def prompt(self, state, frame):
        if frame["to"] == "hand":
            return f"Contract drawn by {names(state, frame['seat'])}"
        return f"Contract for display slot {frame['slot'] + 1}"

    def act(self, state, frame, choice, flow):
        contract = choice.args.contract
        state["deck"].remove(contract)
        if frame["to"] == "display":
            state["display"][frame["slot"]] = contract
            log(state, lambda: f"Contract {contract} joins the display")
            return
        seat = frame["seat"]
        state["hand"][seat].append(contract)
        log(state, lambda: f"{names(state, seat)} draws contract {contract}", only=[seat],
            others=f"{names(state, seat)} draws a contract from the deck")


class Refill(Auto):
    """Empty display slots are filled from the deck; a lost contract marker is placed again."""

    name = "refill"

    def run(self, state, frame, flow):
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


def fulfillable(state, seat: int) -> list[str]:
    """Contracts ``seat`` could fulfil: its hand, and the display card its marker stand is on."""
    mine = list(state["hand"][seat])
    stand = contract_stand(state)
    if stand.get("seat") == seat and stand.get("at") in state["display"]:
        mine.append(stand["at"])
    return mine


def fulfil_choices(state, seat: int, discount: int = 0) -> list[Choice]:
    contracts = catalog().contracts
    found = []
    for c in fulfillable(state, seat):
        for paid in _payments(contracts[c]["cost"], discount):
            if can_pay(state, seat, paid):
                found.append(choices.fulfil(c, tuple(sorted(paid.items()))))
    return found


def fulfil(state, seat: int, chosen: FulfilArgs, flow) -> None:
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
    log(state, lambda: f"{names(state, seat)} fulfils contract {contract} paying {cost_text(paid) or 'nothing'}")
    flow.push(*effects.frames(catalog().contracts[contract]["reward"], seat))


def describe_fulfil(state, chosen: FulfilArgs) -> tuple[str, str]:
    paid = " + ".join(f"{kind}{count}" for kind, count in chosen.paid.pairs)
    return f"Fulfil {contract_text(chosen.contract)}", f"pay {paid or 'nothing'}"


class Fulfil(Ask):
    """The estate action: fulfil a contract paying `discount` goods fewer."""

    name = "fulfil"
    topic = "contracts"

    def ready(self, state, frame):
        return bool(fulfil_choices(state, frame["seat"], frame["discount"]))

    def options(self, state, frame):
        return [*fulfil_choices(state, frame["seat"], frame["discount"]), choices.STOP]

    def describe(self, state, frame, choice):
        return ("Fulfil nothing", "") if isinstance(choice.args, Stop) else describe_fulfil(state, choice.args)

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: fulfil a contract ({frame['discount']} goods fewer)"

    def act(self, state, frame, choice, flow):
        if isinstance(choice.args, FulfilArgs):
            fulfil(state, frame["seat"], choice.args, flow)


def turn_fulfils(state, seat: int) -> list[Choice]:
    """The fulfilment a turn allows (one, at any step), if any contract can be paid."""
    turn = state["turn"]
    return fulfil_choices(state, seat) if turn and turn["fulfils"] else []


class TurnStage(Ask):
    """A step of a turn that also offers the turn's contract fulfilment."""

    def fulfil_now(self, state, frame, choice, flow) -> bool:
        if not isinstance(choice.args, FulfilArgs):
            return False
        state["turn"]["fulfils"] -= 1
        flow.push(frame)
        fulfil(state, frame["seat"], choice.args, flow)
        return True

    def describe(self, state, frame, choice):
        return describe_fulfil(state, choice.args)


STEPS = (TakeContract(), Pick(), DrawContract(), Refill(), Fulfil())
