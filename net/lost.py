"""A failed connection in words a player reads ("the connection was cut"),
never Python's ("[Errno 32] Broken pipe"): said by the lobby of a server
and by a joined or server seat whose line dropped.  ``whose`` names the
other end ("the server", "the host")."""

from __future__ import annotations


def connection_words(error: BaseException, whose: str = "the server") -> str:
    """``error`` from a socket as a sentence (no full stop: the sentence it
    goes in ends it)."""
    text = str(error).strip()
    if isinstance(error, FileNotFoundError):
        return f"{whose}'s socket is missing (it is not running)"
    if isinstance(error, ConnectionRefusedError):
        return f"{whose}'s socket is there but nobody answers on it ({whose} stopped)"
    if isinstance(error, PermissionError):
        return f"this account may not reach {whose}'s socket"
    if isinstance(error, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
        return f"the connection to {whose} was cut ({whose} stopped or restarted)"
    if isinstance(error, TimeoutError):
        return f"{whose} did not answer in time"
    if isinstance(error, OSError) and (error.errno is not None or not text):  # never "[Errno 32] ..."
        return f"the connection to {whose} failed ({error.strerror})" if error.strerror else \
            f"the connection to {whose} failed"
    return text.rstrip(".")
