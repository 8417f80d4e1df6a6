"""What a tester (stop 57) found the log leaving unsaid: a save or a
Medical roll with its number but not whether it passed (seed: Concentration
Checks, Stabilize; a save must beat 10, equipment.SAVE_TARGET), "my target"
of an IF not named (seed: IF ELSE Clause), "1 Rounds", and a Fall Back whose
written cell the game replaced without a word (docs/rulings.md, Movement:
the cell must be further from the nearest hostile, else the Arbiter picks
the reachable cell furthest from them)."""

from __future__ import annotations

from core.events import Note, Rolled
from core.rulesets.platemail.events import ActionTaken, StatusChanged
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position

ARCHER = ("archer", 0, (5, 4))  # Long Bow in hand
CASTER = ("spellcaster", 1, (5, 8))  # Concentration 3


def notes(events) -> list[str]:
    return [e.text for e in events if isinstance(e, Note)]


def _check(d20: int):
    """a1 shoots b1, who Prepares a spell: an 18 hits (Favor against the
    Preparing caster), then b1's Concentration check rolls ``d20`` + 3."""
    st = position([ARCHER, CASTER])
    return play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                     order(1, "b1", act(1, "prepare-spell", spell="firebolt"))], dice=(18, d20))


def test_a_concentration_check_says_it_failed_and_against_what():
    _, events = _check(2)  # 2 + 3 = 5: does not beat 10
    roll = next(e for e in events if isinstance(e, Rolled) and e.purpose == "Concentration check")
    assert roll.total == 5
    assert "b1 fails the Concentration check: 5 does not beat 10" in notes(events)


def test_a_concentration_check_says_it_passed_and_against_what():
    _, events = _check(8)  # 8 + 3 = 11: beats 10
    assert "b1 passes the Concentration check: 11 beats 10" in notes(events)
    assert not any("loses concentration" in n for n in notes(events))


def _stabilize(d20: int):
    """a1 (Medical 1, the footman's) beside a2, Fatally Wounded."""
    st = position([("footman", 0, (5, 4)), ("footman", 0, (5, 5), {"status": Status.DYING, "dying_rounds": 3,
                                                                    "prone": True, "wounds": 4}),
                   ("footman", 1, (0, 11))])
    medical = st.char("a1").medical
    return play(st, [order(0, "a1", act(0, "stabilize", "a2"))], dice=(d20,) * 4), medical


def test_a_medical_roll_says_whether_it_stabilized():
    (st, events), medical = _stabilize(10)
    total = 10 + medical
    assert total > 10  # the footman's Medical is at least 1: 10 + it beats 10
    assert f"a1 passes the Medical roll to Stabilize a2: {total} beats 10" in notes(events)
    assert st.char("a2").status is Status.STABLE
    (st, events), medical = _stabilize(1)
    assert f"a1 fails the Medical roll to Stabilize a2: {1 + medical} does not beat 10" in notes(events)
    assert st.char("a2").status is Status.DYING


def test_one_round_left_is_said_in_the_singular():
    """Max Wounds 1: a character beyond it dies in 1 Round (seed: Wounds,
    Fatal Wounds), and one bleeding with 1 Round left says so."""
    st = position([ARCHER, ("footman", 1, (5, 6), {"wounds": 1})], max_wounds=1)
    st, events = play(st, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(20,) * 8)
    fell = [e for e in events if isinstance(e, StatusChanged) and e.unit == "b1"]
    assert fell and "dies in 1 Round unless Stabilized" in fell[0].sentence
    assert "1 Rounds" not in "\n".join(e.sentence for e in events)
    st = position([ARCHER, ("footman", 1, (5, 6), {"status": Status.DYING, "dying_rounds": 2, "prone": True,
                                                   "wounds": 4})])
    _, events = play(st, [], dice=(10,) * 8)
    assert "b1 is bleeding out: 1 Round left" in notes(events)


def test_an_if_about_my_target_names_it():
    """a1 shoots the closest hostile (b1): the IF "my target is visible"
    says whom it judged, as "within Range" does."""
    st = position([ARCHER, CASTER])
    _, events = play(st, [order(0, "a1", act(0, "ranged-attack", "closest"), "visible",
                                act(0, "defend"), act(0, "ranged-attack", "closest"))], dice=(2,) * 8)
    second = [e for e in events if isinstance(e, ActionTaken) and e.unit == "a1"][-1]
    assert second.why == "IF my target is visible (b1): true, THEN"
    assert second.condition == "my target is visible (b1)"


def test_a_replaced_fall_back_cell_is_said_with_why():
    """b1 at 5,6 beside a1 at 5,5 writes Fall Back to 4,5: as near to a1 as
    it stands now, so the game picks the cell furthest from a1 instead,
    and the log says so before the move."""
    st = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6))])
    st, events = play(st, [order(1, "b1", act(1, "fall-back", to=(4, 5)))], dice=(10,) * 8)
    said = [n for n in notes(events) if n.startswith("b1's Fall Back cell")]
    end = st.char("b1").pos
    assert end != (4, 5) and max(abs(end[0] - 5), abs(end[1] - 5)) > 1
    assert said == [f"b1's Fall Back cell 4,5 is no further from the nearest hostile (a1 at 5,5) than 5,6: "
                    f"it falls back to {end[0]},{end[1]} instead, the reachable cell furthest from them"]


def test_a_fall_back_cell_further_away_is_kept_without_a_word():
    st = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6))])
    st, events = play(st, [order(1, "b1", act(1, "fall-back", to=(5, 8)))], dice=(10,) * 8)
    assert st.char("b1").pos == (5, 8)
    assert not any(n.startswith("b1's Fall Back cell") for n in notes(events))
