"""Pantheon in the table assistant: setup checklist, epoch helper and the running score sheet.

Scoring rules come from engine.pantheon.scoring (shared with the digital game): gods by
epoch, the bonus for ending an epoch, and the scorings after epochs 3 and 6 (columns on
the board by the column table, demigods by their values). Ties go to more demigod tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.assistant.checklist import Checklist, Draw, StepRule, drawer, seats_text, shuffled, steps_for
from engine.assistant.forms import (
    NUMBERS,
    EntryError,
    Field,
    Form,
    OutOfRange,
    Result,
    Total,
    breakdown_rows,
    entries_of,
    parse_count,
    parse_count_list,
    score_result,
    seat_labels,
)
from engine.core.contract import Score
from engine.core.seats import LETTERS, seat_tag
from engine.core.text import Said, Say, said_of
from engine.i18n import N_

from .scoring import EPOCH_END_BONUS, EPOCHS, SCORING_EPOCHS, god_tile_points, interim_scoring

TITLE = "Pantheon"
player_labels = seat_labels
PLAYER_COUNTS = (2, 3, 4)
NATIONS = ("Gallia", "Germania", "Graecia", "Aegyptus", "Persia", "Cartago", "Iberia", "Roma")
BONUS_TILES = 6
COLUMNS = 12
"""Columns of a player's colour in the game."""
DEMIGODS = 21
DEMIGOD_MOST = 6
PIETALTE_TILES = 3
"""Pietalte god tiles in our god set (reconstructed: the texts do not give the count per god)."""
OFFERING_KINDS = 4
OFFERING_LEVEL_MOST = 4


def gods_per_epoch(players: int) -> int:
    """God tiles laid out for an epoch: one more than the players."""
    return players + 1
SETUP = N_("Common setup")
PLAYERS = N_("Player setup")

STEPS = (
    StepRule("board", SETUP, N_("Board in the middle; big foot and the 50/100 counters beside it.")),
    StepRule("pieces", SETUP, N_("All columns and feet in a common supply beside the board.")),
    StepRule("bonus", SETUP, N_("Shuffle the 6 bonus tiles face down beside the board.")),
    StepRule("loot", SETUP, N_("Loot tiles into the bag.")),
    StepRule("gods", SETUP, N_("Shuffle the 40 god tiles into a face-down stack.")),
    StepRule("demigods", SETUP, N_("Demigods: shuffle the 4, 5 and 6 tiles face down; shuffle the 1, 2 and 3 tiles "
             "and stack them on top.")),
    StepRule("nation-tiles", SETUP, N_("The 8 nation tiles face up beside the board.")),
    StepRule("nation-cards", SETUP, N_("Shuffle the 8 nation cards face down beside them (or stack them in the "
             "drawn nation order).")),
    StepRule("sacrifices", SETUP, N_("Sort the sacrifice tiles by kind (offerings, priests, dancers, temples) into "
             "I/II and III/IV stacks: 8 stacks.")),
    StepRule("money", SETUP, N_("The 7 special money cards face up in ascending order, a 2 on top.")),
    StepRule("cards", SETUP, N_("Shuffle the 75 action cards into a deck; lay 4 face up beside it.")),
    StepRule("colours", PLAYERS, N_("Each player: choose a colour; score marker on 0.")),
    StepRule("supply", PLAYERS, N_("Each player: 3 columns and 4 feet of your colour into your supply.")),
    StepRule("hand", PLAYERS, N_("Each player: draw 5 action cards.")),
    StepRule("bonus-deal", PLAYERS, N_("Each player: take your bonus tile (see the draws). It takes effect after the "
             "first epoch's preparation.")),
    StepRule("summary", PLAYERS, N_("Each player: a short-rules card.")),
    StepRule("start", PLAYERS, N_("The start player takes the temple: by the rules the one player who is a demigod, "
             "or the youngest when none or several are; tables that would rather draw use the drawn start player.")),
)


def setup_checklist(players: int, seed: int) -> Checklist:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Pantheon is for 2-4 players, not {players}")
    state = drawer(seed)
    start = shuffled(state, range(players))[0]
    nations = shuffled(state, NATIONS)[:EPOCHS]
    bonus = shuffled(state, range(1, BONUS_TILES + 1))[:players]
    draws = (
        Draw(N_("Start player, if drawn"), seats_text([start]), ("start",)),
        Draw(N_("Nation order"), ", ".join(nations), ("nation-cards",)),
        Draw(N_("Bonus tiles (face-down row, from the left)"),
             ", ".join(f"{seat_tag(seat)} takes #{n}" for seat, n in enumerate(bonus)), ("bonus-deal",)),
    )
    return Checklist("pantheon", players, seed, steps_for(STEPS, players), draws)


