"""The rules each Thebai data file must obey: the rulebook's counts and worked examples.

Each check gets the file's records and every file's records (for cross references) and
raises ComponentDataError naming the problem.
"""

from __future__ import annotations

from typing import Any

from engine.core.components import ComponentDataError, whole

from .constants import ABILITIES, COLOURS, ESTATE_COLS, ESTATE_ROWS, FATE_LAYOUT, ROWS, SUITS, TOP_FACE
from .effects import COUNCIL_METRICS, GOODS, METRICS, check_cost, check_effect

Record = dict[str, Any]
"""One record of a data file, as its JSON reads (checked here before anything relies on it)."""


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(message)


def kinds(records: list[Record], kind: str) -> list[Record]:
    return [r for r in records if r.get("kind") == kind]


def _ids(records: list[Record]) -> set[str]:
    return {r["id"] for r in records}


def reward_ids(all_records: dict[str, list[Record]]) -> dict[str, set[str]]:
    dev = all_records["devotion"]
    return {"metoikoi": _ids(kinds(dev, "metoikoi")), "blessing": _ids(kinds(dev, "blessing")),
            "final": _ids(kinds(dev, "final"))}


def check_estate(records: list[Record], everything: dict[str, list[Record]]) -> None:
    rows = kinds(records, "row")
    require(all(whole(r["row"], 1, ESTATE_ROWS) for r in rows), f"estate rows are numbered 1-{ESTATE_ROWS}")
    require(sorted(r["row"] for r in rows) == list(range(1, ESTATE_ROWS + 1)), "one row record per estate row 1-3")
    require(len({r["colour"] for r in rows}) == ESTATE_ROWS, "estate rows need distinct colours")
    require(all(whole(r["row"], 1, ESTATE_ROWS) and whole(r["col"], 1, ESTATE_COLS) for r in kinds(records, "space")),
            "estate spaces are numbered by row and column")
    spaces = {(r["row"], r["col"]): r for r in kinds(records, "space")}
    require(set(spaces) == {(row, col) for row in range(1, ESTATE_ROWS + 1) for col in range(1, ESTATE_COLS + 1)},
            "one action space per estate row and column (3 x 5)")
    for r in spaces.values():
        require(r["id"] == f"r{r['row']}c{r['col']}", f"{r['id']}: an estate space is named r<row>c<col>")
        require(isinstance(r.get("name"), str) and 1 <= len(r["name"]) <= 8, f"{r['id']}: a name of 1-8 letters")
        check_effect(r["effect"], r["id"], power=True)
    # The rulebook's example: a power-2 die on row 2's leftmost action gives 2 drachma and 1 good.
    require(spaces[(2, 1)]["effect"] == [{"gain": {"drachma": "P", "any": 1}}],
            "r2c1 must give drachma equal to the power and one good (the rulebook's estate example)")
    require(any("councillor" in str(r["effect"]) for r in spaces.values() if r["row"] == 3 and r["col"] == ESTATE_COLS),
            "the red row's rightmost action places a councillor tile (rulebook)")
    require(all(whole(r["col"], 1, ESTATE_COLS) and whole(r["vp"], 0) for r in kinds(records, "column")),
            "column VP are whole numbers >= 0, for columns 2-5")
    columns = {r["col"]: r["vp"] for r in kinds(records, "column")}
    require(sorted(columns) == list(range(2, ESTATE_COLS + 1)), "column VP for estate columns 2-5")
    require([columns[c] for c in sorted(columns)] == sorted(columns.values()), "column VP grow to the right")
    require(columns[3] == 9, "the second column to empty scores 9 VP (the rulebook's final-scoring example)")
    require(all(whole(r["empty"], 0, ESTATE_COLS) and whole(r["face"], 0, TOP_FACE) for r in kinds(records, "refresh")),
            "refresh faces are die faces")
    refresh = {r["empty"]: r["face"] for r in kinds(records, "refresh")}
    require(refresh.get(0) == 0 and refresh.get(1) == 2 and refresh.get(2) == 3 and refresh.get(3) == 4,
            "refresh faces are the rulebook's: no empty column 1, one 2, two 2*, three 3")
    require(set(refresh) == set(range(ESTATE_COLS)), "a refresh face for 0-4 empty columns")


