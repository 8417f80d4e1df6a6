"""What a tester playing Platemail at 80x24 found (stop 61): the order
writer's warning cut after its first row; ``a`` (last Round's orders
again) copying a THEN or ELSE potion already drunk without the warning
the writer gives it; the Round playback leaving a word alone on a row;
news (a chat line, a server's warning) hidden under the playback, and no
c Chat offered over it."""

from __future__ import annotations

import attrs

from core.game import submit
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition
from tests.remote.helpers import until
from tests.tui.drawn import screen_rows
from tests.tui.fit import cut_texts
from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders
from tests.tui.test_platemail_again import news, to_board
from tests.tui.test_platemail_playback_board import a1_moved_game
from tests.tui.test_platemail_tester51 import entry, game_with
from tui.app import SkirmishApp
from tui.rulesets import platemail_playback as pb
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_playback import Playback
from tui.rulesets.platemail_writer import OrderWriter


def moved(game, **cells):
    state = game.state
    chars = tuple(attrs.evolve(c, pos=cells[c.id]) if c.id in cells else c for c in state.characters)
    return attrs.evolve(game, state=attrs.evolve(state, characters=chars))


def words_in(app, region) -> str:
    """The words the screen shows inside ``region``, row after row."""
    rows = screen_rows(app)[region.y:region.bottom]
    return " ".join(" ".join(row[region.x:region.right] for row in rows).split())


# -- 1. the writer's warning, whole --------------------------------------------------------------


async def check_warning_whole(pilot, writer: OrderWriter, warning: str) -> None:
    app = pilot.app
    await pilot.pause()
    await pilot.pause()
    assert isinstance(app.screen, KeyMenu)
    box = writer.query_one("#writer-problem").parent.content_region
    shown = words_in(app, box)
    assert warning in shown, shown
    menu = app.screen.query_one("#key-title").parent.content_region
    assert menu.y - 1 >= box.bottom + 1, (menu, box)  # the menu leaves the box's rows to it
    assert "Esc back" in words_in(app, menu)  # and its own hint stays
    assert [cut for cut in cut_texts(writer) if "writer" in cut] == []


async def test_a_full_attack_out_of_reach_is_warned_whole_at_80x24():
    """a2 at 8,5, b2 at 8,7: a Full Attack does not move and strikes only
    beside it (seed: Full Attack)."""
    game = moved(deployed_game(), a2=(8, 5), b2=(8, 7))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        writer = OrderWriter(game, 0, "a2")
        app.push_screen(writer)
        await pilot.pause()
        await pilot.press("a", "2")  # Full Attack b2: the IF menu next
        await check_warning_whole(
            pilot, writer, "Warning: b2 is 2 cells (10 ft) away now: a Full Attack does not move, "
                           "it strikes only an adjacent enemy")


