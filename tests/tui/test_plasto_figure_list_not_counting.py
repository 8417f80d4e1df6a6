"""The Plasto Latros figure list (``f``) marks an attack that has stopped
counting (seed 000, *Attacking And Defending*: an attacker that is itself
Doomed, Pinned or under contact Threat does not count; docs/rulings.md: Threat and Lock hold even when the attack has
stopped counting).  A tester's game: b4 in contact with a1, then Pinned by
A2's shot, and the list still read "b4 attacks a1 (contact)" as a live
attack, so a1's danger could not be judged."""

from core.rulesets.plasto_latros import RULESET
from tests.rulesets.plasto_latros.test_doom_lifted_why import pinned_attacker
from tui.rulesets import adapter_for


def lines_of(state, uid: str) -> list[str]:
    unit = next(u for u in RULESET.units(state) if u.id == uid)
    return adapter_for(RULESET).figure_lines(state, unit, 0)


def test_a_pinned_attackers_attack_is_marked_not_counting_on_both_minis():
    state = pinned_attacker()
    assert "attacks a1 (contact; not counting: b4 is pinned (shot at by a2))" in lines_of(state, "b4")
    assert "attacked by b4 (contact, not counting)" in lines_of(state, "a1")
    # A2's own shot still counts: its lines say nothing more
    assert "attacks b4 (shot)" in lines_of(state, "a2")
    assert "attacked by a2 (shot)" in lines_of(state, "b4")
