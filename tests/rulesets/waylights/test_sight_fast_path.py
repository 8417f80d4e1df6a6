"""Sight without tracing rays (``movement._clear_between``) must only ever
say "all clear" where ``visible_fraction`` sees the whole target cell."""

from __future__ import annotations

import random

from core.battlefield_text import parse_battlefield
from core.board import visible_fraction
from core.rulesets.waylights.movement import _clear_between, sees
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


def check_pairs(bf, pairs) -> tuple[int, int]:
    clear = blocked = 0
    for a, b in pairs:
        if a == b:
            continue
        if _clear_between(bf, a, b):
            assert visible_fraction(bf, a, b) == 1.0, (bf.rows, a, b)
            clear += 1
        else:
            blocked += 1
    return clear, blocked


def test_clear_only_where_every_ray_is_open_on_random_fields():
    rng = random.Random(15)
    clear = blocked = 0
    for _ in range(40):
        bf = random_field(rng, rng.randint(1, 14), rng.randint(1, 14))
        cells = list(bf.cells())
        got = check_pairs(bf, [(rng.choice(cells), rng.choice(cells)) for _ in range(60)])
        clear, blocked = clear + got[0], blocked + got[1]
    assert clear > 300 and blocked > 300  # both answers were tested


def test_clear_only_where_every_ray_is_open_on_the_shipped_field():
    bf = battlefield_named("wl-crossroads")
    cells = list(bf.cells())
    rng = random.Random(3)
    clear, blocked = check_pairs(bf, [(rng.choice(cells), rng.choice(cells)) for _ in range(2500)])
    assert clear > 500 and blocked > 500


def test_sees_gives_the_traced_fraction():
    rows = [".........."] * 4 + ["....#....."] + [".........."] * 5
    s = position([("a1", 0, "archer", (0, 0)), ("b1", 1, "mook", (9, 9))], "a1", rows=rows)
    bf = s.battlefield
    fractions = set()
    for a, b in (((0, 0), (9, 9)), ((4, 0), (4, 9)), ((3, 3), (5, 6)), ((0, 4), (9, 4)), ((5, 5), (6, 5))):
        assert sees(s, a, b) == visible_fraction(bf, a, b)
        fractions.add(sees(s, a, b))
    assert 1.0 in fractions and len(fractions) > 1
