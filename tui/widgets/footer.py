"""The footer of every screen: the keys that may be pressed now."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    """Textual's footer builds all its keys anew (a widget each) whenever the screen's bindings
    may have changed, which a game table says several times a move: each time a layout and a
    repaint. This one looks once, as soon as the code that changed them is done (not after the
    next refresh: keys built anew then took a frame of their own, a move's second or third);
    it builds the keys anew only when other keys are shown, and only dims or lights the ones
    whose state changed."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._looking = False
        self._shown: tuple | None = None
        """The keys composed: (key, action, description, tooltip, group) of each."""

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._looking:
            self._looking = True
            self.call_later(self._follow_bindings)

    async def _follow_bindings(self) -> None:
        self._looking = False
        if not self.is_attached:
            return
        active = self.screen.active_bindings
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette \
            and self.app.ENABLE_COMMAND_PALETTE else None
        shown = [(binding, enabled, tooltip) for _, binding, enabled, tooltip in active.values() if binding.show]
        keys = tuple((binding.key, binding.action, binding.description, tooltip, binding.group)
                     for binding, _, tooltip in shown) + ((palette.binding.key,) if palette else ())
        if keys != self._shown:
            self._shown = keys
            await self.recompose()
            return
        enabled = {(binding.key, binding.action): is_on for binding, is_on, _ in shown}
        if palette:
            enabled[palette.binding.key, palette.binding.action] = palette.enabled
        for key in self.query(FooterKey):
            on = enabled.get((key.key, key.action), not key._disabled)
            if on == key._disabled:
                key._disabled = not on
                key.set_class(not on, "-disabled")
