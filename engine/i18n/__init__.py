"""The app's languages: English, in which every text is written (its own message id), and the
languages of the catalogues kept beside this module (``<code>.po``, gettext's format; ``make i18n``
extracts new strings into ``messages.pot`` and merges them into each catalogue).

A catalogue is compiled in memory from its ``.po`` the first time its language is wanted (Babel
reads it, ``gettext`` answers from it): the ``.po`` is the only file, so a clean clone, an editable
install and ``pip install .`` all read the same text, and no build step can leave a stale ``.mo``
behind. English needs no catalogue and loads nothing.

The engine may use this module (the stdlib's ``gettext``, and Babel to read a catalogue); it
knows nothing of the UI.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping
from functools import cache
from pathlib import Path

CATALOGUES = Path(__file__).parent
ENGLISH_CODE = "en"
LANGUAGES = {"en": "English", "ja": "日本語"}
"""The languages the app speaks, by code, each named in itself."""


def N_(message: str) -> str:
    """Marks a text for the catalogue where it is written (a constant, a table of names); it is
    translated where it is shown."""
    return message


class Language:
    """A language's catalogue: ``gettext`` and ``ngettext`` as the stdlib has them."""

    def __init__(self, code: str, translations: gettext.NullTranslations):
        self.code = code
        self.translations = translations

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message) if message else message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        """``gettext`` of a word whose translation depends on where it is said."""
        return self.translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        """``ngettext`` of a word whose translation depends on where it is said (one game's word for
        a thing another game names otherwise)."""
        return self.translations.npgettext(context, singular, plural, count)

    def translated(self, message: str) -> bool:
        """Whether the catalogue has ``message`` (English has every message: it is its own)."""
        if self.code == ENGLISH_CODE:
            return True
        catalog: dict[object, str] = getattr(self.translations, "_catalog", {})
        return message in catalog or any(isinstance(key, tuple) and key[0] == message for key in catalog)

    def __repr__(self) -> str:
        return f"Language({self.code!r})"


ENGLISH = Language(ENGLISH_CODE, gettext.NullTranslations())


@cache
def language(code: str) -> Language:
    """The language of ``code`` ("en", "ja"); an unknown code is English."""
    path = CATALOGUES / f"{code}.po"
    if code == ENGLISH_CODE or code not in LANGUAGES or not path.is_file():
        return ENGLISH
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=code)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Language(code, gettext.GNUTranslations(compiled))


def code_from_environment(environ: Mapping[str, str]) -> str:
    """The language the locale variables ask for, as gettext reads them (the first of LC_ALL,
    LC_MESSAGES, LANG that is set): Japanese for ``ja*``, else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            return "ja" if value.lower().startswith("ja") else ENGLISH_CODE
    return ENGLISH_CODE
