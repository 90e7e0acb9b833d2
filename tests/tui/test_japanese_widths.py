"""The width check of the Japanese catalogue: at 80x24, every text the app puts in a place of a
fixed width (a footer key's label, a list's column header, a menu row, a tab) fits it whole in
Japanese, or is cut by display width and ends with an ellipsis. The places are read from the
screens themselves, as laid out, on the scenes of the snapshot tests. (A panel's border title is
cut by Textual itself, by cells, with '…'. The command palette's key, docked right, may cover the
last key where the keys are many, in English as in Japanese: not a text of the catalogue.)"""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable, OptionList, Tab

from tests.tui.helpers import pilot_test
from tests.tui.scenes import SCENES
from tui.compat import FooterKey
from tui.i18n import current
from tui.widgets.row_list import RowList

WIDTH, HEIGHT = 80, 24
LANG = "ja"
MENUS = ("menu", "settings", "games", "tools", "seat-choices")
"""The lists of short rows, one line each (the choice list, the checklist's steps and the
review's drops are prose: their rows wrap or are cut by their own Text)."""
SCREENS = [scene for scene in SCENES if scene.name in (
    "home", "new-game", "resume-mine", "end", "review", "stats", "assistant-sheet", "assistant-checklist",
    "thebai-table", "almadi-table", "polis-table", "pantheon-table", "table-talk")]


def misfits(screen) -> list[str]:
    """The fixed-width texts of ``screen`` that neither fit their place nor end with '…'."""
    found = []
    keys = [key for key in screen.query(FooterKey) if key.display]
    own = [key for key in keys if not key.has_class("-command-palette")]
    for key in keys:
        label = key.render().plain
        hidden = key in own and any(other is not key and other.region.overlaps(key.content_region) for other in own)
        if cell_len(label) > key.content_region.width or key.region.right > WIDTH or hidden:
            found.append(f"footer key {label!r}: {key.region}")
    for table in screen.query(DataTable):
        for column in table.columns.values():
            label = str(column.label)
            if cell_len(label) > column.get_render_width(table) - 2 * table.cell_padding:
                found.append(f"column {label!r}: {column.width} cells")
    for rows in screen.query(RowList):
        for label, width in zip(rows.headers, rows.widths):
            if cell_len(label) > width:
                found.append(f"column {label!r}: {width} cells")
    for menu in screen.query(OptionList):
        room = menu.scrollable_content_region.width
        for option in menu.options if menu.id in MENUS and menu.display else ():
            shown = str(option.prompt)
            if cell_len(shown) > room and not shown.endswith("…"):
                found.append(f"menu row {shown!r}: {room} cells")
    for tab in screen.query(Tab):
        if cell_len(tab.label.plain) > tab.region.width:
            found.append(f"tab {tab.label.plain!r}: {tab.region.width} cells")
    return found


@pytest.mark.parametrize("scene", SCREENS, ids=lambda scene: scene.name)
@pilot_test
async def test_every_japanese_text_in_a_fixed_place_fits_it_at_80x24(scene, tmp_path):
    app = scene.app(tmp_path, language=LANG)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await scene.steps(pilot)
        assert current().code == LANG
        assert misfits(app.screen) == []
