"""Waylights through the app by key presses at 80x24: the dice split picker,
the action allocation panel, the attack preview, the hand-over to the
defender, a counterattack and a KO, checked in the game state."""

from __future__ import annotations

import re

from textual.widgets import RichLog

from core.deployment import Deploy, Ready
from core.events import Rolled
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.waylights.events import Resolved
from core.rulesets.waylights.orders import Attack, Counter, Defend, Split
from core.rulesets.waylights.ruleset import preview_order
from core.rulesets.waylights.state import KO, WaylightsOptions
from saves.library import battlefield_named
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen
from tui.rulesets.waylights_modals import SPLIT_LABELS, AttackPreview, HandoverCard, PickList, SplitPicker

SIZE = (80, 24)
RULES = find_ruleset("waylights")


def prepared(seed: int, roster_0: str = "fighter", roster_1: str = "mook", a_at=(5, 4), b_at=(5, 6)):
    """One figure a side on the open field, deployed two cells apart."""
    options = WaylightsOptions(roster_0=roster_0, roster_1=roster_1)
    game = start(RULES, options, battlefield_named("open-12"), seed=seed, players=("Ann", "Bo"))
    for order in (Deploy(0, "a1", a_at), Ready(0), Deploy(1, "b1", b_at), Ready(1)):
        game = submit(game, order).game
    return game


async def open_game(pilot, game) -> GameScreen:
    pilot.app.start_game(game)
    await pilot.pause()
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


def panel(screen: GameScreen) -> str:
    return str(screen.query_one("#panel").content)


def log_text(screen: GameScreen) -> str:
    """The log as shown, its wrapped lines joined (spaces normalised)."""
    return " ".join(" ".join(line.text for line in screen.query_one(RichLog).lines).split())


def wounds_by_rule(margin: int, threshold: int) -> int:
    """Damage resolution, worked from the printed rule: below 0 nothing, up
    to Threshold a glancing hit, then one wound for each whole Threshold the
    result is strictly above."""
    if margin <= threshold:
        return 0
    return sum(1 for k in range(1, margin + 1) if margin > k * threshold)


async def test_split_step_attack_preview_counter_and_ko():
    # Seed 2: the fighter wins the round-1 initiative (asserted below).
    game = prepared(2)
    assert game.state.active == "a1" and game.state.pending == "split"
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        # Ann's turn opens with a hand-over card, then the split picker.
        assert isinstance(app.screen, HandoverCard) and "Ann" in app.screen.shown_text()
        await pilot.press("enter")
        picker = app.screen
        assert isinstance(picker, SplitPicker)
        assert picker.lines()[0].startswith("4  4/0  all-out assault, no guard")
        await pilot.press("4")
        await pilot.pause()
        state = screen.game.state
        assert state.get("a1").split == 4 and state.pending == ""
        assert app.screen is screen
        text = panel(screen)
        assert " Action 1: free" in text and " Action 2: free" in text and " Step: free" in text
        # The free step onto 5,5: Enter on the cell asks how (Move, Split move or Step).
        await pilot.press("tab", "down", "enter")
        how = app.screen
        assert isinstance(how, PickList)
        step_row = next(line for line in how.lines() if "Free step" in line)
        await pilot.press(step_row[0])
        await pilot.pause()
        assert screen.game.state.get("a1").pos == (5, 5)
        assert " Step: used: Step to 5,5" in panel(screen)
        # The step closes the Move action (issue 11): the menu offers Split move only.
        assert " Move: closed by the step" in panel(screen)
        await pilot.press("o")
        rows = "\n".join(app.screen.lines())
        assert "Split move…" in rows and "Move… (" not in rows
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # Enter on b1: the preview first, with the exact chances.
        await pilot.press("down", "enter")
        preview = app.screen
        assert isinstance(preview, AttackPreview)
        expected = preview_order(screen.game.state, Attack(0, "a1", "b1")).lines()
        assert all(line in preview.shown_text() for line in expected)
        assert "%" in preview.shown_text() and "KO" in preview.shown_text()
        await pilot.press("y")
        await pilot.pause()
        state = screen.game.state
        assert state.pending == "target-split" and state.attack.target == "b1"
        # Bo is handed the keyboard, told who attacks with what.
        card = app.screen
        assert isinstance(card, HandoverCard)
        assert "Bo" in card.shown_text() and "a1" in card.shown_text() and "sword" in card.shown_text()
        assert "4 attack dice" in card.shown_text()
        await pilot.press("enter")
        assert isinstance(app.screen, SplitPicker)
        await pilot.press("1")  # 1/3: three dice to defend or counter with
        await pilot.pause()
        assert screen.game.state.pending == "response"
        respond = app.screen
        assert isinstance(respond, PickList)
        offered = [v for _, v in respond.rows if isinstance(v, (Counter, Defend))]
        assert {o.verb for o in offered} == {o.verb for o in screen.game.legal_orders(1)} == {"defend", "counter"}
        await pilot.press("c")
        await pilot.pause()
        # The exchange, checked against the rules for the dice rolled.
        final = screen.game
        state = final.state
        rolls = [e for e in final.log if isinstance(e, Rolled)]
        attack = next(e for e in rolls if e.purpose == "attack on b1")
        guard = next(e for e in rolls if e.purpose == "defence against a1")
        assert len(attack.faces) == 4 and len(guard.faces) == 0  # 4/0 attacks; the counter leaves 0 to defend
        assert dict(attack.modifiers) == {"blade skill": 2, "strength": 1, "sword": 2}
        margin = attack.total - guard.total
        assert state.get("b1").wounds == wounds_by_rule(margin, 2)
        assert state.get("b1").wounds >= 3 and state.get("b1").status == KO  # a mook falls at 3 wounds
        counter_roll = next(e for e in rolls if e.purpose == "counterattack on a1")
        assert len(counter_roll.faces) == 3
        # Melee: the fighter's Timing 2 beats the mook's 0, so the mook is down
        # before its counter lands: no wound on a1.
        assert state.get("a1").wounds == 0
        assert any(isinstance(e, Resolved) and e.counter for e in final.log)
        assert state.phase == "over" and final.outcome.winner == 0
        # Every roll in the log with its breakdown and the Threshold.
        shown = log_text(screen)
        for event in (attack, guard, counter_roll):
            assert " ".join(event.sentence.split()) in shown
        assert "Threshold 2" in shown and "+2 blade skill" in shown
        assert isinstance(app.screen, ResultScreen)


