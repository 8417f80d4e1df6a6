"""Two refusals a tester met (seed 004, Waylights):

- *Take cover* only gives back the level of cover lost by stepping out of
  it this turn ("Equipment and environment", cover; docs/rulings.md,
  Waylights, Cover): with nothing to undo it is neither listed nor
  accepted, and its log line's Why? cites the cover rule, not "Sequence".
- An attack on a KO figure after the free step: only a finish touches a KO
  character, and a finish takes the whole turn, the step included
  ("Endgame"; docs/rulings.md, Endgame), so the refusal says the step rules
  it out this turn instead of pointing at a finish that is not on offer."""

from __future__ import annotations

from core.explain import explain
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack, Finish, TakeCover
from core.rulesets.waylights.state import KO
from tests.rulesets.waylights.helpers import do, position, rejected, script
from tui.help import help_text

FAR = ("b9", 1, "mook", (9, 9))


def slinger_in_the_open():
    """The tester's a3: a mook slinger at 7,1 in open ground, 0/4, its turn
    just begun."""
    return position([("a3", 0, "slinger", (7, 1), dict(split=0)), ("b2", 1, "archer", (7, 8)), FAR], "a3")


def test_take_cover_before_stepping_out_is_refused_with_a_reason_and_not_listed():
    s = slinger_in_the_open()
    assert rejected(s, "take-cover side=0 unit=a3") == "not-exposed"
    why = R.check(s, TakeCover(0, "a3"))
    assert why.message.startswith("a3 ") and "none to undo" in why.message
    assert not any(isinstance(o, TakeCover) for o in R.legal_orders(s, 0))
    assert s.actions == 0


def test_take_cover_is_offered_once_the_figure_stepped_out_and_only_until_it_is_back():
    s = slinger_in_the_open()
    s, _ = do(s, "split-move side=0 unit=a3 to=6,1")  # out of cover: one level less (Cover)
    assert TakeCover(0, "a3") in R.legal_orders(s, 0)
    s, events = do(s, "take-cover side=0 unit=a3")
    assert s.active == "a3" and s.actions == 2  # the second Action spent, the free step left
    assert "a3 ducks back into cover." in [e.sentence for e in events]


def test_take_cover_after_a_shot_undoes_the_shot_and_not_twice():
    # The archer shoots (stepping out of cover), then takes cover: the
    # second Action.  Its step is left, and taking cover again is refused.
    s = position([("a1", 0, "archer", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 7), dict(split=2)), FAR],
                 "a1", counter_used=True)
    s = script(s, 1, 1, 1, 1)  # 2 attack dice, 2 defence dice: a miss
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.exposed and TakeCover(0, "a1") in R.legal_orders(s, 0)
    first = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "fighter", (2, 7)), FAR], "a1", exposed=True)
    after, _ = do(first, "take-cover side=0 unit=a1")
    assert after.active == "a1" and after.actions == 1
    assert rejected(after, "take-cover side=0 unit=a1") == "not-exposed"


def test_the_why_of_taking_cover_cites_the_cover_rule():
    s = position([("a1", 0, "fighter", (2, 4)), ("b1", 1, "archer", (2, 8))], "a1", exposed=True)
    _, events = do(s, "take-cover side=0 unit=a1")
    index = next(i for i, e in enumerate(events) if e.sentence == "a1 ducks back into cover.")
    why = explain(R, events, index)
    assert why.cite.startswith("Equipment and environment") and "Sequence" not in why.cite
    assert why.section == "Cover (Equipment and environment)"
    assert f"\n## {why.section}\n" in help_text("waylights")  # h opens that heading
    assert any("one level of cover" in line for line in why.lines)


def ko_beside_after_the_step():
    """The tester's b3 stepped next to the KO a4 (6,10 to 6,11; a4 at 6,12)."""
    s = position([("b3", 1, "fighter", (6, 10)), ("a4", 0, "mook", (6, 12), dict(status=KO, wounds=3)),
                  ("a1", 0, "fighter", (0, 0))], "b3", rows=["." * 14] * 14)
    return s


def test_an_attack_on_a_ko_figure_after_the_step_says_the_step_rules_out_the_finish():
    s = ko_beside_after_the_step()
    s, _ = do(s, "step side=1 unit=b3 to=6,11")
    assert rejected(s, "attack side=1 unit=b3 target=a4") == "target-ko"
    message = R.check(s, Attack(1, "b3", "a4")).message
    assert "a4 is KO" in message and "b3 took its free step" in message and "not this turn" in message
    assert "(finish)" not in message  # no pointer at a finish the menu does not list
    assert rejected(s, "finish side=1 unit=b3 target=a4") == "full-turn"
    assert not any(isinstance(o, Finish) for o in R.legal_orders(s, 1))


def test_an_attack_on_a_ko_figure_after_an_action_says_finishing_takes_both():
    s = ko_beside_after_the_step()
    s, _ = do(s, "split-move side=1 unit=b3 to=6,11")
    message = R.check(s, Attack(1, "b3", "a4")).message
    assert "b3 has used an Action" in message and "both Actions" in message and "not this turn" in message
    assert rejected(s, "finish side=1 unit=b3 target=a4") == "full-turn"


def test_at_the_start_of_the_turn_the_attack_points_at_the_finish():
    s = position([("b3", 1, "fighter", (6, 11)), ("a4", 0, "mook", (6, 12), dict(status=KO, wounds=3)),
                  ("a1", 0, "fighter", (0, 0))], "b3", rows=["." * 14] * 14)
    message = R.check(s, Attack(1, "b3", "a4")).message
    assert message == "a4 is KO: finishing it takes a full turn (finish)."
    assert Finish(1, "b3", "a4") in R.legal_orders(s, 1)


def test_an_old_save_with_a_take_cover_that_undid_nothing_names_the_refusal(tmp_path):
    """A save written when *take cover* was always accepted: loading it
    stops at that order with the reason (as the saves of issue 26 do)."""
    import json

    import pytest

    from core.deployment import DeployAll, Ready
    from core.game import start, submit
    from core.rulesets.waylights.orders import Split
    from saves.library import battlefield_named
    from saves.store import SaveError, load_game, save_game

    game = start(R, None, battlefield_named(R.default_battlefield), 1, ("Ann", "Bo"))
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    assert game.state.pending == "split"
    s = game.state
    f = s.get(s.active)
    game = submit(game, Split(f.side, f.id, 2)).game
    path = tmp_path / "old.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    data["orders"].append(TakeCover(f.side, f.id).to_text())
    data["snapshot"] = None
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert f"order {len(game.orders) + 1}" in message and "is refused" in message, message
    assert "none to undo" in message, message
