"""The steps inside an action that pick a polis (for every action aimed at one), the sea of the
galleys, how many units and how to pay for them, and the project to start."""

from __future__ import annotations

from engine.core import Ask

from . import choices, develop, geo, military, politics
from .catalog import catalog
from .text import ACTION_NAMES, cost_text, plural, side_of

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
        return [choices.polis(p) for p in polis_options(state, frame)]

    def act(self, state, frame, choice_, flow):
        seat, action, polis = frame["seat"], frame["action"], choice_.args.polis
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
                f"{catalog().name(frame.get('tile', ''))} in"}.get(action, "the polis")
        return f"{side_of(state, frame['seat'])}, {ACTION_NAMES[action]}: choose {what}"

    def describe(self, state, frame, choice_):
        seat, action, polis = frame["seat"], frame["action"], choice_.args.polis
        cat = catalog()
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
        return [choices.area(s) for s in develop.open_seas(state, frame["seat"], frame["polis"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "galleys_count", "seat": frame["seat"], "action": "galleys", "polis": frame["polis"],
                   "sea": choice_.args.area})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: which sea do the galleys of {catalog().name(frame['polis'])} go to?"

    def describe(self, state, frame, choice_):
        sea = choice_.args.area
        return catalog().name(sea), f"room for {geo.room(state, sea, frame['seat'])}"


class ChooseCount(PerAction):
    kind = "count"

    def options(self, state, frame):
        most = develop.most(state, frame["seat"], frame["action"], frame["polis"], frame["sea"])
        return [choices.count(n) for n in range(1, most + 1)]

    def act(self, state, frame, choice_, flow):
        n = choice_.args.n
        seat, action = frame["seat"], frame["action"]
        splits = develop.silver_splits(state, seat, action, n)
        if len(splits) == 1:
            develop.build_units(state, seat, action, frame["polis"], n, splits[0], frame["sea"])
        else:
            flow.push({**frame, "step": step_of(action, "pay"), "n": n})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: how many {develop.UNIT_WORD[frame['action']]}s from " \
               f"{catalog().name(frame['polis'])}?"

    def describe(self, state, frame, choice_):
        n = choice_.args.n
        return plural(n, develop.UNIT_WORD[frame["action"]]), f"{plural(n, develop.MAIN_COST[frame['action']])} or silver"


class PayUnits(PerAction):
    kind = "pay"

    def options(self, state, frame):
        splits = develop.silver_splits(state, frame["seat"], frame["action"], frame["n"])
        return [choices.silver(s) for s in splits]

    def act(self, state, frame, choice_, flow):
        develop.build_units(state, frame["seat"], frame["action"], frame["polis"], frame["n"], choice_.args.silver,
                            frame["sea"])

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: pay for {plural(frame['n'], develop.UNIT_WORD[frame['action']])}"

    def describe(self, state, frame, choice_):
        paid = choice_.args.silver
        main = develop.MAIN_COST[frame["action"]]
        return cost_text({main: frame["n"] - paid, "silver": paid}), ""


class ChooseProject(Ask):
    name = "project"
    topic = "projects"

    def options(self, state, frame):
        return [choices.project(t) for t in develop.project_tiles(state, frame["seat"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "project_polis", "seat": frame["seat"], "action": "project", "tile": choice_.args.tile})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: which project?"

    def describe(self, state, frame, choice_):
        record = catalog().projects[choice_.args.tile]
        return record["name"], (f"{record['type']}, costs {cost_text(record['cost'])}; "
                                 f"+{record['round']} now, +{record['final']} at the end")


STEPS = (*(ChoosePolis(a) for a in TOPIC), *(ChooseCount(a) for a in develop.MAIN_COST),
         *(PayUnits(a) for a in develop.MAIN_COST), ChooseSea(), ChooseProject())
