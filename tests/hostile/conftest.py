import pytest

from tests.serve.conftest import keys  # noqa: F401  (a player's and a stranger's SSH keys, for the SSH tests)
from tests.tui.conftest import toy  # noqa: F401  (the toy game, its board and help, for Pilot tests)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """An empty data folder, also named by $TABULA_DATA_DIR (for the CLI)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TABULA_DATA_DIR", str(folder))
    monkeypatch.chdir(tmp_path)
    return folder
