"""Thebai's final score sheet worked out a second time, from the rule text ("ゲームの終了", the
council board in the appendix) and what the log says happened, without the engine's scoring code.
The log is read as the rules wrote it: each entry's sentence and its arguments (the seat, the VP,
the track...), never by parsing the words a player reads, so no name can be mistaken for a line.

* Score track: a ledger kept from the log, from 10 at the start on: every line that moves a
  score (never below 0), with the amount the rules give where the line says what happened: a battle from its invader
  power and each player's power (not engaged: -3 per invader power; won: the surplus table;
  lost: the shortfall), the invader power from the battle's number and its invader card; a die
  at 3* that cannot ascend +1; a die at 1 demoted -3; a marker past a track's end +1; a citizen
  ascending to the council passage the VP of the top free space (the bottom space's once the
  others are taken; dice leave it for the monuments from the top down); a peace fate tile's or
  the blessing action's VP per counted thing, the count taken on the table. Every flat "scores
  N VP" is one the seat is owed: the VP printed on a contract it fulfils, on a devotion space it
  reaches (twice on a yellow one), or bought by a payment that the components it just set off
  offer (a Cadmea tile, an estate action, a peace fate tile), and what is owed is scored before
  the next turn, fate tile or battle; the top blessing tile of a track's last step.
* Council: each die, councillor tile or commander stand of the seat on a monument space scores
  that space's criterion on the table now (criteria from the data file).
* Estate: the VP under the rightmost fully emptied estate column; City dice: the powers of the
  seat's dice in the city; sets of different suits and of one suit, counted by trying every
  split of the contracts and every suit for each gate tile (where several suits score the same
  total, the split between the two categories is the player's choice); 1 per 3 goods and
  drachma; -3 per contract in hand; a total below 0 is lifted to 0.

It reads the data files directly, not through the engine's catalogue.
"""

from __future__ import annotations

import json
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

from tests.grid import STEPS, groups

DATA = Path(__file__).resolve().parents[2] / "engine" / "thebai" / "data"


def records(name: str) -> list[dict]:
    return json.loads((DATA / f"{name}.json").read_text())["records"]


SUITS = ("white", "gold", "blue", "black")
CONTRACT_SUIT = {r["id"]: r["suit"] for r in records("contracts")}
TILES = {r["id"]: r for r in records("cadmea")}
COUNCIL = {r["id"]: r["criterion"] for r in records("council") if r["kind"] == "space"}
PASSAGE_VP = next(r["vp"] for r in records("council") if r["kind"] == "passage")
COLUMN_VP = {r["col"]: r["vp"] for r in records("estate") if r["kind"] == "column"}
SURPLUS_VP = sorted((r["surplus"], r["vp"]) for r in records("battle_vp"))
TRACK_SPACES = {(r["track"], r["step"]): r for r in records("devotion") if r["kind"] == "space"}
TRACK_LENGTH = {r["id"]: r["length"] for r in records("devotion") if r["kind"] == "track"}
CITY_BORDERS = {r["id"][len("side-"):]: {(m["space"], "NESW".index(m["side"])): m["roof"] for m in r["border"]}
                for r in records("city")}
START_VP = 10
"""The score markers start on the track's 10 (setup, D)."""
ESTATE_COLUMNS = 5
"""Own tiles start in columns 2-4 of each row, the neutral ones in the rightmost, column 5."""
DIFFERENT_SUITS = {1: 1, 2: 4, 3: 9, 4: 16}
SAME_SUIT = {3: 3, 4: 7, 5: 12}


# -- sets ----------------------------------------------------------------------------------------


@cache
def different_suits(counts: tuple[int, ...]) -> int:
    """The best split of the cards into sets of different suits (tried every way)."""
    held = [suit for suit, n in enumerate(counts) if n]
    best = 0
    for size in range(1, len(held) + 1):
        for chosen in combinations(held, size):
            rest = tuple(n - (suit in chosen) for suit, n in enumerate(counts))
            best = max(best, DIFFERENT_SUITS[size] + different_suits(rest))
    return best