def check_roofs(records: list[Record], everything: dict[str, list[Record]]) -> None:
    require(len(records) == 4, "there are four roof colours")
    require(len({r["short"] for r in records}) == 4, "roof short names must differ")
    for r in records:
        check_effect(r["effect"], r["id"])
    effects = {r["id"]: r["effect"] for r in records}
    require(effects.get("white") == [{"contract": 1}, {"exchange": 1}],
            "a white roof takes a contract and exchanges once")
    require(effects.get("brown") == [{"promote": {"n": 2, "kind": "hoplite", "mode": "different"}}],
            "a brown roof promotes two different hoplite dice")


def check_cadmea(records: list[Record], everything: dict[str, list[Record]]) -> None:
    roofs = _ids(everything["roofs"])
    ids = reward_ids(everything)
    for colour in COLOURS:
        require(sum(r["colour"] == colour for r in records) == (ESTATE_COLS - 2) * ESTATE_ROWS,
                f"each player colour has 9 Cadmea tiles ({colour})")
    require(sum(r["colour"] == "neutral" for r in records) >= ESTATE_ROWS * len(COLOURS),
            "at least 12 neutral Cadmea tiles (3 per player)")
    for r in records:
        require(r["colour"] in (*COLOURS, "neutral"), f"{r['id']}: unknown colour {r['colour']!r}")
        require(isinstance(r.get("roofs"), list) and len(r["roofs"]) == 4 and set(r["roofs"]) <= roofs,
                f"{r['id']}: four roof colours, north east south west")
        check_effect(r["effect"], r["id"], ids=ids)
    effects = [(r["colour"], r["effect"]) for r in records]
    require(("green", [{"gain": {"drachma": 1, "pottery": 1}}]) in effects,
            "a green tile gives 1 drachma and 1 pottery (the archon example)")
    require(any(e == [{"gain": {"drachma": 1}}, {"contract": 1}] for _, e in effects),
            "a tile gives 1 drachma and a contract (the contract example)")
    require(("peach", [{"gain": {"grape": 2}}]) in effects, "a peach tile gives 2 grapes (the city example)")


def _space_ok(side: Record, space: str) -> bool:
    kind, _, rest = space.partition(".")
    try:
        row, col = int(kind[1:]), int(rest)
    except ValueError:
        return False
    return kind[0] == "t" and 1 <= row <= side["rows"] and 1 <= col <= side["cols"]


def check_city(records: list[Record], everything: dict[str, list[Record]]) -> None:
    sides = {r["id"]: r for r in records}
    require(set(sides) == {"side-12", "side-34"}, "two city sides: side-12 and side-34")
    for side in records:
        require(side["rows"] == ROWS, f"{side['id']}: one row per gate (7)")
        require(whole(side["cols"], 3, 9), f"{side['id']}: 3-9 columns")
        require(isinstance(side.get("players"), list) and all(whole(n, 1, len(COLOURS)) for n in side["players"]),
                f"{side['id']}: players lists player counts 1-{len(COLOURS)}")
        for spaces in side["start"].values():
            require(all(_space_ok(side, s) for s in spaces) and len(set(spaces)) == len(spaces),
                    f"{side['id']}: start spaces must be distinct Cadmea spaces")
            cells = {tuple(map(int, s[1:].split("."))) for s in spaces}
            require(all(any(abs(r - r2) + abs(c - c2) == 1 for r2, c2 in cells) for r, c in cells),
                    f"{side['id']}: every start space touches another")
        for mark in side["border"]:
            require(_space_ok(side, mark["space"]) and mark["side"] in "NESW"
                    and mark["roof"] in _ids(everything["roofs"]), f"{side['id']}: bad border roof {mark}")
    require(len(sides["side-12"]["start"].get("2", [])) == 2 + 2, "2 players: 2 chosen tiles and 2 extra")
    require(len(sides["side-34"]["start"].get("3", [])) == 3 + 3, "3 players: 3 chosen tiles and 3 extra")
    require(len(sides["side-34"]["start"].get("4", [])) == 4, "4 players: 4 chosen tiles")


