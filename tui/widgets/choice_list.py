"""The list of legal choices: arrow keys + Enter, a key for each (tui/choice_keys.py), mouse.

A list longer than the keys is shown a page at a time: ``>`` and ``<`` (or the arrow keys past
a page's end) turn the pages, and the keys belong to the page shown (``ChoicePageTurned`` tells
the table, whose boards mark the choices of the other pages with ``>`` and ``<``). A standing
choice (pass, end the turn, done...) is shown last on every page, always with the same key.

Lines too long for the list lose the words every choice starts with (the list's title names
them), so each line shows what tells it apart from the others; the highlighted choice is shown
under the list (``ChoiceDetail``): whole, or as much as fits, ending with ``CUT`` (``?`` shows it
whole)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rich.console import Console
from rich.text import Text
from textual.css.scalar import Scalar
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core.contract import Choice
from tui.choice_keys import ChoicePages
from tui.compat import KeepsOptionsOnResize, PaintedScrollBars
from tui.i18n import N_, _
from tui.messages import ChoiceMade, ChoicePageTurned
from tui.text import clean, plain

TITLE = N_("Choices")
NARROW = 29
"""The width of the list's lines at 80 columns (a 34-column side, less the border, the padding
and the scrollbar's column)."""


def choice_prompt(key: str, choice: Choice, shared: str = "") -> Text:
    """One line: key, label (less ``shared``, the words it begins with like most others: '…'
    stands for them), hint (cut with … when too long; the full choice shows below)."""
    label = clean(choice.label, lines=False)
    if shared and label.startswith(shared):
        label = "…" + label[len(shared):]
    text = Text.assemble((f"{key} ", "bold"), label, no_wrap=True, overflow="ellipsis")
    if choice.hint:
        text.append(f"  {clean(choice.hint, lines=False)}", style="dim italic")
    return text


