"""A battle as steps: cards dealt (chance), both sides choose at once, reveal, again."""

from __future__ import annotations

from collections import Counter

from engine.core import Ask, Auto, Choice, Draw, Frame, Say, Stack, State, add_log
from engine.core.text import Said

from . import battle, choices
from .choices import Card, Play, Retreat


class Battle(Auto):
    name = "battle"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
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

    def options(self, state: State, frame: Frame) -> list[Choice]:
        deck: list[str] = state["deck"]
        return [choices.card(card, n) for card, n in sorted(Counter(deck).items())]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        card, seat = choice_.args_as(Card).card, frame["seat"]
        state["deck"].remove(card)
        state["hands"][seat].append(card)
        state["hands"][seat].sort()
        add_log(state, Say("{seat:side} draws {card:card}.", seat=seat, card=card), only=[seat],
                others=Say("{seat:side} draws a combat card.", seat=seat))
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Draw a combat card for {seat:side} ({n} to go)", seat=frame["seat"], n=frame["n"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        return Say("{card:card}", card=choice_.args_as(Card).card), ""


class Exchange(Auto):
    name = "exchange"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        if battle.over(state):
            flow.push({"step": "battle_end"})
            return
        flow.push({"step": "reveal"})
        flow.parallel({seat: [{"step": "play", "seat": seat}] for seat in (0, 1)})


class PlayCards(Ask):
    """Both sides choose 2 cards (or to retreat) at once; nothing is shown until both have."""

    name = "play"
    topic = "battle"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        seat = frame["seat"]
        found = [choices.play_cards(pair) for pair in battle.pairs(state["hands"][seat])]
        found += [choices.retreat(a) for a in battle.retreats(state, seat)]
        return found

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        match choice_.args:
            case Play(cards):
                state["battle"]["played"][frame["seat"]] = list(cards)
            case Retreat(area):
                state["battle"]["played"][frame["seat"]] = {"retreat": area}

    def prompt(self, state: State, frame: Frame) -> Said:
        seat, area = frame["seat"], state["battle"]["area"]
        if state["battle"]["attacker"] == seat:
            return Say("{seat:side_player}: battle in {area:area}: choose 2 cards to attack with", seat=seat, area=area)
        return Say("{seat:side_player}: battle in {area:area}: choose 2 cards to defend with", seat=seat, area=area)

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        match choice_.args:
            case Retreat(area):
                return Say("Retreat to {area:area}", area=area), "1 prestige; the battle ends"
            case Play(played):
                return Say("{cards:cards}", cards=list(played)), Say("attack {n}", n=battle.strength(played))
        raise ValueError(f"not a choice of a battle: {choice_.args}")


class Reveal(Auto):
    name = "reveal"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
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

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        battle.end(state)


STEPS = (Battle(), Deal(), Exchange(), PlayCards(), Reveal(), BattleEnd())
