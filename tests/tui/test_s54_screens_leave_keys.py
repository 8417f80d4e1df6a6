"""The leave question (``q``) lists every key it takes on its key line:
the draw's ``d`` (and ``a`` when answering an offer) beside leave, concede
and stay, and ``w`` too while an absent opponent's game may be claimed.
It said "Or offer Ann a draw: d" above a key line without d.  Pilot at
80x24, reading the rows as drawn."""

from __future__ import annotations

from tests.tui.drawn import screen_rows
from tests.tui.fit import cut_texts
from tests.tui.test_computer import wait_for
from tests.tui.test_play import new_game
from tui.app import SkirmishApp
from tui.modals import LeaveOrConcede

SIZE = (80, 24)
OFFER = "Or offer Bo a draw: d (it stands until Bo answers)."
CLAIM = "Bo is not connected: w claims the game once Bo has been away long enough."


def key_rows(app) -> list[str]:
    """The drawn rows holding the question's keys (from leave to stay)."""
    rows = screen_rows(app)
    marked = [i for i, row in enumerate(rows) if ": leave" in row or ": stay" in row]
    return rows[marked[0]:marked[-1] + 1] if marked else []


async def asked(pilot, **lines) -> tuple[LeaveOrConcede, list]:
    """The question pushed over the menu, and what it is dismissed with."""
    got: list = []
    ask = LeaveOrConcede("Leave this game? It is saved.", "Or give up: Ann concedes and Bo wins.", **lines)
    pilot.app.push_screen(ask, got.append)
    assert await wait_for(pilot, lambda: pilot.app.screen is ask)
    await pilot.pause()
    return ask, got


async def test_the_offer_of_a_draw_is_on_the_key_line_and_d_offers_it(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        for claiming in ("", CLAIM):  # the usual form, and the one with an absent opponent's claim
            ask, got = await asked(pilot, claiming=claiming, drawing=OFFER, draw_keys={"d": "offer-draw"})
            keys = " ".join(key_rows(app))
            for key in ("y/Enter: leave", "c: concede", "d: offer a draw", "n/Esc: stay"):
                assert key in keys, keys
            assert ("w: claim" in keys) == bool(claiming), keys
            assert len(key_rows(app)) == 1, key_rows(app)  # one row at 80 columns, the claim's too
            assert cut_texts(ask) == []
            await pilot.press("d")
            assert await wait_for(pilot, lambda: got == ["offer-draw"])
            assert app.screen is not ask


async def test_answering_an_offer_lists_a_and_d_and_both_work(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        answer = "Bo offers a draw: a agrees (the game ends drawn), d declines (play on)."
        for claiming, key, choice in (("", "a", "agree-draw"), (CLAIM, "d", "decline-draw")):
            ask, got = await asked(pilot, claiming=claiming, drawing=answer,
                                   draw_keys={"a": "agree-draw", "d": "decline-draw"})
            keys = " ".join(key_rows(app))
            for shown in ("y/Enter: leave", "c: concede", "a: agree", "d: decline", "n/Esc: stay"):
                assert shown in keys, keys
            assert cut_texts(ask) == []
            await pilot.press(key)
            assert await wait_for(pilot, lambda: got == [choice])


async def test_in_a_game_q_shows_d_on_the_key_line(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await pilot.press("d")  # an order given: the game is under way
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        await pilot.pause()
        keys = " ".join(key_rows(app))
        assert "d: offer a draw" in keys and "c: concede" in keys, keys
        assert cut_texts(app.screen) == []
        await pilot.press("d")
        assert await wait_for(pilot, lambda: app.screen is screen and screen.game.orders[-1].verb == "offer-draw")
