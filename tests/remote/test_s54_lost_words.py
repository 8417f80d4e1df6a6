"""A dropped line is said in words, never as Python's "[Errno 104] ..."
(a tester saw the lobby say "[Errno 32] Broken pipe"; a joined seat's
banner showed its lost reason the same way)."""

from __future__ import annotations

import errno

import pytest

from net.lost import connection_words


@pytest.mark.parametrize("error", [BrokenPipeError(errno.EPIPE, "Broken pipe"),
                                   ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"),
                                   ConnectionAbortedError(errno.ECONNABORTED, "Software caused connection abort"),
                                   TimeoutError(errno.ETIMEDOUT, "Connection timed out"),
                                   OSError(errno.EHOSTUNREACH, "No route to host"), OSError()])
def test_no_errno_number_is_ever_shown(error):
    words = connection_words(error, "the host")
    assert "Errno" not in words and "[" not in words and "the host" in words


def test_a_cut_line_says_who_stopped():
    assert connection_words(BrokenPipeError(errno.EPIPE, "Broken pipe"), "the host") == \
        "the connection to the host was cut (the host stopped or restarted)"
    assert connection_words(OSError(errno.EHOSTUNREACH, "No route to host")) == \
        "the connection to the server failed (No route to host)"


def test_a_joined_seat_whose_host_vanished_says_so_in_words():
    from net.client import RemoteSeat

    seat = RemoteSeat("abcde-fghij-klmno-pqrst", retry=False)
    seat._listen = lambda: (_ for _ in ()).throw(ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"))
    seat._connection_ended = lambda: None
    seat._run()
    assert seat.status == "lost" and seat.reason == "the connection to the host was cut (the host stopped or restarted)"
