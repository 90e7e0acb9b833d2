"""Small text helpers shared by the screens: how seats, players and times are written."""

from __future__ import annotations

from datetime import datetime

from engine.core.seats import seat_tag

KINDS = {"human": "Human", "random": "Random bot", "greedy": "Greedy bot"}


def seat_label(names: list[str], seat: int) -> str:
    """'●A Alice': the seat's letter and symbol always go with the name (never colour alone)."""
    return f"{seat_tag(seat)} {names[seat]}"


def player_name(text: str) -> str:
    """A name fit for a seat: printable characters only (a login name can hold escape codes), 16 at most."""
    return "".join(ch for ch in text if ch.isprintable())[:16].strip()


def seats_summary(seats) -> str:
    """'●A Alice, ▲B Bruno (greedy bot)' for a list of saves.store.Seat."""
    parts = []
    for index, seat in enumerate(seats):
        bot = "" if seat.kind == "human" else f" ({KINDS.get(seat.kind, seat.kind).lower()})"
        parts.append(f"{seat_tag(index)} {seat.name}{bot}")
    return ", ".join(parts)


def short_time(iso: str) -> str:
    """'2025-03-01 14:05' in local time from an ISO 8601 timestamp."""
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return iso or "?"
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")
