"""A filled final score sheet per game: `tabula score GAME --example` and docs/score-sheets.md."""

from __future__ import annotations

import json
from typing import Any

EXAMPLES: dict[str, dict[str, Any]] = {
    "thebai": {
        "game": "thebai", "form": "final", "players": ["Ann", "Bruno", "Chloe"],
        "entries": [
            {"track": 42, "council": 18, "estate": 9, "city": 7, "suit1": 3, "suit2": 2, "suit3": 1, "suit4": 1,
             "gates": 1, "goods": 4, "drachma": 2, "unfulfilled": 0},
            {"track": 51, "council": 12, "estate": 4, "city": 11, "suit1": 1, "suit2": 1, "suit3": 4, "suit4": 0,
             "gates": 2, "goods": 1, "drachma": 5, "unfulfilled": 1},
            {"track": 38, "council": 22, "estate": 15, "city": 3, "suit1": 2, "suit2": 2, "suit3": 2, "suit4": 2,
             "gates": 0, "goods": 0, "drachma": 3, "unfulfilled": 0},
        ],
        "finished": True,
    },
    "almadi": {
        "game": "almadi", "form": "final", "players": ["Ann", "Bruno"], "shared": {"characters": 0},
        "entries": [
            {"row1": "OOCC", "row2": "COOM", "row3": "MPOP", "row4": "PCCM", "jars": 3, "mosaics": 2, "stalls": 3,
             "objectives": "+6 +9 -6", "rubies": 4},
            {"row1": "OCMMP", "row2": "CCPO", "row3": "MOO.", "row4": "POCC", "jars": 5, "mosaics": 1, "stalls": 4,
             "objectives": "+6 -9", "rubies": 2},
        ],
        "finished": True,
    },
    "polis": {
        "game": "polis", "form": "final", "players": ["Ann", "Bruno"],
        "entries": [{"population": 14, "prestige": 9, "projects": 6},
                    {"population": 11, "prestige": 13, "projects": 4}],
        "finished": True,
    },
    "pantheon": {
        "game": "pantheon", "form": "running", "players": ["Ann", "Bruno", "Chloe"],
        "shared": {"enders": "A C B A B C"},
        "entries": [
            {"gods1": 1, "gods2": 1, "gods3": 0, "gods4": 1, "gods5": 2, "gods6": 1, "columns1": 4, "demigods1": [3, 1],
             "pietalte1": 0, "offerings1": "", "columns2": 9, "demigods2": [3, 1, 5], "pietalte2": 1,
             "offerings2": [2, 1, 3]},
            {"gods1": 2, "gods2": 0, "gods3": 1, "gods4": 1, "gods5": 1, "gods6": 2, "columns1": 6, "demigods1": [2],
             "columns2": 10, "demigods2": [2, 4]},
            {"gods1": 0, "gods2": 2, "gods3": 2, "gods4": 1, "gods5": 0, "gods6": 1, "columns1": 3,
             "demigods1": [1, 2, 2], "columns2": 7, "demigods2": [1, 2, 2, 6]},
        ],
        "finished": True,
    },
}


def example_text(game: str) -> str:
    """The example sheet as `tabula score GAME --example` prints it."""
    return json.dumps(EXAMPLES[game], indent=2, ensure_ascii=False)
