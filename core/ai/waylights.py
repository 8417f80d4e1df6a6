"""Waylights: fighters standing, weighed by the wounds they can still take.

Before the search, orders no beginner gives are dropped (``shortlist``):
a new clip while the old one still holds rounds, a step back after moving
up in the same turn, and an all-attack split (4/0) where an enemy could
strike it before its next turn.  Hard drops them at every node of its tree, for both sides,
not only from the order it gives now (``tree_shortlist``).  Easy drops a
beginner's slips besides (``EASY``: a counter that trades badly, a
sidestep for nothing, a change of weapon that wastes a prime...), and
only easy, so that normal and hard play as measured; easy does not end
a turn with an Action it would use (``idle_end``).  The reasons
state the chance to wound the rules give for what the side can see: a
target yet to declare its split declares it only when attacked, so its
chance is a range over the splits it may choose; every other order says
what it does on the board (``quiet_note``)."""

from __future__ import annotations

import attrs

from core.ai.knowledge import Knowledge
from core.board import chebyshev
from core.deployment import Deploy, DeployAll, Ready
from core.events import dice
from core.rulesets.waylights.combat import (
    DICE,
    attack_mods,
    attack_preview,
    cover_level,
    defence_mods,
    reaches,
    threshold,
)
from core.rulesets.waylights.exchange import exchange
from core.rulesets.waylights.glance import COVER_WORDS, could_strike, shots_from
from core.rulesets.waylights.orders import (
    Attack,
    Boost,
    Clip,
    Counter,
    Crystal,
    Defend,
    EndTurn,
    Finish,
    Move,
    Reload,
    Split,
    SplitMove,
    Step,
    TakeCover,
    Wield,
)
from core.rulesets.waylights.ruleset import counter_refusal_for


def wounding(p) -> float:
    """The chance a blow does at least one wound (a :class:`Preview`)."""
    return float(p.one_wound + p.two_plus)


