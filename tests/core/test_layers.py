"""The import graph keeps its layers: the engine's core imports nothing above it (games, the
search, the saves, the app), the engine nothing from the saves or the app, and the command line
and the servers import each other one way only (the CLI starts the servers)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imports() -> dict[str, set[str]]:
    """Every module of the project with every module it imports (at its top or in a function)."""
    found: dict[str, set[str]] = {}
    for path in [*ROOT.glob("engine/**/*.py"), *ROOT.glob("saves/**/*.py"), *ROOT.glob("tui/**/*.py")]:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
        name = ".".join(parts if parts[-1] != "__init__" else parts[:-1])
        targets = found.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                targets.add(".".join([*base, *([node.module] if node.module else [])]))
    return found


def inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def crossings(graph: dict[str, set[str]], source: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(f"{module} -> {target}" for module, targets in graph.items() if inside(module, source)
                  for target in targets if any(inside(target, package) for package in forbidden))


def test_the_engine_core_imports_nothing_above_it():
    graph = imports()
    above = ("engine.almadi", "engine.pantheon", "engine.polis", "engine.thebai", "engine.search", "engine.assistant",
             "engine.bots", "engine.registry", "saves", "tui")
    assert crossings(graph, "engine.core", above) == []


def test_the_engine_imports_nothing_from_the_saves_or_the_app():
    assert crossings(imports(), "engine", ("saves", "tui", "textual", "tinydb")) == []


def test_the_servers_never_import_the_command_line():
    assert crossings(imports(), "tui.serve", ("tui.cli",)) == []
