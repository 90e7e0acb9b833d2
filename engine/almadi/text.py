"""Almadi's wording: what choice labels, prompts and the log say about tiles, places and effects.

The rules say things as data (engine/core/text.py); ``words`` spells the kinds of argument
Almadi's sentences name, in the reader's language: ``tile`` (a landscape by its type), ``where``
(a realm position), ``fired`` (what a placement or move activates), ``counted`` (effects with
their counts), ``objective`` and ``character`` (by their text and name), ``characters`` (a list
of them), ``edges`` (a landscape's four sides), ``placing`` (where a landscape could go, and what
each place would activate), ``colour`` (an objective's colour), ``deck`` (mosaic or stall),
``title`` (a character's title) and ``power`` (a character's power, by its id).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.text import Say, Words
from engine.i18n import ENGLISH, N_, Language

from .catalog import TYPE_OF_LETTER, catalog, icons
from .objectives import describe

EFFECT_TITLES = {
    "genie": N_("Genie"), "martelin": N_("Martelin"), "stall": N_("Stall"), "moon": N_("Moon"), "ruby": N_("Ruby"),
    "jar": N_("Jar"),
}
TYPE_NAMES = {"oasis": N_("Oasis"), "caravan": N_("Caravan"), "market": N_("Market"), "palace": N_("Palace")}
SIDE_WORDS = {"top": N_("top"), "right": N_("right"), "bottom": N_("bottom"), "left": N_("left")}
EFFECT_LABELS = {
    "martelin": (Say("Martelin: draw a mosaic card"), Say("Martelin: draw 2 mosaic cards")),
    "stall": (Say("Stall: draw a stall card"), Say("Stall: draw 2 stall cards")),
    "ruby": (Say("Ruby: take a ruby"), Say("Ruby: take 2 rubies")),
}
"""Label of an effect used once, by amount (1, or 2 with the character doubling it)."""
COMPONENT_WORDS = (
    N_("red"), N_("yellow"), N_("blue"), N_("green"), N_("grey"), N_("mosaic"), N_("stall"),
    N_("Hussain"), N_("Abriza"), N_("Sinbad"), N_("Harun"), N_("Kasim"), N_("Zubaida"), N_("Ali"), N_("Marid"),
    N_("Aladdin"), N_("Morgiana"), N_("Budur"), N_("Zahra"), N_("Shahryar"), N_("Scheherazade"), N_("Jafar"),
    N_("Yasmin"), N_("Hassan"), N_("Fatima"), N_("Nasir"), N_("Layla"), N_("Omar"), N_("Amina"), N_("Karim"),
    N_("Salim"), N_("Zaid"), N_("Dalia"),
    N_("the adventurous prince"), N_("experienced warrior"), N_("the navigator"), N_("the wandering caliph"),
    N_("the smith"), N_("the cloth trader"), N_("the miner"), N_("the great djinn"), N_("the lamp finder"),
    N_("the clever servant"), N_("the moon princess"), N_("the sorceress"), N_("the sultan"),
    N_("the storyteller"), N_("the vizier"), N_("the gardener"), N_("the caravaneer"), N_("the weaver"),
    N_("the mosaicist"), N_("the jeweller"), N_("the architect"), N_("the cartographer"), N_("the merchant"),
    N_("the builder"), N_("the water carrier"), N_("the dancer"),
)
"""The words the component data spell in English (objective colours, decks, the characters' names
and titles), marked for the catalogue: a language gives its own."""
POWER_TEXTS = (
    N_("When you use a Genie, you may swap two of your landscapes instead of moving one (once per turn)."),
    N_("Your Genie moves may put a landscape above row 1 or below row 4."),
    N_("You may place a landscape in the realm row just above or below the board row it came from."),
    N_("You may place a landscape in any of your realm rows 1-4."),
    N_("Each Martelin you use draws 2 mosaic cards."),
    N_("Each Stall you use draws 2 stall cards."),
    N_("Each Ruby you use takes 2 rubies."),
    N_("After each of your placements you may make one Genie move, even if no Genie was activated."),
    N_("When recruited: draw 2 mosaic cards."),
    N_("When recruited: draw 2 stall cards."),
    N_("When recruited: you gain one Moon effect to use this turn."),
    N_("In your realm two effect sides that touch activate each other (for Jars too)."),
    N_("End: +1 per activated Jar."),
    N_("End: your uncompleted objectives cost you nothing."),
    N_("End: +2 per completed objective."),
    N_("End: +2 per group of 2 or more Oases."),
    N_("End: +1 per Caravan."),
    N_("End: +1 per stall card."),
    N_("End: +1 per mosaic card."),
    N_("End: +1 per 2 rubies you still hold."),
    N_("End: +3 per column right of your starting tile filled in all rows 1-4."),
    N_("End: +2 per realm row of at least 6 landscapes (starting tile included)."),
    N_("End: +1 per Market next to a Caravan."),
    N_("End: +1 per Palace."),
    N_("End: +1 per Oasis next to a Caravan."),
    N_("End: +3 if you have at least 4 landscapes of every type."),
)
"""The characters' powers as the component data word them, marked for the catalogue."""