async def test_the_longest_warning_is_whole_over_the_tallest_menu():
    """a1 Guards a3, 11 cells off (seed: Guard: 3 cells at most), the
    THEN menu (with its line of what each Action does) under it."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = deployed_game()
        await open_game(pilot, game)
        writer = OrderWriter(game, 0, "a1")
        app.push_screen(writer)
        await pilot.pause()
        await pilot.press("g", "5", "h")  # Guard a3, IF I was hit: the THEN menu
        await check_warning_whole(
            pilot, writer, "Warning: a3 is 11 cells (55 ft) away now: a Guard moves 3 cells (15 ft) at most, "
                           "and guards only beside its ally")
        assert app.screen.details  # the tallest menu: its details line included


# -- 2. a, last Round's orders again, and a potion drunk -----------------------------------------------

DEFEND = Act(0, Action.DEFEND)
ELSE_POTION = Write(0, "a1", DEFEND, Condition.HIT, DEFEND, Act(0, Action.USE_ITEM, item="potion"))


def after_the_potion():
    """Round 1: Ann's rogue a1 Defended, was not hit, and its ELSE drank
    its only potion (seed: Use Item)."""
    game = game_with("rogue", "footman")
    assert game.state.char("a1").potions == 1
    for order in (ELSE_POTION, Commit(0), Commit(1)):
        game = submit(game, order).game
    assert game.state.round == 2 and game.state.char("a1").potions == 0
    return game


async def test_last_rounds_else_potion_drunk_is_copied_with_the_writers_warning():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, after_the_potion())
        await to_board(pilot, screen)
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        assert set(review.written) == {"a1"}  # a 2nd Action is not refused for it: copied
        shown = news(app, screen, review)
        assert shown.startswith("Last Round's orders again: a1.")
        assert "a1's ELSE Action, Use Item: a1 has no potion left." in shown
        # the writer, by hand, warns of the same in the same words
        review.query_one("#review-list").highlighted = 0
        await pilot.press("enter", "d", "h", "d", "t")  # Defend, IF hit, THEN Defend, ELSE Use Item
        await pilot.pause()
        assert entry(app, "drink a potion")[1] == "drink a potion (0 left) — warning: a1 has no potion left."


# -- 4. no word alone on a row of the playback ----------------------------------------------------------


def test_no_row_of_a_wrapped_line_is_a_word_alone():
    for line in ("    a1 rolls 1d20 for melee attack on b1: 17, -2 Wounds = 15",
                 "    b2 rolls 1d20 for melee attack on a1: 12, +3 Favor (a1 is open to melee (full attack)) = 15"):
        rows = pb.wrapped(line, 34).splitlines()
        assert " ".join(" ".join(rows).split()) == " ".join(line.split())  # nothing lost
        assert all(len(row) <= 34 for row in rows)
        last = rows[-1].split()
        assert len(last) > 2 or any(ch.isalpha() for ch in rows[-1]) and len(last) > 1, rows


def attacks_game():
    """Round 1: a1 and b1 Full Attack each other, side by side; a2 shoots b2."""
    game = moved(deployed_game(), a1=(2, 5), b1=(2, 6), a2=(8, 4), b2=(8, 8))
    hit = Act(0, Action.FULL_ATTACK, target="b1")
    back = Act(1, Action.FULL_ATTACK, target="a1")
    shot = Act(0, Action.RANGED, target="b2")
    for order in (Write(0, "a1", hit, Condition.HIT, hit, hit), Write(1, "b1", back, Condition.HIT, back, back),
                  Write(0, "a2", shot, Condition.HIT, shot, shot), Commit(0), Commit(1)):
        outcome = submit(game, order)
        assert outcome.game is not None, outcome
        game = outcome.game
    return game


async def test_the_playback_shows_no_word_alone_on_a_row_at_80x24():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, attacks_game())
        await pilot.press("enter")  # the handover: the playback
        await pilot.pause()
        playback = app.screen
        assert isinstance(playback, Playback)
        await pilot.press("a")  # every step; its text scrolled to the end
        await pilot.pause()
        await pilot.pause()
        area = playback.query_one("#pb-scroll").region
        rows = [row[area.x:area.right - 2] for row in screen_rows(app)[area.y:area.bottom]]  # (less its scroll bar)
        assert any("melee attack" in row for row in rows), rows
        stray = [row for row in rows if len(row.split()) == 1 or
                 (len(row.split()) == 2 and not any(ch.isalpha() for ch in row))]
        assert stray == [], "\n".join(rows)


# -- 5. news while the playback is open ----------------------------------------------------------------

CLAIM = ("Bo has given no order for 1 min 30 s: q, then w claims the game "
         "(the server refuses it if drafts or chat came from them meanwhile)")


async def test_news_written_while_the_playback_is_open_is_shown_in_its_box():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, a1_moved_game())
        await pilot.press("enter")
        await pilot.pause()
        playback = app.screen
        assert isinstance(playback, Playback) and playback.shown == 1
        box = playback.query_one("#pb-box")
        screen.say(CLAIM)
        # waited for, not a fixed pause: a loaded machine draws the box later
        assert await until(pilot, lambda: CLAIM in words_in(app, box.content_region)), \
            words_in(app, box.content_region)
        screen.say("Chat · Bo: one more Round?")
        assert await until(pilot, lambda: "Chat · Bo: one more Round?" in words_in(app, box.content_region))
        shown = words_in(app, box.content_region)
        assert CLAIM not in shown  # the newest
        assert playback.shown == 1  # still the first step


async def test_the_footer_over_the_playback_offers_c_chat_when_the_game_does(monkeypatch):
    import tui.lobby_seat

    offered = {"chat": True}
    monkeypatch.setattr(tui.lobby_seat, "chat_offered", lambda app: offered["chat"])
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, a1_moved_game())
        await pilot.press("enter")
        await pilot.pause()
        playback = app.screen
        assert isinstance(playback, Playback)
        footer = screen_rows(app)[-1]
        assert "c Chat" in footer, footer
        asked = []
        monkeypatch.setattr(tui.lobby_seat, "chat_line", asked.append)
        await pilot.press("c")  # the chat's line asked for, over the box
        await pilot.pause()
        assert asked == [app] and app.screen is playback
        offered["chat"] = False  # a game at one keyboard: no chat, none offered
        playback.refresh_bindings()
        await pilot.pause()
        assert "Chat" not in screen_rows(app)[-1]
