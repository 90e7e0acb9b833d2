"""Table talk: a game's short chat, kept in a file of its own beside the save.

``games/<id>.talk`` (a name no save has, so lists of saves never read it) holds the last
``KEPT`` messages, each numbered once for good (the host deletes one by its number). It is
not part of the action log: replays and ``saves verify`` never see it. Writes are those of
every Tabula file (saves.storage): under the file's lock, whole, atomic; the limits (length,
and how many messages a player may send in a while) are checked under that lock, so several
processes cannot talk past them. A file that cannot be read is set aside, never deleted, and
the talk starts afresh.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from engine.core.text import Said, Say, said_of

from .errors import SaveError
from .paths import Layout
from .storage import DocumentFile, Signature, UnreadableFile, signature

LONGEST = 500
"""Characters a message may have."""
KEPT = 500
"""Messages the file keeps (the oldest go first)."""
BURST, BURST_SECONDS = 5, 10.0
"""A player may send ``BURST`` messages in ``BURST_SECONDS`` seconds, no more."""
TALK_KIND = "tabula-talk"
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class TalkRefused(SaveError):
    """A message not kept: empty, too long, or one too many for now."""


@dataclass(frozen=True)
class Message:
    number: int
    at: str
    """When it was sent (ISO 8601, UTC)."""
    name: str
    """Who sent it, as the table showed them (their seat's name, or their login name)."""
    player: str
    """Who sent it, for the rate limit: the player's key on a server, the local user elsewhere."""
    text: str


def plain_text(text: str) -> str:
    """``text`` as a message keeps it: one line of printable characters (control and format
    characters dropped, line breaks and tabs made spaces), trimmed."""
    spaced = "".join(" " if ch in "\n\r\t\u2028\u2029" else ch for ch in text)
    return "".join(ch for ch in spaced if unicodedata.category(ch) not in _HIDDEN).strip()


def message_from(data: Any) -> Message:
    """A message as the file holds it; UnreadableFile if it is not one."""
    if not (isinstance(data, dict) and type(data.get("number")) is int
            and all(isinstance(data.get(key), str) for key in ("at", "name", "player", "text"))):
        raise UnreadableFile(Say("it holds something that is not a message"))
    if len(data["text"]) > LONGEST or len(data["name"]) > 200 or len(data["player"]) > 200 or len(data["at"]) > 40:
        raise UnreadableFile(Say("it holds a message longer than Tabula writes"))
    return Message(data["number"], data["at"], plain_text(data["name"]), data["player"], plain_text(data["text"]))


def messages_from(document: dict[str, Any]) -> list[Message]:
    if document.get("kind") != TALK_KIND or not isinstance(document.get("messages"), list) \
            or type(document.get("next")) is not int:
        raise UnreadableFile(Say("it is not a Tabula talk file"))
    return [message_from(message) for message in document["messages"][-KEPT:]]


class GameTalk:
    """The talk of one game in a data folder."""

    def __init__(self, data_dir: Path, save_id: str, now: Callable[[], datetime] = lambda: datetime.now(UTC)):
        layout = Layout(Path(data_dir))
        self.layout = layout
        self.save_id = save_id
        self.file = DocumentFile(layout.games / f"{save_id}.talk", layout.locks / f"talk-{save_id}.lock", "talk")
        self.now = now
        self.problem: Said = ""
        """Why the file was set aside, when it was (said once, by whoever found it)."""

    @property
    def path(self) -> Path:
        return self.file.path

    def signature(self) -> Signature | None:
        return signature(self.path)

    def messages(self) -> list[Message]:
        """The messages kept, oldest first; [] when there are none (or the file had to be set aside)."""
        try:
            document = self.file.read()
            return [] if document is None else messages_from(document)
        except UnreadableFile as error:
            self._set_aside(said_of(error))
            return []

    def say(self, name: str, player: str, text: str) -> Message:
        """Keep a message (its text made plain); TalkRefused if it is empty, longer than
        ``LONGEST`` or the player's ``BURST + 1``-th in ``BURST_SECONDS`` seconds."""
        text = plain_text(text)
        if not text:
            raise TalkRefused(Say("An empty message is not sent."))
        if len(text) > LONGEST:
            raise TalkRefused(Say("A message has at most {most} characters (this one has {n:,}).", most=LONGEST,
                                  n=len(text)))
        kept: list[Message] = []

        def add(document: dict[str, Any]) -> None:
            messages = messages_from(document)
            now = self.now()
            since = (now - timedelta(seconds=BURST_SECONDS)).isoformat(timespec="milliseconds")
            if sum(1 for message in messages if message.player == player and message.at > since) >= BURST:
                raise TalkRefused(Say("At most {most} messages in {seconds:g} seconds: wait a little.", most=BURST,
                                      seconds=BURST_SECONDS))
            message = Message(document["next"], now.isoformat(timespec="milliseconds"), plain_text(name)[:200],
                              player[:200], text)
            document["messages"] = [asdict(each) for each in [*messages, message][-KEPT:]]
            document["next"] += 1
            kept.append(message)

        self._change(add)
        return kept[0]

    def delete(self, number: int) -> Message:
        """Remove message ``number``; LookupError if there is none."""
        removed: list[Message] = []

        def remove(document: dict[str, Any]) -> None:
            messages = messages_from(document)
            removed.extend(message for message in messages if message.number == number)
            if not removed:
                raise LookupError(f"there is no message {number} in the talk of {self.save_id}")
            document["messages"] = [asdict(message) for message in messages if message.number != number]

        self._change(remove)
        return removed[0]

    def restore(self, exported: Any) -> None:
        """Write the talk a game was exported with (``SaveStore.export``'s "talk") as this game's;
        UnreadableFile if it is not a list of messages (nothing is written then)."""
        if not isinstance(exported, list) or len(exported) > KEPT:
            raise UnreadableFile(Say("its talk is not a list of at most {most} messages", most=KEPT))
        messages = [message_from(message) for message in exported]
        document = {"kind": TALK_KIND, "game": self.save_id, "next": max((m.number for m in messages), default=0) + 1,
                    "messages": [asdict(message) for message in messages]}
        self.file.put(document)

    def _change(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Change the document under its lock, making the file first if there is none (or the
        one there could not be read: it is set aside)."""
        for _ in range(3):
            try:
                self.file.update(change)
                return
            except UnreadableFile as error:
                self._set_aside(said_of(error))
            except FileNotFoundError:
                pass
            try:
                self.file.create({"kind": TALK_KIND, "game": self.save_id, "next": 1, "messages": []})
            except FileExistsError:
                pass  # another process made it meanwhile
        raise SaveError(Say("the talk of {id} cannot be written", id=self.save_id))

    def _set_aside(self, reason: Said) -> None:
        from .store import set_aside

        self.problem = set_aside(self.file, self.layout.set_aside, reason) or ""
