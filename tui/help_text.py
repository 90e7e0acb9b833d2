"""A game's rules help: engine/<game>/help.md split into sections '## Title {#topic-id}'.

A language other than English has its own file beside the English one (help.ja.md beside help.md),
with the same topic ids, so a decision's topic opens the same section in every language; a game
whose help is not written in the reader's language shows the English file.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from pathlib import Path

from engine.i18n import ENGLISH_CODE
from engine.registry import rules_for
from tui.i18n import _

HEADING = re.compile(r"^##\s+(?P<title>.*?)\s*(?:\{#(?P<topic>[\w-]+)\})?\s*$")


@dataclass(frozen=True)
class Section:
    topic: str
    title: str
    body: str


def help_path(game_id: str) -> Path:
    """help.md next to the module of the game's rules (engine/<game>/help.md)."""
    return Path(inspect.getfile(type(rules_for(game_id)))).parent / "help.md"


def in_language(path: Path, code: str) -> Path:
    """``path``'s translation into ``code`` (help.ja.md beside help.md) if there is one, else ``path``."""
    translated = path.with_suffix(f".{code}{path.suffix}")
    return translated if code != ENGLISH_CODE and translated.is_file() else path


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


def load_sections(game_id: str, code: str = ENGLISH_CODE) -> list[Section]:
    """The game's help in the language ``code``, each file falling back to English on its own."""
    try:
        return parse_sections(in_language(help_path(game_id), code).read_text(encoding="utf-8") + "\n"
                              + in_language(LEAVING, code).read_text(encoding="utf-8"))
    except OSError as error:
        return [Section("missing", _("No help"),
                        _("The help for this game could not be read: {error}").format(error=error))]


def section_index(sections: list[Section], topic: str | None) -> int:
    """Index of the section for ``topic``; 0 when there is none."""
    return next((i for i, s in enumerate(sections) if s.topic == topic), 0)
