"""A drawing surface for boards: a grid of characters, each with a style, turned into one Rich
``Text`` with a span per run of equally styled characters (a map of a few thousand cells
renders in a few milliseconds).

A board paints terrain first, then what stands on it: a later ``put`` replaces the character
and, unless it gives none, the style (``keep_style``: only the character, e.g. a glyph drawn on
a tile's fill).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Span, Text


class Canvas:
    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str | Style]] = [[""] * width for _ in range(height)]

    def put(self, row: int, col: int, char: str, style: str | Style | None = "") -> None:
        """One character (outside the canvas: ignored); ``style`` None keeps the cell's style."""
        if 0 <= row < self.height and 0 <= col < self.width:
            self.chars[row][col] = char
            if style is not None:
                self.styles[row][col] = style

    def write(self, row: int, col: int, text: str, style: str | Style | None = "") -> None:
        """``text`` from (row, col); a wide character takes two cells, the second left empty ("")."""
        for char in text:
            self.put(row, col, char, style)
            if cell_len(char) == 2:
                col += 1
                self.put(row, col, "", style)
            col += 1

    def fill(self, row: int, col: int, width: int, height: int, char: str, style: str | Style | None = "") -> None:
        for line in range(row, row + height):
            for column in range(col, col + width):
                self.put(line, column, char, style)

    def style(self, row: int, col: int, width: int, style: str | Style) -> None:
        """Restyle ``width`` cells from (row, col), their characters kept."""
        for column in range(max(col, 0), min(col + width, self.width)):
            if 0 <= row < self.height:
                self.styles[row][column] = style

    def emphasise(self, row: int, col: int, width: int, height: int, style: Style) -> None:
        """Add ``style`` (e.g. reverse video) to the cells of a box, their own styles kept."""
        for line in range(max(row, 0), min(row + height, self.height)):
            for column in range(max(col, 0), min(col + width, self.width)):
                old = self.styles[line][column]
                self.styles[line][column] = (Style.parse(old) if isinstance(old, str) else old) + style

    def char(self, row: int, col: int) -> str:
        return self.chars[row][col] if 0 <= row < self.height and 0 <= col < self.width else " "

    def text(self) -> Text:
        """The canvas as one text, no wrapping; trailing unstyled blanks of each line dropped."""
        plain: list[str] = []
        spans: list[Span] = []
        at = 0
        for index, (chars, styles) in enumerate(zip(self.chars, self.styles)):
            if index:
                plain.append("\n")
                at += 1
            last = len(chars)
            while last and chars[last - 1] == " " and not styles[last - 1]:
                last -= 1
            offsets = [0]
            for char in chars[:last]:
                offsets.append(offsets[-1] + len(char))
            start = 0
            while start < last:
                style = styles[start]
                end = start + 1
                while end < last and styles[end] == style:
                    end += 1
                if style:
                    spans.append(Span(at + offsets[start], at + offsets[end], style))
                start = end
            plain.append("".join(chars[:last]))
            at += offsets[last]
        return Text("".join(plain), spans=spans, no_wrap=True)