def parse_epoch(text: str) -> int:
    epoch = parse_count(text)
    if not 1 <= epoch <= EPOCHS:
        raise OutOfRange(Say("epochs are 1 to {most}", most=EPOCHS))
    return epoch


def parse_seats(text: str) -> list[int]:
    """Seat letters, e.g. 'A C B': who ended epochs 1, 2, 3 ..."""
    seats = []
    for letter in entries_of(text.upper()):
        if len(letter) != 1 or letter not in LETTERS:
            raise OutOfRange(Say("{letter} is not a player letter", letter=repr(letter)))
        seats.append(LETTERS.index(letter))
    if len(seats) > EPOCHS:
        raise OutOfRange(Say("there are only {n} epochs", n=EPOCHS))
    return seats


def check_seats(seats: Sequence[int], players: int) -> None:
    for seat in seats:
        if seat >= players:
            raise OutOfRange(Say("there is no player {letter} in a {n}-player game", letter=LETTERS[seat], n=players))


def check_one_ender(seats: Sequence[int], players: int) -> None:
    check_seats(seats, players)
    if len(seats) > 1:
        raise OutOfRange(Say("one player ends an epoch"))


GODS_ROW, EPOCH_END_ROW = N_("Gods"), N_("Epoch end")
SCORING_ROWS = {"demigods": N_("Demigods"), "columns": N_("Columns"), "pietalte": N_("Pietalte")}
"""A scoring's categories (engine/pantheon/scoring.py interim_scoring) as a sheet's rows."""
RUNNING_ROWS = {N_("Demigods"): (N_("Demigods (1)"), N_("Demigods (2)")),
                N_("Columns"): (N_("Columns (1)"), N_("Columns (2)")),
                N_("Pietalte"): (N_("Pietalte (1)"), N_("Pietalte (2)"))}
"""The running sheet's rows of the first and the second scoring."""


def epoch_points(epoch: int, gods: int, ended: bool, columns: int = 0, demigods: Sequence[int] = (),
                 pietalte: int = 0, offering_levels: Sequence[int] = ()) -> dict[str, int]:
    """One player's VP from one epoch: its gods, ending it, and the scoring after epochs 3 and 6."""
    points = {GODS_ROW: gods * god_tile_points(epoch), EPOCH_END_ROW: EPOCH_END_BONUS if ended else 0}
    if epoch in SCORING_EPOCHS:
        try:
            scoring = interim_scoring(columns, list(demigods), pietalte, list(offering_levels))
        except ValueError as error:
            raise EntryError(said_of(error)) from None
        points.update((SCORING_ROWS[category], vp) for category, vp in scoring.items())
    return points


