"""Loot and bonus tile effects, and the bonus tiles themselves."""

from __future__ import annotations

from engine.core import Auto, Draw, add_log

from .board import COLUMN, FOOT, free_column_sites
from .chance import deal, demigod_draw
from .common import Choose, State, choice, from_general, general_supply, name
from .catalog import catalog
from .gods import take_special_money

SUPPLY_PIECES = ((FOOT, "feet"), (COLUMN, "columns"))


def effect(seat: int, kind: str, n: int, source: str) -> dict:
    return {"step": "effect", "seat": seat, "effect": kind, "n": n, "source": source}


class Effect(Auto):
    """A loot or bonus tile takes effect (``source`` "loot" or "bonus")."""

    name = "effect"

    def run(self, state, frame, flow):
        seat, kind, n = frame["seat"], frame["effect"], frame["n"]
        p = state["players"][seat]
        if kind == "reserve":
            flow.push({"step": "reserve", "seat": seat, "n": n})
        elif kind == "demigod":
            display = state["demigod_display"]
            if frame["source"] == "loot" and display:
                value = display.pop(0)
                p["demigods"].append(value)
                p["demigods_known"].append(value)
                who = name(state, seat)
                add_log(state, f"{who} takes demigod {value} from the display.", only=[seat],
                        others=f"{who} takes the highest demigod from the display.")
            else:
                flow.push(demigod_draw(seat))
        elif kind == "god":
            flow.push({"step": "draw_god", "seat": seat, "how": frame["source"]})
        elif kind == "column":
            flow.push({"step": "free_column", "seat": seat})
        elif kind == "offering":
            flow.push({"step": "offering", "seat": seat, "n": n})
        elif kind == "cards":
            flow.push(deal(seat, n))
        elif kind == "money":
            take_special_money(state, seat)
        elif kind == "steps":
            p["steps"] += n
            add_log(state, f"{name(state, seat)} keeps a steps tile (+{n} step per move from now on).")


class Reserve(Choose):
    """Feet or columns from the general supply into the seat's own."""

    name = "reserve"
    topic = "loot"

    def ready(self, state, frame):
        return any(general_supply(state, frame["seat"], piece) for piece, _ in SUPPLY_PIECES)

    def options(self, state, frame):
        return [choice(key) for piece, key in SUPPLY_PIECES if general_supply(state, frame["seat"], piece)]

    def describe(self, state, frame, option):
        piece = FOOT if option.id == "feet" else COLUMN
        return f"Take {min(frame['n'], general_supply(state, frame['seat'], piece))} {option.id} into your supply", ""

    def question(self, state, frame):
        return f"reserve: take {frame['n']} feet or {frame['n']} columns"

    def act(self, state, frame, option, flow):
        seat, key = frame["seat"], option.id
        got = min(frame["n"], general_supply(state, seat, FOOT if key == "feet" else COLUMN))
        from_general(state, seat, key, got)
        add_log(state, f"{name(state, seat)} takes {got} {key} into their supply.")


class FreeColumn(Choose):
    """A column from the general supply on any column hex, joined to nothing."""

    name = "free_column"
    topic = "loot"

    def ready(self, state, frame):
        seat = frame["seat"]
        return general_supply(state, seat, COLUMN) > 0 and bool(free_column_sites(catalog(), state, seat))

    def options(self, state, frame):
        return [choice(f"column:{h}", h) for h in free_column_sites(catalog(), state, frame["seat"])]

    def describe(self, state, frame, option):
        return f"Column to hex {option.target}", ""

    def question(self, state, frame):
        return "place a column from the general supply on any column hex"

    def act(self, state, frame, option, flow):
        seat, hex_id = frame["seat"], option.target
        state["players"][seat]["columns_general"] -= 1
        state["players"][seat]["columns_on"].append(hex_id)
        state["occupied"].setdefault(hex_id, []).append(seat)
        add_log(state, f"{name(state, seat)} places a column on {hex_id} (loot).")


# -- bonus tiles ----------------------------------------------------------------------------


def bonus_left(state: State) -> list[str]:
    """The bonus tiles nobody has (yet)."""
    taken = {p["bonus"] for p in state["players"]}
    return [tile for tile in sorted(catalog().bonus) if tile not in taken]


def take_bonus(state: State, seat: int, tile: str) -> None:
    state["players"][seat]["bonus"] = tile
    add_log(state, f"{name(state, seat)} gets the bonus tile {catalog().bonus[tile]['label']}.")


class BonusDraw(Draw):
    name = "bonus_draw"
    topic = "bonus"

    def options(self, state, frame):
        return [choice(tile) for tile in bonus_left(state)]

    def describe(self, state, frame, option):
        return catalog().bonus[option.id]["label"], ""

    def prompt(self, state, frame):
        return f"Draw a bonus tile for {name(state, frame['seat'])}"

    def act(self, state, frame, option, flow):
        take_bonus(state, frame["seat"], option.id)


class BonusPick(Choose):
    """The variant: each player chooses a bonus tile, the last player first."""

    name = "bonus_pick"
    topic = "bonus"

    def options(self, state, frame):
        return [choice(f"bonus:{tile}", f"bonus:{tile}") for tile in bonus_left(state)]

    def describe(self, state, frame, option):
        return catalog().bonus[option.id[6:]]["label"], ""

    def question(self, state, frame):
        return "choose a bonus tile"

    def act(self, state, frame, option, flow):
        take_bonus(state, frame["seat"], option.id[6:])
