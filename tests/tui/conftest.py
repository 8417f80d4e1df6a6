import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every TUI test saves into its own folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def instant_blows(monkeypatch):
    """Tests written before blows were shown one at a time (tui/narrator.py)
    see every event at once; tests of the narrator set the app's pace."""
    monkeypatch.setattr("tui.narrator.DEFAULT_PACE", "instant")
