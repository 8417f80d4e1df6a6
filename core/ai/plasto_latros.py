"""Plasto Latros: minis left (a Doomed one counts half), hundreds of
Movements cut down to those that close on the enemy or face it.

Tactics come before the search (``shortlist``): the game is diceless and
open, so every order's result is certain.  Each order is played on the
view; the most promising are then answered by the enemy's very next order
(its Defending Free Movement, or the first of its next turn's) with the
free shots its shooters add on its own turn, or by its final turn when it
alone could move then (:mod:`core.ai.plasto_threats`); a Doom, by the free
Movement or by the next turn the removals at this turn's end leave it.  A
shot is weighed with the shot that Dooms with it.  An order that wins
material and keeps some once the enemy has answered (a Doom, a kill, a
lifted Doom) is taken; otherwise the search chooses only among the orders
that lose least and leave the fewest minis the enemy could Doom, and
never among orders that were not answered.
Hard then answers the first of those with the enemy's next two orders: an
attack, and a second attacker on the mini it struck (a Threat leaves a
Movement, a shot costs none), which Dooms it before its owner may answer.
"""

from __future__ import annotations

from core.ai.knowledge import Knowledge
from core.ai.plasto_reasons import attack_words, dooms_named, placing_words
from core.ai.plasto_threats import (
    deploy_viewers,
    final_turn_loss,
    finish_pair,
    own_shot_dooms,
    shot_dooms,
    shots_given_up,
    sight_gainers,
)
from core.board import distance_squared, in_front_arc
from core.events import Removed
from core.rulesets.plasto_latros.events import Attacked, DoomFalls, DoomLifted, JumpedOn, ShotAt
from core.rulesets.plasto_latros.movement import blocked_cells, movements_for
from core.rulesets.plasto_latros.orders import Decline, FreeMove, Pass
from core.rulesets.plasto_latros.status import movable

# Orders answered by the enemy's next order (the best-looking ones), by
# level: hard answers eight times as many.  In 168 positions of seeded games
# where some order left no mini the enemy's next order Dooms, answering 24
# exposed a mini 28 times, 72 16 times and 192 7 times.  Hard won 48% of 40
# games against normal when both answered 24, 63% of 100 answering 192 (its
# slowest move 1.3 s, aim 3 s), and 50% of 100 when normal answered 72.
CHECKED = {"easy": 24, "normal": 24, "hard": 192}

# Orders hard answers with the enemy's next two orders: an attack (a Threat,
# a pin) and a second attacker on the same mini, which Dooms it before its
# owner may answer (``_paired``); easy and normal answer only the first.
# Over games 0-99 of the strength table's hard against normal (seeds
# 1000-1099), which the 192 answered alone had won 63 of: 69 answering 24
# this way, 68.5 answering 64 (slowest moves 0.8 s and 1.3 s).  Over 400
# games, 256 against 249: a blunder fewer, not a stronger player.
PAIRED = {"hard": 24}

# Movements of the minis at risk weighed more when every order weighed
# leaves one the enemy could Doom (``shortlist``): as many as easy and normal
# weigh at first, an eighth of hard's (its slowest move stays under 3 s).
ESCAPES = {"easy": 24, "normal": 24, "hard": 24}

# What the checks above answer an order with, as its reason names it: the
# enemy's next order (its Defending Free Movement, or its next turn's first
# Movement) with the free shots its shooters may add on its own turn; hard
# also an attack and a second attacker on the mini struck.
REACH = "its next Movement and free shots"
REACH_TWO = REACH + ", or an attack and a second attacker"
# In a final turn (*Ending The Game*) the enemy has nothing to answer with:
# no free Movement is owed (docs/rulings.md) and the game ends with the turn.
FINAL_TURN = "nothing can undo it: the enemy is owed no free Movement in a final turn, and the game ends with it"


