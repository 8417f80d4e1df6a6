"""Sight without tracing rays (``sight.settled``) must give exactly what
``visible_fraction`` gives wherever it answers."""

from __future__ import annotations

import random

import core.board
from core.battlefield_text import parse_battlefield
from core.board import visible_fraction
from core.rulesets.waylights.movement import sees
from core.rulesets.waylights.sight import SAMPLES, settled
from saves.library import battlefield_named
from tests.rulesets.waylights.helpers import position

TERRAIN = """terrain . open
terrain , brush cover=1
terrain ^ hill elevation=1 cover=1
terrain M mound elevation=2
terrain # wall blocks_move blocks_sight elevation=2
terrain h hedge blocks_sight
"""


def random_field(rng: random.Random, width: int, height: int):
    weights = {".": 12, ",": 2, "^": 3, "M": 1, "#": 2, "h": 1}
    glyphs = "".join(g * n for g, n in weights.items())
    rows = ["".join(rng.choice(glyphs) for _ in range(width)) for _ in range(height)]
    text = f"name: random\n{TERRAIN}zone 0 0,0 0,0\nzone 1 {width - 1},{height - 1} {width - 1},{height - 1}\nmap\n"
    return parse_battlefield(text + "\n".join(rows) + "\n")


def check_pairs(bf, pairs, answers: dict) -> None:
    """Every settled answer is visible_fraction's (``answers`` counts them:
    None for the pairs left to trace)."""
    for a, b in pairs:
        got = settled(bf, a, b)
        if got is not None:
            assert got == visible_fraction(bf, a, b), (bf.rows, a, b)
        answers[got] = answers.get(got, 0) + 1


def test_the_rays_are_those_of_visible_fraction():
    assert SAMPLES == core.board._SAMPLES and core.board.RAY_COUNT == len(SAMPLES) ** 2


def test_settled_sight_is_the_traced_sight_on_random_fields():
    rng = random.Random(15)
    answers: dict = {}
    for _ in range(40):
        bf = random_field(rng, rng.randint(1, 14), rng.randint(1, 14))
        cells = list(bf.cells())
        check_pairs(bf, [(rng.choice(cells), rng.choice(cells)) for _ in range(60)], answers)
    # all clear, all closed, a share, and pairs left to trace all came up
    assert answers[1.0] > 300 and answers[0.0] > 100 and answers[None] > 100
    assert sum(n for f, n in answers.items() if f not in (None, 0.0, 1.0)) > 5


def test_settled_sight_is_the_traced_sight_on_the_shipped_field():
    bf = battlefield_named("wl-crossroads")
    cells = list(bf.cells())
    rng = random.Random(3)
    answers: dict = {}
    check_pairs(bf, [(rng.choice(cells), rng.choice(cells)) for _ in range(2500)], answers)
    assert answers[1.0] > 500 and answers[0.0] > 300


def test_sees_gives_the_traced_fraction():
    rows = [".........."] * 4 + ["....#....."] + [".........."] * 5
    s = position([("a1", 0, "archer", (0, 0)), ("b1", 1, "mook", (9, 9))], "a1", rows=rows)
    bf = s.battlefield
    fractions = set()
    for a, b in (((0, 0), (9, 9)), ((4, 0), (4, 9)), ((3, 3), (5, 6)), ((0, 4), (9, 4)), ((5, 5), (6, 5))):
        assert sees(s, a, b) == visible_fraction(bf, a, b)
        fractions.add(sees(s, a, b))
    assert 1.0 in fractions and len(fractions) > 1