class WaylightsKnowledge(Knowledge):
    rollout_depth = 10
    deeper = {"hard": 2.0}  # hard's slowest move was 1.0 s at the plain level (aim 3 s)
    tree_shortlist = frozenset({"hard"})  # hard expects the good shot everywhere it looks (docs/ai.md)
    APPLY_COST, LIST_COST, DRAW_COST, SAMPLE_COST = 0.8, (0.7, 0.02), 0.16, 0.5  # measured, see Knowledge

    def strength(self, state, side: int) -> float:
        total = 0.0
        for f in state.fighters:
            if f.side != side or f.status != "ready":
                continue
            if state.phase != "deploy" and f.pos is None:
                continue
            total += 0.4 + 0.6 * max(0, f.ko_at - f.penalty) / max(1, f.ko_at)
        return total

    def shortlist(self, view, side: int, legal):
        """Tactics before search, at every level: the orders no beginner
        gives are not searched, unless nothing else is legal.

        - when an attack is a good shot (``good_shot``), only the good
          shots at the target nearest its KO are searched: a beginner takes
          them;
        - *clip* while the wielded launcher's clip still holds rounds (a
          reload primes it from them; the new clip only wastes an Action);
        - a move that takes a fighter further from its nearest enemy after
          it has already moved this turn (forward then back: a zig-zag; a
          Split Move counts, as the figure no longer stands where its turn
          began), and one that ends where its turn began (out and back);
        - a 4/0 split (no dice to defend or counter with) where an enemy
          could strike the fighter before its next turn (``could_strike``:
          from where it stands, after a Move, or after priming its
          launcher or changing weapon; the split stands until then), and,
          once on 4/0, a move that ends where one could (and easy's 4/0
          where nobody it could wound is in reach: it could not walk up);
        - a counterattack that cannot wound the attacker when defending
          gives a better chance to stay up (``hopeless_counter``);
        - an attack that cannot wound its target if it defends, or
          whose chance its reason would give as 0% (``worth_attacking``):
          it gains nothing and may draw a counter.

        Easy, a beginner who presses on, drops more (issue 31, ``EASY``):
        - a counterattack likelier to cost it a wound than to give one
          (``losing_counter``);
        - a move that ends further from the nearest enemy unless its side
          is losing (``losing``: fewer standing, and more lost than it has
          knocked out; a side that began with fewer is not losing for
          that), and one that ends nearer while it is (it presses on, or
          keeps away, as the competent beginner does): every move of a
          turn goes one way, so back then forward is caught as forward
          then back is (the view does not say where the turn began);
        - a sidestep (a move that comes no nearer the nearest enemy) that
          brings no enemy it could wound within reach with an Action left
          to strike, unless, before it has moved or shot this turn, it
          ends on better cover;
        - while it can attack, a move that ends with none of those it can
          attack now within reach of its weapon, and, when some move
          opens an attack (brings an enemy it could wound within reach,
          an Action left to strike), every move that does not;
        - a change of weapon after priming the launcher this turn (the
          prime is wasted), or after shooting it while it can be primed
          again (FIRE | RELOAD, a row of the action table), or to a weapon
          that would reach no enemy it could wound from where it stands
          even once readied (and back again would be a zig-zag of weapons);
        - taking cover, unless it has stepped out with the free step alone
          and both Actions are left: the lost cover level counts only
          against shots in its own turn (a counter, suppression fire), and
          once an Action is spent, or none was, the Action buys nothing
          it will use;
        - ending the turn with an Action left while something a beginner
          does with it is kept (``idle_end``: an attack, a reload, a move
          that opens an attack or walks at the enemy...): it is not idle."""
        easy = self.level is not None and self.level.name in self.EASY
        if view.pending == "response" and view.attack is not None and len(legal) >= 2:
            if view.get(view.attack.target).side == side and (hopeless_counter(view)
                                                               or (easy and losing_counter(view))):
                return [o for o in legal if not isinstance(o, Counter)] or list(legal)
            return list(legal)
        me = view.find(view.active) if view.active else None
        if me is None or me.side != side or me.pos is None or len(legal) < 2:
            return list(legal)
        foes = [f for f in view.fighters if f.side != side and f.up]
        # moved this turn: a Move, the step, a Split Move (it leaves the figure elsewhere than it began)
        moved = view.moved or view.stepped or (view.exposed and view.target is None) or (
            view.turn_from is not None and me.pos != view.turn_from)
        # easy keeps away while its side is losing the fight, else presses on (one way all turn)
        behind = easy and losing(view, side)
        # whom it can attack where it stands with a chance to wound (easy keeps them in reach)
        attacking = {o.target for o in legal if isinstance(o, Attack) and o.unit == me.id
                     and worth_attacking(view, me, view.get(o.target))} if easy else set()

        def opens_attack(o) -> bool:
            """A move after which an Action is left to strike someone it
            could wound from there and not from here."""
            left = view.max_actions - view.actions - (0 if isinstance(o, Step) else 1)
            if left < 1 or not me.split:
                return False
            there = shots_from(view, me.id, [o.to, me.pos])
            new = set(there.get(o.to, ())) - set(there.get(me.pos, ()))
            moved_me = attrs.evolve(me, pos=o.to)
            return any(view.target in (None, t) and can_wound(view, moved_me, view.get(t)) for t in new)

        # it shot the launcher in hand this turn and can prime it again: FIRE | RELOAD (the action table)
        fired = view.target is not None and me.weapon.kind == "launcher"
        can_prime = any(isinstance(o, Reload) for o in legal)

        def walks_at(o) -> bool:
            """Easy presses on while its side is not behind: a move that
            ends nearer the nearest enemy."""
            return not behind and bool(foes) and min(chebyshev(o.to, f.pos) for f in foes) < \
                min(chebyshev(me.pos, f.pos) for f in foes)

        def blunder(o) -> bool:
            if isinstance(o, Attack) and o.unit == me.id:  # every level: nothing to gain, a counter to risk
                return not worth_attacking(view, me, view.get(o.target))
            if isinstance(o, Clip):
                i = me.template.weapons.index(me.weapon.name) if me.weapon.name in me.template.weapons else -1
                return i >= 0 and me.ammo[i] > 0
            if isinstance(o, Split) and o.unit == me.id and o.attack == DICE:
                # easy goes all out only with someone to strike: on 4/0 it may not walk up (above)
                return bool(could_strike(view, me.id)) or (easy and not woundable(view, attrs.evolve(me, split=DICE)))
            if isinstance(o, (Move, SplitMove, Step)) and o.unit == me.id and foes:
                if me.split == DICE and could_strike(view, me.id, o.to):
                    return True
                if moved and o.to == view.turn_from:  # back where the turn began: both moves for nothing
                    return True
                if moved or easy:
                    near = min(chebyshev(me.pos, f.pos) for f in foes)
                    after = min(chebyshev(o.to, f.pos) for f in foes)
                    if after > near and (moved or (easy and not behind)):
                        return True
                    if easy and after < near and behind:  # keeping away
                        return True
                    if easy and after == near and not opens_attack(o) and (
                            moved or view.exposed or not onto_cover(view, me.pos, o.to)):
                        return True  # a sidestep for nothing: no new shot, and no cover before moving
                    if attacking:  # easy: a move keeps one it can attack now within reach
                        return not set(shots_from(view, me.id, [o.to]).get(o.to, ())) & attacking
                    return False
            if easy and isinstance(o, Wield):  # a wasted prime, a shot not reloaded, or nobody to wound
                return view.reloading in ("reload", "both") or (fired and can_prime) \
                    or not woundable(view, readied(me, o.weapon))
            if easy and isinstance(o, TakeCover):  # only a step taken: both Actions left to use the cover
                return not (view.exposed and view.actions == 0)
            return False

        good = [o for o in legal if isinstance(o, Attack) and o.unit == me.id and self.good_shot(view, o)]
        if good:  # the target nearest its KO first
            left = {o: view.get(o.target).ko_at - view.get(o.target).wounds for o in good}
            return [o for o in good if left[o] == min(left.values())]
        kept = [o for o in legal if not blunder(o)]
        if easy:  # a move that opens an attack is the beginner's move (it walks up and strikes)
            walks = [o for o in kept if isinstance(o, (Move, SplitMove, Step))]
            opening = [o for o in walks if opens_attack(o)]
            if opening:
                kept = [o for o in kept if o in opening or o not in walks]
        if easy and idle_end(view, me, kept, lambda o: opens_attack(o) or walks_at(o)):
            kept = [o for o in kept if not isinstance(o, EndTurn)]
        return kept or list(legal)

    EASY = frozenset({"easy"})  # the levels that drop a beginner's extra blunders (``shortlist``)
    GOOD_SHOT = 0.5  # the least chance to wound, whatever the target's split, that is always taken

    def good_shot(self, view, order: Attack) -> bool:
        """An attack a beginner always makes: at least ``GOOD_SHOT`` to
        wound if the target defends, whatever split it may declare, or a
        target one wound from its KO with a third of a chance or more."""
        low, _, _ = wound_chances(view, order)
        t = view.get(order.target)
        return low >= self.GOOD_SHOT or (t.wounds + 1 >= t.ko_at and low >= 1 / 3)

    def prior(self, state, order, where) -> float:
        if order.verb == "split":  # more attack dice for an attacker in reach
            return 1.0 + 0.2 * order.attack
        if order.verb in ("reload", "take-cover"):
            return 1.4
        return super().prior(state, order, where)

    def explain(self, view, side: int, order) -> str:
        """The odds of a blow from the attack dice against the defence dice
        each figure has declared (``attack_preview``, the game's own
        preview), or how a move stands to the nearest enemy; any other
        order says what it does for the position (``quiet_note``), never
        the search's "best of N" (issue 31)."""
        if isinstance(order, Attack):
            return attack_note(view, order)
        if isinstance(order, Finish):
            return f"{order.target} is knocked out"
        if isinstance(order, EndTurn) and self.level is not None and self.level.name in self.EASY \
                and losing(view, side) and view.find(order.unit) is not None:
            me = view.get(order.unit)
            if not in_reach(view, me) and me.split != 0 and view.actions < view.max_actions:
                up = [sum(f.up for f in view.fighters if f.side == s) for s in (side, 1 - side)]
                return f"keeps its distance while behind, {up[0]} standing against {up[1]}"
        pending = view.attack
        if isinstance(order, (Defend, Counter)) and pending is not None:
            att, me = view.get(pending.attacker), view.get(order.unit)
            adice = att.split if att.split is not None else 2
            mine = DICE - me.split if me.split is not None else 2
            if isinstance(order, Defend):
                hurt = attack_preview(att, me, att.weapon, adice, mine)
                return f"{dice(mine)} v {adice}: {wounding(hurt):.0%} to be wounded"
            x = exchange(view, att.id, me.id)  # the whole exchange: a counter may be lost (the rulings)
            return (f"{dice(mine)} at {att.id}: {float(x.attacker_wound):.0%} to wound it, "
                    f"{float(x.target_wound):.0%} to be wounded")
        if isinstance(order, Split):
            if view.pending == "target-split" and pending is not None and pending.target == order.unit:
                att, me = view.get(pending.attacker), view.get(order.unit)
                adice = att.split if att.split is not None else 2
                hurt = attack_preview(att, me, att.weapon, adice, DICE - order.attack)
                return f"keeps {DICE - order.attack} to defend v {adice}: {wounding(hurt):.0%} to be wounded"
            if order.attack == 0:  # the rulings: no attack dice, no attack of its own
                return "no attack: all 4 dice to defend or counter"
            if order.attack == DICE:  # and no defence dice, no counter
                if could_strike(view, order.unit):
                    return "all 4 dice attack: none to defend or counter"
                return "all 4 dice attack: no enemy reaches it before its next turn"
            return self._in_reach(view, view.get(order.unit))
        if isinstance(order, (Move, SplitMove, Step)):
            me = view.get(order.unit)
            foes = [f for f in view.fighters if f.side != me.side and f.status == "ready" and f.pos is not None]
            if me.pos is None or not foes:
                return ""
            near = min(foes, key=lambda f: (chebyshev(f.pos, order.to), f.id))
            before, after = chebyshev(me.pos, near.pos), chebyshev(order.to, near.pos)
            if after < before:
                return f"closes on {near.id}, {after} cell{'s' if after != 1 else ''} away"
            if after > before:
                return f"draws back from {near.id}, {after} cells away"
            return sidestep_note(view, me, order.to, near.id, after)
        return quiet_note(view, side, order)

    @staticmethod
    def _in_reach(view, me) -> str:
        """Whom ``me``'s weapon reaches now (``combat.reaches``), if anyone."""
        if me is None or me.pos is None:
            return ""
        foes = in_reach(view, me)
        if not foes:
            return f"nobody in reach of the {me.weapon.name} yet"
        return f"{', '.join(sorted(foes)[:3])} in reach of the {me.weapon.name}"


