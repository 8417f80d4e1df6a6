"""Platemail: secret orders written as IF/ELSE pairs, resolved together.

The search writes one character's orders per step (the first character
still without orders, then Commit), choosing among the ruleset's listed
writes and the tactical templates below, whose conditions fit their
actions.  Its sampler fills in what its side cannot see: the other side's
orders once committed, and where unseen skulkers hide.
"""

from __future__ import annotations

import random

import attrs

from core.ai.knowledge import Knowledge
from core.ai.platemail_chances import shooter
from core.ai.platemail_reasons import NOTHING_BETTER, being_freed, explain_write, why_free
from core.ai.platemail_targets import holding_back
from core.ai.platemail_templates import blunder, defend_only, fallen_beside, fitting, frees, guesses
from core.board import chebyshev
from core.deployment import Deploy, open_cells
from core.rulesets.platemail.equipment import PASSIVE_BASE
from core.rulesets.platemail.legal import draw_write
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.state import Action, Condition, Status

A, C = Action, Condition


def _nearest(state, me) -> int:
    foes = [c.pos for c in state.characters if c.side != me.side and c.fighting and c.pos is not None]
    return min((chebyshev(me.pos, f) for f in foes), default=99)


def _first_unwritten(state, side: int):
    for c in state.characters:
        if c.side == side and c.fighting and c.pos is not None and state.plan(c.id) is None:
            return c
    return None


def freeing_allies(state, me) -> tuple[list[Write], bool]:
    """``me``'s orders that free an entrapped ally beside it with its 1st
    Action (Use Item free, the ally named: seed, weapon properties,
    Entraps), for each ally ``why_free`` says it should free; then it
    strikes if an enemy is beside it, else guards the ally an enemy
    threatens, or walks on.  And whether it has nothing better to do (no
    enemy threatens the ally: it frees it because it can wound nobody)."""
    s, u = me.side, me.id
    strike = Act(s, A.FULL_ATTACK, "closest") if weapon(me).melee else Act(s, A.FALL_BACK)
    out, idle = [], True
    for c in state.characters:
        why = why_free(state, me, c) if c.side == s and c.fighting else ""
        if not why:
            continue
        threatened = not why.endswith(NOTHING_BETTER)
        idle = idle and not threatened
        free = Act(s, A.USE_ITEM, c.id, item="free")
        then = Act(s, A.GUARD, c.id) if threatened else Act(s, A.MOVE, "closest")
        out += [Write(s, u, free, C.ENEMY_ADJACENT, strike, then),
                Write(s, u, free, C.ENEMY_ADJACENT, strike, Act(s, A.DEFEND))]
    return out, idle and bool(out)


def suited(state, me, volleys: bool = False, guards: bool = False, presses: bool = False) -> list[Write]:
    """The orders the search tries for ``me``, best first: the templates
    (``fitting``), with an entrapped ally beside it freed first of all
    (:func:`freeing_allies`; those alone when it has nothing better to do),
    and no self-freeing for one an ally frees this Round already.  With
    ``presses`` (hard), against a side that holds back in its deployment
    zone (``holding_back``) it goes to them (``fitting``'s ``press``)."""
    press = presses and holding_back(state, 1 - me.side)
    own = fitting(state, me, volleys=volleys, guards=guards, press=press)
    if me.entrapped and being_freed(state, me, me.id):
        own = [w for w in own if not frees(w.first)] or own
    frees_ally, idle = freeing_allies(state, me)
    return frees_ally if idle else frees_ally + own


def kept_back(state, side: int) -> Deploy | None:
    """Where a beginner deploys its next shooter still to place: on the
    row of its zone farthest from the enemy's (the front row is the first
    a Charge or a thrown Javelin reaches), on the cell nearest the middle
    of the row (covered by the figures before it, and free to shoot either
    way).  None when every shooter of ``side`` is placed, or the zone has
    one row."""
    bf = state.battlefield
    waiting = [c for c in state.characters if c.side == side and c.pos is None and shooter(c)]
    if not waiting:
        return None
    free = open_cells(bf, side, {c.id: c.pos for c in state.characters})
    theirs = bf.zone_cells(1 - side)
    if not free or not theirs:
        return None

    def apart(cell) -> int:  # rows between the cell and the enemy's zone
        return min(abs(cell[1] - t[1]) for t in theirs)

    back = max(apart(c) for c in free)
    if back == min(apart(c) for c in free):
        return None
    row = [c for c in free if apart(c) == back]
    middle = sum(c[0] for c in row) / len(row)
    return Deploy(side, waiting[0].id, min(row, key=lambda c: (abs(c[0] - middle), c[0])))


