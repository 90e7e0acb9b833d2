"""Game states are plain data: copying one is cheap and exact."""

from __future__ import annotations

import marshal
from typing import Any

State = dict[str, Any]


def copy_state(state: State, *, log: bool = True) -> State:
    """An independent copy of a plain-data state (several times faster than ``deepcopy``).

    ``log=False`` leaves the log out: the copy writes no log text (``add_log`` is a no-op
    on it), which is what play-outs and bots want. Log entries are never changed once
    written, so with ``log=True`` the entries themselves are shared, not copied.
    """
    rest = dict(state)  # a shallow copy without the log: quicker than a comprehension
    entries = rest.pop("log", None)
    twin: State = marshal.loads(marshal.dumps(rest))
    twin["log"] = list(entries) if log and entries is not None else None
    return twin
