"""SVG snapshots of the main screens (review changes before `--snapshot-update`)."""

from __future__ import annotations

import pytest

from tests.tui.scenes import SCENES, SIZES, Scene, open_and_move, pantheon_mid_game, settle

SNAPSHOT_SCENES = [scene for scene in SCENES if scene.name in ("home", "new-game", "almadi-table", "end", "pantheon-table")]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", SNAPSHOT_SCENES, ids=lambda scene: scene.name)
def test_screen(scene, size, snap_compare, tmp_path):
    assert snap_compare(scene.app(tmp_path), terminal_size=size, run_before=scene.steps)


async def zoom_after_a_step(pilot) -> None:
    """Alice's foot joins Bruno's on B2, then z zooms in on the next choice highlighted."""
    await open_and_move(pilot)
    await pilot.press("1")
    await settle(pilot)
    await pilot.press("z", "down", "down")
    await settle(pilot)


PANTHEON_ZOOM = Scene("pantheon-zoom", pantheon_mid_game, zoom_after_a_step)


def test_pantheon_zoomed_map_at_80x24(snap_compare, tmp_path):
    assert snap_compare(PANTHEON_ZOOM.app(tmp_path), terminal_size=(80, 24), run_before=PANTHEON_ZOOM.steps)