def shared_start(labels: list[str]) -> str:
    """The longest run of whole words (5+ characters) that at least two thirds of ``labels``
    (and two or more) begin with, each keeping a word of its own; '' if none."""
    if len(labels) < 3:
        return ""
    starts: Counter[str] = Counter()
    for label in labels:
        words = label.split(" ")
        starts.update(" ".join(words[:count]) + " " for count in range(1, len(words)))
    needed = max(2, -(-2 * len(labels) // 3))
    common = [start for start, count in starts.items() if count >= needed and len(start) >= 5]
    return max(common, key=len, default="")


CUT = "… ?: all"
"""How the detail of a choice too long for its rows ends: the key that shows it whole."""


def choice_detail(choice: Choice) -> Text:
    return Text.assemble((clean(choice.label), "bold"), (f" — {clean(choice.hint)}" if choice.hint else "", "italic"))


def fitted(text: Text, console: Console, width: int, rows: int) -> Text:
    """``text`` wrapped to ``width``: whole if it takes ``rows`` lines or fewer, else its first
    ``rows`` lines, the last ending with ``CUT``."""
    lines = text.wrap(console, width)
    if len(lines) <= rows:
        return text
    last = lines[rows - 1]
    last.rstrip()
    last.truncate(width - len(CUT))
    last.rstrip()
    last.append(CUT, style="bold")
    return Text("\n").join([*lines[:rows - 1], last])


class ChoiceDetail(Static):
    """The highlighted choice under the list, as much of it as its rows (its ``max-height``) hold."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.choice: Choice | None = None
        self._fitted: tuple[Choice, int, Scalar | None] | None = None
        """The choice shown, with the width and rows it was fitted to."""

    def show(self, choice: Choice | None) -> None:
        self.choice = choice
        self.display = choice is not None
        self.fit()

    def fit(self) -> None:
        """Show the choice's detail at the width and rows the layout gave it (whole until then);
        not again when fitted to them already (a move's layout changes its height alone: fitted
        again, it was wrapped and measured once more)."""
        if self.choice is None:
            return
        # While hidden (a curtain over the table), the width it had: the layout that shows it again
        # most often gives it that width, and the detail is not fitted once more.
        width = self.content_region.width or (self._fitted[1] if self._fitted else 0)
        limit = self.styles.max_height
        if self._fitted == (self.choice, width, limit):
            return
        self._fitted = self.choice, width, limit
        text = choice_detail(self.choice)
        if width and limit is not None and limit.is_cells:
            text = fitted(text, self.app.console, width, int(limit.value))
        self.update(text)

    def on_resize(self) -> None:
        self.fit()


class ChoiceList(KeepsOptionsOnResize, PaintedScrollBars):
    """Shows choices one per line with their hints, a page at a time; posts ChoiceMade when
    one is picked."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None,
                 on_highlight: Callable[[Choice | None], None] | None = None) -> None:
        """``on_highlight``: called with the highlighted choice as soon as it changes, so that
        what follows it is painted with the list's own repaint (a message would reach the screen
        after that paint, and follow a frame later)."""
        super().__init__(name=name, id=id, classes=classes)
        self.choices: tuple[Choice, ...] = ()
        self.pages = ChoicePages(())
        self.page = 0
        """The page shown (0-based)."""
        self.shown: list[tuple[str, Choice]] = []
        """The choices of the page shown, each with its key."""
        self.on_highlight = on_highlight

    def show(self, choices: list[Choice] | tuple[Choice, ...]) -> None:
        self.choices = tuple(choices)
        self.pages = ChoicePages(self.choices)
        self.show_page(0)

    def show_page(self, page: int, highlighted: int = 0) -> None:
        """Show ``page`` of the choices, its ``highlighted``-th one highlighted (-1: the last)."""
        self.page = page
        self.shown = shown = self.pages.page(page)
        choices = [choice for _, choice in shown]
        width = self.scrollable_content_region.width or NARROW
        lines = [clean(f"{c.label}  {c.hint}" if c.hint else c.label, lines=False) for c in choices]
        cut = any(len(line) + 2 > width for line in lines)
        shared = shared_start([clean(c.label, lines=False) for c in choices]) if cut else ""
        title = f"{_(TITLE)} {page + 1}/{self.pages.count} (< >)" if self.pages.count > 1 else _(TITLE)
        self.border_title = plain(f"{title}: {shared.strip()} …" if shared else title, lines=False)
        self.set_options(Option(choice_prompt(key, c, shared), id=c.id) for key, c in shown)
        if choices:
            self.highlighted = highlighted % len(choices)

    def turn_page(self, step: int, highlighted: int = 0) -> bool:
        """Show the page ``step`` pages on (back, when negative), if there is one."""
        page = self.page + step
        if not 0 <= page < self.pages.count or page == self.page:
            return False
        self.show_page(page, highlighted)
        self.post_message(ChoicePageTurned(page))
        return True

    def highlight_choice(self, index: int) -> None:
        """Highlight the ``index``-th choice of the whole list (0-based), turning to its page."""
        choice = self.choices[index]
        page = self.pages.page_of(choice)
        if page is not None and page != self.page:
            self.turn_page(page - self.page)
        self.highlighted = [shown for _, shown in self.shown].index(choice)

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if self.on_highlight is not None:
            self.on_highlight(self.highlighted_choice())

    def action_cursor_down(self) -> None:
        if self.highlighted == self.option_count - 1 and self.turn_page(1):
            return
        super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted == 0 and self.turn_page(-1, -1):
            return
        super().action_cursor_up()

    def pick(self, key: str) -> None:
        """Pick the choice shown with ``key``, if there is one."""
        picked = next((choice for shown, choice in self.shown if shown == key), None)
        if picked is not None:
            self.post_message(ChoiceMade(picked.id))

    def key_of(self, choice: Choice) -> str:
        """The key ``choice`` is shown with on the page shown ('' when it is not shown)."""
        return next((key for key, shown in self.shown if shown is choice), "")

    def highlighted_choice(self) -> Choice | None:
        index, shown = self.highlighted, self.shown
        return shown[index][1] if index is not None and index < len(shown) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(ChoiceMade(self.shown[event.option_index][1].id))