def losing(view, side: int) -> bool:
    """Whether the fight is going against ``side``: fewer of its figures
    standing than of the other's, and more of them lost (knocked out or
    dead) than it has knocked out, so that a side that began smaller is
    not losing for that."""
    up, lost = [0, 0], [0, 0]
    for f in view.fighters:
        if f.status == "ready":
            up[f.side] += 1
        else:
            lost[f.side] += 1
    return up[side] < up[1 - side] and lost[side] > lost[1 - side]


def idle_end(view, me, kept, useful_move) -> bool:
    """Whether ending the turn among ``kept`` would leave an Action a
    beginner uses unused (issue 31: easy must not be idle): with an Action
    left, a finish, a reload, a new clip or a crystal is kept, or, with
    attack dice (0/4 is a stance held on purpose), an attack, a change
    to a weapon that reaches someone it could wound (easy keeps no
    other), or a move ``useful_move`` finds useful (one that opens an
    attack, or walks at the enemy).  Both Actions spent, the step alone is no reason to go on."""
    if view.actions >= view.max_actions or not any(isinstance(o, EndTurn) for o in kept):
        return False
    if any(isinstance(o, (Finish, Reload, Clip, Crystal)) for o in kept):  # no attack dice needed
        return True
    return me.split != 0 and any(isinstance(o, (Attack, Wield))
                                 or (isinstance(o, (Move, SplitMove, Step)) and useful_move(o)) for o in kept)


