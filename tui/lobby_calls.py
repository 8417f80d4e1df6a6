"""The lobby's calls to the server (tui/lobby.py), each off the
interface's thread: the message its answer comes back as (``Answer``),
the mark of an answer got on a new connection (``Redialled``), and
closing a connection without waiting or minding that it is gone; and
where the server's socket is, and the call that makes a game."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from textual.message import Message


class Answer(Message):
    """A call to the server has returned (on its own thread); ``client``:
    the connection it was asked on (None: a new connection was being made)."""

    def __init__(self, what: str, result: Any, error: BaseException | None, client: Any = None) -> None:
        super().__init__()
        self.what = what
        self.result = result
        self.error = error
        self.client = client


class Redialled:
    """An answer got on a new connection: the one the lobby had was gone
    (the server restarted while a game was on screen).  The lobby keeps
    the new one (``LobbyScreen.on_answer``)."""

    def __init__(self, result: Any, client: Any) -> None:
        self.result = result
        self.client = client


def quietly(call: Callable[[], Any]) -> Callable[[], None]:
    def run() -> None:
        try:
            call()
        except Exception:  # noqa: BLE001 - closing a connection that is gone
            pass

    return run


def close_soon(client: Any) -> None:
    """Close ``client`` on a thread of its own (never waiting on a dead server)."""
    if client is not None:
        threading.Thread(target=quietly(client.close), daemon=True).start()


def redialling(client: Any, connect: Callable[[], Any], ask: Callable[[Any], Any]) -> Callable[[], Any]:
    """``ask(client)``; if that connection has died, ``ask`` once more on a
    new one (``connect()``), its answer marked ``Redialled``.  A refusal
    (``ServerError``) is never asked twice."""

    def run() -> Any:
        try:
            return ask(client)
        except OSError:
            fresh = connect()
        try:
            return Redialled(ask(fresh), fresh)
        except BaseException:
            quietly(fresh.close)()
            raise

    return run


def create_game(client: Any, wanted: Any) -> Any:
    """Ask the server for the game the form describes (``tui.lobby_dialogs.GameWanted``)."""
    return client.create(wanted.rules.name, wanted.options, wanted.seats, battlefield=wanted.battlefield)


def server_socket(path: Any = None) -> Any:
    """Where the server's socket is: ``path``, else ``$SKIRMISH_SERVER``,
    else the default of ``skirmish serve``."""
    from net.serverclient import socket_path

    return socket_path(path)


def server_reachable(path: Any = None) -> bool:
    """A server's socket is there (whether it answers is the lobby's to find)."""
    import stat

    try:
        return stat.S_ISSOCK(server_socket(path).stat().st_mode)
    except OSError:
        return False