@cache
def same_suit(count: int) -> int:
    """The best split of one suit's cards into sets of 3, 4 or 5 (the rest score nothing)."""
    return max([0] + [vp + same_suit(count - size) for size, vp in SAME_SUIT.items() if size <= count])


def best_sets(contracts: list[str], gates: int) -> set[tuple[int, int]]:
    """Every (different suits, same suit) pair that scores the most, over every suit each gate
    tile may be given: with equal totals, which one is the player's choice."""
    counts = [sum(1 for c in contracts if CONTRACT_SUIT[c] == suit) for suit in SUITS]
    found = set()
    for given in combinations_with_replacement(range(len(SUITS)), gates):
        final = tuple(n + given.count(suit) for suit, n in enumerate(counts))
        found.add((different_suits(final), sum(same_suit(n) for n in final)))
    best = max(map(sum, found))
    return {pair for pair in found if sum(pair) == best}


# -- the table now ------------------------------------------------------------------------------


def die_power(face: int) -> int:
    """Faces 0-5 are 1, 1*, 2, 2*, 3, 3*: the star does not change the power."""
    return (1, 1, 2, 2, 3, 3)[face]


def own_city_tiles(state: dict, colour: str) -> set[tuple[int, int]]:
    return {cell(space) for space, (tile, _) in state["city"]["tiles"].items() if TILES[tile]["colour"] == colour}


def cell(space: str) -> tuple[int, int]:
    row, col = space[1:].split(".")
    return int(row), int(col)


def shown_roof(state: dict, space: str, side: int) -> str:
    """The roof a placed tile shows on a side (``STEPS`` order: a tile's roofs are listed N, E,
    S, W before it is turned), after ``turns`` quarter turns clockwise."""
    tile, turns = state["city"]["tiles"][space]
    return TILES[tile]["roofs"][(side - turns) % 4]


def matched_tiles(state: dict, colour: str) -> int:
    """Own tiles with at least two sides whose roof matches the tile or board edge it faces."""
    placed = {cell(space): space for space in state["city"]["tiles"]}
    border = CITY_BORDERS[state["side"]]
    count = 0
    for row, col in own_city_tiles(state, colour):
        space, matched = placed[(row, col)], 0
        for side, (dr, dc) in enumerate(STEPS):
            neighbour = placed.get((row + dr, col + dc))
            facing = shown_roof(state, neighbour, (side + 2) % 4) if neighbour else border.get((space, side))
            matched += facing == shown_roof(state, space, side)
        count += matched >= 2
    return count


def track_promotions(state: dict, seat: int) -> int:
    """Die promotions printed on the spaces reached on both tracks (a yellow space: twice; the
    last space's blessing promotes once)."""
    total = 0
    for track, length in TRACK_LENGTH.items():
        for step in range(1, min(state["track"][track][seat], length) + 1):
            space = TRACK_SPACES[(track, step)]
            for reward in space["reward"]:
                if "promote" in reward:
                    total += reward["promote"]["n"] * (2 if space["yellow"] else 1)
                elif "final" in reward:
                    total += 1
    return total


def emptied(state: dict, seat: int, row: int) -> int:
    """Spaces of an estate row emptied of their tile (the first space starts empty)."""
    return ESTATE_COLUMNS - 1 - len(state["estate"][seat][row - 1])


def strategos_on_city(state: dict, seat: int) -> int:
    return sum(1 for row in state["strategos"] for owner, _ in row if owner == seat)


def council_citizens(state: dict, seat: int) -> int:
    return (sum(1 for e in state["passage"] if e and e[0] == seat)
            + sum(1 for e in state["passage_last"] if e[0] == seat)
            + sum(1 for owner, what, _ in state["council"].values() if owner == seat and what == "die"))


def citizen_power(state: dict, seat: int) -> int:
    return sum(die_power(face) for owner, kind, face in state["city"]["dice"].values() if owner == seat and kind == "c")


