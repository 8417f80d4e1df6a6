"""The server's store: every game, seat, draft and chat line in one SQLite
database (the standard library's) in the server's data folder.

* WAL journal, ``synchronous=NORMAL``: a commit is in the journal before it
  returns, so a server killed at any moment (SIGKILL included) restarts
  with every committed change; one transaction per order, per hand-in of
  drafts, per chat line.  (A power cut may lose the last commits; the
  server's own crash never does.)
* Games are kept as a save file's JSON (:func:`saves.store.game_to_data`)
  and read back through the same checks and replay as a save file
  (:func:`saves.store.load_blob`).
* The folder is made private (0700) and the database file 0600: the
  server's account alone reads it, since it holds every side's orders,
  drafts and the secret half of each game's seed.
* A file already there is checked, read-only, before anything is written
  to it (:func:`check_store`): one that is not SQLite, another program's
  database, or one made by a newer Skirmish is refused with
  :class:`StoreError`, the file as it was.  The store is marked as the
  server's (SQLite's ``application_id``, and the schema's version in
  ``user_version``); a store from before the mark is known by its tables.

Tables: ``players`` (id, kind: uid|key|guest, who, display name),
``games`` (id, ruleset, options, battlefield, state open|playing|over, or
damaged for a game that cannot be loaded and was withdrawn,
the game, result, seed commitment and halves, invitation code), ``seats``
(game, side, filler: ``player:<id>`` | ``open`` | ``invite`` | a computer
level), ``drafts`` (game, side, JSON), ``chat`` (game, who, at, text),
``chat_seen`` (game, side, the last chat line that side's player was sent,
as JSON: a restarted server still knows which lines are new to whom).
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from saves.private import make_private_dirs

DB_NAME = "skirmish-server.sqlite3"
MAX_CHAT_LINES = 200  # lines kept per game; older ones go

# The mark of the server's own store, in the SQLite header: application_id
# "SkSv", and the schema's version.
APPLICATION_ID = 0x536B5376
SCHEMA_VERSION = 1
SQLITE_HEADER = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, who TEXT NOT NULL, name TEXT NOT NULL,
    named INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, options TEXT NOT NULL, battlefield TEXT NOT NULL,
    created TEXT NOT NULL, updated TEXT NOT NULL, state TEXT NOT NULL, save TEXT,
    result TEXT NOT NULL DEFAULT '', commit_hash TEXT NOT NULL, half TEXT NOT NULL,
    salt TEXT NOT NULL, code TEXT NOT NULL DEFAULT '', creator TEXT NOT NULL,
    follows TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS games_state ON games(state);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL, side INTEGER NOT NULL, filler TEXT NOT NULL, PRIMARY KEY (game, side));
CREATE TABLE IF NOT EXISTS drafts (
    game TEXT NOT NULL, side INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (game, side));
CREATE TABLE IF NOT EXISTS chat (
    n INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, who TEXT NOT NULL, at TEXT NOT NULL,
    text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chat_game ON chat(game);
CREATE TABLE IF NOT EXISTS chat_seen (
    game TEXT NOT NULL, side INTEGER NOT NULL, seen TEXT NOT NULL, PRIMARY KEY (game, side));
"""


# What a store made before the mark has: every table of SCHEMA with its columns.
OWN_COLUMNS = {
    "players": ("id", "kind", "who", "name", "named", "created"),
    "games": ("id", "ruleset", "options", "battlefield", "created", "updated", "state", "save", "result",
              "commit_hash", "half", "salt", "code", "creator", "follows"),
    "seats": ("game", "side", "filler"),
    "drafts": ("game", "side", "data"),
    "chat": ("n", "game", "who", "at", "text"),
}


class StoreError(Exception):
    """The database file is not a store this server can use; it was left
    exactly as it was.  The message names the file and says what is wrong."""


