"""Every event class of every ruleset crosses the wire and the save, both
ways, and comes back equal (issue 26: a Skulk's secret event, readable by
one side only, could not be written as JSON, and ended every hosted
Platemail game in which a rogue skulked).

The event classes are found, not listed: every ``attrs`` subclass of
:class:`core.events.Event` that a module of ``core`` (the core's events,
every registered ruleset's package) defines.  Random seeded games of every
ruleset give most of them, as the rules make them; games of the rulesets
with hidden information are steered towards their secrets (Platemail's
rogues skulk, Optio's blocks move hidden) by the hooks of
``tests/rulesets/<name>/hidden_twins.py``.  The classes random play does not
reach are built by hand below, with values like the ones their rules make.
The test then checks that every class was seen crossing.

Crossing means: the host's ``events_out`` inside a real ``update`` line,
read by the joiner's strict ``decode`` and ``events_in``; and the saves'
converter (``unstructure`` to JSON text, ``structure`` back as the class),
both from the event and from its plain data.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import core.events
from core import registry
from core.events import Event, Note, only_for
from core.game import start, submit
from net import wire
from tests.remote.census import (
    RULESETS,
    cross,
    event_classes,
    platemail_options,
    play,
    played,
)

EXAMPLES = int(os.environ.get("SKIRMISH_CONFORMANCE_EXAMPLES", "4"))


# -- events built by hand: the classes random play does not reach ----------------


def _by_hand() -> dict[str, list[tuple[str, Event]]]:
    """(ruleset, event) for the classes the seeded games (``census.played``) do not make,
    with values like the ones their rules give (see where each is made)."""
    from core.events import Conceded, DrawAgreed, DrawDeclined, DrawOffered, Forfeited
    from core.rulesets.plasto_latros.events import ArtifactDestroyed, JumpedOn
    from core.rulesets.platemail.events import AttackMade, ChargeFailed, GuardBeaten, HitCounted, WoundsTallied
    from core.rulesets.waylights.events import BlowLost, CrystalUsed, EffectApplied, GrappleEnded, TensionChanged

    return {
        # core/game.py _concede: random play never concedes (no ruleset lists it)
        "Conceded": [(rules.name, Conceded(1, "Bob")) for rules in RULESETS],
        # core/game.py _concede: only the server's referee gives a forfeit (net/referee.py claim)
        "Forfeited": [(rules.name, Forfeited(0, "Ann")) for rules in RULESETS],
        "DrawOffered": [(rules.name, DrawOffered(0, "Ann")) for rules in RULESETS],
        "DrawDeclined": [(rules.name, DrawDeclined(1, "Bob")) for rules in RULESETS],
        "DrawAgreed": [(rules.name, DrawAgreed(1, "Bob")) for rules in RULESETS],
        # platemail/actions.py perform: a Charge that strikes nobody, for each reason
        "ChargeFailed": [("platemail", ChargeFailed("b2", "a1", "Heavy Crossbow")),
                         ("platemail", ChargeFailed("a1")),
                         ("platemail", ChargeFailed("a2", "b1", down=True)),
                         ("platemail", ChargeFailed("b1", "a1", feet=35))],
        # platemail/combat.py _at_target, _guarded: the Defense as it was built, for Why?
        "AttackMade": [("platemail", AttackMade(
            "b1", "a1", "opportunity", 17, 11, 17, True, defense_parts=(("Chain Mail (armour)", 1),),
            defense_left=(("Shield (shield), only while Ready", 2), ("Sword (weapon), only while Ready", 1)),
            not_ready="a Clash with b1 (Clash is NR)"))],
        # platemail/combat.py _guarded: a roll that beats the guard's Defense (a d6 then says whom it hits)
        "GuardBeaten": [("platemail", GuardBeaten("a1", "b1", "b2", "melee", 15, 12, 18,
                                                  defense_parts=(("Chain Mail (armour)", 1),)))],
        # platemail/combat.py tally: the Absorb and each hit as counted, for Why?
        "WoundsTallied": [("platemail", WoundsTallied(
            "b1", 4, 2, 2, 2, 3, 3, (("Chain Mail (armour)", 2), ("Shield (shield)", 1)), (), "",
            (HitCounted(2, 4, (("Heavy Crossbow (weapon)", 3), ("natural 20", 1)), 0, "penetrates"),
             HitCounted(1, 1, (("Great Sword (weapon)", 1),), 1, "pool"),
             HitCounted(1, 1, (), 1, "pool"),
             HitCounted(1, 0, (("poison", 0),), 0, "ignores"))))],
        # plasto_latros/rules.py: a mini leaps down onto the enemy below it
        "JumpedOn": [("plasto_latros", JumpedOn("a2", "b1"))],
        # plasto_latros/rules.py _destroy: pl-shrine's idol, by the two minis beside it
        "ArtifactDestroyed": [("plasto_latros", ArtifactDestroyed("idol", "artifact-small", ("a1", "a3")))],
        # waylights/resolve.py: a narrow hit's tension, tension spent, a KO shrugged off
        "TensionChanged": [("waylights", TensionChanged("a1", 1, 2, "a narrow hit, result 1")),
                           ("waylights", TensionChanged("b2", -2, 1, "+2 to the defence result")),
                           ("waylights", TensionChanged("a1", -9, 0, "ignores the KO and fights on"))],
        # waylights/resolve.py: a shove with its direction, a stun with its detail
        "EffectApplied": [("waylights", EffectApplied("a1", "b2", "shove", "NE")),
                          ("waylights", EffectApplied("a3", "b1", "stun", "knocked out until round 7"))],
        # waylights/rules.py: an elite with 3 wounds eases one with its only crystal
        "CrystalUsed": [("waylights", CrystalUsed("a1", 3, 3, 2, 5, 0))],
        # waylights/resolve.py: a faster melee counter fells the attacker, whose blow is lost
        # waylights/turns.py: a grappler that steps off its victim's side lets go
        "GrappleEnded": [("waylights", GrappleEnded("b1", "a1"))],
        "BlowLost": [("waylights", BlowLost("b1", "a1", "a1", 2, 3)),
                     ("waylights", BlowLost("b1", "a1", "a1", 0, 2, counter=True))],
    }


# -- the tests --------------------------------------------------------------------


def test_a_secret_event_crosses_the_wire_and_the_save():
    """The crash itself: an event only one side may read (``seen_by``)."""
    rules = registry.find_ruleset("platemail")
    secret = only_for(0, Note("a3 slips out of sight"))
    both = only_for((0, 1), Note("a3 tries to hide, but is still in sight"))
    cross(rules, (secret, both, Note("everyone reads this")))
    data = wire.events_out(rules, (both,))[0]["data"]
    assert data["seen_by"] == [0, 1]  # a sorted list: JSON knows no sets


@pytest.mark.parametrize("name", [r.name for r in RULESETS])
def test_every_event_of_random_games_crosses(name):
    rules = registry.find_ruleset(name)
    for game in played(name):
        assert game.outcome is not None, f"{name}: a random game did not end"
        cross(rules, game.log)
    if name == "platemail":  # the rogues did skulk, and their secrets crossed
        secrets = [e for g in played(name) for e in g.log if e.seen_by is not None]
        assert any("Skulk" in e.sentence for g in played(name) for e in g.log), "no rogue skulked"
        assert {type(e).__name__ for e in secrets} >= {"Note", "Moved", "Rolled"}


def test_every_event_class_of_every_ruleset_is_seen_crossing():
    classes = event_classes()
    crossed: set[type[Event]] = set()
    for rules in RULESETS:
        for game in played(rules.name):
            cross(rules, game.log, crossed)
    assert crossed, "the random games made no events"
    for name, samples in _by_hand().items():
        for ruleset, event in samples:
            assert type(event) is classes[name]
            cross(registry.find_ruleset(ruleset), (event, only_for(1, event)), crossed)
    missing = sorted(set(classes) - {kind.__name__ for kind in crossed})
    assert not missing, f"event classes never seen crossing (random play does not make them: build one by hand): {missing}"
    # The wire finds each kind as the class its module defines.
    for name, kind in classes.items():
        assert wire.event_class(name) is kind


@pytest.mark.parametrize("name", [r.name for r in RULESETS])
def test_a_saved_game_gives_back_the_same_events(name, tmp_path):
    """Through a save file: what the host's log held before is what the
    loaded game holds, and it crosses the wire as well."""
    from saves.store import load_for_play, save_game

    rules = registry.find_ruleset(name)
    game = played(name)[-1]
    # half-way, where a hosted game would be saved, and at the end
    for at in (len(game.orders) // 2, len(game.orders)):
        partial = start(rules, game.options, game.battlefield, game.seed, game.players)
        for order in game.orders[:at]:
            partial = submit(partial, order).game
        path = tmp_path / f"{name}-{at}.json"
        save_game(partial, path, pending={"hosting": {"code": "x", "side": 0}})
        loaded, pending, _seats = load_for_play(path)
        assert loaded.log == partial.log and loaded.state == partial.state
        assert pending == {"hosting": {"code": "x", "side": 0}}
        for side in (0, 1, None):
            cross(rules, loaded.log_for(side))


@pytest.mark.parametrize("name", [r.name for r in RULESETS])
@settings(max_examples=EXAMPLES, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture], print_blob=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_events_cross_whatever_the_seed(name, seed):
    rules = registry.find_ruleset(name)
    options = platemail_options(rules) if name == "platemail" and seed % 2 else None
    cross(rules, play(rules, seed, options).log)


def test_the_event_census_finds_the_core_and_every_ruleset():
    modules = {kind.__module__ for kind in event_classes().values()}
    assert core.events.__name__ in modules
    for rules in RULESETS:
        package = type(rules).__module__.rpartition(".")[0]
        assert any(m.startswith(package + ".") for m in modules), f"{rules.name}: no event class found"
