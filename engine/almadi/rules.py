"""Almadi on the engine core: setup, the decision sequence of a turn, and applying choices.

Phases: the setup draws (``first``, ``starts``, ``objectives``: chance steps, see
setup_draws.py) -> ``fill`` (the 8 initial board tiles, chance) -> in the characters variant, after
the normal setup as the rules say, ``deal`` (chance, setup_draws.py) and ``keep`` (every player
keeps 2 of the dealt characters at once) -> per turn ``take`` -> ``place`` ->
``effects`` (optional effects in any order, the Genie after the others) <-> ``genie`` (the
destination of a Genie move) -> ``finish`` (characters variant, only while a character is
affordable: the last chance to recruit this turn) -> ``refill`` (chance) -> next player,
until the refill that empties the general supply ends the game.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping

from engine.core import rng
from engine.core.contract import Choice, Decision, IllegalChoice, Option, Rules, Score, State
from engine.core.log import add_log

from . import objectives as objective_rules
from .catalog import DECK_SIZE, LETTERS, RUBIES, TILES_PER_TYPE, TYPE_OF_LETTER, TYPES, Catalogue, catalogue
from .characters import end_game_points, powers_of
from .realm import activated_jars, fired_by, genie_destinations, grid_of, letters, movable, placements
from .scoring import RealmInput, score_table
from .setup_draws import SETUP_PHASES, apply_setup_draw, setup_decision

GENIE_MOVES_PER_TURN = 3
IMMEDIATE = ("martelin", "stall", "moon", "ruby")
EFFECT_TITLES = {"genie": "Genie", "martelin": "Martelin", "stall": "Stall", "moon": "Moon", "ruby": "Ruby", "jar": "Jar"}
BOARD_SLOTS = [(row, slot) for row in range(4) for slot in range(2)]
CHANGES_HOLDINGS = ("place", "to", "with", "fx", "recruit")
"""Choices that change a realm or a player's cards: objectives are checked after them."""
TAKE_IDS = [[f"take:{row}:{slot}" for slot in range(2)] for row in range(4)]


def tile_name(cat: Catalogue, tile: str) -> str:
    return TYPE_OF_LETTER[cat.faces[tile][0]].capitalize()


def where(pos: tuple[int, int]) -> str:
    return f"row {pos[0] + 1}, column {pos[1]}"


def edges_text(cat: Catalogue, tile: str) -> str:
    sides = cat.faces[tile][1]
    return ", ".join(f"{name} {EFFECT_TITLES.get(side, side)}" for name, side in zip(("top", "right", "bottom", "left"), sides))


def fired_text(fired: list[str]) -> str:
    counts: dict[str, int] = {}
    for effect in fired:
        counts[effect] = counts.get(effect, 0) + 1
    return "activates " + counted_text(counts) if fired else "activates nothing"


def counted_text(effects: dict[str, int]) -> str:
    """'Martelin, Ruby x2' for the effects with a count."""
    return ", ".join(EFFECT_TITLES[e] + (f" x{n}" if n > 1 else "") for e, n in effects.items() if n)


