"""The start and the end of a round: project tiles and the event (chance steps), then at the
end projects, feeding, growth, megalopolis, spoilage, tax (both sides at once), the end
conditions, and the clean-up before the next round."""

from __future__ import annotations

from collections import Counter

from engine.core import Ask, Auto, Draw, add_log

from . import choices, events, holdings, upkeep
from .choices import Done, LevyTax
from .catalog import catalog
from .setup import opening
from .text import SIDE_NAMES, counted, plural, side_of


def ledger_of(state, seat) -> upkeep.Ledger:
    poleis = catalog().poleis
    cities = [upkeep.City(p, state["pop"][p], poleis[p]["base"], poleis[p]["max"], poleis[p]["growth"])
              for p, owner in state["owner"].items() if owner == seat]
    return upkeep.Ledger(state["prestige"][seat], dict(state["res"][seat]), cities, state["supply"][seat])


def store(state, seat, ledger: upkeep.Ledger) -> None:
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

    def ready(self, state, frame):
        return bool(state["stack"])

    def options(self, state, frame):
        return [choices.project_turned_up(t) for t in state["stack"]]

    def act(self, state, frame, choice_, flow):
        tile = choice_.args.tile
        state["stack"].remove(tile)
        state["offer"].append(tile)
        add_log(state, f"Project on offer: {catalog().name(tile)}.")
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})

    def prompt(self, state, frame):
        return f"Turn up a project tile ({frame['n']} to go)"

    def describe(self, state, frame, choice_):
        return catalog().name(choice_.args.tile), ""


class DrawEvent(Draw):
    name = "draw_event"
    topic = "events"

    def options(self, state, frame):
        deck = state["events"][state["round"] - 1]
        return [choices.event(e, n) for e, n in sorted(Counter(deck).items())]

    def act(self, state, frame, choice_, flow):
        event = choice_.args.event
        state["events"][state["round"] - 1].remove(event)
        removers = events.resolve(state, event)
        if removers:
            flow.parallel({seat: [{"step": "remove_unit", "seat": seat}] for seat in removers})

    def prompt(self, state, frame):
        return f"Draw the event card of round {catalog().rounds[state['round'] - 1]['label']}"

    def describe(self, state, frame, choice_):
        return catalog().name(choice_.args.event), ""


class RemoveUnit(Ask):
    name = "remove_unit"
    topic = "events"

    def options(self, state, frame):
        return [choices.area(a) for a in events.removable(state, frame["seat"])]

    def act(self, state, frame, choice_, flow):
        events.remove(state, frame["seat"], choice_.args.area)

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: the event removes one of your hoplites or galleys: from where?"

    def describe(self, state, frame, choice_):
        area = choice_.args.area
        word = "hoplite" if catalog().is_land(area) else "galley"
        return f"A {word} from {catalog().name(area)}", f"{state['units'][area][frame['seat']]} there"


class RoundEnd(Auto):
    """Projects under construction are completed; then each side's round end, both at once."""

    name = "round_end"

    def run(self, state, frame, flow):
        cat = catalog()
        add_log(state, f"Both sides have passed: round {state['round']} ends.")
        state["phase"] = "upkeep"
        for polis, tile in list(state["building"].items()):
            owner = state["owner"][polis]
            if owner is None:
                continue
            gained = cat.projects[tile]["round"]
            state["prestige"][owner] += gained
            state["built"].setdefault(polis, []).append(tile)
            del state["building"][polis]
            add_log(state, f"{SIDE_NAMES[owner]} completes the {cat.name(tile)} in {cat.name(polis)}: +{gained} prestige.")
        flow.push({"step": "round_close"})
        flow.parallel({seat: [{"step": "feed", "seat": seat}, {"step": "growth", "seat": seat, "grown": {}},
                              {"step": "settle", "seat": seat}, {"step": "tax", "seat": seat}] for seat in (0, 1)})


class Feed(Auto):
    name = "feed"

    def run(self, state, frame, flow):
        seat = frame["seat"]
        ledger = ledger_of(state, seat)
        fed = upkeep.feed(ledger)
        store(state, seat, ledger)
        paid = f"{fed.wheat} wheat" + (f" and {fed.prestige} prestige" if fed.prestige else "")
        add_log(state, f"{SIDE_NAMES[seat]} feeds {plural(fed.need, 'citizen')} with {paid}.")
        if fed.unfed:
            state["unfed"][seat] = True
            add_log(state, f"{SIDE_NAMES[seat]} cannot feed {plural(fed.unfed, 'citizen')}: it must give up cities, "
                           "and the game ends with this round.")
            flow.push({"step": "give_up", "seat": seat, "unfed": fed.unfed})


