"""The words of the hot-seat handover's news.  The list is built from what
both sides may read (the other player may still be looking), so it says so,
and where the coming player reads the lines that are theirs alone (L, the
full log, once the board is theirs) -- in a ruleset whose log has such lines
(Platemail) -- never that x shows "every line" of the game.  At 80x24."""

from __future__ import annotations

from core.events import visible_to
from tests.tui.drawn import screen_text
from tests.tui.fit import cut_texts
from tests.tui.test_handover_news import _play_turn
from tests.tui.test_keys import played
from tests.tui.test_platemail import SIZE, open_game, open_orders, skulked_game
from tui.app import SkirmishApp
from tui.modals import Handover
from tui.rulesets.platemail_playback import Playback
from tui.why import EventLog


def news_of(app) -> str:
    return " ".join(str(app.screen.query_one("#handover-news").render()).split())


async def test_platemail_news_says_both_sides_saw_it_and_the_skulkers_own_moves_are_in_l():
    game, hedge = skulked_game()  # Bo's rogue skulked into a hedge, unseen by Ann
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # Ann's handover; then her playback
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await open_orders(pilot, 0)
        await pilot.press("p", "y")  # Ann commits: Bo's handover
        await pilot.pause()
        assert isinstance(app.screen, Handover)
        assert cut_texts(app.screen) == []
        news = news_of(app)
        # Public only (the safety rule), and saying so: not a word of the skulk here.
        assert "skulks" not in news and "Stealth" not in news
        assert news.startswith("So far, seen by both sides:")
        assert "every line" not in news
        assert "What only you may read, your hidden moves too: L, the full log, once the board is yours." in news
        await pilot.press("x")  # x: the same list, named as it is on the handover
        await pilot.pause()
        assert isinstance(app.screen, EventLog) and "seen by both sides" in app.screen.log_title
        assert not any("skulks" in e.sentence for e in app.screen.events)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # Bo has the keyboard: his playback first
        await pilot.pause()
        if isinstance(app.screen, Playback):
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("L")  # where the handover said his hidden moves are
        await pilot.pause()
        assert isinstance(app.screen, EventLog) and app.screen is not screen
        full = [e.sentence for e in app.screen.events]
        assert any("b1 skulks from" in line for line in full) and any("Stealth" in line for line in full)


async def test_optio_news_is_its_whole_log_since_the_last_turn_and_sends_nobody_to_l():
    """Optio hides which block is which, never a line of its log: the list
    seen by both sides is all there is, so no note sends the player to L."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(played("optio", 4, seed=4))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await _play_turn(pilot, app.screen)
        await pilot.press("enter")
        await pilot.pause()
        await _play_turn(pilot, app.screen)
        assert isinstance(app.screen, Handover) and not app.screen.first
        screen = next(s for s in app.screen_stack if not isinstance(s, Handover) and hasattr(s, "game"))
        assert all(visible_to(e, 0) and visible_to(e, 1) for e in screen.seats.seat(None).snapshot().log)
        news = news_of(app)
        assert news.startswith("Since your last turn, seen by both sides:")
        assert " L" not in news and "every line" not in news
        assert cut_texts(app.screen) == []


async def test_a_long_list_says_how_many_earlier_lines_x_shows_and_keeps_the_note_at_80x24():
    news = [f"a{n % 3 + 1}: Defend [R] (no orders were written: Defends all Round)" for n in range(20)]
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(Handover("Ann", "Write your orders for Round 3 in secret (w).", news, why=lambda: None,
                                 lines_of_ones_own=True))
        await pilot.pause()
        assert cut_texts(app.screen) == []
        text = news_of(app)
        hidden = 20 - text.count("· ")
        assert hidden > 0 and text.startswith(f"Since your last turn, seen by both sides: ({hidden} earlier lines: "
                                              "x shows them)")
        assert text.endswith("What only you may read, your hidden moves too: L, the full log, once the board is "
                             "yours.")
        shown = " ".join(screen_text(app).replace("║", " ").split())
        assert "L, the full log, once the board is yours." in shown  # on screen, not below the box
