"""Waylights: fighters standing, weighed by the wounds they can still take.

Before the search, orders no beginner gives are dropped (``shortlist``):
a new clip while the old one still holds rounds, a turn that goes back on
itself or spends an Action on what one Move gave (``waylights_turn``),
cover taken for nothing, attack dice that wound nobody, and an all-attack
split (4/0) where an enemy could strike it before its next turn.  Hard
drops them at every node of its tree, for both sides, not only from the
order it gives now (``tree_shortlist``).  Easy drops a beginner's slips
besides (``EASY``: a counter that trades badly, a move away while its side
is not losing...), and does not end a turn with an Action it would use
(``idle_end``).  The reasons state the chance to wound the rules give for
what the side can see: a target yet to declare its split declares it only
when attacked, so its chance is a range over the splits it may choose;
every other order says what it does on the board (``quiet_note``)."""

from __future__ import annotations

import attrs

from core.ai.knowledge import Knowledge
from core.ai.waylights_chances import (  # noqa: F401  (can_wound, wounding: read by the tests from here)
    SLIGHT,
    can_wound,
    hopeless_counter,
    in_reach,
    losing_counter,
    onto_cover,
    primed_reach,
    readied,
    ready_in_one,
    shooters_left,
    smash_wasted,
    worth_attacking,
    wound_chances,
    wound_range,
    woundable,
    wounding,
)
from core.ai.waylights_turn import (
    cover_back,
    free_strike,
    idles_afar,
    move_between,
    nearest,
    one_move,
    openings,
    presses_on,
    runs_from_cover,
    too_few_to_defend,
    turn_so_far,
    useless_split,
    wasted_move,
)
from core.board import chebyshev
from core.deployment import Deploy, DeployAll, Ready
from core.events import dice
from core.rulesets.waylights.combat import DICE, attack_preview, cover_level
from core.rulesets.waylights.exchange import exchange
from core.rulesets.waylights.glance import COVER_WORDS, could_strike, shots_from
from core.rulesets.waylights.movement import reachable
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
from core.rulesets.waylights.state import rebuild


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
        - a move that goes back on the turn (``waylights_turn``): further
          from the nearest enemy after closing in, nearer after drawing
          back, back where the turn began; a sidestep (no nearer) that
          opens no attack (an enemy it could wound brought within reach,
          an Action left to strike) and ends on no better cover; a second
          Move or Split Move to a cell the first Move could have reached;
          a closing move that stops short of reach where another move
          opens an attack; after walking up, a move with the last Action
          instead of a blow the target cannot answer (MOVE | KICK); after
          firing a launcher it can prime again, a move nearer the enemy or
          a change of weapon (FIRE | RELOAD);
        - taking cover with no Action left after it, or with no cover to go
          back into against an enemy's shot (only its own turn's shots
          meet the lost level: a counter, suppression fire);
        - a split of 1-3 attack dice that could wound none of the enemies
          within a Move and its weapon's span (0/4 loses nothing then);
        - ending the turn with an Action left while a finish, a reload, a
          new clip, a crystal or an unanswerable blow is kept, or half-way
          through closing in where an enemy reaches it anyway
          (``presses_on``);
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
          it gains nothing and may draw a counter; and one naming a smash
          its KO would likely make worthless (``smash_wasted``);
        - a 0/4 split while an enemy on 4/0 could be struck this turn
          (``defenceless_in_reach``), and, with a good shot at one once the
          launcher in hand is primed, anything but the reload
          (``prime_for_good_shot``);
        - cover is better only while an enemy can still shoot
          (``shooters_left``).

        Easy, a beginner who presses on, drops more (issue 31, ``EASY``):
        - a counterattack likelier to cost it a wound than to give one
          (``losing_counter``);
        - a move that ends further from the nearest enemy unless its side
          is losing (``losing``: fewer standing, and more lost than it has
          knocked out; a side that began with fewer is not losing for
          that), and one that ends nearer while it is (it presses on, or
          keeps away, as the competent beginner does);
        - a sidestep onto better cover once it has moved or shot;
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
          and both Actions are left;
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
        good = [o for o in legal if isinstance(o, Attack) and o.unit == me.id and self.good_shot(view, o)
                and not smash_wasted(view, o)]
        if good:  # the target nearest its KO first
            left = {o: view.get(o.target).ko_at - view.get(o.target).wounds for o in good}
            return [o for o in good if left[o] == min(left.values())]
        prime = self.prime_for_good_shot(view, me, legal)
        if prime:
            return prime
        foes = [f for f in view.fighters if f.side != side and f.up]
        # moved this turn: a Move, the step, a Split Move (it leaves the figure elsewhere than it began)
        moved = view.moved or view.stepped or (view.exposed and view.target is None) or (
            view.turn_from is not None and me.pos != view.turn_from)
        # easy keeps away while its side is losing the fight, else presses on (one way all turn)
        behind = easy and losing(view, side)
        # whom it can attack where it stands with a chance to wound (easy keeps them in reach)
        attacking = {o.target for o in legal if isinstance(o, Attack) and o.unit == me.id
                     and worth_attacking(view, me, view.get(o.target))} if easy else set()
        can_prime = any(isinstance(o, Reload) for o in legal)
        mine = [o for o in legal if isinstance(o, (Move, SplitMove, Step)) and o.unit == me.id]
        turn = turn_so_far(view, me, foes, moved, can_prime) if foes else None
        # a move that opens an attack (an Action left to strike someone it could wound from there only)
        opening = openings(view, me, mine) if foes and mine else set()
        # what one Move from where the turn began reached (a second move there wastes an Action)
        first_move = one_move(view, me, turn.start) if turn and turn.walked and view.actions + 1 == view.max_actions \
            and any(not isinstance(o, Step) for o in mine) else None
        strikes_free = bool(turn and turn.walked and view.actions + 1 == view.max_actions) \
            and free_strike(view, me, legal)

        def walks_at(o) -> bool:
            """Easy presses on while its side is not behind: a move that
            ends nearer the nearest enemy."""
            return not behind and bool(foes) and nearest(foes, o.to) < nearest(foes, me.pos)

        # cover counts only against a shot: none while no enemy can shoot (a tester's hard walked round
        # the crates onto a low wall beside the enemy it could strike from where it stood)
        shot_at = shooters_left(view, side)

        def better_cover(here, to) -> bool:
            return shot_at and onto_cover(view, here, to)

        def blunder(o) -> bool:
            if isinstance(o, Attack) and o.unit == me.id:  # every level: nothing to gain, a counter to risk
                return not worth_attacking(view, me, view.get(o.target)) or smash_wasted(view, o)
            if isinstance(o, Split) and o.unit == me.id and o.attack == 0 and view.pending == "split":
                return bool(defenceless_in_reach(view, me))  # a beginner readies and strikes it
            if isinstance(o, Clip):
                i = me.template.weapons.index(me.weapon.name) if me.weapon.name in me.template.weapons else -1
                return i >= 0 and me.ammo[i] > 0
            if isinstance(o, Split) and o.unit == me.id and o.attack == DICE:
                # easy goes all out only with someone to strike: on 4/0 it may not walk up (above)
                return bool(could_strike(view, me.id)) or (easy and not woundable(view, attrs.evolve(me, split=DICE)))
            if isinstance(o, Split) and o.unit == me.id and o.attack == DICE - 1 and view.pending == "split" \
                    and too_few_to_defend(view, me, o.attack):  # 3/1 where two or more can strike it
                return True
            if isinstance(o, Split) and o.unit == me.id:  # attack dice that wound nobody it could attack
                return useless_split(view, me, o.attack, foes)
            if isinstance(o, (Move, SplitMove, Step)) and o.unit == me.id and turn is not None:
                if me.split is not None and me.split >= DICE - 1:  # 4/0 where one can strike it,
                    threats = too_few_to_defend(view, me, me.split, o.to)  # 3/1 where more can than here
                    if threats and (me.split == DICE or len(threats) > len(could_strike(view, me.id))):
                        return True
                if runs_from_cover(view, me, o, turn.near_now, nearest(foes, o.to)):
                    return True
                if moved and o.to == view.turn_from:  # back where the turn began: both moves for nothing
                    return True
                near, after = turn.near_now, nearest(foes, o.to)
                if moved and after > near and not turn.drew_back:  # forward then back
                    return True
                if wasted_move(view, turn, o, after, first_move, strikes_free):
                    return True
                if after < near and turn.fired:
                    return True  # FIRE | RELOAD: no walking up unprimed
                if after == near and o not in opening and (
                        not better_cover(me.pos, o.to) or (easy and (moved or view.exposed))):
                    return True  # a sidestep for nothing: no new blow, no better cover (easy: before moving)
                if easy:
                    if after > near and not behind:
                        return True
                    if after < near and behind:  # keeping away
                        return True
                    if attacking:  # easy: a move keeps one it can attack now within reach
                        return not set(shots_from(view, me.id, [o.to]).get(o.to, ())) & attacking
                return False
            if isinstance(o, Wield) and turn is not None and turn.fired:  # FIRE | RELOAD
                return True
            if easy and isinstance(o, Wield):  # a wasted prime, or nobody to wound with it
                return view.reloading in ("reload", "both") or not woundable(view, readied(me, o.weapon))
            if isinstance(o, TakeCover):  # an Action left to use it, and cover that counts against a shot
                return view.actions + 1 >= view.max_actions or not cover_back(view, me) or (
                    easy and not (view.exposed and view.actions == 0))
            return False

        kept = [o for o in legal if not blunder(o)]
        walks = [o for o in kept if isinstance(o, (Move, SplitMove, Step))]
        if any(o in opening for o in walks):  # a move that opens an attack: none that stops short of one
            # (easy, a beginner who walks up and strikes, keeps no other move at all)
            kept = [o for o in kept if o in opening or o not in walks
                    or not (easy or nearest(foes, o.to) < nearest(foes, me.pos))]
        if easy and idle_end(view, me, kept, lambda o: o in opening or walks_at(o)):
            kept = [o for o in kept if not isinstance(o, EndTurn)]
        elif not easy and (idle_end(view, me, kept, lambda o: False, free_only=True)
                           or (view.actions < view.max_actions and free_strike(view, me, kept))):
            kept = [o for o in kept if not isinstance(o, EndTurn)]  # free goods: an Action does them at no risk
        if not easy and idles_afar(view, me, kept, foes, better_cover):
            kept = [o for o in kept if not isinstance(o, EndTurn)]
        if turn is not None and presses_on(view, me, turn, kept, foes):
            kept = [o for o in kept if not isinstance(o, EndTurn)]
        return kept or list(legal)

    EASY = frozenset({"easy"})  # the levels that drop a beginner's extra blunders (``shortlist``)
    GOOD_SHOT = 0.5  # the least chance to wound, whatever the target's split, that is always taken

    def good_shot(self, view, order: Attack) -> bool:
        """An attack a beginner always makes: at least ``GOOD_SHOT`` to
        wound if the target defends, whatever split it may declare, or a
        target one wound from its KO with a third of a chance or more."""
        low, _, _ = wound_chances(view, order)
        return self.good_chance(low, view.get(order.target))

    def prime_for_good_shot(self, view, me, legal) -> list:
        """With both Actions left and the launcher in hand unprimed, the
        orders that ready a good shot (``good_shot``'s odds, the weapon
        primed) at an enemy on 4/0, who can neither defend nor counter:
        the reload, and a change to a weapon that has that shot now.  A
        tester's archer, a defenceless mook one wound from its KO in range,
        split, drew back and changed to a knife that reached nobody."""
        if view.pending or not me.split or view.max_actions - view.actions < 2 or me.weapon.kind != "launcher":
            return []
        reload = [o for o in legal if isinstance(o, Reload) and o.unit == me.id]
        if not reload or me.ammo[me.wielding] <= 0:
            return []  # an empty clip: a new clip, then the reload: no Action left to shoot
        primed = readied(me, me.weapon.name)
        shots = {i for i in in_reach(view, primed) if view.get(i).split == DICE  # no defence dice, no counter
                 and self.good_chance(wound_range(view, primed, view.get(i))[0], view.get(i))}
        if not shots:
            return []
        swaps = [o for o in legal if isinstance(o, Wield) and o.unit == me.id
                 and shots & set(in_reach(view, readied(me, o.weapon)))]
        return reload + swaps

    def good_chance(self, low: float, t) -> bool:
        """``good_shot``'s test of a chance to wound ``t``, lowest over its splits."""
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
            armed = attrs.evolve(view.get(order.unit), split=order.attack)
            reached = in_reach(view, armed)
            useless = reached and not any(can_wound(view, armed, view.get(f)) for f in reached)
            threats = could_strike(view, order.unit)  # the split defends it until its next turn
            if order.attack < DICE - order.attack and not useless:  # mostly defence: what its dice are for
                if threats:
                    return f"keeps {DICE - order.attack} to defend: {', '.join(threats[:3])} can strike it"
            if threats and not useless:  # the reach rule of the split picker's warning (glance.could_strike)
                both = f"{self._in_reach(view, armed)}; {DICE - order.attack} to defend v {', '.join(threats[:3])}"
                return both if len(both) <= 60 else \
                    f"keeps {DICE - order.attack} to defend: {', '.join(threats[:3])} can strike it"
            return self._in_reach(view, armed)
        if isinstance(order, (Move, SplitMove, Step)):
            me = view.get(order.unit)
            foes = [f for f in view.fighters if f.side != me.side and f.status == "ready" and f.pos is not None]
            if me.pos is None or not foes:
                return ""
            # nearer or further from the nearest enemy, as the tactics judge a move (``waylights_turn``)
            near = min(foes, key=lambda f: (chebyshev(f.pos, order.to), f.id))
            here = min(foes, key=lambda f: (chebyshev(f.pos, me.pos), f.id))
            before, after = chebyshev(me.pos, here.pos), chebyshev(order.to, near.pos)
            gap = squares(view, near.pos, order.to, after)
            if after < before:
                return f"closes on {near.id}, {gap} away"
            if after > before:
                return f"draws back from {here.id}, " + (f"{gap} away" if near is here else f"{gap} from {near.id}")
            return sidestep_note(view, me, order.to, near.id, gap)
        return quiet_note(view, side, order)

    @staticmethod
    def _in_reach(view, me) -> str:
        """Whom ``me``'s weapon reaches now (``combat.reaches``), if anyone,
        and whether its attack dice could wound any of them (``can_wound``)."""
        if me is None or me.pos is None:
            return ""
        foes = in_reach(view, me)
        if not foes:
            later = primed_reach(view, me)  # in range, the launcher unprimed: its reload comes first
            if later:
                return f"{', '.join(later[:3])} in range of the {me.weapon.name} once primed"
            return f"nobody in reach of the {me.weapon.name} yet"
        if not any(can_wound(view, me, view.get(f)) for f in foes):
            return f"{', '.join(sorted(foes)[:3])} in reach, none it can wound on {dice(me.split or 0)}"
        return f"{', '.join(sorted(foes)[:3])} in reach of the {me.weapon.name}"


