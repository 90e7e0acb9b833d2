"""Pantheon's wording: the names of its things, and the kinds of argument its sentences name.

The rules say things as data (engine/core/text.py); ``words`` spells Pantheon's kinds:

- ``card`` (an action card's kind: 'Gifts offering', 'Money 3'), ``offering`` (an offering
  tile's kind: 'Gifts'), ``loot`` and ``bonus`` (a tile by its label), ``nation`` (by name),
  ``hex`` (a hex by its id: 'J4');
- ``god`` (a god tile by its god's name), ``needs`` (a list of offering counts: '3+2+1'),
  ``god_kind`` (a tile's kind: permanent, instant, once);
- ``payment`` (offering cards by kind and count, as a choice offers them: '1 Dancers, 2
  Priests'), ``paid`` (the same as the log says it: '1 dancers, 2 priests'), ``money_cards``
  (money cards by kind and count: '1 money card of 3, 2 money cards of 1');
- ``numbers`` ('4, 5'), ``list`` and ``clauses`` (sentences within a sentence, joined by ', '
  and by '; ').
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.core.log import entry
from engine.core.text import Said, Say, Words, said_to_json
from engine.i18n import ENGLISH, N_, Language

from .cards import MONEY_VALUES
from .catalog import catalog

COMPONENT_WORDS = (
    N_("Movement"), N_("Gifts offering"), N_("Priests offering"), N_("Dancers offering"), N_("Temples offering"),
    N_("Money 1"), N_("Money 2"), N_("Money 3"), N_("Money 4"), N_("Money 5"),
    N_("Gifts"), N_("Priests"), N_("Dancers"), N_("Temples"),
    N_("Reserve: 2 feet or 2 columns"), N_("Demigod"), N_("God tile"), N_("Column on any column hex"),
    N_("Offering tile +1"), N_("Offering tile 2x"), N_("Draw 2 cards"), N_("Draw 3 cards"), N_("Special money card"),
    N_("Steps +1"), N_("Demigod (drawn face down)"), N_("God tile from the stack"),
    N_("instant"), N_("once"), N_("permanent"),
)
"""The words the component data spell in English (action cards, offering tiles, loot and bonus
tiles, the kinds of god tile), marked for the catalogue: a language gives its own. Nations and gods
keep their names in every language, as the rule texts do."""
NATION_POWERS = (
    N_("Each player in turn: draw 2 cards from the deck, or reveal a god from the stack and take it by paying only "
       "its topmost offering."),
    N_("Every player's hand becomes exactly 7 cards (discard by choice, or draw from the deck)."),
    N_("Each player may swap feet for columns or columns for feet between their supply and the general supply."),
    N_("The special money stack is turned round: the large values come first for the rest of the game."),
    N_("Each player in turn may spend 2 money under the purchase rules, without adding cards from hand."),
    N_("Each player in turn raises one offering tile by one level or takes a level-1 tile."),
    N_("Each player in turn draws 2 cards from the deck (not from the face-up row)."),
)
"""What each nation's power does, as its tile says (the board shows it for the epoch in play)."""
PAID_WORDS = {"gifts": N_("gifts"), "priests": N_("priests"), "dancers": N_("dancers"), "temples": N_("temples")}
"""Offering cards as the log names them when they are paid."""


def words(names: Sequence[str], language: Language = ENGLISH) -> Words:
    spoken = Words(names, language=language)
    _ = language.gettext
    spoken.kinds.update({
        "card": lambda kind: _(card_label(kind)), "offering": lambda kind: _(offering_label(kind)),
        "loot": lambda kind: _(loot_label(kind)), "bonus": lambda tile: _(bonus_label(tile)), "nation": nation_name,
        "hex": str, "god": god_name, "needs": needs_text, "god_kind": lambda tile: _(god_kind(tile)),
        "payment": lambda cards: payment_text(cards, language), "paid": lambda cards: paid_text(cards, language),
        "money_cards": lambda cards: money_cards_text(cards, language),
        "numbers": lambda values: numbers_text(values, language),
        "list": lambda parts: _(", ").join(map(spoken.said, parts)),
        "clauses": lambda parts: _("; ").join(map(spoken.said, parts)),
    })
    return spoken


