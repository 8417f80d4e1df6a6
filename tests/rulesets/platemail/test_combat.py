"""Attack Rolls, Favor/Disfavor, Cover, criticals, Absorb/Penetration,
shields, wound penalties, Fatal Wounds and Stabilize, mutual kills."""

from core.rulesets.platemail import RULESET
from core.rulesets.platemail.combat import net_favor, range_penalty
from core.rulesets.platemail.events import AttackMade, WoundsTallied
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position


def attacks(events):
    return [e for e in events if isinstance(e, AttackMade)]


def rolls(events):
    return [e for e in events if type(e).__name__ == "Rolled"]


def test_full_attack_on_a_preparing_caster_with_favor_and_a_failed_concentration_check():
    # Spellcaster preparing (NR): unarmored +3 and staff +2 need Ready, so Defense 10.
    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "full-attack", "b1")),
                       order(1, "b1", act(1, "prepare-spell", spell="firebolt"))],
                  dice=(8, 5, 7))
    a = attacks(ev)
    assert [(x.total, x.defense, x.hit) for x in a[:2]] == [(11, 10, True), (10, 10, False)]
    b1 = st.char("b1")
    assert b1.wounds == 1 and b1.prepared is None  # check 5+3=8 failed
    second = [e for e in ev if type(e).__name__ == "ActionTaken" and e.unit == "b1"][1]
    assert second.action.startswith("Dazed")


def test_natural_20_hits_with_extra_wound_and_penetration():
    # Archer's long bow (Pen 2) against a Defending footman: chain 2 + shield 1 = Absorb 3.
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(20,))
    a = attacks(ev)[0]
    assert a.critical and a.hit
    tally = [e for e in ev if isinstance(e, WoundsTallied)][0]
    assert (tally.new_wounds, tally.absorbed) == (2, 0)  # Pen 3 reaches Absorb 3: 2 Wounds


def test_absorb_stops_a_hit_whose_penetration_falls_short():
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 7))])
    # Defense 10 + chain 1 + shield 2 + sword 1 = 14; 15 hits, Pen 2 < Absorb 3.
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(15,))
    assert attacks(ev)[0].defense == 14 and attacks(ev)[0].hit
    assert st.char("b1").wounds == 0


def test_heavy_crossbow_penetrates_plate_and_must_be_reloaded():
    st = position([("crossbowman", 0, (5, 2)), ("knight", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"), then=act(0, "ranged-attack", "b1"))],
                  dice=(13,))
    assert attacks(ev)[0].defense == 12  # half plate +2
    assert st.char("b1").wounds == 1  # Pen 3 against Absorb 3
    assert len(attacks(ev)) == 1 and "not loaded" in "\n".join(e.sentence for e in ev)
    assert not st.char("a1").loaded


def test_shield_and_sword_count_only_when_ready():
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 7))])
    # b1 Sprints (NR) away: Defense 11, Absorb 2, and shots at a sprinter have Disfavor.
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "sprint", to=(11, 11)))], dice=(17,))
    a = attacks(ev)[0]
    assert a.defense == 11 and a.total == 14 and a.hit
    assert st.char("b1").wounds == 1  # Pen 2 reaches Absorb 2 without the shield


def test_favor_and_disfavor_cancel_and_never_stack():
    assert net_favor(["a", "b"], []) == (("Favor: a, b", 3),)
    assert net_favor(["a"], ["b"]) == (("Favor and Disfavor cancel", 0),)
    assert net_favor(["a"], ["b", "c"])[0][1] == -3


def test_range_increments_follow_the_rule_text():
    # 30' Range: 6 cells normal, 7-12 at -2, 13-18 at -4, 19-24 at -6, beyond impossible.
    assert range_penalty(30, (0, 0), (0, 6)) == 0
    assert range_penalty(30, (0, 0), (0, 7)) == -2
    assert range_penalty(30, (0, 0), (0, 18)) == -4
    assert range_penalty(30, (0, 0), (0, 24)) == -6
    assert range_penalty(30, (0, 0), (0, 25)) is None


