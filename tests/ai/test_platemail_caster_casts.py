"""Platemail: the computer's spellcaster casts; it does not fight with its Staff.

A tester's game at normal (Max Wounds 1, Round limit 6): the caster
Released Dread at a knight, then walked toward an archer nine squares off
("closes on a2, 9 squares off: a3's armour stops its blows") into a
footman's reach, then Charged the archer with its Staff ("charges a2: 55%
to hit if a2 shoots") and bled out, Firebolt and Binding never cast again.
Its Firebolt went to "the closest hostile", a knight in half plate (Absorb
3), which a Penetration 2 bolt does not pass (seed: *Penetration*), so the
search found casting worth no more than a walk.

The positions below are the tester's Rounds 2 and 3, hand-built, with the
computer's side written first (a1 the caster).  At every level the caster
neither Charges nor walks in to strike, and hard's never stands Guard; its
Firebolt goes to the enemy it wounds, its Binding to the melee enemy closing
in (docs/rulings.md, Platemail, Spells: held, it cannot move)."""

from __future__ import annotations

import attrs
import pytest

from core.ai import choose
from core.ai.platemail_reasons import explain_write
from core.ai.platemail_targets import guard
from core.ai.platemail_templates import blunder, fitting
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.equipment import ARMOUR, SPELLS
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import Work, resolve_target
from core.rulesets.platemail.state import Action, Condition
from tests.rulesets.platemail.helpers import act, order, play, position, text

A, C = Action, Condition
CASES = [(level, seed) for level in ("easy", "normal") for seed in range(4)] + [("hard", seed) for seed in range(2)]
WALKS = (A.MOVE, A.SPRINT, A.SKULK)
STRIKES = (A.FULL_ATTACK, A.CHARGE, A.COUNTER)


def written(state, level, seed) -> Write:
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    return choice.order


def the_testers_sides(caster, knight, footman, archer, **changes):
    """The tester's sides, Max Wounds 1, Round limit 6: a1 the Spellcaster,
    a2 a footman, a3 a crossbowman; b1 a footman, b2 an archer, b3 a knight."""
    state = position([("spellcaster", 0, caster, changes), ("footman", 0, (2, 1)), ("crossbowman", 0, (9, 0)),
                      ("footman", 1, footman), ("archer", 1, archer), ("knight", 1, knight)],
                     max_wounds=1, round_limit=6)
    return attrs.evolve(state, round=2)


def round_2():
    """The knight beside the caster (it charged in Round 1), the footman
    near, the archer nine squares off (45 ft: past Firebolt's 30, within
    four times it)."""
    return the_testers_sides((6, 2), (6, 3), (4, 6), (6, 11))


def round_3():
    """The caster beside the footman, the archer four squares off (within a
    Charge), the knight three squares off."""
    return the_testers_sides((6, 5), (3, 3), (6, 6), (6, 9))


def fights_with_its_staff(write: Write) -> bool:
    """A Charge anywhere, or a walk in an order that strikes in melee."""
    acts = (write.first, write.then, write.otherwise)
    return any(a.kind is A.CHARGE for a in acts) or (any(a.kind in WALKS for a in acts)
                                                     and any(a.kind in STRIKES for a in acts))


def test_the_positions_are_the_testers():
    st = round_2()
    a1, b2, b3 = st.char("a1"), st.char("b2"), st.char("b3")
    assert a1.wielding == "staff" and {"firebolt", "binding"} <= set(a1.spells) and a1.max_wounds == 1
    assert max(abs(a1.pos[0] - b2.pos[0]), abs(a1.pos[1] - b2.pos[1])) == 9
    # The knight's half plate stops a Firebolt; the archer's leather does not.
    assert ARMOUR[b3.armour].absorb > SPELLS["firebolt"].penetration >= ARMOUR[b2.armour].absorb


@pytest.mark.parametrize(("level", "seed"), CASES)
@pytest.mark.parametrize("where", [round_2, round_3])
def test_the_caster_neither_charges_nor_walks_in_to_strike(level, seed, where):
    write = written(where(), level, seed)
    assert not fights_with_its_staff(write), write.to_text()


