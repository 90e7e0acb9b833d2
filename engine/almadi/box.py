"""Almadi's components as an owner edits them (engine.core.box): landscapes first."""

from __future__ import annotations

from engine.core.box import Box, Kind, Option, Pick
from engine.core.components import Record
from engine.i18n import ENGLISH, N_, Language

from .catalog import EFFECTS, SIDE_NAMES, TYPES, side_of
from .text import EFFECT_TITLES, SIDE_WORDS, TYPE_NAMES, side_text

SIDE_OPTIONS = (
    Option("arrow", N_("arrow")),
    *(Option(effect, EFFECT_TITLES[effect]) for effect in EFFECTS),
    Option(["jar", "jar"], N_("2 jars")),
    Option(["jar", "jar", "jar"], N_("3 jars")),
)
"""What a landscape's side may show: an arrow, one effect, or several jars."""


def landscape_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    sides = record.get("sides", {})
    edges = _(", ").join(_("{side} {what}").format(side=_(SIDE_WORDS[name]),
                                                   what=side_text(side_of(sides.get(name)) or "?", lang))
                         for name in SIDE_NAMES)
    return _("{type}: {edges}").format(type=_(TYPE_NAMES.get(record.get("type", ""), "?")), edges=edges)


BOX = Box("almadi", (
    Kind("landscapes", N_("Landscape tiles"),
         (Pick(("type",), N_("Landscape"), tuple(Option(kind, TYPE_NAMES[kind]) for kind in TYPES)),
          *(Pick(("sides", name), SIDE_WORDS[name], SIDE_OPTIONS) for name in SIDE_NAMES)),
         landscape_summary,
         rule=N_("88 tiles, 22 of each landscape; each shows at least one arrow and one effect.")),
))
