"""What a tester found in Platemail's screens at 80x24 (stop 53): a
character held by a Binding (or entrapped) shown as if free, with a Move
offered as if it could move; a potion offered with none left and a Rapid
Fire with one Javelin, unwarned; the compact key's example ids read as
this game's figures; "last Round's orders again" still naming a character
written anew; Aim's targets without their Range band; the figure list's
other side below the first screen."""

from __future__ import annotations

import attrs

from core.events import Rolled
from core.game import submit
from core.rulesets.platemail.movement import held
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.senses import Work
from core.rulesets.platemail.state import Action, Condition
from tests.tui.drawn import screen_rows
from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders
from tests.tui.test_platemail_again import to_board
from tests.tui.test_platemail_tester51 import game_with
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_writer import OrderWriter

A, C = Action, Condition


def changed(game, **by_unit):
    """``game`` with characters changed: ``a1={"entrapped": True}``."""
    state = game.state
    chars = tuple(attrs.evolve(c, **by_unit[c.id]) if c.id in by_unit else c for c in state.characters)
    return attrs.evolve(game, state=attrs.evolve(state, characters=chars))


def bound_game():
    """Ann's footman a1 held by Bo's spellcaster b3's Binding, as the
    engine leaves it (the caster's ongoing spell on it: actions._release);
    the engine's own test says a1 is held."""
    game = changed(deployed_game(), b3={"focus": "binding", "focus_target": "a1"})
    assert held(Work(game.state), "a1") and not held(Work(game.state), "a2")
    return game


def menu(app) -> list[tuple[str, str, object]]:
    assert isinstance(app.screen, KeyMenu)
    return list(app.screen.entries)


def label(app, start: str) -> str:
    found = [text for _, text, _ in menu(app) if text.startswith(start)]
    assert len(found) == 1, (start, [text for _, text, _ in menu(app)])
    return found[0]


async def writer_for(pilot, game, unit: str, side: int = 0) -> None:
    await open_game(pilot, game)
    pilot.app.push_screen(OrderWriter(game, side, unit))
    await pilot.pause()


def shown(app) -> str:
    """The screen's text, rows joined, spaces normalised (wrapped words rejoined)."""
    return " ".join(" ".join(row.strip("│ ") for row in screen_rows(app)).split())


# -- 1. held by a Binding, entrapped: shown, and warned in the writer ----------------------------------


async def test_the_figure_list_and_the_cursor_card_say_a_character_is_held():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, bound_game())
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.pause()
        board = screen.query_one(BoardView)
        board.move_cursor(screen.game.state.char("a1").pos)
        await pilot.pause()
        card = screen.query_one("#cursor-unit")
        rows = card.rows()[: card.size.height]  # what the card shows (it has ten rows at most)
        seen = " ".join(" ".join(str(row) for row in rows).split())
        assert "held by b3's Binding (Not Ready, cannot move" in seen, seen
        assert "Defense 11 (Not Ready; 14 free and Ready)" in card.text  # Chain Mail and shield, Not Ready while held
        await pilot.press("f")
        await pilot.pause()
        text = shown(app)
        assert "a1 Footman: fighting at" in text and "Now: held by b3's Binding (Not Ready, cannot move" in text
        assert "a2 Archer: fighting" in text and text.count("held by") == 1  # only a1 is held


