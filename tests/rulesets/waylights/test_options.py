"""The two optional rules: Psi Tension and Alternate damage.

Fighter attacks +5; Mook defends +2, Threshold 2, KO at 3."""

import attrs

from core.events import Rolled
from core.rulesets.waylights.combat import attack_mods, defence_mods, threshold
from core.rulesets.waylights.state import KO, READY, WaylightsOptions
from core.rulesets.waylights.turns import start_round, start_turn
from tests.rulesets.waylights.helpers import do, position, rejected, results, script

PSI = WaylightsOptions(psi_tension=True)
ALT = WaylightsOptions(alternate_damage=True)
FAR = ("b9", 1, "mook", (9, 9))


def melee(options, a_extra=None, b_extra=None, a_kind="fighter", b_kind="mook"):
    return position([("a1", 0, a_kind, (2, 2), {"split": 1, **(a_extra or {})}),
                     ("b1", 1, b_kind, (3, 2), b_extra or {}), FAR], "a1", options=options, counter_used=True)


# -- psi tension ------------------------------------------------------------

def test_narrow_defence_and_narrow_hit_build_tension():
    s = script(melee(PSI), 1, 3, 3)  # 6 - 8 = -2: defender +2
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.get("b1").tension == 2 and s.get("a1").tension == 0
    s = script(melee(PSI), 2, 1, 1)  # 7 - 4 = 3 = T+1: attacker +3
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.get("a1").tension == 3 and s.get("b1").wounds == 1


def test_tension_raises_a_result_only_as_far_as_needed():
    s = script(melee(PSI, a_extra=dict(tension=4)), 1, 1, 1)  # 6 - 4 = 2: glancing
    s, ev = do(s, "attack side=0 unit=a1 target=b1 psi=4")
    # One point makes it 3 > Threshold 2: one wound.
    assert results(ev)[0].margin == 3 and s.get("a1").tension == 3 and s.get("b1").wounds == 1


def test_the_result_line_shows_the_tension_spent_so_its_sum_adds_up():
    # Played: "19 - 2 = 16" was on screen after the defender spent a point.
    s = script(melee(PSI, a_extra=dict(tension=4)), 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1 psi=4")
    line = results(ev)[0]
    assert line.attack - line.defence == 2 and line.margin == 3
    assert f"{line.attack} - {line.defence} = 2, 3 with the tension spent" in line.sentence
    plain = results(do(script(melee(PSI), 1, 1, 1), "attack side=0 unit=a1 target=b1")[1])[0]
    assert f"{plain.attack} - {plain.defence} = {plain.margin}, " in plain.sentence


def test_defender_spends_tension_on_defence():
    s = melee(PSI, b_extra=dict(tension=2))
    s = attrs.evolve(s, counter_used=False)
    s = script(s, 2, 1, 1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "response"
    s, ev = do(s, "defend side=1 unit=b1 psi=2")
    # 7 - 4 = 3 would wound; one point of defence makes it a glancing 2.
    assert results(ev)[0].margin == 2 and s.get("b1").wounds == 0 and s.get("b1").tension == 1


def test_smashing_an_item_on_a_valid_hit():
    s = melee(PSI, a_extra=dict(tension=3), b_kind="fighter")
    s = script(s, 6, 1, 1)  # 11 - 6 = 5: one wound on a Fighter (T3)
    s, _ = do(s, "attack side=0 unit=a1 target=b1 smash=shield")
    b = s.get("b1")
    assert "shield" in b.broken and s.get("a1").tension <= 3
    assert ("shield", 1) not in defence_mods(b, None)
    assert rejected(melee(PSI, a_extra=dict(tension=2)), "attack side=0 unit=a1 target=b1 smash=shield") == "tension"


def test_boost_and_ignoring_a_ko():
    s = melee(PSI, a_extra=dict(tension=5))
    s, _ = do(s, "boost side=0 unit=a1 what=skill")
    a = s.get("a1")
    assert a.tension == 0 and ("psi boost", 1) in attack_mods(a, a.weapon)
    assert rejected(attrs.evolve(s, actions=0), "boost side=0 unit=a1 what=skill") == "boosted"
    # The Mook has 2 wounds (defence +2 - 2) and 9 tension, so it is asked how to defend.
    s = script(melee(PSI, b_extra=dict(wounds=2, tension=9)), 1, 1, 1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    s, _ = do(s, "defend side=1 unit=b1")
    # 6 - 2 = 4: one wound, its third: KO, ignored for 9 tension.
    b = s.get("b1")
    assert b.status == READY and b.wounds == 3 and b.ko_at == 4 and b.tension == 0


def test_psi_orders_need_the_option():
    assert rejected(melee(WaylightsOptions(), a_extra=dict(tension=3)),
                    "attack side=0 unit=a1 target=b1 psi=1") == "option-off"


# -- alternate damage ---------------------------------------------------------

def test_grapple_halves_threshold_and_holds_the_target():
    s = script(melee(ALT), 4, 1, 1)  # 9 - 4 = 5 > 4: two wounds, one buys the grapple
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=grapple")
    b = s.get("b1")
    assert b.wounds == 1 and b.grappled_by == "a1" and threshold(b) == 1
    s = attrs.evolve(start_turn(s, "b1")[0], pending="")
    assert rejected(s, "move side=1 unit=b1 to=3,5") == "grappled"
    assert rejected(s, "step side=1 unit=b1 to=3,3") == "grappled"
    # Breaking off: b1 (club +3) hits a1 (+4, T3) hard enough for one wound.
    s = attrs.evolve(s, counter_used=True)
    s = s.put(attrs.evolve(s.get("b1"), split=2))
    s = script(s, 6, 6, 1, 1)  # 12 + 3 - 1 = 14 vs 6: 8 > 6: two wounds, one breaks off
    s, _ = do(s, "attack side=1 unit=b1 target=a1 effect=break-off")
    assert s.get("b1").grappled_by is None and s.get("a1").wounds == 1


def test_break_off_needs_a_grapple_and_melee_effects_need_melee():
    s = melee(ALT)
    assert rejected(s, "attack side=0 unit=a1 target=b1 effect=break-off") == "not-grappled"
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "mook", (2, 6)), FAR], "a1", options=ALT)
    assert rejected(s, "attack side=0 unit=a1 target=b1 effect=grapple") == "melee-only"
    assert rejected(s, "attack side=0 unit=a1 target=b1 effect=entangle") == "wrong-weapon"
    assert rejected(melee(WaylightsOptions()), "attack side=0 unit=a1 target=b1 effect=grapple") == "option-off"