def defenceless_in_reach(view, me) -> list[str]:
    """The enemies on 4/0 (no defence dice, no counter: *Attack and
    Defense*) that ``me``, about to split with both Actions ahead, could
    strike this turn without moving, readying a weapon with one Action at
    most (``ready_in_one``), and wound with a single attack die."""
    if me.pos is None or view.max_actions < 2:
        return []
    out: set[str] = set()
    for armed in ready_in_one(me):
        armed = attrs.evolve(armed, split=1)
        out.update(i for i in in_reach(view, armed)
                   if view.get(i).split == DICE and can_wound(view, armed, view.get(i)))
    return sorted(out)


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


def idle_end(view, me, kept, useful_move, free_only: bool = False) -> bool:
    """Whether ending the turn among ``kept`` would leave an Action a
    beginner uses unused (issue 31: easy must not be idle): with an Action
    left, a finish, a reload, a new clip or a crystal is kept (what
    ``free_only`` counts: they cost nothing but the Action, at every
    level), or, with attack dice (0/4 is a stance held on purpose), an
    attack, a change to a weapon that reaches someone it could wound (easy
    keeps no other), or a move ``useful_move`` finds useful (one that opens
    an attack, or walks at the enemy).  Both Actions spent, the step alone
    is no reason to go on."""
    if view.actions >= view.max_actions or not any(isinstance(o, EndTurn) for o in kept):
        return False
    if any(isinstance(o, (Finish, Reload, Clip, Crystal)) for o in kept):  # no attack dice needed
        return True
    return not free_only and me.split != 0 and any(
        isinstance(o, (Attack, Wield)) or (isinstance(o, (Move, SplitMove, Step)) and useful_move(o)) for o in kept)


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


