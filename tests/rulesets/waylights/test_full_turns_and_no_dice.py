"""Full-turn actions close the free step, a split with no dice for a roll
cannot make that roll, and the preview offers a counterattack only when
the engine would allow one (issue 26, points 1, 2, 5 and 6; "Sequence",
the action table, "Attack and Defense", "Endgame").

Scores from the roster: a Fighter attacks at +5 and defends at +4 with
Threshold 3; a Mook attacks at +3 (club), defends at +2, Threshold 2; a
thug's pistol attacks at +3.
"""

import random

import attrs

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack, Clip, Counter, Finish, Reload, Step
from core.rulesets.waylights.ruleset import counter_refusal_for
from core.rulesets.waylights.state import KO, PendingAttack, WaylightsOptions
from tests.rulesets.waylights.helpers import (
    do,
    position,
    rejected,
    results,
    rolls,
    script,
)

FAR = ("b9", 1, "mook", (9, 9))
EMPTY = dict(primed=(False, False), ammo=(0, 0))  # an archer's pneumatic, clip spent


def steps(state, side=0):
    return [o for o in R.legal_orders(state, side) if isinstance(o, Step)]


# -- 1. the full-turn reload --------------------------------------------------


def test_clip_then_reload_takes_the_whole_turn_with_no_step():
    """Seed's action table: "RELOAD | CLIP | no" (no step)."""
    s = position([("a1", 0, "archer", (2, 2), EMPTY), ("b1", 1, "mook", (7, 7)), FAR], "a1")
    s, _ = do(s, "clip side=0 unit=a1")
    assert steps(s)  # one half alone keeps the step
    s, _ = do(s, "reload side=0 unit=a1")
    assert s.get("a1").primed[0] and s.get("a1").ammo[0] == 4
    # Nothing is left of the turn: not even the step.  It passes to b1.
    assert s.active == "b1" and R.legal_orders(s, 0) == []


def test_reload_then_clip_is_the_same_full_turn():
    """Seed: clip and reload together take "a full turn"."""
    s = position([("a1", 0, "archer", (2, 2), dict(primed=(False, False), ammo=(1, 0))),
                  ("b1", 1, "mook", (7, 7)), FAR], "a1")
    s, _ = do(s, "reload side=0 unit=a1")
    s, _ = do(s, "clip side=0 unit=a1")
    assert s.active == "b1"


def test_after_the_step_the_second_half_of_the_reload_is_refused():
    """Seed: "RELOAD | CLIP | no": a turn with the step cannot hold both."""
    s = position([("a1", 0, "archer", (2, 2), EMPTY), ("b1", 1, "mook", (7, 7)), FAR], "a1")
    s, _ = do(s, "clip side=0 unit=a1")
    s, _ = do(s, "step side=0 unit=a1 to=2,3")
    assert rejected(s, "reload side=0 unit=a1") == "full-turn"
    why = R.check(s, Reload(0, "a1"))
    assert "step" in why.message and "next turn" in why.message
    legal = R.legal_orders(s, 0)
    assert Reload(0, "a1") not in legal and legal  # other Actions stay open
    # The other order too: step, reload, then the clip is refused.
    s = position([("a1", 0, "archer", (2, 2), dict(primed=(False, False), ammo=(1, 0))),
                  ("b1", 1, "mook", (7, 7)), FAR], "a1")
    s, _ = do(s, "step side=0 unit=a1 to=2,3")
    s, _ = do(s, "reload side=0 unit=a1")
    assert rejected(s, "clip side=0 unit=a1") == "full-turn"
    assert Clip(0, "a1") not in R.legal_orders(s, 0)


def test_fire_and_reload_keeps_the_step():
    """Seed's action table: "FIRE | RELOAD | yes"."""
    s = position([("a1", 0, "archer", (2, 2), dict(split=3)), ("b1", 1, "mook", (2, 7)), FAR], "a1")
    s = script(s, 1, 1, 1, 6, 6)  # the shot misses; the mook cannot answer at range
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert len(results(ev)) == 1 and s.active == "a1"
    s, _ = do(s, "reload side=0 unit=a1")
    assert Step(0, "a1", (2, 3)) in R.legal_orders(s, 0)


# -- 2. the coup de grace is a full turn ---------------------------------------


def ko_beside_a_step():
    """a1 may step to 2,3 and still reach b1, knocked out at 3,3."""
    return position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 3), dict(status=KO, wounds=3)), FAR],
                    "a1")


def test_finishing_after_the_step_is_refused():
    """Seed: a KO figure is finished only "as a full turn action"."""
    s = ko_beside_a_step()
    assert rejected(s, "finish side=0 unit=a1 target=b1") == "out-of-reach"  # diagonal: not yet
    s, _ = do(s, "step side=0 unit=a1 to=2,3")
    assert rejected(s, "finish side=0 unit=a1 target=b1") == "full-turn"
    why = R.check(s, Finish(0, "a1", "b1"))
    assert "step" in why.message
    assert Finish(0, "a1", "b1") not in R.legal_orders(s, 0)
    for seed in range(40):  # the computer's draw holds the same rule
        assert R.random_order(s, 0, random.Random(seed)) != Finish(0, "a1", "b1")


def test_finishing_before_any_step_is_still_a_whole_turn():
    """Seed: "killed as a full turn action" (the step goes too)."""
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (2, 3), dict(status=KO, wounds=3)), FAR],
                 "a1")
    assert Finish(0, "a1", "b1") in R.legal_orders(s, 0)
    s, _ = do(s, "finish side=0 unit=a1 target=b1")
    assert s.get("b1").status == "dead" and s.active != "a1"


