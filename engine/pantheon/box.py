"""Pantheon's components as an owner edits them (engine.core.box): god tiles, loot and bonus
tiles, cards, offering tiles, demigods, nations and the map's hexes.

Not editable here: a nation's power text, an offering tile's stock (the rules fix 4 and 4)."""

from __future__ import annotations

from engine.core.box import Box, Count, Flag, Kind, Option, Pick, Text, When
from engine.core.components import Record
from engine.i18n import ENGLISH, N_, Language

from .catalog import EFFECTS, GOD_KINDS, MAP_MOST, OFFERING_KINDS, POWERS, SYMBOL_SLOTS

GODS = (Option("surparit", N_("Surparit")), Option("plaesiris", N_("Plaesiris")), Option("taksator", N_("Taksator")),
        Option("depraccus", N_("Depraccus")), Option("vinthrad", N_("Vinthrad")), Option("gaiviles", N_("Gaiviles")),
        Option("stonkus", N_("Stonkus")), Option("gadicea", N_("Gadicea")), Option("pietalte", N_("Pietalte")),
        Option("traitera", N_("Traitera")))
GOD_TILE_KINDS = (Option("instant", N_("instant")), Option("permanent", N_("permanent")), Option("once", N_("once")))
EFFECT_OPTIONS = (Option("reserve", N_("feet or columns from the reserve")), Option("demigod", N_("Demigod")),
                  Option("god", N_("God tile")), Option("column", N_("Column on any column hex")),
                  Option("offering", N_("Offering tile")), Option("cards", N_("Draw cards")),
                  Option("money", N_("Special money card")), Option("steps", N_("Steps")))
OFFERINGS = (Option("gifts", N_("Gifts")), Option("priests", N_("Priests")), Option("dancers", N_("Dancers")),
             Option("temples", N_("Temples")))
NO_OFFERING = (Option(None, N_("none")), *OFFERINGS)
DECKS = (Option("action", N_("action deck")), Option("special", N_("special money")))
POWER_OPTIONS = (Option("gallia", N_("Gallia")), Option("germania", N_("Germania")), Option("aegyptus", N_("Aegyptus")),
                 Option("persia", N_("Persia")), Option("cartago", N_("Cartago")), Option("iberia", N_("Iberia")),
                 Option("roma", N_("Roma")))
TERRAINS = (Option("land", N_("land")), Option("sea", N_("sea")))
assert tuple(o.value for o in GODS) == tuple(GOD_KINDS) and tuple(o.value for o in EFFECT_OPTIONS) == EFFECTS
assert tuple(o.value for o in OFFERINGS) == OFFERING_KINDS and tuple(o.value for o in POWER_OPTIONS) == POWERS
NEEDS = (N_("Topmost offering"), N_("Second offering"), N_("Third offering"), N_("Fourth offering"))
PRICES = (N_("Level 1 price"), N_("Level 2 price"), N_("Level 3 price"), N_("Level 4 price"))
SYMBOLS = (N_("Symbol hex 1"), N_("Symbol hex 2"), N_("Symbol hex 3"), N_("Symbol hex 4"), N_("Symbol hex 5"))
assert len(SYMBOLS) == SYMBOL_SLOTS
MONEY_CARDS = ("money1", "money2", "money3", "money4", "money5")
MOST = 9


def said(record: Record, key: str, lang: Language) -> str:
    return lang.gettext(str(record.get(key, "?")))


def god_summary(record: Record, lang: Language = ENGLISH) -> str:
    needs = record.get("needs")
    return lang.gettext("{god} ({kind}): offerings {needs}").format(
        god=record.get("name", "?"), kind=said(record, "kind", lang),
        needs="+".join(str(n) for n in needs) if isinstance(needs, list) else "?")


def tile_summary(record: Record, lang: Language = ENGLISH) -> str:
    line = said(record, "label", lang)
    count = record.get("count")
    return lang.gettext("{tile} x{count}").format(tile=line, count=count) if count is not None else line


def demigod_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("Demigod {value}: {count} tiles").format(value=record.get("value", "?"),
                                                                 count=record.get("count", "?"))


def offering_summary(record: Record, lang: Language = ENGLISH) -> str:
    prices = record.get("prices")
    return lang.gettext("{offering}: prices {prices}").format(
        offering=said(record, "label", lang),
        prices=" ".join(str(price) for price in prices) if isinstance(prices, list) else "?")


