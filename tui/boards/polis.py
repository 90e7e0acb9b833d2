"""Polis boards: the map with the round, the event, the markets, the projects and the poleis;
each side's mat; the viewer's combat cards.

The map (tui/boards/polis_map.py) grows with its panel (a map board). What the decision is
about comes first in the shared panel: the markets while choosing a market, the projects
while choosing a project, the poleis while choosing a polis, else the map. Choices that act
on a box, a market, a project or a polis show their number key there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from engine.core.choices import Target
from engine.core.seats import seat_tag
from engine.polis.catalog import catalog
from engine.polis.choices import Grow, Market, Polis, Project
from engine.polis.targets import AtMarket, AtPolis, ProjectTile
from engine.polis.text import unit_word
from tui.i18n import N_, _, current
from tui.text import clean, pad

from .base import Board, Keys, Panel, seat_panels, target_keys
from .glyphs import Pen, entry, grouped, key_entries, legend_text
from .polis_glyphs import PALETTE, SYMBOL, style_of_side
from .polis_map import draw_map

RESOURCE_ORDER = ("wheat", "silver", "wood", "metal", "oil", "wine")
PLAYER_TOPICS = ("growth", "tax", "passing", "feeding")
SHORT_TYPES = {"sacred": N_("sac"), "civic": N_("civ"), "military": N_("mil")}
"""A polis' project type in three letters, for the poleis list."""


def _key(keys: Keys, target: Target) -> Text:
    key = keys.get(target)
    if key is None:
        return Text("")
    return Text(key, style="bold reverse") + Text(" ")


def _side(view: dict[str, Any], seat: int) -> Text:
    side = view["sides"][seat]
    return Text(f"{seat_tag(seat)} {_(side['title'])} ({clean(side['name'], lines=False)})", style=style_of_side(seat))


def effect_text(effect: dict[str, Any]) -> str:
    cat = catalog()
    who = {"athens": _("Athens"), "sparta": _("Sparta"), "both": _("each side")}.get(effect.get("side", ""), "")
    op = effect["op"]
    if op == "gain":
        n = effect["n"]
        return _("{who} {n} {what}").format(who=who, n=f"{n:+d}", what=_(effect["what"]))  # marked in engine.polis.text
    if op == "place":
        return _("{who} +1 {unit} in {area}").format(who=who, unit=unit_word(effect["unit"], 1, current()),
                                                      area=cat.name(effect["area"]))
    if op == "remove":
        return _("{who} removes a hoplite or galley").format(who=who)
    if op == "close":
        return _("no trade in {market}").format(market=cat.name(effect["market"]))
    if op == "first":
        return _("{who} starts the round").format(who=who)
    if op == "citizens":
        return _("{polis} {n} citizens").format(polis=cat.name(effect["polis"]), n=effect["n"])
    return _("{market} price {n}").format(market=cat.name(effect["market"]), n=f"{effect['n']:+d}")


def header(view: dict[str, Any]) -> Text:
    cat = catalog()
    text = Text.assemble((_("Round {n} of 4 ({label})").format(n=view["round"], label=view["label"]), "bold"),
                         _(": at most {cap} units per side in an area, {spaces} market spaces.").format(
                             cap=view["cap"], spaces=view["spaces"]))
    if view["event"]:
        event = cat.events[view["event"]]
        effects = "; ".join(effect_text(e) for e in event["effects"]) or _("no effect")
        text.append("\n" + _("Event: {event} ({effects}).").format(event=_(event["name"]), effects=effects))
    passed = [_(side["title"]) for side in view["sides"] if side["passed"]]
    if passed:
        text.append("  " + _("Passed: {sides}.").format(sides=_(", ").join(passed)))
    battle = view["battle"]
    if battle:
        text.append("\n" + _("Battle in {area}: ").format(area=cat.name(battle["area"])), style="bold")
        text.append_text(_side(view, battle["attacker"]))
        chosen = [_(view["sides"][s]["title"]) for s in (0, 1) if battle["chosen"][s]]
        text.append(_(" attacks. Chosen: {sides}").format(sides=_(", ").join(chosen)) if chosen else _(" attacks."))
        last = battle["last"]
        if last:
            cards = cat.cards

            def shown(played: list[str]) -> str:
                return "+".join(_(cards[c]["name"]) for c in played)

            text.append("\n" + _("Last exchange: {attack} against {defence}: {lost} lost, +{gain} prestige.").format(
                attack=shown(last["attack"]), defence=shown(last["defence"]), lost=last["lost"], gain=last["gain"]))
    return text


