"""Text is cut and padded by display width: a Japanese character takes two cells, and a cut never
falls in the middle of one."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from tui.boards.text import clip
from tui.text import cut, fit_title, pad, wrap

LABEL = "コマンダーボーナスをアクションの前に"  # 18 characters, 36 cells


def test_a_japanese_label_cut_at_an_odd_width_ends_with_an_ellipsis_on_a_whole_character():
    for width in (7, 9, 15, 35):
        shown = cut(LABEL, width)
        assert shown.endswith("…") and LABEL.startswith(shown[:-1])
        assert cell_len(shown) == width  # (width - 1) // 2 characters and the ellipsis
    assert cut(LABEL, 7) == "コマン…"
    assert cut(LABEL, 36) == LABEL and cut("Stop", 4) == "Stop"


def test_padding_counts_cells():
    assert pad("建設", 6) == "建設  " and cell_len(pad("建設", 6)) == 6
    assert pad("Build", 3) == "Build"


def test_board_lines_and_titles_fit_their_columns_in_japanese():
    assert clip("ドラクマを得る", 6) == "ドラ~" and clip("abcdef", 4) == "abc~"
    title = fit_title("テーバイの夜の対局", 10, " (2)")
    assert title == "テー… (2)" and cell_len(title) <= 10


NOT_STARTING = "、。）」』：！？ーっ"
"""What Japanese line breaking (kinsoku) never puts at the start of a line."""


@pytest.mark.parametrize("width", range(8, 21))
def test_japanese_wrapping_starts_no_line_with_a_closing_mark_nor_ends_one_with_an_opening_one(width):
    text = "各プレイヤーは「アルコーン」（執政官）を1つ受け取り、カドメイアにxyz」を置く。ホプリタイ：3つ！"
    lines = wrap(text, width)
    assert "".join(lines) == text
    assert all(cell_len(line) <= width for line in lines)
    assert [line for line in lines[1:] if line[0] in NOT_STARTING] == []
    assert [line for line in lines[:-1] if line[-1] in "「（"] == []


def test_a_closing_mark_after_a_latin_word_stays_with_it():
    assert wrap("カドメイアA、B。xyz」は", 10) == ["カドメイア", "A、B。", "xyz」は"]
    assert wrap("aaaa bbbb「カドメイア」を置く。", 10) == ["aaaa bbbb", "「カドメイ", "ア」を置", "く。"]
