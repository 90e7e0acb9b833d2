"""The sequence of play as a queue of tasks kept in the state.

``state["tasks"][0]`` is what happens next. A task is either automatic (run at once by
``advance``), a chance step (a draw a person at the table could also supply) or a seat's
decision. Handlers pop their task when it is finished and push follow-up tasks in front,
so a turn (action, loot, the other players' moves, Traitera) unrolls in rulebook order.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from operator import contains, ge
from typing import Any, Callable

from engine.core import Choice, Decision, add_log

from . import cards as deck
from .board import COLUMN, FOOT, count_occupancy, free_column_sites, placements
from .data import OFFERING_KINDS, Catalog, catalog
from .scoring import EPOCH_END_BONUS, EPOCHS, SCORING_EPOCHS, god_tile_points, interim_scoring

State = dict[str, Any]
Task = dict[str, Any]
PIECES_PER_COLOUR = 12
HAND_LIMIT_NATION = 7

DECIDE: dict[str, Callable[[State, Task], Decision]] = {}
ACT: dict[str, Callable[[State, Task, str], None]] = {}
AUTO: dict[str, Callable[[State, Task], None]] = {}
READY: dict[str, Callable[[State, Task], bool]] = {}


def decides(kind: str):
    def register(function):
        DECIDE[kind] = function
        return function
    return register


def acts(kind: str):
    def register(function):
        ACT[kind] = function
        return function
    return register


def automatic(kind: str):
    def register(function):
        AUTO[kind] = function
        return function
    return register


def ready(kind: str):
    def register(function):
        READY[kind] = function
        return function
    return register


# -- queue ------------------------------------------------------------------------------------


def push(state: State, *tasks: Task) -> None:
    state["tasks"][0:0] = tasks


def finish(state: State) -> None:
    state["tasks"].pop(0)


def countdown(state: State, task: Task) -> None:
    task["n"] -= 1
    if task["n"] <= 0:
        finish(state)


def advance(state: State) -> None:
    """Run automatic tasks and drop impossible ones until a decision (or the end) is next."""
    tasks = state["tasks"]
    while not state["over"]:
        task = tasks[0]
        kind = task["t"]
        if kind in AUTO:
            tasks.pop(0)
            AUTO[kind](state, task)
        elif kind in READY and not READY[kind](state, task):
            if tasks and tasks[0] is task:
                tasks.pop(0)
        else:
            return


def decision(state: State) -> Decision | None:
    if state["over"]:
        return None
    task = state["tasks"][0]
    return DECIDE[task["t"]](state, task)


def act(state: State, actor: int, choice: Choice) -> None:
    task = state["tasks"][0]
    ACT[task["t"]](state, task, choice.id)
    advance(state)


# -- small helpers ---------------------------------------------------------------------------


def name(state: State, seat: int) -> str:
    return state["names"][seat]


def seats_from(state: State, first: int) -> list[int]:
    n = state["n"]
    return [(first + i) % n for i in range(n)]


def gods_owned(state: State, seat: int, god: str) -> int:
    tiles = state["players"][seat]["gods"]
    if not tiles:
        return 0
    god_of = catalog().god_of
    return [god_of[tile] for tile in tiles].count(god)


def stonkus_money(state: State, seat: int) -> int:
    tiles = state["players"][seat]["gods"]
    if not tiles:
        return 0
    cat = catalog()
    return sum(cat.gods[t].get("money", 0) for t in tiles if cat.god_of[t] == "stonkus")


def general_supply(state: State, seat: int, piece: str) -> int:
    p = state["players"][seat]
    if piece == FOOT:
        return PIECES_PER_COLOUR - p["feet"] - len(p["feet_on"])
    return PIECES_PER_COLOUR - p["columns"] - len(p["columns_on"])


def needs_text(needs: list[int]) -> str:
    return "+".join(str(n) for n in needs)


def card_label(kind: str) -> str:
    return catalog().card_labels[kind]


def single(state: State, seat: int, prompt: str, choices: list[Choice], topic: str) -> Decision:
    return Decision.single(seat, f"{state['names'][seat]}: {prompt}", choices, topic)


make_choice = lru_cache(maxsize=1 << 14)(Choice)
"""``Choice(...)``, memoised: choices are immutable, and the same ones come up again and again."""


# -- chance steps ----------------------------------------------------------------------------


@ready("deal")
def _deal_ready(state, task):
    return deck.ensure_deck(state)


@lru_cache(maxsize=1024)
def _card_outcome(cat: Catalog, kind: str, weight: int) -> Choice:
    return Choice(kind, cat.card_labels[kind], weight=weight)


@decides("deal")
def _deal_decide(state, task):
    cat, cards = catalog(), state["deck"]
    outcomes = [_card_outcome(cat, kind, cards[kind]) for kind in deck.CARD_ORDER if cards.get(kind)]
    whom = "the face-up row" if task["seat"] is None else name(state, task["seat"])
    return Decision.chance(f"Draw a card from the deck for {whom}", outcomes, "draw")


@acts("deal")
def _deal_act(state, task, kind):
    deck.remove(state["deck"], kind)
    seat = task["seat"]
    if seat is None:
        state["row"].append(kind)
        add_log(state, f"{card_label(kind)} is turned up in the row.")
    else:
        deck.add(state["players"][seat]["hand"], kind)
        who = name(state, seat)
        add_log(state, f"{who} draws {card_label(kind)}.", only=[seat], others=f"{who} draws a card from the deck.")
    countdown(state, task)


def deal(seat: int | None, n: int) -> Task:
    return {"t": "deal", "seat": seat, "n": n}


@decides("nation")
def _nation_decide(state, task):
    nations = catalog().nations
    outcomes = [Choice(n, nations[n]["name"]) for n in state["nation_cards"]]
    return Decision.chance(f"Epoch {state['epoch']}: draw the nation card", outcomes, "preparation")


@acts("nation")
def _nation_act(state, task, nation):
    state["nation_cards"].remove(nation)
    state["nations"].append(nation)
    record = catalog().nations[nation]
    add_log(state, f"Epoch {state['epoch']}: {record['name']} rises.")
    finish(state)


def refill_god_stack(state: State) -> bool:
    if not state["god_stack"] and state["god_box"]:
        state["god_stack"], state["god_box"] = sorted(state["god_box"]), []
        add_log(state, "The god stack is empty: the boxed gods are shuffled into a new stack.")
    return bool(state["god_stack"])


@lru_cache(maxsize=256)
def _god_choice(cat: Catalog, tile: str) -> Choice:
    return Choice(tile, cat.gods[tile]["name"], needs_text(cat.gods[tile]["needs"]))


def _god_outcomes(state: State) -> list[Choice]:
    cat = catalog()
    return [_god_choice(cat, t) for t in state["god_stack"]]


@ready("reveal_god")
def _reveal_god_ready(state, task):
    return refill_god_stack(state)


@decides("reveal_god")
def _reveal_god_decide(state, task):
    return Decision.chance("Reveal a god tile for this epoch", _god_outcomes(state), "preparation")


@acts("reveal_god")
def _reveal_god_act(state, task, tile):
    state["god_stack"].remove(tile)
    state["god_display"].append(tile)
    state["gods_shown"] += 1
    record = catalog().gods[tile]
    add_log(state, f"{record['name']} ({needs_text(record['needs'])}) is revealed.")
    countdown(state, task)
    if record["god"] == "plaesiris":
        push(state, demigod_draw(None), demigod_draw(None))


@decides("place_loot")
def _place_loot_decide(state, task):
    loot = catalog().loot
    hex_id = loot_hex(state, task)
    outcomes = [make_choice(k, loot[k]["label"], weight=n) for k, n in state["loot_bag"].items() if n]
    return Decision.chance(f"Draw a loot tile from the bag for hex {hex_id}", outcomes, "loot")


def loot_hex(state: State, task: Task) -> str:
    return catalog().nations[state["nations"][-1]]["symbols"][task["slot"]]


@acts("place_loot")
def _place_loot_act(state, task, kind):
    hex_id = loot_hex(state, task)
    state["loot_bag"][kind] -= 1
    state["loot"][hex_id] = kind
    record = catalog().loot[kind]
    add_log(state, f"Loot on {hex_id}: {record['label']}.")
    task["slot"] += 1
    countdown(state, task)
    if record["effect"] == "demigod":
        push(state, demigod_draw(None))


def demigod_draw(seat: int | None) -> Task:
    """A demigod from the stack: face up onto the display (seat None) or face down to a seat."""
    return {"t": "demigod", "seat": seat}


def _demigod_group(state: State) -> dict[str, int]:
    return state["demigods_low"] if any(state["demigods_low"].values()) else state["demigods_high"]


@ready("demigod")
def _demigod_ready(state, task):
    return any(_demigod_group(state).values())


@decides("demigod")
def _demigod_decide(state, task):
    outcomes = [make_choice(v, f"demigod {v}", weight=n) for v, n in _demigod_group(state).items() if n]
    where = "the display" if task["seat"] is None else name(state, task["seat"]) + " (face down)"
    return Decision.chance(f"Draw a demigod for {where}", outcomes, "loot")


@acts("demigod")
def _demigod_act(state, task, value):
    _demigod_group(state)[value] -= 1
    seat = task["seat"]
    if seat is None:
        state["demigod_display"].append(int(value))
        state["demigod_display"].sort(reverse=True)
        add_log(state, f"Demigod {value} is laid out on the display.")
    else:
        state["players"][seat]["demigods"].append(int(value))
        who = name(state, seat)
        add_log(state, f"{who} draws demigod {value} face down.", only=[seat], others=f"{who} draws a demigod face down.")
    finish(state)


@ready("draw_god")
def _draw_god_ready(state, task):
    return refill_god_stack(state)


@decides("draw_god")
def _draw_god_decide(state, task):
    return Decision.chance(f"Draw a god tile from the stack for {name(state, task['seat'])}", _god_outcomes(state), "gods")


@acts("draw_god")
def _draw_god_act(state, task, tile):
    finish(state)
    state["god_stack"].remove(tile)
    seat, how = task["seat"], task["how"]
    if how == "gallia":
        record = catalog().gods[tile]
        add_log(state, f"{name(state, seat)} reveals {record['name']} (Gallia: its topmost {record['needs'][0]} offerings take it).")
        push(state, {"t": "pay", "seat": seat, "tile": tile, "top_only": True, "how": how})
    else:
        gain_god(state, seat, tile, how)


@decides("bonus_draw")
def _bonus_draw_decide(state, task):
    bonus = catalog().bonus
    outcomes = [Choice(b, bonus[b]["label"]) for b in state["bonus_pool"]]
    return Decision.chance(f"Draw a bonus tile for {name(state, task['seat'])}", outcomes, "bonus")


@acts("bonus_draw")
def _bonus_draw_act(state, task, tile):
    take_bonus(state, task["seat"], tile)
    finish(state)


def take_bonus(state: State, seat: int, tile: str) -> None:
    state["bonus_pool"].remove(tile)
    state["players"][seat]["bonus"] = tile
    add_log(state, f"{name(state, seat)} gets the bonus tile {catalog().bonus[tile]['label']}.")


@decides("bonus_pick")
def _bonus_pick_decide(state, task):
    bonus = catalog().bonus
    choices = [Choice(f"bonus:{b}", bonus[b]["label"]) for b in state["bonus_pool"]]
    return single(state, task["seat"], "choose a bonus tile", choices, "bonus")


@acts("bonus_pick")
def _bonus_pick_act(state, task, choice):
    take_bonus(state, task["seat"], choice.split(":", 1)[1])
    finish(state)


# -- epochs ----------------------------------------------------------------------------------


@automatic("prep")
def _prep(state, task):
    state["epoch"] += 1
    state["gods_shown"] = 0
    n = state["n"]
    tasks = [
        {"t": "nation"},
        {"t": "reveal_god", "n": n + 1},
        {"t": "place_loot", "slot": 0, "n": n + 1},
        {"t": "power"},
        {"t": "temple"},
        {"t": "depraccus"},
    ]
    if state["epoch"] == 1:
        tasks.append({"t": "bonus_exec"})
    tasks.append({"t": "turn", "seat": state["start"]})
    push(state, *tasks)


@automatic("power")
def _power(state, task):
    nation = catalog().nations[state["nations"][-1]]
    power = nation["power"]
    order = seats_from(state, state["start"])
    if power == "persia":
        state["special_money"].reverse()
        add_log(state, "Persia: the special money stack is turned round.")
    elif power == "gallia":
        push(state, *({"t": "gallia", "seat": s} for s in order))
    elif power == "germania":
        push(state, *({"t": "hand7", "seat": s} for s in order))
    elif power == "aegyptus":
        push(state, *({"t": "swap", "seat": s} for s in order))
    elif power == "cartago":
        push(state, *({"t": "buy", "seat": s, "budget": 2, "hand": False, "kinds": [], "loot": []} for s in order))
    elif power == "iberia":
        push(state, *({"t": "offering", "seat": s, "n": 1} for s in order))
    elif power == "roma":
        push(state, *(deal(s, 2) for s in order))


@automatic("temple")
def _temple(state, task):
    nation = catalog().nations[state["nations"][-1]]
    state["temple"] = nation["start"]
    add_log(state, f"The temple is placed on {nation['name']}'s start hex {nation['start']}.")


@automatic("depraccus")
def _depraccus(state, task):
    for seat in reversed(seats_from(state, state["start"])):
        count = gods_owned(state, seat, "depraccus")
        if count:
            push(state, deal(seat, 2 * count))


@automatic("bonus_exec")
def _bonus_exec(state, task):
    for seat in reversed(seats_from(state, state["start"])):
        tile = state["players"][seat]["bonus"]
        if tile:
            record = catalog().bonus[tile]
            push(state, effect(seat, record["effect"], record["n"], "bonus"))


def epoch_over(state: State) -> bool:
    return not state["loot"] or (state["gods_shown"] > 0 and not state["god_display"])


@automatic("after_action")
def _after_action(state, task):
    seat = task["seat"]
    state["big_foot"] = None
    if epoch_over(state):
        push(state, {"t": "epoch_end", "seat": seat})
    elif gods_owned(state, seat, "traitera") > state["players"][seat]["traitera_used"]:
        push(state, {"t": "traitera", "seat": seat})
    else:
        push(state, {"t": "turn", "seat": (seat + 1) % state["n"]})


@automatic("epoch_end")
def _epoch_end(state, task):
    seat, epoch = task["seat"], state["epoch"]
    state["players"][seat]["vp"]["epoch"] += EPOCH_END_BONUS
    add_log(state, f"{name(state, seat)} ends epoch {epoch} and scores {EPOCH_END_BONUS}.")
    state["start"] = (seat + 1) % state["n"]
    for p in state["players"]:
        p["feet"] += len(p["feet_on"])
        p["feet_on"] = []
    state["occupied"] = count_occupancy(state["players"])
    state["temple"] = None
    state["god_box"].extend(state["god_display"])
    state["god_display"] = []
    state["demigod_display"] = []
    state["loot"] = {}
    add_log(state, f"The temple passes to {name(state, state['start'])}; feet return, columns stay, leftovers are boxed.")
    if epoch in SCORING_EPOCHS:
        score_epoch(state)
    if epoch >= EPOCHS:
        state["over"] = True
        add_log(state, "The game is over.")
    else:
        push(state, {"t": "prep"})


def score_epoch(state: State) -> None:
    for seat, p in enumerate(state["players"]):
        part = interim_scoring(len(p["columns_on"]), p["demigods"], gods_owned(state, seat, "pietalte"), p["tiles"].values())
        for category, points in part.items():
            p["vp"][category] += points
        add_log(state, f"Scoring: {name(state, seat)} gets {part['demigods']} for demigods, "
                       f"{part['columns']} for {len(p['columns_on'])} columns, {part['pietalte']} from Pietalte.")


# -- the turn --------------------------------------------------------------------------------


@decides("turn")
def _turn_decide(state, task):
    seat = task["seat"]
    p = state["players"][seat]
    hand = p["hand"]
    steps = 1 + gods_owned(state, seat, "vinthrad") + p["steps"]
    funds = deck.money(hand) + stonkus_money(state, seat)
    draws = 3 + gods_owned(state, seat, "gadicea")
    move, buy, draw = _action_choices(steps, hand.get("movement", 0), funds, draws)
    choices = [move, buy] if buy else [move]
    if state["god_display"]:
        cat = catalog()
        choices += [_take_god_choice(cat, tile) for tile in affordable(state, seat, state["god_display"])]
    choices.append(draw)
    return single(state, seat, f"choose an action (epoch {state['epoch']})", choices, "turn")


@lru_cache(maxsize=1024)
def _action_choices(steps: int, movement_cards: int, funds: int, draws: int) -> tuple[Choice, Choice | None, Choice]:
    """A turn's move, buy (None without money) and draw choices."""
    return (
        Choice("move", "Move", f"{steps} free step(s) + 2 per movement card; you hold {movement_cards}"),
        Choice("buy", "Buy", f"{funds} money available") if funds else None,
        Choice("draw", f"Draw {draws} cards", "from the face-up row or the deck"),
    )


