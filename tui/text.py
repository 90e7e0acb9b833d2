"""Small text helpers shared by the screens and the CLI: untrusted text made plain, and how
seats, players and times are written.

Every string that comes from a user, a login name, a file or a save is data. ``plain()`` turns
it into a Rich ``Text`` (never parsed as markup, so ``[/]`` or ``[link=...]`` are shown as typed)
and ``clean()`` makes its control characters visible: a C0 control becomes its Unicode control
picture (ESC shows as ␛), anything else that could steer a terminal or reorder what it shows
(C1 controls, bidi overrides and other format characters, lone surrogates, line separators)
becomes �. Each character is replaced by exactly one, so styles laid over a text stay in place.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, overload

from engine.core.seats import seat_tag
from tui.i18n import N_, _, current

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from engine.i18n import Language
    from saves.store import Seat

KINDS = {"human": N_("Human"), "greedy": N_("Easy bot"), "normal": N_("Normal bot"), "hard": N_("Hard bot"),
         "random": N_("Random bot")}
"""Seat kinds as players read them (``kind_name``): the bot levels (Easy is the greedy bot;
Normal and Hard the search bot, engine/search) and a random bot."""

_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _shown(character: str, lines: bool) -> str:
    if character == "\n":
        return "\n" if lines else "\u2424"  # ␤
    if character == "\t":
        return " "
    code = ord(character)
    if code < 0x20:
        return chr(0x2400 + code)  # the control picture: ␛ ␇ ␀ ...
    if code == 0x7F:
        return "\u2421"  # ␡
    if unicodedata.category(character) in _HIDDEN_CATEGORIES:
        return "\ufffd"
    return character


def clean(value: object, *, lines: bool = True) -> str:
    """``value`` as text with every control character made visible (one character for one);
    newlines are kept when ``lines``, else shown as ␤."""
    text = value if isinstance(value, str) else str(value)
    if text.isprintable() or (lines and text.replace("\n", "").isprintable()):  # a board's lines
        return text
    return "".join(_shown(character, lines) for character in text)


def plain(value: object, style: str = "", *, lines: bool = True) -> Text:
    """Untrusted text as a Rich Text: shown exactly as written, never as markup or control.
    (Rich loads here, not with this module: the CLI's simulate prints no Rich text.)"""
    from rich.text import Text

    return Text(clean(value, lines=lines), style=style)


@overload
def plain_renderable(renderable: RenderableType) -> RenderableType: ...


@overload
def plain_renderable(renderable: None) -> None: ...


def plain_renderable(renderable: RenderableType | None) -> RenderableType | None:
    """A board renderer's output with the control characters of its text made visible:
    a str is plain text (never markup), a Text keeps its styles, a Group is cleaned part by part."""
    from rich.console import Group
    from rich.text import Text

    if isinstance(renderable, str):
        return plain(renderable)
    if isinstance(renderable, Text):
        cleaned = renderable.copy()
        cleaned.plain = clean(renderable.plain)
        return cleaned
    if isinstance(renderable, Group):
        return Group(*(plain_renderable(part) for part in renderable.renderables))
    return renderable


def seat_label(names: list[str], seat: int) -> str:
    """'●A Alice': the seat's letter and symbol always go with the name (never colour alone).
    The name is cleaned of control characters; show the result with ``plain()``."""
    return f"{seat_tag(seat)} {clean(names[seat], lines=False)}"


def player_name(text: str) -> str:
    """A name fit for a seat: printable characters only (a login name can hold escape codes), 16 at most."""
    return "".join(ch for ch in text if ch.isprintable())[:16].strip()


def kind_name(kind: str) -> str:
    """'Easy bot': a seat kind in this terminal's language (an unknown kind as it is written)."""
    return _(KINDS[kind]) if kind in KINDS else clean(kind, lines=False)


ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st (in Japanese 1位, 2位...)."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return _(ORDINALS[suffix]).format(n=number)


def bot_mark(kind: str) -> str:
    """' (easy bot)' after the name of a player that is a bot of ``kind``; '' for a person
    (``kind`` 'human', or '' as a play record has it)."""
    return "" if kind in ("human", "") else _bot_mark(kind, current())


@lru_cache(maxsize=64)
def _bot_mark(kind: str, language: Language) -> str:
    """A kind's mark in ``language`` (a list of thousands of seats has a few kinds)."""
    return _(" ({bot})").format(bot=kind_name(kind).lower())


def seats_summary(seats: Iterable[Seat]) -> str:
    """'●A Alice, ▲B Bruno (easy bot)' for a list of saves.store.Seat."""
    return clean(", ".join(f"{seat_tag(index)} {seat.name}{bot_mark(seat.kind)}" for index, seat in enumerate(seats)),
                 lines=False)


def short_time(iso: str, compact: bool = False) -> str:
    """'2025-03-01 14:05' (in Japanese '2025年3月1日 14:05') in local time from an ISO 8601
    timestamp; ``compact``: 11 columns at most, the year left out this year and the date today
    ('14:05', '03-01 14:05', '2025-03-01'; '14:05', '3/1 14:05', '2025/03/01'). The patterns are
    Babel's (CLDR), each language's from its catalogue."""
    try:
        moment = datetime.fromisoformat(iso)
        if moment.tzinfo is not None:
            moment = moment.astimezone()
    except (TypeError, ValueError, OverflowError):
        return clean(iso or "?", lines=False)
    pattern = _("yyyy-MM-dd HH:mm")
    if compact:
        today = datetime.now(moment.tzinfo).date()
        pattern = (_("HH:mm") if moment.date() == today else
                   _("MM-dd HH:mm") if moment.year == today.year else _("yyyy-MM-dd"))
    return _date_pattern(pattern, current().code)(moment)


_NUMBERS = {"y": "year", "M": "month", "d": "day", "H": "hour", "m": "minute"}
_PATTERN_PART = re.compile(r"([yMdHm])\1*|'([^']*)'|([^A-Za-z'])+")


@lru_cache(maxsize=16)
def _date_pattern(pattern: str, code: str) -> Callable[[datetime], str]:
    """A function writing a moment as the CLDR ``pattern`` says: the numeric fields (y M d H m)
    done here, a list of thousands of saves being timed row by row; any other pattern by Babel."""
    template = ""  # for %: '%04d-%02d-...', of the numbers named in turn
    numbers = []
    at = 0
    for match in _PATTERN_PART.finditer(pattern):
        if match.start() != at:
            break
        at = match.end()
        letters, quoted = match.group(1), match.group(2)
        if letters:
            run = len(match.group(0))
            if run > 2 and letters != "y" or run == 2 and letters == "y":
                break  # a month's name, a two-digit year: Babel's
            template += f"%0{run}d" if run > 1 else "%d"
            numbers.append(_NUMBERS[letters])
        else:
            text = quoted if quoted is not None else match.group(0)
            template += text.replace("%", "%%")
    if at != len(pattern) or not numbers:
        from babel.dates import parse_pattern
        compiled = parse_pattern(pattern)
        return lambda moment: str(compiled.apply(moment, code))
    numbers_of = attrgetter(*numbers)  # fetched at once and %-formatted: a third of str.format's '{0.year:04d}'
    return lambda moment: template % numbers_of(moment)


def bound(mark: str, line: str) -> str:
    """``mark`` (a prefix such as a log line's "▸ " or a prompt's "▶ ●A "), bound to a line with
    wide characters: such a line (Japanese) has few spaces or none, and wrapping at the mark's
    spaces would leave the mark alone on a row before folding the line. Its blanks become U+2800,
    which shows as a space but is no whitespace to wrap at (a no-break space is: Rich wraps at
    any ``\\s``)."""
    from rich.cells import cell_len

    return mark if cell_len(line) == len(line) else mark.replace(" ", "\u2800")


def cut(text: str, width: int, ellipsis: str = "…") -> str:
    """``text`` in at most ``width`` terminal cells, cut with ``ellipsis`` when longer: by display
    width (a Japanese character takes two cells), never in the middle of a character."""
    from rich.cells import cell_len, get_character_cell_size

    if cell_len(text) <= width:
        return text
    room, kept = width - cell_len(ellipsis), []
    for character in text:
        room -= get_character_cell_size(character)
        if room < 0:
            break
        kept.append(character)
    return "".join(kept) + ellipsis


_WIDE = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
_OPENING = "「『（【〔［｛〈《"
_CLOSING = "、。，．）」』】〕］｝〉》：；！？…‥ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"


@lru_cache(maxsize=1)
def wrap_pieces() -> re.Pattern[str]:
    """What a line may break between (Japanese line breaking, kinsoku): spaces, each wide (CJK)
    character or run of other characters (a word), with the opening brackets before it (「（ never
    end a line) and the closing marks, small kana and ー after it (、。）」 never start one).
    Compiled when first wrapped (3 ms: not a cost of every command's start)."""
    return re.compile(rf"\s+|[{_OPENING}]*(?:[{_WIDE}]|[^\s{_WIDE}]+)[{_CLOSING}]*")


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` on lines of at most ``width`` cells (``textwrap`` counts characters, and breaks
    Japanese only at spaces): broken between words, or between any two Japanese characters; the
    lines after the first begin with ``indent`` (the first keeps its own); a word wider than a
    line is cut by cells."""
    from rich.cells import cell_len

    out: list[str] = []
    line = ""
    for piece in wrap_pieces().findall(text):
        if piece.isspace():
            if line.strip() or not out:  # the first line keeps its indentation
                line += piece
            continue
        if line.strip() and cell_len(line + piece) > width:
            out.append(line.rstrip())
            line = indent
        line = (line or (indent if out else "")) + piece
        while cell_len(line) > width > cell_len(indent) + 1:
            head = cut(line, width, "")
            out.append(head)
            line = indent + line[len(head):]
    if line.strip() or not out:
        out.append(line.rstrip())
    return out


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` cells (``str.ljust`` counts characters, not cells)."""
    from rich.cells import cell_len

    return text + " " * max(width - cell_len(text), 0)


COPY_SUFFIX = re.compile(r" \(copy(?: \d+)?\)$")
"""What an imported copy's title ends with (saves.store.SaveStore.import_)."""


def fit_title(title: str, width: int, mark: str = "") -> str:
    """A save's title and ``mark`` after it in ``width`` columns, the title cut with … but keeping
    a "(copy 2)" ending and the mark, so copies of a game, and games of one title (``mark``: what
    tells them apart), stay apart in a narrow list."""
    from rich.cells import cell_len

    title = clean(title, lines=False)
    if cell_len(title) + cell_len(mark) <= width:
        return title + mark
    ending = COPY_SUFFIX.search(title)
    tail = (ending.group(0) if ending else "") + mark
    if cell_len(tail) >= width - 4:
        tail = mark if cell_len(mark) < width - 4 else ""
    return cut(title, width - cell_len(tail) - 1, "").rstrip() + "…" + tail