def check_contracts(records: list[Record], everything: dict[str, list[Record]]) -> None:
    ids = reward_ids(everything)
    for r in records:
        require(r["suit"] in SUITS, f"{r['id']}: suit must be one of {', '.join(SUITS)}")
        require(isinstance(r["start"], bool), f"{r['id']}: start is true or false")
        check_cost(r["cost"], r["id"])
        check_effect(r["reward"], r["id"], ids=ids)
    starting = [r for r in records if r["start"]]
    require(len(starting) > len(COLOURS), "more starting contracts than players (the rest are boxed)")
    require(len(records) - len(starting) >= 4 + 12, "a deck of at least 16 contracts")
    require({r["suit"] for r in records} == set(SUITS), "every suit has contracts")
    require(any(r["cost"] == {"grape": 2} and r["reward"] == [{"gain": {"drachma": 2}}, {"devotion": {"n": 1}}]
                for r in records), "the rulebook's contract (2 grapes: 2 drachma and a devotion step) exists")
    require(any({"place": {"edges": 2, "activate": True}} in r["reward"] for r in records),
            "a contract resolves and places a Cadmea tile with up to 2 matched edges (the rulebook's example)")


def check_invaders(records: list[Record], everything: dict[str, list[Record]]) -> None:
    require(len(records) > ROWS, "more invader cards than rows (the rest are boxed unseen)")
    require(all(whole(r["modifier"], 0) for r in records),
            "invader modifiers are whole numbers >= 0 (an invader always has power)")
    require(any(r["modifier"] == 1 for r in records), "a +1 invader (the battle example)")


def check_gates(records: list[Record], everything: dict[str, list[Record]]) -> None:
    require(len(records) == ROWS, "seven gate tiles")
    for r in records:
        check_effect(r["loot"], r["id"])
    require(any(r["loot"] == [{"gain": {"grape": 1}}] for r in records), "a gate gives 1 grape (the battle example)")


def check_commanders(records: list[Record], everything: dict[str, list[Record]]) -> None:
    require(len(records) > ROWS, "more commanders than rows (the rest are boxed)")
    abilities = [r["ability"] for r in records]
    require(sorted(abilities) == sorted(["row"] * 3 + list(ABILITIES[1:])),
            "the appendix's eight commanders: three estate-row stands and one of each other ability")
    for r in records:
        if r["ability"] == "row":
            check_effect(r["bonus"], r["id"])
        if r["ability"] == "council":
            check_cost(r["cost"], r["id"])


def check_fate(records: list[Record], everything: dict[str, list[Record]]) -> None:
    peace = kinds(records, "peace")
    conflict = kinds(records, "conflict")
    require(len(peace) == 7, "seven peace fate tiles (the appendix)")
    for r in peace:
        require(r["stack"] in ("alpha", "beta", "delta") and r["order"] in ("turn", "each"), f"{r['id']}: stack/order")
        check_effect(r["effect"], r["id"])
    require(all(whole(r["row"], 1, ROWS) for r in conflict), f"conflict tiles are numbered 1-{ROWS}")
    require(sorted(r["row"] for r in conflict) == list(range(1, ROWS + 1)), "conflict tiles No.1-7, one per row")
    stacks = {name: [r for r in records if r["stack"] == name] for name in set(FATE_LAYOUT)}
    for name in set(FATE_LAYOUT):
        need = FATE_LAYOUT.count(name)
        without_seven = [r for r in stacks[name] if r.get("row") != ROWS]
        require(len(without_seven) >= need, f"stack {name} needs {need} tiles, also with No.7 removed")
    require(all(r["kind"] == "conflict" for name in ("gamma", "omega") for r in stacks[name]),
            "gamma and omega hold the conflict tiles (battles after rounds 3, 5, 7, 9)")
    require(any(r["row"] == 4 for r in stacks["gamma"]), "the battle example's 2nd battle is in row 4")