def _beside(cells) -> frozenset:
    """The cells within one step of any of ``cells``, and they themselves."""
    return frozenset((x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _lost(state, events, side: int) -> set:
    """``side``'s minis Doomed in ``state``, or removed by ``events``."""
    out = {u for u in state.doomed if state.get(u).side == side}
    out.update(e.unit for e in events if isinstance(e, Removed) and state.get(e.unit).side == side)
    return out


def _idle_turn(view, side: int, order, events) -> bool:
    """A turn in place that attacks nobody and either leaves the nearest
    enemy out of the mini's front arc or turns a mini that faced it."""
    if order.verb != "turn" or any(isinstance(e, Attacked) for e in events):
        return False
    me = view.mini(order.unit)
    foes = [m.pos for m in view.minis if m.side != side and m.pos is not None]
    if me is None or me.pos is None or not foes:
        return False
    near = min(foes, key=lambda p: (distance_squared(p, me.pos), p))
    return in_front_arc(me.pos, me.facing, near) or not in_front_arc(me.pos, order.facing, near)


def _would(exposing: int, weighed: int) -> str:
    return f" ({exposing} of the {weighed} orders weighed would)" if exposing else ""


def _inner(order):
    """The Movement a Defending Free Movement wraps, else the order itself."""
    return order.order if isinstance(order, FreeMove) else order


class PlastoKnowledge(Knowledge):
    rollout_depth = 3  # listing Movements is costly: evaluate sooner
    wide = 1.4
    APPLY_COST, LIST_COST, DRAW_COST, SAMPLE_COST = 1.6, (0.6, 0.008), 0.35, 0.5  # measured, see Knowledge

    def strength(self, state, side: int) -> float:
        total = 0.0
        for m in state.minis:
            if m.side != side or m.id in state.destroyed:
                continue
            if m.pos is None and state.phase.name != "DEPLOY":
                continue
            total += 0.5 if m.id in state.doomed else 1.0
        return total

    def position(self, state, side: int) -> float:
        """Facing the nearest enemy is good (a mini is struck from behind)."""
        mine = [m for m in state.minis if m.side == side and m.pos is not None]
        foes = [m for m in state.minis if m.side != side and m.pos is not None]
        if not mine or not foes:
            return 0.0
        good = 0
        for m in mine:
            near = min(foes, key=lambda f: distance_squared(f.pos, m.pos))
            good += 1 if in_front_arc(m.pos, m.facing, near.pos) else -1
        return good / len(mine)

    # -- tactics before the search ---------------------------------------------
    facts: dict[str, str] = {}  # noqa: RUF012 - replaced, never changed, by each shortlist
    follow: dict = {}  # noqa: RUF012 - likewise: a shot -> the shooters whose shots complete its Doom

    def balance(self, state, side: int) -> float:
        return self.strength(state, side) - self.strength(state, 1 - side)

    def shortlist(self, view, side: int, legal):
        """The orders the search may choose among: the material winners
        that survive the enemy's reply, or else the safe orders (see the
        module's note); always among the orders answered.  Keeps a fact per
        kept order for its reason."""
        self.facts = {}
        if view.phase.name == "DEPLOY":
            return self._deploying(view, side, legal)
        if len(legal) < 2:
            return list(legal)
        now = self.balance(view, side)
        where = self.positions(view)
        self.follow = {}
        tried = []
        for i, order in enumerate(legal):
            self.spend("apply", order=order, state=view)
            after, events = self.rules.apply(view, order)
            if order.verb == "shoot":  # the first of a pair: the shots that Doom with it follow
                after, events, self.follow[order] = finish_pair(self.rules, after, events, order)
                self.spend("apply", len(self.follow[order]))
            # Passing removes the Doomed at the turn's end, whoever gives
            # the order: no material won by the order itself.
            gain = 0.0 if order.verb == "pass" else self.balance(after, side) - now
            tried.append((-gain, -self.prior(view, order, where), i, order, after, events))
        tried.sort(key=lambda t: t[:3])
        nets, doomed = {}, {}
        shots_now = len(own_shot_dooms(view, side))

        def weigh(batch) -> None:
            for neg_gain, _, _, order, after, events in batch:
                worst, doomable = self._answered(after, side)
                nets[order] = (-neg_gain, worst - now - shots_given_up(shots_now, side, after, events))
                doomed[order] = doomable

        checked = CHECKED.get(getattr(self.level, "name", ""), CHECKED["normal"])
        weigh(tried[:checked])
        if all(doomed.values()):
            # Every order weighed leaves a mini the enemy could Doom: weigh
            # as many Movements of those minis, out of the fewest enemy
            # shooters' view and farthest from the enemy first.
            at_risk = frozenset().union(*doomed.values())
            rest = [t for t in tried[checked:] if getattr(_inner(t[3]), "unit", None) in at_risk]
            seen: dict = {}
            rest.sort(key=lambda t: (t[0], self._viewers(view, side, t[3], seen), -self._room(view, side, t[3]),
                                     t[1], t[2]))
            weigh(rest[:ESCAPES.get(getattr(self.level, "name", ""), ESCAPES["normal"])])
        exposed = {o: len(d) for o, d in doomed.items() if d}
        best = max(net for _, net in nets.values())
        keep = [o for o, (_, net) in nets.items() if net >= best - 1e-9]
        # Of those, the ones that leave the fewest minis the enemy could Doom.
        fewest = min(exposed.get(o, 0) for o in keep)
        keep = [o for o in keep if exposed.get(o, 0) == fewest]
        by_order = {t[3]: t for t in tried}
        # A winner keeps some of what it wins once the enemy has answered.
        winners = [o for o in keep if nets[o][0] > 0 and nets[o][1] > 1e-9]
        if winners:
            for o in winners:
                gain, net = nets[o]
                self.facts[o.to_text()] = self._won(view, side, by_order[o][4], by_order[o][5],
                                                    whole=net >= gain - 1e-9, then=self.follow.get(o, ()))
            return self._paired(side, winners, by_order, now, best) or winners
        unsafe = [o for o in nets if o not in keep]
        if unsafe:
            for o in keep:
                self.facts[o.to_text()] = (
                    self._won(view, side, by_order[o][4], by_order[o][5], then=self.follow.get(o, ()),
                              back=f"can win it back with {REACH}, but no order weighed loses less (of {len(nets)})")
                    if nets[o][0] > 0 else  # material won back: a trade at best
                    f"loses least to what the enemy can do with {REACH} (of the {len(nets)} orders weighed)"
                    if o in exposed else
                    f"leaves no mini the enemy can Doom with {REACH}" + _would(len(exposed), len(nets)))
            keep = self._purposeful(view, side, keep, by_order, nets, best)
            return self._paired(side, keep, by_order, now, best) or keep
        # Every order answered fares alike: the search chooses among them
        # (an order not answered may be one that exposes a mini).
        answered = self._purposeful(view, side, list(nets), by_order, nets, best)
        return self._paired(side, answered, by_order, now, best) or answered

    def _purposeful(self, view, side: int, orders: list, by_order, nets, best: float) -> list:
        """``orders`` less the turns in place that waste a Movement: one
        that attacks nobody and leaves the nearest enemy out of the front
        arc, or turns a mini that faced it already.  When only such turns
        are left, passing instead, if passing loses no more."""
        useful = [o for o in orders if not _idle_turn(view, side, o, by_order[o][5])]
        if useful:
            return useful
        passing = [o for o in nets if o.verb == "pass" and nets[o][1] >= best - 1e-9]
        return passing or orders

    @staticmethod
    def _room(view, side: int, order) -> int:
        """How far (squared) from the nearest enemy ``order`` leaves its mini."""
        inner = _inner(order)
        cell = getattr(inner, "to", None) or view.get(inner.unit).pos
        foes = [m.pos for m in view.minis if m.side != side and m.pos is not None]
        return min((distance_squared(cell, f) for f in foes), default=0)

    @staticmethod
    def _viewers(view, side: int, order, seen: dict) -> int:
        """How many enemy shooters see where ``order`` leaves its mini."""
        inner = _inner(order)
        here = view.get(inner.unit).pos
        cell = getattr(inner, "to", None) or here
        if (here, cell) not in seen:
            seen[here, cell] = deploy_viewers(view, side, cell, leaving=here)
        return seen[here, cell]

    def _deploying(self, view, side: int, legal) -> list:
        """Deployment: the placings in view of the fewest enemy shooters
        already deployed (two shots Doom a mini, *Long Range Attacks*; the
        enemy may shoot before this side moves).  When every free cell is in
        view of two or more (an open field once its corners are taken), the
        placings that hide the most free cells behind the placed mini from
        them, so that the minis still to come have somewhere safe (seed 000:
        half of a target must be in view; minis block sight).  The game's
        own placing of every mini only when nothing tells the cells apart;
        the reason says what was weighed either way."""
        placings = [o for o in legal if o.verb == "deploy"]
        if not placings:
            return list(legal)
        seen: dict = {}
        for o in placings:
            if o.at not in seen:
                seen[o.at] = deploy_viewers(view, side, o.at)
        least = min(seen.values())
        keep = [o for o in placings if seen[o.at] == least]
        if least == 0:
            said = "out of every enemy shooter's front arc or view"
        elif least == 1 and max(seen.values()) > 1:
            said = "in view of 1 enemy shooter, the fewest it can be"
        elif least == 1:
            said = "in view of 1 enemy shooter, as is every free cell"
        else:
            keep, said = self._screens(view, side, keep, seen, least)
        if least == max(seen.values()) and least < 2:  # nothing tells the cells apart
            if not any(m.side != side and m.shooter and m.pos is not None for m in view.minis):
                said = "no enemy shooter is deployed yet (the enemy deploys after this side)"
            elif least == 0:
                said = "out of every enemy shooter's front arc or view, as is every free cell"
            for o in placings:
                self.facts[o.to_text()] = said
            return list(legal)
        for o in keep:
            self.facts[o.to_text()] = said
        return keep

    def _screens(self, view, side: int, placings: list, seen: dict, least: int) -> tuple[list, str]:
        """Every free cell in view of ``least`` (two or more) enemy
        shooters: the placings that hide the most other free cells from two
        of them, when minis are still to come; the words for the reason."""
        own = {m.id for m in view.minis if m.side == side and m.pos is None}
        said = f"in view of {least} enemy shooters, as is every free cell"
        if len(own) < 2 or len(seen) < 2:
            return placings, said
        by_cell: dict = {}
        for o in placings:
            by_cell.setdefault(o.at, o)
        hides = {}
        for cell, o in by_cell.items():
            self.spend("apply", order=o, state=view)
            after, _ = self.rules.apply(view, o)
            hides[cell] = sum(1 for c in seen if c != cell and deploy_viewers(after, side, c) < 2)
        most = max(hides.values())
        if most == 0:
            return placings, said
        return ([o for o in placings if hides[o.at] == most],
                f"{said}; it hides {most} free cell{'s' if most != 1 else ''} behind it from them")

    def _paired(self, side: int, orders, by_order, now: float, floor: float) -> list:
        """Hard only: the first of ``orders`` (they come best-looking
        first, each losing ``floor`` to the enemy's next order) answered by
        the enemy's best two orders, an attack and a second attacker on the
        mini it struck.  Those that lose the least to that pair, when some
        lose more; else nothing (keep them all)."""
        paired = PAIRED.get(getattr(self.level, "name", ""), 0)
        if not paired or len(orders) < 2:
            return []
        weighed = orders[:paired]
        answers = {o: self._answered(by_order[o][4], side, pairs=True) for o in weighed}
        nets = {o: worst - now for o, (worst, _) in answers.items()}
        best = max(nets.values())
        keep = [o for o in weighed if nets[o] >= best - 1e-9]
        if len(keep) == len(weighed):
            return []
        for o in keep:
            text = o.to_text()
            said = self.facts.get(text, "")
            exposes = bool(answers[o][1])
            if said and not said.startswith(("leaves", "loses")):  # a material winner's
                if best >= floor - 1e-9:  # the second order wins nothing back
                    self.facts[text] = said.replace(REACH, REACH_TWO)
            elif not exposes:
                exposing = sum(1 for _, doom in answers.values() if doom)
                self.facts[text] = f"leaves no mini the enemy can Doom with {REACH_TWO}" + _would(exposing, len(weighed))
            else:
                self.facts[text] = f"loses least to what the enemy can do with {REACH_TWO} (of {len(weighed)} weighed)"
        return keep

    def _answered(self, after, side: int, pairs: bool = False, movers=None) -> tuple[float, frozenset]:
        """The balance once the enemy has given its best next order (its
        free Movement, or its next turn's first order: this side's turn is
        taken to end here, its Doomed minis removed) with the free shots
        that follow it on its own turn (``plasto_threats``), and whether
        some such answer Dooms (or takes) a mini of this side.  With
        ``pairs``, an order that attacks one of this side's minis is
        followed by the enemy's best next order at that mini (``_second``).
        With ``movers``, only those enemy minis' Movements are tried."""
        if self.rules.outcome(after) is not None:
            return self.balance(after, side), frozenset()
        if after.pending_free and after.pending_free[0] == 1 - side and after.active == side:
            return self._defended(after, side, pairs)
        after = self._turn_ended(after, side)
        untouched = self.balance(after, side)
        lost = final_turn_loss(after, side)
        if lost is not None:  # the enemy's final turn: it surrounds what it can
            return untouched - lost, frozenset(m.id for m in after.minis if m.side == side and m.pos) if lost \
                else frozenset()
        if self.rules.outcome(after) is not None or 1 - side not in self.rules.to_act(after):
            return untouched, frozenset()
        already = frozenset(u for u in after.doomed if after.get(u).side == side)
        if movers is None:
            replies = self.rules.legal_orders(after, 1 - side)
        else:  # their Movements only (the enemy's shots are counted below)
            blocked = blocked_cells(after)
            replies = [o for m in after.minis if m.id in movers for o in movements_for(after, m, 1 - side, blocked=blocked)]
        self.spend("list", len(replies))
        near = _beside(m.pos for m in after.minis if m.side == side and m.pos is not None
                       and m.id not in after.destroyed)
        gains = sight_gainers(after, side)
        armed = bool(gains.free) or any(m.side != side and m.shooter for m in after.minis if m.pos)
        shot = shot_dooms(after, side) if armed else []
        shots = 0.5 * len(shot)
        worst, doomable = untouched - shots, set(shot)
        gained = set()  # (shooter, minis it newly shoots) already tried
        followed = set()  # (attacker, minis struck) already followed by a second attacker
        for reply in replies:
            key = None
            if not self._reaches(after, reply, near):
                key = self._gains(after, reply, gains)
                if key is None or key in gained:
                    continue
                gained.add(key)
            self.spend("apply", order=reply, state=after)
            answered, events = self.rules.apply(after, reply)
            struck = frozenset(e.target for e in events if isinstance(e, (Attacked, ShotAt, JumpedOn))
                               and after.mini(e.target).side == side)
            more = shot_dooms(answered, side) if armed and (struck or key is not None) else shot
            worst = min(worst, self.balance(answered, side) - 0.5 * len(more))
            doomable.update(more, _lost(answered, events, side))
            if not pairs:
                continue
            # Whether a second attacker Dooms a struck mini hardly depends on
            # where the first one stands: one follow-up per attacker and minis.
            pair = (getattr(_inner(reply), "unit", None), struck)
            if struck and pair not in followed:
                followed.add(pair)
                balance, doomed = self._second(answered, side, struck)
                worst = min(worst, balance)
                doomable.update(doomed)
        return worst, frozenset(doomable) - already

    def _turn_ended(self, state, side: int):
        """``state`` with this side's turn taken to end: its own free
        Movement, if owed, let go, then a pass (the Doomed are removed)."""
        for _ in range(2):
            if self.rules.outcome(state) is not None or side not in self.rules.to_act(state):
                break
            self.spend("apply")
            state, _ = self.rules.apply(state, Decline(side) if state.pending_free else Pass(side))
        return state

    def _defended(self, after, side: int, pairs: bool) -> tuple[float, frozenset]:
        """``_answered`` when the enemy owes its Defending Free Movement in
        this side's turn: a free Movement, this side's turn taken to end (the
        Doomed removed) and the enemy's free shots; or, the free Movement let
        go, its next turn's free shots or first Movement of a mini the turn's
        end frees (Locked with a removed mini, or Pinned; a tester lost one)."""
        already = frozenset(u for u in after.doomed if after.get(u).side == side)
        self.spend("apply")
        ended = self._turn_ended(self.rules.apply(after, Decline(1 - side))[0], side)
        freed = frozenset(m.id for m in ended.minis if m.side != side and movable(ended, m) and not movable(after, m))
        worst, first_turn = self._answered(ended, side, pairs, movers=freed)
        doomable = set(first_turn)
        gains = sight_gainers(ended, side) if self.rules.outcome(ended) is None else None
        near = _beside(m.pos for m in after.minis if m.side == side and m.pos is not None
                       and m.id not in after.destroyed)
        replies = self.rules.legal_orders(after, 1 - side)
        self.spend("list", len(replies))
        gained = set()
        for reply in replies:
            if not isinstance(reply, FreeMove):
                continue
            key = None
            if not self._reaches(after, reply, near):
                key = self._gains(ended, reply, gains)
                if key is None or key in gained:
                    continue
                gained.add(key)
            self.spend("apply", order=reply, state=after)
            answered, events = self.rules.apply(after, reply)
            if key is None and not any(isinstance(e, (Attacked, JumpedOn)) and after.mini(e.target).side == side
                                       for e in events):
                continue  # it attacks nothing: as if let go (above)
            if answered.pending_free or self.rules.outcome(answered) is not None:
                more: list = []  # this side's own free Movement answers first
                value = self.balance(answered, side)
            else:
                over = self._turn_ended(answered, side)
                more = shot_dooms(over, side)
                value = self.balance(over, side) - 0.5 * len(more)
            worst = min(worst, value)
            doomable.update(more, _lost(answered, events, side))
        return worst, frozenset(doomable) - already

    @staticmethod
    def _gains(state, reply, gains) -> tuple | None:
        """The key of an enemy Movement that brings a shooter to bear on a
        mini one attacker short of Doom (``SightGain``), else None."""
        if not gains:
            return None
        inner = _inner(reply)
        unit = getattr(inner, "unit", None)
        if unit not in gains.free or inner.verb in ("jump", "jump-attack", "shoot"):
            return None
        cell = getattr(inner, "to", None) or state.get(unit).pos
        targets = gains.targets(unit, cell, getattr(inner, "facing", None))
        return (unit, targets) if targets else None

    def _second(self, state, side: int, struck: frozenset) -> tuple[float, set]:
        """The balance after the enemy's best next order at a mini of
        ``side`` it has just attacked, with its free shots: a shot costs no
        Movement, and a Threat leaves a Movement for a second attacker,
        which Dooms the mini before its owner may answer.  With the minis of
        this side some such order Dooms."""
        if self.rules.outcome(state) is not None or 1 - side not in self.rules.to_act(state) \
                or side in state.pending_free:
            return self.balance(state, side), set()
        near = _beside(m.pos for m in state.minis if m.id in struck and m.pos is not None)
        replies = self.rules.legal_orders(state, 1 - side)
        self.spend("list", len(replies))
        shot = shot_dooms(state, side)
        worst, doomable = self.balance(state, side) - 0.5 * len(shot), set(shot) | _lost(state, (), side)
        for reply in replies:
            if not self._reaches(state, reply, near, struck):
                continue
            self.spend("apply", order=reply, state=state)
            answered, events = self.rules.apply(state, reply)
            shot = shot_dooms(answered, side)
            worst = min(worst, self.balance(answered, side) - 0.5 * len(shot))
            doomable.update(shot, _lost(answered, events, side))
        return worst, doomable

    @staticmethod
    def _reaches(state, order, near: frozenset, targets: frozenset | None = None) -> bool:
        """Whether ``order`` could attack one of the minis whose cells
        ``near`` surrounds (``_beside``): a shot or a jump attack (at one of
        ``targets``, when given), or a Movement ending beside one, in
        ``near`` (what else could Doom)."""
        inner = _inner(order)
        if inner.verb in ("shoot", "jump-attack"):
            return targets is None or getattr(inner, "target", None) in targets
        unit = getattr(inner, "unit", None)
        if unit is None:
            return False
        cell = getattr(inner, "to", None)
        if cell is None:
            m = state.mini(unit)
            cell = m.pos if m is not None else None
        return cell in near

    def _won(self, view, side: int, after, events, whole: bool = True, then=(), back: str = "") -> str:
        doomed = [e.unit for e in events if isinstance(e, DoomFalls) and view.mini(e.unit).side != side]
        lifted = [e.unit for e in events if isinstance(e, DoomLifted) and view.mini(e.unit).side == side]
        gone = [m.id for m in view.minis if m.side != side and m.id not in view.destroyed
                and m.id in after.destroyed]
        said = []
        if doomed:
            shots = f" with {' and '.join(then)}'s shot{'s' if len(then) > 1 else ''} after it" if then else ""
            said.append(f"Dooms {', '.join(doomed)}{shots}")
        if gone:
            said.append(f"removes {', '.join(gone)}")
        if lifted:
            said.append(f"lifts the Doom on {', '.join(lifted)}")
        won = " and ".join(said) or "wins material"
        if view.phase.name == "FINAL":
            return f"{won}, and {FINAL_TURN}"
        back = back or f"{'cannot win it back' if whole else 'can win back only part of it'} with {REACH}"
        return f"{won}, and the enemy {back}"

    def prior(self, state, order, where) -> float:
        """Attacks first; a Movement by how much nearer the enemy it ends
        and whether it then faces the nearest enemy (a mini struck from
        behind is Doomed; one facing away wastes the Movement); a turn in
        place only when it brings the nearest enemy into the front arc."""
        order = _inner(order)  # a Defending Free Movement wraps one
        if order.verb in ("shoot", "jump-attack", "destroy"):
            return 3.0
        facing = getattr(order, "facing", None)
        me = state.mini(getattr(order, "unit", "")) if facing is not None else None
        if facing is None or me is None or me.pos is None:
            return super().prior(state, order, where)
        cell = getattr(order, "to", None) or me.pos
        foes = [p for s, p in where.units.values() if s != me.side and p is not None]
        if not foes:
            return super().prior(state, order, where)
        near = min(foes, key=lambda p: (distance_squared(p, cell), p))
        faces = in_front_arc(cell, facing, near)
        if order.verb in ("turn", "stand"):
            if order.verb == "stand" or not in_front_arc(me.pos, me.facing, near):
                return 1.1 if faces else 0.4
            return 0.4  # it faced the nearest enemy already: a wasted Movement
        return super().prior(state, order, where) + (0.25 if faces else -0.25)

    def candidates(self, state, side: int, legal, limit: int, rng):
        """While Movements are left, passing is not searched: a short
        play-out cannot see what standing still gives away (the other
        side's free shots, or the end of the game when both sides pass), so
        a side that can still move or shoot does."""
        if state.phase.name == "PLAY" and not state.pending_free and state.movements_left > 0:
            acting = [o for o in legal if o.verb != "pass"]
            if acting:
                legal = acting
        return super().candidates(state, side, legal, limit, rng)

    def explain(self, view, side: int, order) -> str:
        """What the order does, found by playing it on the view (the game
        is diceless and open: the view is the whole position): the attack
        it makes and the Doom that falls, or how it stands to the nearest
        enemy afterwards -- facing it, behind it, out of its front arc,
        higher than before, closer."""
        fact = getattr(self, "facts", {}).get(order.to_text(), "")
        inner = _inner(order)
        unit = getattr(inner, "unit", None)
        me = view.mini(unit) if unit else None
        if unit is None or me is None or me.pos is None:
            return fact
        after, events = self.rules.apply(view, order)
        moved = after.mini(unit)
        said = (attack_words(view, side, unit, events, lifted_said="lifts the Doom" in fact,
                             doom_said=dooms_named(fact), at=moved.pos if moved is not None else None)
                or placing_words(view, after, side, inner, me))
        return ", ".join(p for p in (said, fact) if p)
