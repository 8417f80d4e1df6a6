"""An Aim helps only the Action right after it, and only a Ranged Attack
(seed: Aim).  When that Action has passed without a shot (a Ranged Attack
with nobody in sight), the Aim is spent: the character is no longer
"aiming" (its card reads ``aimed`` from the view) and a shot in a later
Round has no Favor from it (docs/rulings.md, Platemail, "An Aim is spent by
the next Action")."""

from __future__ import annotations

import attrs

from core.rulesets.platemail import RULESET
from core.rulesets.platemail.events import AttackMade

from .helpers import act, order, play, position, text

WALL = ["." * 12] * 5 + ["############"] + ["." * 12] * 6  # row 5 walls the north from the south


def rolls_of(ev, uid):
    return [e for e in ev if type(e).__name__ == "Rolled" and e.who == uid and "attack" in e.purpose]


def test_an_aim_followed_by_a_shot_at_nobody_is_spent_and_gives_no_favor_next_round():
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 8))], rows=WALL)
    st, ev = play(st, [order(0, "a1", act(0, "aim"), then=act(0, "ranged-attack", "closest"))])
    assert "a1 has no target: no enemy in sight" in text(ev)
    assert not st.char("a1").aimed
    for side in (0, 1):  # what each side's board reads: no "aiming"
        assert not RULESET.view(st, side).char("a1").aimed
    # Round 2: the footman now stands in the open; a1's shot is no aimed shot
    b1 = attrs.evolve(st.char("b1"), pos=(5, 4))
    st = attrs.evolve(st, characters=tuple(b1 if c.id == "b1" else c for c in st.characters))
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(10,))
    assert [e.attacker for e in ev if isinstance(e, AttackMade)] == ["a1"]
    [roll] = rolls_of(ev, "a1")
    assert not any("aimed" in label for label, _ in roll.modifiers)


def test_an_aim_in_the_second_phase_is_kept_for_the_next_rounds_first_action():
    # its next Action is the next Round's 1st: it stays aiming, and that shot has Favor
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 8))])
    st, _ = play(st, [order(0, "a1", act(0, "defend"), then=act(0, "aim"))])
    assert st.char("a1").aimed and RULESET.view(st, 1).char("a1").aimed
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(10,))
    roll = rolls_of(ev, "a1")[0]
    assert any("aimed" in label for label, _ in roll.modifiers)
    assert not st.char("a1").aimed  # spent by the shot
