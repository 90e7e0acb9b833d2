"""New game: which game (the one last started offered first), title, seats (name + human or bot,
by the seat's own name where the game gives one), the game's options, and at a local terminal a
seed (a game dealt from a chosen seed is marked so wherever it is listed)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select
from textual.widgets.select import NoSelection

from engine.core.contract import HINTS
from engine.core.seats import seat_tag
from engine.registry import rules_for, titles
from tui.i18n import N_, _, spoken
from tui.screens.base import TabulaScreen
from tui.text import KINDS, kind_name
from tui.widgets.footer import Footer

if TYPE_CHECKING:
    from engine.component_sets import ComponentSet
    from engine.core.contract import Rules
    from saves.session import GameSession
    from saves.store import Seat

DEFAULT_NAMES = ("Alice", "Bruno", "Carla", "Dario", "Elena")


class NewGame(TypedDict):
    """What the form asks for: the arguments of GameSession.new."""

    game_id: str
    title: str
    seats: list[Seat]
    options: dict[str, object]
    seed: int | None
    component_set: ComponentSet | None


def default_kind(seat: int) -> str:
    return "human" if seat == 0 else "normal"


def hints_by_default(kinds: list[str]) -> bool:
    """Hints are for one person playing against bots; off when several people share a table."""
    humans = kinds.count("human")
    return humans == 1 and len(kinds) > 1


def default_title(game_title: str, seats: list[Seat]) -> str:
    """'Thebai: Alice vs Bruno (bot)': the players, a bot marked as one wherever the title is listed."""
    return f"{game_title}: {' vs '.join(seat.name + ('' if seat.kind == 'human' else ' (bot)') for seat in seats)}"


def seat_label(rules: Rules, seat: int) -> str:
    """'●A Athens' where the game names its seats, else 'Seat ●A'."""
    if rules.seat_names:
        return f"{seat_tag(seat)} {_(rules.seat_names[seat])}"
    return _("Seat {seat}").format(seat=seat_tag(seat))


def usable_sets(data_dir: Path, game_id: str) -> dict[str, ComponentSet]:
    """The player's component sets that change this game and pass its validation, by id."""
    from engine.component_sets import list_sets, usable

    return {kept.id: kept.set for kept in list_sets(data_dir)
            if kept.set is not None and game_id in kept.set.games and usable(kept.set, game_id)}


def offered_first(data_dir: Path, game_id: str, sets: dict[str, ComponentSet]) -> str:
    """The id of the set chosen at first for the game ('' for the built-in components): the one
    ``tabula components default`` names, if it is among ``sets``."""
    from engine.component_sets import read_defaults
    from engine.core.components import ComponentDataError

    try:
        chosen = read_defaults(data_dir).get(game_id, "")
    except ComponentDataError:
        return ""
    return chosen if chosen in sets else ""


def parse_seed(text: str) -> int | None:
    text = text.strip()
    return int(text) if text else None