def words(names: Sequence[str], language: Language = ENGLISH) -> Words:
    _ = language.gettext
    return Words(names, language=language, kinds={
        "tile": lambda tile: tile_name(tile, language), "where": lambda pos: where(pos, language),
        "fired": lambda fired: fired_text(fired, language), "counted": lambda effects: counted_text(effects, language),
        "objective": lambda oid: objective_text(oid, language),
        "character": lambda cid: _(character_name(cid)),
        "characters": lambda cids: _(", ").join(_(character_name(cid)) for cid in cids),
        "edges": lambda tile: edges_text(tile, language), "placing": lambda placing: placing_text(placing, language),
        "colour": _, "deck": _, "title": _, "power": lambda cid: _(catalog().characters[cid]["text"]),
    })


def tile_name(tile: str, lang: Language = ENGLISH) -> str:
    return lang.gettext(TYPE_NAMES[TYPE_OF_LETTER[catalog().faces[tile][0]]])


def where(pos: Sequence[int], lang: Language = ENGLISH) -> str:
    return lang.gettext("row {row}, column {column}").format(row=pos[0] + 1, column=pos[1])


def side_text(side: str, lang: Language = ENGLISH) -> str:
    """'Moon', 'arrow', '2 Jars'."""
    _ = lang.gettext
    if side not in EFFECT_TITLES and side != "arrow":
        shown = icons(side)
        return lang.ngettext("{n} Jar", "{n} Jars", len(shown)).format(n=len(shown))
    return _(EFFECT_TITLES[side]) if side in EFFECT_TITLES else _("arrow")


def edges_text(tile: str, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    sides = catalog().faces[tile][1]
    return _(", ").join(_("{side} {what}").format(side=_(SIDE_WORDS[name]), what=side_text(side, lang))
                        for name, side in zip(("top", "right", "bottom", "left"), sides))


def fired_text(fired: list[str], lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    return _("activates {effects}").format(effects=counted_text(tally(fired), lang)) if fired \
        else _("activates nothing")


def tally(fired: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for effect in fired:
        counts[effect] = counts.get(effect, 0) + 1
    return counts


def counted_text(effects: dict[str, int], lang: Language = ENGLISH) -> str:
    """'Martelin, Ruby x2' for the effects with a count."""
    _ = lang.gettext
    return _(", ").join(_(EFFECT_TITLES[e]) + (f" x{n}" if n > 1 else "") for e, n in effects.items() if n)


def objective_text(oid: str, lang: Language = ENGLISH) -> str:
    return describe(catalog().objectives[oid]["requirement"], lang)


def character_name(cid: str) -> str:
    name: str = catalog().characters[cid]["name"]
    return name


def placing_text(placing: dict[str, Any], lang: Language = ENGLISH) -> str:
    """What placing a landscape could activate, best places first, the effects before the place
    (a list cut at 80 columns still tells the choices apart): 'Genie, Moon (col 3); Ruby
    (col 1); nothing (col 2)' (columns of its own row; 'row 1 col 2' elsewhere). ``placing``:
    {"row": the landscape's row, "places": [[row, col, [effects]], ...]}."""
    _ = lang.gettext
    row = placing["row"]

    def spot(pos: Sequence[int]) -> str:
        return _("col {column}").format(column=pos[1]) if pos[0] == row \
            else _("row {row} col {column}").format(row=pos[0] + 1, column=pos[1])

    ranked = sorted(placing["places"], key=lambda place: (-len(place[2]), place[0], place[1]))
    active = [_("{effects} ({place})").format(effects=counted_text(tally(fired), lang), place=spot(pos))
              for *pos, fired in ranked if fired]
    idle = [spot(pos) for *pos, fired in ranked if not fired]
    if not active:
        return _("activates nothing wherever it goes")
    if idle:
        active.append(_("nothing ({places})").format(places=_(", ").join(idle)))
    return _("; ").join(active)
