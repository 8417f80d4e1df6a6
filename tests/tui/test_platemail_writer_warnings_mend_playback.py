"""What a tester playing Platemail against the computer at 80x24 found:
a 1st-Action shot at a target out of sight taken without a
word, an unloaded heavy crossbow's shot warned only once the whole order
was written, Mend's target list in Range bands (and its caster twice), the
Concentration check of a hit shown under the next attack, THEN Stabilize
judged from where the figure stands before its 1st Action, and ctrl+c dead
in the writer."""

from __future__ import annotations

import attrs
from textual.widgets import Label

from core.deployment import Deploy
from core.events import Rolled
from core.game import submit
from core.orders import DeclineDraw
from core.rulesets.platemail.events import AttackMade
from core.rulesets.platemail.state import Act, Action, Commit, Condition, Status, Write
from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders
from tests.tui.test_platemail_tester51 import entry, game_with, labels, writer_for
from tui.app import SkirmishApp
from tui.modals import Confirm
from tui.rulesets.platemail_menus import CellPicker, KeyMenu
from tui.rulesets.platemail_notes import order_warnings
from tui.rulesets.platemail_playback import playback_steps
from tui.rulesets.platemail_writer import OrderWriter


def writer(app) -> OrderWriter:
    return next(s for s in app.screen_stack if isinstance(s, OrderWriter))


def problem_line(app) -> str:
    return str(writer(app).query_one("#writer-problem", Label).render())


def log_of(game, *orders) -> str:
    for order in orders + (Commit(0), Commit(1)):
        game = submit(game, order).game
    return " ".join(e.sentence for e in game.log)


# -- 1. a 1st-Action shot at a target not in sight ----------------------------------------------------


async def test_a_first_action_shot_at_a_target_out_of_sight_is_warned_where_it_is_written():
    """On the yard a1 (2,1) cannot see b3 (13,10) past the barn: a 1st
    Action's shot is measured from where both stand at the start of the
    Phase (seed: Ranged Attack; Cover and Concealment), so it cannot be
    loosed.  Warned in the list, in the writer once chosen, and in the
    order's warnings; a THEN shot (both may have moved) is not."""
    game = deployed_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 0, "a1")
        await pilot.press("r")  # a1's javelin
        assert "— warning:" in entry(app, "b3 ")[1]
        assert "warning" not in entry(app, "b2 ")[1]
        await pilot.press(app.screen.entries[[e[2] for e in app.screen.entries].index("b3")][0])
        await pilot.pause()
        assert "IF" in app.screen.menu_title  # accepted: on to the IF condition
        assert "b3" in problem_line(app) and "not in sight" in problem_line(app)
        await pilot.press("h", "r")  # THEN Ranged Attack: whom?
        assert "— warning:" not in entry(app, "b3 ")[1]
    order = Write(0, "a1", Act(0, Action.RANGED, "b3"), Condition.HIT, Act(0, Action.DEFEND), Act(0, Action.DEFEND))
    assert any("not in sight" in w for w in order_warnings(game.view(0), game.state.char("a1"), order))
    # The engine agrees: the shot is not loosed.
    assert "a1 cannot see b3: Concealed" in log_of(game, order)


def _blind_game():
    """Every one of Bo's figures behind the barn, out of a1's sight (2,1)."""
    return game_with("footman,archer,knight", "footman,crossbowman,spellcaster",
                     placed=(Deploy(1, "b1", (13, 11)), Deploy(1, "b2", (14, 10)), Deploy(1, "b3", (15, 10))))


async def test_a_general_target_with_no_enemy_in_sight_is_warned():
    game = _blind_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 0, "a1")
        await pilot.press("r")
        assert "— warning:" in entry(app, "the closest hostile")[1]
        assert "no enemy" in entry(app, "the closest hostile")[1]
    order = Write(0, "a1", Act(0, Action.RANGED, "closest"), Condition.HIT, Act(0, Action.DEFEND),
                  Act(0, Action.DEFEND))
    assert any("no enemy" in w for w in order_warnings(game.view(0), game.state.char("a1"), order))
    assert "a1 has no target: no enemy in sight" in log_of(game, order)


async def test_a_general_target_with_an_enemy_in_sight_is_not_warned():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), 0, "a1")
        await pilot.press("r")
        assert "warning" not in entry(app, "the closest hostile")[1]


async def test_an_unloaded_heavy_crossbows_shot_is_warned_as_the_1st_action_is_chosen():
    game = deployed_game()
    state = game.state
    game = attrs.evolve(game, state=attrs.evolve(state, characters=tuple(
        attrs.evolve(c, loaded=False) if c.id == "b2" else c for c in state.characters)))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 1, "b2")
        assert "not loaded" in entry(app, "Ranged Attack")[1]
        await pilot.press("r", "c")  # the closest hostile, accepted
        await pilot.pause()
        assert "IF" in app.screen.menu_title
        assert "not loaded" in problem_line(app) and "reload first" in problem_line(app)


# -- 2. Mend: touch --------------------------------------------------------------------------------------