def squares(view, frm, to, n: int) -> str:
    """"4 squares, 7 Move": the king-move count and the Move it takes to
    walk it over the ground (``move_between``: a diagonal costs 2)."""
    return f"{cells(n).replace('cell', 'square')}, {move_between(view, frm, to)} Move"


def sidestep_note(view, me, to, near: str, gap: str) -> str:
    """A move that comes no nearer the nearest enemy: the enemy it brings
    within reach of the weapon in hand, the cover of the ground it ends on,
    else that it keeps its distance."""
    there = shots_from(view, me.id, [to, me.pos])
    new = sorted(set(there.get(to, ())) - set(there.get(me.pos, ())))
    if new:
        return f"brings {', '.join(new[:3])} in reach of the {me.weapon.name}"
    ground, here = view.battlefield.terrain(to), view.battlefield.terrain(me.pos)
    if ground.cover > here.cover and shooters_left(view, me.side):  # cover counts only against a shot
        return f"onto {ground.kind}: {COVER_WORDS[min(ground.cover, 3)]} cover, {gap} from {near}"
    return f"sidesteps, still {gap} from {near}"


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
        back = cover_back(view, me)
        if back:
            best = max(back.values())
            who = ", ".join(sorted(i for i, v in back.items() if v == best)[:3])
            return f"back into {COVER_WORDS[best]} cover against {who} for the rest of its turn"
        if view.exposed:
            return "no cover from any shooter here: it changes nothing"
        return "not out of cover this turn: it changes nothing"
    if isinstance(order, Wield):
        ready = in_reach(view, attrs.evolve(me, wielding=me.template.weapons.index(order.weapon)))
        if ready:
            return f"{', '.join(ready[:3])} in reach of the {order.weapon}"
        later = in_reach(view, readied(me, order.weapon))
        if later:
            return f"{', '.join(later[:3])} in range once the {order.weapon} is primed"
        return wield_note(view, me, order.weapon)
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


