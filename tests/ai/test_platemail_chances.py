"""Platemail: the chance to hit that the computer's reason states is the
chance the rules give for what its side can see (issue 31, "Reasons that
are true").  The target's Action is secret while orders are written, and
it moves the roll (Favor and Disfavor) and the Defense (Ready / Not
Ready), so for each Action the target may take the chance is held to the
real resolution: the attacker's first d20 scripted through every face,
the Round resolved, and the hits counted.  The stated figure is then
the chance for the Action the computer guesses the target wrote first
(the sampler's first guess, ``core.ai.platemail_templates.guesses``), said
as such, or the one chance when the target's Action is forced and known."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.ai.platemail_chances import chances_by_action, stated_hit
from core.ai.platemail_reasons import explain_write
from core.ai.platemail_templates import guessed_action
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.events import AttackMade
from core.rulesets.platemail.senses import Work
from core.rulesets.platemail.state import Action
from tests.rulesets.platemail.helpers import act, order, play, position

# a1 (side 0, one Wound) beside b1 (side 1): both footmen with a sword,
# chain mail and a shield, nothing to throw.
DUEL = [("footman", 0, (5, 5), {"wounds": 1, "carried": ()}), ("footman", 1, (6, 5), {"carried": ()})]
# What b1 may do in the first Phase without leaving a1's reach or rolling first.
STAYING = {
    Action.DEFEND: act(1, "defend"),
    Action.FULL_ATTACK: act(1, "full-attack", "a1"),
    Action.COUNTER: act(1, "counter", "a1"),
    Action.AIM: act(1, "aim", "a1"),
    Action.USE_ITEM: act(1, "use-item", item="free"),
}


def resolved_rate(state, target_act) -> Fraction:
    """a1 Full Attacks b1 while b1 takes ``target_act``: of the 20 faces of
    a1's first d20, how many the resolution counts as a hit."""
    hits = 0
    for face in range(1, 21):
        _, events = play(state, [order(0, "a1", act(0, "full-attack", "b1")), order(1, "b1", target_act)],
                         dice=(face,))
        first = next(e for e in events if isinstance(e, AttackMade) and e.attacker == "a1")
        hits += first.hit
    return Fraction(hits, 20)


@pytest.mark.parametrize("kind", list(STAYING), ids=lambda k: k.value)
def test_each_actions_chance_is_the_resolutions(kind):
    state = position(DUEL)
    view = RULESET.view(state, 0)
    work = Work(view)
    chances = chances_by_action(work, view.char("a1"), view.char("b1"), Action.FULL_ATTACK)
    assert Fraction(chances[kind][0]).limit_denominator(20) == resolved_rate(state, STAYING[kind])


def test_the_stated_chance_is_for_the_action_the_computer_guesses_worked_by_hand():
    # b1, a footman with a sword beside a1 and nothing to shoot: the
    # computer's first guess is a Full Attack on the closest.  Then b1 is
    # Not Ready (Defense 11) and exposed (Favor +3): d20 - 1 + 3 beats 11
    # on 10..20, 11 in 20 = 55%.  (Weighing in the other guesses, a Charge
    # at 8 in 20 a third of the time, said 50%: low against what was seen.)
    state = position(DUEL)
    view = RULESET.view(state, 0)
    b1 = view.char("b1")
    assert guessed_action(RULESET, view, b1) is Action.FULL_ATTACK
    chance, words = stated_hit(Work(view), view.char("a1"), b1, Action.FULL_ATTACK,
                               guess=guessed_action(RULESET, view, b1))
    assert chance == pytest.approx(11 / 20)
    assert words == "55% to hit if b1 attacks"
    reason = explain_write(view, order(0, "a1", act(0, "full-attack", "b1")))
    assert reason == "attacks b1 twice: 55% to hit if b1 attacks"


def test_a_target_that_defends_is_said_to_defend():
    # The same duel, the guess Defend (a character with no order that fits
    # is guessed to Defend): Ready (Defense 14) and Disfavor -3 against a
    # melee blow: d20 - 1 - 3 beats 14 on 19..20, 2 in 20.
    state = position(DUEL)
    view = RULESET.view(state, 0)
    chance, words = stated_hit(Work(view), view.char("a1"), view.char("b1"), Action.FULL_ATTACK,
                               guess=Action.DEFEND)
    assert chance == pytest.approx(2 / 20)
    assert words == "10% to hit if b1 defends"


def test_without_a_guess_the_stated_chance_is_the_mean_over_the_targets_actions():
    # d20 - 1 (a1's Wound) must beat b1's Defense: 14 Ready (10, chain 1,
    # shield 2, sword 1), 11 Not Ready (chain only).  b1 may take 13
    # Actions (no spells, nothing to shoot or throw):
    #   Ready, nothing more (Move, Skulk, Guard, Use Item): 16..20, 5 in 20 (x4)
    #   Ready, on guard or Defending, Disfavor -3 (Fall Back, Counter, Defend): 19..20, 2 (x3)
    #   Not Ready (Sprint, Charge, Stabilize): 13..20, 8 (x3)
    #   Not Ready and exposed or busy, Favor +3 (Full Attack, Aim, Rescue): 10..20, 11 (x3)
    # mean: (20 + 6 + 24 + 33) / (13 * 20) = 83/260 = 31.9%
    state = position(DUEL)
    view = RULESET.view(state, 0)
    chance, words = stated_hit(Work(view), view.char("a1"), view.char("b1"), Action.FULL_ATTACK)
    assert chance == pytest.approx(83 / 260)
    assert words == "32% to hit on average"


def test_a_forced_action_gives_the_one_chance_and_its_defense():
    # Dazed: b1's Action is forced and seen; Not Ready (Defense 11) and
    # Favor +3: d20 - 1 + 3 must beat 11, 10..20: 11 in 20.
    state = position([DUEL[0], ("footman", 1, (6, 5), {"carried": (), "dazed": 1})])
    view = RULESET.view(state, 0)
    chance, words = stated_hit(Work(view), view.char("a1"), view.char("b1"), Action.FULL_ATTACK)
    assert chance == pytest.approx(11 / 20)
    assert words == "55% to hit Defense 11"


def test_with_no_order_the_target_may_write_the_guess_is_defend():
    """``guesses`` keeps only the orders the rules allow; when they allow
    none of them the stated chance is said for a Defend (what a character
    left without orders does: docs/rulings.md, Platemail, Orders)."""

    class RefusesAll:  # the rules, refusing every order
        def check(self, state, order):
            return "refused"

        def __getattr__(self, name):
            return getattr(RULESET, name)

    view = RULESET.view(position(DUEL), 0)
    b1 = view.char("b1")
    assert guessed_action(RULESET, view, b1) is not Action.DEFEND  # with the real rules: its first guess
    assert guessed_action(RefusesAll(), view, b1) is Action.DEFEND
