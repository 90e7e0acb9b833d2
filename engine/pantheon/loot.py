"""Loot and bonus tile effects: what a tile gives, and the choices some of them ask for."""

from __future__ import annotations

from engine.core import Auto, Choice, Frame, Stack, add_log
from engine.core.text import Said, Say

from .board import column_choice, free_column_sites
from .catalog import catalog
from .chance import deal, demigod_draw
from .choices import COLUMN, FOOT, Column, ReservePieces
from .common import Choose, State, from_general, general_supply
from .gods import take_special_money

SUPPLY_PIECES = ((FOOT, "feet"), (COLUMN, "columns"))
"""A piece and the key of the seat's supply of it."""
RESERVE_CHOICES = {key: Choice.of(ReservePieces(key)) for _, key in SUPPLY_PIECES}


def effect(seat: int, kind: str, n: int, source: str) -> Frame:
    return {"step": "effect", "seat": seat, "effect": kind, "n": n, "source": source}


class Effect(Auto):
    """A loot or bonus tile takes effect (``source`` "loot" or "bonus")."""

    name = "effect"

    def run(self, state: State, frame: Frame, flow: Stack) -> None:
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
                add_log(state, Say("{seat:seat} takes demigod {value} from the display.", seat=seat, value=value),
                        only=[seat], others=Say("{seat:seat} takes the highest demigod from the display.", seat=seat))
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
            add_log(state, Say("{seat:seat} keeps a steps tile (+{n} step per move from now on).", seat=seat, n=n))


class Reserve(Choose):
    """Feet or columns from the general supply into the seat's own."""

    name = "reserve"
    topic = "loot"

    def ready(self, state: State, frame: Frame) -> bool:
        return any(general_supply(state, frame["seat"], piece) for piece, _ in SUPPLY_PIECES)

    def options(self, state: State, frame: Frame) -> list[Choice]:
        return [RESERVE_CHOICES[key] for piece, key in SUPPLY_PIECES if general_supply(state, frame["seat"], piece)]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        key = option.args_as(ReservePieces).pieces
        n = min(frame["n"], general_supply(state, frame["seat"], FOOT if key == "feet" else COLUMN))
        if key == "feet":
            return Say("Take {n} feet into your supply", n=n), ""
        return Say("Take {n} columns into your supply", n=n), ""

    def question(self, state: State, frame: Frame) -> Said:
        return Say("reserve: take {n} feet or {n} columns", n=frame["n"])

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat, key = frame["seat"], option.args_as(ReservePieces).pieces
        got = min(frame["n"], general_supply(state, seat, FOOT if key == "feet" else COLUMN))
        from_general(state, seat, key, got)
        add_log(state, Say("{seat:seat} takes {n} feet into their supply.", seat=seat, n=got) if key == "feet"
                else Say("{seat:seat} takes {n} columns into their supply.", seat=seat, n=got))


class FreeColumn(Choose):
    """A column from the general supply on any column hex, joined to nothing."""

    name = "free_column"
    topic = "loot"

    def ready(self, state: State, frame: Frame) -> bool:
        seat = frame["seat"]
        return general_supply(state, seat, COLUMN) > 0 and bool(free_column_sites(catalog(), state, seat))

    def options(self, state: State, frame: Frame) -> list[Choice]:
        cat = catalog()
        return [column_choice(cat, h) for h in free_column_sites(cat, state, frame["seat"])]

    def describe(self, state: State, frame: Frame, option: Choice) -> tuple[Said, Said]:
        return Say("Column to hex {hex:hex}", hex=option.args_as(Column).hex), ""

    def question(self, state: State, frame: Frame) -> Said:
        return Say("place a column from the general supply on any column hex")

    def act(self, state: State, frame: Frame, option: Choice, flow: Stack) -> None:
        seat, hex_id = frame["seat"], option.args_as(Column).hex
        state["players"][seat]["columns_general"] -= 1
        state["players"][seat]["columns_on"].append(hex_id)
        state["occupied"].setdefault(hex_id, []).append(seat)
        add_log(state, Say("{seat:seat} places a column on {hex:hex} (loot).", seat=seat, hex=hex_id))

