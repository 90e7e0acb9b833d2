from pathlib import Path

import pytest

from engine import registry
from tests import toygame
from tests.tui import toy_board

TOY_HELP = Path(__file__).parent / "toy_help.md"


@pytest.fixture
def toy(monkeypatch):
    """Make tests/toygame.py the only game, as 'toy', with its board renderer and help text."""
    import sys

    import tui.help_text

    monkeypatch.setattr(registry, "GAMES", {toygame.GAME_ID: toygame.ENTRY})
    monkeypatch.setitem(sys.modules, "tui.boards.toy", toy_board)
    monkeypatch.setattr(tui.help_text, "help_path", lambda game_id: TOY_HELP)
    return toygame.GAME_ID


@pytest.fixture
def kept_reviews(monkeypatch):
    """saves/reviews.py's load_review and keep_review stood in for by a dict (per data folder and
    game; a review kept at another number of actions or level is stale): the reviews kept."""
    from saves import reviews

    kept = {}

    def keep(data_dir, save_id, review):
        kept[Path(data_dir), save_id] = review

    def load(data_dir, save_id, actions, level):
        review = kept.get((Path(data_dir), save_id))
        return review if review is not None and (review.actions, review.level) == (actions, level) else None

    monkeypatch.setattr(reviews, "keep_review", keep)
    monkeypatch.setattr(reviews, "load_review", load)
    return kept
