"""Platemail's order writer: a warning is about the orders as they stand
(rewriting them drops it), warnings alike for like cases (a Counter out
of reach as a Full Attack is, a Move to a cell it cannot reach as a Fall
Back's is), last Round's orders written again flag a Stabilize sure to do
nothing, and Release Spell's target list puts a spell's usual targets
first and warns of the others (seed: Full Attack, Counter, Move, Stabilize,
Release Spell; docs/rulings.md, Platemail, Spells)."""

from __future__ import annotations

import attrs
from textual.widgets import Label

from core.game import submit
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition, Status
from tests.rulesets.platemail.helpers import position
from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders
from tests.tui.test_platemail_again import to_board
from tests.tui.test_platemail_tester51 import entry, labels, writer_for
from tests.tui.test_waylights import log_text
from tui.app import SkirmishApp
from tui.rulesets import platemail_notes as notes
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_review import SideOrders

A, C = Action, Condition
FAR_FULL_ATTACK = "a Full Attack does not move, it strikes only an adjacent enemy"


def review_news(review: SideOrders) -> str:
    line = review.query_one("#review-news", Label)
    return " ".join(str(line.render()).split()) if line.display else ""


def with_chars(game, **changes):
    """``game`` with the characters named changed (``a2={"status": ...}``)."""
    state = game.state
    chars = tuple(attrs.evolve(c, **changes[c.id]) if c.id in changes else c for c in state.characters)
    return attrs.evolve(game, state=attrs.evolve(state, characters=chars))


# -- 1. a warning goes with the orders it was about ------------------------------------------------


async def test_rewriting_an_order_drops_its_warning_from_the_review_and_says_so_in_the_log():
    """a1 (2,1) Full Attacks b1 (2,10), 9 cells away: warned (seed, Full
    Attack: adjacent opponents only).  Rewritten as Defend, the warning no
    longer stands on the orders screen (nor behind its commit question)
    and the log pane says it no longer holds; a new order with its own
    warning brings that one."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")
        review = await open_orders(pilot, 0)
        await pilot.press("enter", "a", "1", "d", "d", "d")  # a1: Full Attack b1; IF down; THEN / ELSE Defend
        await pilot.pause()
        assert app.screen is review
        assert FAR_FULL_ATTACK in review_news(review) and FAR_FULL_ATTACK in log_text(screen)
        await pilot.press("enter", "d", "d", "d", "d")  # a1 again: Defend all Round
        await pilot.pause()
        assert app.screen is review and "Defend" in review.lines()[0]
        assert FAR_FULL_ATTACK not in review_news(review)
        assert log_text(screen).endswith("a1's orders are written anew: the earlier warning about them no longer "
                                         "holds.")
        await pilot.press("p")  # the commit question over the review: no stale warning behind it
        await pilot.pause()
        assert FAR_FULL_ATTACK not in review_news(review)
        await pilot.press("n")
        await pilot.press("enter", "a", "1", "d", "d", "d")  # the Full Attack once more: warned once more
        await pilot.pause()
        assert FAR_FULL_ATTACK in review_news(review)


# -- 2. like cases, like warnings -------------------------------------------------------------------


def test_a_counter_on_an_enemy_two_cells_away_is_warned_as_a_full_attack_is():
    """Seed, Counter: stay in place, one Melee Attack against one adjacent
    opponent.  2 cells apart it strikes nobody, as a Full Attack would not."""
    st = position([("footman", 0, (5, 5)), ("footman", 1, (5, 7)), ("footman", 1, (6, 6))])
    me, far, near = (st.char(uid) for uid in ("a1", "b1", "b2"))
    assert notes.reach_warning(me, A.COUNTER, far) == ("b1 is 2 cells (10 ft) away now: a Counter does not move, "
                                                "it strikes only an adjacent enemy")
    assert notes.reach_warning(me, A.COUNTER, near) == ""  # beside it: no warning
    written = Write(0, "a1", Act(0, A.COUNTER, "b1"), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND))
    assert any("a Counter does not move" in w for w in notes.order_warnings(st, me, written))


def test_a_move_to_a_cell_out_of_its_reach_is_warned_with_who_stands_there():
    """b1 at 2,10 picks 6,10: 4 cells, beyond a Move's 3 (seed, Move: up
    to 15 ft), and held by its ally b2.  A cell within reach is not warned."""
    st = position([("footman", 0, (2, 1)), ("footman", 1, (2, 10)), ("crossbowman", 1, (6, 10))])
    me = st.char("b1")
    far = notes.destination_warning(st, me, Act(1, A.MOVE, to=(6, 10)))
    assert far == "6,10 is 4 cells away, beyond a Move's 3 (15 ft): b1 stops short; b2 stands there now"
    assert notes.destination_warning(st, me, Act(1, A.MOVE, to=(5, 10))) == ""
    assert notes.destination_warning(st, me, Act(1, A.SPRINT, to=(6, 10))) == ""  # a Sprint goes 6 cells
    written = Write(1, "b1", Act(1, A.MOVE, to=(6, 10)), C.HIT, Act(1, A.DEFEND), Act(1, A.DEFEND))
    assert f"b1's 1st Action, Move to 6,10: {far}" in notes.order_warnings(st, me, written)


async def test_the_writer_warns_of_a_move_to_an_unlit_cell_as_it_does_of_a_fall_back():
    game = with_chars(deployed_game(), b2={"pos": (6, 10)})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 1, "b1")
        await pilot.press("m", "l")  # Move; a location picked on the board
        await pilot.pause()
        assert "lit: reached this Phase (others: it stops short)" in app.screen.title_text
        app.screen.dismiss((6, 10))
        await pilot.pause()
        assert isinstance(app.screen, KeyMenu)  # the IF condition; the writer's box warns
        problem = str(app.screen_stack[-2].query_one("#writer-problem", Label).render())
        assert problem == "Warning: 6,10 is 4 cells away, beyond a Move's 3 (15 ft): b1 stops short"
        assert len(problem) <= 74  # one line of the writer's box


# -- 3. last Round's orders again: a Stabilize sure to do nothing -----------------------------------


def after_a_stabilize(a2_status: Status):
    """Round 1 resolved with a1 (2,1) ordered to Stabilize the closest
    fallen ally; then a2 lies at 3,1 with ``a2_status``."""
    game = deployed_game()
    stabilize = Write(0, "a1", Act(0, A.STABILIZE, "ally-down"), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND))
    for order in (stabilize, Commit(0), Commit(1)):
        game = submit(game, order).game
    game = with_chars(game, a2={"status": a2_status, "pos": (3, 1)})
    assert game.state.round == 2
    return game


async def test_last_rounds_stabilize_of_a_stable_ally_is_not_written_again():
    """Seed, Stabilize: it keeps a Fatally Wounded character from dying.
    a2 is Stable already: the Stabilize would do nothing, so ``a`` leaves
    it to write anew with the reason (as a potion none is left of)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, after_a_stabilize(Status.STABLE))
        await to_board(pilot, screen)
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        assert "a1" not in review.written
        assert ("Not allowed now, write anew: a1: a1's Stabilize would do nothing: a2 is not Fatally Wounded."
                in review_news(review))


