"""Where a Skulk keeps a rogue Hidden (issue 29).  Seed, Skulk: the
skulker must finish the Phase "in Cover or Concealment"; Cover and
Concealment: an object blocking about half the body gives Cover, sight
"blocked completely" gives Concealment.  Hand-built: the knight b1 at 5,9,
a wall at 5,7 between, a hedge (cover 1) at 7,5."""

from __future__ import annotations

from core.rulesets.platemail.glance import clear_sight_of, sight_share, skulk_cover

from .helpers import position

ROWS = ["." * 12] * 5 + [".......h...."] + ["." * 12] + [".....#......"] + ["." * 12] * 4


def state():
    return position([("rogue", 0, (5, 5)), ("knight", 1, (5, 9))], rows=ROWS)


def test_behind_the_wall_is_concealment_in_the_hedge_cover_in_the_open_seen():
    s = state()
    got = skulk_cover(s, "a1", [(5, 6), (7, 5), (3, 5)])
    assert got == {(5, 6): "concealed", (7, 5): "cover"}  # 3,5: b1 sees it clear past the wall
    assert clear_sight_of(s, "a1", (3, 5)) == ["b1"]
    assert clear_sight_of(s, "a1", (7, 5)) == []


def test_by_default_every_cell_a_skulk_reaches():
    got = skulk_cover(state(), "a1")
    assert (5, 6) in got and (7, 5) in got and (3, 5) not in got
    assert all(max(abs(x - 5), abs(y - 5)) <= 3 for x, y in got)  # a Skulk moves 15 ft (3 cells)


def test_an_enemy_the_side_cannot_see_plays_no_part():
    """With b1 gone from the view (an unseen skulker has no place), nothing reveals a1."""
    import attrs

    s = state()
    s = attrs.evolve(s, characters=tuple(attrs.evolve(c, pos=None) if c.id == "b1" else c for c in s.characters))
    assert skulk_cover(s, "a1", [(3, 5)]) == {(3, 5): "concealed"}


def test_sight_share_reads_the_wall():
    s = state()
    assert sight_share(s, (5, 9), (5, 6)) == 0.0
    assert sight_share(s, (5, 9), (3, 5)) == 1.0
