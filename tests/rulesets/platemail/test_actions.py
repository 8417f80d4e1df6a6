"""Actions, weapon properties and spells, each with scripted dice."""

import pytest

from core.rulesets.platemail.events import AttackMade
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position, text


def attacks(ev):
    return [e for e in ev if isinstance(e, AttackMade)]


def test_aim_gives_favor_and_penetration_to_the_next_ranged_attack():
    # Short bow Pen 1 +1 from Aim = 2, enough against the footman's chain (Absorb 2) while Not Ready.
    st = position([("archer", 0, (5, 2), {"wielding": "short-bow"}), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "aim", "b1"), then=act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "charge", "a1"), then=act(1, "charge", "a1"))], dice=(8, 8))
    shot = [a for a in attacks(ev) if a.attacker == "a1"][0]
    assert shot.total == 11


def test_rapid_fire_two_shots_with_disfavor_and_not_with_crossbows():
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "rapid-fire", "b1"))], dice=(10, 10))
    assert [a.total for a in attacks(ev)] == [7, 7]
    from core.rulesets.platemail import RULESET
    st = position([("crossbowman", 0, (5, 2)), ("footman", 1, (5, 7))])
    assert RULESET.check(st, order(0, "a1", act(0, "rapid-fire", "b1"))).code == "no-rapid-fire"


def test_reload_complex_is_not_ready_quick_stays_ready():
    st = position([("crossbowman", 0, (5, 2), {"loaded": False}), ("footman", 1, (5, 9))])
    st, ev = play(st, [order(0, "a1", act(0, "use-item", item="reload"))])
    first = [e for e in ev if type(e).__name__ == "ActionTaken" and e.unit == "a1"][0]
    assert st.char("a1").loaded and not first.ready
    st = position([("crossbowman", 0, (5, 2), {"loaded": False, "wielding": "light-crossbow"}),
                   ("footman", 1, (5, 9))])
    st, ev = play(st, [order(0, "a1", act(0, "use-item", item="reload"))])
    assert [e for e in ev if type(e).__name__ == "ActionTaken" and e.unit == "a1"][0].ready


def test_swap_weapons_and_drink_a_potion():
    st = position([("knight", 0, (5, 2), {"wounds": 2}), ("footman", 1, (5, 9))])
    st, _ = play(st, [order(0, "a1", act(0, "use-item", item="swap:flail"), then=act(0, "use-item", item="potion"))])
    k = st.char("a1")
    assert k.wielding == "flail" and "great-sword" in k.carried and k.wounds == 1 and k.potions == 0


def test_guard_blocks_and_the_penalty_stacks():
    # b2 guards b1, who prepares a spell (attacks on b1 have Favor); a1 Full Attacks b1 twice.
    # Guard Defense: 10 + chain 1 + shield 2 + sword 1 = 14, then 13 for the second Attack.
    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6)), ("footman", 1, (6, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "full-attack", "b1")),
                       order(1, "b1", act(1, "prepare-spell", spell="firebolt")),
                       order(1, "b2", act(1, "guard", "b1"))], dice=(11, 11, 2))
    a = attacks(ev)
    assert a[0].defense == 14 and not a[0].hit and "blocked" in a[0].detail
    assert a[1].defense == 13 and a[1].hit and a[1].target == "b2"  # -1 for the second, even d6: guard hit


def test_stabilize_fails_on_a_low_medical_roll():
    st = position([("footman", 0, (5, 2)), ("footman", 0, (5, 3), {"wounds": 4, "status": Status.DYING,
                                                                       "dying_rounds": 3}),
                   ("footman", 1, (9, 9))])
    st, _ = play(st, [order(0, "a1", act(0, "stabilize", "ally-down"))], dice=(9,))
    assert st.char("a2").status is Status.DYING and st.char("a2").dying_rounds == 2


