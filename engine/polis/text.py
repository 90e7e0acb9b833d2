"""The names of Polis' things (sides, resources, actions, units) and how its sentences spell
them: the game's ``Words`` (engine/core/text.py), the kinds of argument its ``Say`` name.

What the rules say names a seat by its player (``{seat:seat}``, 'Ann'), its side
(``{seat:side}``, 'Athens') or both (``{seat:side_player}``, 'Athens (Ann)'), and the game's
things by their ids, spelled here by their names in the component data: ``polis``, ``area``,
``place`` (an area or a trade port), ``market``, ``project``, ``event``, ``card`` and ``cards``
(combat cards), ``round`` (its number, spelled by its label: '#3'). Resources are ``good`` (one),
``goods`` (a list, counted: '2 wheat, 1 oil'), ``either`` ('wine/oil'), ``cost`` and ``paid``
(amounts by resource); ``action`` is one of the 12 actions, ``unit`` and ``plural`` a unit word
('hoplite', 'hoplites'), ``count`` a number of something ([2, "galley"]: '2 galleys'),
``citizens`` a number of citizens, ``moved`` where the units of a move come from,
``reasons`` why the game ends, ``project_type`` the type of a polis or project.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import Words
from engine.i18n import ENGLISH, N_, Language

SIDES = ("athens", "sparta")
"""Seat 0 plays Athens, seat 1 Sparta."""
SIDE_NAMES = (N_("Athens"), N_("Sparta"))
RESOURCES = ("wheat", "silver", "wood", "metal", "oil", "wine")
GOODS = ("wine", "oil", "wood", "metal")
"""What a market may buy (it pays in wheat or silver)."""
PERISHABLE = ("wine", "oil", "wheat")
PROJECT_TYPES = ("sacred", "civic", "military")
UNIT_KINDS = ("hoplite", "galley")

ACTIONS = (
    ("hoplites", N_("Raise hoplites"), "development"),
    ("galleys", N_("Build galleys"), "development"),
    ("merchants", N_("Build merchant ships"), "development"),
    ("project", N_("Start a project"), "development"),
    ("move-hoplites", N_("Move hoplites"), "military"),
    ("move-galleys", N_("Move galleys"), "military"),
    ("siege", N_("Besiege a polis"), "military"),
    ("tribute", N_("Collect tribute"), "military"),
    ("trade", N_("Trade"), "political"),
    ("proxenos", N_("Move the proxenos"), "political"),
    ("free", N_("Free the proxenos"), "political"),
    ("civil-war", N_("Incite civil war"), "political"),
)
ACTION_NAMES = {key: name for key, name, _ in ACTIONS}
ACTION_FAMILY = {key: family for key, _, family in ACTIONS}
COMPONENT_WORDS = (
    N_("prestige"), N_("wheat"), N_("silver"), N_("wood"), N_("metal"), N_("oil"), N_("wine"), N_("sacred"),
    N_("civic"), N_("military"),
    N_("Spartan trade port"), N_("Athenian trade port"),
    N_("Acropolis walls"), N_("Agora"), N_("Armoury"), N_("Gymnasion"), N_("Long Walls"), N_("Odeion"),
    N_("Parthenon"), N_("Ship sheds"), N_("Stoa"), N_("Temple of Apollo"), N_("Temple of Poseidon"),
    N_("Temple of Zeus"), N_("Theatre"), N_("Treasury at Delphi"),
    N_("Embolon 1"), N_("Embolon 2"), N_("Embolon 3"), N_("Embolon 4"), N_("Kyklos 1"), N_("Kyklos 2"),
    N_("Kyklos 3"), N_("Kyklos 4"), N_("Mercenary"), N_("Phalanx 1"), N_("Phalanx 2"), N_("Phalanx 3"),
    N_("Phalanx 4"), N_("Salpinx call"),
    N_("Alkibiades changes sides"), N_("Archidamos invades Attika"), N_("Battle of Amphipolis"),
    N_("Battle of Arginusai"), N_("Battle of Kyzikos"), N_("Battle of Oinophyta"), N_("Battle of Tanagra"),
    N_("Brasidas in Thrace"), N_("Civil strife in Kerkyra"), N_("Earthquake in Sparta"),
    N_("Egypt Rebels Against Persia"), N_("Euboia revolts"), N_("Holy War (Delphi)"), N_("Kimon ostracised"),
    N_("Kleon's war levy"), N_("Leotychidas II deposed"), N_("Lysander's fleet"), N_("Mytilene revolts"),
    N_("No Event"), N_("Peace of Nikias"), N_("Persian Fleet Destruction (Eurymedon)"),
    N_("Persian gold for Sparta"), N_("Philopersians (Pausanias and Themistocles exiled)"),
    N_("Plague in Athens"), N_("Pylos and Sphakteria"), N_("Sparta fortifies Dekeleia"),
    N_("The Delian treasury moves to Athens"), N_("The Four Hundred seize Athens"),
    N_("The Ionian cities revolt"), N_("The Sicilian Expedition"), N_("The siege of Ithome ends"),
    N_("Thirty Years' Peace"), N_("Xerxes is Assassinated"),
)
"""The words the component data spell in English (resources, project types, trade ports, projects,
combat cards, events), marked for the catalogue: a language gives its own. Poleis, areas and
markets keep the names the map shows in every language."""


def unit_word(word: str, n: int, lang: Language = ENGLISH) -> str:
    """The word a count names (``count``, ``unit``, ``plural``) for ``n`` of them: 'hoplite',
    'galleys'. Polis' own words (context "polis"): Thebai calls its hoplites otherwise."""
    words = {
        "hoplite": lambda: lang.npgettext("polis", "hoplite", "hoplites", n),
        "galley": lambda: lang.npgettext("polis", "galley", "galleys", n),
        "merchant ship": lambda: lang.npgettext("polis", "merchant ship", "merchant ships", n),
        "unit": lambda: lang.npgettext("polis", "unit", "units", n),
        "metal": lambda: lang.npgettext("polis", "metal", "metals", n),
        "wood": lambda: lang.npgettext("polis", "wood", "woods", n),
        "unfed citizen": lambda: lang.npgettext("polis", "unfed citizen", "unfed citizens", n),
    }
    return words[word]()


