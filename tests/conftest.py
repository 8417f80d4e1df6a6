"""What every test shares: nothing outside the test run's own folders.

The suite may run in several worker processes at once (pytest-xdist, see
.ci/run).  A test that forgets to pick its own data folder or meeting place
would otherwise write to the account's real Skirmish folder, or meet other
workers' games in /tmp/skirmish-games: each worker gets its own folders for
the whole session (``tmp_path_factory`` is already per worker), and the
packages' conftest.py files still give each test its own where they need one.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_folders(tmp_path_factory):
    saved = {name: os.environ.get(name) for name in ("SKIRMISH_DATA_DIR", "SKIRMISH_RENDEZVOUS")}
    os.environ["SKIRMISH_DATA_DIR"] = str(tmp_path_factory.mktemp("skirmish-data"))
    # a socket's path is capped near 108 bytes: a short folder of /tmp, not tmp_path's long one
    meeting = tempfile.mkdtemp(prefix="skm", dir="/tmp")
    os.environ["SKIRMISH_RENDEZVOUS"] = meeting + "/m"
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    shutil.rmtree(meeting, ignore_errors=True)
