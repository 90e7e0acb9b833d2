"""Battles: the combat cards, one exchange at a time.

After a turn, an area holding 8 units or more is fought over. Each side draws as many combat
cards as it has units there. On land Sparta attacks first, at sea Athens; the roles swap
after every exchange. In an exchange both sides choose 2 cards at once and reveal them:

* each attacking card must be matched by a defending card of the same formation, or the
  defender loses a unit (a defending mercenary matches any formation; an attacking
  mercenary is matched by anything, so it never costs a unit);
* an attacking salpinx call removes a defending unit whatever is played, and costs the
  attacker 1 prestige;
* the attacker gains the difference of the attack values in prestige (never less than 0).

The battle ends when a side cannot play 2 cards, when a side retreats (1 prestige), or when
the side that just defended is down to 1 unit (or none: the rule text spares no side its last
unit).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.core import Say, add_log, logging
from engine.i18n import N_

from . import geo
from .catalog import BATTLE_AT, RETREAT_COST, SALPINX_COST, catalog

State = dict[str, Any]
EXCHANGED = N_("{attacker:seat} attacks with {attack:cards}; {defender:seat} defends with {defence:cards}: "
               "{lost:count} lost, +{gain} prestige.")
EXCHANGED_SALPINX = N_("{attacker:seat} attacks with {attack:cards}; {defender:seat} defends with {defence:cards}: "
                       "{lost:count} lost, +{gain} prestige, -{paid} for the salpinx.")
"""What the log says of an exchange (with the prestige its salpinx calls cost the attacker)."""


def fronts(state: State) -> list[str]:
    """Areas where a battle breaks out now, in map order."""
    return [a for a, (x, y) in state["units"].items() if x + y >= BATTLE_AT and x and y]


def first_attacker(area: str) -> int:
    return 1 if catalog().is_land(area) else 0


def begin(state: State, area: str) -> None:
    state["battle"] = {"area": area, "attacker": first_attacker(area), "played": [None, None], "last": None}
    athens, sparta = state["units"][area]
    add_log(state, Say("Battle in {area:area}: {athens} Athenian against {sparta} Spartan units.", area=area,
                       athens=athens, sparta=sparta))


def over(state: State) -> bool:
    """No further exchange: a hand too small to play, or the last defender (the next attacker, as
    the roles have swapped) down to 1 unit or none."""
    battle = state["battle"]
    hands, units = state["hands"], state["units"][battle["area"]]
    if len(hands[0]) < 2 or len(hands[1]) < 2:
        return True
    return battle["last"] is not None and units[battle["attacker"]] <= 1


def pairs(hand: list[str]) -> list[tuple[str, str]]:
    """Distinct 2-card plays from a hand, each in card order, in the order of 'card+card'."""
    return sorted(set(combinations(sorted(hand), 2)), key="+".join)


def retreats(state: State, seat: int) -> list[str]:
    """Adjacent areas of the same kind where all the side's units there may retreat (1 prestige)."""
    if state["prestige"][seat] < RETREAT_COST:
        return []
    cat, area = catalog(), state["battle"]["area"]
    links = cat.land_links if cat.is_land(area) else cat.sea_links
    mine = state["units"][area][seat]
    return [a for a in links[area] if not geo.blocked(state, a, seat) and geo.room(state, a, seat) >= mine]


def losses(attack: list[str], defence: list[str]) -> int:
    """Units the defender loses: salpinx calls, plus attacking formations left unmatched."""
    cards = catalog().cards
    salpinx = sum(1 for c in attack if cards[c]["kind"] == "salpinx")
    needs = [cards[c] for c in attack if cards[c]["kind"] != "salpinx"]
    best = 0
    for order in ((0, 1), (1, 0)):
        matched = sum(1 for need, d in zip(needs, (defence[i] for i in order)) if _matches(need, cards[d]))
        best = max(best, matched)
    return salpinx + len(needs) - best


def _matches(need: dict[str, Any], card: dict[str, Any]) -> bool:
    return bool(need["kind"] == "mercenary" or card["kind"] == "mercenary"
                or card.get("formation") == need["formation"])


def strength(played: Sequence[str]) -> int:
    cards = catalog().cards
    return sum(cards[c]["attack"] for c in played)


def exchange(state: State) -> None:
    """Reveal both plays and resolve them; then the roles swap."""
    battle = state["battle"]
    area, attacker = battle["area"], battle["attacker"]
    defender = 1 - attacker
    attack, defence = battle["played"][attacker], battle["played"][defender]
    for seat, cards in ((attacker, attack), (defender, defence)):
        for card in cards:
            state["hands"][seat].remove(card)
        state["deck"].extend(cards)
    lost = min(losses(attack, defence), state["units"][area][defender])
    state["units"][area][defender] -= lost
    state["supply"][defender] += lost
    calls = sum(1 for c in attack if catalog().cards[c]["kind"] == "salpinx")
    paid = min(calls * SALPINX_COST, state["prestige"][attacker])
    gain = max(0, strength(attack) - strength(defence))
    state["prestige"][attacker] += gain - paid
    battle["last"] = {"attack": attack, "defence": defence, "lost": lost, "gain": gain, "attacker": attacker}
    battle["played"] = [None, None]
    battle["attacker"] = defender
    if logging(state):
        played = {"attacker": attacker, "attack": list(attack), "defender": defender, "defence": list(defence),
                  "lost": [lost, "unit"], "gain": gain}
        if paid:
            add_log(state, Say(EXCHANGED_SALPINX, **played, paid=paid))
        else:
            add_log(state, Say(EXCHANGED, **played))


def retreat(state: State, seat: int, to: str) -> None:
    area = state["battle"]["area"]
    units = state["units"]
    n = units[area][seat]
    units[area][seat] = 0
    units[to][seat] += n
    state["prestige"][seat] -= RETREAT_COST
    add_log(state, Say("{seat:side} pays {cost} prestige and retreats {n} units from {area:area} to {to:area}.",
                       seat=seat, cost=RETREAT_COST, n=n, area=area, to=to))


def end(state: State) -> None:
    """Every card goes back into the deck."""
    for hand in state["hands"]:
        state["deck"].extend(hand)
        hand.clear()
    state["deck"].sort()
    area = state["battle"]["area"]
    athens, sparta = state["units"][area]
    add_log(state, Say("The battle in {area:area} is over: {athens} Athenian and {sparta} Spartan units remain.",
                       area=area, athens=athens, sparta=sparta))
    state["battle"] = None
