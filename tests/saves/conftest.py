import pytest

from saves.store import SaveStore
from tests.saves import race


@pytest.fixture
def race_game(monkeypatch):
    """Registers the test-only race game; returns its id."""
    race.register(monkeypatch)
    return race.GAME_ID


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "data")
