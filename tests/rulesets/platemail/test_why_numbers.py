"""Why? gives the numbers a player needs to check a line against the
printed rules, from the events of real orders played with scripted dice:
an Attack's Defense as it was built (10, each Deflection with its source,
what was left out and why the target was Not Ready: seed Attack Rolls,
Shields, Ready/Not Ready, Clash); a Wound tally hit by hit (the Absorb
with its sources, each hit's Penetration with its sources and the rule
that decided it: seed Armor and Absorb, Penetration, Wounds); and a
Charge that strikes nobody says its true reason (seed Charge)."""

from core.explain import explain
from core.rulesets.platemail.events import AttackMade, ChargeFailed, HitCounted, WoundsTallied

from .helpers import act, order, play, position, text


def _why(ev, event) -> str:
    return explain("platemail", ev, ev.index(event)).text()


def test_why_on_an_attack_builds_the_defense_and_says_the_clash_left_the_target_not_ready():
    # Two footmen (chain, shield, sword) walk into each other: a Clash.
    # a1 wrote Move (R), but the Clash leaves it Not Ready, so b1's Attack
    # of Opportunity meets 10 + Chain Mail 1 = 11, not 14.
    st = position([("footman", 0, (5, 2)), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "move", "b1")), order(1, "b1", act(1, "move", "a1"))], dice=(5, 17))
    on_a1 = next(e for e in ev if isinstance(e, AttackMade) and e.target == "a1")
    assert on_a1.sentence == "b1 opportunity attack on a1: 17 vs Defense 11 (d20 17), hits"  # the log line is kept
    assert on_a1.defense_parts == (("Chain Mail (armour)", 1),)
    assert 10 + sum(v for _, v in on_a1.defense_parts) == on_a1.defense
    why = _why(ev, on_a1)
    assert "Defense 11 = 10 + 1 Chain Mail (armour)" in why
    assert "Left out: +2 Shield (shield), only while Ready; +1 Sword (weapon), only while Ready" in why
    assert "a1 was Not Ready: a Clash with b1 (Clash is NR)" in why
    assert "Clash (NR)" in why.split("Rule:")[1] and "Shields" in why.split("Rule:")[1]


def test_why_on_an_attack_says_which_action_left_the_target_not_ready():
    # b1 Sprints (NR) past nobody and is shot: its shield and sword count for nothing.
    st = position([("archer", 0, (5, 1)), ("footman", 1, (5, 8))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "sprint", to=(0, 8)))], dice=(12,))
    shot = next(e for e in ev if isinstance(e, AttackMade))
    why = _why(ev, shot)
    assert shot.defense == 11 and "Defense 11 = 10 + 1 Chain Mail (armour)" in why
    assert "b1 was Not Ready: its Action is Sprint (NR)" in why


