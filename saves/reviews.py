"""Post-game reviews kept beside their games: ``<data_dir>/reviews/<id>.json``.

A review takes the search a minute or more, so it is kept: opening it again is instant. The
file holds the game's latest review at each level (``engine.search.review.Review``), each for
the number of actions the game had then; one for another number of actions is stale and is
neither shown nor kept. Reviewing more seats of the same game adds their moves to the kept
review. Writes are those of every Tabula file (saves.storage): under the file's lock, whole,
atomic. A file that cannot be read (a kept file is checked as strictly as a save) is set aside,
never deleted, and the review is computed afresh.

A review goes with its game: deleting the game moves it to the trash too; an exported game
leaves it out (it is made again from the log), and an imported game starts without one.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.core.text import Said, Say, said_of
from engine.search.review import Review

from .errors import SaveError
from .paths import Layout
from .storage import DocumentFile, UnreadableFile

REVIEWS_KIND = "tabula-reviews"


def review_file(data_dir: Path, save_id: str) -> DocumentFile:
    """The file of a game's reviews (SaveNotFound for an id no save could have)."""
    from .store import SAFE_ID, SaveNotFound

    if not SAFE_ID.fullmatch(save_id):
        raise SaveNotFound(Say("no saved game {id}", id=repr(save_id)))
    layout = Layout(Path(data_dir))
    return DocumentFile(layout.reviews / f"{save_id}.json", layout.locks / f"review-{save_id}.lock", "review")


def reviews_from(document: dict[str, Any]) -> list[Review]:
    """The reviews a file holds; UnreadableFile (with the reason) if it is not a reviews file."""
    reviews = document.get("reviews")
    if document.get("kind") != REVIEWS_KIND or not isinstance(reviews, list) or len(reviews) > 10:
        raise UnreadableFile(Say("it is not a Tabula reviews file"))
    try:
        return [Review.from_json(review) for review in reviews]
    except (ValueError, RecursionError) as error:
        raise UnreadableFile(Say("it holds a review Tabula did not write: {error}", error=str(error))) from None


def load_review(data_dir: Path, save_id: str, actions: int, level: str,
                problems: list[Said] | None = None) -> Review | None:
    """The kept review of the game at this many actions and level; None when there is none or
    it is stale (an unreadable file is set aside with a clear message, never deleted: the
    message is added to ``problems``)."""
    file = review_file(data_dir, save_id)
    try:
        document = file.read()
        kept = [] if document is None else reviews_from(document)
    except UnreadableFile as error:
        set_aside_file(data_dir, file, said_of(error), problems)
        return None
    return next((review for review in kept if (review.actions, review.level) == (actions, level)), None)


def keep_review(data_dir: Path, save_id: str, review: Review, problems: list[Said] | None = None) -> None:
    """Keep ``review`` beside its game (an atomic write), with the moves of the other seats of
    the kept review at the same actions and level; the reviews at other levels stay while they
    are not stale."""
    file = review_file(data_dir, save_id)

    def put(document: dict[str, Any]) -> None:
        kept = reviews_from(document)
        same = [old for old in kept if (old.actions, old.level) == (review.actions, review.level)]
        others = [old for old in kept if old.actions == review.actions and old.level != review.level]
        document["reviews"] = [old.to_json() for old in others] + [merged(same, review).to_json()]

    Layout(Path(data_dir)).reviews.mkdir(parents=True, exist_ok=True)
    for _ in range(3):
        try:
            file.update(put)
            return
        except UnreadableFile as error:
            set_aside_file(data_dir, file, said_of(error), problems)
        except FileNotFoundError:
            pass
        try:
            file.create({"kind": REVIEWS_KIND, "game": save_id, "reviews": [review.to_json()]})
            return
        except FileExistsError:
            pass  # another process made it meanwhile
    raise SaveError(Say("the review of {id} cannot be kept", id=save_id))


def merged(kept: Sequence[Review], review: Review) -> Review:
    """``review`` with the moves of the seats only ``kept`` reviewed."""
    if not kept:
        return review
    old = kept[0]
    moves = [move for move in old.moves if move.seat not in review.seats] + list(review.moves)
    return Review(review.game, review.actions, review.level, tuple(sorted({*old.seats, *review.seats})),
                  tuple(sorted(moves, key=lambda move: move.action)))


def move_review_to_trash(data_dir: Path, save_id: str) -> None:
    """A deleted (or newly imported) game's review goes to the trash, recoverable by hand."""
    from .store import move_into

    file = review_file(data_dir, save_id)
    with file.holding_lock():
        move_into(file.path, Layout(Path(data_dir)).trash)


def set_aside_file(data_dir: Path, file: DocumentFile, reason: Said, problems: list[Said] | None) -> None:
    from .store import set_aside

    message = set_aside(file, Layout(Path(data_dir)).set_aside, reason)
    if message is not None and problems is not None and message not in problems:
        problems.append(message)
