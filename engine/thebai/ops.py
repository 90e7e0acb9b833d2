"""The steps that resolve the simple operations of an effect: gains, VP, exchanges, optional
payments and choices between alternatives, and the devotion-track rewards."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Ask, Auto, Choice, Say
from engine.core.flow import Frame, Stack
from engine.core.text import Said

from . import choices, effects
from .board import State, add_vp, can_pay, gain, log, pay
from .catalog import catalog
from .choices import Alternative, Good, Skip, Stop
from .choices import Exchange as ExchangeArgs
from .effects import GOODS, RESOURCES
from .metrics import metric


class Gain(Auto):
    name = "gain"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        gain(state, frame["seat"], frame["res"])
        log(state, lambda: Say("{seat:seat} gains {goods:goods}", seat=frame["seat"], goods=frame["res"]))


class GainAny(Ask):
    """One good of your choice, n times."""

    name = "gain_any"
    topic = "goods"
    CHOICES = tuple(choices.choice(Good(g)) for g in GOODS)

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return self.CHOICES

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("Take 1 {good:good}", good=choice.args_as(Good).good), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: take a good ({n} left)", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})
        good = choice.args_as(Good).good
        gain(state, frame["seat"], {good: 1})
        log(state, lambda: Say("{seat:seat} takes 1 {good:good}", seat=frame["seat"], good=good))


class GainKind(GainAny):
    """n goods, all of one kind of your choice."""

    name = "gain_kind"

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        return Say("Take {n} {good:good}", n=frame["n"], good=choice.args_as(Good).good), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: take {n} goods of one kind", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        good = choice.args_as(Good).good
        gain(state, frame["seat"], {good: frame["n"]})
        log(state, lambda: Say("{seat:seat} takes {n} {good:good}", seat=frame["seat"], n=frame["n"], good=good))


class Vp(Auto):
    name = "vp"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        got = add_vp(state, frame["seat"], frame["n"])
        log(state, lambda: Say("{seat:seat} scores {vp} VP", seat=frame["seat"], vp=got))


class VpPer(Auto):
    name = "vp_per"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        count = metric(state, frame["seat"], frame["metric"])
        each, per = frame.get("vp", 1), frame.get("per", 1)
        got = add_vp(state, frame["seat"], count // per * each)
        log(state, lambda: Say("{seat:seat} scores {vp} VP for {count} x {metric:metric} ({rate:rate})",
                               seat=frame["seat"], vp=got, count=count, metric=frame["metric"], rate=[each, per]))


def exchange_choices(state: State, seat: int) -> list[Choice]:
    res = state["res"][seat]
    return [choices.exchange(give, get) for give in RESOURCES if res[give] for get in RESOURCES if get != give]


def do_exchange(state: State, seat: int, exchange: ExchangeArgs) -> None:
    give, get = exchange.give, exchange.get
    pay(state, seat, {give: 1})
    gain(state, seat, {get: 1})
    log(state, lambda: Say("{seat:seat} exchanges 1 {give:good} for 1 {get:good}", seat=seat, give=give, get=get))


class Exchange(Ask):
    name = "exchange"
    topic = "goods"

    def ready(self, state: State, frame: Frame) -> bool:
        return any(state["res"][frame["seat"]].values())

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return [*exchange_choices(state, frame["seat"]), choices.STOP]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        match choice.args:
            case ExchangeArgs(give, get):
                return Say("1 {give:good} -> 1 {get:good}", give=give, get=get), ""
        return Say("No more exchanges"), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: exchange ({n} left)", seat=frame["seat"], n=frame["n"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if isinstance(choice.args, Stop):
            return
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})
        do_exchange(state, frame["seat"], choice.args_as(ExchangeArgs))


class Pay(Ask):
    """An optional payment (the red number before an arrow): pay, or let it go."""

    name = "pay"
    topic = "actions"

    def ready(self, state: State, frame: Frame) -> bool:
        return frame["times"] > 0 and can_pay(state, frame["seat"], frame["cost"])

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        return (choices.PAY, choices.SKIP)

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if isinstance(choice.args, Skip):
            return Say("Do not pay"), ""
        then = {"effect": frame["then"], "power": frame["power"]}
        return Say("Pay {cost:cost}", cost=frame["cost"]), Say("{then:effect}", then=then)

    def prompt(self, state: State, frame: Frame) -> Said:
        then = {"effect": frame["then"], "power": frame["power"]}
        return Say("{seat:seat}: pay {cost:cost} for {then:effect}?", seat=frame["seat"], cost=frame["cost"], then=then)

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if isinstance(choice.args, Skip):
            return
        seat = frame["seat"]
        pay(state, seat, frame["cost"])
        log(state, lambda: Say("{seat:seat} pays {cost:cost}", seat=seat, cost=frame["cost"]))
        flow.push(*effects.frames(frame["then"], seat, frame["power"]), {**frame, "times": frame["times"] - 1})


class Choose(Ask):
    """One of several alternatives, each perhaps with a cost; or none of them."""

    name = "choose"
    topic = "actions"

    def options(self, state: State, frame: Frame) -> Sequence[Choice]:
        seat = frame["seat"]
        return [*(choices.alternative(k) for k, a in enumerate(frame["alternatives"])
                  if can_pay(state, seat, a["cost"])),
                choices.NONE_OF]

    def describe(self, state: State, frame: Frame, choice: Choice) -> tuple[Said, Said]:
        if not isinstance(choice.args, Alternative):
            return Say("None of them"), ""
        a = frame["alternatives"][choice.args.index]
        then = {"effect": a["then"], "power": frame["power"]}
        if a["cost"]:
            return Say("Pay {cost:cost}: {then:effect}", cost=a["cost"], then=then), ""
        return Say("{then:effect}", then=then), ""

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:seat}: choose one", seat=frame["seat"])

    def act(self, state: State, frame: Frame, choice: Choice, flow: Stack) -> None:
        if not isinstance(choice.args, Alternative):
            return
        a = frame["alternatives"][choice.args.index]
        pay(state, frame["seat"], a["cost"])
        flow.push(*effects.frames(a["then"], frame["seat"], frame["power"]))


class GainMetoikoi(Auto):
    name = "gain_metoikoi"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        if state["meto_left"].get(frame["id"], 0) > 0:
            state["meto_left"][frame["id"]] -= 1
            state["meto"][frame["seat"]].append(frame["id"])
            log(state, lambda: Say("{seat:seat} takes metoikoi {metoikoi:metoikoi}",
                                   seat=frame["seat"], metoikoi=frame["id"]))


class GainBlessing(Auto):
    name = "gain_blessing"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat, blessing = frame["seat"], frame["id"]
        if state["bless_left"].get(blessing, 0) > 0 and blessing not in state["blessings"][seat]:
            state["bless_left"][blessing] -= 1
            state["blessings"][seat].append(blessing)
            log(state, lambda: Say("{seat:seat} takes the blessing {blessing:blessing}", seat=seat, blessing=blessing))


class FinalBlessing(Auto):
    """The last step of a track: the top VP tile of its stack, and a promotion if possible."""

    name = "final_blessing"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
        seat, stack = frame["seat"], state["final_left"][frame["id"]]
        if not stack:
            return
        vp = stack.pop()
        state["blessings"][seat].append(f"{frame['id']}:{vp}")
        got = add_vp(state, seat, vp)
        log(state, lambda: Say("{seat:seat} takes the last blessing of the track: {vp} VP", seat=seat, vp=got))
        die = catalog().blessings[frame["id"]]["die"]
        flow.push({"step": "promote", "seat": seat, "n": 1, "kind": die, "where": "any", "mode": "any", "times": 1,
                   "done": []})


STEPS = (Gain(), GainAny(), GainKind(), Vp(), VpPer(), Exchange(), Pay(), Choose(), GainMetoikoi(), GainBlessing(),
         FinalBlessing())
