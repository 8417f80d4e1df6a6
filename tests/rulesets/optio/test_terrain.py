"""The terrain mapping: a template result becomes each ruleset's battlefield."""

import pytest

from core.registry import find_ruleset
from core.rulesets.optio.state import Edge, TemplateResult
from core.rulesets.optio.terrain import battlefield_for


def scale_for(name):
    """The scale the ruleset's own profile gives (``Ruleset.battlefield_profile``)."""
    return find_ruleset(name).battlefield_profile.scale

ROWS = (
    "..=T123%~#XXXX..",
) + ("." * 16,) * 7


def result():
    return TemplateResult(map_name="test", meeting=(2, 2), second_edge=Edge.S, second_side=1, placer=0, forward=0,
                          right=0, origin=(12, 16), across=16, deep=8, up=Edge.N, rows=ROWS)


@pytest.mark.parametrize("name, scale", [("spheres_of_war", 1), ("plasto_latros", 2), ("waylights", 2),
                                         ("platemail", 2)])
def test_each_ruleset_has_its_scale(name, scale):
    assert scale_for(name) == scale
    bf = battlefield_for(result(), find_ruleset(name))
    assert battlefield_for(result(), name) == bf  # the name the hand-off keeps finds the same ruleset
    assert (bf.width, bf.height) == (16 * scale, 8 * scale)
    # each small square becomes scale x scale identical cells
    for x in range(16):
        cells = {bf.glyph((x * scale + dx, dy)) for dx in range(scale) for dy in range(scale)}
        assert cells == {ROWS[0][x]}


@pytest.mark.parametrize("name", ["plasto_latros", "waylights", "platemail"])
def test_kinds_mean_the_same_in_every_ruleset_where_it_matters(name):
    bf = battlefield_for(result(), name)
    s = scale_for(name)

    def at(x):
        return bf.terrain((x * s, 0))

    assert at(0).kind == "open" and not at(0).blocks_move
    assert at(2).kind == "road" and at(2).move_cost == 1
    assert at(3).kind == "woods" and at(3).cover >= 1 and at(3).move_cost == 2
    assert [at(x).elevation for x in (4, 5, 6)] == [1, 2, 3] and at(5).kind == "hill"
    assert at(7).kind == "marsh" and at(7).move_cost == 2 and not at(7).blocks_move
    assert at(8).kind == "water" and at(8).blocks_move and not at(8).blocks_sight
    assert at(9).kind == "rock" and at(9).blocks_move and at(9).blocks_sight
    assert at(10).kind == "edge" and at(10).blocks_move and at(10).blocks_sight


def test_spheres_of_war_ground_only_blocks_where_its_rules_could_say_so():
    """Rules 25-36 know no cover and no slow ground: woods and marsh are open
    ground there (a tester read "woods (cover 1)" in its legend, and cover
    changed no roll); water, rock and the edge still block."""
    bf = battlefield_for(result(), "spheres_of_war")

    def at(x):
        return bf.terrain((x, 0))

    for x in (3, 7):  # woods, marsh
        assert (at(x).cover, at(x).move_cost, at(x).blocks_sight, at(x).blocks_move) == (0, 1, False, False)
    assert at(8).blocks_move and at(9).blocks_move and at(10).blocks_move


def test_woods_hide_except_on_the_spheres_of_war_table():
    assert not battlefield_for(result(), "spheres_of_war").terrain((3, 0)).blocks_sight
    assert battlefield_for(result(), "plasto_latros").terrain((6, 0)).blocks_sight
    assert battlefield_for(result(), "platemail").terrain((6, 0)).cover == 1
    assert not find_ruleset("waylights").battlefield_profile.terrain  # the base terrain throughout


def test_optio_itself_is_never_fought_on_a_cut_out_and_says_so():
    """A ruleset without a profile is refused loudly, never given a default one."""
    with pytest.raises(ValueError, match="not fought on an Optio pre-game's ground"):
        battlefield_for(result(), find_ruleset("optio"))


@pytest.mark.parametrize("name", ["spheres_of_war", "platemail"])
def test_green_deploys_along_the_top_and_red_along_the_bottom(name):
    bf = battlefield_for(result(), name)
    depth = 2 * scale_for(name)
    assert {y for _, y in bf.zone_cells(0)} == set(range(depth))
    assert {y for _, y in bf.zone_cells(1)} == set(range(bf.height - depth, bf.height))
    assert len(bf.zone_cells(0)) == bf.width * depth