def card_label(kind: str) -> str:
    return catalog().card_labels[kind]


def offering_label(kind: str) -> str:
    return catalog().tile_labels[kind]


def loot_label(kind: str) -> str:
    label: str = catalog().loot[kind]["label"]
    return label


def bonus_label(tile: str) -> str:
    label: str = catalog().bonus[tile]["label"]
    return label


def nation_name(nation: str) -> str:
    name: str = catalog().nations[nation]["name"]
    return name


def god_name(tile: str) -> str:
    name: str = catalog().gods[tile]["name"]
    return name


def god_kind(tile: str) -> str:
    kind: str = catalog().gods[tile]["kind"]
    return kind


def needs_text(needs: Sequence[int]) -> str:
    return "+".join(str(n) for n in needs)


def payment_text(cards: Mapping[str, int], lang: Language = ENGLISH) -> str:
    """'1 Dancers, 2 Priests': offering cards by kind, as a choice offers them."""
    _ = lang.gettext
    return _(", ").join(_("{n} {offering}").format(n=n, offering=_(offering_label(kind))) for kind, n in cards.items())


def paid_text(cards: Mapping[str, int], lang: Language = ENGLISH) -> str:
    """'1 dancers, 2 priests': offering cards by kind, as the log says them."""
    _ = lang.gettext
    return _(", ").join(_("{n} {offering}").format(n=n, offering=_(PAID_WORDS[kind])) for kind, n in cards.items())


def money_cards_text(cards: Mapping[str, int], lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    return _(", ").join(lang.ngettext("{n} money card of {value}", "{n} money cards of {value}", n).format(
        n=n, value=MONEY_VALUES[kind]) for kind, n in cards.items())


def numbers_text(values: Sequence[int], lang: Language = ENGLISH) -> str:
    return lang.gettext(", ").join(map(str, values))


def sentence(text: str, *names: str) -> Callable[..., Say]:
    """A sentence said again and again (every card drawn, every foot placed): ``text`` with its
    arguments ``names`` given in order, each ``Say`` made once and kept (they never change)."""

    @lru_cache(maxsize=1 << 12)
    def said(*values: Hashable) -> Say:
        return Say(text, **dict(zip(names, values)))

    return said


def log_line(text: str, *names: str) -> Callable[..., dict[str, Any]]:
    """A log line everyone reads, written again and again (every card turned up, every foot
    placed): ``text`` with its arguments ``names`` given in order, each log entry made once and
    kept (``add_entry``), not built anew for every game and every replay."""
    said = sentence(text, *names)

    @lru_cache(maxsize=1 << 12)
    def kept(*values: Hashable) -> dict[str, Any]:
        return entry(said(*values))

    return kept


def joined(parts: Sequence[Said], kind: str = "list") -> Said:
    """Sentences said one after the other, as one (``kind``: ``list`` joins them with ', ',
    ``clauses`` with '; '); empty ones are left out, and nothing is ''."""
    parts = [part for part in parts if part]
    if len(parts) < 2:
        return parts[0] if parts else ""
    template = N_("{parts:clauses}") if kind == "clauses" else N_("{parts:list}")
    return Say(template, parts=[said_to_json(part) for part in parts])


def cards_of(cards: Mapping[str, int]) -> dict[str, int]:
    """Cards by kind as a sentence names them: sorted by kind."""
    return dict(sorted(cards.items()))


def seat_said(seat: int, said: Said) -> Say:
    """'Ann: ...': what a seat is asked, as every prompt of Pantheon says it."""
    return Say("{seat:seat}: {question:said}", seat=seat, question=said_to_json(said))