def plural(n: int, word: str, lang: Language = ENGLISH) -> str:
    """'1 hoplite', '2 galleys'."""
    return lang.gettext("{n} {unit}").format(n=n, unit=unit_word(word, n, lang))


def counted(items: list[str], lang: Language = ENGLISH) -> str:
    """'2 wheat, 1 oil' from ['wheat', 'oil', 'wheat'] (first-seen order)."""
    _ = lang.gettext
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return _(", ").join(_("{n} {good}").format(n=n, good=_(item)) for item, n in counts.items()) or _("nothing")


def cost_text(cost: dict[str, int], lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    return _(", ").join(_("{n} {good}").format(n=n, good=_(k)) for k, n in cost.items() if n) or _("nothing")


def paid_text(paid: Mapping[str, int], lang: Language = ENGLISH) -> str:
    """'metal 2, silver 1': what units were paid with (nothing where none)."""
    _ = lang.gettext
    return _(", ").join(_("{good} {n}").format(good=_(good), n=n) for good, n in paid.items() if n)


def moved_text(picked: Mapping[str, int], name: Callable[[str], str], lang: Language = ENGLISH) -> str:
    """'2 from Attika, 1 from Boiotia', or 'none yet'."""
    _ = lang.gettext
    return _(", ").join(_("{n} from {area}").format(n=n, area=name(area)) for area, n in picked.items()) \
        or _("none yet")


def words(names: Sequence[str], language: Language = ENGLISH) -> Words:
    """Polis' sentences in ``language``: the seats by their players' names or their sides, the
    game's things by their names in the component data."""
    from .catalog import catalog  # here: catalog.py's checks import the names above

    _ = language.gettext

    def named(table: str) -> Callable[[str], str]:
        return lambda thing: _(getattr(catalog(), table)[thing]["name"])

    def on_the_map(table: str) -> Callable[[str], str]:
        return lambda thing: getattr(catalog(), table)[thing]["name"]

    spelled = Words(names, language=language)

    def side_player(seat: int) -> str:
        """'Athens (Ann)': the side first, then the player's name."""
        return _("{side} ({player})").format(side=_(SIDE_NAMES[seat]), player=spelled.seat(seat))

    def place(place: str) -> str:
        """An area by its name on the map, a trade port in words."""
        name = catalog().name(place)
        return name if place in catalog().areas else _(name)

    kinds: dict[str, Callable[[Any], str]] = {
        "side": lambda seat: _(SIDE_NAMES[seat]),
        "side_player": side_player,
        "polis": on_the_map("poleis"),
        "area": on_the_map("areas"),
        "market": on_the_map("markets"),
        "project": named("projects"),
        "event": named("events"),
        "card": named("cards"),
        "cards": lambda cards: _(" + ").join(_(catalog().cards[card]["name"]) for card in cards),
        "place": place,
        "round": lambda number: catalog().rounds[number - 1]["label"],
        "action": lambda action: _(ACTION_NAMES[action]),
        "good": _,
        "goods": lambda items: counted(items, language),
        "either": lambda goods: "/".join(map(_, goods)),
        "cost": lambda cost: cost_text(cost, language),
        "paid": lambda paid: paid_text(paid, language),
        "unit": lambda unit: unit_word(unit, 1, language),
        "plural": lambda unit: unit_word(unit, 2, language),
        "count": lambda counted_: plural(counted_[0], counted_[1], language),
        "citizens": lambda n: language.ngettext("{n} citizen", "{n} citizens", n).format(n=n),
        "moved": lambda picked: moved_text(picked, place, language),
        "reasons": lambda reasons: _("; ").join(map(_, reasons)),
        "project_type": _,
    }
    spelled.kinds.update(kinds)
    return spelled
