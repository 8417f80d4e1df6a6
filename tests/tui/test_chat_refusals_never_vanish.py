"""A chat line is never dropped without a word (tui/lobby_seat.py), at
80x24 against a real server in this process: the server refuses a line
said too soon after the last in a notice; the app tells a notice only
when it differs from the last one told, so a second refusal in the same
words went untold and the line simply vanished (the dialog closed, no
line, no notice).  Each refusal is told, and a line the server neither
sends back nor refuses is said to be unconfirmed."""

from __future__ import annotations

from tests.tui.test_lobby import SIZE, log_lines, real_server, settle
from tests.tui.test_lobby_chat_line_keys import anns_game, chat_box, said_by_ann
from tui.app import SkirmishApp

SLOW_DOWN = "One line of chat a second at most."
# The server's gap between two lines of one player's chat, long enough that
# no machine however loaded types the second line of a pair after it; the
# test then moves Ann's last line back rather than waiting it out.
GAP = 600.0


def told(app) -> int:
    return sum(SLOW_DOWN in line for line in log_lines(app.screen))


async def say_two_at_once(pilot, first: str, second: str) -> None:
    await chat_box(pilot)
    await pilot.press(*first, "enter")
    await chat_box(pilot)
    await pilot.press(*second, "enter")


async def test_each_refusal_of_a_line_is_told_even_in_the_same_words(monkeypatch):
    monkeypatch.setattr("tui.lobby_seat.CONFIRM_WITHIN", 1.0, raising=False)
    monkeypatch.setattr("tui.lobby_seat.CHAT_GAP", 0.0)  # this terminal lets it go: the server refuses it
    monkeypatch.setattr("net.chat.CHAT_EVERY", GAP)  # however slowly this machine types the second line
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            gid, _bobs = await anns_game(pilot, server)
            await say_two_at_once(pilot, "one", "two")
            await settle(pilot, lambda: told(app) == 1, 10)
            assert said_by_ann(server, gid) == ["one"]
            for peer in list(server.referee.live[gid].peers):  # as if GAP had passed since "one"
                if peer.role == "player" and peer.side == 0 and hasattr(peer, "last_chat"):
                    peer.last_chat -= GAP + 1
            await say_two_at_once(pilot, "three", "four")
            await settle(pilot, lambda: said_by_ann(server, gid) == ["one", "three"], 10)
            await settle(pilot, lambda: told(app) == 2, 10)  # "four" refused, and told, like "two"
            await pilot.pause(1.0)
            assert not any("not confirmed" in line for line in log_lines(app.screen))  # each was answered


async def test_a_line_neither_sent_back_nor_refused_is_said_to_be_unconfirmed(monkeypatch):
    monkeypatch.setattr("tui.lobby_seat.CONFIRM_WITHIN", 0.5)
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            gid, _bobs = await anns_game(pilot, server)
            app.remote_seat.say = lambda text: True  # lost on its way, as if the server never had it
            await chat_box(pilot)
            await pilot.press(*"gl hf", "enter")
            await settle(pilot, lambda: any("was not confirmed" in line for line in log_lines(app.screen)), 10)
            assert said_by_ann(server, gid) == []
