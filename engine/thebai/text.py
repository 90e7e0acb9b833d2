"""What Thebai says, in words: the game's ``Words`` (``ThebaiRules.words``) spell the kinds of
argument its sentences name (engine/core/text.py's ``Say``: log entries, labels, hints and prompts
are templates with their arguments, turned into words only when shown), and the names of its
components and effects. The rules and the play-outs never call them.

The kinds (``{x:kind}`` in a template), by the value they spell:

    seat, seats     a seat (engine/core/text.py); order: seats in turn order, "Ann, Bruno, Cleo"
    face            a die face index (0-5): "2*"             die_kind   "c"/"h": citizen, hoplite
    times           how many times a promotion repeats: "" once, " x2"
    good            a resource: "grape"                      goods      {resource: n}: "2 grape + 1 good"
    cost            {resource: n}: "1 grape + 2 drachma" (nothing: "nothing")
    payment         {resource: n} paid for a contract: "bronze1 + grape1" (nothing: "nothing")
    effect          an effect (a list of operations), or {"effect": ..., "power": p} for the power of
                    the die that triggers it: "gain 2 drachma; 1 VP"
    space           a space of the city (t4.2, h4.3, v2.1), of an estate (r2c1) or of the council
    spaces, rows    lists of spaces ("t1.1, t1.2") and of rows ("3 and 4")
    action          an estate space by its action's name: "Market"
    tile            a Cadmea tile by its id                  tile_desc  with its roofs (N E S W) and effect:
                    "red-8 [roofs wh br wh br]: gain 1 drachma; exchange x2"
    tile_descs      Cadmea tiles described, " / " between them
    turned          [tile, quarter turns]: the roofs it shows, "N:wh E:br S:sl W:te"
    matched         [[side, roof]...] matched roofs: "N white, E brown" (none: "no roof matches")
    side            a side of a Cadmea space (0-3): N, E, S, W
    roof, roofs     a roof's colour; a list of them ("white, brown", none: "none")
    contract        a contract by its id                     contract_desc  with its suit, cost and reward
    fate            a fate tile: "Conflict No.3 (battle in row 3)", "Peace: strategoi (...)"
    invader         an invader card: "Tydeus (+2)"
    herald          a herald card: "Column 2, plaza beside t3.2"
    commander       a commander card by its name             ability, bonus: what its stand does, its row bonus
    gate            a gate tile by its name                  collapse   a collapse card: "Collapse 1"
    track           a devotion track: "Dionysus"             metoikoi, blessing   their ids
    phase           a round's phase (the progress): "action"
    criterion       a council space's criterion: "2 VP per group of own-colour tiles"
    metric          what a criterion counts: "Strategos tile in the city"
    rate            [vp, per] of a criterion: "3 VP each", "2 VP per 2"
    battle          [[seat, power, result, VP change]...]: "Ann 3 won +2 VP; Bruno 0 not engaged -6 VP"
    gate_suits      [[suit, n]...]: ", gate tiles as 1 blue"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import Words
from engine.i18n import ENGLISH, N_, Language

from .catalog import catalog
from .constants import FACES
from .effects import Effect, number
from .geometry import SIDES

GOOD_NAMES = {"grape": N_("grape"), "pottery": N_("pottery"), "bronze": N_("bronze"), "drachma": N_("drachma")}
TRACK_NAMES = {"dionysus": N_("Dionysus"), "ares": N_("Ares")}
ABILITY_TEXT = {
    "row": N_("stand beside an estate row: a bonus for every die or metoikoi placed there"),
    "site": N_("stand on an empty Cadmea space: resolve the roofs around it; only you may build there"),
    "track": N_("stand beside a devotion track: 2 steps now, an extra promotion on its promotion spaces"),
    "post": N_("stand on a dice space: resolve the tiles beside it; others' archons crossing it promote your die"),
    "contract": N_("stand on a display contract: you may fulfil it as if in hand"),
    "council": N_("pay 2 drachma: stand on a council space, scoring like a die there"),
}
"""What a commander's stand does, by its ability."""
METRIC_TEXT = {
    "blessings": N_("blessing tile"), "strategos_on_city": N_("Strategos tile in the city"),
    "contracts_done": N_("fulfilled contract"), "council_citizens": N_("citizen die on the council"),
    "own_city_tiles": N_("own-colour Cadmea tile in the city"),
    "city_citizen_power": N_("power of own citizen dice in the city"),
    "lower_track": N_("step on the lower devotion track"), "higher_track": N_("step on the higher devotion track"),
    "gates": N_("gate tile"), "own_groups": N_("group of own-colour tiles"),
    "largest_group": N_("tile in the largest own-colour group"),
    "matched_tiles": N_("own tile with 2+ matched roofs"), "dionysus_steps": N_("Dionysus step"),
    "ares_steps": N_("Ares step"), "track_promotions": N_("die promotion reached on the tracks"),
    "top_row_emptied": N_("emptied top-row estate space"), "middle_row_emptied": N_("emptied middle-row estate space"),
    "bottom_row_emptied": N_("emptied bottom-row estate space"), "empty_columns": N_("empty estate column"),
    "strategos": N_("Strategos tile"), "best_suit": N_("fulfilled contract of the best suit"),
}
COMPONENT_NAMES = (
    N_("Build"), N_("Rite"), N_("Hurry"), N_("Pray"), N_("Bless"), N_("Trade"), N_("Deals"), N_("Masons"),
    N_("Harvest"), N_("Fulfil"), N_("Muster"), N_("Drill"), N_("Raze"), N_("Forge"), N_("Council"),
    N_("Melanippus"), N_("Polyphontes"), N_("Megareus"), N_("Hyperbius"), N_("Actor"), N_("Lasthenes"), N_("Creon"),
    N_("Eteocles"), N_("Proetid gate"), N_("Electran gate"), N_("Neistan gate"), N_("Oncaean gate"),
    N_("Borrhaean gate"), N_("Homoloid gate"), N_("Hypsistan gate"), N_("Tydeus"), N_("Capaneus"), N_("Eteoclus"),
    N_("Hippomedon"), N_("Parthenopaeus"), N_("Amphiaraus"), N_("Polynices"), N_("Adrastus"), N_("Mecisteus"),
    N_("Alcmaeon"), N_("white"), N_("brown"), N_("slate"), N_("terracotta"), N_("gold"), N_("blue"), N_("black"),
    N_("won"), N_("lost"), N_("not engaged"), N_("purple"), N_("ochre"), N_("red"),
)
"""The words the component data and the battles spell in English (estate actions, commanders, gates,
invaders, roofs, suits, the estate's rows, a battle's result), marked for the catalogue: a language gives its own."""
SIDE_WORDS = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}
FATE_WORDS = {"alpha": N_("alpha"), "beta": N_("beta"), "strategoi": N_("strategoi"), "assembly": N_("assembly"),
              "festival": N_("festival"), "offerings": N_("offerings"), "armoury": N_("armoury")}