def test_a_stabilize_that_may_do_something_is_not_flagged():
    """a2 Fatally Wounded beside a1: the Stabilize rolls Medical.  Nobody
    fallen at all: it finds nobody."""
    state = after_a_stabilize(Status.DYING).state
    stabilize = Write(0, "a1", Act(0, A.STABILIZE, "ally-down"), C.HIT, Act(0, A.DEFEND), Act(0, A.DEFEND))
    assert notes.idle_first_action(state, state.char("a1"), stabilize) == ""
    nobody = deployed_game().state
    assert notes.idle_first_action(nobody, nobody.char("a1"), stabilize) == ("a1's Stabilize would find nobody: "
                                                                       "no ally of a1's has fallen")


# -- 5. Release Spell's targets: the usual ones first, the others warned ---------------------------


async def release_entries(pilot, spell: str) -> list:
    """b3 (the Spellcaster) with ``spell`` Prepared: its Release's target list."""
    game = with_chars(deployed_game(), b3={"prepared": spell})
    await writer_for(pilot, game, 1, "b3")
    await pilot.press("e")
    await pilot.pause()
    return list(pilot.app.screen.entries)


async def test_a_firebolt_at_an_ally_or_at_myself_is_warned_and_enemies_come_first():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        values = [value for _, _, value in await release_entries(pilot, "firebolt")]
        assert values.index("closest") < values.index("ally") and values.index("a1") < values.index("b1")
        warned = "warning: Firebolt is meant for enemies: this casts it at"
        assert f"{warned} your own side" in entry(app, "the closest ally")[1]
        assert f"{warned} yourself" in entry(app, "myself")[1]
        assert f"{warned} your own side" in entry(app, "b1 ")[1]
        assert "warning" not in entry(app, "the closest hostile")[1]


async def test_mend_lists_its_own_side_first_and_warns_of_an_enemy():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        values = [value for _, _, value in await release_entries(pilot, "mend")]
        assert values[:4] == ["ally", "ally-injured", "ally-down", "self"]
        assert values.index("b1") < values.index("a1") and values.index("b2") < values.index("a1")
        warned = "warning: Mend is meant for your own side: this casts it at an enemy"
        assert warned in entry(app, "the closest hostile")[1] and warned in entry(app, "a1 ")[1]
        assert "is meant for" not in entry(app, "b1 ")[1] and "is meant for" not in entry(app, "myself")[1]
        assert all("is meant for" not in label for label in labels(app) if label.startswith(("b1", "b2")))