async def test_split_picker_labels_melee_and_ranged():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = prepared(2, roster_0="archer")
        assert game.state.active == "a1"
        await open_game(pilot, game)
        await pilot.press("enter")  # past the hand-over card
        picker = app.screen
        assert isinstance(picker, SplitPicker) and picker.ranged
        lines = picker.lines()
        assert [line[:6] for line in lines] == ["4  4/0", "3  3/1", "2  2/2", "1  1/3", "0  0/4"]
        for n, line in zip((4, 3, 2, 1, 0), lines):
            assert line.endswith(SPLIT_LABELS[n][1])  # the shooter's words
        assert SPLIT_LABELS[4][0] not in "\n".join(lines)
        # The arrows and Enter pick too: down from the middle (2/2) is 1/3.
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.game.state.get("a1").split == 1
    # Every split has different words for melee and for shooting.
    assert all(melee != ranged for melee, ranged in SPLIT_LABELS.values())


async def test_preview_cancel_leaves_the_game_and_menu_groups():
    game = prepared(2, a_at=(5, 5))
    game = submit(game, Split(0, "a1", 2)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        assert app.screen is screen
        before = len(screen.game.orders)
        await pilot.press("o")
        menu = app.screen
        assert isinstance(menu, PickList)
        text = "\n".join(menu.lines())
        for heading in ("Move (1 Action)", "Fight (1 Action", "Free step (no Action)", "Turn"):
            assert heading in text
        # How far, then how many places: "58 cells" had read as a distance.
        assert re.search(r"Move… \(up to \d+ cells: \d+ places; no step this turn\)", text), text
        attack_row = next(line for line in menu.lines() if line[3:].startswith("Attack b1"))
        await pilot.press(attack_row[0])
        preview = app.screen
        assert isinstance(preview, AttackPreview)
        assert "2 attack dice +5 against 2 defence dice +2" in preview.shown_text()
        await pilot.press("escape")  # cancel: back to the menu, nothing given
        assert app.screen is menu and len(screen.game.orders) == before
        await pilot.press("escape")
        assert app.screen is screen and len(screen.game.orders) == before
        assert screen.game.state.actions == 0
        # End the turn from the menu: the mook's turn starts with its split.
        await pilot.press("o")
        end_row = next(line for line in app.screen.lines() if "End the turn" in line)
        await pilot.press(end_row[0])
        await pilot.pause()
        assert screen.game.state.active == "b1" and screen.game.state.pending == "split"
        assert isinstance(app.screen, HandoverCard) and "Bo" in app.screen.shown_text()
        assert screen.game.orders[-1].verb == "end"


async def test_defend_then_the_keyboard_goes_back_and_the_slot_is_filled():
    game = prepared(2, a_at=(5, 5))
    game = submit(game, Split(0, "a1", 2)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("tab", "down", "enter")  # Enter on b1, next to a1
        assert isinstance(app.screen, AttackPreview)
        await pilot.press("enter")
        assert isinstance(app.screen, HandoverCard) and "Bo" in app.screen.shown_text()
        await pilot.press("enter", "0")  # 0/4: all four dice to defend
        await pilot.pause()
        respond = app.screen
        assert isinstance(respond, PickList)
        assert "b1 has 4 defence dice" in respond.pick_title
        await pilot.press("d")
        await pilot.pause()
        state = screen.game.state
        rolls = [e for e in screen.game.log if isinstance(e, Rolled)]
        attack = next(e for e in rolls if e.purpose == "attack on b1")
        guard = next(e for e in rolls if e.purpose == "defence against a1")
        assert (len(attack.faces), len(guard.faces)) == (2, 4)
        margin = attack.total - guard.total
        assert state.get("b1").wounds == (wounds_by_rule(margin, 2) if margin >= 0 else 0)
        assert not any(e.purpose.startswith("counterattack") for e in rolls)
        # The attack filled Action slot 1; the keyboard goes back to Ann.
        assert state.active == "a1" and state.actions == 1 and state.pending == ""
        card = app.screen
        assert isinstance(card, HandoverCard) and "Ann" in card.shown_text()
        assert "1 Action(s) left" in card.shown_text()
        await pilot.press("enter")
        assert app.screen is screen
        text = panel(screen)
        assert " Action 1: Attack b1" in text and " Action 2: free" in text


def test_one_person_at_the_keyboard_gets_the_decision_without_a_hand_over_card():
    """Against the computer (or over the network) nobody else shares the
    keyboard: the split picker opens at once instead of "Hand the keyboard
    to ..."; at one shared keyboard the card comes first."""
    from tui.rulesets import adapter_for

    game = prepared(2)
    orders = game.legal_orders(0)
    shared = adapter_for(RULES)
    assert isinstance(shared.prompt(game, 0, orders), HandoverCard)
    alone = adapter_for(RULES)
    alone.shared_keyboard = False
    assert isinstance(alone.prompt(game, 0, orders), SplitPicker)


async def test_ctrl_z_names_the_move_taken_back_with_its_cost():
    """Played: "takes back: Split move to 8,3 (cost ?)" -- the label was
    worked out on the position after the move, where that cell costs nothing."""
    from core.rulesets.waylights.orders import SplitMove

    game = prepared(5)
    side = next(iter(game.to_act))
    unit = game.state.active
    game = submit(game, Split(side, unit, 2)).game
    here = game.state.get(unit).pos
    to = (here[0], here[1] - 1)
    game = submit(game, SplitMove(side, unit, to)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.game.state.get(unit).pos == here
        assert f"takes back: Split move to {to[0]},{to[1]} (cost 1)" in log_text(screen)


def test_the_preview_offers_a_counter_only_where_the_rules_allow_one():
    """Seed: no counter "if the attacker is out of range"."""
    from tui.rulesets import adapter_for

    # An archer two cells from a swordsman: the sword cannot answer the shot.
    game = prepared(2, roster_0="archer", roster_1="fighter")
    assert game.state.active == "a1"
    game = submit(game, Split(0, "a1", 2)).game
    text = adapter_for(RULES).preview(game, Attack(0, "a1", "b1")).shown_text()
    assert "may counterattack" not in text
    assert "No counterattack: the sword only reaches the four cells beside b1" in text
    # The chances shown are those of b1 defending with its dice.
    for line in preview_order(game.state, Attack(0, "a1", "b1")).lines():
        assert line in text
    # Beside each other the sword answers: the preview says so, with the
    # chances of the attack that meets no defence dice then.
    game = prepared(2, roster_0="fighter", roster_1="fighter", a_at=(5, 5), b_at=(5, 6))
    side = min(game.to_act)
    me = game.state.active
    foe = "b1" if me == "a1" else "a1"
    game = submit(game, Split(side, me, 2)).game
    text = adapter_for(RULES).preview(game, Attack(side, me, foe)).shown_text()
    assert f"{foe} may counterattack instead" in text and "if it keeps defence dice" in text
    assert "No counterattack" not in text


def test_the_split_labels_say_what_no_dice_cannot_do():
    """Seed's split table: "0 | 4 | Fighting defensively"."""
    for ranged in (0, 1):
        assert "no attack" in SPLIT_LABELS[0][ranged] or "no shots" in SPLIT_LABELS[0][ranged]
        assert "no counter" in SPLIT_LABELS[4][ranged] or "no return fire" in SPLIT_LABELS[4][ranged]
    assert "just survive" not in SPLIT_LABELS[0][1]


def test_the_preview_says_what_cover_does_and_its_no_effect_line_holds_the_avoided_shots():
    """Seed, Cover: light cover avoids a shot on a d6 of 1-2. The preview
    names the cover and says that chance is in its "no effect" line: the
    same shot at a target in the open misses 1/3 less often."""
    from fractions import Fraction

    from tui.rulesets import adapter_for

    def shot(battlefield: str):
        options = WaylightsOptions(roster_0="archer", roster_1="fighter")
        for seed in range(20):  # the seed whose initiative gives a1 the first turn
            game = start(RULES, options, battlefield_named(battlefield), seed=seed, players=("Ann", "Bo"))
            for order in (Deploy(0, "a1", (9, 1)), Ready(0), Deploy(1, "b1", (9, 10)), Ready(1)):
                game = submit(game, order).game
            if game.state.active == "a1":
                return submit(game, Split(0, "a1", 2)).game
        raise AssertionError("no seed gave a1 the first turn")

    behind_brush, in_the_open = shot("wl-crossroads"), shot("open-12")  # brush at 9,9 beside b1
    text = adapter_for(RULES).preview(behind_brush, Attack(0, "a1", "b1")).shown_text()
    assert 'Cover: light (a d6 of 1-2 avoids the shot; counted in "no effect").' in text
    assert "Cover: none." in adapter_for(RULES).preview(in_the_open, Attack(0, "a1", "b1")).shown_text()
    covered = preview_order(behind_brush.state, Attack(0, "a1", "b1")).no_effect
    bare = preview_order(in_the_open.state, Attack(0, "a1", "b1")).no_effect
    assert covered == Fraction(1, 3) + Fraction(2, 3) * bare


def test_a_figure_split_as_it_is_shot_is_told_when_it_cannot_counter():
    """Seed, Attack and Defense: no counter when the attacker is out of the
    target's reach. A figure that splits its dice as it is attacked reads
    why it can only defend, rather than being offered a counter it will
    not get."""
    from tui.rulesets import adapter_for

    game = prepared(2, roster_0="archer", roster_1="fighter")  # two cells apart: the sword cannot reach
    game = submit(game, Split(0, "a1", 2)).game
    game = submit(game, Attack(0, "a1", "b1")).game
    assert game.state.pending == "target-split"
    picker = adapter_for(RULES).split_picker(game, 1, game.legal_orders(1))
    assert "The defence dice defend now. No counterattack: the sword only reaches" in picker.pick_title
    assert "or make the counterattack" not in picker.pick_title
    # Side by side the sword reaches: the counter is offered.
    game = prepared(2, roster_0="fighter", roster_1="fighter", a_at=(5, 5), b_at=(5, 6))
    side = min(game.to_act)
    me = game.state.active
    foe = "b1" if me == "a1" else "a1"
    game = submit(game, Split(side, me, 2)).game
    game = submit(game, Attack(side, me, foe)).game
    assert game.state.pending == "target-split"
    picker = adapter_for(RULES).split_picker(game, 1 - side, game.legal_orders(1 - side))
    assert "The defence dice defend now, or make the counterattack." in picker.pick_title


async def test_enter_on_a_cell_too_far_says_the_cores_reason_not_no_order_points_here():
    """A newcomer pressed Enter on a cell beyond the figure's Move and read
    only "No order points here"; the core's own refusal is said instead."""
    from core import game as core_game
    from core.rulesets.waylights.orders import Move

    game = prepared(2)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter", "4")  # the hand-over card, then the split
        await pilot.pause()
        assert app.screen is screen and screen.game.state.get("a1").split == 4
        await pilot.press("tab")  # a1 selected, the cursor on it
        await pilot.pause()
        view = screen.game.view(0)
        far = next((x, y) for y in range(12) for x in range(12)
                   if view.get("b1").pos != (x, y)
                   and (r := core_game.refusal(RULES, view, Move(0, "a1", (x, y)), game.players)) is not None
                   and "move" in r.message.lower())
        refusal = core_game.refusal(RULES, view, Move(0, "a1", far), game.players)
        x0, y0 = screen.query_one("#board").cursor
        keys = (["right"] * (far[0] - x0) + ["left"] * (x0 - far[0])
                + ["down"] * (far[1] - y0) + ["up"] * (y0 - far[1]))
        await pilot.press(*keys, "enter")
        await pilot.pause()
        said = log_text(screen)
        assert f"a1 cannot move to {far[0]},{far[1]}: {refusal.message}" in said
        assert "No order points here" not in said
