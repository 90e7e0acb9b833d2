"""The footer of every screen: the keys that may be pressed now, labelled in the player's language
(a binding's description is its English, marked ``N_`` where the binding is declared)."""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter

from tui import i18n
from tui.compat import FooterKey, footer_ready, key_disabled, set_key_disabled
from tui.i18n import N_

TEXTUAL_WORDS = (N_("palette"), N_("Open the command palette"))
"""The command palette binding's label and tooltip, as Textual writes them: in the catalogue, so
the footer shows them in the reader's language like the screens' own."""


class Key(NamedTuple):
    """A key the footer shows (the first binding of its action, as Textual's footer shows it)."""

    key: str
    display: str
    description: str
    action: str
    tooltip: str
    palette: bool
    """The command palette's key (docked right)."""


class Footer(TextualFooter):
    """Textual's footer builds all its keys anew (a widget each) whenever the screen's bindings
    may have changed, which a game table says several times a move: each time a layout and a
    repaint, and building a dozen key widgets costs more than the layout. This one looks once,
    as soon as the code that changed them is done (not after the next refresh: keys built anew
    then took a frame of their own); a key that goes (the curtain hides the table's keys, '>'
    when the choices fit one page) is hidden rather than removed, so that it comes back by being
    shown again, and a key never shown on this footer is added in its place. Binding groups are
    not drawn as groups (no screen has any)."""

    def __init__(self, *children: Widget, name: str | None = None, id: str | None = None, classes: str | None = None,
                 disabled: bool = False, show_command_palette: bool = True, compact: bool = False) -> None:
        super().__init__(*children, name=name, id=id, classes=classes, disabled=disabled,
                         show_command_palette=show_command_palette, compact=compact)
        self._looking = False
        self._built: list[Key] = []
        """The keys built, in order, shown or hidden."""
        self._wanted: dict[Key, bool] = {}
        """The keys to show now, each with whether it is enabled."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        footer_ready(self)
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._looking:
            self._looking = True
            self.call_later(self._follow_bindings)

    def keys_now(self) -> dict[Key, bool]:
        """The keys the screen's bindings show now, in order, each with whether it is enabled."""
        active = self.screen.active_bindings
        keys: dict[Key, bool] = {}
        actions: set[str] = set()
        for _, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys[Key(binding.key, self.app.get_key_display(binding), i18n._(binding.description), binding.action,
                         tooltip, False)] = enabled
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette \
            and self.app.ENABLE_COMMAND_PALETTE else None
        if palette is not None:
            binding = palette.binding
            keys[Key(binding.key, self.app.get_key_display(binding), i18n._(binding.description), binding.action,
                     i18n._(binding.tooltip or binding.description), True)] = palette.enabled
        return keys

    async def _follow_bindings(self) -> None:
        self._looking = False
        if not self.is_attached:
            return
        self._wanted = self.keys_now()
        if not is_in_order(list(self._wanted), self._built):
            built = merged(self._built, list(self._wanted))
            if not self._built or not is_in_order(self._built, built):  # the first keys, or keys in another order
                self._built = built
                await self.recompose()
                return
            widgets = dict(zip(self._built, self.query_children(FooterKey)))
            for index, key in enumerate(built):
                if key not in widgets:
                    following = next((widgets[later] for later in built[index + 1:] if later in widgets), None)
                    widgets[key] = self.key_widget(key)
                    await (self.mount(widgets[key], before=following) if following else self.mount(widgets[key]))
            self._built = built
        for key, widget in zip(self._built, self.query_children(FooterKey)):
            shown, enabled = key in self._wanted, self._wanted.get(key, True)
            if widget.display != shown:
                widget.display = shown
            if key_disabled(widget) == enabled:
                set_key_disabled(widget, not enabled)
                widget.set_class(not enabled, "-disabled")

    def compose(self) -> ComposeResult:
        for key in self._built:
            yield self.key_widget(key)

    def key_widget(self, key: Key) -> FooterKey:
        widget = FooterKey(key.key, key.display, key.description, key.action, disabled=not self._wanted.get(key, True),
                           tooltip=key.tooltip, classes="-command-palette" if key.palette else "")
        widget.display = key in self._wanted
        if key.palette:
            return widget
        # A key starts compact, and was restyled twice as it mounted (compact, then the footer's
        # value bound): it starts with the footer's value instead.
        widget.set_reactive(FooterKey.compact, self.compact)
        return widget.data_bind(compact=TextualFooter.compact)


def is_in_order(keys: list[Key], built: list[Key]) -> bool:
    """Whether ``keys`` are all among ``built``, in the same order."""
    rest = iter(built)
    return all(key in rest for key in keys)


def merged(built: list[Key], keys: list[Key]) -> list[Key]:
    """``keys`` in their order, with the keys built before that are not among them kept (hidden)
    after the key they followed."""
    result = list(keys)
    at = -1
    for key in built:
        if key in result:
            at = result.index(key)
        else:
            at += 1
            result.insert(at, key)
    return result
