"""Platemail: what a tester saw the computer's Knight and footman waste on
the Walled farmyard (pm-yard), the positions rebuilt from the saves.

- Hard, Round 1: the Knight Charged "the most injured enemy" with every
  enemy behind the barn's walls.  A Charge's target is taken as its Phase
  begins (seed: Targeting): nobody in sight, it ran three squares and
  struck nobody, Not Ready, where a Sprint covers six.
- Hard, Round 3, and easy, Round 3: a Charge at the enemy already beside
  it.  Without a run of 10 ft a Charge has no Favor (seed: Charge), so it
  is one blow where a Full Attack makes two (seed: Full Attack), at the
  same Not Ready.
- Easy, Round 3: the Charge's reason said "10% to hit if b3 falls back";
  b3 fell back, the Charge ran three squares after it and rolled with its
  Favor against the Fall Back's Disfavor: 25%.
- Easy, Rounds 1 and 2: the Knight, ten squares from every enemy, wrote
  Defend then Counter; nobody came, and its log said it found no enemy
  within reach, twice.  A beginner walks in.
"""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from core.ai import choose
from core.ai.platemail_chances import chances_by_action
from core.ai.platemail_reasons import explain_write
from core.ai.platemail_templates import blunder, guessed_action
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.events import AttackMade
from core.rulesets.platemail.ruleset import make_character
from core.rulesets.platemail.senses import Work
from core.rulesets.platemail.state import Action, PlatemailOptions, Status, Write
from saves.library import battlefield_named
from tests.rulesets.platemail.helpers import act, order, play, position

A = Action
LEVELS = [(level, seed) for level in ("easy", "normal", "hard") for seed in range(4)]


def yard(placements, round_=1, writes=()):
    """The Walled farmyard in the orders stage of ``round_``, with
    ``placements`` (archetype, side, cell, changes) and side 0's ``writes``
    (the order texts of the save) already written."""
    options = PlatemailOptions(max_wounds=3, round_limit=12)
    state, _ = R.setup(options, battlefield_named("pm-yard"), 1, ("North", "South"))
    chars, counts = [], [0, 0]
    for key, side, cell, changes in placements:
        counts[side] += 1
        chars.append(attrs.evolve(make_character(side, counts[side], key, 3), pos=cell, **changes))
    state = attrs.evolve(state, characters=tuple(chars), stage="orders", round=round_)
    for text in writes:
        state, _ = R.apply(state, R.parse_order(text))
    return state


def written(state, level, seed) -> Write:
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, 0)
    assert isinstance(choice.order, Write), choice.reason
    return choice.order


GUARD_A2 = ("write side=0 unit=a1 first=(act side=0 kind=guard target=a2 to=- spell=- item=-) condition=hit "
            "then=(act side=0 kind=guard target=a2 to=- spell=- item=-) "
            "otherwise=(act side=0 kind=guard target=a2 to=- spell=- item=-)")
VOLLEY_B3 = ("write side=0 unit=a2 first=(act side=0 kind=rapid-fire target=b3 to=- spell=- item=-) "
             "condition=enemy-adjacent then=(act side=0 kind=fall-back target=- to=- spell=- item=-) "
             "otherwise=(act side=0 kind=rapid-fire target=b3 to=- spell=- item=-)")


def hard_game_round_1():
    """Hard's game 1, Round 1, a3 (the Knight at 13,1) to write: b1, b2
    and b3 stand in the south zone, the barn's walls between."""
    return yard([("footman", 0, (2, 1), {}), ("archer", 0, (8, 1), {}), ("knight", 0, (13, 1), {}),
                 ("footman", 1, (8, 10), {}), ("crossbowman", 1, (10, 11), {}), ("spellcaster", 1, (6, 11), {})],
                writes=(GUARD_A2, VOLLEY_B3))


def test_a_charge_at_an_enemy_out_of_sight_is_a_blunder():
    state = hard_game_round_1()
    knight = state.char("a3")
    work = Work(R.view(state, 0))
    assert all(work.grid.concealed(knight.pos, state.char(b).pos) for b in ("b1", "b2", "b3"))
    charge = order(0, "a3", act(0, "charge", "injured"), "reached", act(0, "full-attack", "injured"),
                   act(0, "charge", "injured"))
    assert "out of sight: the Charge strikes nobody" in blunder(charge, knight, 9, False, state)
    walk = order(0, "a3", act(0, "move", "closest"), "enemy-adjacent", act(0, "full-attack", "closest"),
                 act(0, "move", "closest"))
    assert blunder(walk, knight, 9, False, state) == ""


