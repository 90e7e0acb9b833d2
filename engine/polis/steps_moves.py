"""The steps inside moves, tribute and trade: the one destination and the units that go there
(one origin at a time), the region of a tribute, the market and the goods of a trade, and
the d4 rolls of sieges and trades."""

from __future__ import annotations

from engine.core import Ask, Draw

from . import choices, geo, military, politics
from .choices import DIE_FACES, AllFrom, Done, OneFrom
from .catalog import catalog
from .text import ACTION_NAMES, counted, side_of

class ChooseDestination(Ask):
    name = "destination"
    topic = "moving"

    def options(self, state, frame):
        return [choices.destination(a) for a in military.destinations(state, frame["seat"], frame["action"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "gather", "seat": frame["seat"], "action": frame["action"], "dest": choice_.args.area,
                   "picked": {}})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}, {ACTION_NAMES[frame['action']]}: choose the one destination"

    def describe(self, state, frame, choice_):
        dest = choice_.args.area
        return catalog().name(dest), f"room for {geo.room(state, dest, frame['seat'])}"


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
                    found.append(choices.one_from(origin))
                    if min(free, left) > 1:
                        found.append(choices.all_from(origin))
        if picked:
            found.append(choices.DONE)
        return found

    def act(self, state, frame, choice_, flow):
        seat, dest = frame["seat"], frame["dest"]
        picked = dict(frame["picked"])
        args = choice_.args
        if type(args) is not Done:
            origin = args.area
            left = geo.room(state, dest, seat) - sum(picked.values())
            free = state["units"][origin][seat] - picked.get(origin, 0)
            picked[origin] = picked.get(origin, 0) + (1 if type(args) is OneFrom else min(free, left))
            following = {**frame, "picked": picked}
            if any(type(c.args) is not Done for c in self.options(state, following)):
                flow.push(following)
                return
        military.move(state, seat, frame["action"], dest, picked)

    def prompt(self, state, frame):
        picked = frame["picked"]
        word = "hoplites" if frame["action"] == "move-hoplites" else "galleys"
        so_far = ", ".join(f"{n} from {catalog().name(a)}" for a, n in picked.items()) or "none yet"
        return f"{side_of(state, frame['seat'])}: {word} to {catalog().name(frame['dest'])} ({so_far})"

    def describe(self, state, frame, choice_):
        args = choice_.args
        if type(args) is Done:
            return "Done: move them", f"{sum(frame['picked'].values())} in all"
        origin = args.area
        free = state["units"][origin][frame["seat"]] - frame["picked"].get(origin, 0)
        if type(args) is OneFrom:
            return f"+1 from {catalog().name(origin)}", f"{free} there"
        left = geo.room(state, frame["dest"], frame["seat"]) - sum(frame["picked"].values())
        return f"+{min(free, left)} from {catalog().name(origin)}", "all it can send"


class SiegeRoll(Draw):
    name = "siege_roll"
    topic = "siege"

    def options(self, state, frame):
        return DIE_FACES

    def act(self, state, frame, choice_, flow):
        military.siege(state, frame["seat"], frame["polis"], choice_.args.face)

    def prompt(self, state, frame):
        return f"Roll the d4 for the siege of {catalog().name(frame['polis'])}"

    def describe(self, state, frame, choice_):
        return f"The die shows {choice_.args.face}", ""


class ChooseRegion(Ask):
    name = "region"
    topic = "tribute"

    def options(self, state, frame):
        return [choices.area(r) for r in military.tribute_regions(state, frame["seat"])]

    def act(self, state, frame, choice_, flow):
        military.collect(state, frame["seat"], choice_.args.area)

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: collect tribute where?"

    def describe(self, state, frame, choice_):
        seat, region = frame["seat"], choice_.args.area
        cost = military.tribute_cost(state, seat, region)
        gain = counted(military.tribute_yield(state, seat, region))
        return catalog().name(region), gain + ("; home: no prestige" if not cost else "; 1 prestige")


class ChooseMarket(Ask):
    name = "market"
    topic = "trade"

    def options(self, state, frame):
        return [choices.market(m) for m in politics.markets(state, frame["seat"])]

    def act(self, state, frame, choice_, flow):
        flow.push({"step": "goods", "seat": frame["seat"], "market": choice_.args.market})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: send a merchant ship to which market?"

    def describe(self, state, frame, choice_):
        market = choice_.args.market
        record = catalog().markets[market]
        goods, silver = politics.price(state, market)
        paid = "/".join(record["buys"]) + (f" or {silver} silver" if silver is not None else "")
        return record["name"], f"{goods} {paid} for {record['shipload']} {'/'.join(record['gives'])}"


class ChooseExchange(Ask):
    name = "goods"
    topic = "trade"

    def options(self, state, frame):
        return [choices.exchange(paid, got) for paid, got in politics.exchanges(state, frame["seat"], frame["market"])]

    def act(self, state, frame, choice_, flow):
        paid, got = choice_.args.paid, choice_.args.got
        politics.trade(state, frame["seat"], frame["market"], paid, got)
        flow.push({"step": "trade_roll", "market": frame["market"], "paid": paid})

    def prompt(self, state, frame):
        return f"{side_of(state, frame['seat'])}: what does the ship trade in {catalog().name(frame['market'])}?"

    def describe(self, state, frame, choice_):
        paid, got = choice_.args.paid, choice_.args.got
        goods, silver = politics.price(state, frame["market"])
        cost = silver if paid == "silver" else goods
        shipload = catalog().markets[frame["market"]]["shipload"]
        moves = "the price then falls by a d4" if paid == "silver" else "the price then rises by a d4"
        return f"{cost} {paid} for {shipload} {got}", moves


class TradeRoll(Draw):
    name = "trade_roll"
    topic = "trade"

    def options(self, state, frame):
        return DIE_FACES

    def act(self, state, frame, choice_, flow):
        politics.move_price(state, frame["market"], frame["paid"], choice_.args.face)

    def prompt(self, state, frame):
        return f"Roll the d4 for the price in {catalog().name(frame['market'])}"

    def describe(self, state, frame, choice_):
        return f"The die shows {choice_.args.face}", ""


STEPS = (ChooseDestination(), Gather(), SiegeRoll(), ChooseRegion(), ChooseMarket(), ChooseExchange(), TradeRoll())