def legend(view: dict[str, Any], pen: Pen, keys: Iterable[str], width: int) -> Text:
    """The sides, then exactly the glyphs the map drew, how lands and seas are named, the keys."""
    sides = [("", _side(view, seat)) for seat in (0, 1)]
    names = [(N_("Map"), entry(Text.assemble((_("LAND"), "bold"), " ", (_("sea"), "italic")), _("regions, seas"))),
             (N_("Map"), entry(_("Prt"), _("trade port"), ""))]
    marks = [("", item) for item in key_entries(keys, N_("your choices' keys"))]
    return legend_text(sides + grouped(pen.entries() + names) + marks, width)


def market_lines(view: dict[str, Any], keys: Keys) -> list[Text]:
    cat = catalog()
    lines = [Text.assemble((_("Markets"), "bold"),
                           (" " + _("(a shipload costs goods, or silver where wheat is sold)"), "dim"))]
    for market, record in cat.markets.items():
        price = view["prices"][market]
        goods, silver = record["prices"][price]
        line = _key(keys, AtMarket(market))
        line.append(pad(record["name"], 9), style="bold")
        cost = f"{goods} {'/'.join(map(_, record['buys']))}" + (
            _(" or {n} silver").format(n=silver) if silver is not None else "")
        line.append(f" {cost} → {record['shipload']} {'/'.join(map(_, record['gives']))} ")
        track = " ".join(f"[{g}]" if i == price else str(g) for i, (g, _silver) in enumerate(record["prices"]))
        line.append(_("track {track}").format(track=track) + " ", style="dim")
        line.append(_("ships") + " ")
        for index, seat in enumerate(view["slots"][market]):
            if seat is not None:
                line.append(SYMBOL[seat], style=style_of_side(seat))
            else:
                line.append("·" if index < view["spaces"] else " ", style="dim")
        if market in view["closed"]:
            line.append("  " + _("closed this round"), style="bold")
        lines.append(line)
    return lines


def project_lines(view: dict[str, Any], keys: Keys) -> list[Text]:
    cat = catalog()
    lines = [Text.assemble((_("Projects on offer"), "bold"),
                           ("  " + _("({n} in the stack)").format(n=view["projects_left"]), "dim"))]
    for tile in view["offer"]:
        record = cat.projects[tile]
        cost = " + ".join(_("{n} {good}").format(n=n, good=_(k)) for k, n in record["cost"].items())
        lines.append(_key(keys, ProjectTile(tile)) + Text(
            _("{project} ({type}): {cost}; +{round} when completed, +{final} at the end").format(
                project=_(record["name"]), type=_(record["type"]), cost=cost, round=record["round"],
                final=record["final"])))
    if not view["offer"]:
        lines.append(Text(_("none"), style="dim"))
    return lines


def polis_lines(view: dict[str, Any], keys: Keys, pen: Pen) -> list[Text]:
    """Each side's poleis and the neutral ones; a project under way after '*', each completed one
    after '+' (the map's marks, noted for its legend)."""
    cat = catalog()
    lines = [Text(_("Poleis (citizens/maximum, fortification, project type)"), style="bold")]
    for owner in (0, 1, None):
        line = _side(view, owner) + Text(_(": ")) if owner is not None else Text(_("Neutral: "), style="bold")
        entries = [p for p in cat.poleis if view["owner"][p] == owner]
        for index, polis in enumerate(entries):
            record = cat.poleis[polis]
            if index:
                line.append(" · ")
            line.append_text(_key(keys, AtPolis(polis)))
            line.append(record["name"], style="bold" if record["capital"] else "")
            count = f"{view['pop'][polis]}/{record['max']}" if owner is not None else f"({record['base']})"
            line.append(" " + _("{count} f{base} {type}").format(count=count, base=record["base"],
                                                                   type=_(SHORT_TYPES[record["type"]])))
            if polis in view["building"]:
                line.append(f" {pen('building')[0]}{_(cat.name(view['building'][polis]))}")
            for tile in view["built"].get(polis, ()):
                line.append(f" {pen('built')[0]}{_(cat.name(tile))}")
        lines.append(line if entries else line + Text(_("none"), style="dim"))
    return lines