async def test_mends_target_list_says_who_is_within_reach_and_lists_the_caster_once():
    """docs/rulings.md, Spells: Mend is touch; the engine releases it only
    on someone beside the caster (``actions._release``)."""
    game = deployed_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 1, "b3")
        await pilot.press("n")
        mend = next(key for key, label, _ in app.screen.entries if label.startswith("Mend"))
        assert entry(app, "Mend")[1] == "Mend (touch)"
        await pilot.press(mend, "s", "e")  # IF my spell is prepared THEN Release: whom?
        b2 = entry(app, "b2 ")[1]
        assert "Range" not in b2 and "out of reach" in b2, b2
        assert not [label for label in labels(app) if label.startswith("b3 ")], labels(app)
        assert entry(app, "myself")[1] == "myself"
    order = Write(1, "b3", Act(1, Action.PREPARE, spell="mend"), Condition.SPELL_READY,
                  Act(1, Action.RELEASE, "b2"), Act(1, Action.DEFEND))
    assert "b3's Mend needs someone within reach: it stays Prepared" in log_of(game, order)


# -- 3. the playback: a hit's Concentration check ----------------------------------------------------------


def test_the_concentration_check_a_hit_calls_for_stays_with_that_hit():
    events = [
        Rolled("1d20", (15,), (), 15, "a1's melee attack on b3", "a1"),
        AttackMade("a1", "b3", "melee", 15, 10, 15, True),
        Rolled("1d20", (4,), (("Concentration", 1),), 5, "Concentration check", "b3"),
        Rolled("1d20", (2,), (), 2, "a2's ranged attack on b3", "a2"),
        AttackMade("a2", "b3", "ranged", 2, 10, 2, False),
    ]
    steps = playback_steps(events)
    hit = next(lines for title, lines in steps if title.startswith("Attack: a1 on b3, hit"))
    miss = next(lines for title, lines in steps if title.startswith("Attack: a2 on b3, miss"))
    assert any("Concentration check" in line for line in hit)
    assert not any("Concentration check" in line for line in miss)


# -- 4. THEN Stabilize after a 1st-Action move ---------------------------------------------------------


async def test_then_stabilize_judges_from_where_the_1st_action_leaves_the_figure():
    """a1 (2,1) moves to 5,1, beside a3 Fatally Wounded at 6,1: the THEN
    Stabilize of a3 is not refused in words."""
    game = game_with("footman,archer,knight", "footman,crossbowman,spellcaster",
                     placed=(Deploy(0, "a1", (2, 1)), Deploy(0, "a2", (3, 1)), Deploy(0, "a3", (6, 1))))
    state = game.state
    game = attrs.evolve(game, state=attrs.evolve(state, characters=tuple(
        attrs.evolve(c, status=Status.DYING) if c.id == "a3" else c for c in state.characters)))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        app.push_screen(OrderWriter(game, 0, "a1", first=Act(0, Action.MOVE, to=(5, 1))))
        await pilot.pause()
        await pilot.press("r", "z")  # IF I reached my destination THEN Stabilize: whom?
        a3 = entry(app, "a3 ")[1]
        assert "cannot be Stabilized" not in a3, a3
        assert "the 1st Action brings a1 beside a3" in a3, a3
        assert entry(app, "a2 ")[1].endswith("— warning: a2 is not Fatally Wounded now")
        await pilot.press("escape", "escape", "escape", "escape")
        await pilot.pause()
        # A move toward the fallen ally (the tester's): it may end beside a3, said as a condition.
        app.push_screen(OrderWriter(game, 0, "a1", first=Act(0, Action.MOVE, "ally-down")))
        await pilot.pause()
        await pilot.press("r", "z")
        a3 = entry(app, "a3 ")[1]
        assert a3.endswith("— a3 is not beside a1 now; the 1st Action may bring a1 beside a3"), a3
    for first in (Act(0, Action.MOVE, to=(5, 1)), Act(0, Action.MOVE, "ally-down")):
        order = Write(0, "a1", first, Condition.REACHED, Act(0, Action.STABILIZE, "a3"), Act(0, Action.DEFEND))
        assert "Medical roll to Stabilize a3" in log_of(game, order)


# -- 5. ctrl+c in the writer, and a draw's answer ------------------------------------------------------------


async def test_ctrl_c_in_the_writer_asks_to_leave_the_game():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        await pilot.press("enter")
        await open_orders(pilot, 0)
        await pilot.press("enter")
        menu = app.screen
        assert isinstance(menu, KeyMenu)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "Leave this game?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is menu
        await pilot.press("m", "l")
        assert isinstance(app.screen, CellPicker)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "Leave this game?" in app.screen.question


async def test_a_draws_answer_shows_in_the_writer_when_it_comes():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")
        await open_orders(pilot, 0)
        await pilot.press("enter")
        menu = app.screen
        assert isinstance(menu, KeyMenu)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("d")  # offer Bo a draw
        await pilot.pause()
        assert app.screen is menu
        screen.submit(DeclineDraw(1))  # Bo's answer, as it comes
        hint = menu.query_one("#key-hint", Label)
        for _ in range(50):  # under load the answer's news reaches the hint line a few frames later
            await pilot.pause(0.1)
            if "declines the draw" in str(hint.render()):
                break
        await pilot.pause(0.3)  # and stays: the menu's own hint does not write over it
        assert "declines the draw" in str(hint.render())