def can_wound(view, a, t) -> bool:
    """Whether an attack by ``a`` (where it stands, with the weapon in
    hand and its attack dice) could wound ``t`` if ``t`` defends: the
    highest attack roll against the least defence roll ``t`` may make
    (its declared defence dice, or none when it has yet to split) beats
    its Threshold ("Damage resolution"), and cover does not stop the shot
    outright.  The same sums as ``attack_preview``, without enumerating."""
    adice = a.split if a.split is not None else 2
    if adice <= 0 or a.pos is None or t.pos is None:
        return False
    w = a.weapon
    if w.ranged and (cover_level(view, a, t) or 0) >= 3:
        return False
    least = DICE - t.split if t.split is not None else 0
    best = 6 * adice + sum(v for _, v in attack_mods(a, w))
    return best - (least + sum(v for _, v in defence_mods(t, w))) > threshold(t)


SLIGHT = 0.005  # a chance to wound the reasons would give as 0%


def worth_attacking(view, a, t) -> bool:
    """Whether ``a`` attacking ``t`` now has a chance to wound it that
    the reasons would not give as 0% (``wound_chances``' highest, over the
    splits ``t`` may still choose)."""
    return can_wound(view, a, t) and wound_range(view, a, t)[1] >= SLIGHT


def woundable(view, me) -> list[str]:
    """The enemies ``in_reach`` of ``me`` that it could wound (``can_wound``)."""
    return [i for i in in_reach(view, me) if can_wound(view, me, view.get(i))]


