"""The steps inside moves, tribute and trade: the one destination and the units that go there
(one origin at a time), the region of a tribute, the market and the goods of a trade, and
the d4 rolls of sieges and trades."""

from __future__ import annotations

from engine.core import Ask, Choice, Draw, Frame, Say, Stack, State
from engine.core.text import Said

from . import choices, geo, military, politics
from .catalog import catalog
from .choices import DIE_FACES, AllFrom, Area, Destination, Die, Done, Goods, Market, OneFrom


class ChooseDestination(Ask):
    name = "destination"
    topic = "moving"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.destination(a) for a in military.destinations(state, frame["seat"], frame["action"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        flow.push({"step": "gather", "seat": frame["seat"], "action": frame["action"],
                   "dest": choice_.args_as(Destination).area, "picked": {}})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}, {action:action}: choose the one destination", seat=frame["seat"],
                   action=frame["action"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        dest = choice_.args_as(Destination).area
        return Say("{dest:area}", dest=dest), Say("room for {n}", n=geo.room(state, dest, frame["seat"]))


class Gather(Ask):
    """Units join the move one origin at a time: +1 from an area, all it can send, or done."""

    name = "gather"
    topic = "moving"

    def options(self, state: State, frame: Frame) -> list[Choice]:
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

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        seat, dest = frame["seat"], frame["dest"]
        picked = dict(frame["picked"])
        args = choice_.args
        if isinstance(args, (OneFrom, AllFrom)):
            origin = args.area
            left = geo.room(state, dest, seat) - sum(picked.values())
            free = state["units"][origin][seat] - picked.get(origin, 0)
            picked[origin] = picked.get(origin, 0) + (1 if type(args) is OneFrom else min(free, left))
            following = {**frame, "picked": picked}
            if any(type(c.args) is not Done for c in self.options(state, following)):
                flow.push(following)
                return
        military.move(state, seat, frame["action"], dest, picked)

    def prompt(self, state: State, frame: Frame) -> Said:
        unit = "hoplite" if frame["action"] == "move-hoplites" else "galley"
        return Say("{seat:side_player}: {unit:plural} to {dest:area} ({picked:moved})", seat=frame["seat"], unit=unit,
                   dest=frame["dest"], picked=dict(frame["picked"]))

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        args = choice_.args
        if not isinstance(args, (OneFrom, AllFrom)):
            return Say("Done: move them"), Say("{n} in all", n=sum(frame["picked"].values()))
        origin = args.area
        free = state["units"][origin][frame["seat"]] - frame["picked"].get(origin, 0)
        if type(args) is OneFrom:
            return Say("+1 from {origin:area}", origin=origin), Say("{n} there", n=free)
        left = geo.room(state, frame["dest"], frame["seat"]) - sum(frame["picked"].values())
        return Say("+{n} from {origin:area}", n=min(free, left), origin=origin), Say("all it can send")


class SiegeRoll(Draw):
    name = "siege_roll"
    topic = "siege"

    def options(self, state: State, frame: Frame) -> tuple[Choice, ...]:
        return DIE_FACES

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        military.siege(state, frame["seat"], frame["polis"], choice_.args_as(Die).face)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Roll the d4 for the siege of {polis:polis}", polis=frame["polis"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        return Say("The die shows {face}", face=choice_.args_as(Die).face), ""


class ChooseRegion(Ask):
    name = "region"
    topic = "tribute"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.area(r) for r in military.tribute_regions(state, frame["seat"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        military.collect(state, frame["seat"], choice_.args_as(Area).area)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: collect tribute where?", seat=frame["seat"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        seat, region = frame["seat"], choice_.args_as(Area).area
        gain = military.tribute_yield(state, seat, region)
        if military.tribute_cost(state, seat, region):
            hint = Say("{gain:goods}; 1 prestige", gain=gain)
        else:
            hint = Say("{gain:goods}; home: no prestige", gain=gain)
        return Say("{region:area}", region=region), hint


class ChooseMarket(Ask):
    name = "market"
    topic = "trade"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.market(m) for m in politics.markets(state, frame["seat"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        flow.push({"step": "goods", "seat": frame["seat"], "market": choice_.args_as(Market).market})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: send a merchant ship to which market?", seat=frame["seat"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        market = choice_.args_as(Market).market
        record = catalog().markets[market]
        goods, silver = politics.price(state, market)
        if silver is None:
            hint = Say("{goods} {buys:either} for {shipload} {gives:either}", goods=goods, buys=list(record["buys"]),
                       shipload=record["shipload"], gives=list(record["gives"]))
        else:
            hint = Say("{goods} {buys:either} or {silver} silver for {shipload} {gives:either}", goods=goods,
                       buys=list(record["buys"]), silver=silver, shipload=record["shipload"],
                       gives=list(record["gives"]))
        return Say("{market:market}", market=market), hint


class ChooseExchange(Ask):
    name = "goods"
    topic = "trade"

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [choices.exchange(paid, got) for paid, got in politics.exchanges(state, frame["seat"], frame["market"])]

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        exchange = choice_.args_as(Goods)
        paid, got = exchange.paid, exchange.got
        politics.trade(state, frame["seat"], frame["market"], paid, got)
        flow.push({"step": "trade_roll", "market": frame["market"], "paid": paid})

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("{seat:side_player}: what does the ship trade in {market:market}?", seat=frame["seat"],
                   market=frame["market"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        exchange = choice_.args_as(Goods)
        paid, got = exchange.paid, exchange.got
        goods, silver = politics.price(state, frame["market"])
        cost = silver if paid == "silver" else goods
        shipload = catalog().markets[frame["market"]]["shipload"]
        moves = Say("the price then falls by a d4") if paid == "silver" else Say("the price then rises by a d4")
        label = Say("{cost} {paid:good} for {shipload} {got:good}", cost=cost, paid=paid, shipload=shipload, got=got)
        return label, moves


class TradeRoll(Draw):
    name = "trade_roll"
    topic = "trade"

    def options(self, state: State, frame: Frame) -> tuple[Choice, ...]:
        return DIE_FACES

    def act(self, state: State, frame: Frame, choice_: Choice, flow: Stack) -> None:
        politics.move_price(state, frame["market"], frame["paid"], choice_.args_as(Die).face)

    def prompt(self, state: State, frame: Frame) -> Said:
        return Say("Roll the d4 for the price in {market:market}", market=frame["market"])

    def describe(self, state: State, frame: Frame, choice_: Choice) -> tuple[Said, Said]:
        return Say("The die shows {face}", face=choice_.args_as(Die).face), ""


STEPS = (ChooseDestination(), Gather(), SiegeRoll(), ChooseRegion(), ChooseMarket(), ChooseExchange(), TradeRoll())
