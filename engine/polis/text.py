"""Words for prompts, labels and log lines."""

from __future__ import annotations

from typing import Any

from .terms import SIDE_NAMES


def side_of(state: dict[str, Any], seat: int) -> str:
    """'Athens (Ann)': the side first, then the player's name."""
    return f"{SIDE_NAMES[seat]} ({state['names'][seat]})"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def counted(items: list[str]) -> str:
    """'2 wheat, 1 oil' from ['wheat', 'oil', 'wheat'] (first-seen order)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return ", ".join(f"{n} {item}" for item, n in counts.items()) or "nothing"


def cost_text(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in cost.items() if n) or "nothing"
