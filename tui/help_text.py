"""A game's rules help: engine/<game>/help.md split into sections '## Title {#topic-id}'."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from pathlib import Path

from engine.registry import rules_for

HEADING = re.compile(r"^##\s+(?P<title>.*?)\s*(?:\{#(?P<topic>[\w-]+)\})?\s*$")


@dataclass(frozen=True)
class Section:
    topic: str
    title: str
    body: str


def help_path(game_id: str) -> Path:
    """help.md next to the module of the game's rules (engine/<game>/help.md)."""
    return Path(inspect.getfile(type(rules_for(game_id)))).parent / "help.md"


def parse_sections(markdown: str) -> list[Section]:
    """Text before the first '##' heading becomes an 'Overview' section (if not blank)."""
    sections: list[Section] = []
    title, topic, lines = None, "overview", []
    for line in markdown.splitlines() + ["## end-of-text"]:
        match = HEADING.match(line)
        if not match:
            lines.append(line)
            continue
        body = "\n".join(lines).strip()
        if body or title is not None:
            sections.append(Section(topic, title or "Overview", body))
        title, topic, lines = match["title"], match["topic"] or slug(match["title"]), []
    return sections


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


LEAVING = Path(__file__).with_name("help_leaving.md")
"""What every game's help ends with: conceding and seats handed to a bot (saves.concessions)."""


def load_sections(game_id: str) -> list[Section]:
    try:
        return parse_sections(help_path(game_id).read_text(encoding="utf-8") + "\n"
                              + LEAVING.read_text(encoding="utf-8"))
    except OSError as error:
        return [Section("missing", "No help", f"The help for this game could not be read: {error}")]


def section_index(sections: list[Section], topic: str | None) -> int:
    """Index of the section for ``topic``; 0 when there is none."""
    return next((i for i, s in enumerate(sections) if s.topic == topic), 0)