def onto_cover(view, here, to) -> bool:
    """Whether the ground at ``to`` gives more cover than the ground at ``here``."""
    return view.battlefield.terrain(to).cover > view.battlefield.terrain(here).cover


def in_reach(view, me) -> list[str]:
    """The enemies still up that the weapon in ``me``'s hands reaches from
    where it stands (``combat.reaches``: a launcher must be primed)."""
    if me.pos is None:
        return []
    return sorted(f.id for f in view.fighters if f.side != me.side and f.status == "ready" and f.pos is not None
                  and reaches(view, me, f, me.weapon) is None)


def readied(me, weapon: str):
    """``me`` with ``weapon`` in hand, a launcher primed if its clip holds
    a round (what a change of weapon and a reload would give)."""
    i = me.template.weapons.index(weapon)
    primed = me.primed[:i] + (me.primed[i] or me.ammo[i] > 0,) + me.primed[i + 1:]
    return attrs.evolve(me, wielding=i, primed=primed)


def hopeless_counter(view) -> bool:
    """Whether countering the pending attack is a blunder: the counter
    cannot wound the attacker (the whole exchange, ``exchange.exchange``,
    as the response menu counts it) and defending leaves the target a
    strictly better chance not to be knocked out (``attack_preview`` of
    the attack dice against its defence dice)."""
    p = view.attack
    a, t = view.get(p.attacker), view.get(p.target)
    x = exchange(view, a.id, t.id)
    if x.attacker_wound > 0:
        return False
    adice = a.split if a.split is not None else 2
    kept = DICE - (t.split if t.split is not None else 2)
    return attack_preview(a, t, a.weapon, adice, kept).ko < x.target_ko