@lru_cache(maxsize=256)
def _take_god_choice(cat: Catalog, tile: str) -> Choice:
    record = cat.gods[tile]
    return Choice(f"god:{tile}", f"Take {record['name']}", f"offer {needs_text(record['needs'])}; {record['kind']}")


@acts("turn")
def _turn_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    state["active"] = seat
    after = {"t": "after_action", "seat": seat}
    if choice == "move":
        state["big_foot"] = seat
        add_log(state, f"{name(state, seat)} moves and takes the big foot.")
        others = [movement(state, s, main=False) for s in seats_from(state, seat)[1:]]
        push(state, movement(state, seat, main=True), *others, after)
    elif choice == "buy":
        add_log(state, f"{name(state, seat)} buys.")
        push(state, {"t": "buy", "seat": seat, "budget": stonkus_money(state, seat), "hand": True, "kinds": [], "loot": []}, after)
    elif choice == "draw":
        add_log(state, f"{name(state, seat)} draws cards.")
        push(state, {"t": "draw", "seat": seat, "n": 3 + gods_owned(state, seat, "gadicea")}, after)
    else:
        tile = choice.split(":", 1)[1]
        options = payments(state, seat, tile, False)
        push(state, after)
        if len(options) == 1:
            take_god(state, seat, tile, options[0], "action")
        else:
            push(state, {"t": "pay", "seat": seat, "tile": tile, "top_only": False, "how": "action"})


