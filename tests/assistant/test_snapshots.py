"""SVG snapshots of the table assistant at 80x24 (review changes before `--snapshot-update`)."""

from __future__ import annotations

import pytest

from tests.tui.scenes import SCENES

ASSISTANT_SCENES = [scene for scene in SCENES if scene.name.startswith("assistant-")]


@pytest.mark.parametrize("scene", ASSISTANT_SCENES, ids=lambda scene: scene.name)
def test_assistant_screen(scene, snap_compare, tmp_path):
    assert snap_compare(scene.app(tmp_path), terminal_size=(80, 24), run_before=scene.steps)