def losing_counter(view) -> bool:
    """Whether countering the pending attack trades badly: the counter is
    less likely to wound the attacker (the whole exchange, as the response
    menu counts it) than dropping the defence dice makes it likelier that
    the attack wounds the target (``attack_preview`` against the dice it
    would defend with, against none)."""
    p = view.attack
    a, t = view.get(p.attacker), view.get(p.target)
    x = exchange(view, a.id, t.id)
    adice = a.split if a.split is not None else 2
    kept = DICE - (t.split if t.split is not None else 2)
    defended = wounding(attack_preview(a, t, a.weapon, adice, kept))
    return x.attacker_wound < x.target_wound - defended


def wound_chances(view, order: Attack) -> tuple[float, float, bool]:
    """The chance ``order`` wounds its target if the target defends, as the
    attacker's side can know it: (lowest, highest, counter possible).

    A target that has declared its split keeps it (the rulings: "the
    target uses the allocation of its last turn"), so the chance is the
    preview's against its defence dice.  One yet to declare chooses its
    split after the attack is declared, any of 0-4 defence dice, so the
    chance is the range over them.  Cover is counted as the preview counts
    it.  A counter is the target's choice too (the attack then meets no
    defence dice): the third value says whether the rules allow one."""
    a, t = view.get(order.unit), view.get(order.target)
    low, high = wound_range(view, a, t)
    counter = counter_refusal_for(view, order) is None and (t.split is None or t.split < DICE)
    return low, high, counter


def wound_range(view, a, t) -> tuple[float, float]:
    """The lowest and highest chance that ``a`` attacking ``t`` now
    wounds it if it defends (``wound_chances``, without the counter)."""
    adice = a.split if a.split is not None else 2
    cover = min(cover_level(view, a, t) or 0, 3) if a.weapon.ranged else 0
    kept = [DICE - t.split] if t.split is not None else list(range(DICE + 1))
    chances = [wounding(attack_preview(a, t, a.weapon, adice, d, cover)) for d in kept]
    return min(chances), max(chances)


def attack_note(view, order: Attack) -> str:
    """"3 dice v 2: 58% to wound" against a declared split; against one
    still to come, the range over its splits ("3 dice v 0-4 by its split:
    26-100% to wound").  "if it defends" when it may counter instead."""
    a, t = view.get(order.unit), view.get(order.target)
    adice = a.split if a.split is not None else 2
    low, high, counter = wound_chances(view, order)
    cond = " if it defends" if counter else ""
    if t.split is None:
        return f"{dice(adice)} v 0-4 by its split: {low:.0%}-{high:.0%} to wound{cond}"
    cover = min(cover_level(view, a, t) or 0, 3) if a.weapon.ranged else 0
    p = attack_preview(a, t, a.weapon, adice, DICE - t.split, cover)
    ko = f", {float(p.ko):.0%} KO" if p.ko >= 0.005 and not counter else ""
    return f"{dice(adice)} v {DICE - t.split}: {low:.0%} to wound{cond}{ko}"


def cells(n: int) -> str:
    return f"{n} cell{'s' if n != 1 else ''}"


def sidestep_note(view, me, to, near: str, gap: int) -> str:
    """A move that comes no nearer the nearest enemy: the enemy it brings
    within reach of the weapon in hand, the cover of the ground it ends on,
    else that it keeps its distance."""
    there = shots_from(view, me.id, [to, me.pos])
    new = sorted(set(there.get(to, ())) - set(there.get(me.pos, ())))
    if new:
        return f"brings {', '.join(new[:3])} in reach of the {me.weapon.name}"
    ground, here = view.battlefield.terrain(to), view.battlefield.terrain(me.pos)
    if ground.cover > here.cover:
        return f"onto {ground.kind}: {COVER_WORDS[min(ground.cover, 3)]} cover, {cells(gap)} from {near}"
    return f"sidesteps, still {cells(gap)} from {near}"