def compute_epoch(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    epoch, ender = shared["epoch"], shared["ender"]
    per_player = [epoch_points(epoch, p["gods"], [seat] == ender, p["columns"], p["demigods"], p["pietalte"],
                               p["offerings"])
                  for seat, p in enumerate(players)]
    rows = breakdown_rows(per_player)
    rows.append([N_("This epoch"), *(str(sum(points.values())) for points in per_player)])
    notes: list[Said] = [
        Say("Lay out {n} god tiles and {n} loot tiles this epoch.", n=len(players) + 1),
        Say("The epoch ends when the last god or the last loot tile is taken; whoever ends it scores 3 VP "
            "and passes the temple to the left.")]
    if epoch in SCORING_EPOCHS:
        notes.append(Say("Scoring after this epoch: columns on the board and demigods (demigods are kept)."))
    totals = "  ".join(f"{label} {row}" for label, row in zip(labels, rows[-1][1:]))
    return Result(["", *labels], rows, notes, Say("This epoch: {totals}", totals=totals))


def compute_running(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    enders = shared["enders"]
    scores = []
    for seat, p in enumerate(players):
        total: dict[str, int] = {}
        for epoch in range(1, EPOCHS + 1):
            number = SCORING_EPOCHS.index(epoch) + 1 if epoch in SCORING_EPOCHS else None
            points = epoch_points(epoch, p[f"gods{epoch}"], len(enders) >= epoch and enders[epoch - 1] == seat,
                                  *(p[f"{key}{number}"] for key in ("columns", "demigods", "pietalte", "offerings")
                                    if number))
            for category, vp in points.items():
                key = RUNNING_ROWS[category][number - 1] if number and category in RUNNING_ROWS else category
                total[key] = total.get(key, 0) + vp
        scores.append(Score(seat, total))
    demigod_tiles = [len(p["demigods2"] or p["demigods1"]) for p in players]
    notes = [Say("Ties: more demigod tiles wins (their values do not matter); still tied, the win is shared.")]
    return score_result(scores, labels, lambda seat: (demigod_tiles[seat],), notes)


SEATS_TYPED = r"[A-Ea-e ,]*"
GODS = Say("the god tiles laid out each epoch: one more than the players")
DEMIGOD_WHY = Say("demigods are worth 1 to {most}", most=DEMIGOD_MOST)
OFFERING_WHY = Say("one offering tile of each of {kinds} kinds, levels 1 to {most}", kinds=OFFERING_KINDS,
                   most=OFFERING_LEVEL_MOST)
PIETALTE_WHY = Say("{n} Pietalte tiles in the game", n=PIETALTE_TILES)


def scoring_fields(suffix: str, labels: Sequence[str], hints: Sequence[str]) -> tuple[Field, ...]:
    """What a scoring (after epochs 3 and 6) counts: columns, demigods, Pietalte tiles, offering levels."""
    columns, demigods, pietalte, offerings = labels
    return (
        Field(f"columns{suffix}", columns, hint=hints[0], most=COLUMNS,
              why=Say("{n} columns of your colour", n=COLUMNS)),
        Field(f"demigods{suffix}", demigods, parse_count_list, "", hints[1], least=1, most=DEMIGOD_MOST,
              items=DEMIGODS, why=DEMIGOD_WHY, typed=NUMBERS),
        Field(f"pietalte{suffix}", pietalte, hint=hints[2], most=PIETALTE_TILES,
              why=PIETALTE_WHY),
        Field(f"offerings{suffix}", offerings, parse_count_list, "", hints[3], least=1, most=OFFERING_LEVEL_MOST,
              items=OFFERING_KINDS, why=OFFERING_WHY, typed=NUMBERS),
    )


def scoring_totals(suffix: str) -> tuple[Total, ...]:
    return (Total(f"demigods{suffix}", DEMIGODS, Say("{n} demigod tiles", n=DEMIGODS)),
            Total(f"pietalte{suffix}", PIETALTE_TILES, PIETALTE_WHY))


EPOCH = Form(
    "epoch", N_("Epoch"), "round",
    shared=(Field("epoch", N_("Epoch (1-6)"), parse_epoch, "1"),
            Field("ender", N_("Who ended it (letter)"), parse_seats, "", check=check_one_ender, typed=SEATS_TYPED)),
    per_player=(
        Field("gods", N_("Gods taken this epoch"), most=gods_per_epoch, why=GODS),
        *scoring_fields("", (N_("Columns on the board"), N_("Demigod values"), N_("Pietalte tiles"),
                             N_("Offering tile levels")),
                        (N_("scored after epochs 3 and 6"), N_("e.g. 3 2 (after epochs 3 and 6)"), N_("at a scoring"),
                         N_("e.g. 2 1 (for Pietalte)"))),
    ),
    compute=compute_epoch,
    help=N_("What each player scores for this epoch."),
    totals=(Total("gods", gods_per_epoch, GODS), *scoring_totals("")),
)

GODS_TAKEN = (N_("Gods taken in epoch 1"), N_("Gods taken in epoch 2"), N_("Gods taken in epoch 3"),
              N_("Gods taken in epoch 4"), N_("Gods taken in epoch 5"), N_("Gods taken in epoch 6"))
SCORING_LABELS = (
    (N_("Columns after epoch 3"), N_("Demigods after epoch 3"), N_("Pietalte tiles, epoch 3"),
     N_("Offering levels, epoch 3")),
    (N_("Columns after epoch 6"), N_("Demigods after epoch 6"), N_("Pietalte tiles, epoch 6"),
     N_("Offering levels, epoch 6")),
)
"""The running sheet's labels, epoch by epoch (EPOCHS) and scoring by scoring (SCORING_EPOCHS)."""

RUNNING = Form(
    "running", N_("Running score"), "score",
    shared=(Field("enders", N_("Epoch enders in order"), parse_seats, "", N_("letters, e.g. A C B"), check=check_seats,
                  typed=SEATS_TYPED),),
    per_player=(
        *(Field(f"gods{e}", label, most=gods_per_epoch, why=GODS) for e, label in enumerate(GODS_TAKEN, start=1)),
        *(field for n, labels in enumerate(SCORING_LABELS, start=1)
          for field in scoring_fields(str(n), labels, ("", N_("e.g. 3 2"), "", N_("for Pietalte")))),
    ),
    compute=compute_running,
    help=N_("Fill in epoch by epoch; the totals run as you go."),
    totals=(*(Total(f"gods{e}", gods_per_epoch, GODS) for e in range(1, EPOCHS + 1)),
            *(total for n in range(1, len(SCORING_EPOCHS) + 1) for total in scoring_totals(str(n)))),
    tie_rule=N_("Ties go to more demigod tiles; still tied, the win is shared."),
)

FORMS = (EPOCH, RUNNING)
