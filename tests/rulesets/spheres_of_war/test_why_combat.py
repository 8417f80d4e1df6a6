"""Why? on a Spheres of War exchange names the rule that applies to who
fell and who strikes back: Combatant A is the one that moved into contact
(rule 29); Z failing is rule 33a, Z striking back 33b, A failing 34a, A
striking back 34b.  The events are the engine's own, from played orders
with scripted dice."""

from __future__ import annotations

from core.events import Defeated, Removed, Struck
from core.explain import explain
from core.rulesets.spheres_of_war.orders import Fight, Move
from tests.rulesets.spheres_of_war.helpers import play, position

DUEL = {"i1": (5, 3), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)}  # i1 one Move from contact: it strikes first


def _exchange(*faces: int) -> list:
    state, events = position(DUEL, dice=faces)
    log = list(events)
    state, new = play(state, Move(0, "i1", (5, 5)))
    log += new
    for side, unit in ((1, "r1"), (0, "i1"), (1, "r1"), (0, "i1")):
        if any(isinstance(e, Defeated) for e in log):
            break  # the Match is over (rule 37)
        state, new = play(state, Fight(side, unit))
        log += new
    return log


def _why(log: list, kind: type, **match) -> tuple[str, str]:
    index = next(i for i, e in enumerate(log) if isinstance(e, kind)
                 and all(getattr(e, k) == v for k, v in match.items()))
    why = explain("spheres_of_war", log, index)
    return why.text(), why.cite


def test_z_failing_its_defence_is_rule_33a():
    log = _exchange(6)  # r1 (Z) rolls 6
    text, cite = _why(log, Defeated, unit="r1")
    assert cite == "rule 33a" and "Combatant Z" in text and "i1 wins" in text
    assert _why(log, Removed, unit="r1")[1] == "rule 33a"


def test_a_failing_after_z_strikes_back_is_rule_34a():
    log = _exchange(3, 5)  # r1 holds and strikes back; i1 (A) rolls 5
    text, cite = _why(log, Struck, attacker="r1")
    assert "rule 33b" in text and "i1 (Combatant A) must now defend" in text and cite == "rules 33-34"
    text, cite = _why(log, Defeated, unit="i1")
    assert cite == "rule 34a" and "Combatant A" in text and "r1 wins" in text
    assert _why(log, Removed, unit="i1")[1] == "rule 34a"


def test_a_striking_back_is_rule_34b_and_z_defends_again():
    log = _exchange(2, 4, 6)  # r1 holds, i1 holds and strikes back, r1 (Z) fails
    text, cite = _why(log, Struck, attacker="i1", detail="strikes back after a defence of 4")
    assert "rule 34b" in text and "r1 must defend again" in text and cite == "rules 34-35"
    assert _why(log, Defeated, unit="r1")[1] == "rule 33a"


def test_the_first_strike_names_a_and_z():
    text, cite = _why(_exchange(6), Struck, attacker="i1")
    assert "i1 is Combatant A and r1 Combatant Z" in text and cite == "rules 29-33"
