import pytest

from core import registry
from tests.saves.tiny_rules import TINY


@pytest.fixture
def tiny(monkeypatch):
    """The test-only ruleset, added to the registry for one test."""
    monkeypatch.setattr(registry, "_CACHE", registry.rulesets() + [TINY])
    return TINY


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(folder))
    return folder
