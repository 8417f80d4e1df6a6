"""Deployment orders (rules 4-6) listed and checked from per-battlefield
tables give the same answers as the shared helpers in core.deployment."""

import random

from core.deployment import Deploy, DeployAll, check_deploy, open_cells
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