def test_why_on_a_ready_target_counts_every_deflection():
    st = position([("archer", 0, (5, 1)), ("footman", 1, (5, 8))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")), order(1, "b1", act(1, "defend"))], dice=(12,))
    shot = next(e for e in ev if isinstance(e, AttackMade))
    why = _why(ev, shot)
    assert "Defense 14 = 10 + 1 Chain Mail (armour) + 2 Shield (shield) + 1 Sword (weapon), while Ready" in why
    assert "b1 was Ready" in why and "Left out" not in why


def test_why_on_a_wound_tally_checks_every_hit_against_the_absorb():
    # b1 (chain 2 + shield 1 = Absorb 3 while Defending, Ready) takes a heavy
    # crossbow's natural 20 (Penetration 3 + 1, two Wounds) and two Great
    # Sword hits (Penetration 1): the bolt goes through the whole Absorb,
    # each sword blow is taken from what is left of it.
    st = position([("crossbowman", 0, (5, 1)), ("knight", 0, (5, 5)), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")), order(0, "a2", act(0, "full-attack", "b1")),
                       order(1, "b1", act(1, "defend"))], dice=(20, 18, 19))
    tally = next(e for e in ev if isinstance(e, WoundsTallied))
    assert tally.sentence == "b1: 3 hit(s), 2 Wound(s) absorbed, 2 new; 2/3 Wounds"  # the log line is kept
    assert tally.absorb == 3 and tally.absorb_parts == (("Chain Mail (armour)", 2), ("Shield (shield)", 1))
    assert tally.blows == (
        HitCounted(2, 4, (("Heavy Crossbow (weapon)", 3), ("natural 20", 1)), 0, "penetrates"),
        HitCounted(1, 1, (("Great Sword (weapon)", 1),), 1, "pool"),
        HitCounted(1, 1, (("Great Sword (weapon)", 1),), 1, "pool"))
    why = _why(ev, tally)
    assert "b1's Absorb: 3 = 2 Chain Mail (armour) + 1 Shield (shield)" in why
    assert ("Hit 1: 2 Wounds, one of them the natural 20's extra Wound, Penetration 4 (Heavy Crossbow (weapon) 3, "
            "natural 20 +1); it reaches the whole Absorb 3: none absorbed (Penetration)") in why
    assert "Hit 2: 1 Wound, Penetration 1 (Great Sword (weapon) 1), short of the whole Absorb 3: 1 absorbed of the 3" in why
    assert "Hit 3: 1 Wound, Penetration 1 (Great Sword (weapon) 1), short of the whole Absorb 3: 1 absorbed of the 2" in why
    rule = why.split("Rule:")[1]
    assert "Armor and Absorb" in rule and "Penetration" in rule and "Wounds" in rule


def test_why_on_a_wound_tally_says_the_shield_absorbs_nothing_when_not_ready():
    st = position([("footman", 0, (5, 2)), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "move", "b1")), order(1, "b1", act(1, "move", "a1"))], dice=(17, 5))
    tally = next(e for e in ev if isinstance(e, WoundsTallied))
    why = _why(ev, tally)
    assert "b1's Absorb: 2 = 2 Chain Mail (armour)" in why
    assert "Left out: +1 Shield (shield), only while Ready" in why
    assert "b1 was Not Ready: a Clash with a1 (Clash is NR)" in why
    assert "Hit 1: 1 Wound, Penetration 0 (Sword (weapon) 0), short of the whole Absorb 2: 1 absorbed" in why


def test_a_charge_with_a_crossbow_in_hand_says_so():
    # b2, a Crossbowman with its heavy crossbow in hand, stands next to a1 and Charges it.
    st = position([("footman", 0, (5, 5)), ("crossbowman", 1, (6, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "defend")), order(1, "b1", act(1, "charge", "a1"))])
    failed = [e for e in ev if isinstance(e, ChargeFailed)]
    assert failed[0] == ChargeFailed("b1", "a1", "Heavy Crossbow")
    assert "b1's Charge strikes nobody: b1 has no melee weapon in hand (Heavy Crossbow)" in text(ev)
    assert "does not reach" not in text(ev)
    why = _why(ev, failed[0])
    assert "a Heavy Crossbow, which is no melee weapon" in why
    assert "Charge (NR)" in why.split("Rule:")[1]


def test_a_charge_that_ends_out_of_reach_says_how_far_its_target_stood():
    # 10 cells apart: a 15-foot Charge ends 35 feet short.
    st = position([("footman", 0, (5, 0)), ("footman", 1, (5, 10))])
    st, ev = play(st, [order(0, "a1", act(0, "defend")), order(1, "b1", act(1, "charge", "a1"))])
    failed = next(e for e in ev if isinstance(e, ChargeFailed))
    assert failed == ChargeFailed("b1", "a1", feet=35)
    assert failed.sentence == "b1's Charge strikes nobody: its target a1 is out of reach, 35 ft away"
    assert "a melee Attack reaches only the cells next to it" in _why(ev, failed)


def test_a_tally_names_no_weapon_of_an_attacker_its_side_could_not_see():
    # A skulking rogue nobody perceives throws a dart at a1 (Silent: it stays
    # hidden).  a1's side reads only "attacked by someone unseen"; the tally,
    # which both sides read, counts the hit by its Penetration alone.
    rows = ["." * 12] * 6 + ["h" * 12] + ["." * 12] * 5
    st = position([("footman", 0, (5, 2)), ("rogue", 1, (5, 6), {"hidden": True, "stealth_roll": 30})], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, "defend")), order(1, "b1", act(1, "ranged-attack", "a1"))], dice=(18,))
    assert "a1 is attacked by someone unseen: a hit" in text(ev)
    tally = next(e for e in ev if isinstance(e, WoundsTallied))
    assert tally.seen_by is None and tally.blows == (HitCounted(1, 0, (), 1, "pool"),)
    why = _why(ev, tally)
    assert "Dart" not in why and "the attacker was unseen" in why
