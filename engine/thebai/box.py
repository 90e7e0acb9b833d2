"""Thebai's components as an owner edits them (engine.core.box): tiles, cards and the boards'
printed values, their effects built from the operations engine/thebai/effects.py knows.

Not editable here: the city board's geometry (city.json: spaces, start spaces, border roofs), a
blessing tile's ability and a track's name; the die-power expressions ("P+1") of estate actions
are kept as a record has them (the builder offers counts)."""

from __future__ import annotations

from typing import Any

from engine.core.box import Box, Count, Effect, Flag, Goods, Kind, Operation, Option, Pick, Text, When, worded
from engine.core.components import Record
from engine.i18n import ENGLISH, N_, Language

from .constants import ABILITIES, COLOURS, ESTATE_COLS, ESTATE_ROWS, ROWS, SUITS, TOP_FACE
from .effects import GOODS, KINDS, METRICS, MODES, PLACES, RESOURCES, TRACKS
from .text import ABILITY_TEXT, GOOD_NAMES, METRIC_TEXT, cost_text, effect_text, vp_per

MOST = 9
"""The largest count an effect's field offers (no printed component needs more)."""
VP_MOST = 30
"""The largest VP a board's printed value offers (the built-in estate's last column: 22)."""

GAIN_GOODS = (*(Option(good, GOOD_NAMES[good]) for good in (*GOODS, "drachma")),
              Option("any", N_("good of your choice")))
COST_GOODS = tuple(Option(good, GOOD_NAMES[good]) for good in RESOURCES)
DIE_KINDS = (Option("any", N_("any die")), Option("citizen", N_("citizen die")), Option("hoplite", N_("hoplite die")))
DIE_PLACES = (Option("any", N_("anywhere")), Option("city", N_("in the city")), Option("estate", N_("on the estate")),
              Option("council", N_("on the council")), Option("pool", N_("in your supply")),
              Option("home", N_("in your supply or estate")))
SAME_OR_NOT = (Option("any", N_("as you like")), Option("same", N_("the same")), Option("different", N_("different")))
DEVOTION_TRACKS = (Option("any", N_("either track")), Option("dionysus", N_("Dionysus")), Option("ares", N_("Ares")))
METRIC_OPTIONS = tuple(Option(metric, METRIC_TEXT[metric]) for metric in METRICS)
assert tuple(o.value for o in DIE_KINDS) == KINDS and tuple(o.value for o in DIE_PLACES) == PLACES
assert tuple(o.value for o in SAME_OR_NOT) == MODES and tuple(o.value for o in DEVOTION_TRACKS) == TRACKS


def effect_words(effect: Any, lang: Language = ENGLISH) -> str:
    return worded(lambda value, language: effect_text(value, None, language), effect, lang)


SIMPLE_OPERATIONS = (
    Operation("gain", N_("Gain goods"), (Goods((), N_("Goods"), GAIN_GOODS, MOST),), {"drachma": 1}),
    Operation("gain_kind", N_("Goods of one kind"), (Count((), N_("How many"), 1, MOST),), 1),
    Operation("vp", N_("Victory points"), (Count((), N_("VP"), 1, MOST),), 1),
    Operation("contract", N_("Take contracts"), (Count((), N_("How many"), 1, MOST),), 1),
    Operation("exchange", N_("Exchange"), (Count((), N_("Times"), 1, MOST),), 1),
    Operation("pick", N_("Contract or exchange"), (Count((), N_("Times"), 1, MOST),), 1),
    Operation("promote", N_("Promote dice"),
              (Count(("n",), N_("Dice"), 1, MOST, 1), Pick(("kind",), N_("Which dice"), DIE_KINDS, "any"),
               Pick(("where",), N_("Where"), DIE_PLACES, "any"), Pick(("mode",), N_("Dice"), SAME_OR_NOT, "any"),
               Count(("times",), N_("Times each"), 1, MOST, 1)), {"n": 1}),
    Operation("devotion", N_("Devotion steps"),
              (Count(("n",), N_("Steps"), 1, MOST, 1), Pick(("track",), N_("Track"), DEVOTION_TRACKS, "any"),
               Pick(("mode",), N_("Tracks"), SAME_OR_NOT, "any")), {"n": 1}),
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
    Operation("vp_per", N_("VP per counted thing"),
              (Pick(("metric",), N_("Counted"), METRIC_OPTIONS), Count(("per",), N_("Per how many"), 1, MOST, 1),
               Count(("vp",), N_("VP"), 1, MOST, 1)), {"metric": "gates"}),
    Operation("metoikoi", N_("Metoikoi tile"), (Text((), N_("Tile"), 20),), "red-2"),
    Operation("blessing", N_("Blessing tile"), (Text((), N_("Tile"), 20),), "roofs"),
    Operation("final", N_("Final blessing"), (Text((), N_("Tile"), 20),), "final-citizen"),
)
"""The operations an effect inside a payment or a choice is built of."""


