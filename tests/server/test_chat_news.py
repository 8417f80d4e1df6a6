"""The chat said while a player is away reaches them when they come back
(a tester's "are you still there ann?" never did): each line a player's
seat has not been sent before comes marked new, once."""

from __future__ import annotations

import time

from net.chat import CHAT_EVERY, UNKNOWN, marked
from tests.server.helpers import wait_until


def _seated(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    hers = ann.resume(gid)
    his = bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    return ann, gid, hers, his


def test_a_line_said_while_the_other_player_was_away_is_new_to_them_when_they_come_back(server):
    ann, gid, hers, his = _seated(server)
    assert his.say("hello")
    assert wait_until(lambda: len(hers.chat) == 1)
    assert [line.text for line in hers.take_chat_news()] == ["hello"]  # said while she was there: news at once
    assert [line.text for line in his.take_chat_news()] == ["hello"]  # and to Bob, his own line as said
    hers.stop()  # Ann leaves the game (q, y)
    assert wait_until(lambda: not his.opponent_present)
    time.sleep(CHAT_EVERY)  # one line a second at most
    assert his.say("are you still there ann?")
    assert wait_until(lambda: len(his.chat) == 2)
    again = ann.resume(gid)  # she comes back from her lobby
    assert wait_until(lambda: len(again.chat) == 2)
    news = again.take_chat_news()
    assert [(line.who, line.text) for line in news] == [("Bob", "are you still there ann?")]
    assert [line.new for line in again.chat] == [False, True]  # the line she had seen is not news again
    assert again.take_chat_news() == []  # each told once
    again.stop()
    his.stop()


def test_a_line_said_while_a_player_was_away_is_still_new_to_them_after_the_server_restarts(server_process):
    """Which lines each side was sent is kept in the store: a restart
    between Bob's line and Ann's return no longer loses her news, and
    neither side is told again what it had been sent."""
    ann, bob = server_process.client("Ann"), server_process.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    hers, his = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    assert his.say("hello")
    assert wait_until(lambda: len(hers.chat) == 1)
    hers.stop()
    assert wait_until(lambda: not his.opponent_present)
    time.sleep(CHAT_EVERY)
    assert his.say("are you still there ann?")
    assert wait_until(lambda: len(his.chat) == 2)
    his.take_chat_news()
    server_process.kill()
    assert wait_until(lambda: his.status == "lost")
    server_process.start()
    assert wait_until(lambda: his.status == "playing", 20)  # Bob's seat comes back by itself
    again = server_process.client("Ann").resume(gid)
    assert wait_until(lambda: len(again.chat) == 2)
    assert [line.text for line in again.take_chat_news()] == ["are you still there ann?"]
    assert [line.new for line in again.chat] == [False, True]
    assert wait_until(lambda: len(his.chat) == 2)
    assert his.take_chat_news() == []  # Bob had been sent both: nothing is news to him
    again.stop()
    his.stop()


def test_lines_are_marked_new_after_the_last_one_a_side_was_sent():
    lines = [{"who": "A", "at": "1", "text": t} for t in ("one", "two", "three")]
    assert [x.get("new", False) for x in marked(lines, ("A", "1", "two"))] == [False, False, True]
    assert [x.get("new", False) for x in marked(lines, None)] == [True] * 3  # nothing sent before
    assert [x.get("new", False) for x in marked(lines, ("A", "1", "gone"))] == [True] * 3  # more said than kept
    assert [x.get("new", False) for x in marked(lines, UNKNOWN)] == [False] * 3  # after a restart: not known
