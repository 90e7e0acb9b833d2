"""Text is cut and padded by display width: a Japanese character takes two cells, and a cut never
falls in the middle of one."""

from __future__ import annotations

from rich.cells import cell_len

from tui.boards.text import clip
from tui.text import cut, fit_title, pad

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