def test_cover_high_ground_range_wounds_and_strength_modifiers():
    rows = ["." * 12] * 12
    rows[2] = "..^........."
    rows[10] = "..h........."
    # Footman given a long bow (Str 2 needed, has 1), wounded twice, on the mound.
    st = position([("footman", 0, (2, 2), {"wielding": "long-bow", "strength": 1, "wounds": 2}),
                   ("spellcaster", 1, (2, 10))], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(12,))
    mods = dict(rolls(ev)[0].modifiers)
    # 8 cells straight down: 40 feet, the 2nd increment of the bow's 30'.  The
    # Cover is the hedge b1 stands in (cover 1; nothing blocks the view).
    assert mods == {"Wounds": -2, "Cover: b1 stands in the hedge at 2,10": -2, "High ground": 2,
                    "Range: 40 ft, increment 2 of 30 ft": -2, "Strength short": -1}
    assert attacks(ev)[0].total == 12 - 5


def test_concealed_characters_cannot_be_targeted():
    rows = ["." * 12] * 12
    rows[5] = "############"
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 8))], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))])
    assert attacks(ev) == [] and "Concealed" in "\n".join(e.sentence for e in ev)


def test_wounds_beyond_max_fell_and_kill_after_max_wounds_rounds():
    # Defending spellcaster: Defense 10 + unarmored 3 + staff 2 = 15; 18 beats it.
    st = position([("archer", 0, (5, 2)), ("spellcaster", 1, (5, 7), {"wounds": 3})])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(18,))
    b1 = st.char("b1")
    assert b1.status is Status.DYING and b1.dying_rounds == 3
    assert RULESET.outcome(st).winner == 0  # side 1 has no one able to fight


def test_dying_character_dies_unless_stabilized():
    base = [("footman", 0, (5, 2)), ("footman", 0, (5, 3), {"wounds": 4, "status": Status.DYING,
                                                              "dying_rounds": 1}),
            ("footman", 1, (9, 9))]
    st = position(base)
    st, _ = play(st, [])
    assert st.char("a2").status is Status.DEAD
    st = position(base)
    st, ev = play(st, [order(0, "a1", act(0, "stabilize", "a2"))], dice=(10,))  # 10 + Medical 1 > 10
    assert st.char("a2").status is Status.STABLE


def test_a_stabilize_out_of_reach_or_of_the_unhurt_rolls_nothing_and_says_why():
    """Seed, Stabilize: a Fatally Wounded character within reach (the Action
    covers no ground).  a2 two cells off bleeds out with no Medical roll;
    a3 beside a1 is not Fatally Wounded."""
    base = [("footman", 0, (5, 2)), ("footman", 0, (5, 4), {"wounds": 4, "status": Status.DYING,
                                                              "dying_rounds": 1}),
            ("footman", 0, (6, 2)), ("footman", 1, (9, 9))]
    for target, reason in (("a2", "a2 is not beside a1"), ("a3", "a3 is not Fatally Wounded")):
        st, ev = play(position(base), [order(0, "a1", act(0, "stabilize", target))], dice=(20,))
        said = [e.sentence for e in ev]
        assert f"a1 cannot Stabilize: {reason}" in said
        assert not any("Medical roll" in s for s in said)
        assert st.char("a2").status is Status.DEAD


def test_simultaneous_mutual_kill_is_a_draw():
    st = position([("spellcaster", 0, (5, 5), {"wounds": 3}), ("spellcaster", 1, (5, 6), {"wounds": 3})])
    st, ev = play(st, [order(0, "a1", act(0, "full-attack", "b1")),
                       order(1, "b1", act(1, "full-attack", "a1"))], dice=(15, 1, 15, 1))
    assert st.char("a1").status is Status.DYING and st.char("b1").status is Status.DYING
    assert RULESET.outcome(st).winner is None