def nation_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("{nation} ({letter}): starts at {hex}").format(
        nation=record.get("name", "?"), letter=record.get("letter", "?"), hex=record.get("start", "?"))


def hex_summary(record: Record, lang: Language = ENGLISH) -> str:
    line = lang.gettext("{hex}: {terrain}").format(hex=record.get("id", "?"), terrain=said(record, "terrain", lang))
    return lang.gettext("{hex}, column site").format(hex=line) if record.get("column_site") is True else line


BOX = Box("pantheon", (
    Kind("gods", N_("God tiles"),
         (Pick(("god",), N_("God"), GODS), Text(("name",), N_("Name"), 20),
          Pick(("kind",), N_("Kind"), GOD_TILE_KINDS),
          *(Count(("needs", index), label, 1, 8) for index, label in enumerate(NEEDS)),
          Count(("money",), N_("Money"), 1, 2, when=When(("god",), ("stonkus",))),
          Flag(("cards_only",), N_("Cards only"), when=When(("god",), ("pietalte",)))),
         god_summary,
         rule=N_("40 tiles of the ten gods, each of its god's kind; offerings listed from the topmost (largest) "
                 "down; Pietalte takes 3+2+1 cards only, Gadicea's topmost is 5, Stonkus gives 1 or 2 money.")),
    Kind("loot", N_("Loot tiles"),
         (Text(("label",), N_("Label"), 40), Pick(("effect",), N_("Effect"), EFFECT_OPTIONS),
          Count(("n",), N_("How many"), 1, MOST), Count(("count",), N_("Tiles"), 1, 40)),
         tile_summary, rule=N_("40 loot tiles in all.")),
    Kind("bonus", N_("Bonus tiles"),
         (Text(("label",), N_("Label"), 40), Pick(("effect",), N_("Effect"), EFFECT_OPTIONS),
          Count(("n",), N_("How many"), 1, MOST)),
         tile_summary, rule=N_("6 bonus tiles.")),
    Kind("cards", N_("Cards"),
         (Text(("label",), N_("Label"), 40), Pick(("deck",), N_("Deck"), DECKS), Count(("count",), N_("Cards"), 1, 75),
          Pick(("offering",), N_("Offering"), NO_OFFERING),
          Count(("money",), N_("Money"), 1, MOST, when=When(("id",), MONEY_CARDS))),
         tile_summary,
         rule=N_("75 action cards: 16 movement, 15 money-1, 44 offering cards (one kind each); 7 special money "
                 "cards: 2x2, 2x3, 2x4, 1x5.")),
    Kind("offerings", N_("Offering tiles"),
         (Text(("label",), N_("Label"), 20), Text(("letter",), N_("Letter"), 1),
          *(Count(("prices", index), label, 1, 30) for index, label in enumerate(PRICES))),
         offering_summary,
         rule=N_("Gifts, priests, dancers, temples, 4 rising prices each; the rulebook's examples: dancers level 1 "
                 "cost 1 and level 3 cost 6, temples 1 to 3 cost 5, dancers 1 and priests 2 cost 4.")),
    Kind("demigods", N_("Demigods"),
         (Count(("value",), N_("Value"), 1, 6), Count(("count",), N_("Tiles"), 1, 21)),
         demigod_summary, rule=N_("21 demigods in all, values 1-6.")),
    Kind("nations", N_("Nations"),
         (Text(("name",), N_("Name"), 20), Text(("letter",), N_("Letter"), 1),
          Pick(("power",), N_("Power"), POWER_OPTIONS), Text(("start",), N_("Start hex"), 3),
          *(Text(("symbols", index), label, 3) for index, label in enumerate(SYMBOLS))),
         nation_summary,
         rule=N_("The eight nations; a start and 5 symbol hexes each, on land without a column site, none shared.")),
    Kind("map", N_("Map hexes"),
         (Pick(("terrain",), N_("Terrain"), TERRAINS), Flag(("column_site",), N_("Column site")),
          Count(("col",), N_("Column"), 0, MAP_MOST), Count(("row",), N_("Row"), 0, MAP_MOST)),
         hex_summary,
         rule=N_("One hex per position; a column site is on land."),
         walk=False),
))