def council_metric(state: dict, seat: int, colour: str, name: str) -> int:
    done = state["done"][seat]
    if name in ("own_groups", "largest_group"):
        sizes = groups(own_city_tiles(state, colour))
        return len(sizes) if name == "own_groups" else max(sizes, default=0)
    return {
        "matched_tiles": lambda: matched_tiles(state, colour),
        "dionysus_steps": lambda: state["track"]["dionysus"][seat],
        "ares_steps": lambda: state["track"]["ares"][seat],
        "track_promotions": lambda: track_promotions(state, seat),
        "top_row_emptied": lambda: emptied(state, seat, 1),
        "middle_row_emptied": lambda: emptied(state, seat, 2),
        "bottom_row_emptied": lambda: emptied(state, seat, 3),
        "empty_columns": lambda: min(emptied(state, seat, row) for row in (1, 2, 3)),
        "strategos_on_city": lambda: strategos_on_city(state, seat),
        "council_citizens": lambda: council_citizens(state, seat),
        "contracts_done": lambda: len(done),
        "best_suit": lambda: max(sum(1 for c in done if CONTRACT_SUIT[c] == suit) for suit in SUITS),
        "gates": lambda: len(state["gates_won"][seat]),
    }[name]()


def council(state: dict, seat: int, colour: str) -> int:
    side = "12" if state["n"] <= 2 else "34"
    spaces = [space for space, (owner, _, _) in state["council"].items() if owner == seat]
    spaces += [space for space, seats in state["councillor_tiles"].items() if seat in seats]
    return sum(council_metric(state, seat, colour, COUNCIL[space]["metric"]) // COUNCIL[space]["per"]
               * COUNCIL[space]["vp"][side] for space in spaces)


def breakdowns(state: dict, ledger: ScoreLedger, chosen: list[tuple[int, int]] = ()) -> list[dict[str, int]]:
    """Each seat's sheet; ``chosen``: the (different suits, same suit) pair each seat took, kept
    where it is one of the best (the gate tiles' suits are the player's choice)."""
    sheets = []
    for seat in range(state["n"]):
        res = state["res"][seat]
        open_columns = min(ESTATE_COLUMNS - len(row) for row in state["estate"][seat])
        best = best_sets(state["done"][seat], len(state["gates_won"][seat]))
        different, same = chosen[seat] if seat < len(chosen) and chosen[seat] in best else min(best)
        sheet = {
            "Score track": ledger.vp[seat],
            "Council": council(state, seat, ledger.colours[seat]),
            "Estate": COLUMN_VP[open_columns] if open_columns >= 2 else 0,
            "City dice": sum(die_power(face) for owner, _, face in state["city"]["dice"].values() if owner == seat),
            "Different suits": different,
            "Same suit": same,
            "Goods+drachma": (res["grape"] + res["pottery"] + res["bronze"] + res["drachma"]) // 3,
            "Unfulfilled": -3 * len(state["hand"][seat]),
        }
        if sum(sheet.values()) < 0:
            sheet["Floor at 0"] = -sum(sheet.values())
        sheets.append(sheet)
    return sheets


# -- the score track, from the log ------------------------------------------------------------
# The sentences the ledger reads, as the rules write them (engine/core/text.py's ``Say``).

ROUND = "Round {round}"
FATE = "Fate: {tile:fate}"
INVADER = "Row {row}: the invader is {invader:invader}"
BATTLE = "Battle {number} in row {row}: invader power {invader}; {results:battle}"
ADVANCES = "{seat:seat} advances to {track:track} {step}"
FULFILS = "{seat:seat} fulfils contract {contract:contract} paying {paid:cost}"
COUNTED = "{seat:seat} scores {vp} VP for {count} x {metric:metric} ({rate:rate})"
FLAT = "{seat:seat} scores {vp} VP"
STAYS = "{seat:seat}'s die stays at 3* and scores {vp} VP"
NO_LOWER = "{seat:seat}'s die at 1 cannot go lower: {vp} VP"
ASCENDS = "{seat:seat}'s citizen ascends to the council passage: {vp} VP"
LAST_BLESSING = "{seat:seat} takes the last blessing of the track: {vp} VP"
TRACK_END = "{seat:seat} is at the end of {track:track}: {vp} VP"
PAYS = "{seat:seat} pays {cost:cost}"
COUNCILLOR = "{seat:seat}'s councillor takes {space:space}"
ESTATE_DIE = "{seat:seat} puts a citizen die {face:face} on estate {space:space}"
METOIKOI = "{seat:seat} uses metoikoi {metoikoi:metoikoi} on estate {space:space}"
CITY_DIE = "{seat:seat} puts a citizen die {face:face} on {space:space}"
TILE_MOVED = ("{seat:seat} takes Cadmea tile {tile:tile} from estate row {row}",
              "{seat:seat} removes Cadmea tile {tile:tile} from estate row {row}",
              "{seat:seat} places {tile:tile} on {space:space}")
