import pytest

from saves.store import SaveStore
from tests import toygame


@pytest.fixture
def toy_game(monkeypatch):
    """Registers the test-only toy game; returns its id."""
    return toygame.register(monkeypatch)


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "data")
