"""Polis in the table assistant: setup checklist, end-of-round helper, final score sheet.

The setup checklist is for the 2012 edition, a two-player game, Athens against Sparta. Random parts
drawn from the seed: which player takes Athens and which Sparta. The project tiles and the first
event come from the shuffled components themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.assistant.checklist import (
    Checklist,
    Draw,
    StepRule,
    drawer,
    shuffled,
    steps_for,
)
from engine.assistant.forms import (
    NUMBERS,
    EntryError,
    Field,
    Form,
    OutOfRange,
    Result,
    Total,
    parse_count,
    parse_count_list,
    required,
    score_result,
)
from engine.core.seats import seat_tag
from engine.core.text import Said, Say, said_of, said_to_json
from engine.i18n import N_

from .catalog import catalog
from .scoring import final_score
from .upkeep import (
    LAST_ROUND,
    City,
    Ledger,
    end_reasons,
    feed,
    give_up,
    grow_all,
    megalopolis,
    smallest_first,
    spoil,
    tax,
)

TITLE = "Polis"
__all__ = ["TITLE", "PLAYER_COUNTS", "setup_checklist", "FORMS", "player_labels"]

PLAYER_COUNTS = (2,)
SIDES = (N_("Athens"), N_("Sparta"))
COMMON = N_("Setup")

ROUND_CAPS = (3, 4, 5, 5)
"""Rounds #3, #4, #5a, #5b: the most units per territory, and the market spaces usable in trade."""
STEPS = (
    StepRule("board", COMMON, N_("Board in the middle of the table.")),
    StepRule("sides", COMMON, N_("Each player takes a side (see the draws): Athens plays blue, Sparta red; "
             "take your player mat.")),
    StepRule("poleis", COMMON, N_("Each side: your 3 starting polis tiles in front of you (the capitals Athinai and "
             "Sparti among them), a disc of your colour on each of those cities on the map, and as many population "
             "cubes on each tile as its printed starting population.")),
    StepRule("harbours", COMMON, N_("Merchants can only be built in the harbour cities with an anchor: Gytheion and "
             "Pylos for Sparta, Athens for Athens. Galleys cannot be built in Sparta or Thebai (no harbour).")),
    StepRule("units", COMMON, N_("Each side: your proxenos in your capital and a merchant in your trade port (Sparta: "
             "the blue area between the Ionian and Myrtoan seas; Athens: the red area of the Cyclades); hoplites "
             "and galleys as the scenario shows.")),
    StepRule("resources", COMMON, N_("Set the resource and prestige tracks on your mat to their starting values (the "
             "2012 values are printed on the mats; the texts we follow do not give them).")),
    StepRule("markets", COMMON, N_("A black cube on the first space of each good's price track.")),
    StepRule("events", COMMON, N_("Sort the event cards into their round decks #3, #4, #5a and #5b and shuffle each.")),
    StepRule("round", COMMON, N_("Round marker on round #3. Units per territory by round: round 1 at most {cap1}, "
             "round 2 at most {cap2}, round 3 at most {cap3}, round 4 at most {cap4}; market spaces usable by round: "
             "{cap1} / {cap2} / {cap3} / {cap4}."),
             args=lambda n: {f"cap{round_number}": cap for round_number, cap in enumerate(ROUND_CAPS, start=1)}),
    StepRule("projects", COMMON, N_("Shuffle the 14 project tiles and lay 3 face up.")),
    StepRule("first-event", COMMON, N_("Draw the first event card of the #3 deck and resolve it.")),
    StepRule("first-player", COMMON, N_("The player with less prestige starts the round (the event 'Leotychidas II' "
             "makes Athens start). Each turn is 2 different actions out of 12; after a pass, the other side pays "
             "1 resource for each further action.")),
)


