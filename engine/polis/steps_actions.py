"""The steps inside an action: pick a polis, a sea, a count, how to pay, a project, a
destination and the units that go there, a region, a market, an exchange; the d4 rolls."""

from __future__ import annotations

from engine.core import Ask, Draw

from . import develop, geo, military, politics
from .choices import choice, outcome
from .data import catalogue
from .terms import ACTION_NAMES, DIE
from .text import cost_text, counted, plural, side_of

DIE_FACES = tuple(outcome(f"d4:{n}") for n in range(1, DIE + 1))
TOPIC = {"hoplites": "hoplites", "galleys": "galleys", "merchants": "merchants", "siege": "siege",
         "proxenos": "proxenos", "civil-war": "civil-war", "project": "projects"}


def polis_options(state, frame) -> list[str]:
    seat, action = frame["seat"], frame["action"]
    if action in develop.MAIN_COST:
        return develop.unit_poleis(state, seat, action)
    if action == "siege":
        return military.siege_targets(state, seat)
    if action == "proxenos":
        return list(politics.proxenos_moves(state, seat))
    if action == "civil-war":
        return politics.civil_war_targets(state, seat)
    return develop.project_poleis(state, seat, frame["tile"])


class PerAction(Ask):
    """A step made once per action, named and explained (help topic) per action."""

    def __init__(self, action: str):
        self.name = f"{action}_{self.kind}"
        self.topic = TOPIC[action]

    kind = ""


def step_of(action: str, kind: str) -> str:
    return f"{action}_{kind}"


class ChoosePolis(PerAction):
    kind = "polis"

    def options(self, state, frame):
        return [choice(f"polis:{p}", f"polis:{p}") for p in polis_options(state, frame)]

    def act(self, state, frame, choice_, flow):
        seat, action, polis = frame["seat"], frame["action"], choice_.id[6:]
        if action in ("hoplites", "merchants"):
            flow.push({"step": step_of(action, "count"), "seat": seat, "action": action, "polis": polis, "sea": None})
        elif action == "galleys":
            seas = develop.open_seas(state, seat, polis)
            if len(seas) > 1:
                flow.push({"step": "sea", "seat": seat, "polis": polis})
            else:
                flow.push({"step": step_of(action, "count"), "seat": seat, "action": action, "polis": polis,
                           "sea": seas[0]})
        elif action == "siege":
            flow.push({"step": "siege_roll", "seat": seat, "polis": polis})
        elif action == "proxenos":
            politics.move_proxenos(state, seat, polis, politics.proxenos_moves(state, seat)[polis])
        elif action == "civil-war":
            politics.civil_war(state, seat, polis)
        else:
            develop.start_project(state, seat, frame["tile"], polis)

    def prompt(self, state, frame):
        action = frame["action"]
        what = {"siege": "the polis to besiege", "proxenos": "where the proxenos goes",
                "civil-war": "the polis to incite", "project": f"the polis to build the "
                f"{catalogue().name(frame.get('tile', ''))} in"}.get(action, "the polis")
        return f"{side_of(state, frame['seat'])}, {ACTION_NAMES[action]}: choose {what}"

    def describe(self, state, frame, choice_):
        seat, action, polis = frame["seat"], frame["action"], choice_.id[6:]
        cat = catalogue()
        record = cat.poleis[polis]
        if action in develop.MAIN_COST:
            hint = f"{plural(state['pop'][polis], 'citizen')}, up to {develop.most(state, seat, action, polis)}"
        elif action == "siege":
            hint = f"fortification {record['base']}: needs {record['base']}+ on the d4"
        elif action == "proxenos":
            cost = politics.proxenos_moves(state, seat)[polis]
            hint = f"{cost} silver in bribes" if cost else "no bribes"
        elif action == "civil-war":
            cost = politics.civil_war_cost(state, polis)
            hint = f"{cost} silver; +{politics.holdings.citizens_if_taken(state, polis)} prestige"
        else:
            hint = f"{record['type']} polis"
        return record["name"], hint