def test_rescue_carries_a_fallen_ally():
    st = position([("footman", 0, (5, 5)), ("footman", 0, (5, 6), {"wounds": 4, "status": Status.DYING,
                                                                       "dying_rounds": 3}),
                   ("footman", 1, (5, 11))])
    st, _ = play(st, [order(0, "a1", act(0, "rescue", "a2", to=(5, 2)))])
    assert st.char("a1").pos == (5, 2) and st.char("a2").pos == (5, 3)


def test_skulk_hides_from_low_perception_and_the_first_attack_has_favor():
    rows = ["." * 12] * 12
    rows[5] = "..h........."
    st = position([("rogue", 0, (2, 4)), ("footman", 1, (2, 9))], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, "skulk", to=(2, 5)))], dice=(15,))
    r = st.char("a1")
    assert r.hidden and r.stealth_roll == 18  # 15 + Stealth 3 beats passive Perception 11
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "ranged-attack", "closest"))], dice=(5,))
    shot = attacks(ev)[0]
    assert shot.attacker == "a1" and shot.total == 8  # 5 + Favor (b1 Unaware)
    assert len(attacks(ev)) == 1  # b1 cannot designate the hidden rogue


def test_terror_from_dread_makes_the_target_flee():
    st = position([("spellcaster", 0, (5, 2), {"prepared": "dread"}), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "b1"))], dice=(3,))
    assert st.char("b1").terror == 0 and st.char("b1").pos[1] > 7  # fled in its 2nd Action


def test_firebolt_has_penetration_2():
    st = position([("spellcaster", 0, (5, 2), {"prepared": "firebolt"}), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "b1")),
                       order(1, "b1", act(1, "charge", "a1"), then=act(1, "defend"))], dice=(15,))
    # b1 charges (NR): Defense 11, Absorb 2 (chain, no shield): Pen 2 goes through.
    assert attacks(ev)[0].hit and st.char("b1").wounds == 1


def test_binding_holds_while_the_caster_focuses():
    st = position([("spellcaster", 0, (5, 2), {"prepared": "binding"}), ("footman", 1, (5, 9))])
    st, ev = play(st, [order(0, "a1", act(0, "release-spell", "b1"), then=act(0, "focus-spell")),
                       order(1, "b1", act(1, "defend"), then=act(1, "move", to=(5, 6)))], dice=(2,))
    assert st.char("b1").pos == (5, 9) and st.char("a1").focus == "binding"


def test_mend_heals_by_touch():
    st = position([("spellcaster", 0, (5, 2), {"prepared": "mend"}), ("footman", 0, (5, 3), {"wounds": 2}),
                   ("footman", 1, (5, 9))])
    st, _ = play(st, [order(0, "a1", act(0, "release-spell", "a2"))])
    assert st.char("a2").wounds == 1


def test_mace_critical_dazes_for_1d4_actions():
    st = position([("footman", 0, (5, 5), {"wielding": "mace"}), ("footman", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 2))
    assert st.char("b1").dazed == 1  # 2 Actions: one spent in the 2nd Phase
    assert "Dazed" in text(ev)


def test_great_sword_critical_severs_unless_armour_protects():
    st = position([("knight", 0, (5, 5)), ("footman", 1, (5, 6), {"armour": "splint"})])
    st, _ = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 3, 1))
    assert st.char("b1").lost_limbs == ()  # Protects Limbs 1: a 1 saves it
    st = position([("knight", 0, (5, 5)), ("footman", 1, (5, 6), {"armour": "splint"})])
    st, _ = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(20, 3, 2))
    assert st.char("b1").lost_limbs == ("left arm",)


def test_net_entraps_until_freed():
    # (a thrown weapon is never in hand: the rogue throws the net it carries)
    st = position([("rogue", 0, (5, 4), {"carried": ("net",)}), ("footman", 1, (5, 6))])
    st, _ = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(18,))
    assert st.char("b1").entrapped
    st, _ = play(st, [order(1, "b1", act(1, "move", to=(5, 9)), then=act(1, "use-item", "self", item="free"))])
    assert st.char("b1").pos == (5, 6) and not st.char("b1").entrapped


