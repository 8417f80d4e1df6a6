"""Four effects from the seed's Action list that had no test of their own:
Defend's Favor on saving throws, Terror's Attack when there is nowhere to
flee, Favor against a Dazed character, Disfavor on melee against Fall Back.

Every expected number is worked out from the printed rule and docs/rulings.md
(Favor +3 / Disfavor -3 on the d20; a save beats 10; an Attack beats Defense
10 + Deflection).  The d20 faces sit on the boundary so a missing or wrong
modifier flips the result."""

from core.rulesets.platemail.events import AttackMade

from .helpers import act, char, order, play, position, text


def attacks(events):
    return [e for e in events if isinstance(e, AttackMade)]


def rolls(events, purpose_has):
    return [e for e in events if type(e).__name__ == "Rolled" and purpose_has in e.purpose]


def taken(events, unit):
    return [e for e in events if type(e).__name__ == "ActionTaken" and e.unit == unit]


# A cornered cell: (0,0) with walls east and south, so the only neighbour
# is the diagonal (1,1), where the enemy stands.
CORNER = ["." * 12 for _ in range(12)]
CORNER[0] = ".#" + "." * 10
CORNER[1] = "#." + "." * 10


# ---------------------------------------------------------------- Defend
def _dread(b1_first, d20):
    """a1 releases a Prepared Dread at footman b1 (Concentration 0)."""
    st = position([("spellcaster", 0, (5, 2), {"prepared": "dread"}), ("footman", 1, (5, 6))])
    return play(st, [order(0, "a1", act(0, "release-spell", "b1")),
                     order(1, "b1", b1_first)], dice=(d20,))


def test_defend_gives_favor_on_saving_throws():
    # Seed, Defend: Favor on Saving Throws.  Save: d20 + Concentration 0 (+3) > 10.
    st, ev = _dread(act(1, "defend"), 8)  # 8 + 3 = 11 beats 10: saved
    save = rolls(ev, "Concentration save")[0]
    assert ("Favor: Defend", 3) in save.modifiers and save.total == 11
    assert char(st, "b1").terror == 0
    assert "Terror" not in taken(ev, "b1")[1].action

    st, ev = _dread(act(1, "defend"), 7)  # 7 + 3 = 10 does not beat 10: fails
    assert rolls(ev, "Concentration save")[0].total == 10
    assert taken(ev, "b1")[1].action.startswith("Terror")

    # The same 8 without Defend (Use Item is neutral for saves): 8, fails.
    st, ev = _dread(act(1, "use-item", item="reload"), 8)
    save = rolls(ev, "Concentration save")[0]
    assert not any("Favor" in label for label, _ in save.modifiers) and save.total == 8
    assert taken(ev, "b1")[1].action.startswith("Terror")


# ---------------------------------------------------------------- Terror
def test_terror_with_nowhere_to_flee_attacks_at_disfavor():
    # Seed, Terror: unable to move away -> one Attack at Disfavor.
    # b1 is cornered; a1 (footman, Use Item: Ready, no modifier for attacks on
    # it) has Defense 10 + chain 1 + shield 2 + sword 1 = 14.
    def run(d20):
        st = position([("footman", 0, (1, 1)), ("footman", 1, (0, 0), {"terror": 1})], rows=CORNER)
        return play(st, [order(0, "a1", act(0, "use-item", item="reload"))], dice=(d20,))

    st, ev = run(17)  # 17 - 3 = 14, not above 14: a miss (17 alone would hit)
    assert taken(ev, "b1")[0].action.startswith("Terror")
    assert char(st, "b1").pos == (0, 0)
    [a] = attacks(ev)
    assert (a.attacker, a.target, a.defense, a.total, a.hit) == ("b1", "a1", 14, 14, False)
    assert ("Disfavor: terror", -3) in rolls(ev, "attack on a1")[0].modifiers

    st, ev = run(18)  # 18 - 3 = 15 beats 14
    [a] = attacks(ev)
    assert a.total == 15 and a.hit
    assert char(st, "b1").terror == 0  # only the one Action was replaced


def test_terror_with_room_to_flee_runs_and_does_not_attack():
    st = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6), {"terror": 1})])
    st, ev = play(st, [order(0, "a1", act(0, "use-item", item="reload"))], dice=(20,))
    assert taken(ev, "b1")[0].action.startswith("Terror")
    assert not [a for a in attacks(ev) if a.attacker == "b1"]
    # Terror moves up to 30' (6 cells) away from hostiles.
    assert char(st, "b1").pos[1] >= 10


# ---------------------------------------------------------------- Dazed
def test_attacks_on_a_dazed_character_have_favor():
    # Seed, Dazed (NR): Attacks on you have Favor.  Not Ready footman b1:
    # Defense 10 + chain 1 = 11 (shield and sword count only while Ready).
    st = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6), {"dazed": 1})])
    st, ev = play(st, [order(0, "a1", act(0, "full-attack", "b1"))], dice=(8, 9))
    assert taken(ev, "b1")[0].action.startswith("Dazed")
    first, second = attacks(ev)[:2]
    assert first.defense == 11
    # 8 + 3 = 11 does not beat 11; 9 + 3 = 12 does (9 alone would miss).
    assert (first.total, first.hit) == (11, False)
    assert (second.total, second.hit) == (12, True)
    mods = dict(rolls(ev, "attack on b1")[0].modifiers)
    assert mods == {"Favor: b1 is Dazed": 3}
    assert char(st, "b1").dazed == 0


def test_ranged_attacks_on_a_dazed_character_have_favor_too():
    # The Dazed line says "Attacks", not "Melee Attacks": a shot gains Favor.
    st = position([("archer", 0, (5, 2)), ("footman", 1, (5, 6), {"dazed": 1})])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(9,))
    [a] = attacks(ev)[:1]
    assert (a.defense, a.total, a.hit) == (11, 12, True)
    assert ("Favor: b1 is Dazed", 3) in rolls(ev, "attack on b1")[0].modifiers


# ---------------------------------------------------------------- Fall Back
def test_melee_attacks_on_a_character_falling_back_have_disfavor():
    # Seed, Fall Back (R): melee Attacks against you at Disfavor.  b1 is
    # cornered, so it stays adjacent; Ready footman: Defense 14.
    st = position([("footman", 0, (1, 1)), ("footman", 1, (0, 0))], rows=CORNER)
    st, ev = play(st, [order(0, "a1", act(0, "full-attack", "b1")),
                       order(1, "b1", act(1, "fall-back"))], dice=(17, 18))
    assert taken(ev, "b1")[0].action.startswith("Fall Back")
    first, second = attacks(ev)[:2]
    assert first.defense == 14
    # 17 - 3 = 14 does not beat 14 (17 alone would hit); 18 - 3 = 15 does.
    assert (first.total, first.hit) == (14, False)
    assert (second.total, second.hit) == (15, True)
    [(label, value)] = rolls(ev, "attack on b1")[0].modifiers
    assert label.startswith("Disfavor") and "b1" in label and value == -3
    assert "a1 melee attack on b1: 14 vs Defense 14 (d20 17), misses" in text(ev)


def test_fall_back_disfavor_is_for_melee_only():
    # A shot at a character falling back gets no Disfavor from it.  b1 falls
    # back from the archer but stays in range (6 cells; it moves at most 3).
    st = position([("archer", 0, (5, 4)), ("footman", 1, (5, 7))])
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "fall-back"))], dice=(15,))
    [a] = attacks(ev)[:1]
    assert a.total == 15 and a.defense == 14 and a.hit
    assert not any("Disfavor" in label for label, _ in rolls(ev, "attack on b1")[0].modifiers)
