"""Thebai's components as an owner edits them (engine.core.box): Cadmea tiles first, their effects
built from the operations engine/thebai/effects.py knows."""

from __future__ import annotations

from engine.core.box import Box, Count, Effect, Flag, Goods, Kind, Operation, Option, Pick
from engine.core.components import Record
from engine.i18n import ENGLISH, N_, Language

from .constants import COLOURS
from .effects import GOODS, KINDS, MODES, PLACES, TRACKS
from .text import GOOD_NAMES, effect_text

MOST = 9
"""The largest count an effect's field offers (no printed component needs more)."""

GAIN_GOODS = (*(Option(good, GOOD_NAMES[good]) for good in (*GOODS, "drachma")),
              Option("any", N_("good of your choice")))
DIE_KINDS = (Option("any", N_("any die")), Option("citizen", N_("citizen die")), Option("hoplite", N_("hoplite die")))
DIE_PLACES = (Option("any", N_("anywhere")), Option("city", N_("in the city")), Option("estate", N_("on the estate")),
              Option("council", N_("on the council")), Option("pool", N_("in your supply")),
              Option("home", N_("in your supply or estate")))
SAME_OR_NOT = (Option("any", N_("as you like")), Option("same", N_("the same")), Option("different", N_("different")))
DEVOTION_TRACKS = (Option("any", N_("either track")), Option("dionysus", N_("Dionysus")), Option("ares", N_("Ares")))
assert tuple(o.value for o in DIE_KINDS) == KINDS and tuple(o.value for o in DIE_PLACES) == PLACES
assert tuple(o.value for o in SAME_OR_NOT) == MODES and tuple(o.value for o in DEVOTION_TRACKS) == TRACKS

OPERATIONS = (
    Operation("gain", N_("Gain goods"), (Goods((), N_("Goods"), GAIN_GOODS, MOST),), {"drachma": 1}),
    Operation("gain_kind", N_("Goods of one kind"), (Count((), N_("How many"), 1, MOST),), 1),
    Operation("vp", N_("Victory points"), (Count((), N_("VP"), 1, MOST),), 1),
    Operation("contract", N_("Take contracts"), (Count((), N_("How many"), 1, MOST),), 1),
    Operation("exchange", N_("Exchange"), (Count((), N_("Times"), 1, MOST),), 1),
    Operation("pick", N_("Contract or exchange"), (Count((), N_("Times"), 1, MOST),), 1),
    Operation("promote", N_("Promote dice"),
              (Count(("n",), N_("Dice"), 1, MOST, 1), Pick(("kind",), N_("Which dice"), DIE_KINDS),
               Pick(("where",), N_("Where"), DIE_PLACES), Pick(("mode",), N_("Dice"), SAME_OR_NOT),
               Count(("times",), N_("Times each"), 1, MOST, 1)), {"n": 1}),
    Operation("devotion", N_("Devotion steps"),
              (Count(("n",), N_("Steps"), 1, MOST, 1), Pick(("track",), N_("Track"), DEVOTION_TRACKS),
               Pick(("mode",), N_("Tracks"), SAME_OR_NOT)), {"n": 1}),
    Operation("hoplite", N_("Hoplite to the city"),
              (Count(("n",), N_("Dice"), 1, MOST, 1), Count(("promote",), N_("Promote each"), 0, MOST, 0),
               Flag(("another",), N_("Another die than before"), False)), {"n": 1}),
    Operation("place", N_("Place a Cadmea tile"),
              (Count(("edges",), N_("Matched roofs, at most"), 0, 4, 1), Flag(("activate",), N_("Resolve it"), False)),
              {"edges": 1}),
    Operation("remove", N_("Remove Cadmea tiles"),
              (Count(("n",), N_("Tiles"), 1, MOST, 1), Flag(("activate",), N_("Resolve it"), False)), {"n": 1}),
    Operation("hurry", N_("Hurry the archon"), (Flag(("activate",), N_("Resolve its tile"), False),), {}),
    Operation("fulfil", N_("Fulfil a contract"), (Count(("discount",), N_("Goods fewer"), 0, MOST, 0),), {}),
    Operation("councillor", N_("Councillor tile"), (), {}),
)
"""The operations a component's effect is built of in the editor (the power expressions of estate
actions and the nested pay/choose of fate tiles are kept as they are when a record has them)."""


def effect_field(path: tuple[str, ...], label: str) -> Effect:
    return Effect(path, label, OPERATIONS, lambda effect, lang: effect_text(effect, None, lang))


ROOF_OPTIONS = (Option("white", N_("white")), Option("brown", N_("brown")), Option("slate", N_("slate")),
                Option("terracotta", N_("terracotta")))
ROOF_SIDES = (N_("North roof"), N_("East roof"), N_("South roof"), N_("West roof"))
TILE_COLOURS = (*(Option(colour, N_(colour)) for colour in COLOURS), Option("neutral", N_("neutral")))


def cadmea_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    roofs = " ".join(_(roof) for roof in record.get("roofs", []))
    return _("{colour}: {effect} · roofs {roofs}").format(colour=_(record.get("colour", "?")),
                                                          effect=effect_text(record.get("effect", []), None, lang),
                                                          roofs=roofs)


BOX = Box("thebai", (
    Kind("cadmea", N_("Cadmea tiles"),
         (Pick(("colour",), N_("Colour"), TILE_COLOURS), effect_field(("effect",), N_("Effect")),
          *(Pick(("roofs", side), label, ROOF_OPTIONS) for side, label in enumerate(ROOF_SIDES))),
         cadmea_summary,
         rule=N_("9 tiles of each player colour and at least 12 neutral ones; three effects are the rulebook's "
                 "examples (a green tile: 1 drachma and 1 pottery; a tile: 1 drachma and a contract; a peach "
                 "tile: 2 grapes).")),
))
