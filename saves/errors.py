"""The base of the errors about saves, in a module of its own: the command line catches it
before (and without) loading the storage."""

from engine.core.text import SaidError


class SaveError(SaidError):
    """Base of the errors about saves, each saying what went wrong as a sentence for a person
    (``said``: put into words in the reader's language where it is shown)."""
