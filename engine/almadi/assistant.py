"""Almadi in the table assistant: setup checklist and the final score sheet.

The score sheet runs engine.almadi.scoring.score_table, the code the digital game scores
with, on a realm typed as rows of landscape letters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.assistant.checklist import Checklist, Draw, StepRule, drawer, seats_text, shuffled, steps_for
from engine.assistant.forms import (
    EntryError,
    Field,
    Form,
    OutOfRange,
    Result,
    Total,
    entries_of,
    parse_integer,
    score_result,
    seat_labels,
)
from engine.core.text import Said, Say
from engine.i18n import N_

from .catalog import DECK_SIZE, RUBIES, TILES_PER_TYPE, TURNS_PER_PLAYER, TYPE_OF_LETTER, hand_size, most_jars_on_a_side
from .scoring import RealmInput, best_mosaic_palaces, score_table

TITLE = "Almadi"
player_labels = seat_labels
PLAYER_COUNTS = (2, 3, 4, 5)
ROWS = 4
REALM_TILES = ROWS + TURNS_PER_PLAYER
"""The starting strip's 4 landscapes and one landscape a turn for 16 turns."""
ROW_CELLS = 1 + TURNS_PER_PLAYER
"""A row is as long as its starting landscape and every other landscape placed in it."""
TOUCHING_SIDES = 31
"""The most sides 20 landscapes in 4 rows can share (a 4x5 block): each activates the jars it shows."""
CHARACTER_VP_MOST = 100
"""Far beyond what a character's end-game scoring gives."""
EMPTY = ".-_"
SETUP = N_("Setup")
CHARACTERS = N_("Characters variant (optional)")

STEPS = (
    StepRule("board", SETUP, N_("Central board in the middle of the table.")),
    StepRule("supply", SETUP, N_("Take {tiles} landscape tiles of each type ({all} in all), "
             "shuffle them face down as the supply; box the rest."),
             args=lambda n: {"tiles": TILES_PER_TYPE[n], "all": 4 * TILES_PER_TYPE[n]}),
    StepRule("central", SETUP, N_("Fill the central board from the supply: 2 landscapes in each of its 4 rows.")),
    StepRule("mosaics", SETUP, N_("Mosaic deck: {cards} cards, shuffled; box the rest."),
             args=lambda n: {"cards": DECK_SIZE[n]}),
    StepRule("stalls", SETUP, N_("Stall deck: {cards} cards, shuffled; box the rest."),
             args=lambda n: {"cards": DECK_SIZE[n]}),
    StepRule("objectives", SETUP, N_("Objectives face up in the middle: one each of red, yellow, blue and "
             "green, and {n} grey (one per player).")),
    StepRule("rubies", SETUP, N_("The {rubies} rubies as a supply."), args=lambda n: {"rubies": RUBIES}),
    StepRule("starts", SETUP, N_("Each player: a starting tile at the left of your area (your realm grows to the "
             "right), and a player aid.")),
    StepRule("first", SETUP, N_("The first player (see the draws) starts; play goes clockwise.")),
    StepRule("characters-deal", CHARACTERS, N_("Shuffle the 26 character cards and deal {cards} "
             "to each player."), args=lambda n: {"cards": hand_size(n)}),
    StepRule("characters-keep", CHARACTERS, N_("Each player keeps 2 as a hidden hand; reveal the others face up "
             "beside the central board.")),
)


def setup_checklist(players: int, seed: int) -> Checklist:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Almadi is for 2-5 players, not {players}")
    order = shuffled(drawer(seed), range(players))
    draws = (
        Draw(N_("Tiles per landscape type"), N_("{tiles} ({all} in all)"),
             args={"tiles": TILES_PER_TYPE[players], "all": 4 * TILES_PER_TYPE[players]}),
        Draw(N_("Mosaic and stall decks"), N_("{cards} cards each"), args={"cards": DECK_SIZE[players]}),
        Draw(N_("First player"), seats_text(order[:1]), ("first",)),
    )
    return Checklist("almadi", players, seed, steps_for(STEPS, players), draws)


def parse_row(text: str) -> list[str | None]:
    """One realm row left to right, the starting tile first: letters O C M P, '.' for a gap."""
    cells: list[str | None] = []
    for char in text.replace(" ", "").upper():
        if char in EMPTY:
            cells.append(None)
        elif char in TYPE_OF_LETTER:
            cells.append(char)
        else:
            raise EntryError(Say("{char} is not a landscape letter (O C M P, '.' for a gap)", char=repr(char)))
    return cells


def parse_objectives(text: str) -> list[tuple[int, bool]]:
    """Objective cards as signed points: '+6' completed, '-9' not completed."""
    objectives = []
    for token in entries_of(text):
        if token[0] not in "+-":
            raise EntryError(Say("{token}: write +points for a completed objective, -points for an open one",
                                 token=repr(token)))
        objectives.append((abs(parse_integer(token)), token[0] == "+"))
    return objectives


OBJECTIVE_MOST = 9
"""The most points an objective card shows (the rulebook pictures cards of 4, 5, 6 and 9)."""


