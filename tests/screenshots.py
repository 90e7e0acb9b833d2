"""`make screenshots`: regenerate screenshots/*.svg from the fixed scenes of tests/tui/scenes.py
(the tables also under NO_COLOR)."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

from tests.tui.scenes import COMPONENT_SCENES, SCENES

OUT = Path(__file__).resolve().parent.parent / "screenshots"
SIZES = ((80, 24), (160, 50), (200, 60))
NO_COLOR_SCENES = ("almadi-table", "pantheon-table", "thebai-table", "polis-table")
"""Scenes also shot under NO_COLOR: glyphs and attributes only."""
JAPANESE_SCENES = ("home", "thebai-table")
"""Scenes also shot in Japanese (``-ja`` in the file name)."""


async def shoot(scene, size: tuple[int, int], no_color: bool = False, language: str | None = None) -> Path:
    with tempfile.TemporaryDirectory() as folder:
        def make():
            return scene.app(Path(folder), language=language)

        app = without_color(make) if no_color else make()
        async with app.run_test(size=size) as pilot:
            await scene.steps(pilot)
            name = (f"{scene.name}{'-no-color' if no_color else ''}{f'-{language}' if language else ''}"
                    f"-{size[0]}x{size[1]}.svg")
            app.save_screenshot(name, str(OUT))
    return OUT / name


def without_color(make):
    """The app ``make()`` builds under NO_COLOR (read as it starts; the environment is restored)."""
    os.environ["NO_COLOR"] = "1"
    try:
        return make()
    finally:
        del os.environ["NO_COLOR"]


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for scene in (*SCENES, *COMPONENT_SCENES):
        for size in SIZES:
            print(asyncio.run(shoot(scene, size)))
            if scene.name in NO_COLOR_SCENES:
                print(asyncio.run(shoot(scene, size, no_color=True)))
            if scene.name in JAPANESE_SCENES:
                print(asyncio.run(shoot(scene, size, language="ja")))


if __name__ == "__main__":
    main()