def test_no_template_fights_with_the_staff_and_the_blunder_says_why():
    for st in (round_2(), round_3()):
        me = st.char("a1")
        for hard in (False, True):
            for write in fitting(st, me, volleys=hard, guards=hard):
                assert not fights_with_its_staff(write), write.to_text()
    st = round_3()
    charge = Write(0, "a1", Act(0, A.CHARGE, "b2"), C.REACHED, Act(0, A.FULL_ATTACK, "b2"), Act(0, A.CHARGE, "b2"))
    walk = Write(0, "a1", Act(0, A.MOVE, "b2"), C.REACHED, Act(0, A.FULL_ATTACK, "b2"), Act(0, A.MOVE, "b2"))
    assert "caster" in blunder(charge, st.char("a1"), 1, False, st)
    assert "caster" in blunder(walk, st.char("a1"), 1, False, st)
    # A footman Charging is no blunder.
    footman = position([("footman", 0, (6, 5)), ("archer", 1, (6, 8))])
    assert blunder(charge, footman.char("a1"), 3, False, footman) == ""


@pytest.mark.parametrize("seed", range(2))
def test_hard_never_makes_its_caster_a_guard(seed):
    # The Staff Ready gives the caster the side's best Defense (15 to the footman's 14).
    st = round_2()
    assert guard(Work(st), st.char("a1")) is None
    assert written(st, "hard", seed).first.kind is not A.GUARD


def test_beside_an_enemy_it_falls_back_to_cast():
    st = round_3()
    steps = [w for w in fitting(st, st.char("a1")) if w.first.kind is A.FALL_BACK]
    assert steps and steps[0].otherwise.kind is A.PREPARE and steps[0].otherwise.spell == "firebolt"


# -- where its spells go ----------------------------------------------------------------------------

def apart():
    """The caster clear of everyone: the knight the closest, 15 ft off and
    beside nobody; the archer 25 ft off; the footman 35 ft off."""
    return the_testers_sides((6, 2), (6, 5), (2, 9), (1, 6))


def test_the_firebolt_goes_to_the_archer_not_the_closest_knight():
    st = apart()
    me = st.char("a1")
    assert resolve_target(Work(st), me, "closest") == "b3"
    prepares = [w for w in fitting(st, me) if w.first.kind is A.PREPARE and w.first.spell == "firebolt"]
    assert prepares and {w.then.target for w in prepares} == {"b2"}


def test_a_prepared_firebolt_is_released_at_the_archer():
    st = apart()
    st = attrs.evolve(st, characters=tuple(attrs.evolve(c, prepared="firebolt") if c.id == "a1" else c
                                           for c in st.characters))
    releases = fitting(st, st.char("a1"))
    assert releases and all(w.first.kind is A.RELEASE and w.first.target == "b2" for w in releases)


def test_the_binding_holds_the_knight_closing_in():
    """The archer is the closest; the knight, a melee enemy beside nobody,
    is the one to hold."""
    st = the_testers_sides((6, 2), (6, 6), (2, 10), (5, 4))
    me = st.char("a1")
    assert resolve_target(Work(st), me, "closest") == "b2"
    bindings = [w for w in fitting(st, me) if w.first.kind is A.PREPARE and w.first.spell == "binding"]
    assert bindings and {w.then.target for w in bindings} == {"b3"}


def test_with_only_knights_in_reach_the_binding_comes_before_the_firebolt():
    st = position([("spellcaster", 0, (6, 2)), ("knight", 1, (6, 6)), ("knight", 1, (3, 7))], max_wounds=1)
    firsts = [w.first.spell for w in fitting(st, st.char("a1")) if w.first.kind is A.PREPARE]
    assert firsts.index("binding") < firsts.index("firebolt")


def test_played_out_the_firebolt_wounds_the_archer():
    # The Prepare stands (nobody strikes the caster), the bolt hits (d20 19) and its Penetration 2
    # passes the archer's leather (Absorb 1): a Wound, the archer's last before it falls.
    st = apart()
    prepare = next(w for w in fitting(st, st.char("a1")) if w.first.kind is A.PREPARE and w.first.spell == "firebolt")
    defend = [order(s, c.id, act(s, "defend")) for c in st.characters if c.id != "a1" for s in (c.side,)]
    after, events = play(st, [prepare, *defend], dice=[19] * 6)
    assert after.char("b2").wounds == 1 and after.char("b3").wounds == 0, text(events)


def test_the_reasons_say_whom_it_casts_at_and_why_it_steps_back():
    st = apart()
    prepare = next(w for w in fitting(st, st.char("a1")) if w.first.kind is A.PREPARE and w.first.spell == "firebolt")
    said = explain_write(R.view(st, 0), prepare)
    assert said == "prepares Firebolt; casts it at b2 if it is ready", said
    st = round_3()
    step = next(w for w in fitting(st, st.char("a1")) if w.first.kind is A.FALL_BACK)
    said = explain_write(R.view(st, 0), step)
    assert said == "falls back from b1; prepares Firebolt once clear" and len(said) <= 60, said