def test_entangle_halves_threshold_until_its_turn_which_has_one_action():
    s = position([("a1", 0, "marksman", (2, 2), dict(split=1, wielding=1)), ("b1", 1, "mook", (2, 6)), FAR],
                 "a1", options=ALT)
    s = script(s, 2, 1, 1)  # shock-net +5: 7 - 4 = 3: one wound, spent on entangling
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=entangle")
    b = s.get("b1")
    assert b.entangled and b.wounds == 0 and threshold(b) == 1
    s, _ = start_turn(s, "b1")
    assert s.max_actions == 1 and not s.get("b1").entangled


def test_shove_pushes_a_split_move():
    s = script(melee(ALT), 4, 1, 1)  # two wounds: one shoves, one wounds
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=shove push=E")
    # The Mook (move 5) goes half of 5, 2 cells, east.
    assert s.get("b1").pos == (5, 2) and s.get("b1").wounds == 1


def test_human_shield_redirects_ranged_hits():
    s = script(melee(ALT), 4, 1, 1)  # two wounds buy the human shield
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=human-shield")
    assert s.get("a1").shielded_by == "b1" and s.get("b1").wounds == 0
    s = position([("a1", 0, "fighter", (2, 2), dict(shielded_by="b1")), ("b1", 1, "mook", (3, 2)),
                  ("b2", 1, "archer", (2, 7))], "b2", options=ALT)
    s = script(s, 6, 6, 1, 1, 1)  # 17 - 6 = 11; the d4 shows 1: it strikes b1
    s, events = do(s, "attack side=1 unit=b2 target=a1")
    assert s.get("a1").wounds == 0 and s.get("b1").status == KO
    # the holder rolls the d4 and wants it low (1-3: the shield takes the shot), for the result's luck
    (shield_roll,) = [e for e in events if isinstance(e, Rolled) and e.purpose.startswith("human shield")]
    assert shield_roll.who == "a1" and shield_roll.low_is_good


def test_stun_knocks_out_until_five_rounds_pass():
    s = position([("a1", 0, "elite", (2, 2), dict(split=1, wielding=1)), ("b1", 1, "mook", (3, 2)), FAR], "a1",
                 options=ALT, counter_used=True)
    s = script(s, 6, 1, 1)  # stun rod +5: 11 - 4 = 7 > 6: three wounds, all into the stun
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=stun")
    b = s.get("b1")
    assert b.status == KO and b.wounds == 0 and b.wake_round == 6
    s = attrs.evolve(s, round=5)
    s2, _ = start_round(s)
    assert s2.get("b1").status == READY
    assert rejected(melee(ALT), "attack side=0 unit=a1 target=b1 effect=stun") == "wrong-weapon"


def test_too_light_a_hit_wounds_instead():
    s = position([("a1", 0, "elite", (2, 2), dict(split=1, wielding=1)), ("b1", 1, "mook", (3, 2)), FAR], "a1",
                 options=ALT, counter_used=True)
    s = script(s, 2, 1, 1)  # 7 - 4 = 3: one wound, too little for a stun (3)
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=stun")
    assert s.get("b1").status == READY and s.get("b1").wounds == 1


def test_pierce_negates_armour_until_the_targets_turn():
    s = melee(ALT, b_kind="spear")
    s = script(s, 6, 1, 1)  # 11 - (2 + 5) = 4 > 3: one wound, spent on piercing
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=pierce")
    b = s.get("b1")
    assert b.pierced and b.wounds == 0 and ("armour", 1) not in defence_mods(b, None)
    s, _ = start_turn(s, "b1")
    assert not s.get("b1").pierced


def test_suppression_gives_a_free_shot_when_the_target_moves():
    s = position([("a1", 0, "thug", (2, 2), dict(split=1)), ("b1", 1, "mook", (2, 6)), FAR], "a1", options=ALT,
                 counter_used=True)
    s = script(s, 4, 1, 1)  # pistol +3: 7 - 4 = 3: one wound, spent on suppression
    s, _ = do(s, "attack side=0 unit=a1 target=b1 effect=suppress")
    assert s.get("b1").suppressed_by == "a1"
    s, _ = start_turn(s, "b1")
    s = attrs.evolve(s, pending="")
    s = script(s, 6, 1, 1)  # free shot: 6 + 3 = 9 vs 2 (+2 dice) ... 9 - 4 = 5: two wounds
    s, ev = do(s, "split-move side=1 unit=b1 to=2,7")
    (r,) = results(ev)
    assert r.attacker == "a1" and s.get("b1").wounds == 2 and s.get("b1").suppressed_by is None