def then_field(path: tuple[str | int, ...], label: str) -> Effect:
    return Effect(path, label, SIMPLE_OPERATIONS, effect_words)


OPERATIONS = (
    *SIMPLE_OPERATIONS,
    Operation("pay", N_("May pay for"),
              (Goods(("cost",), N_("Cost"), COST_GOODS, MOST), then_field(("then",), N_("Then")),
               Count(("times",), N_("Times, at most"), 1, MOST, 1)),
              {"cost": {"drachma": 1}, "then": [{"vp": 1}]}),
    Operation("choose", N_("Choose one of two"),
              (Goods((0, "cost"), N_("First: cost"), COST_GOODS, MOST), then_field((0, "then"), N_("First: then")),
               Goods((1, "cost"), N_("Second: cost"), COST_GOODS, MOST), then_field((1, "then"), N_("Second: then"))),
              [{"then": [{"vp": 1}]}, {"then": [{"contract": 1}]}]),
)
"""The operations a component's effect is built of in the editor (a choice of two alternatives;
a payment's or a choice's own effect without a further payment or choice)."""


def effect_field(path: tuple[str, ...], label: str, when: When | None = None) -> Effect:
    return Effect(path, label, OPERATIONS, effect_words, when)


def of_kind(*kinds: str) -> When:
    return When(("kind",), kinds)


ROOF_OPTIONS = (Option("white", N_("white")), Option("brown", N_("brown")), Option("slate", N_("slate")),
                Option("terracotta", N_("terracotta")))
ROOF_SIDES = (N_("North roof"), N_("East roof"), N_("South roof"), N_("West roof"))
TILE_COLOURS = (*(Option(colour, N_(colour)) for colour in COLOURS), Option("neutral", N_("neutral")))
SUIT_OPTIONS = (Option("blue", N_("blue")), Option("gold", N_("gold")), Option("white", N_("white")),
                Option("black", N_("black")))
ABILITY_OPTIONS = tuple(Option(ability, ABILITY_TEXT[ability]) for ability in ABILITIES)
STACKS = (Option("alpha", N_("alpha")), Option("beta", N_("beta")), Option("delta", N_("delta")),
          Option("gamma", N_("gamma")), Option("omega", N_("omega")))
ORDERS = (Option("turn", N_("in turn order")), Option("each", N_("every player at once")))
FATE_KINDS = (Option("peace", N_("peace")), Option("conflict", N_("conflict")))
MONUMENTS = (Option("tl", N_("top left")), Option("tr", N_("top right")), Option("c", N_("centre")),
             Option("bl", N_("bottom left")), Option("br", N_("bottom right")), Option("p4", N_("4-player tile")))
