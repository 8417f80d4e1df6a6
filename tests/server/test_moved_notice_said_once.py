"""A seat opened in a second terminal: the first one's log read "⚠ This
seat moved to another terminal or tab: nothing more is played here (This
seat was opened in another terminal or browser tab)." (a tester: said
twice).  Now once."""

from __future__ import annotations

from tests.server.helpers import wait_until
from tui.banner import remote_status
from tui.seat_hooks import trouble_words


def test_the_moved_line_says_it_once(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    first = ann.resume(gid)
    his = bob.join(gid)
    try:
        assert wait_until(lambda: first.status == "playing")
        second = server.client("Ann").resume(gid)
        assert wait_until(lambda: first.status == "moved")
        words = trouble_words(first, remote_status(first), "playing")
        assert words == "⚠ This seat moved to another terminal or tab: nothing more is played here."
        second.stop()
    finally:
        his.stop()
