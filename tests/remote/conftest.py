import shutil
import tempfile

import pytest


@pytest.fixture(autouse=True)
def meeting_place(monkeypatch):
    """A private meeting place with a short path (sockets' paths are capped
    near 108 bytes)."""
    folder = tempfile.mkdtemp(prefix="skm", dir="/tmp")
    monkeypatch.setenv("SKIRMISH_RENDEZVOUS", folder + "/m")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Saves of each test in its own folder."""
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def instant_blows(monkeypatch):
    """Tests written before the other side's events were shown one at a
    time (tui/narrator.py) see them all at once; tests of it set the pace."""
    monkeypatch.setattr("tui.narrator.DEFAULT_PACE", "instant")