def setup_checklist(players: int, seed: int) -> Checklist:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Polis is a 2-player game, not {players}")
    sides = shuffled(drawer(seed), SIDES)
    draws = tuple(Draw(N_("{seat} plays"), side, ("sides", "poleis", "units"), {"seat": seat_tag(seat)})
                  for seat, side in enumerate(sides))
    return Checklist("polis", players, seed, steps_for(STEPS, players), draws)


def player_labels(players: int) -> list[str]:
    return list(SIDES[:players])


def parse_cities(text: str) -> list[City]:
    """Cities as population/base/maximum[/growth], separated by spaces: '3/2/5 4/4/6/2'."""
    cities = []
    for number, token in enumerate(text.split(), start=1):
        numbers = [parse_count(n) for n in token.split("/")]
        if len(numbers) not in (3, 4):
            raise EntryError(Say("{token}: write population/start/maximum, optionally /growth limit",
                                 token=repr(token)))
        cities.append(City(f"city {number}", *numbers))
    return cities


def parse_round(text: str) -> int:
    number = parse_count(text)
    if not 1 <= number <= LAST_ROUND:
        raise OutOfRange(Say("rounds are 1 to {most}", most=LAST_ROUND))
    return number


POLEIS = 18
CUBES = 45
"""Population cubes of a side's colour: no side has more citizens than that."""
TRACK_MOST = 99
"""Prestige and resources: the texts give no track length; no game gets near this."""
CITIES_TYPED = r"[0-9/ ,]*"
FAR = Say("far beyond a game's reach")
SIDE_CUBES = Say("a side has {n} cubes", n=CUBES)
MAP_POLEIS = Say("the map has {n} poleis", n=POLEIS)


def check_cities(cities: list[City] | None, players: int) -> None:
    if not cities:
        return
    if len(cities) > POLEIS:
        raise OutOfRange(Say("{n} cities, but the map has {poleis} poleis", n=len(cities), poleis=POLEIS))
    for number, city in enumerate(cities, start=1):
        if city.pop > city.max or city.base > city.max:
            raise OutOfRange(Say("city {number}: population and start cannot exceed the maximum {most}", number=number,
                                 most=city.max))
        if city.growth is not None and city.growth > city.max:
            raise OutOfRange(Say("city {number}: a growth limit above the maximum {most}", number=number,
                                 most=city.max))
    citizens = sum(city.pop for city in cities)
    if citizens > CUBES:
        raise OutOfRange(Say("{n} citizens, but a side has {cubes} cubes", n=citizens, cubes=CUBES))


VERDICT_INPUTS = ("cities", "prestige", "wheat")
"""What a player must have typed before the helper works out their round end: feeding needs
the citizens, the wheat and the prestige, and 0 prestige ends the game. Blank is not 0."""

RESOURCES = ((N_("Prestige"), "prestige"), (N_("Wheat"), "wheat"), (N_("Wine"), "wine"), (N_("Oil"), "oil"),
             (N_("Silver"), "silver"))


@dataclass(frozen=True)
class RoundEndReport:
    after: Ledger
    unfed: bool
    steps: tuple[Say, ...]

    def value(self, key: str) -> int:
        return self.after.prestige if key == "prestige" else self.after.res[key]


MISSING_WORDS = {"cities": N_("cities"), "prestige": N_("prestige"), "wheat": N_("wheat")}
"""What a side still has to enter, in words (VERDICT_INPUTS)."""


def missing_inputs(player: dict[str, Any]) -> list[str]:
    return [key for key in VERDICT_INPUTS if player[key] is None]


def inputs_said(keys: Sequence[str]) -> list[Any]:
    """The inputs still blank, as the sentences that name them keep them."""
    return [said_to_json(Say(MISSING_WORDS[key])) for key in keys]


