"""A competent beginner for every ruleset: an opponent for the strength
table that is not the computer itself (issue 31).

Written without ``core.ai``: it sees only its side's view (with the dice
seed blanked) and the orders its side may give, and looks one order ahead.
For the open rulesets (Spheres of War, Plasto Latros, Waylights) it plays
each order on the view a few times with dice of its own and keeps the one
whose result scores best: figures left (a Doomed mini counts half, a
wounded figure a little less), then closing on the nearest enemy while it
is level or ahead, or keeping away while behind.  A hit or a Doom that the
odds favour shows in the figures, so it takes it; one that costs more than
it wins does not.  Platemail's secret orders are written by a rule of thumb
(attack if an enemy is adjacent, else close on the closest; shooters reload
when empty and shoot when loaded; a caster prepares, then releases), and
Optio's scouting moves its blocks toward the map's centre and scouts what
it can.

Deterministic for a given seed: the same game, the same orders.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import attrs

from core.dice import Dice, without_seed
from core.orders import Order

SETUP = ("deploy-all", "ready")  # deployment: place everything as offered, then start
QUIET = frozenset({"pass", "end", "end-turn", "wait", "decline", "hold", "ready", "commit"})
HITS = frozenset({"attack", "fight", "shoot", "charge", "finish", "jump-attack", "destroy", "scout", "match"})
GONE = ("dead", "removed", "destroyed", "ko", "stable", "dying", "off map", "gone")
# Waylights' "wounds 4 (KO at 3)": every wound, beside the count that knocks
# out (more than that counts as all of them)
WOUNDS = re.compile(r"wounds (\d+) \(KO at (\d+)\)")
LOOK = 90  # orders scored at most per choice (the rest: a random share, keeping every hit)


def _dist(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Beginner:
    """One side's beginner: ``choose(view, side, legal)`` gives its order."""

    def __init__(self, rules: Any, seed: int = 0) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def choose(self, view: Any, side: int, legal: Sequence[Order]) -> Order:
        if not legal:
            raise ValueError("the beginner was asked to act with no legal order")
        view = without_seed(view)
        for verb in SETUP:
            setup = [o for o in legal if o.verb == verb]
            if setup:
                return setup[0]
        if any(o.verb == "deploy" for o in legal):
            return legal[0]
        name = self.rules.name
        if name == "platemail":
            return self._platemail(view, side, legal)
        if name == "optio":
            return self._optio(view, side, legal)
        return self._greedy(view, side, legal)

    # -- open rulesets: one order ahead --------------------------------------
    def _greedy(self, view: Any, side: int, legal: Sequence[Order]) -> Order:
        orders = list(legal)
        if len(orders) > LOOK:
            hits = [o for o in orders if o.verb in HITS]
            rest = [o for o in orders if o.verb not in HITS]
            orders = hits + self.rng.sample(rest, max(0, min(len(rest), LOOK - len(hits))))
        samples = 3 if isinstance(getattr(view, "dice", None), Dice) else 1
        best, best_score = orders[0], float("-inf")
        for order in orders:
            total = 0.0
            for _ in range(samples):
                state = view
                if samples > 1:
                    state = attrs.evolve(view, dice=Dice(self.rng.getrandbits(62), view.dice.draws))
                try:
                    after, _ = self.rules.apply(state, order)
                except Exception:  # noqa: BLE001 - a view may lack what an order needs: skip it
                    total = float("-inf")
                    break
                total += self._score(after, side)
            score = total / samples + (0.01 if order.verb in HITS else 0.0) - (0.005 if order.verb in QUIET else 0.0)
            score += self.rng.random() * 1e-6  # ties: any of them
            if score > best_score:
                best, best_score = order, score
        return best

    def _score(self, state: Any, side: int) -> float:
        out = self.rules.outcome(state)
        if out is not None:
            return 0.0 if out.winner is None else (100.0 if out.winner == side else -100.0)
        mine, theirs = self._material(state, side), self._material(state, 1 - side)
        mine_at, theirs_at = self._places(state, side), self._places(state, 1 - side)
        near = 0.0
        if mine_at and theirs_at:
            near = sum(min(_dist(a, b) for b in theirs_at) for a in mine_at) / len(mine_at)
        # Spheres of War pairs figures in Matches: running from one only
        # hands the other side the initiative, so there it always closes.
        # Weaker: a smaller share of its own band left (the bands may differ in size).
        share = {n: max(1, sum(u.side == n for u in self.rules.units(state))) for n in (side, 1 - side)}
        keep_away = mine / share[side] < theirs / share[1 - side] and self.rules.name != "spheres_of_war"
        lean = 0.05 * min(near, 6) if keep_away else -0.05 * near
        if self.rules.name == "spheres_of_war" and mine_at and theirs_at:
            # Whoever steps into contact strikes first: standing where the
            # other can step in (a Move of 2 and a touch) gives that away.
            gap = min(_dist(a, b) for a in mine_at for b in theirs_at)
            lean -= 0.4 if 1 < gap <= 3 else 0.0
        return (mine - theirs) + lean

    def _material(self, state: Any, side: int) -> float:
        if self.rules.name == "plasto_latros":
            playing = state.phase.name != "DEPLOY"
            return sum(0.5 if m.id in state.doomed else 1.0 for m in state.minis
                       if m.side == side and m.id not in state.destroyed and (m.pos is not None or not playing))
        total = 0.0
        for u in self.rules.units(state):
            if u.side != side or u.pos is None or any(g in u.status for g in GONE):
                continue
            hurt = WOUNDS.search(u.status)
            total += 1.0 if not hurt else 1.0 - 0.5 * min(int(hurt[1]), int(hurt[2])) / max(1, int(hurt[2]))
        return total

    def _places(self, state: Any, side: int) -> list:
        return [u.pos for u in self.rules.units(state)
                if u.side == side and u.pos is not None and not any(g in u.status for g in GONE)]

    # -- Platemail: IF/ELSE orders by rule of thumb --------------------------
    def _platemail(self, view: Any, side: int, legal: Sequence[Order]) -> Order:
        from core.rulesets.platemail.orders import Act, Write
        from core.rulesets.platemail.state import Action as A
        from core.rulesets.platemail.state import Condition as C

        writes = [o for o in legal if isinstance(o, Write)]
        if not writes:
            commit = [o for o in legal if o.verb == "commit"]
            return commit[0] if commit else legal[0]
        foes = [c.pos for c in view.characters if c.side != side and c.fighting and c.pos is not None]
        for me in view.characters:
            if me.side != side or not me.fighting or me.pos is None or view.plan(me.id) is not None:
                continue
            mine = [o for o in writes if o.unit == me.id]
            if not mine:
                continue
            near = min((_dist(me.pos, f) for f in foes), default=99)

            def act(kind, target=None, **kw):
                return Act(side, kind, target, **kw)

            hit, close = act(A.FULL_ATTACK, "closest"), act(A.MOVE, "closest")
            wishes = []
            if me.prepared:
                wishes.append((act(A.RELEASE, "closest"), C.ENEMY_ADJACENT, hit, close))
            if me.spells and not me.prepared and near > 1:
                wishes.append((act(A.PREPARE, spell=me.spells[0]), C.ENEMY_ADJACENT, hit, act(A.DEFEND)))
            if getattr(me, "loaded", True) is False:
                wishes.append((act(A.USE_ITEM, item="reload"), C.ENEMY_ADJACENT, hit, act(A.RANGED, "closest")))
            elif near > 1:
                wishes.append((act(A.RANGED, "closest"), C.ENEMY_ADJACENT, hit, act(A.RANGED, "closest")))
            if near <= 1:
                wishes.append((hit, C.TARGET_DOWN, act(A.CHARGE, "closest"), hit))
            wishes += [(act(A.CHARGE, "closest"), C.ENEMY_ADJACENT, hit, close),
                       (close, C.ENEMY_ADJACENT, hit, close),
                       (act(A.DEFEND), C.ENEMY_ADJACENT, hit, close)]
            for first, cond, then, other in wishes:
                write = Write(side, me.id, first, cond, then, other)
                if self.rules.check(view, write) is None:
                    return write
            return mine[0]
        commit = [o for o in legal if o.verb == "commit"]
        return commit[0] if commit else writes[0]

    # -- Optio: toward the centre, scouting what it meets ---------------------
    def _optio(self, view: Any, side: int, legal: Sequence[Order]) -> Order:
        scouts = [o for o in legal if o.verb == "scout"]
        if scouts:
            return scouts[0]
        places = [o for o in legal if o.verb == "place-template"]
        if places:
            return self.rng.choice(places)
        centre = (2, 2)
        best: Order | None = None
        gain = 0.0
        for o in legal:
            if o.verb != "move":
                continue
            block = view.block(getattr(o, "unit", None))
            if block is None:
                continue
            here = _dist(block.pos, centre) if block.pos is not None else 5
            step = here - _dist(getattr(o, "to", centre), centre) + (0.5 if block.kind.name == "ARMY" else 0.0)
            if step > gain:
                best, gain = o, step
        if best is not None:
            return best
        quiet = [o for o in legal if o.verb in QUIET]
        return quiet[0] if quiet else legal[0]