class GiveUp(Ask):
    name = "give_up"
    topic = "feeding"

    def options(self, state, frame):
        return [choices.polis(p) for p, owner in state["owner"].items() if owner == frame["seat"]]

    def act(self, state, frame, choice_, flow):
        polis = choice_.args.polis
        citizens = state["pop"][polis]
        holdings.release(state, polis)
        add_log(state, f"{SIDE_NAMES[frame['seat']]} gives up {catalog().name(polis)} ({plural(citizens, 'citizen')}).")
        left = frame["unfed"] - citizens
        if left > 0 and self.options(state, frame):
            flow.push({**frame, "unfed": left})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: give up cities holding {plural(frame['unfed'], 'unfed citizen')}"

    def describe(self, state, frame, choice_):
        polis = choice_.args.polis
        return catalog().name(polis), plural(state["pop"][polis], "citizen")


class Growth(Ask):
    """New citizens, one at a time: 1 wheat each, within the polis's maximum and growth."""

    name = "growth"
    topic = "growth"

    def ready(self, state, frame):
        return len(self.options(state, frame)) > 1

    def options(self, state, frame):
        ledger = ledger_of(state, frame["seat"])
        grown = frame["grown"]
        found = [choices.grow(c.id) for c in ledger.cities if upkeep.growth_room(ledger, c, grown.get(c.id, 0))]
        found.append(choices.DONE)
        return found

    def act(self, state, frame, choice_, flow):
        if type(choice_.args) is Done:
            return
        seat, polis = frame["seat"], choice_.args.polis
        ledger = ledger_of(state, seat)
        upkeep.grow(ledger, polis)
        store(state, seat, ledger)
        add_log(state, f"{SIDE_NAMES[seat]} grows {catalog().name(polis)} to {plural(state['pop'][polis], 'citizen')}.")
        flow.push({**frame, "grown": {**frame["grown"], polis: frame["grown"].get(polis, 0) + 1}})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: growth, 1 wheat per new citizen ({state['res'][frame['seat']]['wheat']} wheat)"

    def describe(self, state, frame, choice_):
        if type(choice_.args) is Done:
            return "Done growing", ""
        polis = choice_.args.polis
        record = catalog().poleis[polis]
        return f"+1 citizen in {record['name']}", f"{state['pop'][polis]}/{record['max']}, 1 wheat"


class Settle(Auto):
    """Megalopolis, then spoilage."""

    name = "settle"

    def run(self, state, frame, flow):
        seat = frame["seat"]
        ledger = ledger_of(state, seat)
        big = upkeep.megalopolis(ledger)
        lost = upkeep.spoil(ledger)
        store(state, seat, ledger)
        if big:
            add_log(state, f"{SIDE_NAMES[seat]}: megalopolis, +{big} prestige.")
        spoiled = [good for good, n in lost.items() for _ in range(n)]
        if spoiled:
            add_log(state, f"{SIDE_NAMES[seat]} loses {counted(spoiled)} to spoilage.")


class Tax(Ask):
    name = "tax"
    topic = "tax"
    CHOICES = (choices.TAX, choices.NO_TAX)

    def ready(self, state, frame):
        return state["prestige"][frame["seat"]] >= 1

    def options(self, state, frame):
        return self.CHOICES

    def act(self, state, frame, choice_, flow):
        if type(choice_.args) is LevyTax:
            seat = frame["seat"]
            ledger = ledger_of(state, seat)
            upkeep.tax(ledger)
            store(state, seat, ledger)
            add_log(state, f"{SIDE_NAMES[seat]} levies a tax: 1 prestige for 1 silver.")

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: levy a tax (1 prestige for 1 silver)?"

    def describe(self, state, frame, choice_):
        if type(choice_.args) is LevyTax:
            return "Levy the tax", "1 prestige for 1 silver"
        return "No tax", ""


class RoundClose(Auto):
    """The end conditions; otherwise the clean-up and the next round's projects and event."""

    name = "round_close"

    def run(self, state, frame, flow):
        reasons = upkeep.end_reasons(state["round"], state["unfed"], state["prestige"])
        if reasons:
            state["over"], state["end"] = True, reasons
            add_log(state, "The game ends: " + "; ".join(reasons) + ".")
            flow.clear()
            return
        for market, slots in state["slots"].items():
            for seat in slots:
                if seat is not None:
                    state["merchants"][seat] += 1
            state["slots"][market] = [None] * len(slots)
        state["round"] += 1
        state.update(tribute=[], closed=[], offer=[], starter=None, event=None)
        add_log(state, "The merchant ships come home; the tribute boxes and the projects on offer are cleared.")
        flow.push(*opening())


STEPS = (RevealProject(), DrawEvent(), RemoveUnit(), RoundEnd(), Feed(), GiveUp(), Growth(), Settle(), Tax(),
         RoundClose())