def player_round_end(label: str, p: dict[str, Any]) -> RoundEndReport:
    """One side's round end on the game's own code (engine/polis/upkeep.py), step by step."""
    res = {"wheat": p["wheat"], "silver": p["silver"], "wood": 0, "metal": 0, "oil": p["oil"], "wine": p["wine"]}
    ledger = Ledger(p["prestige"] + p["projects"], res, [replace(c) for c in p["cities"]])
    steps = [Say("Projects: +{n} prestige", n=p["projects"])]
    fed = feed(ledger)
    feeding = (Say("Feeding: {need} citizens eat {wheat} wheat and {prestige} prestige", need=fed.need,
                   wheat=fed.wheat, prestige=fed.prestige) if fed.prestige
               else Say("Feeding: {need} citizens eat {wheat} wheat", need=fed.need, wheat=fed.wheat))
    if fed.unfed:
        numbers = _cities_to_give_up(label, ledger, p["give_up"], fed.unfed)
        ids = [city.id for city in ledger.cities]
        released = sum(give_up(ledger, ids[number - 1]) for number in numbers)
        feeding = Say("{feeding:said}; {unfed} cannot be fed: give up {cities:and_list} ({released} citizens); "
                      "the game ends with this round", feeding=said_to_json(feeding), unfed=fed.unfed,
                      cities=[said_to_json(Say("city {n}", n=number)) for number in numbers], released=released)
    steps.append(feeding)
    if fed.unfed:
        steps.append(Say("Growth: no wheat left"))
    else:
        try:
            grow_all(ledger, p["growth"])
        except ValueError as error:
            raise EntryError(Say("{label}: {error:said}", label=label, error=said_to_json(said_of(error)))) from None
        steps.append(Say("Growth: +{n} citizens for {n} wheat", n=sum(p["growth"])))
    steps.append(Say("Megalopolis: +{n} prestige", n=megalopolis(ledger)))
    lost = spoil(ledger)
    steps.append(Say("Spoilage: lose {goods:list}",
                     goods=[said_to_json(Say("{n} {good:word}", n=n, good=good)) for good, n in lost.items()]))
    if p["tax"] and tax(ledger):
        steps.append(Say("Tax: 1 prestige for 1 silver"))
    return RoundEndReport(ledger, bool(fed.unfed), tuple(steps))


def _cities_to_give_up(label: str, ledger: Ledger, numbers: list[int], unfed: int) -> list[int]:
    """The numbers (from 1, as entered) of the cities a side gives up."""
    ids = [c.id for c in ledger.cities]
    if not numbers:
        return [ids.index(city) + 1 for city in smallest_first(ledger, unfed)]
    for number in numbers:
        if not 1 <= number <= len(ids):
            raise EntryError(Say("{label}: there is no city {number} to give up", label=label, number=number))
    if sum(ledger.cities[number - 1].pop for number in numbers) < unfed:
        raise EntryError(Say("{label}: the cities given up must hold at least the {unfed} unfed citizens",
                             label=label, unfed=unfed))
    return list(numbers)


def event_step(round_number: int | None) -> Say:
    if round_number is None:
        return Say("Event: unless this was round 4, turn up the next round's event card and resolve it.")
    return Say("Event: turn up the first card of the {label} event deck and resolve it; then the side with less "
               "prestige starts the round (Sparta on a tie) unless the event says otherwise.",
               label=catalog().rounds[round_number]["label"])


def round_end_headline(reasons: Sequence[str], missing: Sequence[list[str]], labels: Sequence[str],
                       round_known: bool) -> Say:
    """The end conditions found in what is entered; no verdict on what is still blank."""
    if reasons:
        return Say("The game ends: {reasons:clauses}.", reasons=[said_to_json(Say(reason)) for reason in reasons])
    wanted = [] if round_known else [said_to_json(Say("the round"))]
    if any(missing) and all(m == missing[0] for m in missing):
        wanted.append(said_to_json(Say("each side's {inputs:and_list}", inputs=inputs_said(missing[0]))))
    else:
        wanted += [said_to_json(Say("{label}'s {inputs:and_list}", label=label, inputs=inputs_said(m)))
                   for label, m in zip(labels, missing) if m]
    if wanted:
        return Say("Game end: enter {wanted:and_list} first.", wanted=wanted)
    return Say("The game goes on.")