ARCHON_ON = ("{seat:seat} hurries the archon to {space:space}", "{seat:seat}'s archon ends on {space:space}")
NEW_TURN = (ROUND, FATE, BATTLE, ESTATE_DIE, CITY_DIE)
"""The sentences that start something new, before which the VP an effect owes must have been scored."""
BLESS_SPACE = "r1c5"
"""The estate's blessing action: 3 VP per blessing tile (appendix)."""

COUNTED_VP = {
    "strategoi": ((lambda s, p, colour: strategos_on_city(s, p), 1, 2), (lambda s, p, colour: len(s["done"][p]), 2, 1)),
    "assembly": ((lambda s, p, colour: council_citizens(s, p), 1, 2),
                 (lambda s, p, colour: len(own_city_tiles(s, colour)), 2, 1)),
    "festival": ((lambda s, p, colour: citizen_power(s, p), 1, 1),) * 2,
    "armoury": ((lambda s, p, colour: len(s["gates_won"][p]), 1, 2),),
    "bless": ((lambda s, p, colour: len(s["blessings"][p]), 1, 3),),
}
"""The VP a peace fate tile (appendix, 平穏運命タイル) or the estate's blessing action gives
per counted thing, in the order they are scored: (what is counted, per how many, VP)."""

CONTRACT_VP = {r["id"]: [op["vp"] for op in r["reward"] if "vp" in op] for r in records("contracts")}
"""The VP printed on each contract's reward, scored when it is fulfilled."""
ESTATE_EFFECT = {r["id"]: r["effect"] for r in records("estate") if r["kind"] == "space"}
FATE_EFFECT = {r["id"]: r.get("effect", []) for r in records("fate")}
FATE_KIND = {r["id"]: r["kind"] for r in records("fate")}
INVADER_MODIFIER = {r["id"]: r["modifier"] for r in records("invaders")}
METOIKOI_POWER = {r["id"]: r["power"] for r in records("devotion") if r["kind"] == "metoikoi"}
FINAL_VPS = {r["id"]: r["vps"] for r in records("devotion") if r["kind"] == "final"}
"""The last-step blessing stacks, bottom to top (setup, 10: 2 VP at the bottom, 8 VP on top)."""


def surplus_vp(surplus: int) -> int:
    return max(vp for at_least, vp in SURPLUS_VP if at_least <= surplus)


def pay_options(effect: list[dict], power: int | None) -> list[tuple[dict, list[dict]]]:
    """Every optional payment in an effect: (its cost, worked out for the die's power, what it buys)."""
    found = []
    for op in effect:
        if "pay" in op:
            cost = {good: n if isinstance(n, int) else max(0, int(n.split("-")[0]) - power)
                    for good, n in op["pay"]["cost"].items()}
            found += [(cost, op["pay"]["then"])] + pay_options(op["pay"]["then"], power)
    return found


def touching(space: str) -> list[str]:
    """The Cadmea spaces beside a dice space: h<r>.<c> sits left of t<r>.<c>; v<r>.<c> above it."""
    row, col = cell(space)
    return [f"t{row}.{col - 1}", f"t{row}.{col}"] if space[0] == "h" else [f"t{row - 1}.{col}", f"t{row}.{col}"]


