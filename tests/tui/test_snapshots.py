"""SVG snapshots of the main screens (review changes before `--snapshot-update`)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from tests.tui.scenes import EDITOR_KINDS, SCENES, SIZES, box_with_changes, open_editor


@pytest.fixture(autouse=True)
def utc() -> Iterator[None]:
    """Times are shown in the local time zone: the snapshots are taken in UTC, wherever they run."""
    zone = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if zone is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = zone
    time.tzset()

SNAPSHOT_SCENES = [scene for scene in SCENES
                   if scene.name in ("home", "new-game", "almadi-table", "end", "pantheon-table", "stats",
                                     "stats-chart", "thebai-table", "polis-table", "home-your-move", "resume-mine",
                                     "table-talk")]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", SNAPSHOT_SCENES, ids=lambda scene: scene.name)
def test_screen(scene, size, snap_compare, tmp_path):
    assert snap_compare(scene.app(tmp_path), terminal_size=size, run_before=scene.steps)


REVIEW = next(scene for scene in SCENES if scene.name == "review")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_review_of_a_finished_game(size, snap_compare, tmp_path):
    """The chart of every seat's win chance, ●A's largest drops and the first one's detail (a kept
    review: the canned search's)."""
    assert snap_compare(REVIEW.app(tmp_path), terminal_size=size, run_before=REVIEW.steps)


def test_the_review_under_no_color_at_80x24(snap_compare, tmp_path, monkeypatch):
    """The seats told apart on the chart by their markers alone."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(REVIEW.app(tmp_path), terminal_size=(80, 24), run_before=REVIEW.steps)


READING_AIDS = [scene for scene in SCENES
                if scene.name in ("thebai-log", "thebai-choice", "thebai-reading", "thebai-hint")]


@pytest.mark.parametrize("scene", READING_AIDS, ids=lambda scene: scene.name)
def test_what_helps_read_the_table_at_80x24(scene, snap_compare, tmp_path):
    """The whole log, the whole choice, the legend in the help and the hint panel, at 80x24."""
    assert snap_compare(scene.app(tmp_path), terminal_size=(80, 24), run_before=scene.steps)


PANTHEON_ZOOM = next(scene for scene in SCENES if scene.name == "pantheon-zoom")


def test_pantheon_zoomed_map_at_80x24(snap_compare, tmp_path):
    assert snap_compare(PANTHEON_ZOOM.app(tmp_path), terminal_size=(80, 24), run_before=PANTHEON_ZOOM.steps)


TABLE_SCENES = [scene for scene in SCENES
                if scene.name in ("almadi-table", "pantheon-table", "thebai-table", "polis-table")]


@pytest.mark.parametrize("scene", TABLE_SCENES, ids=lambda scene: scene.name)
def test_a_table_at_200x60(scene, snap_compare, tmp_path):
    """The room of a large terminal: bigger tiles, outlined hexes, every panel at once."""
    assert snap_compare(scene.app(tmp_path), terminal_size=(200, 60), run_before=scene.steps)


@pytest.mark.parametrize("size", [*SIZES, (200, 60)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", TABLE_SCENES, ids=lambda scene: scene.name)
def test_a_table_under_no_color(scene, size, snap_compare, tmp_path, monkeypatch):
    """Glyphs and attributes only: tiles, terrain, pieces and keys still tell apart."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(scene.app(tmp_path), terminal_size=size, run_before=scene.steps)


@pytest.mark.parametrize("scene", TABLE_SCENES, ids=lambda scene: scene.name)
def test_a_table_in_the_light_theme_at_160x50(scene, snap_compare, tmp_path):
    """The boards' colours (mid-tones, fills with their own ink) read on a light background too."""
    async def light(pilot):
        pilot.app.theme = "textual-light"
        await scene.steps(pilot)

    assert snap_compare(scene.app(tmp_path), terminal_size=(160, 50), run_before=light)


IN_JAPANESE = [scene for scene in SCENES
               if scene.name in ("home", "thebai-table", "almadi-table", "pantheon-table", "polis-table")]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", IN_JAPANESE, ids=lambda scene: scene.name)
def test_home_and_tables_in_japanese(scene, size, snap_compare, tmp_path):
    """Wide characters take two cells: the menu, the footer, the prompt, the choices, the log and
    the score panel line up, and nothing is cut in the middle of a character."""
    assert snap_compare(scene.app(tmp_path, language="ja"), terminal_size=size, run_before=scene.steps)


JAPANESE_SCREENS = [scene for scene in SCENES
                    if scene.name in ("new-game", "end", "assistant-sheet", "resume-mine", "review")]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("scene", JAPANESE_SCREENS, ids=lambda scene: scene.name)
def test_screens_in_japanese(scene, size, snap_compare, tmp_path):
    """Titles, columns, labels and the footer in Japanese, each in its cells (cut with … where
    the room runs out, never in the middle of a character)."""
    assert snap_compare(scene.app(tmp_path, language="ja"), terminal_size=size, run_before=scene.steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("form", [False, True], ids=["records", "form"])
@pytest.mark.parametrize(("game", "file"), EDITOR_KINDS, ids=lambda value: value)
def test_the_component_editor(game, file, form, size, snap_compare, tmp_path):
    """A kind's records drawn as the board draws them (the first one the set's own, with its
    problem), and that record's form."""
    from functools import partial

    from tests.tui.helpers import make_app

    box_with_changes(tmp_path)
    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=partial(open_editor, game=game, file=file,
                                                                                    form=form))
