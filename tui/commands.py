"""Command-palette commands (Ctrl+P): rules help, undo, score sheet, views, zoom, log, a finished game's review, table
talk, settings, concede, hand a seat to a bot, offer, accept or decline a draw, home, new game, resume, components."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui.i18n import N_, _

if TYPE_CHECKING:
    from tui.app import TabulaApp


COMMANDS = (
    ("undo", N_("Undo"), N_("Take back your last action, if the rules allow it")),
    ("score_sheet", N_("Score sheet"), N_("The running score with its breakdown")),
    ("next_view", N_("Next view"), N_("Show the next panel: the board, your hand, each player (v)")),
    ("zoom", N_("Zoom the map"), N_("A closer look around the highlighted choice, or the whole map again (z)")),
    ("full_log", N_("Game log"), N_("The whole log, scrollable; what is new since your last turn marked (l)")),
    ("review", N_("Review the game"),
     N_("Where this finished game was won and lost: the search's win chances, move by move (v)")),
    ("talk", N_("Table talk"), N_("The game's chat, read by every player and spectator of this game (!)")),
    ("settings", N_("Settings"), N_("Language, turn bell, and who confirms the end of each turn (o)")),
    ("concede", N_("Concede"), N_("Give up this game: you are placed last (ctrl+g; asks first)")),
    ("hand_to_bot", N_("Hand a seat to a bot"), N_("A bot plays the seat of a player who is away, from now on")),
    ("offer_draw", N_("Offer a draw"), N_("End this two-player game as a draw, if the other player accepts")),
    ("accept_draw", N_("Accept the draw"), N_("The other player offers a draw: the game ends, neither winning")),
    ("decline_draw", N_("Decline the draw"), N_("The other player offers a draw: play on")),
    ("leave", N_("Back to home"), N_("Leave the table (the game is saved)")),
    ("components", N_("Components"), N_("Your own component sets: the faces of your box, entered in the app (c)")),
)
"""The palette's commands of a screen that has their action: (action, name, what it does)."""


class TabulaCommands(Provider):
    def commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """(name, help, callback) available on the current screen."""
        app, screen = cast("TabulaApp", self.app), self.screen  # the palette of the Tabula app only
        in_game = callable(getattr(screen, "help_context", None))
        rules = (_("The rules of this game, at the current decision (F1)") if in_game
                 else _("The rules of a game: pick which (F1)"))
        found: list[tuple[str, str, Callable[[], object]]] = [(_("Rules help"), rules, app.action_help)]
        for action, name, help_text in COMMANDS:
            if hasattr(screen, f"action_{action}") and screen.check_action(action, ()):
                found.append((_(name), _(help_text), partial(screen.run_action, action)))
        from tui.screens.home import HomeScreen

        if isinstance(screen, HomeScreen):
            found.append((_("New game"), _("Set up a new game"), partial(screen.run_action, "open('new')")))
            found.append((_("Resume a game"), _("Open a saved game"), partial(screen.run_action, "open('resume')")))
        return found

    async def discover(self) -> Hits:
        for name, help_text, callback in self.commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
