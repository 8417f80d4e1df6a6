"""Platemail: the computer's forecast of a Charge (``charge_run``) asks the
movement's own path whether the Charge comes beside its target
(docs/rulings.md, Platemail, Movement: a step each tick along a shortest
path to a free cell beside the target; seed: Charge, 15 feet).  It used to
count the straight-line distance only, so a target four squares off with
every cell beside it walled or taken looked as easy to Charge as one in the
open: the computer gave it a chance to hit and would write that Charge,
which then strikes nobody."""

from __future__ import annotations

from core.ai.platemail_chances import chances_by_action, charge_run
from core.ai.platemail_targets import wasted_charge
from core.rulesets.platemail.events import AttackMade, ChargeFailed
from core.rulesets.platemail.senses import Work
from core.rulesets.platemail.state import Action
from tests.rulesets.platemail.helpers import act, order, play, position

# b1 at 5,7, four squares south of a1 at 5,3: walls on 4,7 and 6,7 beside it
# and on 4,8 5,8 6,8 behind it; b2, b3 (and b4 when there) on 4,6 5,6 6,6,
# the cells beside it on a1's side.
ROWS = ["." * 12] * 7 + ["....#.#.....", "....###....."] + ["." * 12] * 3


def _position(boxed: bool):
    guards = [("footman", 1, (4, 6)), ("footman", 1, (5, 6))] + ([("footman", 1, (6, 6))] if boxed else [])
    return position([("footman", 0, (5, 3)), ("footman", 1, (5, 7)), *guards], ROWS)


def _charge(state):
    """a1 Charges b1 while every one of side 1 Defends where it stands."""
    writes = [order(0, "a1", act(0, "charge", "b1"))]
    writes += [order(1, c.id, act(1, "defend")) for c in state.characters if c.side == 1]
    return play(state, writes, dice=(10,) * 40)


def test_a_charge_at_a_boxed_in_target_is_forecast_to_strike_nobody():
    state = _position(boxed=True)
    work = Work(state)
    a1, b1 = work.chars["a1"], work.chars["b1"]
    assert charge_run(work, a1, b1, Action.DEFEND) is None
    assert all(chance == 0.0 for chance, _ in chances_by_action(work, a1, b1, Action.CHARGE).values())
    assert "no free cell beside b1" in wasted_charge(state, a1, "b1")
    # and so the resolution finds it: a1 never comes beside b1, nor attacks it
    _, events = _charge(state)
    assert not [e for e in events if isinstance(e, AttackMade) and e.attacker == "a1"]
    assert [e for e in events if isinstance(e, ChargeFailed) and e.unit == "a1"]


def test_with_one_cell_beside_it_free_the_charge_runs_three_cells_and_strikes():
    state = _position(boxed=False)
    work = Work(state)
    a1, b1 = work.chars["a1"], work.chars["b1"]
    assert charge_run(work, a1, b1, Action.DEFEND) == 3  # 5,3 -> 6,6 beside b1: 15 feet, with Favor
    found = chances_by_action(work, a1, b1, Action.CHARGE)
    # standing, b1 is struck (a Fall Back takes it out through 6,6, beyond reach)
    assert all(found[k][0] > 0 for k in (Action.DEFEND, Action.FULL_ATTACK, Action.COUNTER, Action.AIM))
    assert wasted_charge(state, a1, "b1") == ""
    after, events = _charge(state)
    assert [(e.attacker, e.target) for e in events if isinstance(e, AttackMade) and e.attacker == "a1"] == [
        ("a1", "b1")]
    assert after.char("a1").pos == (6, 6) and not [e for e in events if isinstance(e, ChargeFailed)]
