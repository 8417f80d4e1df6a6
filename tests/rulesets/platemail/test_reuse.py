"""What the engine keeps between questions (issue 15's speed work) must give
the answers a fresh computation gives: the goal search reused from one tick
to the next, the verdicts kept with each character's candidate writes (and
check() skipping the Action checks of a write it listed), the Concealment
test that stops at the first open ray, and the draw and the listing reading
the state itself when nothing is hidden from the side."""

from __future__ import annotations

import random

import attrs
import pytest

from bench.games import play_random
from core.board import visible_fraction
from core.game import start, submit
from core.rulesets.platemail import RULESET, legal, movement
from core.rulesets.platemail.checks import check_write
from core.rulesets.platemail.grid import Grid
from core.rulesets.platemail.senses import Work, effective_battlefield
from core.rulesets.platemail.state import PlatemailOptions
from saves.library import battlefield_named

from .helpers import battlefield, order, position
from .test_speedups import MIXED

SKULKERS = PlatemailOptions(roster_0="rogue,rogue,archer,knight", roster_1="rogue,footman,spellcaster")


def _games(seeds=(1, 2, 3)):
    """Random games on the yard (default rosters, and rogues that hide),
    played from the listing and with the draw."""
    yard = battlefield_named("pm-yard")
    for seed in seeds:
        for options in (None, SKULKERS):
            for draw in (False, True):
                game = start(RULESET, options, yard, seed, ("North", "South"))
                yield play_random(RULESET, seed, game=game, draw=draw).game


def test_concealment_stopping_at_the_first_open_ray_agrees_with_the_core_rays():
    yard = battlefield_named("pm-yard")
    closed = effective_battlefield(attrs.evolve(position([("footman", 0, (0, 0))]), battlefield=yard))
    assert closed is not yard  # the barn door shut
    for bf in (battlefield(MIXED), yard, closed):
        g = Grid(bf)
        cells = list(bf.cells())
        pick = random.Random(7)
        pairs = [(pick.choice(cells), pick.choice(cells)) for _ in range(600)] + [(cells[3], cells[3])]
        shut = 0
        for a, b in pairs:
            # one way, ray by ray, as the core's rays; Concealment is both ways
            assert g._open_one_way(a, b) == (visible_fraction(bf, a, b) > 0), (a, b)
            assert g.concealed(a, b) == (visible_fraction(bf, a, b) == 0 == visible_fraction(bf, b, a)), (a, b)
            shut += g.concealed(a, b)
        assert 0 < shut < len(pairs)  # both answers are exercised


def test_a_goal_search_kept_from_an_earlier_tick_gives_the_step_a_new_one_gives(monkeypatch):
    asked = {"kept": 0}
    proposal, field = movement._proposal, movement._field

    def counted(g, goals, blocked, origin, fields):
        asked["kept"] += (goals, blocked) in fields
        return field(g, goals, blocked, origin, fields)

    def both(work, uid, goal, budget, blocked, fields=None):
        step = proposal(work, uid, goal, budget, blocked, fields)
        assert step == proposal(work, uid, goal, budget, blocked, None), (uid, goal)
        return step

    monkeypatch.setattr(movement, "_proposal", both)
    monkeypatch.setattr(movement, "_field", counted)
    for game in _games():
        assert game.outcome is not None
    assert asked["kept"] > 50  # the reuse is exercised, not only fresh searches


def test_a_kept_goal_search_holds_every_value_a_step_compares():
    # movers walking their paths and jumping elsewhere, searches kept per
    # (goals, blocked) as in a Phase: each answer against a full search
    rows = [r.replace("h", ".") for r in MIXED]
    work = Work(position([("footman", 0, (0, 0)), ("footman", 1, (7, 7))], rows=rows))
    g = Grid(work.bf)
    pick = random.Random(3)
    cells = sorted(g.passable)
    kept = 0
    for _ in range(40):
        goals = tuple(pick.sample(cells, pick.randint(1, 3)))
        blocked = frozenset(pick.sample(cells, 4)) - set(goals)
        full = movement._to_goal(work, goals, blocked)
        fields: dict = {}
        origin = pick.choice(cells)
        for _ in range(12):
            if origin in blocked:
                origin = pick.choice(cells)
                continue
            kept += (goals, blocked) in fields
            kept_costs = movement._field(g, goals, blocked, origin, fields)  # by cell number
            field = {cell: cost for cell, cost in zip(g.cost, kept_costs) if 0 <= cost < movement._NONE}
            assert (origin in field) == (origin in full)
            if origin not in full:
                origin = pick.choice(cells)
                continue
            here = full[origin]
            assert field[origin] == here
            on_path = [n for n, cost in g.steps[origin] if n in full and n not in blocked and full[n] + cost <= here]
            assert [n for n, cost in g.steps[origin] if n in field and n not in blocked
                    and field[n] + cost <= here] == on_path
            assert all(field[n] == full[n] for n in on_path)
            # step along the path most of the time, else jump
            origin = pick.choice(on_path) if on_path and pick.random() < 0.8 else pick.choice(cells)
    assert kept > 100


