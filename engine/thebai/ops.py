"""The steps that resolve the simple operations of an effect: gains, VP, exchanges, optional
payments and choices between alternatives, and the devotion-track rewards."""

from __future__ import annotations

from engine.core import Ask, Auto, Choice

from . import choices, effects
from .board import add_vp, can_pay, gain, log, names, pay
from .catalog import catalog
from .choices import Alternative, Exchange as ExchangeArgs, Good, Skip, Stop
from .effects import GOODS, RESOURCES
from .text import amount, cost_text, effect_text
from .metrics import metric


class Gain(Auto):
    name = "gain"

    def run(self, state, frame, flow):
        gain(state, frame["seat"], frame["res"])
        log(state, lambda: f"{names(state, frame['seat'])} gains {amount(frame['res'])}")


class GainAny(Ask):
    """One good of your choice, n times."""

    name = "gain_any"
    topic = "goods"
    CHOICES = tuple(choices.choice(Good(g)) for g in GOODS)

    def options(self, state, frame):
        return self.CHOICES

    def describe(self, state, frame, choice):
        return f"Take 1 {choice.args.good}", ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: take a good ({frame['n']} left)"

    def act(self, state, frame, choice, flow):
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})
        good = choice.args.good
        gain(state, frame["seat"], {good: 1})
        log(state, lambda: f"{names(state, frame['seat'])} takes 1 {good}")


class GainKind(GainAny):
    """n goods, all of one kind of your choice."""

    name = "gain_kind"

    def describe(self, state, frame, choice):
        return f"Take {frame['n']} {choice.args.good}", ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: take {frame['n']} goods of one kind"

    def act(self, state, frame, choice, flow):
        good = choice.args.good
        gain(state, frame["seat"], {good: frame["n"]})
        log(state, lambda: f"{names(state, frame['seat'])} takes {frame['n']} {good}")


class Vp(Auto):
    name = "vp"

    def run(self, state, frame, flow):
        got = add_vp(state, frame["seat"], frame["n"])
        log(state, lambda: f"{names(state, frame['seat'])} scores {got} VP")


class VpPer(Auto):
    name = "vp_per"

    def run(self, state, frame, flow):
        count = metric(state, frame["seat"], frame["metric"])
        got = add_vp(state, frame["seat"], count // frame.get("per", 1) * frame.get("vp", 1))
        log(state, lambda: f"{names(state, frame['seat'])} scores {got} VP ({count} counted)")


def exchange_choices(state, seat: int) -> list[Choice]:
    res = state["res"][seat]
    return [choices.exchange(give, get) for give in RESOURCES if res[give] for get in RESOURCES if get != give]


def do_exchange(state, seat: int, exchange: ExchangeArgs) -> None:
    give, get = exchange.give, exchange.get
    pay(state, seat, {give: 1})
    gain(state, seat, {get: 1})
    log(state, lambda: f"{names(state, seat)} exchanges 1 {give} for 1 {get}")


class Exchange(Ask):
    name = "exchange"
    topic = "goods"

    def ready(self, state, frame):
        return any(state["res"][frame["seat"]].values())

    def options(self, state, frame):
        return [*exchange_choices(state, frame["seat"]), choices.STOP]

    def describe(self, state, frame, choice):
        match choice.args:
            case ExchangeArgs(give, get):
                return f"1 {give} -> 1 {get}", ""
        return "No more exchanges", ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: exchange ({frame['n']} left)"

    def act(self, state, frame, choice, flow):
        if isinstance(choice.args, Stop):
            return
        if frame["n"] > 1:
            flow.push({**frame, "n": frame["n"] - 1})
        do_exchange(state, frame["seat"], choice.args)


class Pay(Ask):
    """An optional payment (the red number before an arrow): pay, or let it go."""

    name = "pay"
    topic = "actions"

    def ready(self, state, frame):
        return frame["times"] > 0 and can_pay(state, frame["seat"], frame["cost"])

    def options(self, state, frame):
        return (choices.PAY, choices.SKIP)

    def describe(self, state, frame, choice):
        if isinstance(choice.args, Skip):
            return "Do not pay", ""
        return f"Pay {cost_text(frame['cost']) or 'nothing'}", effect_text(frame["then"], frame["power"])

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: pay {cost_text(frame['cost'])} for {effect_text(frame['then'], frame['power'])}?"

    def act(self, state, frame, choice, flow):
        if isinstance(choice.args, Skip):
            return
        seat = frame["seat"]
        pay(state, seat, frame["cost"])
        log(state, lambda: f"{names(state, seat)} pays {cost_text(frame['cost'])}")
        flow.push(*effects.frames(frame["then"], seat, frame["power"]), {**frame, "times": frame["times"] - 1})


class Choose(Ask):
    """One of several alternatives, each perhaps with a cost; or none of them."""

    name = "choose"
    topic = "actions"

    def options(self, state, frame):
        seat = frame["seat"]
        return [*(choices.alternative(k) for k, a in enumerate(frame["alternatives"]) if can_pay(state, seat, a["cost"])),
                choices.NONE_OF]

    def describe(self, state, frame, choice):
        if not isinstance(choice.args, Alternative):
            return "None of them", ""
        a = frame["alternatives"][choice.args.index]
        lead = f"Pay {cost_text(a['cost'])}: " if a["cost"] else ""
        return lead + effect_text(a["then"], frame["power"]), ""

    def prompt(self, state, frame):
        return f"{names(state, frame['seat'])}: choose one"

    def act(self, state, frame, choice, flow):
        if not isinstance(choice.args, Alternative):
            return
        a = frame["alternatives"][choice.args.index]
        pay(state, frame["seat"], a["cost"])
        flow.push(*effects.frames(a["then"], frame["seat"], frame["power"]))


class GainMetoikoi(Auto):
    name = "gain_metoikoi"

    def run(self, state, frame, flow):
        if state["meto_left"].get(frame["id"], 0) > 0:
            state["meto_left"][frame["id"]] -= 1
            state["meto"][frame["seat"]].append(frame["id"])
            log(state, lambda: f"{names(state, frame['seat'])} takes metoikoi {frame['id']}")


class GainBlessing(Auto):
    name = "gain_blessing"

    def run(self, state, frame, flow):
        seat, blessing = frame["seat"], frame["id"]
        if state["bless_left"].get(blessing, 0) > 0 and blessing not in state["blessings"][seat]:
            state["bless_left"][blessing] -= 1
            state["blessings"][seat].append(blessing)
            log(state, lambda: f"{names(state, seat)} takes the blessing {blessing}")


class FinalBlessing(Auto):
    """The last step of a track: the top VP tile of its stack, and a promotion if possible."""

    name = "final_blessing"

    def run(self, state, frame, flow):
        seat, stack = frame["seat"], state["final_left"][frame["id"]]
        if not stack:
            return
        vp = stack.pop()
        state["blessings"][seat].append(f"{frame['id']}:{vp}")
        got = add_vp(state, seat, vp)
        log(state, lambda: f"{names(state, seat)} takes the last blessing of the track: {got} VP")
        die = catalog().blessings[frame["id"]]["die"]
        flow.push({"step": "promote", "seat": seat, "n": 1, "kind": die, "where": "any", "mode": "any", "times": 1,
                   "done": []})


STEPS = (Gain(), GainAny(), GainKind(), Vp(), VpPer(), Exchange(), Pay(), Choose(), GainMetoikoi(), GainBlessing(),
         FinalBlessing())
