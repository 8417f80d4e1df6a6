"""A Ranged Attack with a crossbow that is not loaded when it comes (a
tester, stop 54: the writer offered it silently while every Round the log
said "b2's Heavy Crossbow is not loaded").  Seed, Ranged Weapons: the
crossbows Require Reload, a Use Item between shots (Complex for the Heavy
Crossbow); Rapid Fire cannot be used with them at all.

The writer warns, in the words the Round logs (``checks.unloaded_shot``)
and with the fix, for a 1st Action and for a 2nd judged as the 1st leaves
the crossbow: loaded by a 1st reload, empty after a 1st shot.  Each case is
also resolved, to hold the warning to what the Round does."""

from __future__ import annotations

import attrs

from core.game import submit
from core.rulesets.platemail.events import AttackMade, PhaseBegan
from core.rulesets.platemail.state import Act, Action, Commit, Condition, Write
from tests.tui.fit import settled_cuts
from tests.tui.test_platemail import SIZE, deployed_game
from tests.tui.test_platemail_tester51 import entry, labels, writer_for
from tui.app import SkirmishApp
from tui.rulesets.platemail_notes import unloaded_order_warning

NOT_LOADED = "b2's Heavy Crossbow is not loaded"  # the Round's own note (actions._shoot)
FIX = "Use Item: reload first"


def b2_game(loaded: bool):
    """The yard after deploy-for-me: b2 is Bo's crossbowman (Heavy Crossbow
    in hand, a Mace carried), loaded or not."""
    game = deployed_game()
    state = game.state
    chars = tuple(attrs.evolve(c, loaded=loaded) if c.id == "b2" else c for c in state.characters)
    game = attrs.evolve(game, state=attrs.evolve(state, characters=chars))
    assert game.state.char("b2").wielding == "heavy-crossbow" and game.state.char("b2").loaded is loaded
    return game


def resolved(game, first: Act, then: Act):
    """The Round resolved with b2's order (the others Defend): each Phase's
    b2 attacks and notes, as {phase: [sentences]} and {phase: attacks}."""
    game = submit(game, Write(1, "b2", first, Condition.HIT, then, then)).game
    for order in (Commit(0), Commit(1)):
        game = submit(game, order).game
    said: dict[int, list[str]] = {1: [], 2: []}
    shots = {1: 0, 2: 0}
    phase = 0
    for event in game.log:
        if isinstance(event, PhaseBegan):
            phase = event.phase
        elif phase:
            said[phase].append(event.sentence)
            shots[phase] += isinstance(event, AttackMade) and event.attacker == "b2"
    return said, shots


RANGED = Act(1, Action.RANGED, "closest")
RELOAD = Act(1, Action.USE_ITEM, item="reload")
DEFEND = Act(1, Action.DEFEND)


async def test_a_first_ranged_attack_with_an_unloaded_crossbow_is_warned_with_the_fix():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, b2_game(loaded=False), 1, "b2")
        key, label, value = entry(app, "Ranged Attack")
        assert label == f"Ranged Attack (R) — warning: {NOT_LOADED}: {FIX}"
        assert value is Action.RANGED  # warned, still on offer (the rules allow it)
        assert await settled_cuts(pilot, lambda: app.screen) == []  # two rows at 80 columns, nothing cut
        await pilot.press("escape")
        await pilot.pause()
        await writer_for(pilot, b2_game(loaded=True), 1, "b2")
        assert entry(app, "Ranged Attack")[1] == "Ranged Attack (R)"  # loaded: nothing to say
    # What the Round does with it: the note, and no shot.
    said, shots = resolved(b2_game(loaded=False), RANGED, DEFEND)
    assert NOT_LOADED in said[1] and shots[1] == 0


async def test_a_then_shot_after_a_first_reload_is_not_warned():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, b2_game(loaded=False), 1, "b2")
        await pilot.press("t", "r", "h")  # 1st: Use Item, reload; IF hit
        assert entry(app, "Ranged Attack")[1] == "Ranged Attack (R)"  # THEN
        await pilot.press("d")  # THEN Defend
        assert entry(app, "Ranged Attack")[1] == "Ranged Attack (R)"  # ELSE
    said, shots = resolved(b2_game(loaded=False), RELOAD, RANGED)
    assert shots[2] == 1 and NOT_LOADED not in said[2]


async def test_a_then_shot_after_a_first_shot_is_warned_and_a_then_reload_is_not():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, b2_game(loaded=True), 1, "b2")
        await pilot.press("r", "c", "h")  # 1st: Ranged Attack the closest hostile; IF hit
        warned = f"Ranged Attack (R) — warning: {NOT_LOADED} once the 1st Action has shot it: {FIX}"
        key, label, value = entry(app, "Ranged Attack")
        assert label == warned and value is Action.RANGED  # THEN: warned, on offer
        assert await settled_cuts(pilot, lambda: app.screen) == []
        # The fix itself, a reload as THEN, is not said to be loaded already (the shot emptied it).
        await pilot.press("t")
        reload = entry(app, "reload")[1]
        assert reload == "reload the Heavy Crossbow (NR: a Complex Use Item)", labels(app)
        await pilot.press("escape")
        await pilot.press("d")  # THEN Defend
        assert entry(app, "Ranged Attack")[1] == warned  # ELSE: the same
    said, shots = resolved(b2_game(loaded=True), RANGED, RANGED)
    assert shots[1] == 1 and shots[2] == 0 and NOT_LOADED in said[2]
    said, shots = resolved(b2_game(loaded=True), RANGED, RELOAD)
    assert "b2 reloads the Heavy Crossbow" in said[2]


def test_last_rounds_order_is_judged_from_the_crossbow_as_it_is_now():
    """What ``a`` (last Round's orders again) would need: Round 1's shot
    emptied b2's crossbow, so the same order again would shoot nothing."""
    game = b2_game(loaded=True)
    order = Write(1, "b2", RANGED, Condition.HIT, DEFEND, DEFEND)
    assert unloaded_order_warning(game.state.char("b2"), order) == ""
    for step in (order, Commit(0), Commit(1)):
        game = submit(game, step).game
    assert game.state.round == 2 and not game.state.char("b2").loaded
    now = game.view(1).char("b2")
    assert unloaded_order_warning(now, order) == f"{NOT_LOADED}: {FIX}"
    reload_then_shoot = Write(1, "b2", RELOAD, Condition.HIT, RANGED, RANGED)
    assert unloaded_order_warning(now, reload_then_shoot) == ""
    shoot_twice = Write(1, "b2", RANGED, Condition.HIT, DEFEND, RANGED)
    assert unloaded_order_warning(now, shoot_twice) == f"{NOT_LOADED}: {FIX}"