MAIN_MONUMENTS = ("tl", "tr", "c", "bl", "br")
DIES = (Option("citizen", N_("citizen die")), Option("hoplite", N_("hoplite die")))
assert tuple(o.value for o in SUIT_OPTIONS) == SUITS and tuple(o.value for o in TILE_COLOURS)[:-1] == COLOURS
PASSAGE = (N_("Passage space 1 VP"), N_("Passage space 2 VP"), N_("Passage space 3 VP"), N_("Passage space 4 VP"),
           N_("Passage space 5 VP"), N_("Passage space 6 VP"))
COLLAPSE = (N_("Space 1"), N_("Space 2"), N_("Space 3"), N_("Space 4"), N_("Space 5"))
FINAL_VP = (N_("Tile 1 VP (bottom)"), N_("Tile 2 VP"), N_("Tile 3 VP"), N_("Tile 4 VP"), N_("Tile 5 VP"),
            N_("Tile 6 VP"))
START_FACES = (N_("Die 1 face"), N_("Die 2 face"), N_("Die 3 face"))
STRATEGOI = (N_("Strategos tile 1"), N_("Strategos tile 2"), N_("Strategos tile 3"), N_("Strategos tile 4"))


def cadmea_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    roofs = record.get("roofs")
    roofs = " ".join(_(str(roof)) for roof in roofs) if isinstance(roofs, list) else "?"
    return _("{colour}: {effect} · roofs {roofs}").format(colour=_(str(record.get("colour", "?"))),
                                                          effect=effect_words(record.get("effect"), lang),
                                                          roofs=roofs)


def costed(cost: Any, lang: Language) -> str:
    return worded(lambda value, language: cost_text(value, None, language), cost, lang)


def contract_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    line = _("{suit}: pay {cost} -> {reward}").format(suit=_(str(record.get("suit", "?"))),
                                                      cost=costed(record.get("cost"), lang),
                                                      reward=effect_words(record.get("reward"), lang))
    return _("{contract} (starting)").format(contract=line) if record.get("start") is True else line


def named(record: Record, lang: Language, detail: str) -> str:
    return lang.gettext("{name}: {detail}").format(name=lang.gettext(str(record.get("name", "?"))), detail=detail)


def invader_summary(record: Record, lang: Language = ENGLISH) -> str:
    modifier = record.get("modifier")
    return named(record, lang, f"{modifier:+d}" if isinstance(modifier, int) else "?")


def commander_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    detail = _(ABILITY_TEXT.get(str(record.get("ability")), "?"))
    if "bonus" in record:
        detail = _("{ability}; bonus: {effect}").format(ability=detail, effect=effect_words(record["bonus"], lang))
    return named(record, lang, detail)


def gate_summary(record: Record, lang: Language = ENGLISH) -> str:
    return named(record, lang, effect_words(record.get("loot"), lang))


def roof_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("{roof} ({short}): {effect}").format(roof=lang.gettext(str(record.get("id", "?"))),
                                                            short=record.get("short", "?"),
                                                            effect=effect_words(record.get("effect"), lang))


def fate_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    if record.get("kind") == "conflict":
        return _("Conflict No.{row} (stack {stack})").format(row=record.get("row", "?"),
                                                              stack=_(str(record.get("stack", "?"))))
    return _("Peace (stack {stack}): {effect}").format(stack=_(str(record.get("stack", "?"))),
                                                       effect=effect_words(record.get("effect"), lang))


def herald_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("Column {column}, plaza beside {space}").format(column=record.get("column", "?"),
                                                                        space=record.get("space", "?"))


def numbers(values: Any) -> str:
    return " ".join(str(value) for value in values) if isinstance(values, list) else "?"


def criterion_words(criterion: Any, lang: Language) -> str:
    sides = criterion.get("vp", {})
    vp = "/".join(str(sides[side]) for side in ("12", "34") if side in sides)
    return vp_per(vp, criterion.get("per", 1), criterion["metric"], lang)


