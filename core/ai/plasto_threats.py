"""Plasto Latros: what the enemy's free shots and its final turn can Doom,
for the tactics of :mod:`core.ai.plasto_latros` (a search's judgement: the
rules' own check stays as it is).

A shot costs no Movement and each shooter may declare one a turn
(*Long Range Attacks*), so on its own turn the enemy adds a shot from every
shooter still free to shoot, at every mini in that shooter's front arc of
which half or more is in view.  Two counting attackers of any kind Doom a
mini, so do one counting attacker and one shot, and any attack on a prone
one (docs/rulings.md, *Doom*).  :func:`shot_loss` counts the minis the
enemy's shots Doom in the position as it stands; :func:`sight_gainers`
finds the Movements that bring one more shooter to bear on a mini one
attacker short of Doom.  When only the enemy has minis able to move it takes
a *final turn* (*Ending The Game*): :func:`final_turn_loss`.  The side's own
shots this turn: :func:`own_shot_dooms` (what they Doom from where its
shooters stand), :func:`finish_pair` (a shot and the one that Dooms with it)
and :func:`shots_given_up` (an order that spoils them).
"""

from __future__ import annotations

from core.board import RAY_COUNT
from core.rulesets.plasto_latros.combat import can_shoot, can_target, sight_figures
from core.rulesets.plasto_latros.events import DoomFalls
from core.rulesets.plasto_latros.grid import grid, in_front, open_ray_count
from core.rulesets.plasto_latros.orders import Shoot
from core.rulesets.plasto_latros.state import Phase
from core.rulesets.plasto_latros.status import doomed_ids, movable, statuses, valid_attacker


def _shooters(state, enemy: int) -> list:
    """The enemy's shooters able to declare a shot now."""
    return [m for m in state.minis if m.side == enemy and m.pos is not None and can_shoot(state, m)]


def _targets(state, side: int) -> list:
    """``side``'s minis on the battlefield not already Doomed."""
    doomed = set(doomed_ids(state))
    return [m for m in state.minis if m.side == side and m.pos is not None and m.id not in doomed]


def _counting(state, unit: str) -> int:
    """The counting (valid) attackers already attacking ``unit``."""
    if not state.attacks:
        return 0
    return sum(1 for a in state.attacks if a.target == unit and valid_attacker(state, a.attacker))


def _needs(state, mini) -> int:
    """Attackers more that Doom ``mini``: one on a prone mini or beside a
    counting attacker, else two."""
    return 1 if mini.prone or _counting(state, mini.id) else 2


def enemy_shoots(state, side: int) -> bool:
    """Whether the enemy of ``side`` gives the next orders of its own turn
    here (it may shoot), a Defending Free Movement it or ``side`` owes aside."""
    return state.phase is Phase.PLAY and state.active == 1 - side and state.result is None


def shot_dooms(state, side: int) -> list[str]:
    """The minis of ``side`` the enemy's free shots Doom from here (its own
    turn), each shooter shooting once: the minis needing fewest shots first."""
    if not enemy_shoots(state, side):
        return []
    return _dooms_by_shots(state, side)


def own_shot_dooms(state, side: int) -> list[str]:
    """The enemy minis ``side``'s own free shots Doom this turn from where
    its shooters stand (it gives the orders here; a shot costs no Movement)."""
    if state.phase is not Phase.PLAY or state.active != side or state.result is not None:
        return []
    return _dooms_by_shots(state, 1 - side)


def finish_pair(rules, after, events, shot):
    """``shot`` (applied: ``after``, ``events``) followed by the shots of
    its side's other shooters free to shoot that Doom its target with it
    (two counting attackers Doom), when enough of them can: the position,
    the events and those shooters; else the shot alone and no shooters."""
    mini = after.get(shot.target)
    if mini.pos is None or shot.target in doomed_ids(after):
        return after, events, []
    seen_by = [s.id for s in _shooters(after, shot.side) if can_target(after, s, mini)]
    need = _needs(after, mini)
    if len(seen_by) < need:
        return after, events, []
    events = list(events)
    for unit in seen_by[:need]:
        after, more = rules.apply(after, Shoot(shot.side, unit, shot.target))
        events += more
    return after, events, seen_by[:need]


def shots_given_up(shots_now: int, side: int, after, events) -> float:
    """What an order gives up of the ``shots_now`` Dooms ``side``'s free
    shots could make this turn from where its shooters stand (half a mini
    each): a Movement taking a shooter out of line, or a pass, spends a
    Doom for nothing.  A Doom the order makes itself is not given up."""
    if not shots_now:
        return 0.0
    made = sum(1 for e in events if isinstance(e, DoomFalls) and after.get(e.unit).side != side)
    return 0.5 * max(0, shots_now - len(own_shot_dooms(after, side)) - made)