def check_devotion(records: list[Record], everything: dict[str, list[Record]]) -> None:
    tracks = {r["id"]: r["length"] for r in kinds(records, "track")}
    require(set(tracks) == {"dionysus", "ares"}, "two tracks, Dionysus and Ares")
    require(all(whole(length, 1) for length in tracks.values()), "a track's length is a whole number >= 1")
    ids = reward_ids({"devotion": records})
    for r in kinds(records, "space"):
        require(whole(r["step"], 1) and isinstance(r.get("yellow"), bool), f"{r['id']}: a step from 1, yellow or not")
    spaces = {(r["track"], r["step"]): r for r in kinds(records, "space")}
    for track, length in tracks.items():
        require(set(s for t, s in spaces if t == track) == set(range(1, length + 1)), f"{track}: a space per step")
        last = spaces[(track, length)]["reward"]
        require(len(last) == 1 and "final" in last[0], f"{track}: the last step takes a final blessing")
    for r in spaces.values():
        check_effect(r["reward"], r["id"], ids=ids)
    require(any(s["reward"] == [{"vp": 2}] for (t, _), s in spaces.items() if t == "ares"),
            "an Ares step gives 2 VP (the contract example)")
    for final in kinds(records, "final"):
        require(isinstance(final["vps"], list) and len(final["vps"]) > 0 and all(whole(vp, 0) for vp in final["vps"]),
                f"{final['id']}: vps lists whole numbers")
        require(final["vps"] == sorted(final["vps"]) and final["vps"][0] == 2 and final["vps"][-1] == 8,
                f"{final['id']}: 2 VP at the bottom up to 8 VP on top")
        require(len(final["vps"]) >= len(COLOURS), f"{final['id']}: a tile per player")
    require(sorted(f["die"] for f in kinds(records, "final")) == ["citizen", "hoplite"],
            "a citizen and a hoplite stack")
    for b in kinds(records, "blessing"):
        require(whole(b["count"], 1), f"{b['id']}: count is a whole number >= 1")
    for m in kinds(records, "metoikoi"):
        require(whole(m["row"], 1, ESTATE_ROWS) and whole(m["power"], 1, 3) and whole(m["count"], 1),
                f"{m['id']}: row, power, count")


def check_council(records: list[Record], everything: dict[str, list[Record]]) -> None:
    spaces = kinds(records, "space")
    main = [s for s in spaces if s["monument"] != "p4"]
    for s in spaces:
        c = s["criterion"]
        require(c["metric"] in METRICS and whole(c["per"], 1), f"{s['id']}: criterion")
        sides = ("34",) if s["monument"] == "p4" else ("12", "34")
        require(all(whole(c["vp"].get(k), 0) for k in sides), f"{s['id']}: VP for each board side")
        require(whole(s.get("slot"), 1), f"{s['id']}: a slot numbered from 1")
        require(whole(s.get("players", 2), 2, len(COLOURS)), f"{s['id']}: a space for 2-{len(COLOURS)} players")
    require(sorted(s["criterion"]["metric"] for s in main) == sorted(COUNCIL_METRICS),
            "the main board carries the 15 criteria of the appendix once each")
    got = {(s["monument"], s["criterion"]["metric"]): s["criterion"]["vp"]["34"] for s in main}
    require(got.get(("c", "top_row_emptied")) == 3 and got.get(("tr", "dionysus_steps")) == 1
            and got.get(("bl", "empty_columns")) == 4, "the final-scoring example's council values (3, 1, 4)")
    passage = kinds(records, "passage")
    require(len(passage) == 1 and isinstance(passage[0]["vp"], list) and len(passage[0]["vp"]) > 0
            and all(whole(vp, 0) for vp in passage[0]["vp"]), "one passage with VP per space")
    ids = _ids(main)
    for card in kinds(records, "collapse"):
        require(len(card["spaces"]) == 5 and len(set(card["spaces"])) == 5 and set(card["spaces"]) <= ids,
                f"{card['id']}: five distinct council spaces")
    markers = {r["players"]: r["markers"] for r in kinds(records, "markers")}
    require(markers == {2: 3, 3: 4, 4: 5}, "3, 4 or 5 collapse markers by player count")


