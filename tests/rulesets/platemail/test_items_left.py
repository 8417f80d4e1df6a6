"""What a THEN or ELSE Action would find spent when it comes (seed: Use
Item; Release Spell; Focus; Ranged Weapons, Requires Reload): the core's
``items_left.spent_for``, each case checked against what the Round's
resolution then does (it logs what the Action lacks)."""

from __future__ import annotations

import attrs

from core.game import submit
from core.rulesets.platemail.items_left import spent_for
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition
from tests.tui.test_platemail_tester51 import game_with

DEFEND = Act(0, Action.DEFEND)
POTION = Act(0, Action.USE_ITEM, item="potion")


def with_char(game, uid: str, **changes):
    state = game.state
    chars = tuple(attrs.evolve(c, **changes) if c.id == uid else c for c in state.characters)
    return attrs.evolve(game, state=attrs.evolve(state, characters=chars))


def resolved_log(game, *orders) -> str:
    for order in (*orders, Commit(0), Commit(1)):
        outcome = submit(game, order)
        assert outcome.game is not None, outcome
        game = outcome.game
    return "\n".join(e.sentence for e in game.log)


def test_an_else_potion_with_none_left_is_spent_and_the_round_finds_none():
    game = with_char(game_with("rogue", "footman"), "a1", potions=0)
    order = Write(0, "a1", DEFEND, Condition.HIT, DEFEND, POTION)
    assert spent_for(game.view(0), game.state.char("a1"), order) == [("otherwise", "a1 has no potion left")]
    assert "a1 has no potion left" in resolved_log(game, order)  # not hit: the ELSE comes, and finds none


def test_a_first_potion_leaves_none_for_the_second():
    game = game_with("rogue", "footman")  # one potion
    assert game.state.char("a1").potions == 1
    twice = Write(0, "a1", POTION, Condition.HIT, POTION, POTION)
    assert spent_for(game.view(0), game.state.char("a1"), twice) == [("then", "a1 has no potion left")]
    once = Write(0, "a1", DEFEND, Condition.HIT, POTION, POTION)
    assert spent_for(game.view(0), game.state.char("a1"), once) == []


def test_spells_a_reload_and_a_swap():
    game = game_with("spellcaster,crossbowman", "footman")
    view, caster, xbow = game.view(0), game.state.char("a1"), game.state.char("a2")
    release = Act(0, Action.RELEASE, target="closest")
    no_spell = Write(0, "a1", DEFEND, Condition.HIT, release, Act(0, Action.FOCUS))
    assert [slot for slot, _ in spent_for(view, caster, no_spell)] == ["then", "otherwise"]
    prepared = Write(0, "a1", Act(0, Action.PREPARE, spell="firebolt"), Condition.HIT, release, release)
    assert spent_for(view, caster, prepared) == []  # the 1st Action Prepares it
    reload = Act(0, Action.USE_ITEM, item="reload")
    assert xbow.loaded
    loaded = Write(0, "a2", DEFEND, Condition.HIT, reload, DEFEND)
    said = spent_for(view, xbow, loaded)
    assert said and said[0][0] == "then" and "loaded already" in said[0][1]
    shot_first = Write(0, "a2", Act(0, Action.RANGED, target="closest"), Condition.HIT, reload, reload)
    assert spent_for(view, xbow, shot_first) == []  # the 1st shot empties it: the reload loads it
    swap = Act(0, Action.USE_ITEM, item="swap:mace")
    twice = Write(0, "a2", swap, Condition.HIT, swap, DEFEND)
    assert spent_for(view, xbow, twice) == [("then", "a2 has the Mace in hand already: nothing to swap")]