# -- 5. no dice, no roll ---------------------------------------------------------


def test_a_character_on_0_4_may_not_attack():
    """Seed's split table: "0 | 4 | Fighting defensively"."""
    s = position([("a1", 0, "fighter", (2, 2), dict(split=0)), ("b1", 1, "mook", (2, 3)), FAR], "a1")
    assert rejected(s, "attack side=0 unit=a1 target=b1") == "no-attack-dice"
    why = R.check(s, Attack(0, "a1", "b1"))
    assert "0/4" in why.message and "no attack dice" in why.message
    legal = R.legal_orders(s, 0)
    assert not any(isinstance(o, Attack) for o in legal)
    assert any(o.verb == "split-move" for o in legal)  # the rest of the turn stays open
    for seed in range(60):  # the computer's draw never attacks on 0/4 either
        assert not isinstance(R.random_order(s, 0, random.Random(seed)), Attack)
    # With one attack die it may (1/3 is a "Snap shot").
    s = position([("a1", 0, "fighter", (2, 2), dict(split=1)), ("b1", 1, "mook", (2, 3)), FAR], "a1")
    assert Attack(0, "a1", "b1") in R.legal_orders(s, 0)


def test_a_character_on_4_0_has_no_dice_to_counter_with():
    """Seed: counterattacks use "defense dice"; 4/0 has none."""
    s = position([("a1", 0, "fighter", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 3), dict(split=4)),
                  FAR], "a1")
    s = script(s, 1, 1, 6, 6)  # 2+5 against 0 dice +4: margin 3, glancing on Threshold 3
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    # No response is asked: the defence (of no dice) is rolled at once.
    assert s.pending == "" and len(results(ev)) == 1
    assert [len(r.faces) for r in rolls(ev)] == [2, 0]
    held = attrs.evolve(s, pending="response", attack=PendingAttack("a1", "b1", 0), actions=1)
    assert rejected(held, "counter side=1 unit=b1") == "no-counter-dice"
    assert not any(isinstance(o, Counter) for o in R.legal_orders(held, 1))


def test_a_character_on_0_4_still_counters_with_its_four_defence_dice():
    """Seed: "A character may counterattack instead of defending"."""
    s = position([("a1", 0, "fighter", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 3), dict(split=0)),
                  FAR], "a1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "response" and Counter(1, "b1") in R.legal_orders(s, 1)
    s = script(s, 1, 1, 1, 1, 1, 1, 1, 1)
    s, ev = do(s, "counter side=1 unit=b1")
    assert [len(r.faces) for r in rolls(ev)] == [2, 0, 4, 2]


def test_a_suppressor_on_0_4_takes_no_free_shot():
    """Seed: 0 | 4 is "Hunkering down" (no shot at all)."""
    alt = WaylightsOptions(alternate_damage=True)
    s = position([("a1", 0, "thug", (2, 2), dict(split=0)), ("b1", 1, "mook", (2, 6), dict(suppressed_by="a1")),
                  FAR], "b1", options=alt)
    s = script(s, 6, 6, 6, 6, 6)
    s, ev = do(s, "split-move side=1 unit=b1 to=2,7")
    assert results(ev) == [] and rolls(ev) == []
    assert s.get("b1").wounds == 0 and s.get("b1").suppressed_by is None
    assert s.get("a1").ammo[0] == 6  # no shot spent


# -- 6. the preview's counterattack is the engine's ------------------------------


def test_preview_refuses_a_counter_from_out_of_reach():
    """Seed: no counter "if the attacker is out of range"."""
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "fighter", (2, 7)), FAR], "a1")
    why = counter_refusal_for(s, Attack(0, "a1", "b1"))
    assert why is not None and why.code == "cannot-counter" and "sword" in why.message
    # Beside each other, the sword answers.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "fighter", (2, 3))], "a1")
    assert counter_refusal_for(s, Attack(0, "a1", "b1")) is None
    # One counter between turns; none with no defence dice.
    assert counter_refusal_for(attrs.evolve(s, counter_used=True), Attack(0, "a1", "b1")).code == "counter-used"
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "fighter", (2, 3), dict(split=4))], "a1")
    assert counter_refusal_for(s, Attack(0, "a1", "b1")).code == "no-counter-dice"


def test_preview_and_engine_agree_on_every_counter():
    """Seed: "Countering an attack may not happen if" (range, ammo, priming)."""
    seen = {True: 0, False: 0}
    for seed in range(30):
        rng = random.Random(seed)
        s = position([("a1", 0, rng.choice(["archer", "fighter", "spear", "thug"]), (4, 4)),
                      ("b1", 1, rng.choice(["archer", "fighter", "spear", "slinger", "thug"]),
                       (4 + rng.randint(-3, 3), 4 + rng.randint(1, 5)),
                       dict(split=rng.randint(0, 4), primed=(rng.random() < 0.7, False)))], "a1")
        for order in R.legal_orders(s, 0):
            if not isinstance(order, Attack):
                continue
            said = counter_refusal_for(s, order) is None
            after, _ = R.apply(script(s, 6, 6, 6, 6, 6, 6, 6, 6, 6), order)  # a 6 on the cover die: never avoided
            engine = after.pending == "response" and any(isinstance(o, Counter) for o in R.legal_orders(after, 1))
            assert said == engine, (seed, order, counter_refusal_for(s, order))
            seen[said] += 1
    assert seen[True] and seen[False]
