"""Almadi's final scoring, shared by the digital game (``scores_of`` a game state) and the
table assistant's score sheet (``score_table`` of typed realms).

Decisions where the rule text is silent (documented in help.md):
- the largest-oasis-group bonus needs a group (2+ oases); tied largest groups all get it;
- a palace's value (what a mosaic doubles) is 1 plus the oases and markets it touches,
  while the Palaces category counts each touching oasis or market once however many
  palaces it touches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.contract import Score, State
from engine.core.scoring import rank_points
from engine.i18n import N_

from .catalog import catalog
from .characters import end_game_points, powers_of
from .geometry import Pos, groups, neighbours
from .realm import activated_jars, grid_of, letters

CATEGORIES = ("Oases", "Caravans", "Palaces", "Jars", "Mosaics", "Objectives", "Rubies", "Characters")
CARAVAN_CAPACITY = (0, 2, 5, 10, 15, 20, 35, 50, 65)
"""Goods a caravan group of 1..8+ can carry (index = group size)."""
GOODS_PER_MARKET = 4
GOODS_PER_STALL = 2
OASIS_POINTS = 3
LARGEST_OASIS_BONUS = 6
RUBY_POINTS = {2: (10, 4)}
RUBY_POINTS_3_TO_5 = (12, 8, 4, 2, 0)


@dataclass
class RealmInput:
    grid: dict[Pos, str]
    """(row, column) -> 'O' oasis, 'C' caravan, 'M' market, 'P' palace; starting tile at column 0."""
    jars: int = 0
    mosaics: int = 0
    stalls: int = 0
    objectives: list[tuple[int, bool]] = field(default_factory=list)
    """(points, completed) of each objective owned."""
    rubies: int = 0
    character_points: int = 0


def caravan_capacity(size: int) -> int:
    return CARAVAN_CAPACITY[min(size, len(CARAVAN_CAPACITY) - 1)]


def oasis_points(grid: dict[Pos, str]) -> int:
    return OASIS_POINTS * sum(size for size in groups(grid, "O") if size >= 2)


def largest_oasis_group(grid: dict[Pos, str]) -> int:
    """Size of the largest group of 2+ oases (0 when there is none)."""
    return max((size for size in groups(grid, "O") if size >= 2), default=0)


def caravan_points(grid: dict[Pos, str], stalls: int) -> int:
    goods = GOODS_PER_MARKET * sum(1 for kind in grid.values() if kind == "M") + GOODS_PER_STALL * stalls
    capacity = sum(caravan_capacity(size) for size in groups(grid, "C"))
    return min(goods, capacity)


def palace_values(grid: dict[Pos, str]) -> dict[Pos, int]:
    """Each palace's own value: 1 plus the oases and markets it touches (0 if it touches none)."""
    values = {}
    for pos, kind in grid.items():
        if kind == "P":
            touching = sum(1 for near in neighbours(pos) if grid.get(near) in ("O", "M"))
            values[pos] = 1 + touching if touching else 0
    return values


def palace_points(grid: dict[Pos, str]) -> int:
    palaces = sum(1 for value in palace_values(grid).values() if value)
    served = sum(
        1
        for pos, kind in grid.items()
        if kind in ("O", "M") and any(grid.get(near) == "P" for near in neighbours(pos))
    )
    return palaces + served


def best_mosaic_palaces(grid: dict[Pos, str], mosaics: int) -> list[Pos]:
    """Where the score sheet puts the mosaics: on the most valuable palaces, one each."""
    values = palace_values(grid)
    ranked = sorted((pos for pos, value in values.items() if value), key=lambda pos: (-values[pos], pos))
    return ranked[:mosaics]


def mosaic_points(grid: dict[Pos, str], mosaics: int) -> int:
    values = palace_values(grid)
    return sum(values[pos] for pos in best_mosaic_palaces(grid, mosaics))


def objective_points(objectives: list[tuple[int, bool]]) -> int:
    return sum(points if done else -points for points, done in objectives)


def ruby_points(rubies: list[int], characters_mode: bool) -> list[int]:
    if characters_mode:
        return [count // 2 for count in rubies]
    table = RUBY_POINTS.get(len(rubies), RUBY_POINTS_3_TO_5)
    return rank_points(rubies, table)


def score_table(realms: list[RealmInput], characters_mode: bool = False) -> list[Score]:
    largest = [largest_oasis_group(realm.grid) for realm in realms]
    top = max(largest, default=0)
    rubies = ruby_points([realm.rubies for realm in realms], characters_mode)
    with_characters = characters_mode or any(realm.character_points for realm in realms)
    scores = []
    for seat, realm in enumerate(realms):
        breakdown = {
            N_("Oases"): oasis_points(realm.grid) + (LARGEST_OASIS_BONUS if top and largest[seat] == top else 0),
            N_("Caravans"): caravan_points(realm.grid, realm.stalls),
            N_("Palaces"): palace_points(realm.grid),
            N_("Jars"): realm.jars,
            N_("Mosaics"): mosaic_points(realm.grid, realm.mosaics),
            N_("Objectives"): objective_points(realm.objectives),
            N_("Rubies"): rubies[seat],
        }
        if with_characters:  # no Characters row in a game played without them
            breakdown[N_("Characters")] = realm.character_points
        scores.append(Score(seat, breakdown))
    return scores


def realm_inputs(state: State) -> list[RealmInput]:
    """Every seat's realm and holdings in a game state, as the score sheet takes them."""
    cat = catalog()
    realms = []
    for seat in state["seats"]:
        tiles = grid_of(seat["realm"])
        grid = letters(tiles, cat.faces)
        pairs = "effect_pairs" in powers_of(seat["played"], cat.characters)
        jars = activated_jars(tiles, cat.faces, pairs)
        owned = [(cat.objectives[o["id"]]["points"], o["done"]) for o in seat["objectives"]]
        facts = {"jars": jars, "mosaics": seat["mosaics"], "stalls": seat["stalls"], "rubies": seat["rubies"],
                 "objectives": owned}
        realms.append(RealmInput(
            grid=grid, jars=jars, mosaics=seat["mosaics"], stalls=seat["stalls"], objectives=owned,
            rubies=seat["rubies"], character_points=end_game_points(seat["played"], cat.characters, grid, facts),
        ))
    return realms


def scores_of(state: State) -> list[Score]:
    """Scores of a game state: running during play, final once it is over."""
    return score_table(realm_inputs(state), state["characters"])