def quiet_note(view, side: int, order) -> str:
    """What an order that neither attacks, answers an attack, splits nor
    moves does for the position, in facts a player can check on the board."""
    if isinstance(order, Deploy):
        ground = view.battlefield.terrain(order.at)
        where = f"on {ground.kind}, {COVER_WORDS[min(ground.cover, 3)]} cover" if ground.cover else "in the open"
        foes = [f for f in view.fighters if f.side != side and f.pos is not None]
        if foes:
            near = min(foes, key=lambda f: (chebyshev(f.pos, order.at), f.id))
            return f"{where}, {cells(chebyshev(near.pos, order.at))} from {near.id}"
        return where
    if isinstance(order, DeployAll):
        return "every figure left placed at once"
    if isinstance(order, Ready):
        return "every figure is placed"
    me = view.find(getattr(order, "unit", ""))
    if me is None or me.pos is None:
        return ""
    w = me.weapon
    if isinstance(order, TakeCover):
        if view.exposed:
            return "back into the cover it left, for the rest of its turn"
        return "not out of cover this turn: it changes nothing"
    if isinstance(order, Wield):
        ready = in_reach(view, attrs.evolve(me, wielding=me.template.weapons.index(order.weapon)))
        if ready:
            return f"{', '.join(ready[:3])} in reach of the {order.weapon}"
        later = in_reach(view, readied(me, order.weapon))
        if later:
            return f"{', '.join(later[:3])} in range once the {order.weapon} is primed"
        return f"nobody in reach of the {order.weapon} from here"
    if isinstance(order, Reload):
        shots = in_reach(view, readied(me, w.name))
        return f"primes the {w.name}: {', '.join(shots[:3])} in range" if shots else \
            f"primes the {w.name}: nobody in range yet"
    if isinstance(order, Clip):
        i = me.template.weapons.index(w.name)
        return f"{me.ammo[i]} rounds left: a new clip holds {w.capacity}"
    if isinstance(order, Crystal):
        return f"wound penalty {me.penalty} to {me.penalty - 1} on its rolls"
    if isinstance(order, Boost):
        return f"+1 {order.what} for the rest of the fight"
    if isinstance(order, EndTurn):
        return end_note(view, me)
    return ""


def end_note(view, me) -> str:
    """Why the turn ends here, in the first fact that settles it: no
    attack dice, no Action left, a launcher in hand that cannot shoot,
    nobody it may attack in reach, nobody in reach it could wound; else
    it holds with them in reach."""
    w = me.weapon
    if me.split == 0:
        return "no attack dice this turn: holds its ground"
    if view.actions >= view.max_actions:
        return "both Actions spent" if view.max_actions > 1 else "its one Action spent"
    if w.kind == "launcher" and w.name in me.template.weapons:
        i = me.template.weapons.index(w.name)
        if not me.primed[i]:
            return f"the {w.name} is not primed" + ("" if me.ammo[i] or me.spares[i] else " and has no rounds left")
    foes = in_reach(view, me)
    if view.target is not None:
        foes = [f for f in foes if f == view.target]  # the turn's one target
    if not foes:
        return f"nobody it may attack in reach of the {w.name}"
    if not any(worth_attacking(view, me, view.get(f)) for f in foes):
        t = view.get(foes[0])
        kept = f"{DICE - t.split} defence dice" if t.split is not None else "its defence dice"
        odds = "cannot wound" if not can_wound(view, me, t) else "has under 1% to wound"
        return f"holds: the {w.name} on {dice(me.split if me.split is not None else 2)} {odds} {t.id} " \
               f"through {kept}"
    return f"holds with {', '.join(foes[:3])} in reach of the {w.name}"
