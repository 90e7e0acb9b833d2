"""A battle as steps: cards dealt (chance), both sides choose at once, reveal, again."""

from __future__ import annotations

from collections import Counter

from engine.core import Ask, Auto, Draw, add_log

from . import battle, choices
from .choices import Play, Retreat
from .catalog import catalog
from .text import SIDE_NAMES, side_of


class Battle(Auto):
    name = "battle"

    def run(self, state, frame, flow):
        area = frame["area"]
        if area not in battle.fronts(state):
            return
        battle.begin(state, area)
        attacker = state["battle"]["attacker"]
        deals = [{"step": "deal", "seat": seat, "n": state["units"][area][seat]} for seat in (attacker, 1 - attacker)]
        flow.push(*deals, {"step": "exchange"})


class Deal(Draw):
    """One combat card from the deck to a side's hand, face down."""

    name = "deal"
    topic = "battle"

    def options(self, state, frame):
        return [choices.card(card, n) for card, n in sorted(Counter(state["deck"]).items())]

    def act(self, state, frame, choice_, flow):
        card, seat = choice_.args.card, frame["seat"]
        state["deck"].remove(card)
        state["hands"][seat].append(card)
        state["hands"][seat].sort()
        add_log(state, f"{SIDE_NAMES[seat]} draws {catalog().cards[card]['name']}.", only=[seat],
                others=f"{SIDE_NAMES[seat]} draws a combat card.")
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})

    def prompt(self, state, frame):
        return f"Draw a combat card for {SIDE_NAMES[frame['seat']]} ({frame['n']} to go)"

    def describe(self, state, frame, choice_):
        return catalog().cards[choice_.args.card]["name"], ""


class Exchange(Auto):
    name = "exchange"

    def run(self, state, frame, flow):
        if battle.over(state):
            flow.push({"step": "battle_end"})
            return
        flow.push({"step": "reveal"})
        flow.parallel({seat: [{"step": "play", "seat": seat}] for seat in (0, 1)})


class PlayCards(Ask):
    """Both sides choose 2 cards (or to retreat) at once; nothing is shown until both have."""

    name = "play"
    topic = "battle"

    def options(self, state, frame):
        seat = frame["seat"]
        found = [choices.play_cards(pair) for pair in battle.pairs(state["hands"][seat])]
        found += [choices.retreat(a) for a in battle.retreats(state, seat)]
        return found

    def act(self, state, frame, choice_, flow):
        match choice_.args:
            case Play(cards):
                state["battle"]["played"][frame["seat"]] = list(cards)
            case Retreat(area):
                state["battle"]["played"][frame["seat"]] = {"retreat": area}

    def prompt(self, state, frame):
        seat = frame["seat"]
        role = "attack" if state["battle"]["attacker"] == seat else "defend"
        area = catalog().name(state["battle"]["area"])
        return f"{side_of(state, seat)}: battle in {area}: choose 2 cards to {role} with"

    def describe(self, state, frame, choice_):
        match choice_.args:
            case Retreat(area):
                return f"Retreat to {catalog().name(area)}", "1 prestige; the battle ends"
            case Play(played):
                cards = catalog().cards
                return " + ".join(cards[c]["name"] for c in played), f"attack {battle.strength(played)}"
        raise ValueError(f"not a choice of a battle: {choice_.args}")


class Reveal(Auto):
    name = "reveal"

    def run(self, state, frame, flow):
        played = state["battle"]["played"]
        retreating = [seat for seat in (0, 1) if isinstance(played[seat], dict)]
        if retreating:
            for seat in retreating:
                battle.retreat(state, seat, played[seat]["retreat"])
            flow.push({"step": "battle_end"})
            return
        battle.exchange(state)
        flow.push({"step": "exchange"})


class BattleEnd(Auto):
    name = "battle_end"

    def run(self, state, frame, flow):
        battle.end(state)


STEPS = (Battle(), Deal(), Exchange(), PlayCards(), Reveal(), BattleEnd())
