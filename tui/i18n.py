"""The language this terminal's player reads (engine/i18n): one per app process (an SSH or web
player has a process of their own), chosen by ``tabula --lang``, the player's setting
(saves/settings.py) or the locale variables, in that order.

Texts are written in English and marked where they are written: ``_("...")`` in code that runs
when the text is shown, ``N_("...")`` for a constant (a menu, a binding's label), translated by
``_`` where it is shown. ``make i18n`` extracts both.
"""

from __future__ import annotations

import os

from engine.core.text import Say, Words, said_of
from engine.i18n import ENGLISH, LANGUAGES, N_, Language, code_from_environment, language

__all__ = ["N_", "_", "ngettext", "current", "use", "chosen", "spoken"]

_current = [ENGLISH]


def current() -> Language:
    return _current[0]


def use(code: str) -> Language:
    """Read ``code`` from now on (an unknown code: English)."""
    _current[0] = language(code)
    return _current[0]


def chosen(asked: str | None, setting: str | None) -> str:
    """The language to use: the one asked for on the command line, else the player's setting,
    else what the locale variables say."""
    for code in (asked, setting):
        if code in LANGUAGES:
            return code
    return code_from_environment(os.environ)


def _(message: str) -> str:
    """``message`` in this terminal's language."""
    return _current[0].gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular`` / ``plural`` for ``count`` in this terminal's language."""
    return _current[0].ngettext(singular, plural, count)


def spoken(message: object) -> str:
    """What the engine or the saves layer says, in this terminal's language: a ``Say``, an error
    keeping one (``said_of``), or anything else as its text."""
    if isinstance(message, BaseException):
        message = said_of(message)
    return Words([], language=_current[0])(message) if isinstance(message, Say) else str(message)
