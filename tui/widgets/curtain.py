"""The hotseat curtain: hides a player's private information until they are at the screen."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from tui.i18n import N_, _
from tui.messages import CurtainLifted
from tui.text import clean


class Curtain(Static, can_focus=True):
    BINDINGS = [Binding("enter", "lift", N_("Show my hand"), show=True)]

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", name=name, id=id, classes=classes)
        self.seat: int | None = None

    def close(self, seat: int, label: str) -> None:
        self.seat = seat
        label = clean(label, lines=False)
        before, _name, after = _("Pass to {name}").partition("{name}")
        self.update(Text.assemble(before, (label, "bold reverse"), after, "\n\n",
                                  (_("Only {name} should look now — press Enter").format(name=label), "dim")))

    def action_lift(self) -> None:
        if self.seat is not None:
            self.post_message(CurtainLifted(self.seat))
