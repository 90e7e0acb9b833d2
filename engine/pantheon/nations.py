"""The nations: drawing an epoch's nation card and their one-off powers."""

from __future__ import annotations

from engine.core import Auto, Choice, Draw, add_log

from . import cards as deck
from .board import COLUMN, FOOT
from .chance import deal
from .common import Choose, State, card_label, choice, from_general, general_supply, name, seats_from
from .catalog import NATION_IDS, catalog

HAND_LIMIT_NATION = 7
CARDS, GOD = Choice("cards"), Choice("god")
KEEP = Choice("keep")


class Nation(Draw):
    """The epoch's nation card, from those not drawn yet."""

    name = "nation"
    topic = "preparation"

    def options(self, state, frame):
        return [choice(nation) for nation in NATION_IDS if nation not in state["nations"]]

    def describe(self, state, frame, option):
        return catalog().nations[option.id]["name"], ""

    def prompt(self, state, frame):
        return f"Epoch {state['epoch']}: draw the nation card"

    def act(self, state, frame, option, flow):
        nation = option.id
        state["nations"].append(nation)
        add_log(state, f"Epoch {state['epoch']}: {catalog().nations[nation]['name']} rises.")


class Power(Auto):
    """The epoch's nation acts once, for every player from the start player on."""

    name = "power"

    def run(self, state, frame, flow):
        power = catalog().nations[state["nations"][-1]]["power"]
        order = seats_from(state, state["start"])
        if power == "persia":
            state["special_money"].reverse()
            add_log(state, "Persia: the special money stack is turned round.")
        elif power == "gallia":
            flow.push(*({"step": "gallia", "seat": s} for s in order))
        elif power == "germania":
            flow.push(*({"step": "hand7", "seat": s} for s in order))
        elif power == "aegyptus":
            flow.push(*({"step": "swap", "seat": s} for s in order))
        elif power == "cartago":
            flow.push(*({"step": "buy", "seat": s, "budget": 2, "hand": False, "kinds": [], "loot": []} for s in order))
        elif power == "iberia":
            flow.push(*({"step": "offering", "seat": s, "n": 1} for s in order))
        elif power == "roma":
            flow.push(*(deal(s, 2) for s in order))


def _gallia_choices(state: State) -> list[Choice]:
    choices = []
    if deck.can_refill_deck(state):
        choices.append(CARDS)
    if state["god_stack"] or state["god_box"]:
        choices.append(GOD)
    return choices


class Gallia(Choose):
    name = "gallia"
    topic = "nations"

    def ready(self, state, frame):
        return bool(_gallia_choices(state))

    def options(self, state, frame):
        return _gallia_choices(state)

    def describe(self, state, frame, option):
        if option.id == "cards":
            return "Draw 2 cards from the deck", ""
        return "Reveal a god from the stack", "take it by offering only its topmost number"

    def question(self, state, frame):
        return "Gallia: draw 2 cards or reveal a god"

    def act(self, state, frame, option, flow):
        seat = frame["seat"]
        if option.id == "cards":
            flow.push(deal(seat, 2))
        else:
            flow.push({"step": "draw_god", "seat": seat, "how": "gallia"})


class HandOfSeven(Auto):
    """Germania: a hand of fewer than seven cards draws from the deck, one of more discards."""

    name = "hand7"

    def run(self, state, frame, flow):
        seat = frame["seat"]
        held = deck.size(state["players"][seat]["hand"])
        if held < HAND_LIMIT_NATION:
            flow.push(deal(seat, HAND_LIMIT_NATION - held))
        elif held > HAND_LIMIT_NATION:
            flow.push({"step": "discard", "seat": seat})


class Discard(Choose):
    name = "discard"
    topic = "nations"

    def options(self, state, frame):
        hand = state["players"][frame["seat"]]["hand"]
        return [choice(f"discard:{kind}", f"hand:{kind}") for kind in deck.CARD_ORDER if hand.get(kind)]

    def describe(self, state, frame, option):
        kind = option.id[8:]
        return f"Discard {card_label(kind)}", f"you hold {state['players'][frame['seat']]['hand'][kind]}"

    def question(self, state, frame):
        held = deck.size(state["players"][frame["seat"]]["hand"])
        return f"discard down to {HAND_LIMIT_NATION} cards ({held} held)"

    def act(self, state, frame, option, flow):
        seat, kind = frame["seat"], option.id[8:]
        deck.play(state, seat, kind)
        add_log(state, f"{name(state, seat)} discards {card_label(kind)}.")
        if deck.size(state["players"][seat]["hand"]) > HAND_LIMIT_NATION:
            flow.push(frame)


class Swap(Choose):
    """Aegyptus: swap feet for columns (or back) with the general supply, one for one."""

    name = "swap"
    topic = "nations"

    def options(self, state, frame):
        seat = frame["seat"]
        p = state["players"][seat]
        choices = [KEEP]
        choices += [choice(f"feet:{n}") for n in range(1, min(p["feet"], general_supply(state, seat, COLUMN)) + 1)]
        choices += [choice(f"columns:{n}") for n in range(1, min(p["columns"], general_supply(state, seat, FOOT)) + 1)]
        return choices

    def describe(self, state, frame, option):
        if option.id == "keep":
            p = state["players"][frame["seat"]]
            return "Keep your pieces as they are", f"supply: {p['feet']} feet, {p['columns']} columns"
        give, n = option.id.split(":")
        get = "columns" if give == "feet" else "feet"
        return f"Swap {n} {give} for {n} {get}", ""

    def question(self, state, frame):
        return "Aegyptus: swap feet and columns with the general supply"

    def act(self, state, frame, option, flow):
        if option.id == "keep":
            return
        seat = frame["seat"]
        give, count = option.id.split(":")
        get = "columns" if give == "feet" else "feet"
        from_general(state, seat, give, -int(count))
        from_general(state, seat, get, int(count))
        add_log(state, f"{name(state, seat)} swaps {count} {give} for {count} {get}.")
