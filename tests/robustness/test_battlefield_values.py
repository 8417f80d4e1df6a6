"""Battlefield values are checked once, when a battlefield is read (text
or save): a move cost below 1, a height or cover out of range, a side too
long, a zone rectangle outside the field.  And no path search may run for
ever, even on a battlefield built in code with a negative cost."""

from __future__ import annotations

import random
import signal

import attrs
import pytest

from core.battlefield_text import BattlefieldSyntaxError, battlefield_problem, parse_battlefield
from core.board import Rect, Zone
from core.game import start, submit
from core.registry import find_ruleset
from saves.library import battlefield_named, shipped_battlefields

GOOD = """name: Test
terrain . open
zone 0 0,0 5,1
zone 1 0,4 5,5
map
......
......
......
......
......
......
"""


def test_every_shipped_battlefield_passes():
    assert [bf.name for bf in shipped_battlefields() if battlefield_problem(bf)] == []
    assert battlefield_problem(parse_battlefield(GOOD)) is None


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace("terrain . open", "terrain . open move_cost=-1"), "move_cost -1"),
    (lambda t: t.replace("terrain . open", "terrain . open move_cost=0"), "move_cost 0"),
    (lambda t: t.replace("terrain . open", "terrain . open elevation=100000"), "elevation 100000"),
    (lambda t: t.replace("terrain . open", "terrain . open cover=-3"), "cover -3"),
    (lambda t: t.replace("zone 1 0,4 5,5", "zone 1 0,0 999999999,999999999"), "not inside"),
    (lambda t: t.replace("zone 1 0,4 5,5", "zone 1 0,0 9999999999999,1"), "not x,y"),
    (lambda t: t.replace("map\n", "feature idol artifact 6,6\nmap\n"), "not on the battlefield"),
    (lambda t: t.split("map\n")[0] + "map\n" + ("." * 201 + "\n") * 2, "at most 200"),
], ids=["negative-cost", "zero-cost", "height", "cover", "huge-zone", "digits", "feature", "too-wide"])
def test_a_battlefield_text_with_values_out_of_range_is_refused(change, words):
    with pytest.raises(BattlefieldSyntaxError, match=words):
        parse_battlefield(change(GOOD))


def alarm(seconds: int):
    def fire(*_):
        raise TimeoutError("a search ran on and on")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    return old


def test_platemail_movement_ends_even_on_a_negative_cost_built_in_code():
    """The loader refuses such a field; code that builds one must still
    not hang.  Random legal play through several resolutions."""
    rules = find_ruleset("platemail")
    bf = battlefield_named(rules.default_battlefield)
    legend = tuple((g, attrs.evolve(t, move_cost=-1) if not t.blocks_move else t) for g, t in bf.legend)
    bf = attrs.evolve(bf, legend=legend)
    assert battlefield_problem(bf) and "move_cost -1" in battlefield_problem(bf)
    game = start(rules, None, bf, 3, ("Ann", "Bo"))
    rng = random.Random(3)
    resolved = 0
    old = alarm(60)  # a hang fails the test instead of stopping the run
    try:
        for _ in range(400):
            if not game.to_act:
                break
            side = min(game.to_act)
            before = game.state
            game = submit(game, rng.choice(game.legal_orders(side))).game
            resolved += game.state.round != before.round
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert resolved >= 1, "the game never reached a resolution"


def test_zone_rectangles_outside_the_field_are_a_problem_not_a_loop():
    bf = battlefield_named("open-12")
    huge = attrs.evolve(bf, zones=(Zone(0, (Rect(0, 0, 10**9, 10**9),)), bf.zones[1]))
    assert "not inside" in battlefield_problem(huge)
