"""Line of sight is the same both ways (seed: Cover and Concealment: a
Character whose line of sight is blocked completely has Concealment; a
blocked line blocks both who look along it; docs/rulings.md, Platemail,
"Line of sight both ways").

The reported position: on pm-yard (the ruleset's default battlefield) a
rogue at 3,3 shot an archer at 12,10 past the barn and the mound, and in
the next Phase the archer's "Ranged Attack the closest hostile" found "no
enemy in sight".  The sight rays start in the middle of the looker's cell
and end spread over the other's, so from 3,3 one ray reaches a corner of
12,10, and from 12,10 none reaches 3,3: the two must still see each other.
"""

from __future__ import annotations

import attrs

from core.board import visible_fraction
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.events import AttackMade
from core.rulesets.platemail.glance import sight_share
from core.rulesets.platemail.grid import grid
from core.rulesets.platemail.ruleset import make_character
from core.rulesets.platemail.senses import Work, perceives, sight
from core.rulesets.platemail.state import PlatemailOptions
from saves.library import battlefield_named

from .helpers import act, order, play, text

ROGUE, ARCHER = (3, 3), (12, 10)


def yard(*placements):
    bf = battlefield_named(RULESET.default_battlefield)
    assert bf.name == "pm-yard"
    options = PlatemailOptions()
    state, _ = RULESET.setup(options, bf, 1, ("North", "South"))
    chars, counts = [], [0, 0]
    for key, side, cell, changes in placements:
        counts[side] += 1
        c = make_character(side, counts[side], key, options.max_wounds)
        chars.append(attrs.evolve(c, pos=cell, **changes))
    return attrs.evolve(state, characters=tuple(chars), stage="orders")


def test_the_reported_pair_sees_one_way_only_by_the_rays():
    # The premise: the raw rays are one-sided for this pair.
    bf = battlefield_named("pm-yard")
    assert visible_fraction(bf, ROGUE, ARCHER) > 0
    assert visible_fraction(bf, ARCHER, ROGUE) == 0


def test_the_rogue_and_the_archer_see_each_other_both_ways():
    st = yard(("rogue", 0, ROGUE, {}), ("archer", 1, ARCHER, {}))
    work = Work(st)
    a1, b2 = work.chars["a1"], work.chars["b1"]
    assert sight(work, ROGUE, b2) != "concealed"
    assert sight(work, ARCHER, a1) != "concealed"
    # only a glimpse past an edge either way: Cover (-2), not clear
    assert sight(work, ROGUE, b2) == "cover"
    assert sight(work, ARCHER, a1) == "cover"
    assert perceives(work, a1, b2) and perceives(work, b2, a1)
    g = grid(work.bf)
    assert not g.concealed(ROGUE, ARCHER) and not g.concealed(ARCHER, ROGUE)
    # the board's "Sight" line reads the same share (not "cannot see here")
    assert sight_share(st, ARCHER, ROGUE) > 0 and sight_share(st, ROGUE, ARCHER) > 0


def test_the_archer_shoots_back_at_the_closest_hostile_that_shot_it():
    # The rogue throws a dart at the archer; the archer shoots the closest
    # hostile in the same Phase.  Each shot is made, at -2 for Cover.
    st = yard(("rogue", 0, ROGUE, {}), ("archer", 1, ARCHER, {}))
    st, ev = play(st, [order(0, "a1", act(0, "ranged-attack", "b1")),
                       order(1, "b1", act(1, "ranged-attack", "closest"))], dice=(2, 2))
    log = text(ev)
    assert "no enemy in sight" not in log
    assert "cannot see" not in log
    shots = {(e.attacker, e.target) for e in ev if isinstance(e, AttackMade)}
    assert ("a1", "b1") in shots and ("b1", "a1") in shots


def test_a_wall_still_blocks_both_ways():
    # Behind the barn (inside it, door shut) nobody sees out and nobody in.
    st = yard(("rogue", 0, (10, 4), {}), ("archer", 1, (14, 4), {}))
    work = Work(st)
    assert sight(work, (14, 4), work.chars["a1"]) == "concealed"
    assert sight(work, (10, 4), work.chars["b1"]) == "concealed"
