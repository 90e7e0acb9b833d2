"""The base of the errors about saves, in a module of its own: the command line catches it
before (and without) loading the storage."""


class SaveError(Exception):
    """Base of the errors about saves, each with a message fit to show a person."""