@decides("traitera")
def _traitera_decide(state, task):
    choices = [Choice("use", "Use Traitera: take a second action now"), Choice("keep", "Keep Traitera for later")]
    return single(state, task["seat"], "use Traitera?", choices, "gods")


@acts("traitera")
def _traitera_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    if choice == "use":
        state["players"][seat]["traitera_used"] += 1
        add_log(state, f"{name(state, seat)} uses Traitera for a second action.")
        push(state, {"t": "turn", "seat": seat})
    else:
        push(state, {"t": "turn", "seat": (seat + 1) % state["n"]})


# -- movement --------------------------------------------------------------------------------


def movement(state: State, seat: int, main: bool) -> Task:
    free = gods_owned(state, seat, "vinthrad") + state["players"][seat]["steps"] + (1 if main else 0)
    return {"t": "move", "seat": seat, "main": main, "free": free, "jumps": gods_owned(state, seat, "gaiviles"), "placed": 0, "loot": []}


def _place_label(kind: str, hex_id: str, cost: int, jump: bool) -> str:
    piece = "Foot" if kind == FOOT else "Column"
    how = " by jump (Gaiviles)" if jump else ""
    unit = "step" if cost == 1 else "steps"
    shared = " (shared)" if cost == 2 else ""
    return f"{piece} to hex {hex_id}{how} — {cost} {unit}{shared}"


