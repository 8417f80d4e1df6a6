"""Since your last turn: the handover lists what the other side did that
the incoming player may read -- and, because the outgoing player may still
be looking, nothing that only the incoming side may read."""

from __future__ import annotations

from core.events import Note, only_for
from core.game import Game
from tui.app import SkirmishApp
from tui.game_screen import since_last_turn
from tui.modals import Handover
from tui.why import EventLog

SIZE = (80, 24)


def test_news_holds_public_events_after_the_mark_and_no_secret_of_either_side():
    old, public, mine, theirs = Note("old"), Note("b1 moves"), only_for(0, Note("a1 hides")), \
        only_for(1, Note("b2 skulks"))
    game = Game("optio", None, None, 0, ("Ann", "Bob"), None, (), (old, public, mine, theirs))
    assert since_last_turn(game, 0, 1) == [public]
    assert since_last_turn(game, 1, 1) == [public]
    assert since_last_turn(game, 0, 0) == [old, public]


def test_news_keeps_only_the_newest_lines():
    events = tuple(Note(f"n{i}") for i in range(20))
    game = Game("optio", None, None, 0, ("Ann", "Bob"), None, (), events)
    assert [e.text for e in since_last_turn(game, 1, 0, most=3)] == ["n17", "n18", "n19"]


async def _play_turn(pilot, screen) -> int:
    """Play the acting side's turn through the core's legal orders (as the
    keys would); return the log length when it began."""
    mover = min(screen.game.to_act)
    before = len(screen.game.log)
    for _ in range(12):
        if min(screen.game.to_act) != mover:
            break
        orders = screen.game.legal_orders(mover)
        end = [o for o in orders if o.verb == "end-turn"]
        screen.submit(end[0] if end and len(screen.game.log) > before else orders[0])
        await pilot.pause()
    return before


def optio_four_orders_in():
    from tests.tui.test_keys import played

    return played("optio", 4, seed=4)


async def at_the_handover(pilot, game) -> None:
    pilot.app.start_game(game)
    await pilot.pause()
    assert isinstance(pilot.app.screen, Handover)


async def test_the_handover_lists_the_other_sides_turn_and_x_opens_it_with_why():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await at_the_handover(pilot, optio_four_orders_in())
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        await _play_turn(pilot, screen)  # the first player's turn
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")
        await pilot.pause()
        other_began = await _play_turn(pilot, screen)  # the other player's turn
        assert isinstance(app.screen, Handover)
        handover = app.screen
        other_turn = [e.sentence for e in screen.game.log[other_began:]]
        assert handover.news and handover.news == other_turn[-len(handover.news):]
        assert len(handover.news) == len(other_turn)  # every line (issue 29: never cut)
        text = str(handover.query_one("#handover-news").render()).replace("\n", " ")
        assert handover.news[-1][:30] in text
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, EventLog)
        assert [e.sentence for e in app.screen.events] == handover.news


async def test_a_player_who_has_not_had_the_keyboard_yet_reads_so_far_not_since_your_last_turn():
    from tests.tui.test_keys import played

    game = played("optio", 4, seed=4)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        first = app.screen
        assert isinstance(first, Handover) and first.first
        assert str(first.query_one("#handover-news").render()).startswith("So far, seen by both sides:")
        await pilot.press("enter")
        await pilot.pause()
        await _play_turn(pilot, app.screen)
        await pilot.press("enter")  # the other player's first handover: also "so far"
        await pilot.pause()
        await _play_turn(pilot, app.screen)
        again = app.screen
        assert isinstance(again, Handover) and not again.first
        assert str(again.query_one("#handover-news").render()).startswith("Since your last turn, seen by both sides:")


async def test_q_at_the_handover_leaves_the_game_saved_without_showing_the_board(data_dir):
    """A newcomer at the hidden-board screen can leave: asked while the board
    stays hidden, the game saved for Continue."""
    from saves.store import list_saves, load_game
    from tui.game_screen import GameScreen
    from tui.modals import Confirm

    game = optio_four_orders_in()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await at_the_handover(pilot, game)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert isinstance(app.screen_stack[-2], Handover)  # the board is still hidden under the question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, Handover)
        await pilot.press("q", "y")
        await pilot.pause()
        assert not any(isinstance(s, (GameScreen, Handover)) for s in app.screen_stack)
        saves = list_saves()
        assert len(saves) == 1 and load_game(saves[0].path).orders == game.orders