def wield_note(view, me, weapon: str) -> str:
    """Why change to ``weapon`` when it reaches nobody from here even
    readied: the enemies it would reach after one Move, else what is
    wrong with the weapon in hand (broken, out of rounds), else that it
    is for an enemy that closes in (it counters with the weapon in hand)."""
    armed = readied(me, weapon)
    there = rebuild(view, fighters=tuple(armed if f.id == me.id else f for f in view.fighters))
    near = shots_from(there, me.id, reachable(there, me.id, me.template.move))
    after = sorted({i for ids in near.values() for i in ids})
    if after:
        return f"{', '.join(after[:3])} in reach of the {weapon} after a Move"
    w = me.weapon
    if w.unarmed:
        return f"its {me.template.weapons[me.wielding]} is broken: the {weapon} instead"
    i = me.wielding
    if w.kind in ("launcher", "thrown") and me.ammo[i] <= 0 and not me.primed[i] and not me.spares[i]:
        return f"the {w.name} has no rounds left: the {weapon} instead"
    return f"nobody a Move away: the {weapon} to counter with"


def end_note(view, me) -> str:
    """Why the turn ends here, in the first fact that settles it: no
    attack dice, no Action left, a launcher in hand that cannot shoot,
    nobody it may attack in reach, nobody in reach it could wound; else
    it holds with them in reach."""
    w = me.weapon
    if me.split == 0:
        foes = [f for f in view.fighters if f.side != me.side and f.up]
        if view.turn_from is not None and me.pos != view.turn_from and foes:
            near = min(foes, key=lambda f: (chebyshev(f.pos, me.pos), f.id))
            return f"no attack dice this turn: stops {cells(chebyshev(near.pos, me.pos))} from {near.id}"
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
        kept = dice(DICE - t.split, "defence") if t.split is not None else "its defence dice"
        odds = "cannot wound" if not can_wound(view, me, t) else "has under 1% to wound"
        return f"holds: the {w.name} on {dice(me.split if me.split is not None else 2)} {odds} {t.id} " \
               f"through {kept}"
    return f"holds with {', '.join(foes[:3])} in reach of the {w.name}"