@lru_cache(maxsize=4096)
def _move_choice(pl, cards: int, loot_label: str) -> Choice:
    hints = []
    if cards:
        hints.append(f"plays {cards} movement card{'s' if cards > 1 else ''}")
    if loot_label:
        hints.append("loot: " + loot_label)
    prefix = "jump" if pl.jump else pl.kind
    return Choice(f"{prefix}:{pl.hex}", _place_label(pl.kind, pl.hex, pl.cost, pl.jump), "; ".join(hints))


_FOLLOWER_CHOICES = (Choice("draw", "Draw a card instead of moving"), Choice("end", "Pass (neither move nor draw)"))


@decides("move")
def _move_decide(state, task):
    seat, free = task["seat"], task["free"]
    cat = catalog()
    held = state["players"][seat]["hand"].get("movement", 0)
    choices = []
    loot = state["loot"]
    if free or held:
        for pl in placements(cat, state, seat, task["jumps"]):
            cards = (pl.cost - free + 1) // 2 if pl.cost > free else 0
            if cards <= held:
                choices.append(_move_choice(pl, cards, cat.loot[loot[pl.hex]]["label"] if pl.hex in loot else ""))
    if task["main"] or task["placed"]:
        choices.append(make_choice("end", "End movement", f"{free} step(s) left unused" if free else ""))
        prompt = f"move ({free} step(s) left, {held} movement card(s))"
    else:
        choices[:0] = _FOLLOWER_CHOICES
        prompt = f"move too with movement cards ({free} free step(s), {held} card(s)), or draw a card"
    return single(state, seat, prompt, choices, "movement")


