import pytest

from tests.saves import race


@pytest.fixture
def race_game(monkeypatch):
    race.register(monkeypatch)
    return race.GAME_ID


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """An empty data folder, also named by $TABULA_DATA_DIR; wide output so tables do not wrap."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABULA_DATA_DIR", str(folder))
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.chdir(tmp_path)
    return folder
