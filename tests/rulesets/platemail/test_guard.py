"""Guard: the blow a guard takes is the Attack that was made at the
guarded character, with everything it carries (issue 26, point 3).

Each position puts a Guard beside its charge; the attacker's roll beats the
guard's Defense and an even d6 puts the Attack on the guard.  The guard then
takes that Attack exactly: its critical, its thrown weapon's Penetration, its
net, its aim."""

from core.rulesets.platemail.events import AttackMade

from .helpers import act, order, play, position, text


def guard_hits(ev):
    return [e for e in ev if isinstance(e, AttackMade) and "takes the blow" in e.detail]


def test_a_natural_20_keeps_its_critical_on_the_guard():
    """Seed, Guard: "On even, the Attack hits you."; Attack Rolls:
    a natural 20 adds a point of Penetration and "one extra Wound".

    a1 (sword, Penetration 0) Counters b1; b2, a rogue in leather (Absorb 1,
    Defense 10 + 2 = 12), guards b1.  d20 20 against the guard, d6 2: the
    guard is hit by a critical: 2 Wounds at Penetration 1, which reaches the
    whole Absorb 1, so both Wounds go through.  (Rebuilt from the sword, the
    blow was 1 Wound at Penetration 0: absorbed, no Wound.)"""
    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6)), ("rogue", 1, (6, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "counter", "b1")),
                       order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(20, 2))
    hit, = guard_hits(ev)
    assert hit.target == "b2" and hit.natural == 20 and hit.critical
    assert st.char("b2").wounds == 2 and st.char("b1").wounds == 0


def test_a_thrown_javelin_keeps_its_penetration_on_the_guard():
    """Seed, Guard: "On even, the Attack hits you."; the Javelin's
    table row gives it Penetration 1.

    a1, a footman with a sword in hand, throws its javelin (Penetration 1) at
    b1 three cells off; b2, a rogue in leather (Absorb 1, Defense 12), guards
    b1.  d20 15 beats 12, d6 4: the javelin hits the guard, Penetration 1
    reaches Absorb 1: one Wound.  (Rebuilt from the sword: Penetration 0,
    absorbed.)"""
    st = position([("footman", 0, (5, 3)), ("spellcaster", 1, (5, 6)), ("rogue", 1, (6, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(15, 4))
    hit, = guard_hits(ev)
    assert hit.target == "b2" and hit.hit
    assert "javelin" not in st.char("a1").carried  # it was thrown
    assert st.char("b2").wounds == 1 and st.char("b1").wounds == 0


def test_a_net_entraps_the_guard_it_lands_on():
    """Seed, Guard: "On even, the Attack hits you."; Bolo/Net:
    "Entraps on Hit."

    a1, a rogue with a dagger in hand and a net to throw, throws it at b1;
    b2, a rogue (Defense 12), guards b1.  d20 15, d6 6: the net lands on the
    guard, who is entrapped.  (Rebuilt from the dagger: no net, nobody
    entrapped.)"""
    st = position([("rogue", 0, (5, 3), {"carried": ("net",)}), ("spellcaster", 1, (5, 6)),
                   ("rogue", 1, (6, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(15, 6))
    hit, = guard_hits(ev)
    assert hit.target == "b2"
    assert st.char("b2").entrapped and not st.char("b1").entrapped


def test_an_aimed_shot_keeps_its_penetration_on_the_guard():
    """Seed, Guard: "On even, the Attack hits you."; Aim: the shot
    "gains Favor and has +1 Penetration".

    a1, an archer (long bow, Penetration 2), Aims at b1 in the 1st Phase and
    shoots in the 2nd; b2, a footman (chain 2 + shield 1 = Absorb 3, Defense
    14 while Ready), guards b1.  d20 15 + Favor 3 = 18 beats 14, d6 2: the
    aimed arrow hits the guard at Penetration 3, which reaches Absorb 3: one
    Wound.  (Rebuilt from the bow alone: Penetration 2, absorbed.)"""
    st = position([("archer", 0, (5, 2)), ("spellcaster", 1, (5, 6)), ("footman", 1, (6, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "aim", "b1"), then=act(0, "ranged-attack", "b1")),
                       order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(15, 2))
    hit, = guard_hits(ev)
    assert hit.target == "b2" and hit.total == 18
    assert st.char("b2").wounds == 1 and st.char("b1").wounds == 0


def test_an_attack_the_guard_blocks_still_reveals_the_attacker():
    """Skulk: "Overt Actions such as Attacks ... reveal you."

    a1, a rogue hidden in a hedge (Stealth roll 11), throws a net (not
    Silent) at b1, who Prepares a spell (Not Ready, so Unaware of a1); b2, a
    footman with passive Perception 11, is aware of a1 and guards b1.  d20 5
    is blocked by the guard (Defense 14).  The net was still thrown: a1 is
    no longer hidden."""
    rows = ["." * 12] * 12
    rows[3] = ".....h......"
    st = position([("rogue", 0, (5, 3), {"carried": ("net",), "hidden": True, "stealth_roll": 11}),
                   ("spellcaster", 1, (5, 6)), ("footman", 1, (6, 6))], rows=rows)
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "prepare-spell", spell="firebolt")),
                       order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(5,))
    blocked, = [e for e in ev if isinstance(e, AttackMade)]
    assert "blocked by b2's Guard" in blocked.detail
    assert not st.char("a1").hidden


def test_why_on_the_guards_blow_shows_the_attackers_roll_and_the_guards_defense():
    """Guard: "roll their Attack against the Guard's Deflection".

    The position of the critical above: Why? on "b2 takes the blow" gives
    a1's d20 (20, with b1's Disfavor for Defending) and the Defense it had
    to beat, the guard's own (rogue: 10 + 2 for leather), not the guarded's,
    and names the critical."""
    from core.rulesets.platemail.explain import explain

    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6)), ("rogue", 1, (6, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "counter", "b1")),
                       order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(20, 2))
    events = list(ev)
    hit, = guard_hits(events)
    why = "\n".join(explain(events, events.index(hit))[0])
    assert "Dice: 1d20 showed 20" in why and "Disfavor: b1 defends" in why
    assert "Had to beat: Defense 12 = 10 + 2 Leather (armour)" in why
    assert "the guard's own Deflection" in why and "the guard was Ready" in why
    assert "a natural 20: a critical hit" in why


def test_of_two_guards_only_the_first_tries_to_block():
    """The seed's Guard speaks of one guard; with two over the same
    character (a ruling, docs/rulings.md) only the first by id rolls to
    block each Attack: a1's blow meets b2's guard, is blocked, and nobody
    rolls for b3.  The one die scripted is the only one rolled."""
    st = position([("footman", 0, (5, 5)), ("spellcaster", 1, (5, 6)), ("rogue", 1, (6, 6)),
                   ("footman", 1, (4, 6))])
    st, ev = play(st, [order(0, "a1", act(0, "counter", "b1")),
                       order(1, "b2", act(1, "guard", "b1"), then=act(1, "guard", "b1")),
                       order(1, "b3", act(1, "guard", "b1"), then=act(1, "guard", "b1"))], dice=(1,))
    said = text(ev)
    assert "against b2's guard" in said and "blocked by b2's Guard" in said
    assert "b3's guard" not in said and said.count("rolls 1d20") == 1