@acts("move")
def _move_act(state, task, choice):
    seat = task["seat"]
    if choice == "end":
        finish(state)
        collect(state, seat, task["loot"])
        return
    if choice == "draw":
        finish(state)
        push(state, {"t": "draw", "seat": seat, "n": 1})
        return
    prefix, hex_id = choice.split(":")
    kind = COLUMN if prefix == COLUMN else FOOT
    cost = entry_cost(state, hex_id)
    cards = max(0, cost - task["free"] + 1) // 2
    if cards:
        p = state["players"][seat]
        deck.remove(p["hand"], deck.MOVEMENT, cards)
        deck.add(state["discard"], deck.MOVEMENT, cards)
    task["free"] += 2 * cards - cost
    task["placed"] += 1
    if prefix == "jump":
        task["jumps"] -= 1
    place(state, seat, kind, hex_id, task["loot"], f"{'jumps' if prefix == 'jump' else 'moves'}")


def entry_cost(state: State, hex_id: str) -> int:
    return 2 if state["occupied"].get(hex_id) else 1


def place(state: State, seat: int, kind: str, hex_id: str, loot: list[str], how: str) -> None:
    p = state["players"][seat]
    if kind == FOOT:
        p["feet"] -= 1
        p["feet_on"].append(hex_id)
    else:
        p["columns"] -= 1
        p["columns_on"].append(hex_id)
    state["occupied"].setdefault(hex_id, []).append(seat)
    text = f"{name(state, seat)} {how}: {kind} to {hex_id}"
    if kind == FOOT and hex_id in state["loot"]:
        taken = state["loot"].pop(hex_id)
        loot.append(taken)
        text += f", taking the loot tile {catalog().loot[taken]['label']}"
    add_log(state, text + ".")


def collect(state: State, seat: int, loot: list[str]) -> None:
    """Loot tiles reached during a move or purchase take effect once it is finished."""
    records = catalog().loot
    push(state, *(effect(seat, records[k]["effect"], records[k]["n"], "loot") for k in loot))


# -- purchase --------------------------------------------------------------------------------


def tile_cost(kind: str, current: int, level: int) -> int:
    prices = catalog().prices[kind]
    return prices[level - 1] - (prices[current - 1] if current else 0)


def tile_in_stock(state: State, kind: str, current: int, level: int) -> bool:
    """Levels 1/2 and 3/4 share double-sided tiles: flipping within a pair needs no new tile."""
    group = 0 if level <= 2 else 1
    if current and (current - 1) // 2 == group:
        return True
    return state["tile_stock"][kind][group] > 0


