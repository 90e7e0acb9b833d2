import pytest

from tests import toygame


@pytest.fixture
def toy_game(monkeypatch):
    return toygame.register(monkeypatch)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """An empty data folder, also named by $TABULA_DATA_DIR."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABULA_DATA_DIR", str(folder))
    monkeypatch.chdir(tmp_path)
    return folder
