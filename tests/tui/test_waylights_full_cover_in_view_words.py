"""Full cover beside a target mostly in view says why there is no shot: a
tester read "Sight a2→here: 62% in view" beside "Cover of b3: full, from
ruin at 7,7 (full); only 62% of b3 in view" as a contradiction.  The ruling
stands (the highest cover among the line-of-fire cells next to the target;
no shot gets through full cover, Equipment and environment); the words
say so."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.glance import cover_sources
from core.rulesets.waylights.movement import sees
from tests.rulesets.waylights.helpers import position
from tui.rulesets import waylights_glance as glance

ROWS = ["." * 10] * 7 + [".......W.."] + ["." * 10] * 2  # a window wall (cover 3) at 7,7


def test_full_cover_beside_a_target_in_view_says_why_no_shot():
    s = position([("a2", 0, "archer", (6, 7)), ("b3", 1, "slinger", (7, 8)), ("b9", 1, "mook", (0, 9))], "a2",
                 rows=ROWS)
    level, _ = cover_sources(s, (6, 7), "b3")
    frac = sees(s, (6, 7), (7, 8))
    assert level == 3 and frac > 0  # in view (the window wall hides none of b3 here), yet full cover
    lines = glance.cursor_words(R, s, SimpleNamespace(id="a2"), (7, 8))
    cover = next(line for line in lines if line.startswith("Cover of b3"))
    assert cover == (f"Cover of b3: full: the window-wall at 7,7 touches the line of fire beside b3, "
                     f"so no shot, though {round(frac * 100)}% of b3 is in view"), cover