class ScoreLedger:
    """The score track kept from the log entries since the game began."""

    def __init__(self, state: dict):
        self.vp = [START_VP] * state["n"]
        self.colours: list[str | None] = [None] * state["n"]
        """Each seat's colour: that of the tiles its estate is dealt in the setup."""
        self.invaders: dict[int, str] = {}
        """The invader card of each row, once turned up."""
        self.counting = "", [0] * state["n"]
        """What the "scores N VP for k x ..." entries are for now (a peace tile or the blessing
        action), and how many of its counts each seat has had."""
        self.owed: list[list[int]] = [[] for _ in range(state["n"])]
        """Flat VP each seat is owed and has not scored yet: printed on a contract it fulfilled,
        on a devotion space it reached, or the top blessing tile of a track's last step."""
        self.payments: list[list[tuple[dict, list[dict]]]] = [[] for _ in range(state["n"])]
        """The optional payments the components a seat set off since its turn began offer."""
        self.bought: tuple[int, set[int | None]] | None = None
        """After a payment: the seat and what it may have bought (VP, or None: something else)."""
        self.finals = {stack: list(vps) for stack, vps in FINAL_VPS.items()}
        self.passage: list[int | None] = [None] * (len(PASSAGE_VP) - 1)
        """The council passage's one-die spaces, top down; ``passage_last``: the bottom space's dice."""
        self.passage_last: list[int] = []
        self.read = 0

    def add(self, seat: int, change: int) -> int:
        before = self.vp[seat]
        self.vp[seat] = max(0, before + change)
        return self.vp[seat] - before

    def note(self, state: dict) -> None:
        for seat, estate in enumerate(state["estate"]):
            self.colours[seat] = self.colours[seat] or next(
                (TILES[t]["colour"] for row in estate for t in row if TILES[t]["colour"] != "neutral"), None)
        for entry in state["log"][self.read:]:
            said = entry["text"]
            self.entry(state, said["say"], said["args"]) if isinstance(said, dict) else self.entry(state, said, {})
        self.read = len(state["log"])

    def entry(self, state: dict, said: str, args: dict[str, Any]) -> None:
        """One log entry: what the rules said (the template) and its arguments."""
        if self.bought:
            self.paid_for(said, args)
        if said in NEW_TURN:
            self.all_owed_scored()
            self.payments = [[] for _ in self.payments]
        seat = args.get("seat")
        if said == INVADER:
            self.invaders[args["row"]] = args["invader"]
        elif said == BATTLE:
            self.battle(args)
        elif said == FATE and FATE_KIND[args["tile"]] == "peace":
            self.counting = args["tile"], [0] * state["n"]
            for options in self.payments:
                options += pay_options(FATE_EFFECT[args["tile"]], None)
        elif said == ADVANCES:
            self.advanced(seat, args["track"], args["step"])
        elif said == FULFILS:
            self.owed[seat] += CONTRACT_VP[args["contract"]]
        elif said == COUNTED:
            self.counted(state, seat, args["vp"], args["count"])
        elif said in (STAYS, NO_LOWER, ASCENDS, LAST_BLESSING, TRACK_END):
            self.scored(state, said, args)
        elif said == FLAT:
            self.flat(seat, args["vp"])
        elif said == PAYS:
            self.pays(seat, args["cost"])
        elif said == COUNCILLOR:
            self.left_passage(seat)
        else:
            self.set_off(state, said, args)

    def set_off(self, state: dict, said: str, args: dict[str, Any]) -> None:
        """A die on an estate action, a metoikoi, a Cadmea tile resolved: the payments they offer."""
        if said in (ESTATE_DIE, METOIKOI):
            if args["space"] == BLESS_SPACE:
                self.counting = "bless", [0] * state["n"]
            power = METOIKOI_POWER[args["metoikoi"]] if said == METOIKOI else die_power(args["face"])
            self.payments[args["seat"]] += pay_options(ESTATE_EFFECT[args["space"]], power)
        elif said == CITY_DIE:
            tiles = [state["city"]["tiles"][t][0] for t in touching(args["space"]) if t in state["city"]["tiles"]]
            for tile in tiles:
                self.payments[args["seat"]] += pay_options(TILES[tile]["effect"], None)
        elif said in TILE_MOVED or said in ARCHON_ON:
            tile = args["tile"] if said in TILE_MOVED else state["city"]["tiles"][args["space"]][0]
            self.payments[args["seat"]] += pay_options(TILES[tile]["effect"], None)

    def pays(self, seat: int, cost: dict[str, int]) -> None:
        """A payment is one the components just set off offer; what it buys comes next."""
        bought = {then[0]["vp"] if "vp" in then[0] else None for paid, then in self.payments[seat] if paid == cost}
        assert bought, f"{seat} pays {cost}: no component set off offers that payment"
        self.bought = seat, bought

    def paid_for(self, said: str, args: dict[str, Any]) -> None:
        """The entry after a payment: VP, if and only if what was paid for gives VP."""
        (seat, bought), self.bought = self.bought, None
        if said == FLAT and args["seat"] == seat and args["vp"] in bought:
            self.owed[seat].append(args["vp"])
        else:
            assert None in bought, f"{said!r} {args} after a payment that buys {bought} VP"

    def battle(self, args: dict[str, Any]) -> None:
        invader = args["number"] + INVADER_MODIFIER[self.invaders[args["row"]]]
        assert args["invader"] == invader, args
        for seat, power, result, change in args["results"]:
            if power == 0:
                outcome, expected = "not engaged", -3 * max(invader, 0)
            elif power >= invader:
                outcome, expected = "won", surplus_vp(power - invader)
            else:
                outcome, expected = "lost", power - invader
            assert (result, change) == (outcome, expected), args
            self.add(seat, change)

    def advanced(self, seat: int, track: str, step: int) -> None:
        """A devotion space's reward (twice on a yellow one); the track's last step: the top
        blessing tile of its stack, while there is one."""
        space = TRACK_SPACES[(track, step)]
        for reward in space["reward"] * (2 if space["yellow"] else 1):
            if "vp" in reward:
                self.owed[seat].append(reward["vp"])
            elif "final" in reward and self.finals[reward["final"]]:
                self.owed[seat].append(self.finals[reward["final"]].pop())

    def counted(self, state: dict, seat: int, n: int, k: int) -> None:
        """A VP per counted thing: the count is checked on the table, the VP against the rule."""
        tile, done = self.counting
        if tile == "offerings":  # the lower or the higher devotion track, as the player paid
            assert k in (min(state["track"][t][seat] for t in TRACK_LENGTH),
                         max(state["track"][t][seat] for t in TRACK_LENGTH)) and n == k, (seat, n, k)
        else:
            count, per, vp = COUNTED_VP[tile][done[seat]]
            assert k == count(state, seat, self.colours[seat]) and n == k // per * vp, (tile, seat, n, k)
        done[seat] += 1
        assert self.add(seat, n) == n, (seat, n, k)

    def flat(self, seat: int, n: int) -> None:
        """A fixed amount: one the seat is owed."""
        assert n in self.owed[seat], f"{seat} scores {n} VP: owed {self.owed[seat]}"
        self.owed[seat].remove(n)
        assert self.add(seat, n) == n, (seat, n)

    def all_owed_scored(self) -> None:
        assert self.owed == [[] for _ in self.owed], f"VP owed and never scored: {self.owed}"

    def ascended(self, seat: int) -> int:
        """A citizen die goes to the passage's top free space and scores its VP; with none free,
        to the bottom space, which holds any number."""
        slot = next((k for k, held in enumerate(self.passage) if held is None), None)
        if slot is None:
            self.passage_last.append(seat)
            return PASSAGE_VP[-1]
        self.passage[slot] = seat
        return PASSAGE_VP[slot]

    def left_passage(self, seat: int) -> None:
        """After a battle the passage's dice go to the monuments from the top down; a seat's
        die moved is its highest one (the dice above it found no space and stay)."""
        slot = self.passage.index(seat) if seat in self.passage else None
        if slot is None:
            self.passage_last.remove(seat)
        else:
            self.passage[slot] = None

    def scored(self, state: dict, said: str, args: dict[str, Any]) -> None:
        seat, n = args["seat"], args["vp"]
        if said == STAYS:
            assert n == 1, args
        elif said == TRACK_END:
            track = args["track"]
            assert n == 1 and state["track"][track][seat] == TRACK_LENGTH[track], args
        elif said == NO_LOWER:
            assert n == -min(3, self.vp[seat]), args
        elif said == ASCENDS:
            assert n == self.ascended(seat), args
        else:  # the last blessing of a track
            assert n in self.owed[seat], f"{args}: owed {self.owed[seat]}"
            self.owed[seat].remove(n)
        assert self.add(seat, n) == n, args
