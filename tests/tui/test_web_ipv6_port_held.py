"""The door listens on ::1 beside 127.0.0.1 only where it can: a port that
something else holds on ::1 (another program, another test's door) leaves
the door on 127.0.0.1 alone rather than failing to start."""

from __future__ import annotations

import socket

import pytest

from tui.web_address import ipv6_loopback


def test_a_port_held_on_the_ipv6_loopback_is_not_listened_on_there():
    if not ipv6_loopback():
        pytest.skip("this machine has no ::1")
    with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as holder:
        holder.bind(("::1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        assert not ipv6_loopback(port)
    assert ipv6_loopback(0)
