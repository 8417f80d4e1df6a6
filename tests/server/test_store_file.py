"""The server's database file: one that is not the server's store (random
bytes, a damaged SQLite file, another program's database, a newer store)
is refused with one line naming the file and what is wrong, and is never
changed by the attempt; a new file is set up, and a store from before the
mark is kept."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from net.server import serve
from saves.gamedb import APPLICATION_ID, DB_NAME, SCHEMA_VERSION, GameDB
from tests.server.helpers import ROOT

# serve() on a store it takes runs until stopped: a refusal that does not come fails here, not hangs
pytestmark = pytest.mark.timeout(30)


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file in ``folder`` and a hash of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def sqlite_file(folder: Path, *statements: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / DB_NAME
    made = sqlite3.connect(path)
    for statement in statements:
        made.execute(statement)
    made.commit()
    made.close()
    return path


def refused(place: Path, capsys) -> str:
    """serve() on ``place``'s store: its exit status must be 1; its stderr."""
    assert serve(str(place / "srv" / "socket"), str(place / "data"), []) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_random_bytes_are_refused_by_the_command_with_one_line(place):
    data = place / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(bytes(range(256)) * 80)
    before = fingerprint(data)
    done = subprocess.run([sys.executable, "-m", "tui", "serve", "--socket", str(place / "srv" / "socket"),
                           "--data", str(data)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert str(data / DB_NAME) in done.stderr and "not an SQLite database" in done.stderr
    assert fingerprint(data) == before


@pytest.mark.parametrize("statements, why", [
    (["CREATE TABLE games (id TEXT PRIMARY KEY)"], "not the Skirmish server's store"),
    (["CREATE TABLE notes (text TEXT)"], "not the Skirmish server's store"),
    (["CREATE TABLE games (id TEXT)", "PRAGMA application_id = 1234"], "another program's"),
    (["CREATE TABLE t (x)", f"PRAGMA application_id = {APPLICATION_ID}",
      f"PRAGMA user_version = {SCHEMA_VERSION + 1}"], "newer Skirmish"),
])
def test_another_program_s_database_is_refused_and_left_as_it_was(place, capsys, statements, why):
    path = sqlite_file(place / "data", *statements)
    before = fingerprint(place / "data")
    err = refused(place, capsys)
    assert str(path) in err and why in err
    assert fingerprint(place / "data") == before  # no WAL switch, no tables added, no -wal or -shm left
    tables = {r[0] for r in sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True).execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "players" not in tables


def test_a_store_table_missing_a_column_is_refused(place, capsys):
    GameDB(place / "data").close()
    path = place / "data" / DB_NAME
    with sqlite3.connect(path) as db:  # as if another program had made its own games table
        db.execute("PRAGMA application_id = 0")
        db.execute("DROP TABLE games")
        db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT)")
    db.close()
    before = fingerprint(place / "data")
    err = refused(place, capsys)
    assert "games table has no" in err and "state" in err
    assert fingerprint(place / "data") == before


def test_a_damaged_sqlite_file_is_refused_and_left_as_it_was(place, capsys):
    path = sqlite_file(place / "data", "CREATE TABLE games (id TEXT)")
    damaged = bytearray(path.read_bytes())
    damaged[100:400] = bytes(range(256)) + bytes(44)  # the schema's page, past the header
    path.write_bytes(bytes(damaged))
    before = fingerprint(place / "data")
    err = refused(place, capsys)
    assert "damaged" in err and str(path) in err
    assert fingerprint(place / "data") == before


def marks(path: Path) -> tuple[int, int]:
    with sqlite3.connect(path) as db:
        found = db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0]
    db.close()
    return found


def test_a_new_or_empty_file_is_set_up_and_marked(place):
    (place / "data").mkdir()
    (place / "data" / DB_NAME).write_bytes(b"")  # made, then the server stopped before its set-up
    store = GameDB(place / "data")
    store.close()
    assert marks(place / "data" / DB_NAME) == (APPLICATION_ID, SCHEMA_VERSION)
    GameDB(place / "data").close()  # and opened again as the server's own


def test_a_store_from_before_the_mark_keeps_its_games(place):
    from saves.gamedb import SCHEMA

    with sqlite3.connect(sqlite_file(place / "data")) as db:
        db.executescript(SCHEMA)
        db.execute("INSERT INTO players (id, kind, who, name, created) VALUES ('p1', 'guest', 'Ann', 'Ann', 'now')")
    db.close()
    store = GameDB(place / "data")
    try:
        assert store.names() == {"p1": "Ann"}
    finally:
        store.close()
    assert marks(place / "data" / DB_NAME) == (APPLICATION_ID, SCHEMA_VERSION)