@pytest.mark.parametrize("level,seed", LEVELS)
def test_no_level_charges_at_nobody_in_sight(level, seed):
    # (Before, easy Charged at seeds 2 and 3 of these, normal at 1 to 3, hard at 2.)
    assert written(hard_game_round_1(), level, seed).first.kind is not A.CHARGE

A1_DEFENDS = ("write side=0 unit=a1 first=(act side=0 kind=defend target=- to=- spell=- item=-) "
              "condition=wounded then=(act side=0 kind=fall-back target=- to=- spell=- item=-) "
              "otherwise=(act side=0 kind=counter target=closest to=- spell=- item=-)")


def hard_game_round_3():
    """Hard's game 1, Round 3: a3 (the Knight, one Wound) beside the
    crossbowman b2, whose crossbow is empty; b3 bleeds out behind it."""
    dying = {"status": Status.DYING, "wounds": 4, "dying_rounds": 2, "fell_round": 1, "prone": True}
    return yard([("footman", 0, (7, 1), {}), ("archer", 0, (5, 0), {}), ("knight", 0, (10, 10), {"wounds": 1}),
                 ("footman", 1, (8, 2), {}), ("crossbowman", 1, (10, 11), {"loaded": False}),
                 ("spellcaster", 1, (6, 11), dying)], round_=3,
                writes=(A1_DEFENDS, VOLLEY_B3.replace("b3", "b2")))


def easy_game_round_3():
    """Easy's game 2, Round 3, a1 (a footman) to write: beside b3, the
    spellcaster with two Wounds, who falls back."""
    return yard([("footman", 0, (9, 9), {}), ("archer", 0, (4, 0), {}), ("knight", 0, (5, 9), {}),
                 ("footman", 1, (5, 10), {}), ("crossbowman", 1, (6, 10), {}), ("spellcaster", 1, (10, 10),
                                                                                  {"wounds": 2}),
                 ("rogue", 1, (14, 10), {"carried": ("dart", "net", "blowgun"), "stealth_roll": 8})], round_=3)


def test_a_charge_from_beside_its_target_is_a_blunder():
    state = hard_game_round_3()
    knight = state.char("a3")
    charge = order(0, "a3", act(0, "charge", "closest"), "target-down", act(0, "charge", "closest"),
                   act(0, "full-attack", "closest"))
    assert "already beside b2" in blunder(charge, knight, 1, False, state)
    full = order(0, "a3", act(0, "full-attack", "closest"), "target-down", act(0, "charge", "closest"),
                 act(0, "full-attack", "closest"))
    assert blunder(full, knight, 1, False, state) == ""
    # A Charge with a run ahead of it keeps its place: three squares to b1.
    apart = position([("footman", 0, (5, 5)), ("footman", 1, (5, 8))])
    assert blunder(order(0, "a1", act(0, "charge", "closest")), apart.char("a1"), 3, False, apart) == ""


@pytest.mark.parametrize("level,seed", LEVELS)
@pytest.mark.parametrize("where", [hard_game_round_3, easy_game_round_3], ids=["hard-r3", "easy-r3"])
def test_no_level_charges_the_enemy_beside_it(where, level, seed):
    # (Before, in Round 3 of easy's game 2 easy Charged b3 at seven of its
    # first eight seeds, normal at two of four, hard at three.)
    state = where()
    me = next(c for c in state.characters if c.side == 0 and state.plan(c.id) is None)
    first = written(state, level, seed).first
    assert not (first.kind is A.CHARGE and first.target in ("closest", "injured", "b2", "b3")), (me.id, first)


def chased_rate(state, attacker: str, target: str) -> Fraction:
    """``attacker`` Charges ``target`` while ``target`` Falls Back: of the 20
    faces of the first d20, how many the resolution counts as a hit."""
    hits = 0
    for face in range(1, 21):
        _, events = play(state, [order(0, attacker, act(0, "charge", target)), order(1, target, act(1, "fall-back"))],
                         dice=(face,))
        made = [e for e in events if isinstance(e, AttackMade) and e.attacker == attacker]
        if made:
            assert made[0].natural == face
            hits += made[0].hit
    return Fraction(hits, 20)