def test_a_kept_reach_search_answers_as_a_new_search_does():
    work = Work(position([("footman", 0, (0, 0)), ("footman", 1, (7, 7))], rows=MIXED))
    g = Grid(work.bf)
    pick = random.Random(4)
    cells = list(work.bf.cells())
    both, kept = set(), 0
    for _ in range(30):
        blocked = set(pick.sample(cells, pick.choice((3, 8, 16))))
        dests = pick.sample(cells, 2)
        fields: dict = {}
        for _ in range(40):
            start, dest = pick.choice(cells), pick.choice(dests)
            if start in blocked or start == dest:
                continue
            found = movement._reaches(work, start, dest, blocked)
            known = fields.get(("reach", dest, frozenset(blocked)))
            kept += known is not None and start in known[0]
            assert movement._reaches_kept(g, start, dest, blocked, fields) == found, (start, dest)
            both.add(found)
    assert both == {True, False} and kept > 100


def test_check_asks_every_listed_write_in_full():
    # No write is taken on trust (issue 27: no check skips an order by
    # identity): a listed write and an equal one built anew get one answer.
    for game in _games((4, 5)):
        g = start(RULESET, game.options, game.battlefield, game.seed, game.players)
        for played in game.orders:
            for side in sorted(g.to_act):
                for o in g.legal_orders(side):
                    if o.verb == "write":
                        assert check_write(g.state, o) is None
                        assert check_write(g.state, RULESET.parse_order(o.to_text())) is None
            g = submit(g, played).game


def test_a_write_listed_before_the_characters_changed_is_checked_again():
    state = position([("spellcaster", 0, (3, 1), {"prepared": "firebolt"}), ("knight", 1, (5, 8))])
    release = [o for o in RULESET.legal_orders(state, 0) if o.verb == "write" and o.first.kind.value == "release-spell"]
    assert release and RULESET.check(state, release[0]) is None
    spent = attrs.evolve(state, characters=tuple(attrs.evolve(c, prepared=None) for c in state.characters))
    assert RULESET.check(spent, release[0]).code == "not-prepared"
    # an equal write built anew is checked in full (and passes)
    again = order(0, "a1", release[0].first, release[0].condition.value, release[0].then, release[0].otherwise)
    assert again == release[0] and RULESET.check(state, again) is None


def _hidden_start(seed):
    """A game whose side 1 has a rogue hidden from side 0 (a Stealth roll
    above every Perception), played on from there."""
    state = position([("footman", 0, (5, 2)), ("archer", 0, (8, 1)), ("knight", 0, (2, 1)),
                      ("rogue", 1, (6, 7), {"hidden": True, "stealth_roll": 30}), ("crossbowman", 1, (7, 9))])
    return attrs.evolve(start(RULESET, state.options, state.battlefield, seed, ("North", "South")), state=state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_writes_read_from_the_state_itself_are_those_of_the_view(seed):
    pick = random.Random(seed)
    g, hidden = _hidden_start(seed), 0
    while g.to_act and len(g.orders) < 150:
        for side in sorted(g.to_act):
            view = RULESET.view(g.state, side)
            reads = RULESET.writing_view(g.state, side)
            hidden += reads is not g.state
            assert (reads is g.state) == (view.characters == g.state.characters)
            assert legal.sample_writes(reads, side) == legal.sample_writes(view, side)
            mine = [c for c in view.characters if c.side == side and c.fighting and c.pos is not None]
            for me in mine:
                assert legal.draw_write(reads, me, random.Random(len(g.orders))) == \
                    legal.draw_write(view, me, random.Random(len(g.orders)))
        side = pick.choice(sorted(g.to_act))
        g = submit(g, pick.choice(g.legal_orders(side))).game
    assert hidden  # the rogue was hidden from side 0 for a while


@pytest.mark.parametrize("seed", [1, 2])
def test_the_memos_cleared_between_orders_change_no_drawn_game(seed):
    yard = battlefield_named("pm-yard")
    first = play_random(RULESET, seed, game=start(RULESET, SKULKERS, yard, seed, ("N", "S")), draw=True).game
    g = start(RULESET, SKULKERS, yard, seed, ("N", "S"))
    pick = random.Random(seed * 7919 + 1)
    while g.to_act:
        side = pick.choice(sorted(g.to_act))
        g.state.battlefield.memo.entries.clear()
        for variant in effective_battlefield(g.state), g.state.battlefield:
            variant.memo.entries.clear()
        g = submit(g, g.random_order(side, pick)).game
    assert g.orders == first.orders and g.log == first.log
