"""SVG snapshots of the rules help (F1) in Japanese, opened at the table's decision: the topics
and the section wrap by display width, nothing cut in the middle of a character."""

from __future__ import annotations

import pytest

from tests.tui.helpers import settle
from tests.tui.scenes import SCENES, SIZES, Scene

TABLES = {scene.name: scene for scene in SCENES
          if scene.name in ("thebai-table", "almadi-table", "polis-table", "pantheon-table")}


def with_help(table: Scene) -> Scene:
    async def steps(pilot) -> None:
        await table.steps(pilot)
        await pilot.press("f1")
        await settle(pilot)

    return Scene(f"{table.name}-help", table.prepare, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("table", TABLES.values(), ids=list(TABLES))
def test_the_rules_help_in_japanese(table, size, snap_compare, tmp_path):
    scene = with_help(table)
    assert snap_compare(scene.app(tmp_path, language="ja"), terminal_size=size, run_before=scene.steps)
