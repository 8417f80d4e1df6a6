"""A Release names the spell and its target as the log does ("a4
releases Firebolt at b3", ``actions._release``): "Release Firebolt at b3
(NR)", never "Release Spell b3 (NR)" (seed: Release Spell)."""

from __future__ import annotations

import attrs

from core.rulesets.platemail.ruleset import describe_act

from .helpers import act, position


def _caster(prepared=None):
    st = position([("spellcaster", 0, (5, 4)), ("footman", 1, (5, 8))])
    return attrs.evolve(st.char("a1"), prepared=prepared)


def test_a_release_names_the_prepared_spell_and_says_at():
    me = _caster("firebolt")
    assert describe_act(act(0, "release-spell", "b3"), me) == "Release Firebolt at b3 (NR)"
    assert describe_act(act(0, "release-spell", "closest"), me) == "Release Firebolt at the closest hostile (NR)"


def test_a_healing_release_is_on_its_target():
    assert describe_act(act(0, "release-spell", "a2"), _caster("mend")) == "Release Mend on a2 (NR)"


def test_the_spell_prepared_by_the_first_action_is_named_in_the_second():
    """The order as written: Prepare, then Release (``left_by`` Prepares it)."""
    from core.rulesets.platemail.checks import left_by

    me = _caster()
    first = act(0, "prepare-spell", spell="firebolt")
    assert describe_act(act(0, "release-spell", "b1"), left_by(me, first)) == "Release Firebolt at b1 (NR)"


def test_with_no_character_known_the_release_still_says_at():
    assert describe_act(act(0, "release-spell", "b3")) == "Release Spell at b3 (NR)"