def check_store(path: Path) -> bool:
    """Whether the file at ``path`` is to be set up as a new store (it is
    missing, empty, or an SQLite database with no tables at all: one whose
    set-up was cut short); False for the server's own store.  Anything else
    raises :class:`StoreError`.  Only reads: the file is never changed here."""
    try:
        with open(path, "rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return True
    except OSError as error:
        raise StoreError(f"{path}: cannot be read ({error.strerror or error})") from None
    if not head:
        return True
    if head != SQLITE_HEADER:
        raise StoreError(f"{path}: is not an SQLite database (damaged, or another program's file); "
                         "it was left as it is")
    # With no journal beside it the file is the whole database: read it as
    # immutable, which makes no -wal or -shm file beside it either.
    journal = os.path.exists(f"{path}-wal")
    try:
        reader = sqlite3.connect(f"{Path(path).resolve().as_uri()}?{'mode=ro' if journal else 'immutable=1'}",
                                 uri=True)
        try:
            application_id = reader.execute("PRAGMA application_id").fetchone()[0]
            version = reader.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in reader.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                      if not row[0].startswith("sqlite_")}
            columns = {table: {row[1] for row in reader.execute(f'PRAGMA table_info("{table}")')}
                       for table in OWN_COLUMNS if table in tables}
        finally:
            reader.close()
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path}: is a damaged SQLite database ({error}); it was left as it is") from None
    if application_id not in (0, APPLICATION_ID):
        raise StoreError(f"{path}: is another program's SQLite database (application id {application_id:#x}), "
                         "not the Skirmish server's store; it was left as it is")
    if application_id == APPLICATION_ID:
        if version > SCHEMA_VERSION:
            raise StoreError(f"{path}: was made by a newer Skirmish server (store version {version}, this one "
                             f"knows {SCHEMA_VERSION}); it was left as it is")
        return False
    if not tables:
        return True
    for table, wanted in OWN_COLUMNS.items():
        if table not in columns:
            raise StoreError(f"{path}: is not the Skirmish server's store (it has no {table} table); "
                             "it was left as it is")
        missing = [column for column in wanted if column not in columns[table]]
        if missing:
            raise StoreError(f"{path}: is not the Skirmish server's store (its {table} table has no "
                             f"{', '.join(missing)} column); it was left as it is")
    return False


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def default_folder() -> Path:
    """The server account's own data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("skirmish-server", appauthor=False))


class GameDB:
    """The store (see the module docstring).  One connection, used under a
    lock from any thread; every method is one transaction."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.path = self.folder / DB_NAME
        check_store(self.path)  # before anything is written: a file not the server's stays as it is
        make_private_dirs(self.folder)
        os.chmod(self.folder, 0o700)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        os.close(fd)
        os.chmod(self.path, 0o600)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        for extra in ("-wal", "-shm"):
            try:
                os.chmod(str(self.path) + extra, 0o600)
            except OSError:
                pass

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def _write(self, statements: list[tuple[str, tuple]]) -> list[int]:
        """Run ``statements`` as one transaction: the rows each changed."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                changed = [self.db.execute(sql, args).rowcount for sql, args in statements]
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
        return changed

    def _rows(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        with self.lock:
            return list(self.db.execute(sql, args))

    # -- players -----------------------------------------------------------------------
    def player(self, pid: str, kind: str, who: str, name: str, named: bool) -> sqlite3.Row:
        """The player ``pid``, made on first sight with ``name``."""
        rows = self._rows("SELECT * FROM players WHERE id = ?", (pid,))
        if not rows:
            self._write([("INSERT OR IGNORE INTO players (id, kind, who, name, named, created) "
                          "VALUES (?, ?, ?, ?, ?, ?)", (pid, kind, who, name, int(named), now()))])
            rows = self._rows("SELECT * FROM players WHERE id = ?", (pid,))
        return rows[0]

    def set_name(self, pid: str, name: str) -> None:
        self._write([("UPDATE players SET name = ?, named = 1 WHERE id = ?", (name, pid))])

    def names(self) -> dict[str, str]:
        return {r["id"]: r["name"] for r in self._rows("SELECT id, name FROM players")}

    # -- games -------------------------------------------------------------------------
    def create_game(self, gid: str, ruleset: str, options: Any, battlefield: Any, fillers: tuple[str, str],
                    commit: str, half: str, salt: str, code: str, creator: str, follows: str = "") -> None:
        when = now()
        self._write([
            ("INSERT INTO games (id, ruleset, options, battlefield, created, updated, state, save, "
             "commit_hash, half, salt, code, creator, follows) "
             "VALUES (?, ?, ?, ?, ?, ?, 'open', NULL, ?, ?, ?, ?, ?, ?)",
             (gid, ruleset, json.dumps(options), json.dumps(battlefield), when, when, commit, half, salt,
              code, creator, follows)),
            *[("INSERT INTO seats (game, side, filler) VALUES (?, ?, ?)", (gid, side, fillers[side]))
              for side in (0, 1)],
        ])

    def withdraw_game(self, gid: str) -> bool:
        """Remove a game nobody has begun (still 'open'), with its seats,
        drafts and chat, in one transaction: whether there was one."""
        gone = "NOT EXISTS (SELECT 1 FROM games WHERE id = ?)"
        changed = self._write([("DELETE FROM games WHERE id = ? AND state = 'open'", (gid,)),
                               *[(f"DELETE FROM {table} WHERE game = ? AND {gone}", (gid, gid))
                                 for table in ("seats", "drafts", "chat", "chat_seen")]])
        return changed[0] > 0

    def set_state(self, gid: str, state: str, expected: str) -> bool:
        """``gid``'s state to ``state`` if it is still ``expected``, nothing
        else of its row changed (a damaged game withdrawn: net/damaged.py)."""
        return self._write([("UPDATE games SET state = ? WHERE id = ? AND state = ?", (state, gid, expected))])[0] == 1

    def game(self, gid: str) -> sqlite3.Row | None:
        rows = self._rows("SELECT * FROM games WHERE id = ?", (gid,))
        return rows[0] if rows else None

    def following(self, gid: str) -> str | None:
        """The game made as ``gid``'s rematch, if any."""
        rows = self._rows("SELECT id FROM games WHERE follows = ?", (gid,))
        return rows[0]["id"] if rows else None

    def by_code(self, code: str) -> str | None:
        rows = self._rows("SELECT id FROM games WHERE code = ? AND state = 'open'", (code,))
        return rows[0]["id"] if rows else None

    def games(self, states: tuple[str, ...], limit: int = 200) -> list[sqlite3.Row]:
        marks = ",".join("?" * len(states))
        return self._rows(f"SELECT * FROM games WHERE state IN ({marks}) ORDER BY updated DESC LIMIT ?",
                          (*states, limit))

    def fillers(self, gid: str) -> tuple[str, str]:
        rows = {r["side"]: r["filler"] for r in self._rows("SELECT side, filler FROM seats WHERE game = ?", (gid,))}
        return rows.get(0, "open"), rows.get(1, "open")

    def all_fillers(self) -> dict[str, tuple[str, str]]:
        out: dict[str, list[str]] = {}
        for r in self._rows("SELECT game, side, filler FROM seats"):
            out.setdefault(r["game"], ["open", "open"])[r["side"]] = r["filler"]
        return {g: (f[0], f[1]) for g, f in out.items()}

    def take_seat(self, gid: str, side: int, filler: str, expected: str) -> bool:
        """``side`` of ``gid`` to ``filler`` if it is still ``expected``."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                cur = self.db.execute("UPDATE seats SET filler = ? WHERE game = ? AND side = ? AND filler = ?",
                                      (filler, gid, side, expected))
                self.db.execute("UPDATE games SET updated = ? WHERE id = ?", (now(), gid))
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return cur.rowcount == 1

    def save_game(self, gid: str, data: dict, drafts: dict[int, list[dict]] | None, result: str | None) -> None:
        """The game (a save's data) and, with ``drafts``, every side's drafts:
        one transaction.  ``result`` set: the game is over."""
        state = "over" if result is not None else "playing"
        statements: list[tuple[str, tuple]] = [
            ("UPDATE games SET save = ?, state = ?, result = ?, updated = ? WHERE id = ?",
             (json.dumps(data, ensure_ascii=False, allow_nan=False), state, result or "", now(), gid))]
        if drafts is not None:
            statements.append(("DELETE FROM drafts WHERE game = ?", (gid,)))
            statements += [("INSERT INTO drafts (game, side, data) VALUES (?, ?, ?)", (gid, side, json.dumps(d)))
                           for side, d in sorted(drafts.items()) if d and state == "playing"]
        self._write(statements)

    def drafts(self, gid: str) -> dict[int, list[dict]]:
        out: dict[int, list[dict]] = {}
        for r in self._rows("SELECT side, data FROM drafts WHERE game = ?", (gid,)):
            try:
                value = json.loads(r["data"])
            except ValueError:
                continue
            if isinstance(value, list):
                out[r["side"]] = [d for d in value if isinstance(d, dict)]
        return out

    # -- chat --------------------------------------------------------------------------
    def add_chat(self, gid: str, who: str, text: str) -> None:
        self._write([
            ("INSERT INTO chat (game, who, at, text) VALUES (?, ?, ?, ?)", (gid, who, now(), text)),
            ("DELETE FROM chat WHERE game = ? AND n NOT IN (SELECT n FROM chat WHERE game = ? "
             "ORDER BY n DESC LIMIT ?)", (gid, gid, MAX_CHAT_LINES)),
        ])

    def set_chat_seen(self, gid: str, side: int, seen: Any) -> None:
        """The last chat line ``side`` of ``gid`` was sent (its key, a list
        of plain values; None: no line yet)."""
        self._write([("INSERT OR REPLACE INTO chat_seen (game, side, seen) VALUES (?, ?, ?)",
                      (gid, side, json.dumps(seen)))])

    def chat_seen(self, gid: str) -> dict[int, Any]:
        """Each side's last chat line sent (as :meth:`set_chat_seen` kept it);
        a side never sent the chat has no entry."""
        out: dict[int, Any] = {}
        for r in self._rows("SELECT side, seen FROM chat_seen WHERE game = ?", (gid,)):
            try:
                seen = json.loads(r["seen"])
            except ValueError:
                continue
            out[r["side"]] = tuple(seen) if isinstance(seen, list) else None
        return out

    def chat(self, gid: str, last: int = 50) -> list[dict]:
        rows = self._rows("SELECT who, at, text FROM chat WHERE game = ? ORDER BY n DESC LIMIT ?", (gid, last))
        return [{"who": r["who"], "at": r["at"], "text": r["text"]} for r in reversed(rows)]
