import pytest

from tests import toygame


@pytest.fixture
def toy_game(monkeypatch):
    return toygame.register(monkeypatch)