class ChooseSea(Ask):
    name = "sea"
    topic = "galleys"

    def options(self, state, frame):
        return [choice(f"area:{s}", f"area:{s}") for s in develop.open_seas(state, frame["seat"], frame["polis"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "galleys_count", "seat": frame["seat"], "action": "galleys", "polis": frame["polis"],
                   "sea": choice_.id[5:]})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: which sea do the galleys of {catalogue().name(frame['polis'])} go to?"

    def describe(self, state, frame, choice_):
        sea = choice_.id[5:]
        return catalogue().name(sea), f"room for {geo.room(state, sea, frame['seat'])}"


class ChooseCount(PerAction):
    kind = "count"

    def options(self, state, frame):
        most = develop.most(state, frame["seat"], frame["action"], frame["polis"], frame["sea"])
        return [choice(f"n:{n}") for n in range(1, most + 1)]

    def act(self, state, frame, choice_, flow):
        n = int(choice_.id[2:])
        seat, action = frame["seat"], frame["action"]
        splits = develop.silver_splits(state, seat, action, n)
        if len(splits) == 1:
            develop.build_units(state, seat, action, frame["polis"], n, splits[0], frame["sea"])
        else:
            flow.push({**frame, "step": step_of(action, "pay"), "n": n})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: how many {develop.UNIT_WORD[frame['action']]}s from " \
               f"{catalogue().name(frame['polis'])}?"

    def describe(self, state, frame, choice_):
        n = int(choice_.id[2:])
        return plural(n, develop.UNIT_WORD[frame["action"]]), f"{plural(n, develop.MAIN_COST[frame['action']])} or silver"


class PayUnits(PerAction):
    kind = "pay"

    def options(self, state, frame):
        splits = develop.silver_splits(state, frame["seat"], frame["action"], frame["n"])
        return [choice(f"silver:{s}") for s in splits]

    def act(self, state, frame, choice_, flow):
        develop.build_units(state, frame["seat"], frame["action"], frame["polis"], frame["n"], int(choice_.id[7:]),
                            frame["sea"])

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: pay for {plural(frame['n'], develop.UNIT_WORD[frame['action']])}"

    def describe(self, state, frame, choice_):
        silver = int(choice_.id[7:])
        main = develop.MAIN_COST[frame["action"]]
        return cost_text({main: frame["n"] - silver, "silver": silver}), ""


class ChooseProject(Ask):
    name = "project"
    topic = "projects"

    def options(self, state, frame):
        return [choice(f"project:{t}", f"project:{t}") for t in develop.project_tiles(state, frame["seat"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "project_polis", "seat": frame["seat"], "action": "project", "tile": choice_.id[8:]})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: which project?"

    def describe(self, state, frame, choice_):
        record = catalogue().projects[choice_.id[8:]]
        return record["name"], (f"{record['type']}, costs {cost_text(record['cost'])}; "
                                 f"+{record['round']} now, +{record['final']} at the end")


class ChooseDestination(Ask):
    name = "destination"
    topic = "moving"

    def options(self, state, frame):
        return [choice(f"to:{a}", f"area:{a}") for a in military.destinations(state, frame["seat"], frame["action"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "gather", "seat": frame["seat"], "action": frame["action"], "dest": choice_.id[3:],
                   "picked": {}})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}, {ACTION_NAMES[frame['action']]}: choose the one destination"

    def describe(self, state, frame, choice_):
        dest = choice_.id[3:]
        return catalogue().name(dest), f"room for {geo.room(state, dest, frame['seat'])}"


class Gather(Ask):
    """Units join the move one origin at a time: +1 from an area, all it can send, or done."""

    name = "gather"
    topic = "moving"

    def options(self, state, frame):
        seat, dest, picked = frame["seat"], frame["dest"], frame["picked"]
        left = geo.room(state, dest, seat) - sum(picked.values())
        found = []
        if left > 0:
            for origin in military.origins(state, seat, frame["action"], dest):
                free = state["units"][origin][seat] - picked.get(origin, 0)
                if free > 0:
                    found.append(choice(f"from:{origin}", f"area:{origin}"))
                    if min(free, left) > 1:
                        found.append(choice(f"all:{origin}"))
        if picked:
            found.append(choice("done"))
        return found

    def act(self, state, frame, choice_, flow):
        seat, dest = frame["seat"], frame["dest"]
        picked = dict(frame["picked"])
        if choice_.id != "done":
            kind, origin = choice_.id.split(":")
            left = geo.room(state, dest, seat) - sum(picked.values())
            free = state["units"][origin][seat] - picked.get(origin, 0)
            picked[origin] = picked.get(origin, 0) + (1 if kind == "from" else min(free, left))
            following = {**frame, "picked": picked}
            if any(c.id != "done" for c in self.options(state, following)):
                flow.push(following)
                return
        military.move(state, seat, frame["action"], dest, picked)

    def prompt(self, state, frame):
        picked = frame["picked"]
        word = "hoplites" if frame["action"] == "move-hoplites" else "galleys"
        so_far = ", ".join(f"{n} from {catalogue().name(a)}" for a, n in picked.items()) or "none yet"
        return f"{side_of(state, frame['seat'])}: {word} to {catalogue().name(frame['dest'])} ({so_far})"

    def describe(self, state, frame, choice_):
        if choice_.id == "done":
            return "Done: move them", f"{sum(frame['picked'].values())} in all"
        kind, origin = choice_.id.split(":")
        free = state["units"][origin][frame["seat"]] - frame["picked"].get(origin, 0)
        if kind == "from":
            return f"+1 from {catalogue().name(origin)}", f"{free} there"
        left = geo.room(state, frame["dest"], frame["seat"]) - sum(frame["picked"].values())
        return f"+{min(free, left)} from {catalogue().name(origin)}", "all it can send"


class SiegeRoll(Draw):
    name = "siege_roll"
    topic = "siege"

    def options(self, state, frame):
        return DIE_FACES

    def act(self, state, frame, choice_, flow):
        military.siege(state, frame["seat"], frame["polis"], int(choice_.id[3:]))

    def prompt(self, state, frame):
        return f"Roll the d4 for the siege of {catalogue().name(frame['polis'])}"

    def describe(self, state, frame, choice_):
        return f"The die shows {choice_.id[3:]}", ""


class ChooseRegion(Ask):
    name = "region"
    topic = "tribute"

    def options(self, state, frame):
        return [choice(f"area:{r}", f"area:{r}") for r in military.tribute_regions(state, frame["seat"])]

    def act(self, state, frame, choice_, flow):
        military.collect(state, frame["seat"], choice_.id[5:])

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: collect tribute where?"

    def describe(self, state, frame, choice_):
        seat, region = frame["seat"], choice_.id[5:]
        cost = military.tribute_cost(state, seat, region)
        gain = counted(military.tribute_yield(state, seat, region))
        return catalogue().name(region), gain + ("; home: no prestige" if not cost else "; 1 prestige")


class ChooseMarket(Ask):
    name = "market"
    topic = "trade"

    def options(self, state, frame):
        return [choice(f"market:{m}", f"market:{m}") for m in politics.markets(state, frame["seat"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "goods", "seat": frame["seat"], "market": choice_.id[7:]})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: send a merchant ship to which market?"

    def describe(self, state, frame, choice_):
        market = choice_.id[7:]
        record = catalogue().markets[market]
        goods, silver = politics.price(state, market)
        paid = "/".join(record["buys"]) + (f" or {silver} silver" if silver is not None else "")
        return record["name"], f"{goods} {paid} for {record['shipload']} {'/'.join(record['gives'])}"


class ChooseExchange(Ask):
    name = "goods"
    topic = "trade"

    def options(self, state, frame):
        return [choice(f"pay:{paid}:{got}") for paid, got in politics.exchanges(state, frame["seat"], frame["market"])]

    def act(self, state, frame, choice_, flow):
        _, paid, got = choice_.id.split(":")
        politics.trade(state, frame["seat"], frame["market"], paid, got)
        flow.push({"step": "trade_roll", "market": frame["market"], "paid": paid})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: what does the ship trade in {catalogue().name(frame['market'])}?"

    def describe(self, state, frame, choice_):
        _, paid, got = choice_.id.split(":")
        goods, silver = politics.price(state, frame["market"])
        cost = silver if paid == "silver" else goods
        shipload = catalogue().markets[frame["market"]]["shipload"]
        moves = "the price then falls by a d4" if paid == "silver" else "the price then rises by a d4"
        return f"{cost} {paid} for {shipload} {got}", moves


class TradeRoll(Draw):
    name = "trade_roll"
    topic = "trade"

    def options(self, state, frame):
        return DIE_FACES

    def act(self, state, frame, choice_, flow):
        politics.move_price(state, frame["market"], frame["paid"], int(choice_.id[3:]))

    def prompt(self, state, frame):
        return f"Roll the d4 for the price in {catalogue().name(frame['market'])}"

    def describe(self, state, frame, choice_):
        return f"The die shows {choice_.id[3:]}", ""


STEPS = (*(ChoosePolis(a) for a in TOPIC), *(ChooseCount(a) for a in develop.MAIN_COST),
         *(PayUnits(a) for a in develop.MAIN_COST), ChooseSea(), ChooseProject(), ChooseDestination(), Gather(),
         SiegeRoll(), ChooseRegion(), ChooseMarket(), ChooseExchange(), TradeRoll())