def set_tile(state: State, seat: int, kind: str, level: int) -> None:
    p = state["players"][seat]
    current = p["tiles"][kind]
    group = 0 if level <= 2 else 1
    if not (current and (current - 1) // 2 == group):
        state["tile_stock"][kind][group] -= 1
    p["tiles"][kind] = level


@decides("buy")
def _buy_decide(state, task):
    seat = task["seat"]
    p = state["players"][seat]
    cat = catalog()
    budget = task["budget"]
    funds = budget + (deck.money(p["hand"]) if task["hand"] else 0)
    money_cards = tuple([p["hand"].get(kind, 0) for kind in deck.MONEY_VALUES])

    def hint(cost: int) -> str:
        return "" if cost <= budget else _paid_with(money_cards, cost - budget)

    choices = []
    tiles = p["tiles"]
    for kind in OFFERING_KINDS:
        if kind in task["kinds"]:
            continue
        current = tiles[kind]
        for level, cost in _raises(cat, kind, current):
            if cost > funds:
                break  # prices rise with the level
            if tile_in_stock(state, kind, current, level):
                choices.append(_tile_choice(cat, kind, current, level, cost, hint(cost)))
    if funds >= 1:
        for piece in (FOOT, COLUMN):
            if general_supply(state, seat, piece):
                choices.append(_piece_choice(piece, hint(1)))
        loot = state["loot"]
        for pl in placements(cat, state, seat):
            if pl.cost <= funds:
                choices.append(_buy_place_choice(pl, hint(pl.cost), cat.loot[loot[pl.hex]]["label"] if pl.hex in loot else ""))
    choices.append(make_choice("end", "End purchase", f"{budget} money left over is lost" if budget else ""))
    source = "" if task["hand"] else " (Cartago: 2 money, no cards)"
    change = f" ({budget} of it already paid in cards)" if budget and task["hand"] else ""
    return single(state, seat, f"buy: {funds} money to spend{change}{source}", choices, "purchase")


@lru_cache(maxsize=64)
def _raises(cat: Catalog, kind: str, current: int) -> tuple[tuple[int, int], ...]:
    """(level, cost) of each higher level of an offering tile, from ``current``."""
    return tuple((level, tile_cost(kind, current, level)) for level in range(current + 1, 5))


@lru_cache(maxsize=4096)
def _paid_with(money_cards: tuple[int, ...], due: int) -> str:
    """Which money cards pay ``due`` out of ``money_cards`` (how many of each value are held)."""
    cards = deck.payment(dict(zip(deck.MONEY_VALUES, money_cards)), due) or {}
    return "pays with " + ", ".join(f"{n} money card{'s' if n > 1 else ''} of {deck.MONEY_VALUES[k]}" for k, n in sorted(cards.items()))


@lru_cache(maxsize=1024)
def _tile_choice(cat: Catalog, kind: str, current: int, level: int, cost: int, paid_with: str) -> Choice:
    what = f"{cat.tile_labels[kind]} tile L{level}" if not current else f"{cat.tile_labels[kind]} L{current} → L{level}"
    return Choice(f"tile:{kind}:{level}", f"{what} — {cost} money", paid_with)


@lru_cache(maxsize=64)
def _piece_choice(piece: str, paid_with: str) -> Choice:
    return Choice(f"buy:{piece}", f"Buy a {piece} — 1 money", "; ".join(h for h in (paid_with, "into your supply") if h))


@lru_cache(maxsize=4096)
def _buy_place_choice(pl, paid_with: str, loot_label: str) -> Choice:
    label = _place_label(pl.kind, pl.hex, pl.cost, False).replace("steps", "money").replace("step", "money")
    hint = "; ".join(h for h in (paid_with, "loot: " + loot_label if loot_label else "") if h)
    return Choice(f"{pl.kind}:{pl.hex}", label, hint)


@acts("buy")
def _buy_act(state, task, choice):
    seat = task["seat"]
    if choice == "end":
        finish(state)
        collect(state, seat, task["loot"])
        return
    head, _, rest = choice.partition(":")
    if head == "tile":
        kind, level = rest.split(":")
        level = int(level)
        current = state["players"][seat]["tiles"][kind]
        spend(state, task, tile_cost(kind, current, level))
        set_tile(state, seat, kind, level)
        task["kinds"].append(kind)
        add_log(state, f"{name(state, seat)} buys {catalog().tile_labels[kind]} level {level}.")
    elif head == "buy":
        spend(state, task, 1)
        state["players"][seat]["feet" if rest == FOOT else "columns"] += 1
        add_log(state, f"{name(state, seat)} buys a {rest}.")
    else:
        spend(state, task, entry_cost(state, rest))
        place(state, seat, head, rest, task["loot"], "places")


def spend(state: State, task: Task, cost: int) -> None:
    due = cost - task["budget"]
    if due > 0:
        p = state["players"][task["seat"]]
        cards = deck.payment(p["hand"], due)
        paid = 0
        for kind, n in cards.items():
            deck.remove(p["hand"], kind, n)
            deck.add(state["discard"], kind, n)
            paid += deck.MONEY_VALUES[kind] * n
        add_log(state, f"{name(state, task['seat'])} plays money cards worth {paid}.")
        task["budget"] += paid
    task["budget"] -= cost


# -- gods ------------------------------------------------------------------------------------


def payments(state: State, seat: int, tile: str, top_only: bool) -> list[dict[str, int]]:
    """Distinct sets of offering cards that take ``tile``: each number on the tile needs a
    different kind; a tile of level L counts as L offerings of its kind and is kept."""
    record = catalog().gods[tile]
    needs = record["needs"][:1] if top_only else record["needs"]
    p = state["players"][seat]
    held = tuple([p["hand"].get(k, 0) for k in OFFERING_KINDS])
    levels = (0,) * len(OFFERING_KINDS) if record.get("cards_only") else tuple([p["tiles"][k] for k in OFFERING_KINDS])
    return [dict(cards) for cards in _payments(tuple(needs), held, levels)]


@lru_cache(maxsize=4096)
def _payments(needs: tuple[int, ...], held: tuple[int, ...], tile_levels: tuple[int, ...]) -> tuple[dict[str, int], ...]:
    """``payments`` for offering cards ``held`` and tile levels, both in OFFERING_KINDS order."""
    shorts = [{kind: need - level for kind, n, level in zip(OFFERING_KINDS, held, tile_levels) if need - level <= n}
              for need in needs]
    found: dict[tuple, dict[str, int]] = {}
    for kinds in permutations(OFFERING_KINDS, len(needs)):
        if all(map(contains, shorts, kinds)):
            cards = {kind: short[kind] for kind, short in zip(kinds, shorts) if short[kind] > 0}
            found.setdefault(tuple(sorted(cards.items())), cards)
    return tuple(sorted(found.values(), key=lambda c: (sum(c.values()), sorted(c.items()))))


def affordable(state: State, seat: int, tiles: list[str]) -> list[str]:
    """The god tiles among ``tiles`` that some payment takes (the rule of ``payments``):
    each number on a tile needs its own kind. Matching the numbers, largest first (as the
    tiles list them), to the kinds with the most offerings (cards + tile levels) finds such
    an assignment whenever one exists."""
    p = state["players"][seat]
    hand, levels = p["hand"], p["tiles"]
    cards = sorted([hand.get(k, 0) for k in OFFERING_KINDS], reverse=True)
    spare = sorted([hand.get(k, 0) + levels[k] for k in OFFERING_KINDS], reverse=True)
    gods = catalog().gods
    return [tile for tile in tiles
            if all(map(ge, cards if gods[tile].get("cards_only") else spare, gods[tile]["needs"]))]


def payment_id(cards: dict[str, int]) -> str:
    return "pay:" + ("-".join(f"{k}{n}" for k, n in sorted(cards.items())) or "tiles")


def payment_label(cards: dict[str, int]) -> str:
    if not cards:
        return "Offer with your tiles only"
    return "Offer " + " + ".join(f"{n} {catalog().tile_labels[k]}" for k, n in sorted(cards.items())) + " card(s)"


@lru_cache(maxsize=1024)
def _payment_choice(cat: Catalog, cards: tuple[tuple[str, int], ...]) -> Choice:
    paid = dict(cards)
    return Choice(payment_id(paid), payment_label(paid), "tiles cover the rest")


@decides("pay")
def _pay_decide(state, task):
    seat, tile = task["seat"], task["tile"]
    cat = catalog()
    record = cat.gods[tile]
    choices = [_payment_choice(cat, tuple(c.items())) for c in payments(state, seat, tile, task["top_only"])]
    if task["how"] == "gallia":
        choices.append(Choice("decline", f"Do not take {record['name']} (it goes to the box)"))
    needs = record["needs"][:1] if task["top_only"] else record["needs"]
    return single(state, seat, f"offer {needs_text(needs)} for {record['name']}", choices, "gods")


@acts("pay")
def _pay_act(state, task, choice):
    seat, tile = task["seat"], task["tile"]
    finish(state)
    if choice == "decline":
        state["god_box"].append(tile)
        add_log(state, f"{name(state, seat)} leaves {catalog().gods[tile]['name']}; it goes to the box.")
        return
    cards = next(c for c in payments(state, seat, tile, task["top_only"]) if payment_id(c) == choice)
    take_god(state, seat, tile, cards, task["how"])


def take_god(state: State, seat: int, tile: str, cards: dict[str, int], how: str) -> None:
    p = state["players"][seat]
    for kind, n in cards.items():
        deck.remove(p["hand"], kind, n)
        deck.add(state["discard"], kind, n)
    if tile in state["god_display"]:
        state["god_display"].remove(tile)
    if cards:
        add_log(state, f"{name(state, seat)} offers {', '.join(f'{n} {k}' for k, n in sorted(cards.items()))}.")
    gain_god(state, seat, tile, how)


def gain_god(state: State, seat: int, tile: str, how: str) -> None:
    """A god joins ``seat``: epoch points now; instant gods act and go to the box."""
    record = catalog().gods[tile]
    points = god_tile_points(state["epoch"])
    p = state["players"][seat]
    p["vp"]["gods"] += points
    add_log(state, f"{name(state, seat)} gains {record['name']} and scores {points}.")
    if record["kind"] != "instant":
        p["gods"].append(tile)
        return
    state["god_box"].append(tile)
    god = record["god"]
    if god == "surparit" and how != "surparit":
        push(state, {"t": "draw_god", "seat": seat, "how": "surparit"})
    elif god == "plaesiris":
        display = state["demigod_display"] if how == "action" else []
        taken = display[:2]
        del display[:2]
        if taken:
            p["demigods"].extend(taken)
            add_log(state, f"{name(state, seat)} takes demigods {', '.join(map(str, taken))} from the display.",
                    only=[seat], others=f"{name(state, seat)} takes the {len(taken)} highest demigods from the display.")
        push(state, *(demigod_draw(seat) for _ in range(2 - len(taken))))
    elif god == "taksator":
        take_special_money(state, seat)


def take_special_money(state: State, seat: int) -> None:
    if not state["special_money"]:
        add_log(state, f"No special money card is left for {name(state, seat)}.")
        return
    value = state["special_money"].pop(0)
    deck.add(state["players"][seat]["hand"], f"money{value}")
    add_log(state, f"{name(state, seat)} takes the special money card {value}.")


# -- drawing cards ---------------------------------------------------------------------------


@ready("draw")
def _draw_ready(state, task):
    return bool(state["row"]) or deck.can_refill_deck(state)


@decides("draw")
def _draw_decide(state, task):
    cat, row = catalog(), state["row"]
    choices = [_row_choice(cat, k) for k in deck.CARD_ORDER if k in row]
    if deck.can_refill_deck(state):
        choices.append(make_choice("deck", "Draw from the deck", f"{deck.size(state['deck'])} card(s) left"))
    return single(state, task["seat"], f"draw a card ({task['n']} to go)", choices, "draw")


@lru_cache(maxsize=64)
def _row_choice(cat: Catalog, kind: str) -> Choice:
    return Choice(f"row:{kind}", f"Take {cat.card_labels[kind]} from the row")


@acts("draw")
def _draw_act(state, task, choice):
    seat = task["seat"]
    countdown(state, task)
    if choice == "deck":
        push(state, deal(seat, 1))
        return
    kind = choice.split(":", 1)[1]
    state["row"].remove(kind)
    deck.add(state["players"][seat]["hand"], kind)
    add_log(state, f"{name(state, seat)} takes {card_label(kind)} from the row.")
    push(state, deal(None, 1))


# -- loot and bonus effects ------------------------------------------------------------------


def effect(seat: int, kind: str, n: int, source: str) -> Task:
    return {"t": "effect", "seat": seat, "effect": kind, "n": n, "source": source}


@automatic("effect")
def _effect(state, task):
    seat, kind, n = task["seat"], task["effect"], task["n"]
    p = state["players"][seat]
    if kind == "reserve":
        push(state, {"t": "reserve", "seat": seat, "n": n})
    elif kind == "demigod":
        display = state["demigod_display"]
        if task["source"] == "loot" and display:
            value = display.pop(0)
            p["demigods"].append(value)
            who = name(state, seat)
            add_log(state, f"{who} takes demigod {value} from the display.", only=[seat],
                    others=f"{who} takes the highest demigod from the display.")
        else:
            push(state, demigod_draw(seat))
    elif kind == "god":
        push(state, {"t": "draw_god", "seat": seat, "how": task["source"]})
    elif kind == "column":
        push(state, {"t": "free_column", "seat": seat})
    elif kind == "offering":
        push(state, {"t": "offering", "seat": seat, "n": n})
    elif kind == "cards":
        push(state, deal(seat, n))
    elif kind == "money":
        take_special_money(state, seat)
    elif kind == "steps":
        p["steps"] += n
        add_log(state, f"{name(state, seat)} keeps a steps tile (+{n} step per move from now on).")


@ready("reserve")
def _reserve_ready(state, task):
    return any(general_supply(state, task["seat"], piece) for piece in (FOOT, COLUMN))


@decides("reserve")
def _reserve_decide(state, task):
    seat, n = task["seat"], task["n"]
    choices = []
    for piece, key in ((FOOT, "feet"), (COLUMN, "columns")):
        available = general_supply(state, seat, piece)
        if available:
            choices.append(Choice(key, f"Take {min(n, available)} {key} into your supply"))
    return single(state, seat, f"reserve: take {n} feet or {n} columns", choices, "loot")


@acts("reserve")
def _reserve_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    got = min(task["n"], general_supply(state, seat, FOOT if choice == "feet" else COLUMN))
    state["players"][seat][choice] += got
    add_log(state, f"{name(state, seat)} takes {got} {choice} into their supply.")


@ready("free_column")
def _free_column_ready(state, task):
    seat = task["seat"]
    return general_supply(state, seat, COLUMN) > 0 and bool(free_column_sites(catalog(), state, seat))


@decides("free_column")
def _free_column_decide(state, task):
    choices = [Choice(f"column:{h}", f"Column to hex {h}") for h in free_column_sites(catalog(), state, task["seat"])]
    return single(state, task["seat"], "place a column from the general supply on any column hex", choices, "loot")


@acts("free_column")
def _free_column_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    hex_id = choice.split(":", 1)[1]
    state["players"][seat]["columns_on"].append(hex_id)
    state["occupied"].setdefault(hex_id, []).append(seat)
    add_log(state, f"{name(state, seat)} places a column on {hex_id} (loot).")


def offering_options(state: State, seat: int) -> list[Choice]:
    p = state["players"][seat]
    labels = catalog().tile_labels
    choices = []
    for kind in OFFERING_KINDS:
        level = p["tiles"][kind]
        if level and level < 4 and tile_in_stock(state, kind, level, level + 1):
            choices.append(Choice(f"upgrade:{kind}", f"Raise {labels[kind]} {level} → {level + 1}"))
        elif not level and tile_in_stock(state, kind, 0, 1):
            choices.append(Choice(f"new:{kind}", f"Take a {labels[kind]} tile level 1"))
    return choices


@ready("offering")
def _offering_ready(state, task):
    return bool(offering_options(state, task["seat"]))


@decides("offering")
def _offering_decide(state, task):
    return single(state, task["seat"], f"offering tile: raise one by a level or take a level 1 ({task['n']} to go)",
                  offering_options(state, task["seat"]), "loot")


@acts("offering")
def _offering_act(state, task, choice):
    seat = task["seat"]
    kind = choice.split(":", 1)[1]
    level = state["players"][seat]["tiles"][kind] + 1
    set_tile(state, seat, kind, level)
    add_log(state, f"{name(state, seat)} now has {catalog().tile_labels[kind]} level {level}.")
    countdown(state, task)


# -- nation powers ---------------------------------------------------------------------------


def _gallia_choices(state: State) -> list[Choice]:
    choices = []
    if deck.can_refill_deck(state):
        choices.append(Choice("cards", "Draw 2 cards from the deck"))
    if state["god_stack"] or state["god_box"]:
        choices.append(Choice("god", "Reveal a god from the stack", "take it by offering only its topmost number"))
    return choices


@ready("gallia")
def _gallia_ready(state, task):
    return bool(_gallia_choices(state))


@decides("gallia")
def _gallia_decide(state, task):
    return single(state, task["seat"], "Gallia: draw 2 cards or reveal a god", _gallia_choices(state), "nations")


@acts("gallia")
def _gallia_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    if choice == "cards":
        push(state, deal(seat, 2))
    else:
        push(state, {"t": "draw_god", "seat": seat, "how": "gallia"})


@ready("hand7")
def _hand7_ready(state, task):
    seat = task["seat"]
    held = deck.size(state["players"][seat]["hand"])
    if held >= HAND_LIMIT_NATION:
        return held > HAND_LIMIT_NATION
    task.clear()
    task.update(deal(seat, HAND_LIMIT_NATION - held))
    return _deal_ready(state, task)


@decides("hand7")
def _hand7_decide(state, task):
    hand = state["players"][task["seat"]]["hand"]
    choices = [Choice(f"discard:{k}", f"Discard {card_label(k)}", f"you hold {hand[k]}") for k in deck.CARD_ORDER if hand.get(k)]
    return single(state, task["seat"], f"discard down to {HAND_LIMIT_NATION} cards ({deck.size(hand)} held)", choices, "nations")


@acts("hand7")
def _hand7_act(state, task, choice):
    seat = task["seat"]
    kind = choice.split(":", 1)[1]
    hand = state["players"][seat]["hand"]
    deck.remove(hand, kind)
    deck.add(state["discard"], kind)
    add_log(state, f"{name(state, seat)} discards {card_label(kind)}.")
    if deck.size(hand) <= HAND_LIMIT_NATION:
        finish(state)


@decides("swap")
def _swap_decide(state, task):
    seat = task["seat"]
    p = state["players"][seat]
    choices = [Choice("keep", "Keep your pieces as they are", f"supply: {p['feet']} feet, {p['columns']} columns")]
    for n in range(1, min(p["feet"], general_supply(state, seat, COLUMN)) + 1):
        choices.append(Choice(f"feet:{n}", f"Swap {n} feet for {n} columns"))
    for n in range(1, min(p["columns"], general_supply(state, seat, FOOT)) + 1):
        choices.append(Choice(f"columns:{n}", f"Swap {n} columns for {n} feet"))
    return single(state, seat, "Aegyptus: swap feet and columns with the general supply", choices, "nations")


@acts("swap")
def _swap_act(state, task, choice):
    seat = task["seat"]
    finish(state)
    if choice == "keep":
        return
    give, count = choice.split(":")
    get = "columns" if give == "feet" else "feet"
    p = state["players"][seat]
    p[give] -= int(count)
    p[get] += int(count)
    add_log(state, f"{name(state, seat)} swaps {count} {give} for {count} {get}.")