"""The peace fate tiles' names (fate.json ids)."""
PHASE_WORDS = {"fate": N_("fate"), "action": N_("action")}
"""A round's phases as the progress names them."""


def face(f: int) -> str:
    return FACES[f]


def amount(goods: dict[str, int], lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    parts = [lang.ngettext("{n} good", "{n} goods", n).format(n=n) if k == "any"
             else _("{n} {good}").format(n=n, good=_(GOOD_NAMES[k])) for k, n in goods.items() if n]
    return _(" + ").join(parts) or _("nothing")


def _n(value: int | str, power: int | None, lang: Language = ENGLISH) -> str:
    try:
        return str(number(value, power))
    except ValueError:
        power_words = lang.pgettext("die", "power")
        return re.sub(r"(\d*)P", lambda m: (lang.gettext("{n} x {power}").format(n=m.group(1), power=power_words)
                                             if m.group(1) else power_words), str(value))


def op_text(op: dict[str, Any], power: int | None = None, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    (name, p), = op.items()

    def n(value: int | str) -> str:
        return _n(value, power, lang)

    if name == "gain":
        return _("gain {goods}").format(goods=_(" + ").join(
            _("{n} good of your choice").format(n=n(v)) if k == "any"
            else _("{n} {good}").format(n=n(v), good=_(GOOD_NAMES.get(k, k))) for k, v in p.items()))
    if name == "gain_kind":
        return _("{n} goods of one kind").format(n=n(p))
    if name == "vp":
        return _("{n} VP").format(n=n(p))
    if name in ("contract", "exchange", "pick"):
        what = {"contract": _("take a contract"), "exchange": _("exchange"),
                "pick": _("take a contract or exchange")}[name]
        return _("{what} x{n}").format(what=what, n=n(p)) if n(p) != "1" else what
    if name == "promote":
        kind = {"any": _("die"), "citizen": _("citizen die"), "hoplite": _("hoplite die")}[p.get("kind", "any")]
        where = {"any": "", "city": _(" in the city"), "estate": _(" on the estate"), "council": _(" on the council"),
                 "pool": _(" in your supply"), "home": _(" in your supply or estate")}[p.get("where", "any")]
        mode = {"any": "", "same": _(" (same die)"), "different": _(" (different dice)")}[p.get("mode", "any")]
        times = _(", {times} times each").format(times=p["times"]) if p.get("times", 1) > 1 else ""
        return _("promote {n} {kind}{where}{mode}{times}").format(n=n(p.get("n", 1)), kind=kind, where=where,
                                                                  mode=mode, times=times)
    if name == "devotion":
        track = {"any": _("devotion"), "dionysus": _("Dionysus"), "ares": _("Ares")}[p.get("track", "any")]
        mode = {"any": "", "same": _(" on one track"), "different": _(" on different tracks")}[p.get("mode", "any")]
        return _("{n} {track} step(s){mode}").format(n=n(p.get("n", 1)), track=track, mode=mode)
    if name == "hoplite":
        die = _("another hoplite die") if p.get("another") else _("hoplite die")
        return (_("{die} to the city and promote it") if p.get("promote") else _("{die} to the city")).format(die=die)
    if name == "place":
        lead = _("resolve a Cadmea tile and place it") if p.get("activate") else _("place a Cadmea tile")
        return _("{lead}, up to {n} matched roof(s)").format(lead=lead, n=n(p.get("edges", 1)))
    if name == "remove":
        return (_("remove {n} Cadmea tile(s) and resolve it") if p.get("activate")
                else _("remove {n} Cadmea tile(s)")).format(n=n(p.get("n", 1)))
    if name == "hurry":
        return _("hurry your archon and resolve its tile") if p.get("activate") else _("hurry your archon")
    if name == "pay":
        paid = _("pay {cost}: {then}").format(cost=cost_text(p["cost"], power, lang),
                                              then=effect_text(p["then"], power, lang))
        return _("{paid} (up to {times} times)").format(paid=paid, times=p["times"]) if p.get("times", 1) > 1 else paid
    if name == "choose":
        return _(" or ").join(
            (_("pay {cost}: ").format(cost=cost_text(a["cost"], power, lang)) if a.get("cost") else "")
            + effect_text(a["then"], power, lang) for a in p)
    if name == "fulfil":
        return _("fulfil a contract paying {n} goods fewer").format(n=n(p.get("discount", 0)))
    if name == "councillor":
        return _("councillor tile onto a collapse marker")
    if name == "vp_per":
        return vp_per(p.get("vp", 1), p.get("per", 1), p["metric"], lang)
    if name == "metoikoi":
        return _("metoikoi {id}").format(id=p)
    if name in ("blessing", "final"):
        return _("blessing {id}").format(id=p)
    return name


def vp_per(vp: int | str, per: int, metric: str, lang: Language = ENGLISH) -> str:
    """'2 VP per group of own-colour tiles', '1 VP per 2 x fulfilled contract'."""
    _ = lang.gettext
    if per > 1:
        return _("{vp} VP per {per} x {metric}").format(vp=vp, per=per, metric=_(METRIC_TEXT[metric]))
    return _("{vp} VP per {metric}").format(vp=vp, metric=_(METRIC_TEXT[metric]))


def cost_text(cost: Mapping[str, int | str], power: int | None = None, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    return _(" + ").join(_("{n} {good}").format(n=_n(v, power, lang), good=_(GOOD_NAMES.get(k, k)))
                         for k, v in cost.items())


def effect_text(effect: Effect, power: int | None = None, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    return _("; ").join(op_text(op, power, lang) for op in effect) or _("nothing")


def tile_text(tile_id: str, lang: Language = ENGLISH) -> str:
    tile = catalog().tiles[tile_id]
    roofs = " ".join(catalog().roofs[r]["short"] for r in tile["roofs"])
    return lang.gettext("{tile} [roofs {roofs}]: {effect}").format(tile=tile_id, roofs=roofs,
                                                                     effect=effect_text(tile["effect"], None, lang))


def contract_text(contract_id: str, lang: Language = ENGLISH) -> str:
    c = catalog().contracts[contract_id]
    return lang.gettext("{contract} ({suit}): pay {cost} -> {reward}").format(
        contract=contract_id, suit=lang.gettext(c["suit"]), cost=cost_text(c["cost"], None, lang),
        reward=effect_text(c["reward"], None, lang))


def fate_name(tile_id: str, lang: Language = ENGLISH) -> str:
    record = catalog().fate[tile_id]
    if record["kind"] == "conflict":
        return lang.gettext("Conflict No.{row} (battle in row {row})").format(row=record["row"])
    return lang.gettext("Peace: {tile} ({effect})").format(tile=lang.gettext(FATE_WORDS[tile_id]),
                                                           effect=effect_text(record["effect"], None, lang))


def seats_in_order(names: Sequence[str], seats: Sequence[int], lang: Language = ENGLISH) -> str:
    return lang.gettext(", ").join(names[seat] for seat in seats)


def effect_words(value: Any, lang: Language = ENGLISH) -> str:
    """An effect, or {"effect": ..., "power": p}: its numbers worked out for that power."""
    if isinstance(value, dict):
        return effect_text(value["effect"], value["power"], lang)
    return effect_text(value, None, lang)


def payment_text(paid: dict[str, int], lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    return _(" + ").join(f"{_(GOOD_NAMES.get(kind, kind))}{count}" for kind, count in sorted(paid.items())) \
        or _("nothing")


def turned_text(value: Sequence[Any], lang: Language = ENGLISH) -> str:
    """The roofs a tile shows on each side once turned ``turns`` quarter turns clockwise."""
    tile, turns = value
    roofs = catalog().tiles[tile]["roofs"]
    return " ".join(f"{lang.gettext(SIDE_WORDS[SIDES[s]])}:{catalog().roofs[roofs[(s - turns) % 4]]['short']}"
                    for s in range(4))


def herald_text(herald: str, lang: Language = ENGLISH) -> str:
    card = catalog().heralds[herald]
    return lang.gettext("Column {column}, plaza beside {space}").format(column=card["column"], space=card["space"])


def invader_text(invader: str, lang: Language = ENGLISH) -> str:
    card = catalog().invaders[invader]
    return f"{lang.gettext(card['name'])} ({card['modifier']:+d})"


def criterion_text(players: int, space: str, lang: Language = ENGLISH) -> str:
    """What a council space scores (its side of the council board depends on the players)."""
    c = catalog().council[space]["criterion"]
    side = "12" if players <= 2 else "34"
    return vp_per(c["vp"][side], c["per"], c["metric"], lang)


def words(names: Sequence[str], language: Language = ENGLISH) -> Words:
    """Thebai's ``Words`` for a table of these players, in ``language`` (see the kinds above)."""
    names = list(names)
    lang, _ = language, language.gettext

    def battle(results: Sequence[Sequence[Any]]) -> str:
        return _("; ").join(_("{name} {power} {result} {change} VP").format(
            name=names[seat], power=power, result=_(result), change=f"{change:+d}")
            for seat, power, result, change in results)

    def side(number: int) -> str:
        return _(SIDE_WORDS[SIDES[number]])

    def rate(rate: Sequence[int]) -> str:
        vp, per = rate
        return _("{vp} VP each").format(vp=vp) if per == 1 else _("{vp} VP per {per}").format(vp=vp, per=per)

    def named(table: str) -> Callable[[str], str]:
        return lambda key: _(getattr(catalog(), table)[key]["name"])

    kinds: dict[str, Callable[[Any], str]] = {
        "order": lambda seats: seats_in_order(names, seats, lang),
        "face": face,
        "die_kind": lambda kind: _("citizen") if kind == "c" else _("hoplite"),
        "times": lambda times: f" x{times}" if times > 1 else "",
        "good": lambda good: _(GOOD_NAMES[good]),
        "goods": lambda goods: amount(goods, lang),
        "cost": lambda cost: cost_text(cost, None, lang) or _("nothing"),
        "payment": lambda paid: payment_text(paid, lang),
        "effect": lambda value: effect_words(value, lang),
        "space": str,
        "spaces": _(", ").join,
        "rows": lambda rows: _(" and ").join(map(str, rows)),
        "action": lambda space: _(catalog().estate[space]["name"]),
        "tile": str,
        "tile_desc": lambda tile: tile_text(tile, lang),
        "tile_descs": lambda tiles: " / ".join(tile_text(tile, lang) for tile in tiles),
        "turned": lambda value: turned_text(value, lang),
        "matched": lambda sides: _(", ").join(_("{side} {roof}").format(side=side(number), roof=_(roof))
                                              for number, roof in sides) or _("no roof matches"),
        "side": side,
        "roof": _,
        "roofs": lambda roofs: _(", ").join(map(_, roofs)) or _("none"),
        "contract": str,
        "contract_desc": lambda contract: contract_text(contract, lang),
        "fate": lambda tile: fate_name(tile, lang),
        "invader": lambda invader: invader_text(invader, lang),
        "herald": lambda herald: herald_text(herald, lang),
        "commander": named("commanders"),
        "ability": lambda commander: _(ABILITY_TEXT[catalog().commanders[commander]["ability"]]),
        "bonus": lambda commander: effect_text(catalog().commanders[commander]["bonus"], None, lang),
        "gate": named("gates"),
        "collapse": lambda card: _("Collapse {n}").format(n=card.rsplit("-", 1)[-1]),
        "track": lambda track: _(TRACK_NAMES[track]),
        "phase": lambda phase: _(PHASE_WORDS[phase]),
        "metoikoi": str,
        "blessing": str,
        "criterion": lambda space: criterion_text(len(names), space, lang),
        "metric": lambda metric: _(METRIC_TEXT[metric]),
        "rate": rate,
        "battle": battle,
        "gate_suits": lambda suits: "".join(_(", gate tiles as {n} {suit}").format(n=n, suit=_(suit))
                                            for suit, n in suits),
    }
    return Words(names, kinds, language)