class PlatemailKnowledge(Knowledge):
    rollout_depth = 10  # about one Round of writing for both sides, then it resolves

    # Measured, see Knowledge; a sample guesses the other side's orders.
    LIST_COST, DRAW_COST, SAMPLE_COST = (0.5, 0.07), 0.24, 3.0

    @property
    def volleys(self) -> bool:
        """Hard knows Rapid Fire's worth: two shots with Disfavor leave
        more wounds than one without (an archer's at an archer within
        Range: 0.62 wounds an Action against 0.45)."""
        return self.level is not None and self.level.name == "hard"

    @property
    def guards(self) -> bool:
        """Hard knows a Guard's worth too: its best-armoured fighter that
        can wound nobody within a Charge guards its shooter
        (``platemail_targets.guard``)."""
        return self.volleys

    @property
    def presses(self) -> bool:
        """Hard goes to a side that holds back: its search sees one Round
        ahead and expects the other side to come (its guesses are the
        orders that suit an active player), so against a side that only
        Defends in its deployment zone it stood off for the whole battle,
        shooting beyond Range and Defending where nobody came.  Against
        such a side (``holding_back``) its shooters walk into Range and
        shoot as hurts a Defending enemy most, its melee fighters walk to
        an enemy their weapons wound, and no one Defends with no enemy
        within a Charge of it (``platemail_targets.pressing_shot``,
        ``pressing_walk``)."""
        return self.volleys

    def apply_cost(self, state, order) -> float:
        """A commit that completes both sides' orders resolves the Round:
        the costliest order of the five rulesets."""
        if order is not None and order.verb == "commit" and state is not None and any(state.committed):
            return 18.0
        return 0.16

    def strength(self, state, side: int) -> float:
        """Characters fighting (what the Round limit counts), each weighted
        by the wounds it can still take; one a wound from falling with an
        enemy beside it counts a quarter less (it is likely to fall next),
        a loaded shooter or a Prepared spell a little more; a dying one a
        little."""
        foes = [c.pos for c in state.characters if c.side != side and c.fighting and c.pos is not None]
        total = 0.0
        for c in state.characters:
            if c.side != side:
                continue
            if c.status is Status.FIGHTING:
                left = max(0, c.max_wounds - c.wounds)
                value = 0.5 + 0.5 * left / max(1, c.max_wounds)
                if left <= 1 and c.pos is not None and any(chebyshev(c.pos, f) == 1 for f in foes):
                    value *= 0.75
                if c.prepared or (shooter(c) and c.loaded):
                    value += 0.05
                total += value
            elif c.status is Status.DYING:
                total += 0.1
        return total

    # -- what the side cannot see --------------------------------------------
    def sample_hidden(self, view, side: int, rng: random.Random):
        state = self.reseed(view, rng)
        if state.stage == "deploy":
            return state
        other = 1 - side
        watchers = [c for c in state.characters if c.side == side and c.fighting]
        beat = PASSIVE_BASE + max((c.perception for c in watchers), default=0) + 1
        taken = {c.pos for c in state.characters if c.pos is not None}
        free = [cell for cell in state.battlefield.cells()
                if cell not in taken and not state.battlefield.terrain(cell).blocks_move]
        chars = []
        for c in state.characters:
            if c.side == other and c.hidden and c.pos is None and c.status is not Status.DEAD and free:
                # Unseen skulker: anywhere free, with a roll the watchers fail to beat.
                cell = free.pop(rng.randrange(len(free)))
                c = attrs.evolve(c, pos=cell, stealth_roll=beat + rng.randrange(3))
            chars.append(c)
        state = attrs.evolve(state, characters=tuple(chars))
        if state.committed[other]:
            plans = list(state.plans)
            for c in state.characters:
                if c.side == other and c.fighting and c.pos is not None:
                    plans.append(self._guess(state, c, rng))
            state = attrs.evolve(state, plans=tuple(plans))
        return state

    def _guess(self, state, me, rng: random.Random) -> Write:
        """One of the orders that suit the other side's character (the best
        three, the best more often: :func:`guesses`)."""
        options = guesses(self.rules, state, me)
        if not options:
            return defend_only(me)
        return options[0] if rng.random() < 0.5 else rng.choice(options)

    # -- orders --------------------------------------------------------------
    def candidates(self, state, side: int, legal, limit: int, rng: random.Random):
        if state.stage == "deploy":
            back = kept_back(state, side)  # a shooter is never placed on the front row
            if back is not None and self.rules.check(state, back) is None:
                return [back]
        if state.stage != "orders":
            return super().candidates(state, side, legal, limit, rng)
        me = _first_unwritten(state, side)
        commit = [o for o in legal if o.verb == "commit"]
        if me is None:
            return commit or list(legal)[:1]
        # The few orders that suit the character, so the play-outs
        # concentrate on them (a Round turns on d20s: many candidates with a
        # few play-outs each cannot be told apart).
        own = [o for o in suited(state, me, volleys=self.volleys, guards=self.guards, presses=self.presses)
               if self.rules.check(state, o) is None]
        keep = max(3, limit // 2)
        if own:
            return own[:keep]
        listed = [o for o in legal if getattr(o, "unit", None) == me.id]
        near, fallen = _nearest(state, me), fallen_beside(state, me)
        return ([o for o in listed if not blunder(o, me, near, fallen, state)] or listed)[:keep] or commit

    def rollout_order(self, state, side: int, rng: random.Random):
        if state.stage != "orders":
            return super().rollout_order(state, side, rng)
        me = _first_unwritten(state, side)
        if me is None:
            return Commit(side)
        roll = rng.random()
        if roll < 0.9:
            own = suited(state, me, volleys=self.volleys, guards=self.guards, presses=self.presses)
            picks = own[:2] if roll < 0.6 else own
            for _ in range(3):
                pick = picks[0] if roll < 0.4 else rng.choice(picks)
                self.spend("check")
                if self.rules.check(state, pick) is None:
                    return pick
                picks = own
        self.spend("draw")
        return draw_write(state, me, rng) or Commit(side)

    def explain(self, view, side: int, order) -> str:
        if isinstance(order, Write):
            return explain_write(view, order)
        if order.verb == "commit":
            return "every character has orders"
        if isinstance(order, Deploy) and order == kept_back(view, side):
            return f"keeps {order.unit}, a shooter, on the back row of the zone, away from the front line"
        return ""