def _dooms_by_shots(state, side: int) -> list[str]:
    """The minis of ``side`` the other side's shooters free to shoot here
    Doom, each shooting once: the minis needing fewest shots first."""
    shooters = _shooters(state, 1 - side)
    if not shooters:
        return []
    wanted = []
    for mini in _targets(state, side):
        seen_by = [s.id for s in shooters if can_target(state, s, mini)]
        need = _needs(state, mini)
        if len(seen_by) >= need:
            wanted.append((need, mini.id, seen_by))
    wanted.sort()
    used: set[str] = set()
    out = []
    for need, unit, seen_by in wanted:
        free = [s for s in seen_by if s not in used]
        if len(free) >= need:
            used.update(free[:need])
            out.append(unit)
    return out


def shot_loss(state, side: int) -> float:
    """What the enemy's free shots take from ``side``'s balance here: half
    a mini for each mini they Doom (a Doomed mini counts half)."""
    return 0.5 * len(shot_dooms(state, side))


def one_short(state, side: int) -> dict[str, set[str]]:
    """``side``'s minis that one more enemy attacker Dooms, counting the
    shots the enemy has now: each with the shooters already on it."""
    if not enemy_shoots(state, side):
        return {}
    shooters = _shooters(state, 1 - side)
    out = {}
    for mini in _targets(state, side):
        seen_by = {s.id for s in shooters if can_target(state, s, mini)}
        if len(seen_by) == _needs(state, mini) - 1:
            out[mini.id] = seen_by
    return out


class SightGain:
    """Which of the enemy's Movements bring a shooter to bear on a mini
    ``one_short`` (it Dooms it with the shots the enemy has): the shooter
    free to shoot after it, the mini in the front arc it ends with, half or
    more of it in view from the cell it ends on (its own old cell empty)."""

    def __init__(self, state, side: int) -> None:
        self.state, self.side = state, side
        self.short = one_short(state, side)
        self.free = {m.id for m in state.minis if m.side != side and m.shooter and m.pos is not None
                     and movable(state, m) and m.id not in state.shot_this_turn}
        self.seen: dict[tuple, bool] = {}

    def __bool__(self) -> bool:
        return bool(self.short and self.free)

    def targets(self, unit: str | None, cell, facing) -> frozenset[str]:
        """The minis one short that ``unit`` ending on ``cell`` facing
        ``facing`` could shoot and was not counted on already."""
        if unit not in self.free or cell is None or facing is None:
            return frozenset()
        state = self.state
        out = []
        for target, shooters in self.short.items():
            if unit in shooters:
                continue
            there = state.get(target).pos
            if not in_front(cell, facing, there):
                continue
            key = (unit, cell, target)
            if key not in self.seen:
                figures = (sight_figures(state) - {state.get(unit).pos}) | {cell}
                open_rays = open_ray_count(grid(state.battlefield), cell, there, figures)
                self.seen[key] = open_rays * 2 >= RAY_COUNT
            if self.seen[key]:
                out.append(target)
        return frozenset(out)


def sight_gainers(state, side: int):
    """A :class:`SightGain` for the enemy's next Movement from ``state``."""
    return SightGain(state, side)


def final_turn_loss(state, side: int) -> float | None:
    """When the enemy alone may move and takes its final turn here, what
    ``side`` loses at most: every movable enemy mini relocated into the back
    arc of one of ``side``'s minis Dooms it (none of them can answer), and
    the game ends with the Doomed removed; else None."""
    if state.phase is not Phase.FINAL or state.active != 1 - side or state.result is not None:
        return None
    busy = statuses(state).busy if state.attacks else ()
    movers = sum(1 for m in state.minis if m.side != side and m.pos is not None and m.id not in busy)
    return float(min(len(_targets(state, side)), movers))


def deploy_viewers(state, side: int, cell, leaving=None) -> int:
    """How many enemy shooters would see a mini of ``side`` on ``cell``
    (front arc, half or more of it in view): one being deployed, or one
    moving there from ``leaving`` (that cell then empty)."""
    from core.rulesets.plasto_latros.combat import shot_fraction
    from core.rulesets.plasto_latros.state import Mini

    probe = Mini("?", side, False, cell)
    figures = sight_figures(state)
    if leaving is not None:
        figures = figures - {leaving}
    return sum(1 for m in state.minis if m.side != side and m.shooter and m.pos is not None and not m.prone
               and in_front(m.pos, m.facing, cell) and shot_fraction(state, m, probe, figures) >= 0.5)
