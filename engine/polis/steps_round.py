"""The start and the end of a round: project tiles and the event (chance steps), then at the
end projects, feeding, growth, megalopolis, spoilage, tax (both sides at once), the end
conditions, and the clean-up before the next round."""

from __future__ import annotations

from collections import Counter

from engine.core import Ask, Auto, Choice, Draw, Frame, Say, Stack, State, add_log
from engine.core.text import Said

from . import choices, events, holdings, upkeep
from .catalog import catalog
from .choices import Area, Done, Event, Grow, LevyTax, Polis, Project
from .setup import opening


def ledger_of(state: State, seat: int) -> upkeep.Ledger:
    poleis = catalog().poleis
    cities = [upkeep.City(p, state["pop"][p], poleis[p]["base"], poleis[p]["max"], poleis[p]["growth"])
              for p, owner in state["owner"].items() if owner == seat]
    return upkeep.Ledger(state["prestige"][seat], dict(state["res"][seat]), cities, state["supply"][seat])


def store(state: State, seat: int, ledger: upkeep.Ledger) -> None:
    state["prestige"][seat] = ledger.prestige
    state["res"][seat] = ledger.res
    kept = {c.id: c.pop for c in ledger.cities}
    for polis, owner in state["owner"].items():
        if owner == seat:
            if polis in kept:
                state["pop"][polis] = kept[polis]
            else:
                holdings.release(state, polis)
    state["supply"][seat] = ledger.supply


class RevealProject(Draw):
    name = "reveal_project"
    topic = "projects"

    def ready(self, state: State, frame: Frame) -> bool:
        return bool(state["stack"])

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.project_turned_up(t) for t in state["stack"]]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        tile = choice_.args_as(Project).tile
        state["stack"].remove(tile)
        state["offer"].append(tile)
        add_log(state, Say("Project on offer: {tile:project}.", tile=tile))
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Turn up a project tile ({n} to go)", n=frame["n"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        return Say("{tile:project}", tile=choice_.args_as(Project).tile), ""


class DrawEvent(Draw):
    name = "draw_event"
    topic = "events"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        deck = state["events"][state["round"] - 1]
        return [choices.event(e, n) for e, n in sorted(Counter(deck).items())]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        event = choice_.args_as(Event).event
        state["events"][state["round"] - 1].remove(event)
        removers = events.resolve(state, event)
        if removers:
            flow.parallel({seat: [{"step": "remove_unit", "seat": seat}] for seat in removers})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Draw the event card of round {round:round}", round=state["round"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        return Say("{event:event}", event=choice_.args_as(Event).event), ""