class AlmadiRules(Rules):
    id = "almadi"
    title = "Almadi"
    min_players = 2
    max_players = 5
    version = "3"  # 2: in the characters variant a turn may stop before the refill to recruit
    # 3: the setup draws (first player, starting tiles, objectives, character deal) are chance steps
    options = (Option("characters", "Characters", ((False, "Without characters"), (True, "Playing with characters"))),)

    def __init__(self) -> None:
        self._choice_cache: dict[tuple, Choice] = {}
        self._outcome_cache: dict[str, dict[str, Choice]] = {}

    # -- setup ------------------------------------------------------------------------------

    def data_version(self) -> str:
        return catalogue().digest

    def setup(self, names: list[str], options: Mapping[str, Any], seed: int) -> State:
        """The components before any draw: the setup draws are the first chance steps."""
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Almadi is for 2-5 players, not {n}")
        state: State = {"names": list(names), "characters": bool(options.get("characters", False)), "log": []}
        rng.seed_state(state, seed)
        per_type = TILES_PER_TYPE[n]
        state["supply"] = [f"{LETTERS[kind]}{k:02d}" for kind in TYPES for k in range(1, per_type + 1)]
        state["board"] = [[None, None] for _ in range(4)]
        state["decks"] = {"mosaic": DECK_SIZE[n], "stall": DECK_SIZE[n]}
        state["rubies"] = RUBIES
        state["seats"] = [
            {
                "start": None, "realm": [], "rubies": 0, "mosaics": 0, "stalls": 0, "objectives": [],
                "dealt": [], "hand": [], "played": [],
            }
            for _ in range(n)
        ]
        state["middle"] = []
        state["display"] = []
        state["first"] = state["current"] = None
        state["turn"] = 0
        state["phase"] = SETUP_PHASES[0]
        state["fill"] = 0
        state["pending"] = None
        return state

    # -- choices (cached: ids and labels depend only on their arguments) -----------------------

    def _choice(self, cid: str, label: str, hint: str = "", reveals: bool = False) -> Choice:
        key = (cid, label, hint, reveals)
        choice = self._choice_cache.get(key)
        if choice is None:
            choice = self._choice_cache[key] = Choice(cid, label, hint, reveals)
        return choice

    def _tile_choice(self, cat: Catalogue, tile: str, cid: str, label: str) -> Choice:
        """A choice naming a tile: built once per catalogue, tile and id (the hot path)."""
        key = (cat.digest, tile, cid)
        choice = self._choice_cache.get(key)
        if choice is None:
            choice = self._choice_cache[key] = Choice(cid, label.format(name=tile_name(cat, tile)), edges_text(cat, tile))
        return choice

    def _supply_outcomes(self, state: State, cat: Catalogue) -> tuple[Choice, ...]:
        """The chance outcomes of a draw: one per tile left in the supply (the hot path)."""
        outcomes = self._outcome_cache.get(cat.digest)
        if outcomes is None:
            outcomes = self._outcome_cache[cat.digest] = {
                tile: self._tile_choice(cat, tile, tile, "{name} " + tile) for tile in cat.faces if "." not in tile
            }
        return tuple(map(outcomes.__getitem__, state["supply"]))

    # -- the decision now ---------------------------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        phase = state["phase"]
        cat = catalogue()
        if phase == "over":
            return None
        if phase in SETUP_PHASES:
            return setup_decision(state, cat)
        if phase == "fill":
            row, slot = BOARD_SLOTS[state["fill"]]
            outcomes = self._supply_outcomes(state, cat)
            return Decision.chance(f"Draw a landscape for row {row + 1} of the central board", outcomes, "supply")
        if phase == "refill":
            row = state["pending"]["row"]
            outcomes = self._supply_outcomes(state, cat)
            return Decision.chance(f"Draw a landscape to refill row {row + 1}", outcomes, "supply")
        if phase == "keep":
            return self._keep_decision(state, cat)
        seat = state["current"]
        name = state["names"][seat]
        if phase == "take":
            prompt, choices, topic = f"{name}: take a landscape from the central board", self._take_choices(state, cat), "turn"
        elif phase == "place":
            prompt, choices, topic = self._place_prompt(state, cat), self._place_choices(state, cat), "placement"
        elif phase == "effects":
            prompt, choices, topic = self._effects_decision(state, cat)
        elif phase == "finish":
            recruits = self._recruit_choices(state, cat)
            end = self._choice("done", "End your turn", "the central board is refilled")
            return Decision.single(seat, f"{name}: recruit a character before your turn ends, or end it",
                                   recruits + (end,), "characters")
        else:
            prompt, choices, topic = self._genie_decision(state, cat)
        if state["characters"]:
            choices = choices + self._recruit_choices(state, cat)
        return Decision.single(seat, prompt, choices, topic)

    def _keep_decision(self, state: State, cat: Catalogue) -> Decision:
        waiting = tuple(seat for seat, s in enumerate(state["seats"]) if not s["hand"])
        last = len(waiting) == 1  # the last keep lays the others face up: it cannot be undone
        choices = {}
        for seat in waiting:
            pairs = combinations(state["seats"][seat]["dealt"], 2)
            choices[seat] = tuple(
                self._choice(f"keep:{a}+{b}", f"Keep {cat.characters[a]['name']} and {cat.characters[b]['name']}",
                             reveals=last)
                for a, b in pairs
            )
        return Decision(waiting, "Each player keeps 2 of the characters dealt", choices, "characters")

    def _take_choices(self, state: State, cat: Catalogue) -> tuple[Choice, ...]:
        choices = []
        for row, slot in BOARD_SLOTS:
            tile = state["board"][row][slot]
            if tile is not None:
                choices.append(self._tile_choice(cat, tile, TAKE_IDS[row][slot], "{name} from row %d" % (row + 1)))
        return tuple(choices)

    def _place_prompt(self, state: State, cat: Catalogue) -> str:
        pending = state["pending"]
        return f"{state['names'][state['current']]}: place the {tile_name(cat, pending['tile'])} (from row {pending['row'] + 1})"

    def placement_rows(self, state: State, cat: Catalogue) -> list[int]:
        row = state["pending"]["row"]
        powers = powers_of(state["seats"][state["current"]]["played"], cat.characters)
        if "place_any_row" in powers:
            return [0, 1, 2, 3]
        if "place_adjacent_row" in powers:
            return [r for r in (row - 1, row, row + 1) if 0 <= r <= 3]
        return [row]

    def legal_placements(self, state: State, cat: Catalogue) -> list[tuple[int, int]]:
        grid = grid_of(state["seats"][state["current"]]["realm"])
        return placements(grid, self.placement_rows(state, cat))

    def _place_choices(self, state: State, cat: Catalogue) -> tuple[Choice, ...]:
        tile = state["pending"]["tile"]
        grid = grid_of(state["seats"][state["current"]]["realm"])
        return tuple(
            self._choice(f"place:{r}:{c}", f"At {where((r, c))}", self._fired_hint(state, cat, grid, [(tile, None, (r, c))]))
            for r, c in self.legal_placements(state, cat)
        )

    @staticmethod
    def _pairs(state: State, cat: Catalogue) -> bool:
        """Whether effect sides activate each other in the current realm (Zahra)."""
        return "effect_pairs" in powers_of(state["seats"][state["current"]]["played"], cat.characters)

    def _fired_hint(self, state: State, cat: Catalogue, grid: dict, moves: list) -> str:
        """What a placement, Genie move or swap (``realm.fired_by``'s moves) would activate."""
        return fired_text(fired_by(grid, moves, cat.faces, self._pairs(state, cat)))

    def _moon_targets(self, state: State, seat: int) -> list[tuple[str, int | None]]:
        targets: list[tuple[str, int | None]] = [(oid, None) for oid in state["middle"]]
        for other, s in enumerate(state["seats"]):
            if other != seat:
                targets.extend((o["id"], other) for o in s["objectives"] if not o["done"])
        return targets

    def _effects_decision(self, state: State, cat: Catalogue) -> tuple[str, tuple[Choice, ...], str]:
        seat = state["current"]
        pending = state["pending"]
        effects = pending["effects"]
        choices = []
        powers = powers_of(state["seats"][seat]["played"], cat.characters)
        for effect in ("martelin", "stall", "ruby"):
            if effects.get(effect):
                hint = f"{effects[effect]} activated" if effects[effect] > 1 else ""
                label = EFFECT_LABELS[effect][effect_amount(effect, powers) - 1]
                choices.append(self._choice(f"fx:{effect}", label, hint))
        if effects.get("moon"):
            for oid, owner in self._moon_targets(state, seat):
                objective = cat.objectives[oid]
                source = "the middle" if owner is None else state["names"][owner]
                choices.append(self._choice(
                    f"fx:moon:{oid}", f"Moon: take '{objective_rules.describe(objective['requirement'])}' from {source}",
                    f"{objective['colour']}, {objective['points']} points",
                ))
        name = state["names"][seat]
        if choices:
            skip = "Skip the remaining effects" + (" (the Genie comes next)" if pending["genie"] else "")
            choices.append(self._choice("done", skip))
            return f"{name}: use the activated effects (any order, each optional)", tuple(choices), "effects"
        choices.extend(self._genie_choices(state, cat))
        choices.append(self._choice("done", "Skip the Genie move"))
        prompt = f"{name}: Genie move {pending['moves'] + 1} of at most {GENIE_MOVES_PER_TURN} - choose a landscape to move"
        return prompt, tuple(choices), "genie"

    def _movable(self, state: State) -> list[tuple[str, tuple[int, int]]]:
        """Non-start tiles of the current realm that have somewhere to go."""
        seat = state["seats"][state["current"]]
        grid = grid_of(seat["realm"])
        any_row = "genie_any_row" in powers_of(seat["played"], catalogue().characters)
        forbidden = {tile: _pos(origin) for tile, origin in state["pending"]["moved_from"].items()}
        return movable(grid, forbidden, any_row)

    def _swap_partners(self, state: State, tile: str) -> list[tuple[str, tuple[int, int]]]:
        grid = grid_of(state["seats"][state["current"]]["realm"])
        positions = {t: pos for pos, t in grid.items() if pos[1] >= 1}
        moved_from = state["pending"]["moved_from"]
        here = positions[tile]
        return [
            (other, pos) for other, pos in sorted(positions.items(), key=lambda item: item[1])
            if other != tile and _pos(moved_from.get(tile)) != pos and _pos(moved_from.get(other)) != here
        ]

    def _genie_choices(self, state: State, cat: Catalogue) -> list[Choice]:
        pending = state["pending"]
        movable = self._movable(state)
        choices = [self._choice(f"genie:{t}", f"Move the {tile_name(cat, t)} at {where(p)}") for t, p in movable]
        powers = powers_of(state["seats"][state["current"]]["played"], cat.characters)
        if "genie_swap" in powers and not pending["swapped"]:
            for tile, pos in sorted(_realm_positions(state).items(), key=lambda item: item[1]):
                if self._swap_partners(state, tile):
                    choices.append(self._choice(f"swap:{tile}", f"Hussain: swap the {tile_name(cat, tile)} at {where(pos)} with another"))
        return choices

    def _genie_decision(self, state: State, cat: Catalogue) -> tuple[str, tuple[Choice, ...], str]:
        pending = state["pending"]
        tile = pending["moving"]
        name = state["names"][state["current"]]
        if pending["swap"]:
            grid = grid_of(state["seats"][state["current"]]["realm"])
            here = _realm_positions(state)[tile]
            choices = tuple(
                self._choice(f"with:{other}", f"Swap with the {tile_name(cat, other)} at {where(pos)}",
                             self._fired_hint(state, cat, grid, [(tile, here, pos), (other, pos, here)]))
                for other, pos in self._swap_partners(state, tile)
            )
            return f"{name}: swap the {tile_name(cat, tile)} with which landscape?", choices, "genie"
        seat = state["seats"][state["current"]]
        grid = grid_of(seat["realm"])
        origin = _realm_positions(state)[tile]
        any_row = "genie_any_row" in powers_of(seat["played"], cat.characters)
        spots = genie_destinations(grid, origin, _pos(pending["moved_from"].get(tile)), any_row)
        choices = tuple(
            self._choice(f"to:{r}:{c}", f"To {where((r, c))}", self._fired_hint(state, cat, grid, [(tile, origin, (r, c))]))
            for r, c in spots
        )
        return f"{name}: where does the Genie move the {tile_name(cat, tile)} from {where(origin)}?", choices, "genie"

    def _recruit_choices(self, state: State, cat: Catalogue) -> tuple[Choice, ...]:
        seat = state["seats"][state["current"]]
        choices = []
        for cid in seat["hand"] + state["display"]:
            character = cat.characters[cid]
            if character["cost"] <= seat["rubies"]:
                source = "your hand" if cid in seat["hand"] else "the display"
                choices.append(self._choice(
                    f"recruit:{cid}", f"Recruit {character['name']} from {source} ({character['cost']} rubies)",
                    character["text"], reveals=cid in seat["hand"],
                ))
        return tuple(choices)

    # -- applying a choice ----------------------------------------------------------------------

    def apply(self, state: State, actor: int, choice: Choice) -> None:
        cat = catalogue()
        kind, _, rest = choice.id.partition(":")
        phase = state["phase"]
        if phase in SETUP_PHASES:
            apply_setup_draw(state, cat, choice.id)
            return
        if phase in ("fill", "refill"):
            self._apply_draw(state, cat, choice.id)
        elif kind == "keep":
            self._apply_keep(state, cat, actor, rest.split("+"))
        elif kind == "recruit":
            self._apply_recruit(state, cat, rest)
        elif kind == "take":
            self._apply_take(state, *map(int, rest.split(":")))
        elif kind == "place":
            self._apply_place(state, cat, tuple(map(int, rest.split(":"))))
        elif kind == "fx":
            self._apply_effect(state, cat, rest)
        elif kind == "done":
            self._apply_skip(state)
        elif kind in ("genie", "swap"):
            state["pending"].update(moving=rest, swap=kind == "swap")
            state["phase"] = "genie"
        elif kind == "to":
            self._apply_genie_move(state, cat, {state["pending"]["moving"]: tuple(map(int, rest.split(":")))})
        elif kind == "with":
            positions = _realm_positions(state)
            tile = state["pending"]["moving"]
            self._apply_genie_move(state, cat, {tile: positions[rest], rest: positions[tile]})
            state["pending"]["swapped"] = True
        else:
            raise IllegalChoice(f"unknown choice {choice.id!r}")
        if kind in CHANGES_HOLDINGS:
            self._complete_objectives(state, cat, state["current"])
        if state["phase"] == "effects":
            self._settle(state, cat)

    def _apply_draw(self, state: State, cat: Catalogue, tile: str) -> None:
        state["supply"].remove(tile)
        if state["phase"] == "fill":
            row, slot = BOARD_SLOTS[state["fill"]]
            state["board"][row][slot] = tile
            state["fill"] += 1
            add_log(state, f"The {tile_name(cat, tile)} {tile} is laid on row {row + 1} of the central board.")
            if state["fill"] == len(BOARD_SLOTS):
                del state["fill"]
                state["phase"] = "deal" if state["characters"] else "take"
                if not state["characters"]:
                    self._start_turn(state)
            return
        pending = state["pending"]
        state["board"][pending["row"]][pending["slot"]] = tile
        add_log(state, f"Row {pending['row'] + 1} is refilled with the {tile_name(cat, tile)} {tile}.")
        if not state["supply"]:
            state["phase"] = "over"
            state["pending"] = None
            add_log(state, "The last landscape of the supply is on the central board: the game ends.")
            return
        state["turn"] += 1
        state["current"] = (state["current"] + 1) % len(state["seats"])
        state["phase"] = "take"
        self._start_turn(state)

    def _start_turn(self, state: State) -> None:
        state["pending"] = {
            "row": None, "slot": None, "tile": None, "pos": None, "effects": {}, "genie": False,
            "moves": 0, "moved_from": {}, "moving": None, "swap": False, "swapped": False,
        }

    def _apply_keep(self, state: State, cat: Catalogue, seat: int, kept: list[str]) -> None:
        record = state["seats"][seat]
        record["hand"] = kept
        names = " and ".join(cat.characters[cid]["name"] for cid in kept)
        add_log(state, f"You keep {names}.", only=[seat], others=f"{state['names'][seat]} keeps 2 characters.")
        if all(s["hand"] for s in state["seats"]):
            for s in state["seats"]:
                state["display"].extend(cid for cid in s["dealt"] if cid not in s["hand"])
                s["dealt"] = []
            shown = ", ".join(cat.characters[cid]["name"] for cid in state["display"])
            add_log(state, f"Characters face up beside the board: {shown}.")
            state["phase"] = "take"
            self._start_turn(state)

    def _apply_recruit(self, state: State, cat: Catalogue, cid: str) -> None:
        seat_index = state["current"]
        seat = state["seats"][seat_index]
        character = cat.characters[cid]
        source = seat["hand"] if cid in seat["hand"] else state["display"]
        source.remove(cid)
        seat["rubies"] -= character["cost"]
        state["rubies"] += character["cost"]
        seat["played"].append(cid)
        add_log(state, f"{state['names'][seat_index]} recruits {character['name']}, {character['title']}, for {character['cost']} rubies.")
        power = character["power"]
        if power == "recruit_mosaics":
            self._draw_cards(state, seat_index, "mosaic", 2, character["name"])
        elif power == "recruit_stalls":
            self._draw_cards(state, seat_index, "stall", 2, character["name"])
        elif power == "recruit_moon":
            effects = state["pending"]["effects"]
            effects["moon"] = effects.get("moon", 0) + 1
        if state["phase"] == "finish":
            state["phase"] = "effects"  # settle again: a new Moon, or another recruit, or the end

    def _apply_take(self, state: State, row: int, slot: int) -> None:
        tile = state["board"][row][slot]
        state["board"][row][slot] = None
        state["pending"].update(row=row, slot=slot, tile=tile)
        state["phase"] = "place"

    def _apply_place(self, state: State, cat: Catalogue, pos: tuple[int, int]) -> None:
        seat_index = state["current"]
        seat = state["seats"][seat_index]
        pending = state["pending"]
        tile = pending["tile"]
        fired = fired_by(grid_of(seat["realm"]), [(tile, None, pos)], cat.faces, self._pairs(state, cat))
        seat["realm"].append([pos[0], pos[1], tile])
        pending["pos"] = list(pos)
        self._add_effects(pending, fired)
        if "free_genie" in powers_of(seat["played"], cat.characters):
            pending["genie"] = True
        add_log(state, f"{state['names'][seat_index]} takes the {tile_name(cat, tile)} from row {pending['row'] + 1} "
                       f"and places it at {where(pos)}; {fired_text(fired)}.")
        state["phase"] = "effects"

    @staticmethod
    def _add_effects(pending: dict[str, Any], fired: list[str]) -> None:
        effects = pending["effects"]
        for effect in fired:
            if effect in IMMEDIATE:
                effects[effect] = effects.get(effect, 0) + 1
        if "genie" in fired and pending["moves"] < GENIE_MOVES_PER_TURN:
            pending["genie"] = True

    def _draw_cards(self, state: State, seat_index: int, deck: str, count: int, why: str) -> None:
        drawn = min(count, state["decks"][deck])
        state["decks"][deck] -= drawn
        state["seats"][seat_index][f"{deck}s"] += drawn
        cards = f"{drawn} {deck} card" + ("s" if drawn != 1 else "")
        add_log(state, f"{state['names'][seat_index]} draws {cards} ({why}).")

    def _apply_effect(self, state: State, cat: Catalogue, what: str) -> None:
        seat_index = state["current"]
        seat = state["seats"][seat_index]
        effects = state["pending"]["effects"]
        effect, _, target = what.partition(":")
        effects[effect] -= 1
        powers = powers_of(seat["played"], cat.characters)
        if effect == "martelin":
            self._draw_cards(state, seat_index, "mosaic", effect_amount(effect, powers), "Martelin")
        elif effect == "stall":
            self._draw_cards(state, seat_index, "stall", effect_amount(effect, powers), "Stall")
        elif effect == "ruby":
            taken = min(effect_amount(effect, powers), state["rubies"])
            state["rubies"] -= taken
            seat["rubies"] += taken
            add_log(state, f"{state['names'][seat_index]} takes {taken} rub{'y' if taken == 1 else 'ies'} (Ruby).")
        else:
            self._take_objective(state, cat, seat_index, target)

    def _take_objective(self, state: State, cat: Catalogue, seat_index: int, oid: str) -> None:
        text = objective_rules.describe(cat.objectives[oid]["requirement"])
        if oid in state["middle"]:
            state["middle"].remove(oid)
            source = "the middle"
        else:
            owner = next(i for i, s in enumerate(state["seats"]) if any(o["id"] == oid for o in s["objectives"]))
            state["seats"][owner]["objectives"] = [o for o in state["seats"][owner]["objectives"] if o["id"] != oid]
            source = state["names"][owner]
        state["seats"][seat_index]["objectives"].append({"id": oid, "done": False})
        add_log(state, f"{state['names'][seat_index]} takes the objective '{text}' from {source} (Moon).")

    def _apply_skip(self, state: State) -> None:
        pending = state["pending"]
        name = state["names"][state["current"]]
        if state["phase"] == "finish":
            state["phase"] = "refill"
        elif any(pending["effects"].get(e) for e in IMMEDIATE):
            add_log(state, f"{name} leaves unused: {counted_text(pending['effects'])}.")
            pending["effects"] = {}
        else:
            add_log(state, f"{name} does not use the Genie.")
            pending["genie"] = False

    def _apply_genie_move(self, state: State, cat: Catalogue, moves: dict[str, tuple[int, int]]) -> None:
        seat_index = state["current"]
        seat = state["seats"][seat_index]
        pending = state["pending"]
        origins = _realm_positions(state)
        moved = [(tile, origins[tile], pos) for tile, pos in moves.items()]
        fired = fired_by(grid_of(seat["realm"]), moved, cat.faces, self._pairs(state, cat))
        for entry in seat["realm"]:
            if entry[2] in moves:
                entry[0], entry[1] = moves[entry[2]]
        for tile in moves:
            pending["moved_from"][tile] = list(origins[tile])
        if pending["tile"] in moves:
            pending["pos"] = list(moves[pending["tile"]])  # the view marks where the placed tile is now
        pending["moves"] += 1
        pending["genie"] = False
        pending["moving"] = None
        pending["swap"] = False
        self._add_effects(pending, fired)
        described = " and ".join(f"the {tile_name(cat, t)} from {where(origins[t])} to {where(p)}" for t, p in moves.items())
        add_log(state, f"{state['names'][seat_index]}'s Genie moves {described}; {fired_text(fired)}.")
        state["phase"] = "effects"

    def _settle(self, state: State, cat: Catalogue) -> None:
        """Drop activated effects that can do nothing now; end the effects when none is left."""
        pending = state["pending"]
        effects = pending["effects"]
        seat = state["current"]
        available = {
            "martelin": state["decks"]["mosaic"] > 0,
            "stall": state["decks"]["stall"] > 0,
            "ruby": state["rubies"] > 0,
            "moon": bool(effects.get("moon")) and bool(self._moon_targets(state, seat)),
        }
        for effect in IMMEDIATE:
            if effects.get(effect) and not available[effect]:
                effects[effect] = 0
        if pending["genie"] and not any(effects.get(e) for e in IMMEDIATE):
            pending["genie"] = bool(self._genie_choices(state, cat))
        if not pending["genie"] and not any(effects.get(e) for e in IMMEDIATE):
            can_recruit = state["characters"] and self._recruit_choices(state, cat)
            state["phase"] = "finish" if can_recruit else "refill"

    def _complete_objectives(self, state: State, cat: Catalogue, seat_index: int) -> None:
        seat = state["seats"][seat_index]
        open_objectives = [o for o in seat["objectives"] if not o["done"]]
        if not open_objectives:
            return
        grid = letters(grid_of(seat["realm"]), cat.faces)
        holdings = {"mosaics": seat["mosaics"], "stalls": seat["stalls"], "rubies": seat["rubies"]}
        for objective in open_objectives:
            card = cat.objectives[objective["id"]]
            if objective_rules.met(card["requirement"], grid, holdings):
                objective["done"] = True
                add_log(state, f"{state['names'][seat_index]} completes the objective "
                               f"'{objective_rules.describe(card['requirement'])}' ({card['points']} points).")

    # -- views and scores -----------------------------------------------------------------------

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, state, viewer)

    def progress(self, state: State) -> str:
        from .view import progress_text

        return progress_text(state)

    def realm_inputs(self, state: State) -> list[RealmInput]:
        cat = catalogue()
        realms = []
        for seat in state["seats"]:
            grid = letters(grid_of(seat["realm"]), cat.faces)
            pairs = "effect_pairs" in powers_of(seat["played"], cat.characters)
            jars = activated_jars(grid_of(seat["realm"]), cat.faces, pairs)
            owned = [(cat.objectives[o["id"]]["points"], o["done"]) for o in seat["objectives"]]
            facts = {"jars": jars, "mosaics": seat["mosaics"], "stalls": seat["stalls"], "rubies": seat["rubies"], "objectives": owned}
            realms.append(RealmInput(
                grid=grid, jars=jars, mosaics=seat["mosaics"], stalls=seat["stalls"], objectives=owned,
                rubies=seat["rubies"], character_points=end_game_points(seat["played"], cat.characters, grid, facts),
            ))
        return realms

    def scores(self, state: State) -> list[Score]:
        return score_table(self.realm_inputs(state), state["characters"])

    def evaluate(self, state: State, seat: int) -> float:
        from .view import estimate

        return estimate(self, state, seat)


EFFECT_LABELS = {
    "martelin": ("Martelin: draw a mosaic card", "Martelin: draw 2 mosaic cards"),
    "stall": ("Stall: draw a stall card", "Stall: draw 2 stall cards"),
    "ruby": ("Ruby: take a ruby", "Ruby: take 2 rubies"),
}
"""Label of an effect used once, by amount (1, or 2 with the character doubling it)."""
DOUBLED_BY = {"martelin": "double_martelin", "stall": "double_stall", "ruby": "double_ruby"}


def effect_amount(effect: str, powers: set[str]) -> int:
    """Cards or rubies one use of ``effect`` gives."""
    return 2 if DOUBLED_BY[effect] in powers else 1


def _pos(value: list[int] | None) -> tuple[int, int] | None:
    return (value[0], value[1]) if value is not None else None


def _realm_positions(state: State) -> dict[str, tuple[int, int]]:
    """Tile id -> position, for the current player's tiles right of the start."""
    return {tile: (row, col) for row, col, tile in state["seats"][state["current"]]["realm"] if col >= 1}
