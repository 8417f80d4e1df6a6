"""The new-game form's "Ground:" line names every kind of ground the
battlefield holds, in the ruleset's words, and says so of those the
ruleset does nothing with.  A tester read Forest Marches' "Ground: hill
(height 1), water (blocks)" on a map mostly woods and marsh, and "Ground:
hill (open ground)" for a Spheres of War battle cut from an Optio map
whose legend showed woods."""

from __future__ import annotations

from core.game import submit
from core.registry import find_ruleset
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.terrain import battlefield_for
from saves.maps import shipped_maps
from tests.tui.test_optio import play_to_template, pre_game
from tui.newgame_parts import battlefield_about

OPTIO = find_ruleset("optio")
SOW = find_ruleset("spheres_of_war")


def test_forest_marches_lists_its_woods_and_marsh():
    forest = next(m for m in shipped_maps() if m.name == "forest-marches")
    about = battlefield_about(map_battlefield(forest), OPTIO)
    ground = about.split("Ground: ", 1)[1]
    # Blocks move a large square a turn whatever the ground (seed 003): the
    # woods and marsh are there, and do nothing to the scouting, but the
    # pre-game is played for them (the battle's rules read them), so the
    # form never says they have "no effect" bare.
    for words in ("hill (height 1)", "water (blocks)", "marsh", "woods",
                  "(for the battle, not the scouting)"):
        assert words in ground, about
    assert "cover" not in about, about


def test_a_spheres_of_war_battle_cut_from_an_optio_map_lists_the_woods_its_legend_shows():
    game = play_to_template(pre_game())
    (placer,) = game.to_act
    done = submit(game, next(o for o in game.legal_orders(placer) if o.verb == "place-template")).game
    field = battlefield_for(done.state.result, SOW)
    used = {g for row in field.rows for g in row}
    kinds = {t.kind for g, t in field.legend if g in used and g != "."}
    assert "woods" in kinds  # this cut-out has woods
    about = battlefield_about(field, SOW)
    ground = about.split("Ground: ", 1)[1]
    for kind in kinds:
        assert kind in ground, (kind, about)
    assert "woods (no effect in these rules)" in ground or "woods (open ground)" in ground, about