def compute_round_end(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    missing = [missing_inputs(p) for p in players]
    reports = [None if gaps else player_round_end(label, p) for label, p, gaps in zip(labels, players, missing)]
    rows = [[name, *("?" if r is None else str(r.value(key)) for r in reports)] for name, key in RESOURCES]
    rows.append([N_("Citizens"), *("?" if r is None else str(r.after.citizens()) for r in reports)])
    notes: list[Said] = [
        Say("{label}: {steps:clauses}", label=label, steps=list(map(said_to_json, r.steps))) if r
        else Say("{label}: enter {inputs:and_list} to work this out", label=label, inputs=inputs_said(gaps))
        for label, r, gaps in zip(labels, reports, missing)]
    known = [r for r in reports if r is not None]
    reasons = end_reasons(shared["round"], [r.unfed for r in known], [r.after.prestige for r in known])
    headline = round_end_headline(reasons, missing, labels, shared["round"] is not None)
    if not reasons:
        notes.append(event_step(shared["round"]))
    return Result([N_("After the round"), *labels], rows, [*notes, headline], headline)


def compute_final(shared: dict[str, Any], players: list[dict[str, Any]], labels: Sequence[str]) -> Result:
    scores = [final_score(seat, p["population"], p["prestige"], p["projects"]) for seat, p in enumerate(players)]
    return score_result(scores, labels)


ROUND_END = Form(
    "round-end", N_("End of round"), "round",
    shared=(Field("round", N_("Round (1-4)"), required(parse_round), "", N_("needed to judge the game end")),),
    per_player=(
        Field("cities", N_("Cities pop/start/max[/limit]"), required(parse_cities), "", N_("e.g. 3/2/5 4/4/6/2"),
              most=CUBES, why=SIDE_CUBES, check=check_cities, typed=CITIES_TYPED),
        Field("prestige", N_("Prestige"), required(parse_count), "", N_("needed to judge the game end; type 0 too"),
              most=TRACK_MOST, why=FAR),
        Field("wheat", N_("Wheat"), required(parse_count), "", N_("needed to judge the game end; type 0 too"),
              most=TRACK_MOST, why=FAR),
        Field("wine", N_("Wine"), most=TRACK_MOST, why=FAR),
        Field("oil", N_("Oil"), most=TRACK_MOST, why=FAR),
        Field("silver", N_("Silver"), most=TRACK_MOST, why=FAR),
        Field("projects", N_("Projects completed: prestige"), most=TRACK_MOST, why=FAR),
        Field("growth", N_("Growth per city"), parse_count_list, "", N_("e.g. 1 0 2"), most=CUBES, items=POLEIS,
              why=Say("{poleis} poleis, {cubes} cubes", poleis=POLEIS, cubes=CUBES), typed=NUMBERS),
        Field("give_up", N_("If unfed, give up cities"), parse_count_list, "",
              N_("city numbers; blank: smallest first"),
              most=POLEIS, items=POLEIS, why=MAP_POLEIS, typed=NUMBERS),
        Field("tax", N_("Tax (0/1)"), parse_count, "0", N_("1 to trade 1 prestige for 1 silver"), most=1,
              why=Say("1 to pay it, 0 not to")),
    ),
    compute=compute_round_end,
    help=N_("Projects, feeding, growth, megalopolis, spoilage, tax and the event, in that order "
            "(the game's own code)."),
    totals=(Total("cities", POLEIS, MAP_POLEIS),),
)

FINAL = Form(
    "final", N_("Final scoring"), "score",
    shared=(),
    per_player=(
        Field("population", N_("Citizens in all your cities"), most=CUBES, why=SIDE_CUBES),
        Field("prestige", N_("Prestige"), most=TRACK_MOST, why=FAR),
        Field("projects", N_("Completed projects: prestige"), most=TRACK_MOST, why=FAR),
    ),
    compute=compute_final,
    help=N_("Ties are shared."),
)

FORMS = (ROUND_END, FINAL)
