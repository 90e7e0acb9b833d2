"""`make screenshots`: regenerate screenshots/*.svg from the fixed scenes of tests/tui/scenes.py."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from tests.tui.scenes import SCENES

OUT = Path(__file__).resolve().parent.parent / "screenshots"
SIZES = ((80, 24), (160, 50), (200, 60))


async def shoot(scene, size: tuple[int, int]) -> Path:
    with tempfile.TemporaryDirectory() as folder:
        app = scene.app(Path(folder))
        async with app.run_test(size=size) as pilot:
            await scene.steps(pilot)
            name = f"{scene.name}-{size[0]}x{size[1]}.svg"
            app.save_screenshot(name, str(OUT))
    return OUT / name


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for scene in SCENES:
        for size in SIZES:
            print(asyncio.run(shoot(scene, size)))


if __name__ == "__main__":
    main()