def test_poisoned_blowgun_dart_wounds_through_absorb_it_reaches():
    st = position([("rogue", 0, (5, 4), {"wielding": "blowgun"}), ("spellcaster", 1, (5, 8))])
    st, _ = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(18,))
    assert st.char("b1").wounds == 1  # the dart deals 0, the poison 1
    st = position([("rogue", 0, (5, 4), {"wielding": "blowgun"}), ("spellcaster", 1, (5, 8))], poison=False)
    st, _ = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(18,))
    assert st.char("b1").wounds == 0


def test_silent_dart_keeps_a_skulker_hidden_but_a_javelin_reveals():
    rows = ["." * 12] * 12
    rows[5] = "..h........."
    for weapon, hidden in (("dart", True), ("javelin", False)):
        st = position([("rogue", 0, (2, 5), {"hidden": True, "stealth_roll": 20, "carried": (weapon,)}),
                       ("footman", 1, (2, 9))], rows=rows)
        st, _ = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"), then=act(0, "defend"))], dice=(2,))
        assert st.char("a1").hidden is hidden


def test_flail_club_spear_and_pike_modifiers():
    st = position([("footman", 0, (5, 5), {"wielding": "flail"}), ("footman", 1, (5, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(10,))
    assert attacks(ev)[0].total == 10 - 3 + 2  # b1 Defends: Disfavor; Flail +2 against a shield
    st = position([("footman", 0, (5, 5), {"wielding": "club"}), ("spellcaster", 1, (5, 6))])
    _, ev = play(st, [order(0, "a1", act(0, "counter", "b1"))], dice=(10,))
    assert attacks(ev)[0].total == 10 - 3 - 1
    # Pike wielder Ready (Counter) against a spear Charge: both gain +1 Penetration.
    st = position([("footman", 0, (5, 2), {"wielding": "spear", "shield": None}),
                   ("footman", 1, (5, 6), {"wielding": "pike", "shield": None, "armour": "half-plate"})])
    st, ev = play(st, [order(0, "a1", act(0, "charge", "b1")), order(1, "b1", act(1, "counter", "a1"))],
                  dice=(18, 18))
    # Spear Pen 1 +1 charging = 2 < Absorb 3; pike Pen 1 +1 = 2 reaches the footman's chain (Absorb 2).
    assert st.char("b1").wounds == 0 and st.char("a1").wounds == 1


@pytest.mark.parametrize("who, changes, first", [
    ("knight", {}, ("use-item", None, "swap:flail", None)),
    ("knight", {"wounds": 1}, ("use-item", None, "potion", None)),
    ("crossbowman", {"loaded": False}, ("use-item", None, "reload", None)),
    ("spellcaster", {}, ("prepare-spell", None, None, "firebolt")),
    ("spellcaster", {"prepared": "binding"}, ("release-spell", "b1", None, None)),
])
def test_left_by_is_what_resolving_the_1st_action_leaves(who, changes, first):
    """``checks.left_by`` (what the order writer judges a THEN by) is the
    character as resolution leaves it after that 1st Action (a Defend 2nd;
    the footman out of reach, nothing else touching it).  Scripted dice:
    the Binding's Dexterity save fails."""
    from core.rulesets.platemail.checks import left_by

    kind, target, item, spell = first
    st = position([(who, 0, (5, 2), changes), ("footman", 1, (5, 9))])
    me = st.char("a1")
    act_1 = act(0, kind, target, spell=spell, item=item)
    expected = left_by(me, act_1)
    assert expected != me  # each case changes something
    # An ongoing spell is kept up only by Focusing on it next (else it ends with the Phase).
    then = act(0, "focus-spell") if kind == "release-spell" else None
    after, _ = play(st, [order(0, "a1", act_1, then=then)], dice=(1,) * 40)
    got = after.char("a1")
    for field in ("wielding", "carried", "potions", "loaded", "prepared", "focus"):
        assert getattr(got, field) == getattr(expected, field), field
