"""Reading a file Tabula did not write itself (or that anybody may have changed since): the one
way every reader in Tabula does it (saves, sheets, the index, seat leases, play records, score
sheets, component data, files named on the command line).

- ``read_regular_file``: a regular file only (a FIFO, a device, a folder is never opened in a
  way that could block, nor read), at most ``limit`` bytes (a file growing past it, or
  /dev/zero behind a link, is never read whole);
- ``parse_json``: UTF-8 JSON, nested at most MAX_DEPTH deep, with no NaN or infinity (Python's
  json reads them, JSON has none), and no number too long to read; anything else is an
  UnreadableFile saying why.

What the data means is then checked by the reader (types, ranges, counts, lengths) before use.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

from engine.core.text import SaidError, Say

Signature = tuple[int, int, int]
"""A file's (inode, mtime in ns, size): every atomic replace changes it."""

MAX_DEPTH = 64
"""How deep a file's JSON may nest (Tabula's own files nest 10 levels at most): whatever reads
the data later may walk it recursively without running out of stack."""


class ComponentDataError(ValueError):
    """A component data file that cannot be used; the message says where and why (here, not
    with the components: the command line catches it before it has loaded them)."""


class UnreadableFile(SaidError, ValueError):
    """A file that cannot be used as it is; ``said`` says why ('it is not a regular file')."""


def read_regular_file(path: Path, limit: int, *, follow: bool = False) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; None if there is
    no file. UnreadableFile for anything else: a FIFO, device, folder or (unless ``follow``)
    symbolic link, never opened in a way that could block; a file too large; one that cannot be
    read. ``follow``: a link is followed to the file it names (a file the user named)."""
    read = read_regular_file_signed(path, limit, follow=follow)
    return None if read is None else read[0]


def read_regular_file_signed(path: Path, limit: int, *, follow: bool = False) -> tuple[bytes, Signature] | None:
    """``read_regular_file`` with the signature of the file read (taken on the open file)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as error:
        if not follow and os.path.islink(path):
            raise UnreadableFile(Say("it is a symbolic link, not a file")) from error
        raise UnreadableFile(Say("it cannot be opened ({error})", error=error.strerror)) from error
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(Say("it is not a regular file"))
        if info.st_size > limit:
            raise UnreadableFile(Say("it is too large ({size:,} bytes; at most {limit:,})", size=info.st_size,
                                     limit=limit))
        chunks, size = [], 0
        while chunk := os.read(fd, min(65536, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise UnreadableFile(Say("it is too large (more than {limit:,} bytes)", limit=limit))
        return b"".join(chunks), (info.st_ino, info.st_mtime_ns, info.st_size)
    except OSError as error:
        raise UnreadableFile(Say("it cannot be read ({error})", error=error.strerror)) from error
    finally:
        os.close(fd)


def read_stream(stream: BinaryIO, limit: int) -> bytes:
    """At most ``limit`` bytes from a binary stream (standard input): UnreadableFile past it."""
    try:
        data = stream.read(limit + 1)
    except OSError as error:
        raise UnreadableFile(Say("it cannot be read ({error})", error=error.strerror or str(error))) from error
    if len(data) > limit:
        raise UnreadableFile(Say("it is too large (more than {limit:,} bytes)", limit=limit))
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]}{'…' if len(text) > 20 else ''} is too large")
    return value


def parse_json(raw: bytes | str, *, any_depth: bool = False) -> Any:
    """The JSON value in ``raw`` (UTF-8 bytes, or text already decoded); UnreadableFile if it is
    not UTF-8, not JSON (NaN and infinities included, or a number too long to read), or nested
    deeper than MAX_DEPTH unless ``any_depth``: for a caller that checks every part it keeps, none
    deeper than it expects, and would walk thousands of entries for nothing (the saves' index)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise UnreadableFile(Say("it is not UTF-8 text ({error} at byte {at})", error=error.reason,
                                 at=error.start)) from error
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError as error:
        raise UnreadableFile(Say("its JSON is nested too deeply (at most {most} levels)", most=MAX_DEPTH)) from error
    except ValueError as error:  # JSONDecodeError, a number with too many digits, NaN
        raise UnreadableFile(Say("it is not valid JSON ({error})", error=str(error))) from error
    if not any_depth and _too_deep(data):
        raise UnreadableFile(Say("its JSON is nested too deeply (at most {most} levels)", most=MAX_DEPTH))
    return data


def _too_deep(data: Any) -> bool:
    """Whether ``data`` nests deeper than MAX_DEPTH (walked without recursion)."""
    if not isinstance(data, (dict, list)):
        return False
    level: list[Any] = [data]
    for _ in range(MAX_DEPTH):
        inner = []
        for item in level:
            for value in item.values() if isinstance(item, dict) else item:
                if isinstance(value, (dict, list)):
                    inner.append(value)
        if not inner:
            return False
        level = inner
    return True


def read_json_file(path: Path, limit: int, *, follow: bool = False) -> Any:
    """The JSON of a regular file (``read_regular_file``, ``parse_json``); None if there is no
    file; UnreadableFile saying why it cannot be used."""
    raw = read_regular_file(path, limit, follow=follow)
    return None if raw is None else parse_json(raw)