class RemoveUnit(Ask):
    name = "remove_unit"
    topic = "events"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.area(a) for a in events.removable(state, frame["seat"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        events.remove(state, frame["seat"], choice_.args_as(Area).area)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: the event removes one of your hoplites or galleys: from where?",
                   seat=frame["seat"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        area = choice_.args_as(Area).area
        unit = "hoplite" if catalog().is_land(area) else "galley"
        return (Say("A {unit:unit} from {area:area}", unit=unit, area=area),
                Say("{n} there", n=state["units"][area][frame["seat"]]))


class RoundEnd(Auto):
    """Projects under construction are completed; then each side's round end, both at once."""

    name = "round_end"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        cat = catalog()
        add_log(state, Say("Both sides have passed: round {round} ends.", round=state["round"]))
        state["phase"] = "upkeep"
        for polis, tile in list(state["building"].items()):
            owner = state["owner"][polis]
            if owner is None:
                continue
            gained = cat.projects[tile]["round"]
            state["prestige"][owner] += gained
            state["built"].setdefault(polis, []).append(tile)
            del state["building"][polis]
            add_log(state, Say("{seat:side} completes the {tile:project} in {polis:polis}: +{n} prestige.", seat=owner,
                               tile=tile, polis=polis, n=gained))
        flow.push({"step": "round_close"})
        flow.parallel({seat: [{"step": "feed", "seat": seat}, {"step": "growth", "seat": seat, "grown": {}},
                              {"step": "settle", "seat": seat}, {"step": "tax", "seat": seat}] for seat in (0, 1)})


class Feed(Auto):
    name = "feed"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = frame["seat"]
        ledger = ledger_of(state, seat)
        fed = upkeep.feed(ledger)
        store(state, seat, ledger)
        if fed.prestige:
            add_log(state, Say("{seat:side} feeds {need:citizens} with {wheat} wheat and {prestige} prestige.",
                               seat=seat, need=fed.need, wheat=fed.wheat, prestige=fed.prestige))
        else:
            add_log(state, Say("{seat:side} feeds {need:citizens} with {wheat} wheat.", seat=seat, need=fed.need,
                               wheat=fed.wheat))
        if fed.unfed:
            state["unfed"][seat] = True
            add_log(state, Say("{seat:side} cannot feed {unfed:citizens}: it must give up cities, and the game ends "
                               "with this round.", seat=seat, unfed=fed.unfed))
            flow.push({"step": "give_up", "seat": seat, "unfed": fed.unfed})


class GiveUp(Ask):
    name = "give_up"
    topic = "feeding"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.polis(p) for p, owner in state["owner"].items() if owner == frame["seat"]]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        polis = choice_.args_as(Polis).polis
        citizens = state["pop"][polis]
        holdings.release(state, polis)
        add_log(state, Say("{seat:side} gives up {polis:polis} ({citizens:citizens}).", seat=frame["seat"], polis=polis,
                           citizens=citizens))
        left = frame["unfed"] - citizens
        if left > 0 and self.options(state, frame):
            flow.push({**frame, "unfed": left})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: give up cities holding {unfed:count}", seat=frame["seat"],
                   unfed=[frame["unfed"], "unfed citizen"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        polis = choice_.args_as(Polis).polis
        return Say("{polis:polis}", polis=polis), Say("{pop:citizens}", pop=state["pop"][polis])


class Growth(Ask):
    """New citizens, one at a time: 1 wheat each, within the polis's maximum and growth."""

    name = "growth"
    topic = "growth"

    def ready(self, state: State, frame: Frame) -> bool:
        return len(self.options(state, frame)) > 1

    def options(self, state: State, frame: Frame) -> list[Choice]:
        ledger = ledger_of(state, frame["seat"])
        grown = frame["grown"]
        found = [choices.grow(c.id) for c in ledger.cities if upkeep.growth_room(ledger, c, grown.get(c.id, 0))]
        found.append(choices.DONE)
        return found

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        if type(choice_.args) is Done:
            return
        seat, polis = frame["seat"], choice_.args_as(Grow).polis
        ledger = ledger_of(state, seat)
        upkeep.grow(ledger, polis)
        store(state, seat, ledger)
        add_log(state, Say("{seat:side} grows {polis:polis} to {pop:citizens}.", seat=seat, polis=polis,
                           pop=state["pop"][polis]))
        flow.push({**frame, "grown": {**frame["grown"], polis: frame["grown"].get(polis, 0) + 1}})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: growth, 1 wheat per new citizen ({wheat} wheat)", seat=frame["seat"],
                   wheat=state["res"][frame["seat"]]["wheat"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        if type(choice_.args) is Done:
            return Say("Done growing"), ""
        polis = choice_.args_as(Grow).polis
        record = catalog().poleis[polis]
        return (Say("+1 citizen in {polis:polis}", polis=polis),
                Say("{pop}/{most}, 1 wheat", pop=state["pop"][polis], most=record["max"]))


class Settle(Auto):
    """Megalopolis, then spoilage."""

    name = "settle"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat = frame["seat"]
        ledger = ledger_of(state, seat)
        big = upkeep.megalopolis(ledger)
        lost = upkeep.spoil(ledger)
        store(state, seat, ledger)
        if big:
            add_log(state, Say("{seat:side}: megalopolis, +{n} prestige.", seat=seat, n=big))
        spoiled = [good for good, n in lost.items() for _ in range(n)]
        if spoiled:
            add_log(state, Say("{seat:side} loses {lost:goods} to spoilage.", seat=seat, lost=spoiled))


class Tax(Ask):
    name = "tax"
    topic = "tax"
    CHOICES = (choices.TAX, choices.NO_TAX)

    def ready(self, state: State, frame: Frame) -> bool:
        prestige: int = state["prestige"][frame["seat"]]
        return prestige >= 1

    def options(self, state: State, frame: Frame) -> tuple[Choice, ...]:
        return self.CHOICES

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        if type(choice_.args) is LevyTax:
            seat = frame["seat"]
            ledger = ledger_of(state, seat)
            upkeep.tax(ledger)
            store(state, seat, ledger)
            add_log(state, Say("{seat:side} levies a tax: 1 prestige for 1 silver.", seat=seat))

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: levy a tax (1 prestige for 1 silver)?", seat=frame["seat"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        if type(choice_.args) is LevyTax:
            return Say("Levy the tax"), Say("1 prestige for 1 silver")
        return Say("No tax"), ""


class RoundClose(Auto):
    """The end conditions; otherwise the clean-up and the next round's projects and event."""

    name = "round_close"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        reasons = upkeep.end_reasons(state["round"], state["unfed"], state["prestige"])
        if reasons:
            state["end"] = reasons
            add_log(state, Say("The game ends: {reasons:reasons}.", reasons=list(reasons)))
            flow.clear()
            return
        for market, slots in state["slots"].items():
            for seat in slots:
                if seat is not None:
                    state["merchants"][seat] += 1
            state["slots"][market] = [None] * len(slots)
        state["round"] += 1
        state.update(tribute=[], closed=[], offer=[], starter=None, event=None)
        add_log(state, Say("The merchant ships come home; the tribute boxes and the projects on offer are cleared."))
        flow.push(*opening())


STEPS = (RevealProject(), DrawEvent(), RemoveUnit(), RoundEnd(), Feed(), GiveUp(), Growth(), Settle(), Tax(),
         RoundClose())