def council_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    kind = record.get("kind")
    if kind == "passage":
        return _("Passage: {vp} VP").format(vp=numbers(record.get("vp")))
    if kind == "collapse":
        return _("Collapse card: {spaces}").format(spaces=numbers(record.get("spaces")))
    if kind == "markers":
        return _("{players} players: {markers} collapse markers").format(players=record.get("players", "?"),
                                                                          markers=record.get("markers", "?"))
    return _("Monument {monument} space {slot}: {criterion}").format(
        monument=record.get("monument", "?"), slot=record.get("slot", "?"),
        criterion=worded(criterion_words, record.get("criterion"), lang))


def devotion_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    kind = record.get("kind")
    if kind == "track":
        return _("{track} track: {length} spaces").format(track=_(str(record.get("id", "?")).capitalize()),
                                                          length=record.get("length", "?"))
    if kind == "space":
        line = _("{track} step {step}: {effect}").format(track=_(str(record.get("track", "?")).capitalize()),
                                                         step=record.get("step", "?"),
                                                         effect=effect_words(record.get("reward"), lang))
        return _("{space} (yellow: twice)").format(space=line) if record.get("yellow") is True else line
    if kind == "blessing":
        return _("Blessing {tile}: {count} tiles").format(tile=record.get("id", "?"), count=record.get("count", "?"))
    if kind == "final":
        return _("Final blessings ({die}): {vp} VP").format(die=_(str(record.get("die", "?"))),
                                                           vp=numbers(record.get("vps")))
    return _("Metoikoi row {row}, power {power}: {count} tiles").format(
        row=record.get("row", "?"), power=record.get("power", "?"), count=record.get("count", "?"))


def estate_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    kind = record.get("kind")
    if kind == "row":
        return _("Row {row}: {colour}").format(row=record.get("row", "?"), colour=_(str(record.get("colour", "?"))))
    if kind == "column":
        return _("Column {col} emptied: {vp} VP").format(col=record.get("col", "?"), vp=record.get("vp", "?"))
    if kind == "refresh":
        return _("{empty} empty columns: refresh to face {face}").format(empty=record.get("empty", "?"),
                                                                        face=record.get("face", "?"))
    return _("Row {row} column {col}, {name}: {effect}").format(
        row=record.get("row", "?"), col=record.get("col", "?"), name=_(str(record.get("name", "?"))),
        effect=effect_words(record.get("effect"), lang))


def battle_vp_summary(record: Record, lang: Language = ENGLISH) -> str:
    return lang.gettext("Surplus {surplus}: {vp} VP").format(surplus=record.get("surplus", "?"),
                                                             vp=record.get("vp", "?"))