def test_the_charges_chance_counts_its_favor_after_the_chase():
    # b3 (Defense 15: the Staff's +2 Deflection while Ready, and Ready as it
    # falls back) steps three squares away; a1 runs three after it: Favor
    # for the run, Disfavor for the Fall Back (on guard), cancelled.  A d20
    # beats 15 on 16..20: 5 in 20, where the reason said 10% (the Favor
    # left out, a natural 19 or 20).
    state = easy_game_round_3()
    view = R.view(state, 0)
    a1, b3 = view.char("a1"), view.char("b3")
    chance, defense = chances_by_action(Work(view), a1, b3, A.CHARGE)[A.FALL_BACK]
    assert (chance, defense) == (pytest.approx(5 / 20), 15)
    assert Fraction(chance).limit_denominator(20) == chased_rate(state, "a1", "b3")
    assert guessed_action(R, view, b3) is A.FALL_BACK
    said = explain_write(view, order(0, "a1", act(0, "charge", "closest"), "target-down",
                                     act(0, "charge", "closest"), act(0, "full-attack", "closest")))
    assert said == "charges b3 (wounded): 25% to hit if b3 falls back"


def test_a_target_that_falls_back_out_of_a_charges_reach_is_not_hit():
    # Two squares apart in the open: b1 falls back three squares, five
    # from a1, whose Charge runs three: it ends short and strikes nobody.
    state = position([("footman", 0, (5, 5)), ("footman", 1, (5, 7))])
    view = R.view(state, 0)
    assert chances_by_action(Work(view), view.char("a1"), view.char("b1"), A.CHARGE)[A.FALL_BACK][0] == 0
    assert chased_rate(state, "a1", "b1") == 0


A1_WALKS = ("write side=0 unit=a1 first=(act side=0 kind=move target=b3 to=- spell=- item=-) condition=reached "
            "then=(act side=0 kind=full-attack target=b3 to=- spell=- item=-) "
            "otherwise=(act side=0 kind=move target=b3 to=- spell=- item=-)")
A2_AIMS = ("write side=0 unit=a2 first=(act side=0 kind=aim target=b2 to=- spell=- item=-) condition=visible "
           "then=(act side=0 kind=ranged-attack target=b2 to=- spell=- item=-) "
           "otherwise=(act side=0 kind=move target=closest to=- spell=- item=-)")


def easy_game_3_round_1():
    """Easy's game 3, Round 1, a3 (the Knight at 1,0) to write: every
    enemy ten squares off or more, in the south zone."""
    return yard([("footman", 0, (0, 0), {}), ("archer", 0, (4, 0), {}), ("knight", 0, (1, 0), {}),
                 ("footman", 1, (2, 10), {}), ("crossbowman", 1, (6, 10), {}), ("spellcaster", 1, (10, 10), {}),
                 ("rogue", 1, (14, 10), {})], writes=(A1_WALKS, A2_AIMS))


DEFEND_THEN_COUNTER = order(0, "a3", act(0, "defend"), "wounded", act(0, "fall-back"), act(0, "counter", "closest"))


def test_a_melee_fighters_defend_with_no_enemy_within_a_charge_is_a_blunder():
    state = easy_game_3_round_1()
    assert "its Defend meets no blow" in blunder(DEFEND_THEN_COUNTER, state.char("a3"), 10, False, state)
    # An enemy within a Charge of it (four squares): the Defend may meet a blow.
    near = yard([("knight", 0, (1, 0), {}), ("footman", 1, (1, 4), {})])
    defend = order(0, "a1", act(0, "defend"), "wounded", act(0, "fall-back"), act(0, "counter", "closest"))
    assert blunder(defend, near.char("a1"), 4, False, near) == ""
    # A caster with Dread Prepared within its reach: the Defend's Favor on the save counts.
    dread = yard([("knight", 0, (1, 0), {}), ("spellcaster", 1, (1, 9), {"prepared": "dread"})])
    assert blunder(defend, dread.char("a1"), 9, False, dread) == ""


@pytest.mark.parametrize("level,seed", [("easy", seed) for seed in range(8)] + LEVELS[4:])
def test_the_knight_far_from_everyone_closes_in(level, seed):
    # (Before, easy Defended here at seeds 3 and 6, normal at 0 and 3, hard at 2.)
    first = written(easy_game_3_round_1(), level, seed).first
    assert first.kind is not A.DEFEND
    assert first.kind in (A.MOVE, A.SPRINT)
