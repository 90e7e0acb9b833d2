"""``python -m engine.i18n.untranslated``: how many messages of each catalogue have no
translation yet (empty or fuzzy), as ``make i18n`` reports them; ``-v`` lists them."""

from __future__ import annotations

import sys

from babel.messages.pofile import read_po

from engine.i18n import CATALOGUES, ENGLISH_CODE, LANGUAGES


def untranslated(code: str) -> tuple[list[str], int]:
    """The message ids of ``code``'s catalogue without a usable translation, and how many it has."""
    with (CATALOGUES / f"{code}.po").open("rb") as po:
        catalog = read_po(po, locale=code)
    messages = [message for message in catalog if message.id]
    missing = [message.id if isinstance(message.id, str) else message.id[0] for message in messages
               if message.fuzzy or not (all(message.string) if isinstance(message.string, tuple) else message.string)]
    return missing, len(messages)


def main(argv: list[str]) -> int:
    for code in LANGUAGES:
        if code == ENGLISH_CODE:
            continue
        missing, total = untranslated(code)
        print(f"{code}: {len(missing)} untranslated of {total}")
        if "-v" in argv:
            print("".join(f"  {message}\n" for message in missing), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
