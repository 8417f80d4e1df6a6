"""Deployment orders (rules 4-6) listed and checked from per-battlefield
tables give the same answers as the shared helpers in core.deployment."""

import random

from core.deployment import Deploy, DeployAll, Ready, check_deploy, open_cells
from core.rulesets.spheres_of_war import RULESET

from .helpers import PLAYERS, board, options, play

WALLED = board("..#.........", "....#.......", ".#....##....", "......#.....", "...#........")


def test_deploy_lists_and_checks_match_the_shared_helpers():
    pick = random.Random(7)
    for bf in (board(), WALLED):
        state, _ = RULESET.setup(options(), bf, 3, PLAYERS)
        for _ in range(3):  # side 0 places three figures one by one
            side = 0
            own = {u.id: u.pos for u in state.side_units(side)}
            everyone = {u.id: u.pos for u in state.units}
            todo = [u for u, c in own.items() if c is None]
            want = [DeployAll(side)] + [Deploy(side, u, c) for u in todo for c in open_cells(bf, side, own)]
            assert RULESET.legal_orders(state, side) == want
            placed = [u for u in own if own[u] is not None]
            for uid in [todo[0], *placed[-1:], "r1", "zz"]:
                for y in range(-1, 7):  # the zone is rows 0-5
                    for x in range(-1, 13):
                        order = Deploy(side, uid, (x, y))
                        got = RULESET.check(state, order)
                        if own.get(uid) == (x, y):
                            assert got.code == "already-there"
                            continue
                        ref = check_deploy(bf, side, list(own), everyone, order)
                        assert (got is None) == (ref is None), (uid, x, y, got, ref)
                        if ref is not None:
                            assert got.code == ref.code
            state, _ = play(state, pick.choice([o for o in want if isinstance(o, Deploy)]))


def _struck_first(state, instigators, retaliators) -> list:
    """The pairs where an Instigator's figure reaches a Retaliator's (in
    contact, or one Move into contact: rules 25-29), every figure in the way."""
    from core.rulesets.spheres_of_war.reach import reaches

    placed = [*instigators, *retaliators]
    return [(i, r) for i in instigators for r in retaliators if reaches(state.battlefield, i, r, placed)]


def test_deploying_out_of_reach_is_accepted_but_not_listed_and_keeps_the_retaliator_safe():
    """``deploy-out-of-reach`` (the Retaliator's "place the rest for me"):
    the Retaliator deploying first (side 0, ``instigator=second``) keeps
    every figure beyond one Move of any cell the Instigator may deploy on;
    deploying second, beyond one Move of the Instigator's figures.  The
    computer and random play choose from the listing, which does not hold it."""
    from core.rulesets.spheres_of_war.orders import DeployOutOfReach
    from core.rulesets.spheres_of_war.state import Phase

    for instigator in ("second", "first"):
        state, _ = RULESET.setup(options(instigator=instigator), board(), 3, PLAYERS)
        retaliator = 1 - state.instigator
        assert DeployOutOfReach(0) not in RULESET.legal_orders(state, 0)
        if retaliator == 0:
            state, events = play(state, DeployOutOfReach(0))
            assert len(events) == 5
            mine = [u.pos for u in state.side_units(0)]
            zone = [(x, y) for x in range(12) for y in range(6, 12)]  # every cell side 1 may deploy on
            assert not _struck_first(state, zone, mine)
            assert {y for _, y in mine} == {2}  # the front of the safe rows: 0-2 (a Move is 2 cells)
            state, _ = play(state, Ready(0), DeployAll(1), Ready(1))
        else:
            state, _ = play(state, DeployAll(0), Ready(0))
            state, _ = play(state, DeployOutOfReach(1))
            state, _ = play(state, Ready(1))
        assert state.phase is not Phase.DEPLOY
        assert not _struck_first(state, [u.pos for u in state.side_units(state.instigator)],
                                 [u.pos for u in state.side_units(retaliator)])
        assert RULESET.check(state, DeployOutOfReach(retaliator)).code == "wrong-phase"
    assert RULESET.parse_order("deploy-out-of-reach side=1") == DeployOutOfReach(1)
    assert DeployOutOfReach(1).to_text() == "deploy-out-of-reach side=1"


def test_placing_a_placed_figure_again_is_accepted_but_not_listed():
    """Rule 6 says where combatants set up, not that a placement is final
    (docs/rulings.md): until Ready, ``placed_again`` gives a Deploy of each
    placed figure onto each open cell of its zone, every one accepted by
    check and none in the listing (random play must finish deploying)."""
    from core.rulesets.spheres_of_war.ruleset import placed_again

    for bf in (board(), WALLED):
        state, _ = RULESET.setup(options(), bf, 3, PLAYERS)
        assert placed_again(state, 0) == []  # nothing placed yet
        state, _ = play(state, Deploy(0, "i1", (0, 0)), Deploy(0, "i2", (5, 2)))
        own = {u.id: u.pos for u in state.side_units(0)}
        again = placed_again(state, 0)
        cells = list(open_cells(bf, 0, own))
        assert again == [Deploy(0, u, c) for u in ("i1", "i2") for c in cells]
        assert not set(again) & set(RULESET.legal_orders(state, 0))
        assert all(RULESET.check(state, o) is None for o in again)
        assert placed_again(state, 1) == []  # not side 1's turn to deploy
        moved, _ = play(state, again[0])
        assert moved.unit("i1").pos == again[0].at