async def test_the_writer_warns_of_moving_while_held():
    """The tester's a3: "Move (R) ... stay Ready" offered with no word of
    the Binding.  Every Action that needs moving is warned of, the menu's
    heading says it is Not Ready whatever it does; the THEN Action too (the
    Binding may lapse: "now")."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, bound_game(), "a1")
        assert "a1 is held by b3's Binding: Not Ready, cannot move" in app.screen.menu_title
        assert label(app, "Move") == "Move (R) — warning: held by b3's Binding, it cannot move"
        assert label(app, "Sprint") == "Sprint (NR) — warning: held by b3's Binding, it cannot move"
        assert label(app, "Charge") == "Charge (NR) — warning: held by b3's Binding: no move, no Favor"
        assert label(app, "Guard") == "Guard (R) — warning: held by b3's Binding: Not Ready, it blocks nothing"
        assert label(app, "Skulk") == "Skulk (R) — warning: held by b3's Binding, it can only hide"
        assert label(app, "Defend") == "Defend (R)" and label(app, "Counter") == "Counter (R)"
        move = next(value for _, text, value in menu(app) if text.startswith("Move"))
        assert move == A.MOVE  # warned, still on offer: the engine takes it
        await pilot.press("d", "h")  # Defend; IF I was hit
        assert "held by b3's Binding now: Not Ready, cannot move" in app.screen.menu_title
        assert label(app, "Move") == "Move (R) — warning: held by b3's Binding now, it cannot move"


async def test_an_entrapped_character_is_warned_until_it_frees_itself():
    game = changed(deployed_game(), a1={"entrapped": True})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, "a1")
        assert label(app, "Move") == "Move (R) — warning: entrapped, it cannot move"
        await pilot.press("t")  # Use Item: free someone entrapped
        assert label(app, "free someone entrapped") == "free someone entrapped"  # a1 itself is
        await pilot.press("f", "s", "h")  # ...itself; IF I was hit
        assert label(app, "Move") == "Move (R)"  # freed at the end of the 1st Phase


def test_what_the_warning_says_is_what_the_engine_does():
    """A held character's Move takes it nowhere, and it is Not Ready
    (seed: Ready/Not Ready; docs/rulings.md, Movement: held characters
    cannot move); its caster Focuses all Round."""
    from core.rulesets.platemail.events import ActionTaken
    from tests.rulesets.platemail.helpers import act, order, play, position

    state = position([("footman", 0, (2, 2)), ("spellcaster", 1, (2, 8), {"focus": "binding",
                                                                         "focus_target": "a1"})])
    start = state.char("a1").pos
    after, events = play(state, [order(0, "a1", act(0, "move", to=(2, 5)), "hit", act(0, "move", to=(2, 5))),
                                 order(1, "b1", act(1, "focus-spell"), "hit", act(1, "focus-spell"))])
    assert after.char("a1").pos == start
    assert [e.ready for e in events if isinstance(e, ActionTaken) and e.unit == "a1"] == [False, False]
    # Held, a guard blocks nothing (a guard must be Ready; a free one would roll against each Attack).
    state = position([("footman", 0, (2, 2)), ("archer", 0, (3, 2)), ("spellcaster", 1, (2, 8),
                      {"focus": "binding", "focus_target": "a1"}), ("footman", 1, (3, 3)), ("footman", 1, (1, 3))])
    _, events = play(state, [order(0, "a1", act(0, "guard", target="a2")),
                             order(1, "b2", act(1, "full-attack", target="a2")),
                             order(1, "b1", act(1, "focus-spell"), "hit", act(1, "focus-spell"))], dice=[10] * 20)
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert [e for e in rolls if e.who == "b2"] and not [e for e in rolls if "guard" in e.purpose]
    # A Charge at a foe three cells off (a free footman gets there and strikes) strikes nobody.
    state = position([("footman", 0, (2, 2)), ("spellcaster", 1, (2, 9), {"focus": "binding", "focus_target": "a1"}),
                      ("footman", 1, (2, 5))])
    _, events = play(state, [order(0, "a1", act(0, "charge", target="b2")),
                             order(1, "b1", act(1, "focus-spell"), "hit", act(1, "focus-spell"))], dice=[10] * 20)
    assert not [e for e in events if isinstance(e, Rolled) and e.who == "a1"]


# -- 4. Use Item with no potion left; Rapid Fire with one Javelin --------------------------------------


async def test_a_potion_with_none_left_is_refused_in_the_menu_not_after_the_else():
    """The tester's a2: "drink a potion (0 left)" taken, refused only once
    IF, THEN and ELSE were chosen.  As a 1st Action it is shown with the
    rules' reason and cannot be picked; as THEN, after the 1st Action drank
    the last one, it is warned of."""
    game = changed(deployed_game(), a3={"potions": 0})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, "a3")
        await pilot.press("t")
        potion = next(e for e in menu(app) if e[2] is None and e[1].startswith("drink a potion"))
        assert potion[1] == "drink a potion (0 left) — a3 has no potion left."
        await pilot.press("d")  # nothing happens: it cannot be picked
        await pilot.pause()
        assert isinstance(app.screen, KeyMenu) and "Use Item — which?" in app.screen.menu_title
    game = changed(deployed_game(), a3={"potions": 1, "wounds": 1})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, "a3")
        await pilot.press("t")
        assert label(app, "drink a potion") == "drink a potion (1 left)"
        await pilot.press("d", "h", "t")  # drink it; IF I was hit; THEN Use Item
        assert label(app, "drink a potion") == "drink a potion (0 left) — warning: a3 has no potion left."


async def test_a_potion_with_no_wound_to_heal_is_warned():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), "a3")  # the knight: one potion, no Wound
        await pilot.press("t")
        assert label(app, "drink a potion") == "drink a potion (1 left) — warning: a3 has no Wound for a potion to heal"


async def test_rapid_fire_with_one_javelin_is_warned():
    """Bo's footman b1 carries one Javelin: Rapid Fire throws it once, with
    Disfavor (the engine throws the same missile twice and stops when none
    is left; checked below)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), "b1", side=1)
        assert label(app, "Rapid Fire") == "Rapid Fire (NR) — warning: only one Javelin: one throw, with Disfavor"
        assert label(app, "Ranged Attack") == "Ranged Attack (R)"


