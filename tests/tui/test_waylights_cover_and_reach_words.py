"""Waylights' words on screen, from a tester's report: the attack preview
says that a shot the cover roll stops is answered by nothing, and gives
the counter's chances for a shot that gets through (docs/rulings.md,
Cover); a club's "no counter" reason fits the geometry; a cell one step
away offers the free step first; an unprimed launcher in range says it
needs reloading."""

from __future__ import annotations

import re
from types import SimpleNamespace

import attrs

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import reaches
from core.rulesets.waylights.exchange import exchange
from core.rulesets.waylights.orders import Attack, Move, SplitMove, Step
from tests.rulesets.waylights.helpers import do, position, script
from tui.rulesets import adapter_for
from tui.rulesets import waylights_glance as glance
from tui.rulesets.waylights import pct

FAR = ("b9", 1, "mook", (9, 9))
# A low wall (medium cover) at 2,5, on the line of fire beside b1 at 2,6.
BEHIND_WALL = ["..........", "..........", "..........", "..........", "..........",
               "..=.......", "..........", "..........", "..........", ".........."]


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[])


def archers_across_the_wall():
    return position([("a1", 0, "archer", (2, 2)), ("b1", 1, "archer", (2, 6)), FAR], "a1", rows=BEHIND_WALL)


def test_a_shot_the_cover_stops_asks_the_target_nothing():
    """Seed, "Equipment and environment": cover is rolled before the attack.
    The engine (resolve.cover_roll, rules._apply_turn) ends the shot there:
    no response, the counter unspent, the shooter's turn goes on."""
    s = archers_across_the_wall()
    s, events = do(script(s, 1), "attack side=0 unit=a1 target=b1")  # a d6 of 1: medium cover avoids it
    assert any("avoided" in str(e) or getattr(e, "avoided", False) for e in events), events
    assert s.pending == "" and s.attack is None and not s.counter_used and s.active == "a1"


def test_the_preview_says_cover_ends_the_shot_and_gives_the_counter_when_it_gets_through():
    s = archers_across_the_wall()
    text = adapter_for(R).preview(game_of(s), Attack(0, "a1", "b1")).shown_text()
    assert "Cover: medium" in text
    assert "If the cover stops the shot, nothing follows: b1 neither defends nor counters." in text, text
    assert "If the shot gets through, b1 may counterattack instead" in text, text
    # The chances are those the response will see once the shot is through:
    # the engine's state after a cover roll of 6, asked by exchange itself.
    through, _ = do(script(s, 6), "attack side=0 unit=a1 target=b1")
    assert through.pending == "response"
    x = exchange(through, "a1", "b1")
    got = re.search(r"then this attack wounds (\S+), KO (\S+), and b1's counter wounds a1 (\S+), KO ([^\s.]+)", text)
    assert got is not None, text
    assert got.groups() == (pct(x.target_wound), pct(x.target_ko), pct(x.attacker_wound), pct(x.attacker_ko))
    # (Unconditioned, the wound chance would be a third of this: not the same words.)
    assert pct(x.target_wound / 3) != pct(x.target_wound)


def test_a_club_out_of_reach_says_so_not_diagonally():
    """Seed, FIGHT: reach-1 melee cannot reach diagonally; five cells straight
    away is out of reach, not a diagonal."""
    s = position([("a3", 0, "archer", (6, 0)), ("b2", 1, "mook", (6, 5)), FAR], "a3")
    text = adapter_for(R).preview(game_of(s), Attack(0, "a3", "b2")).shown_text()
    assert "No counterattack: the club only reaches the four cells beside b2: a3 is beyond its reach" in text, text
    assert "diagonal" not in text
    b2, a3 = s.get("b2"), s.get("a3")
    # A diagonal neighbour still gets the diagonal reason; beside, no reason.
    assert "not diagonally" in reaches(s, b2, attrs_at(a3, (7, 4)), b2.weapon)
    assert reaches(s, b2, attrs_at(a3, (6, 4)), b2.weapon) is None


def attrs_at(f, pos):
    return attrs.evolve(f, pos=pos)


def test_a_cell_one_step_away_offers_the_free_step_first():
    """Seed, Sequence: the step costs no Action; a Move costs one and the step."""
    s = position([("a2", 0, "fighter", (7, 3)), ("b1", 1, "mook", (2, 8)), FAR], "a2")
    orders = [o for o in R.legal_orders(s, 0) if isinstance(o, (Move, SplitMove, Step)) and o.to == (7, 4)]
    assert {type(o) for o in orders} == {Move, SplitMove, Step}
    orders.sort(key=lambda o: {Move: 0, SplitMove: 1, Step: 2}[type(o)])  # the order the tester saw
    menu = adapter_for(R).choose(game_of(s), 0, orders, "cell")
    assert [type(v) for _, v in menu.rows] == [Step, SplitMove, Move]
    assert menu.row_keys == {0: "s", 1: "p", 2: "m"}  # the letters are kept


def test_an_unprimed_launcher_in_range_says_reload_first():
    s = position([("a1", 0, "archer", (2, 2), {"primed": (False, False)}), ("b3", 1, "mook", (2, 6)), FAR], "a1")
    words = glance.cursor_words(R, s, SimpleNamespace(id="a1"), (2, 6))
    assert "pneumatic: not primed (reload first)" in words, words
    # Out of range, the distance is what stops it, primed or not.
    far = position([("a1", 0, "archer", (0, 0), {"primed": (False, False)}), ("b3", 1, "mook", (9, 9))], "a1")
    assert "pneumatic: does not reach b3 from here" in glance.cursor_words(R, far, SimpleNamespace(id="a1"), (9, 9))
