"""A Skirmish server for each test: in this process (``server``), or as
a process of its own that a test may kill (``server_process``).  The
test's own account is the server's door account, so one test process can
be several players (``guest:NAME``); tests/server/test_two_accounts.py
plays from two real accounts."""

from __future__ import annotations

import os
import pwd
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.server.helpers import Server, ServerProcess


@pytest.fixture
def place():
    folder = Path(tempfile.mkdtemp(prefix="sks", dir="/tmp"))
    os.chmod(folder, 0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def me_account() -> str:
    return pwd.getpwuid(os.getuid()).pw_name


@pytest.fixture
def server(place, me_account):
    running = Server(place, doors=(me_account,))
    yield running
    running.stop()


@pytest.fixture
def server_process(place, me_account):
    running = ServerProcess(place, doors=(me_account,))
    yield running
    running.stop()