class NewGameScreen(TabulaScreen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
    ]

    game_id: reactive[str] = reactive("", recompose=True)

    def __init__(self, game_id: str | None = None) -> None:
        """``game_id``: the game chosen first; by default the one last started here."""
        super().__init__()
        remembered = game_id or self.app.store.settings().last_game
        self.set_reactive(NewGameScreen.game_id, remembered if remembered in titles() else next(iter(titles())))
        self.hints_chosen = False
        """The player set Hints: it no longer follows the seats."""
        self.sets: dict[str, ComponentSet] = {}
        """The component sets offered for the game chosen, by id."""
        self._hints_followed: bool | None = None
        """The value Hints was last given to follow the seats."""

    def compose(self) -> ComposeResult:
        rules = rules_for(self.game_id)
        yield Label(_("New game"), classes="screen-title")
        with VerticalScroll(id="form"):
            yield self.row(_("Game"), Select(
                [(title, game_id) for game_id, title in titles().items()],
                value=self.game_id, allow_blank=False, compact=True, id="game"))
            yield self.row(_("Players"), Select(
                [(str(n), n) for n in range(rules.min_players, rules.max_players + 1)],
                value=rules.min_players, allow_blank=False, compact=True, id="count"))
            for seat in range(rules.max_players):
                yield self.seat_row(seat)
            for option in rules.offered_options():
                yield self.row(_(option.label), Select(
                    [(_(label), value) for value, label in option.values],
                    value=option.default, allow_blank=False, compact=True, id=f"option-{option.key}",
                ))
            self.sets = usable_sets(self.app.store.data_dir, self.game_id)
            if self.sets:  # a choice only for a player with a set of their own for this game
                yield self.row(_("Components"), Select(
                    [(_("Built-in"), ""), *((kept.name, kept.id) for kept in self.sets.values())],
                    value=offered_first(self.app.store.data_dir, self.game_id, self.sets), allow_blank=False,
                    compact=True, id="components"))
            yield self.row(_("Title"), Input(placeholder=_("blank: the players' names"), max_length=200, compact=True,
                                          id="title"))
            if not self.app.served:  # on a served table the seed is drawn in secret: nobody may foresee the draws
                yield self.row(_("Seed"), Input(placeholder=_("blank: secret and random"), type="integer", compact=True,
                                             id="seed"))
            with Horizontal(classes="buttons"):
                yield Button(_("Start (Ctrl+S)"), id="start", variant="primary", compact=True)
                yield Button(_("Back (Esc)"), id="back", compact=True)
        yield Footer()

    def row(self, label: str, widget: Widget) -> Horizontal:
        return Horizontal(Label(label, classes="field-label"), widget, classes="field")

    def default_name(self, seat: int) -> str:
        """Seat A is offered to the person at this terminal, by their login name when known
        (a seat whose default is that name gets seat A's default instead)."""
        login, name = self.app.player_name, DEFAULT_NAMES[seat]
        if login and seat == 0:
            return login
        return DEFAULT_NAMES[0] if name == login else name

    def seat_row(self, seat: int) -> Horizontal:
        return Horizontal(
            Label(seat_label(rules_for(self.game_id), seat), classes="field-label"),
            Input(self.default_name(seat), max_length=16, compact=True, id=f"name-{seat}", classes="seat-name"),
            Select([(kind_name(kind), kind) for kind in KINDS], value=default_kind(seat),
                   allow_blank=False, compact=True, id=f"kind-{seat}", classes="seat-kind"),
            id=f"seat-{seat}", classes="field seat",
        )

    def help_context(self) -> tuple[str, str | None]:
        """F1: the rules of the game chosen in the form, from the start."""
        return self.game_id, None

    def on_mount(self) -> None:
        self.show_seats()
        self.ready_fields()
        self.follow_seats()

    def ready_fields(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = self.app.cursor_blink
        self.query_one("#game", Select).focus()

    async def recompose(self) -> None:
        """A new game was chosen: the form is rebuilt for it, the game list keeping the focus."""
        await super().recompose()
        self.ready_fields()
        self.follow_seats()

    def kinds(self) -> list[str]:
        return [str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(self.player_count)]

    def follow_seats(self) -> None:
        """Hints on for one person against bots, off for several people, until the player sets it."""
        if self.hints_chosen:
            return
        hints = self.query_one(f"#option-{HINTS}", Select)
        wanted = hints_by_default(self.kinds())
        self._hints_followed = wanted
        hints.value = wanted

    @property
    def player_count(self) -> int:
        count = self.query_one("#count", Select).value
        assert not isinstance(count, NoSelection)  # the list has no blank
        return int(count)

    def show_seats(self) -> None:
        for seat in range(rules_for(self.game_id).max_players):
            self.query_one(f"#seat-{seat}").display = seat < self.player_count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and event.value != self.game_id:
            self.hints_chosen = False
            self.game_id = str(event.value)
        elif event.select.id == "count":
            self.show_seats()
            self.follow_seats()
        elif event.select.has_class("seat-kind"):
            self.follow_seats()
        elif event.select.id == f"option-{HINTS}" and event.select.value != self._hints_followed:
            self.hints_chosen = True  # a change the player made (not one of follow_seats, maybe late)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def settings(self) -> NewGame:
        """The game to create, as read from the form."""
        from saves.store import Seat

        rules = rules_for(self.game_id)
        seats: list[Seat] = []
        for seat in range(self.player_count):
            name = (self.query_one(f"#name-{seat}", Input).value.strip()
                    or _("Player {letter}").format(letter=seat_tag(seat)[1]))
            seats.append(Seat(name, str(self.query_one(f"#kind-{seat}", Select).value)))
        title = self.query_one("#title", Input).value.strip() or default_title(rules.title, seats)
        options = {o.key: self.query_one(f"#option-{o.key}", Select).value for o in rules.offered_options()}
        seed = None if self.app.served else parse_seed(self.query_one("#seed", Input).value)
        chosen = self.sets.get(str(self.query_one("#components", Select).value)) if self.sets else None
        return {"game_id": self.game_id, "title": title, "seats": seats, "options": options, "seed": seed,
                "component_set": chosen}

    def action_start(self) -> None:
        try:
            settings = self.settings()
        except ValueError as error:
            self.notify(spoken(error), title=_("Cannot start"), severity="error")
            return
        if not self.app.bot_games and all(seat.kind != "human" for seat in settings["seats"]):
            self.notify(_("This server does not start games of bots only: make one seat Human. (Bots think on "
                          "the server's shared processors; its host allows such games with `tabula serve ssh "
                          "--allow-bot-games`.)"), title=_("Cannot start"), severity="error", timeout=15)
            return
        self.query_one("#start", Button).disabled = True
        self.create(settings)

    @work(thread=True, exclusive=True, group="new-game")
    def create(self, settings: NewGame) -> None:
        from saves.seats import SeatLeases
        from saves.session import GameSession

        try:
            session = GameSession.new(self.app.store, **settings)
            SeatLeases(self.app.store.data_dir, session.record.id).claim_creator(self.app.identity)
        except Exception as error:  # shown to the player; the form stays as it was
            self.app.call_from_thread(self.failed, error)
            return
        self.remember(settings["game_id"])
        self.app.call_from_thread(self.started, session)

    def remember(self, game_id: str) -> None:
        """Offer this game first next time (a settings file that cannot be written only loses that)."""
        from saves.errors import SaveError

        store = self.app.store
        try:
            store.put_settings(replace(store.settings(), last_game=game_id))
        except (OSError, SaveError):
            pass

    def failed(self, error: Exception) -> None:
        self.query_one("#start", Button).disabled = False
        self.notify(spoken(error), title=_("Cannot start the game"), severity="error")

    def started(self, session: GameSession) -> None:
        """The table: every human seat here (hot-seat), or on a served app the first one only."""
        from tui.screens.table import TableScreen

        humans = [seat for seat, info in enumerate(session.record.seats) if info.kind == "human"]
        self.app.switch_screen(TableScreen(session, humans[:1] if self.app.served else None))
