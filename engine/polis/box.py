"""Polis's components as an owner edits them (engine.core.box): poleis, projects, combat and
event cards, the map's areas and the trade board, and each side's starting position.

Not editable here: the map's links and positions, a market's price track and what it buys and
gives, a polis's galley arrows and links, an event card's effects (kept as a record has them),
the rounds (rules.json's round table is the rule text's, fixed)."""

from __future__ import annotations

from engine.core.box import Box, Count, Flag, Goods, Kind, Option, Pick, Text, When
from engine.core.components import Record
from engine.i18n import ENGLISH, N_, Language

from .text import PROJECT_TYPES, RESOURCES, cost_text

TYPES = (Option("sacred", N_("sacred")), Option("civic", N_("civic")), Option("military", N_("military")))
RESOURCE_OPTIONS = (Option("wheat", N_("wheat")), Option("silver", N_("silver")), Option("wood", N_("wood")),
                    Option("metal", N_("metal")), Option("oil", N_("oil")), Option("wine", N_("wine")))
NO_RESOURCE = (Option(None, N_("none")), *RESOURCE_OPTIONS)
STARTS = (Option(None, N_("neutral")), Option("athens", N_("Athens")), Option("sparta", N_("Sparta")))
COMBAT_KINDS = (Option("formation", N_("formation")), Option("mercenary", N_("Mercenary")),
                Option("salpinx", N_("Salpinx call")))
DECKS = (Option("1", N_("#3")), Option("2", N_("#4")), Option("3", N_("#5a")), Option("4", N_("#5b")))
AREA_KINDS = (Option("land", N_("land")), Option("sea", N_("sea")))
assert tuple(o.value for o in TYPES) == PROJECT_TYPES and tuple(o.value for o in RESOURCE_OPTIONS) == RESOURCES
TRIBUTE = (N_("Tribute box 1"), N_("Tribute box 2"), N_("Tribute box 3"), N_("Tribute box 4"), N_("Tribute box 5"))
MOST = 9


def said(record: Record, key: str, lang: Language) -> str:
    return lang.gettext(str(record.get(key, "?")))


def costed(cost: object, lang: Language) -> str:
    valid = isinstance(cost, dict) and all(isinstance(n, int) for n in cost.values())
    return cost_text(cost, lang) if valid else "?"  # type: ignore[arg-type]


def polis_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("{polis} ({type}): {base} to {max} citizens, growth {growth}").format(
        polis=record.get("name", "?"), type=said(record, "type", lang), base=record.get("base", "?"),
        max=record.get("max", "?"), growth=record.get("growth", "?"))


def project_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("{project} ({type}): {cost}; {final} prestige at the end").format(
        project=said(record, "name", lang), type=said(record, "type", lang), cost=costed(record.get("cost"), lang),
        final=record.get("final", "?"))


def combat_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("{card} x{count}: attack {attack}").format(
        card=said(record, "name", lang), count=record.get("count", "?"), attack=record.get("attack", "?"))


def event_summary(record: Record, lang: Language = ENGLISH) -> str:
    deck = next((option.label for option in DECKS if option.value == record.get("deck")), "?")
    return lang.gettext("{event} x{count} (deck {deck})").format(
        event=said(record, "name", lang), count=record.get("count", "?"), deck=lang.gettext(deck))


def area_summary(record: Record, lang: Language = ENGLISH) -> str:
    tribute = record.get("tribute")
    line = lang.gettext("{area} ({kind})").format(area=record.get("name", "?"), kind=said(record, "kind", lang))
    if isinstance(tribute, list) and tribute:
        return lang.gettext("{area}: tribute {tribute}").format(
            area=line, tribute=" ".join(lang.gettext(str(good)) for good in tribute))
    return line


def trade_summary(record: Record, lang: Language = ENGLISH) -> str:
    if record.get("kind") == "market":
        return lang.gettext("{market}: shiploads of {n}, {spaces} spaces").format(
            market=record.get("name", "?"), n=record.get("shipload", "?"), spaces=record.get("spaces", "?"))
    return said(record, "name", lang)


def start_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("{side}: {prestige} prestige, {cubes} cubes").format(
        side=said(record, "id", lang).capitalize(), prestige=record.get("prestige", "?"),
        cubes=record.get("cubes", "?"))


BOX = Box("polis", (
    Kind("poleis", N_("Poleis"),
         (Text(("name",), N_("Name"), 20), Pick(("type",), N_("Type"), TYPES),
          Count(("base",), N_("Fortification"), 1, MOST), Count(("max",), N_("Most citizens"), 1, 20),
          Count(("growth",), N_("Growth"), 1, MOST), Flag(("commercial",), N_("Commercial")),
          Flag(("capital",), N_("Capital")), Pick(("start",), N_("At the start"), STARTS)),
         polis_summary,
         rule=N_("18 poleis: 3 Athenian, 3 Spartan, 12 neutral at the start; one capital each side; Athenai, "
                 "Gytheion and Pylos commercial; a polis that is not a capital has a fortification of 1-4.")),
    Kind("projects", N_("Project tiles"),
         (Text(("name",), N_("Name"), 30), Pick(("type",), N_("Type"), TYPES),
          Goods(("cost",), N_("Cost"), RESOURCE_OPTIONS, MOST), Count(("round",), N_("Prestige each round"), 0, MOST),
          Count(("final",), N_("Prestige at the end"), 0, MOST)),
         project_summary, rule=N_("14 tiles, each costing something, of a type some polis takes.")),
    Kind("combat", N_("Combat cards"),
         (Text(("name",), N_("Name"), 30), Pick(("kind",), N_("Kind"), COMBAT_KINDS),
          Text(("formation",), N_("Formation"), 20, When(("kind",), ("formation",))),
          Count(("attack",), N_("Attack"), 0, MOST), Count(("count",), N_("Cards"), 1, 24)),
         combat_summary,
         rule=N_("24 cards in all, with mercenaries, salpinx calls and at least 2 formations.")),
    Kind("events", N_("Event cards"),
         (Text(("name",), N_("Name"), 60), Pick(("deck",), N_("Round deck"), DECKS),
          Count(("count",), N_("Cards"), 1, 40)),
         event_summary,
         rule=N_("40 cards in all, a deck for every round; the #3 deck holds the published cards.")),
    Kind("map", N_("Map areas"),
         (Text(("name",), N_("Name"), 20), Pick(("kind",), N_("Kind"), AREA_KINDS),
          *(Pick(("tribute", index), label, NO_RESOURCE, when=When(("kind",), ("land",)))
            for index, label in enumerate(TRIBUTE))),
         area_summary,
         rule=N_("Connected areas, the seas connected to each other; a region has a tribute box exactly when "
                 "it holds a polis.")),
    Kind("trade", N_("Trade board"),
         (Text(("name",), N_("Name"), 30),
          Count(("shipload",), N_("Shipload"), 1, MOST, when=When(("kind",), ("market",))),
          Count(("spaces",), N_("Spaces"), 5, MOST, when=When(("kind",), ("market",)))),
         trade_summary, rule=N_("One trade port per side and 5 markets, Persia one of them.")),
    Kind("start", N_("Starting positions"),
         (Count(("prestige",), N_("Prestige"), 1, 30), Count(("merchants",), N_("Merchant ships"), 0, MOST),
          Count(("cubes",), N_("Cubes"), 1, 99), Goods(("resources",), N_("Resources"), RESOURCE_OPTIONS, 20),
          Text(("proxenos",), N_("Proxenos in"), 20)),
         start_summary,
         rule=N_("One per side, with the poleis marked for it; at most 3 units an area; no more cubes than it has."),
         walk=False),
))