def test_rapid_fire_with_one_javelin_throws_once_with_disfavor():
    from core.events import Rolled
    from tests.rulesets.platemail.helpers import act, order, play, position

    state = position([("footman", 0, (2, 2)), ("footman", 1, (2, 4))])
    assert state.char("a1").carried == ("javelin",)
    _, events = play(state, [order(0, "a1", act(0, "rapid-fire", target="b1"), "hit", act(0, "defend"))],
                     dice=[10] * 12)
    throws = [e for e in events if isinstance(e, Rolled) and e.who == "a1" and "ranged attack" in e.purpose]
    assert len(throws) == 1 and ("Disfavor: rapid fire", -3) in throws[0].modifiers


# -- 5. the compact key names this game's labels -----------------------------------------------------


async def test_the_compact_board_names_this_games_own_labels():
    """Game 2: Ann's a2 is her Archer, drawn A2; the key said "X2 = a2"."""
    game = game_with("knight,archer,rogue", "footman,crossbowman,spellcaster")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")
        await pilot.pause()
        board = screen.query_one(BoardView)
        assert board.compact  # the yard at 80x24
        panel = " ".join(str(screen.query_one("#panel").render()).split())
        assert "Board: K1 = a1, 1f = b1" in panel
        assert "X2 = a2" not in panel and "2x = b2" not in panel
        assert board.picture.compact_labels["a2"] == "A2"


# -- 6. smaller -------------------------------------------------------------------------------------------


async def test_a_character_written_anew_leaves_the_news_of_last_rounds_orders():
    game = deployed_game()
    for o in (Write(0, "a1", Act(0, A.DEFEND), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND)),
              Write(0, "a2", Act(0, A.DEFEND), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND)),
              Write(0, "a3", Act(0, A.DEFEND), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND)), Commit(0), Commit(1)):
        game = submit(game, o).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await to_board(pilot, screen)
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        news = review.query_one("#review-news")
        assert " ".join(str(news.render()).split()) == "Last Round's orders again: a1 a2 a3."
        await pilot.press("down", "down", "enter")  # a3 written anew by hand: Counter the closest
        await pilot.press("o", "c", "h", "d", "d")
        await pilot.pause()
        assert review.written["a3"].first.kind is A.COUNTER
        assert " ".join(str(news.render()).split()) == "Last Round's orders again: a1 a2."
        # a2 (an archer) too, with a Defend: its Counter would be warned of (no melee weapon in hand)
        await pilot.press("up", "enter", "d", "h", "d", "d")
        await pilot.press("up", "enter", "o", "c", "h", "d", "d")  # and a1: the news names nobody
        await pilot.pause()
        assert not news.display


async def test_aims_targets_show_the_range_band_as_ranged_attacks_do():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), "a2")  # the archer, Long Bow 30 ft, at 8,1
        await pilot.press("r")
        ranged = [text for _, text, _ in menu(app) if text.startswith("b")]
        await pilot.press("escape", "i")
        aimed = [text for _, text, _ in menu(app) if text.startswith("b")]
        # (a 1st-Action shot at b3, out of sight, is warned; an Aim, whose shot comes later, is not)
        assert aimed == [text.split(" — warning: ")[0] for text in ranged]
        # b2 stands at 8,10: 9 cells = 45 ft, the 2nd increment of 30 ft (-2)
        assert any(text.startswith("b2 ") and "9 cells = 45 ft, Range -2" in text for text in aimed), aimed


