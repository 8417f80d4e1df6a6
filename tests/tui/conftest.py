import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every TUI test saves into its own folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(folder))
    return folder