def check_objectives(objectives: list[tuple[int, bool]], players: int) -> None:
    for points, _ in objectives:
        if not 1 <= points <= OBJECTIVE_MOST:
            raise OutOfRange(Say("objective cards show 1 to {most} points, not {points}", most=OBJECTIVE_MOST,
                                 points=points))
    if len(objectives) > 4 + players:
        raise OutOfRange(Say("{n} objectives, but only {most} are laid out", n=len(objectives), most=4 + players))


def check_realm(shared: dict[str, Any], players: list[dict[str, Any]], count: int) -> None:
    """A realm holds the starting strip and 16 more landscapes, of no type more than the supply has."""
    for seat, p in enumerate(players):
        rows = [p.get(f"row{r + 1}") or [] for r in range(ROWS)]
        letters = [letter for row in rows for letter in row if letter]
        if len(letters) > REALM_TILES:
            raise OutOfRange(Say("{n} landscapes in the realm, at most {most} (the starting strip and one a turn "
                                 "for {turns} turns)", n=len(letters), most=REALM_TILES, turns=TURNS_PER_PLAYER),
                             "row1", seat)
        for letter in TYPE_OF_LETTER:
            most = TILES_PER_TYPE[count] + 1
            if letters.count(letter) > most:
                raise OutOfRange(Say("{n} {landscape:word} landscapes, at most {most} ({supply} in the supply and "
                                     "one in the starting strip)", n=letters.count(letter),
                                     landscape=TYPE_OF_LETTER[letter], most=most, supply=TILES_PER_TYPE[count]),
                                 "row1", seat)


def realm_grid(rows: Sequence[Sequence[str | None]]) -> dict[tuple[int, int], str]:
    return {(r, c): letter for r, row in enumerate(rows) for c, letter in enumerate(row) if letter}


AT_CELL = N_("row {row} column {column}")
"""A realm's cell, as a final score sheet's note names it."""


def compute_final(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    realms = [RealmInput(realm_grid([p[f"row{r + 1}"] for r in range(ROWS)]), p["jars"], p["mosaics"], p["stalls"],
                         p["objectives"], p["rubies"], p["characters"]) for p in players]
    scores = score_table(realms, characters_mode=bool(shared["characters"]))
    notes: list[Said] = []
    for label, realm in zip(labels, realms):
        placed = best_mosaic_palaces(realm.grid, realm.mosaics)
        if placed:
            notes.append(Say("{player}: mosaics on the palaces at {places:list}", player=label, places=[
                Say(AT_CELL, row=r + 1, column=c + 1).to_json() for r, c in placed]))
    return score_result(scores, labels, notes=notes)


ROW_TYPED = r"[OCMPocmp.\-_ ]*"
OBJECTIVES_TYPED = r"[-+0-9 ,]*"
DECKS = Say("the cards in the deck for this many players")
RUBIES_WHY = Say("{n} rubies in the game", n=RUBIES)

ROW_LABELS = (N_("Realm row 1"), N_("Realm row 2"), N_("Realm row 3"), N_("Realm row 4"))

FINAL = Form(
    "final", N_("Final scoring"), "score",
    shared=(Field("characters", N_("Characters variant (0/1)"), most=1, why=Say("1 with characters, 0 without"),
                  variant="Characters"),),
    per_player=(
        *(Field(f"row{r + 1}", ROW_LABELS[r], parse_row, "",
                N_("starting tile first: O oasis, C caravan, M market, P palace, . gap"), items=ROW_CELLS,
                why=Say("a row holds its starting landscape and at most {n} more", n=TURNS_PER_PLAYER), typed=ROW_TYPED)
          for r in range(ROWS)),
        Field("jars", N_("Activated jars"), most=lambda n: TOUCHING_SIDES * most_jars_on_a_side(),
              why=Say("a jar needs a touching side, and a side shows as many jars as the tiles in use do")),
        Field("mosaics", N_("Mosaic cards"), most=DECK_SIZE.__getitem__, why=DECKS),
        Field("stalls", N_("Stall cards"), most=DECK_SIZE.__getitem__, why=DECKS),
        Field("objectives", N_("Objectives"), parse_objectives, "", N_("+6 completed, -9 open"), check=check_objectives,
              typed=OBJECTIVES_TYPED),
        Field("rubies", N_("Rubies"), most=RUBIES, why=RUBIES_WHY),
        Field("characters", N_("Character points"), most=CHARACTER_VP_MOST,
              why=Say("far beyond a character's scoring")),
    ),
    compute=compute_final,
    help=N_("Type each realm row left to right, starting tile first. No tie-breaker: ties share the win."),
    totals=(Total("mosaics", DECK_SIZE.__getitem__, DECKS), Total("stalls", DECK_SIZE.__getitem__, DECKS),
            Total("rubies", RUBIES, RUBIES_WHY),
            Total("objectives", lambda n: 4 + n, Say("4 coloured objectives and one grey per player"))),
    checks=(check_realm,),
)

FORMS = (FINAL,)
