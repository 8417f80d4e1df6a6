"""Each ruleset says its own turn limit after the turn's number, in the units
its options set it in (core.ruleset.Ruleset.turn_limit_words): the banner
only asks it, so that no screen needs to know which option a ruleset's
limit lives in."""

from __future__ import annotations

import attrs

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import Phase
from saves.library import battlefield_named


def state_of(name: str, **options):
    rules = find_ruleset(name)
    chosen = attrs.evolve(rules.default_options(), **options)
    field = (map_battlefield(generate_map(chosen.map_seed)) if name == "optio"
             else battlefield_named(rules.default_battlefield))
    return rules, start(rules, chosen, field, seed=5, players=("Ann", "Bo")).state


def test_turns_and_rounds_are_counted_against_the_option_that_sets_them():
    for name, option, limit in (("spheres_of_war", "turn_limit", 9), ("waylights", "round_limit", 7),
                                ("platemail", "round_limit", 5)):
        rules, state = state_of(name, **{option: limit})
        assert rules.turn_limit_words(state, 3) == f"/{limit}", name


def test_plasto_latros_counts_each_players_turn_against_rounds_and_the_safety_limit_too():
    rules, state = state_of("plasto_latros", turn_limit=10)
    assert rules.turn_limit_words(state, 19) == " (round 10/10)"  # turns 19 and 20 make round 10
    assert rules.turn_limit_words(state, 2) == " (round 1/10)"
    rules, state = state_of("plasto_latros", turn_limit=0, safety_limit=40)
    assert rules.turn_limit_words(state, 3) == " (round 2/40)"  # no turn limit: the safety limit ends it


def test_optios_limit_is_the_scoutings_and_is_spent_once_the_armies_close():
    rules, state = state_of("optio", turn_limit=7)
    assert state.phase is Phase.SCOUTING and rules.turn_limit_words(state, 2) == "/7"
    closed = attrs.evolve(state, phase=next(p for p in Phase if p is not Phase.SCOUTING))
    assert rules.turn_limit_words(closed, 2) == ""
