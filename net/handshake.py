"""A joiner's hello to the host of a two-terminal game: whatever answers
on the join code must show it is that game's host before this joiner
sends it anything that matters.

Two checks, in this order.  The socket's owner must be the account that
hosted the game when this joiner first joined it (:mod:`net.keep`):
anyone may make the socket once the host has stopped.  Then the host
proves it holds the join code before the joiner proves it does
(:mod:`net.proof`), so the code itself never crosses the socket.

Connecting, the socket's timeouts and what the seat does with the
welcome are the seat's (:class:`net.client.RemoteSeat`).
"""

from __future__ import annotations

import socket
from collections.abc import Callable

from net import keep, proof, wire
from net.rendezvous import account_name
from net.unix import peer_account


class JoinError(Exception):
    """The host refused us (wrong code, seat taken): trying again will not help."""


class HostError(JoinError):
    """What answers on the code is not a host this joiner can trust or read."""


def check_host_account(sock: socket.socket, code: str) -> int | None:
    """The account on the other end of ``sock`` (None where the system
    does not say), refused when this joiner knows the game was hosted by
    another one."""
    uid = peer_account(sock)
    known = keep.load(code)["host_uid"]
    if uid is not None and known is not None and uid != known:
        raise HostError(f"this game's socket now belongs to the account {account_name(uid)}, not to "
                        f"{account_name(known)}, who hosted it when you first joined: someone may be "
                        "posing as the host, so nothing was sent. Ask the host to host the game again")
    return uid


def exchange_proofs(sock: socket.socket, code: str, role: str, name: str,
                    read: Callable[[], dict]) -> dict:
    """Say hello as ``role`` and ``name``, check the host's proof, send
    ours, and return the host's welcome (not yet read: the seat's).
    ``read`` gives the host's next message."""
    challenge = proof.new_token()
    sock.sendall(wire.encode("hello", role=role, name=name[:200], challenge=challenge))
    message = read()
    if message["type"] == "refused":
        raise JoinError(message["message"])
    if message["type"] != "prove" or not proof.is_token(message["host_nonce"]) or not proof.same(
            message["mac"], proof.host_proof(code, challenge, message["host_nonce"])):
        raise HostError("what answers on this code did not prove it holds the join code, so it is not "
                        "this game's host (someone may be posing as it); nothing was sent to it")
    host_nonce = message["host_nonce"]
    sock.sendall(wire.encode("answer", mac=proof.joiner_proof(code, host_nonce, challenge)))
    message = read()
    if message["type"] == "refused":
        raise JoinError(message["message"])
    if message["type"] != "welcome":
        raise HostError("the host did not welcome us after the hello")
    return message


def remember_host(code: str, uid: int) -> None:
    """Keep the host's account for the next join's check, where it can be kept."""
    try:
        keep.remember_host(code, uid)
    except OSError:
        pass  # not kept: the next join learns the host's account again
