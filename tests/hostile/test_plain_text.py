"""tui.text.clean / plain: untrusted text becomes plain text with its control characters visible."""

from __future__ import annotations

import io

from rich.console import Console, Group
from rich.text import Text

from tests.hostile.corpus import HOSTILE, bad_characters
from tui.text import clean, plain, plain_renderable, seat_label, short_time


def test_control_characters_are_shown_one_for_one():
    assert clean("a\x1b[2Jb\x07") == "a␛[2Jb␇"
    assert clean("nul\x00del\x7f") == "nul␀del␡"
    assert clean("\x9b2J\u202eevil\u2028") == "�2J�evil�"
    assert clean("lone \udc80 surrogate") == "lone � surrogate"
    for text in HOSTILE:
        assert len(clean(text)) == len(text) and not bad_characters(clean(text))


def test_newlines_are_kept_or_shown_and_tabs_become_spaces():
    assert clean("two\nlines\tx") == "two\nlines x"
    assert clean("two\nlines", lines=False) == "two␤lines"


def test_printable_text_is_left_as_it_is():
    for text in ("Ann", "Élodie ★ 東京", "[/] [link=x]y[/link]", "●A Ann · 3 VP", "non\u00a0breaking"):
        assert clean(text) == text


def test_plain_is_never_markup():
    for text in HOSTILE:
        rendered = plain(text)
        assert rendered.plain == clean(text) and not rendered.spans
        console = Console(file=io.StringIO(), width=200, color_system="truecolor", force_terminal=True)
        console.print(rendered)
        assert "\x1b]8;" not in console.file.getvalue()  # no hyperlink


def test_board_output_keeps_its_styles_and_loses_its_control_characters():
    styled = Text.assemble(("Ann\x1b[2J", "bold"), " plays")
    cleaned = plain_renderable(styled)
    assert cleaned.plain == "Ann␛[2J plays" and cleaned.spans == styled.spans
    assert plain_renderable("[/]x").plain == "[/]x"  # a str is text, not markup
    group = plain_renderable(Group(Text("\x1b"), "[b]"))
    assert [part.plain for part in group.renderables] == ["␛", "[b]"]


def test_names_and_times_from_saves():
    assert seat_label(["\x1b]0;x\x07", "B"], 0) == "●A ␛]0;x␇"
    assert short_time("\x1b[2J") == "␛[2J"
    assert short_time("9999-12-31T23:59:59-23:59") == "9999-12-31T23:59:59-23:59"  # out of range here
