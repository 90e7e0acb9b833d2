"""The steps inside an action that pick a polis (for every action aimed at one), the sea of the
galleys, how many units and how to pay for them, and the project to start."""

from __future__ import annotations

from engine.core import Ask, Choice, Frame, Say, Stack, State
from engine.core.text import Said
from engine.i18n import N_

from . import choices, develop, geo, holdings, military, politics
from .catalog import catalog
from .choices import Area, Count, Polis, Project, Silver

TOPIC = {"hoplites": "hoplites", "galleys": "galleys", "merchants": "merchants", "siege": "siege",
         "proxenos": "proxenos", "civil-war": "civil-war", "project": "projects"}


def polis_options(state: State, frame: Frame) -> list[str]:
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

    def __init__(self, action: str) -> None:
        self.name = f"{action}_{self.kind}"
        self.topic = TOPIC[action]

    kind = ""
    """What the step chooses: 'polis', 'count' or 'pay'."""


def step_of(action: str, kind: str) -> str:
    return f"{action}_{kind}"


CHOOSE_POLIS = {
    "siege": N_("{seat:side_player}, {action:action}: choose the polis to besiege"),
    "proxenos": N_("{seat:side_player}, {action:action}: choose where the proxenos goes"),
    "civil-war": N_("{seat:side_player}, {action:action}: choose the polis to incite"),
    "project": N_("{seat:side_player}, {action:action}: choose the polis to build the {tile:project} in"),
}
"""The prompt of the polis an action aims at, by action (else: 'choose the polis')."""


class ChoosePolis(PerAction):
    kind = "polis"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.polis(p) for p in polis_options(state, frame)]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        seat, action, polis = frame["seat"], frame["action"], choice_.args_as(Polis).polis
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

    def prompt(self, state: State, frame: Frame) -> Said:
        action = frame["action"]
        template = CHOOSE_POLIS.get(action, N_("{seat:side_player}, {action:action}: choose the polis"))
        if action == "project":
            return Say(template, seat=frame["seat"], action=action, tile=frame["tile"])
        return Say(template, seat=frame["seat"], action=action)

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        seat, action, polis = frame["seat"], frame["action"], choice_.args_as(Polis).polis
        record = catalog().poleis[polis]
        hint: Said
        if action in develop.MAIN_COST:
            hint = Say("{pop:citizens}, up to {most}", pop=state["pop"][polis],
                       most=develop.most(state, seat, action, polis))
        elif action == "siege":
            hint = Say("fortification {base}: needs {base}+ on the d4", base=record["base"])
        elif action == "proxenos":
            cost = politics.proxenos_moves(state, seat)[polis]
            hint = Say("{cost} silver in bribes", cost=cost) if cost else Say("no bribes")
        elif action == "civil-war":
            hint = Say("{cost} silver; +{prestige} prestige", cost=politics.civil_war_cost(state, polis),
                       prestige=holdings.citizens_if_taken(state, polis))
        else:
            hint = Say("{type:project_type} polis", type=record["type"])
        return Say("{polis:polis}", polis=polis), hint


class ChooseSea(Ask):
    name = "sea"
    topic = "galleys"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.area(s) for s in develop.open_seas(state, frame["seat"], frame["polis"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        flow.push({"step": "galleys_count", "seat": frame["seat"], "action": "galleys", "polis": frame["polis"],
                   "sea": choice_.args_as(Area).area})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: which sea do the galleys of {polis:polis} go to?", seat=frame["seat"],
                   polis=frame["polis"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        sea = choice_.args_as(Area).area
        return Say("{sea:area}", sea=sea), Say("room for {n}", n=geo.room(state, sea, frame["seat"]))


class ChooseCount(PerAction):
    kind = "count"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        most = develop.most(state, frame["seat"], frame["action"], frame["polis"], frame["sea"])
        return [choices.count(n) for n in range(1, most + 1)]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        n = choice_.args_as(Count).n
        seat, action = frame["seat"], frame["action"]
        splits = develop.silver_splits(state, seat, action, n)
        if len(splits) == 1:
            develop.build_units(state, seat, action, frame["polis"], n, splits[0], frame["sea"])
        else:
            flow.push({**frame, "step": step_of(action, "pay"), "n": n})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: how many {unit:plural} from {polis:polis}?", seat=frame["seat"],
                   unit=develop.UNIT_WORD[frame["action"]], polis=frame["polis"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        n, action = choice_.args_as(Count).n, frame["action"]
        return (Say("{units:count}", units=[n, develop.UNIT_WORD[action]]),
                Say("{cost:count} or silver", cost=[n, develop.MAIN_COST[action]]))


class PayUnits(PerAction):
    kind = "pay"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        splits = develop.silver_splits(state, frame["seat"], frame["action"], frame["n"])
        return [choices.silver(s) for s in splits]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        develop.build_units(state, frame["seat"], frame["action"], frame["polis"], frame["n"],
                            choice_.args_as(Silver).silver, frame["sea"])

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: pay for {units:count}", seat=frame["seat"],
                   units=[frame["n"], develop.UNIT_WORD[frame["action"]]])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        paid = choice_.args_as(Silver).silver
        main = develop.MAIN_COST[frame["action"]]
        return Say("{cost:cost}", cost={main: frame["n"] - paid, "silver": paid}), ""


class ChooseProject(Ask):
    name = "project"
    topic = "projects"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.project(t) for t in develop.project_tiles(state, frame["seat"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        flow.push({"step": "project_polis", "seat": frame["seat"], "action": "project",
                   "tile": choice_.args_as(Project).tile})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: which project?", seat=frame["seat"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        tile = choice_.args_as(Project).tile
        record = catalog().projects[tile]
        hint = Say("{type:project_type}, costs {cost:cost}; +{now} now, +{end} at the end", type=record["type"],
                   cost=dict(record["cost"]), now=record["round"], end=record["final"])
        return Say("{tile:project}", tile=tile), hint


STEPS = (*(ChoosePolis(a) for a in TOPIC), *(ChooseCount(a) for a in develop.MAIN_COST),
         *(PayUnits(a) for a in develop.MAIN_COST), ChooseSea(), ChooseProject())
