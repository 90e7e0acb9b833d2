"""What a seat may see of a Thebai state: everything on the table, its own hand, the contracts
others took in view of everyone (``known``), and of the hidden parts only their size (others'
hands, the contract deck, unseen fate tiles, the herald deck)."""

from __future__ import annotations

from typing import Any

PRIVATE = ("hand",)
HIDDEN = ("rng", "flow", "log", "deck", "fate_left", "heralds")


def view(state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    data = {key: value for key, value in state.items() if key not in HIDDEN and key not in PRIVATE}
    data["viewer"] = viewer
    data["hand"] = list(state["hand"][viewer]) if viewer is not None else None
    data["hand_sizes"] = [len(h) for h in state["hand"]]
    data["deck_size"] = len(state["deck"])
    data["fate_unseen"] = {stack: len(tiles) for stack, tiles in state["fate_left"].items()}
    data["herald_cards"] = len(state["heralds"])
    return data