def shared(view: dict[str, Any], width: int, color: bool = True) -> RenderableType:
    cat = catalog()
    keys = target_keys(view)
    kinds = {type(choice.args) for choice in view.get("choices", ()) if choice.target is not None}
    pen = Pen(PALETTE, color)
    drawn = draw_map(view, cat, width, keys, pen)
    parts = {"markets": market_lines(view, keys), "projects": project_lines(view, keys),
             "poleis": polis_lines(view, keys, pen)}
    parts["map"] = [drawn, legend(view, pen, keys.values(), width)]
    order = ["map", "markets", "projects", "poleis"]
    first = ("markets" if Market in kinds else "projects" if Project in kinds else "poleis" if kinds & {Polis, Grow}
             else "map")
    order.remove(first)
    blocks: list[RenderableType] = [header(view)]
    for name in (first, *order):
        blocks += [Text(""), *parts[name]]
    return Group(*blocks)


def player(view: dict[str, Any], seat: int, width: int) -> RenderableType:
    side = view["sides"][seat]
    score = side["score"]
    title = _side(view, seat) + Text("   " + _("prestige {n}").format(n=side["prestige"])
                                     + ("   " + _("passed") if side["passed"] else ""))
    res = "  ".join(_("{good} {n}").format(good=_(name), n=side["res"][name]) for name in RESOURCE_ORDER)
    where = catalog().name(side["proxenos"])
    where = _("{polis} (prisoner)").format(polis=where) if side["held"] else where
    lines = [title, Text(res),
             Text(_("Citizens {citizens} in {poleis} poleis · cubes in supply {supply} · merchant ships in port "
                    "{merchants} · proxenos in {where} · combat cards {cards}").format(
                 citizens=score["population"], poleis=side["poleis"], supply=side["supply"],
                 merchants=side["merchants"], where=where, cards=side["hand_size"])),
             Text(_("If the game ended now: {total} (citizens {citizens} + prestige {prestige} + projects "
                    "{projects})").format(total=score["total"], citizens=score["population"],
                                          prestige=score["prestige"], projects=score["projects"]), style="dim")]
    return Group(*lines)


def private(view: dict[str, Any], viewer: int, width: int) -> RenderableType | None:
    hand = view["sides"][viewer]["hand"]
    if not hand:
        return None
    cards = catalog().cards
    lines = [Text(_("Your combat cards: {cards}").format(cards=_(", ").join(_(cards[c]["name"]) for c in hand)),
                  style="bold")]
    battle = view["battle"]
    if battle and isinstance(battle.get("mine"), list):
        lines.append(Text(_("You play: {cards}").format(cards=" + ".join(_(cards[c]["name"]) for c in battle["mine"]))))
    lines.append(Text(_("Match each attacking formation or lose a unit; a Mercenary defends against any; "
                        "a Salpinx call (attacking) always takes a unit for 1 prestige."), style="dim"))
    return Group(*lines)


def fighting(view: dict[str, Any], viewer: int | None) -> bool:
    """Choosing the combat cards of a battle: the hand."""
    if viewer is None or not view.get("choices"):
        return False
    return view.get("topic") == "battle" and bool(view["sides"][viewer]["hand"])


def at_home(view: dict[str, Any], viewer: int | None, seat: int) -> bool:
    """Growth, taxes, passing, feeding: the viewer's own mat."""
    return seat == viewer and bool(view.get("choices")) and view.get("topic", "") in PLAYER_TOPICS


class PolisBoard(Board):
    map_board = True

    def panels(self, seats: int) -> list[Panel]:
        return [
            Panel("shared", N_("Board"), lambda view, frame: shared(view, frame.width, frame.color)),
            Panel("private", N_("Private"),
                  lambda view, frame: None if frame.viewer is None else private(view, frame.viewer, frame.width),
                  needed=fighting, private=True),
            *seat_panels(seats, lambda view, seat, frame: player(view, seat, frame.width), at_home),
        ]


BOARD = PolisBoard()