def check_heralds(records: list[Record], everything: dict[str, list[Record]]) -> None:
    side = next(r for r in everything["city"] if r["id"] == "side-12")
    require(len(records) >= 10, "a herald card per round")
    for r in records:
        require(whole(r["column"], 1, side["cols"]) and _space_ok(side, r["space"]), f"{r['id']}: column and space")


def check_setup(records: list[Record], everything: dict[str, list[Record]]) -> None:
    require(all(whole(r["place"], 1, len(COLOURS)) for r in kinds(records, "start")), "turn-order places are 1-4")
    starts = {r["place"]: r for r in kinds(records, "start")}
    require(set(starts) == {1, 2, 3, 4}, "a starting row per turn-order place 1-4")
    for r in starts.values():
        require(len(r["faces"]) == 3 and all(whole(f, 0, TOP_FACE) for f in r["faces"]) and whole(r["drachma"], 0),
                f"{r['id']}: three citizen dice faces and drachma")
    pieces = kinds(records, "pieces")[0]
    require(pieces["citizens"] == 7 and pieces["citizens_in_supply"] == 3 and pieces["hoplites"] == 4
            and pieces["councillors"] == 3 and pieces["score"] == 10 and pieces["rounds"] == 10,
            "the rulebook's pieces: 7 citizens (3 to supply), 4 hoplites, 3 councillors, score 10, 10 rounds")
    require(whole(pieces["hoplite_face"], 0, TOP_FACE), f"the hoplites' starting face is 0-{TOP_FACE}")
    require(set(pieces["goods"]) == set(GOODS) and all(whole(n, 0) for n in pieces["goods"].values()),
            "one of each good, as a whole number")
    values = kinds(records, "strategos")[0]["values"]
    require(isinstance(values, list) and all(whole(v, 1) for v in values), "strategos tiles are numbered from 1")
    require(len(values) == 4 and values == sorted(set(values)), "four strategos tiles, numbered")
    require(whole(kinds(records, "plaza")[0]["markers"], 10), "a plaza marker per round")


def check_battle_vp(records: list[Record], everything: dict[str, list[Record]]) -> None:
    surpluses: list[Any] = [r.get("surplus") for r in records]
    require(all(whole(s, 0) for s in surpluses), "surplus values are whole numbers")
    require(surpluses[:1] == [0] and surpluses == sorted(set(surpluses)), "surplus values must start at 0 and increase")
    for r in records:
        require(whole(r.get("vp"), 0), f"{r['id']}: vp must be a whole number >= 0")
    table = {r["surplus"]: r["vp"] for r in records}
    require(table.get(2) == 2 and table[0] == 0, "surplus 2 gives 2 VP (the battle example), none gives 0")


CHECKS = {
    "roofs": check_roofs, "estate": check_estate, "devotion": check_devotion, "cadmea": check_cadmea,
    "city": check_city, "contracts": check_contracts, "invaders": check_invaders, "gates": check_gates,
    "commanders": check_commanders, "fate": check_fate, "council": check_council, "heralds": check_heralds,
    "setup": check_setup, "battle_vp": check_battle_vp,
}