def setup_summary(record: Record, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    kind = record.get("kind")
    if kind == "start":
        return _("Place {place}: dice faces {faces}, {drachma} drachma").format(
            place=record.get("place", "?"), faces=numbers(record.get("faces")), drachma=record.get("drachma", "?"))
    if kind == "strategos":
        return _("Strategos tiles: {values}").format(values=numbers(record.get("values")))
    if kind == "plaza":
        return _("Plaza markers: {n}").format(n=record.get("markers", "?"))
    return _("Each player's pieces")


def goods_of(good: str) -> Option:
    return next(option for option in COST_GOODS if option.value == good)


BOX = Box("thebai", (
    Kind("cadmea", N_("Cadmea tiles"),
         (Pick(("colour",), N_("Colour"), TILE_COLOURS), effect_field(("effect",), N_("Effect")),
          *(Pick(("roofs", side), label, ROOF_OPTIONS) for side, label in enumerate(ROOF_SIDES))),
         cadmea_summary,
         rule=N_("9 tiles of each player colour and at least 12 neutral ones; three effects are the rulebook's "
                 "examples (a green tile: 1 drachma and 1 pottery; a tile: 1 drachma and a contract; a peach "
                 "tile: 2 grapes).")),
    Kind("contracts", N_("Contract cards"),
         (Pick(("suit",), N_("Suit"), SUIT_OPTIONS), Flag(("start",), N_("Starting contract")),
          Goods(("cost",), N_("Cost"), COST_GOODS, MOST), effect_field(("reward",), N_("Reward"))),
         contract_summary,
         rule=N_("More starting contracts than players and a deck of at least 16; every suit; the rulebook's "
                 "contract (2 grapes: 2 drachma and a devotion step) and one that places a Cadmea tile with up to "
                 "2 matched roofs and resolves it.")),
    Kind("invaders", N_("Invader cards"),
         (Text(("name",), N_("Name"), 30), Count(("modifier",), N_("Modifier"), 0, MOST)),
         invader_summary,
         rule=N_("More than 7 cards (one per row, the rest boxed); one is +1 (the battle example).")),
    Kind("commanders", N_("Commander cards"),
         (Text(("name",), N_("Name"), 30), Pick(("ability",), N_("Ability"), ABILITY_OPTIONS),
          effect_field(("bonus",), N_("Row bonus"), When(("ability",), ("row",))),
          Goods(("cost",), N_("Cost"), COST_GOODS, MOST, When(("ability",), ("council",)))),
         commander_summary,
         rule=N_("Eight commanders: three stand beside an estate row, one of each other ability.")),
    Kind("gates", N_("Gate tiles"),
         (Text(("name",), N_("Name"), 30), effect_field(("loot",), N_("Loot"))),
         gate_summary,
         rule=N_("Seven gate tiles; one gives 1 grape (the battle example).")),
    Kind("roofs", N_("Roof colours"),
         (Text(("short",), N_("Short name"), 2), effect_field(("effect",), N_("A matched roof"))),
         roof_summary,
         rule=N_("Four roof colours of different short names; white takes a contract and exchanges once, brown "
                 "promotes two different hoplite dice (the rulebook).")),
    Kind("fate", N_("Fate tiles"),
         (Pick(("kind",), N_("Kind"), FATE_KINDS), Pick(("stack",), N_("Stack"), STACKS),
          Pick(("order",), N_("Resolved"), ORDERS, when=of_kind("peace")),
          effect_field(("effect",), N_("Effect"), of_kind("peace")),
          Count(("row",), N_("Battle in row"), 1, ROWS, when=of_kind("conflict"))),
         fate_summary,
         rule=N_("Seven peace tiles; conflict tiles No.1-7 in stacks gamma and omega, No.4 in gamma; each stack "
                 "has the tiles the rounds need, also without No.7.")),
    Kind("heralds", N_("Herald cards"),
         (Count(("column",), N_("City column"), 1, 5), Text(("space",), N_("Plaza beside space"), 5)),
         herald_summary,
         rule=N_("At least 10 cards (one per round), each a column and a Cadmea space of the 1-2 player side.")),
    Kind("council", N_("Council board"),
         (*(Count(("vp", index), label, 0, MOST, when=of_kind("passage"))
            for index, label in enumerate(PASSAGE)),
          Pick(("monument",), N_("Monument"), MONUMENTS, when=of_kind("space")),
          Count(("slot",), N_("Space"), 1, 3, when=of_kind("space")),
          Count(("players",), N_("Players, at least"), 2, len(COLOURS), 2, of_kind("space")),
          Pick(("criterion", "metric"), N_("Counted"), METRIC_OPTIONS, when=of_kind("space")),
          Count(("criterion", "per"), N_("Per how many"), 1, MOST, when=of_kind("space")),
          Count(("criterion", "vp", "12"), N_("VP, 1-2 players"), 0, MOST, when=When(("monument",), MAIN_MONUMENTS)),
          Count(("criterion", "vp", "34"), N_("VP, 3-4 players"), 0, MOST, when=of_kind("space")),
          *(Text(("spaces", index), label, 5, of_kind("collapse")) for index, label in enumerate(COLLAPSE)),
          Count(("players",), N_("Players"), 2, len(COLOURS), when=of_kind("markers")),
          Count(("markers",), N_("Collapse markers"), 1, MOST, when=of_kind("markers"))),
         council_summary,
         rule=N_("The 15 criteria of the appendix once each on the main board, with the final-scoring example's "
                 "values; a passage; collapse cards of five distinct spaces; 3, 4, 5 markers for 2, 3, 4 players.")),
    Kind("devotion", N_("Devotion board"),
         (Count(("length",), N_("Spaces"), 1, 20, when=of_kind("track")),
          Pick(("track",), N_("Track"), DEVOTION_TRACKS[1:], when=of_kind("space")),
          Count(("step",), N_("Step"), 1, 20, when=of_kind("space")),
          effect_field(("reward",), N_("Reward"), of_kind("space")),
          Flag(("yellow",), N_("Yellow (resolved twice)"), when=of_kind("space")),
          Count(("count",), N_("Tiles"), 1, MOST, when=of_kind("blessing", "metoikoi")),
          Pick(("die",), N_("Die"), DIES, when=of_kind("final")),
          *(Count(("vps", index), label, 0, MOST, when=of_kind("final"))
            for index, label in enumerate(FINAL_VP)),
          Count(("row",), N_("Estate row"), 1, ESTATE_ROWS, when=of_kind("metoikoi")),
          Count(("power",), N_("Power"), 1, 3, when=of_kind("metoikoi"))),
         devotion_summary,
         rule=N_("Dionysus and Ares tracks, a space per step, the last one taking a final blessing; an Ares step "
                 "gives 2 VP; final blessings 2 up to 8 VP, a tile per player, for citizen and hoplite dice.")),
    Kind("estate", N_("Estate board"),
         (Count(("row",), N_("Row"), 1, ESTATE_ROWS, when=of_kind("row", "space")),
          Text(("colour",), N_("Colour"), 12, of_kind("row")),
          Count(("col",), N_("Column"), 1, ESTATE_COLS, when=of_kind("space", "column")),
          Text(("name",), N_("Action"), 8, of_kind("space")),
          effect_field(("effect",), N_("Effect"), of_kind("space")),
          Count(("vp",), N_("VP when emptied"), 0, VP_MOST, when=of_kind("column")),
          Count(("empty",), N_("Empty columns"), 0, ESTATE_COLS - 1, when=of_kind("refresh")),
          Count(("face",), N_("Die face (0 = 1)"), 0, TOP_FACE, when=of_kind("refresh"))),
         estate_summary,
         rule=N_("3 rows of 5 actions; r2c1 gives drachma by the die's power and a good, the red row's last action "
                 "a councillor tile; column VP grow, 9 for the second column; refresh faces as the rulebook's.")),
    Kind("battle_vp", N_("Battle VP table"),
         (Count(("surplus",), N_("Surplus"), 0, 20), Count(("vp",), N_("VP"), 0, 20)),
         battle_vp_summary,
         rule=N_("Surplus from 0 upward: none gives 0 VP, 2 gives 2 VP (the battle example).")),
    Kind("setup", N_("Setup"),
         (Count(("place",), N_("Turn-order place"), 1, len(COLOURS), when=of_kind("start")),
          *(Count(("faces", index), label, 0, TOP_FACE, when=of_kind("start"))
            for index, label in enumerate(START_FACES)),
          Count(("drachma",), N_("Drachma"), 0, MOST, when=of_kind("start")),
          Count(("hoplite_face",), N_("Hoplites' face (0 = 1)"), 0, TOP_FACE, when=of_kind("pieces")),
          Goods(("goods",), N_("Goods"), tuple(goods_of(good) for good in GOODS), MOST, of_kind("pieces")),
          *(Count(("values", index), label, 1, MOST, when=of_kind("strategos"))
            for index, label in enumerate(STRATEGOI)),
          Count(("markers",), N_("Plaza markers"), 10, 20, when=of_kind("plaza"))),
         setup_summary,
         rule=N_("Starting dice and drachma for places 1-4; the rulebook's pieces; four strategos tiles."),
         walk=False),
))
