"""Why? on Waylights' cover rolls and damage results, against seed 004.

A tester found Why? on a cover roll naming only the level ("Cover: light")
where the README promises each modifier and where it came from, and Why? on
a glancing hit saying it "had to beat 0 to hurt at all", when a result of 0
is itself a glancing hit (Damage resolution: below 0 nothing, 0 up to the
Threshold a glancing hit, above n x Threshold n wounds)."""

from __future__ import annotations

import itertools
import re

import pytest

from core.explain import explain
from core.rulesets.waylights.combat import COVER_NAMES, cover_level, cover_sources, wounds_for
from core.rulesets.waylights.events import CoverRolled, Resolved
from tests.rulesets.waylights.helpers import do, position, script

FAR = ("b9", 1, "mook", (9, 9))


def _seed_band(margin: int, threshold: int) -> int:
    """Seed 004, Damage resolution, read line by line: -1 nothing (a
    negative result), 0 a glancing hit (up to the Threshold), else one wound
    for each multiple of the Threshold the result is higher than."""
    if margin < 0:
        return -1
    if margin <= threshold:
        return 0
    return len([n for n in range(1, margin + 1) if margin > n * threshold])


def _why(event) -> str:
    return explain("waylights", [event], 0).text()


@pytest.mark.parametrize("threshold", [1, 2, 3])
def test_every_result_is_put_in_the_seeds_band_and_zero_is_a_glancing_hit(threshold):
    for margin in range(-3, 4 * threshold + 2):
        band = _seed_band(margin, threshold)
        assert wounds_for(margin, threshold) == band  # the engine agrees with the seed
        text = _why(Resolved("a1", "b1", 10 + margin, 10, margin, threshold, band))
        assert "to hurt at all" not in text and "beat: 0" not in text
        # the bands are told as the seed gives them: 0 is a glancing hit
        assert f"below 0, defended; 0 to {threshold}, a glancing hit; above {threshold}, one wound" in text
        if band == -1:
            assert f"{margin} is below 0: defended, no effect" in text
        elif band == 0:
            assert f"{margin} is from 0 to the Threshold {threshold}: a glancing hit" in text
        else:
            assert f"{margin} is above {band} x Threshold {threshold} = {band * threshold}" in text


def test_the_testers_glancing_hit_reads_true():
    # "15 - 13 = 2, not above Threshold 2: a glancing hit"
    text = _why(Resolved("a3", "b4", 15, 13, 2, 2, 0))
    assert "Attack score 15 - defence score 13 = 2" in text
    assert "2 is from 0 to the Threshold 2: a glancing hit" in text
    assert "Had to beat: 0" not in text


def test_the_working_says_when_tension_moved_the_result():
    # 11 - 9 = 2 against Threshold 2 is a glancing hit; 1 tension spent makes it 3: one wound
    text = _why(Resolved("a1", "b1", 11, 9, 3, 2, 1))
    assert "= 2, 3 with the tension spent" in text and "= 3\n" not in text


def _shot(rows_6: str, target=(2, 7)):
    rows = ["." * 10] * 10
    rows[6] = rows_6
    return position([("a1", 0, "archer", (2, 2), dict(split=2)), ("b1", 1, "fighter", target), FAR], "a1", rows=rows)


def test_the_cover_sources_name_the_terrain_on_the_line_of_fire():
    s = _shot("..,.......")  # brush (light) at 2,6, beside b1 at 2,7 on a1's line of fire
    assert cover_sources(s, s.get("a1"), s.get("b1")) == ("brush at 2,6 on the line of fire, beside b1: light",)
    s = _shot("..=.......")
    assert cover_sources(s, s.get("a1"), s.get("b1")) == ("low-wall at 2,6 on the line of fire, beside b1: medium",)
    s = _shot("..,.......", target=(2, 6))  # standing in the brush
    assert cover_sources(s, s.get("a1"), s.get("b1")) == ("brush at 2,6 on the line of fire, under b1: light",)
    s = _shot("..........")
    assert cover_sources(s, s.get("a1"), s.get("b1")) == ()
    s = _shot("...,......")  # brush off the line of fire gives nothing
    assert cover_level(s, s.get("a1"), s.get("b1")) == 0 and cover_sources(s, s.get("a1"), s.get("b1")) == ()


def test_the_cover_sources_name_a_partial_view_and_stepping_out():
    rows = ["." * 10] * 10
    rows[5] = "...#......"  # a wall (no cover of its own) hides part of 3,7 from 2,2
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "fighter", (3, 7)), FAR], "a1", rows=rows)
    assert cover_level(s, s.get("a1"), s.get("b1")) == 2
    assert cover_sources(s, s.get("a1"), s.get("b1")) == (
        "only 25% of b1's cell in a1's view: medium (less than half of it seen)",)
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "fighter", (3, 7)), FAR], "b1", rows=rows, exposed=True)
    assert cover_level(s, s.get("a1"), s.get("b1")) == 1
    assert cover_sources(s, s.get("a1"), s.get("b1"))[-1] == "b1 stepped out of cover this turn: one level less"


def test_the_highest_source_named_is_the_cover_the_rules_find():
    """On a field of every kind of cover, for every shooter and target cell:
    the best level named is the cover ``cover_level`` gives (none when it
    names nothing)."""
    rows = ["..,...=...", "....#.....", "..=....,..", ".#....W...", ".....,....",
            "...=......", "..#...,...", ".......=..", "...,..#...", ".........."]
    cells = [(x, y) for y in range(10) for x in range(10) if rows[y][x] in ".,="]
    for a_cell, t_cell in itertools.permutations(cells[::3], 2):
        s = position([("a1", 0, "archer", a_cell), ("b1", 1, "fighter", t_cell)], "a1", rows=rows)
        level = cover_level(s, s.get("a1"), s.get("b1"))
        named = [next(v for v, name in COVER_NAMES.items() if re.search(rf": {name}( \(|$)", src))
                 for src in cover_sources(s, s.get("a1"), s.get("b1"))]
        assert (max(named) if named else 0) == (level or 0), (a_cell, t_cell, named, level)


def test_why_on_a_cover_roll_says_where_the_cover_comes_from():
    # "b4 in light cover against a3: d6 shows 1, the shot is avoided"
    roll = CoverRolled("a3", "b4", 1, 1, True, ("brush at 4,6 on the line of fire, beside b4: light",))
    text = _why(roll)
    assert "Cover: light (a d6 of 1-2 avoids the shot)" in text
    assert "Where it comes from: brush at 4,6 on the line of fire, beside b4: light" in text
    assert "The d6 showed 1: within 1-2" in text
    two = CoverRolled("a3", "b4", 2, 5, False, ("brush at 4,6 on the line of fire, beside b4: light",
                                                "only 44% of b4's cell in a3's view: medium (less than half of it seen)"))
    text = _why(two)
    assert "the highest counts" in text and "The d6 showed 5: above 4" in text and "Not avoided" in text


def test_a_cover_roll_in_play_carries_its_sources():
    s = script(_shot("..,......."), 2)
    _, events = do(s, "attack side=0 unit=a1 target=b1")
    (roll,) = [e for e in events if isinstance(e, CoverRolled)]
    assert roll.sources == ("brush at 2,6 on the line of fire, beside b1: light",)