async def test_the_figure_list_shows_the_other_sides_first_figure_without_scrolling():
    """At 80x24 the list showed a side of three and only the other's
    heading and first line; ``↓`` reached them, nothing said so.  Each
    figure now takes a line less (armour and scores share one)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        rows = screen_rows(app)
        assert any("── Bo's" in row for row in rows)
        b1 = screen.adapter.figure_lines(screen.view_state, next(u for u in screen.units if u.id == "b1"), 0)
        top = next(i for i, row in enumerate(rows) if b1[0] in row)
        below = rows[top + 1: top + len(b1)]  # inside the list's box: its last row is the hint
        assert len(below) == len(b1) - 1 and not any("choose" in row for row in below), rows
        for line, row in zip(b1[1:], below):  # every line of Bo's first figure, on the first screen
            assert line in row, (line, row)


# -- 2. the playback's words and steps -------------------------------------------------------------


def clash_round():
    """A Round whose first tick is a Clash: a1 and b1, two cells apart with
    the same movement left, both step into the cell between them; a d2
    says who reaches it first (seed: Clash)."""
    from tests.rulesets.platemail.helpers import act, order, play, position

    state = position([("footman", 0, (5, 3)), ("footman", 1, (5, 5))])
    _, events = play(state, [order(0, "a1", act(0, "move", target="b1"), "hit", act(0, "defend")),
                             order(1, "b1", act(1, "move", target="a1"), "hit", act(1, "defend"))],
                     dice=[1] + [10] * 10)
    return events


def step_of(text: str, words: str) -> str:
    """The title of the playback step whose lines hold ``words``."""
    title = ""
    for line in text.splitlines():
        if not line.startswith("    "):
            title = line[2:]
        elif words in line:
            return title
    raise AssertionError(f"{words!r} not in {text}")


async def test_the_playback_keeps_a_clashs_d2_under_movement_not_attack():
    from core.events import TurnStarted
    from tui.rulesets.platemail_playback import Playback

    events = clash_round()
    start = next(i for i, e in enumerate(events) if isinstance(e, TurnStarted))
    assert any("meeting point" in getattr(e, "purpose", "") for e in events)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        app.push_screen(Playback("Round 1 resolved", events[start:]))
        await pilot.pause()
        await pilot.press("a")
        text = app.screen.shown_text()
        assert step_of(text, "who reaches the meeting point first").startswith("Movement")
        assert step_of(text, "Clash! a1 and b1") == step_of(text, "who reaches the meeting point first")
        assert step_of(text, "opportunity attack on b1:").startswith("Attack")
        # THEN and ELSE alike (both Defend): what it means, not "IF I was hit or not"
        assert "a1: Defend [R] — THEN and ELSE alike: taken whatever IF I was hit found" in text
        assert "or not" not in text


def test_a_crashs_saves_stay_with_the_movement_and_a_save_is_no_attack():
    from core.events import Moved, Note
    from core.rulesets.platemail.events import Crashed, PhaseBegan
    from tui.rulesets.platemail_playback import playback_steps

    events = [PhaseBegan(1, 1), Moved("a1", (1, 1), (1, 2)), Crashed("a1", "a2"),
              Rolled("1d20", (3,), (("Dexterity", 1),), 4, "Dexterity save (Crash)", "a1"),
              Note("a1 stops and falls Prone"),
              Rolled("1d20", (15,), (("Dexterity", 2),), 17, "Dexterity save (Crash)", "a2"),
              Moved("a2", (2, 2), (2, 3)),
              Rolled("1d20", (9,), (("Stealth", 3),), 12, "Stealth", "a3"),
              Rolled("1d20", (4,), (("Dexterity", 1),), 5, "Dexterity save against Binding", "a1")]
    steps = playback_steps(events)
    titles = [title for title, _ in steps]
    assert titles[1].startswith("Movement") and len([t for t in titles if t.startswith("Movement")]) == 1
    assert sum("Dexterity save (Crash)" in line for line in steps[1][1]) == 2
    assert "Attack" not in " ".join(titles[2:]) and "Roll: Stealth" in titles
