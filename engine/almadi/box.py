"""Almadi's components as an owner edits them (engine.core.box): landscapes, starting tiles,
objective cards and characters."""

from __future__ import annotations

from engine.core.box import Box, Count, Kind, Option, Pick, Text, When, worded
from engine.core.components import Record
from engine.i18n import ENGLISH, N_, Language

from .catalog import COLOURS, EFFECTS, POWERS, REQUIREMENT_FIELDS, SIDE_NAMES, TYPES, side_of
from .objectives import describe
from .text import EFFECT_TITLES, POWER_TEXTS, SIDE_WORDS, TYPE_NAMES, side_text

SIDE_OPTIONS = (
    Option("arrow", N_("arrow")),
    *(Option(effect, EFFECT_TITLES[effect]) for effect in EFFECTS),
    Option(["jar", "jar"], N_("2 jars")),
    Option(["jar", "jar", "jar"], N_("3 jars")),
)
"""What a landscape's side may show: an arrow, one effect, or several jars."""
TYPE_OPTIONS = tuple(Option(kind, TYPE_NAMES[kind]) for kind in TYPES)
ROWS = (N_("Row 1"), N_("Row 2"), N_("Row 3"), N_("Row 4"))
RIGHT_SIDES = (N_("Row 1 right side"), N_("Row 2 right side"), N_("Row 3 right side"), N_("Row 4 right side"))
COLOUR_OPTIONS = (Option("red", N_("red")), Option("yellow", N_("yellow")), Option("blue", N_("blue")),
                  Option("green", N_("green")), Option("grey", N_("grey")))
REQUIREMENTS = (
    Option("group", N_("a group of connected landscapes")), Option("hline", N_("landscapes side by side in a row")),
    Option("vline", N_("landscapes stacked in a column")), Option("count", N_("landscapes in the realm")),
    Option("square", N_("a 2x2 square of one landscape")), Option("mosaics", N_("mosaic cards")),
    Option("stalls", N_("stall cards")), Option("rubies", N_("rubies at once")),
    Option("mixed_column", N_("a column with all four landscapes")),
    Option("full_columns", N_("columns filled in rows 1-4")), Option("long_row", N_("a long row")),
    Option("mixed_square", N_("a 2x2 square with all four landscapes")),
    Option("cards", N_("mosaic and stall cards")),
)
assert tuple(o.value for o in COLOUR_OPTIONS) == COLOURS
assert tuple(o.value for o in REQUIREMENTS) == tuple(REQUIREMENT_FIELDS)
POWER_OPTIONS = {category: tuple(Option(power, label) for power, label in zip(
    powers, POWER_TEXTS[:len(POWERS["power"])] if category == "power" else POWER_TEXTS[len(POWERS["power"]):]))
    for category, powers in POWERS.items()}
MOST = 20
"""The largest number an objective asks for in the editor (the built-in cards ask at most 9)."""


def requiring(field: str) -> When:
    """For the requirements that have ``field``."""
    return When(("requirement", "kind"), tuple(kind for kind, fields in REQUIREMENT_FIELDS.items() if field in fields))


def side_words(value: object, lang: Language) -> str:
    side = side_of(value)
    return "?" if side is None else side_text(side, lang)


def landscape_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    sides = record.get("sides")
    sides = sides if isinstance(sides, dict) else {}
    edges = _(", ").join(_("{side} {what}").format(side=_(SIDE_WORDS[name]),
                                                   what=side_words(sides.get(name), lang))
                         for name in SIDE_NAMES)
    return _("{type}: {edges}").format(type=_(TYPE_NAMES.get(record.get("type", ""), "?")), edges=edges)


def start_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    rows, right = record.get("rows"), record.get("right")
    rows = rows if isinstance(rows, list) else []
    right = right if isinstance(right, list) else []
    return _(", ").join(_("{type} ({side})").format(
        type=_(TYPE_NAMES.get(rows[row] if row < len(rows) else "", "?")),
        side=side_words(right[row] if row < len(right) else None, lang)) for row in range(4))


def objective_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("{colour}, {points} points: {requirement}").format(
        colour=lang.gettext(str(record.get("colour", "?"))), points=record.get("points", "?"),
        requirement=worded(lambda requirement, language: describe(requirement, language),
                           record.get("requirement"), lang))


def character_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    return _("{name}, {title} ({cost} rubies): {text}").format(
        name=_(str(record.get("name", "?"))), title=_(str(record.get("title", "?"))), cost=record.get("cost", "?"),
        text=_(str(record.get("text", "?"))))


BOX = Box("almadi", (
    Kind("landscapes", N_("Landscape tiles"),
         (Pick(("type",), N_("Landscape"), TYPE_OPTIONS),
          *(Pick(("sides", name), SIDE_WORDS[name], SIDE_OPTIONS) for name in SIDE_NAMES)),
         landscape_summary,
         rule=N_("88 tiles, 22 of each landscape; each shows at least one arrow and one effect.")),
    Kind("starts", N_("Starting tiles"),
         (*(Pick(("rows", row), label, TYPE_OPTIONS) for row, label in enumerate(ROWS)),
          *(Pick(("right", row), label, SIDE_OPTIONS) for row, label in enumerate(RIGHT_SIDES))),
         start_summary,
         rule=N_("5 starting tiles; each shows the four landscapes, one per row, and a side right of each.")),
    Kind("objectives", N_("Objective cards"),
         (Pick(("colour",), N_("Colour"), COLOUR_OPTIONS), Count(("points",), N_("Points"), 1, MOST),
          Pick(("requirement", "kind"), N_("Requirement"), REQUIREMENTS),
          Pick(("requirement", "type"), N_("Landscape"), TYPE_OPTIONS, when=requiring("type")),
          Count(("requirement", "n"), N_("How many"), 0, MOST, when=requiring("n")),
          Count(("requirement", "mosaics"), N_("Mosaic cards"), 0, MOST, when=requiring("mosaics")),
          Count(("requirement", "stalls"), N_("Stall cards"), 0, MOST, when=requiring("stalls"))),
         objective_summary,
         rule=N_("32 cards; at least one red, yellow, blue and green, and at least 5 grey.")),
    Kind("characters", N_("Characters"),
         (Text(("name",), N_("Name"), 30), Text(("title",), N_("Title"), 40),
          Count(("cost",), N_("Cost in rubies"), 0, 9),
          Pick(("category",), N_("Kind"), (Option("power", N_("power")), Option("scoring", N_("end scoring")))),
          *(Pick(("power",), N_("Power"), options, when=When(("category",), (category,)))
            for category, options in POWER_OPTIONS.items()),
          Text(("text",), N_("Text"), 120)),
         character_summary,
         rule=N_("26 characters; each has a power of its kind.")),
))
