"""Applying checked orders: Movements, attacks, the Defending Free
Movement, the end of a turn and the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.board import Battlefield, Facing
from core.deployment import Deploy, DeployAll, Ready, auto_deploy
from core.events import Moved, Note, Placed, Removed, TurnEnded, TurnStarted, cell_text
from core.memo import carry
from core.values import evolve

from .combat import destroyers, may_destroy, needed_for, new_contacts, shot_fraction
from .events import ArtifactDestroyed, DoomFalls, DoomLifted, FreeMovementOwed, JumpedOn, ShotAt
from .grid import DELTA, in_back
from .orders import (
    Climb,
    Decline,
    Destroy,
    FreeMove,
    Jump,
    JumpAttack,
    Move,
    Movement,
    Pass,
    Relocate,
    Shoot,
    Stand,
    Turn,
)
from .state import Attack, Kind, Mini, Phase, PlastoState, Result, rebuild
from .status import (
    doom_reason,
    doomed_ids,
    free_eligible,
    moved_statuses,
    not_counting,
    statuses,
    valid_attacker,
)

# the members as plain names: an Enum member read from its class costs a lookup
# in Python code each time (hot paths compare phases and kinds several times an order)
_FINAL, _OVER, _PLAY = Phase.FINAL, Phase.OVER, Phase.PLAY
_CONTACT, _JUMP, _SHOT = Kind.CONTACT, Kind.JUMP, Kind.SHOT


def deploy_facing(bf: Battlefield, side: int) -> Facing:
    """Minis deploy facing the middle of the battlefield."""
    cells = bf.zone_cells(side)
    if not cells:
        return Facing.N if side == 0 else Facing.S
    cx = sum(c[0] for c in cells) / len(cells)
    cy = sum(c[1] for c in cells) / len(cells)
    dx, dy = (bf.width - 1) / 2 - cx, (bf.height - 1) / 2 - cy
    if abs(dy) >= abs(dx):
        return Facing.S if dy > 0 else Facing.N
    return Facing.E if dx > 0 else Facing.W


def own_ids(state: PlastoState, side: int) -> list[str]:
    return [m.id for m in state.minis if m.side == side]


def apply_order(state: PlastoState, order) -> tuple[PlastoState, list]:
    events: list = []
    if isinstance(order, Movement):  # the commonest order first (the kinds below are disjoint)
        state = do_movement(state, order, events, movements_left=state.movements_left - 1, acted_this_turn=True)
        return settle(state, events), events
    if isinstance(order, (Deploy, DeployAll, Ready)):
        return _deployment(state, order, events), events
    if isinstance(order, FreeMove):
        # the log says whose free Movement this is before the Movement's own lines
        # (a whole sentence: no colon left hanging before the next line, tester t2)
        events.append(Note(f"{state.players[order.side]} takes the Defending Free Movement with {order.order.unit}"))
        state = do_movement(state, order.order, events, pending_free=state.pending_free[1:])
        return settle(state, events, free=order.order.unit), events
    if isinstance(order, Decline):
        events.append(Note(f"{state.players[order.side]} declines the Defending Free Movement"))
        state = rebuild(state, pending_free=state.pending_free[1:])
        return settle(state, events), events
    if isinstance(order, Shoot):
        shooter, target = state.get(order.unit), state.get(order.target)
        percent = round(shot_fraction(state, shooter, target) * 100)
        events.append(ShotAt(shooter.id, target.id, percent))
        state = rebuild(state, attacks=state.attacks + (Attack(_SHOT, shooter.id, target.id),),
                             shot_this_turn=state.shot_this_turn + (shooter.id,), acted_this_turn=True)
        return settle(state, events), events
    if isinstance(order, Destroy):
        return _destroy(state, order, events), events
    if isinstance(order, Relocate):
        mini = state.get(order.unit)
        # A prone mini's relocation stands it up as part of it (docs/rulings.md, *Ending*).
        stands = "stands and " if mini.prone else ""
        if order.to == mini.pos:  # relocated to its own cell: it stays put, perhaps turning (as a turn is a Note)
            events.append(Note(f"{mini.id} {stands}stays put at {cell_text(order.to)}, facing {order.facing.value}"))
        else:
            events.append(Moved(mini.id, mini.pos, order.to, stands + "sweeps"))
        mini = Mini(mini.id, mini.side, mini.shooter, order.to, order.facing, False)
        state = rebuild(state, minis=_with(state, mini), attacks=state.attacks + new_contacts(state, mini, events),
                       final_moved=state.final_moved + (mini.id,), acted_this_turn=True)
        return settle(state, events), events
    if isinstance(order, Pass):
        # Only a turn with no Movement, shot or artifact attack is a pass; two
        # in a row end the game (*Ending The Game*; see end_turn).  A turn
        # that did something and is given up here simply ends.
        done = "ends the turn" if state.acted_this_turn else "passes"
        events.append(Note(f"{state.players[order.side]} {done}"))
        return end_turn(state, events), events
    raise TypeError(f"not a Plasto Latros order: {order!r}")


def do_movement(state: PlastoState, order: Movement, events: list, **changes) -> PlastoState:
    """The state after ``order`` (its contact attacks made), with the
    other ``changes`` to the state made at the same time."""
    minis = state.minis
    unit = order.unit
    for index, mini in enumerate(minis):  # noqa: B007  (both are used after the break)
        if mini.id == unit:
            break
    if isinstance(order, JumpAttack):
        events.append(JumpedOn(unit, order.target))
        return rebuild(state, attacks=state.attacks + (Attack(_JUMP, unit, order.target),), **changes)
    side, shooter, start = mini.side, mini.shooter, mini.pos
    moved = True
    if isinstance(order, (Move, Climb)):
        how = "moves" if isinstance(order, Move) else "climbs"
        events.append(Moved(unit, start, order.to, how))
        mini = Mini(unit, side, shooter, order.to, order.facing, mini.prone)
    elif isinstance(order, Jump):
        events.append(Moved(unit, start, order.to, "jumps down"))
        events.append(Note(f"{unit} lands prone"))
        mini = Mini(unit, side, shooter, order.to, order.facing, True)
    elif isinstance(order, Turn):
        events.append(Note(f"{unit} turns to face {order.facing.value}"))
        mini = Mini(unit, side, shooter, start, order.facing, mini.prone)
        moved = False
    elif isinstance(order, Stand):
        events.append(Note(f"{unit} stands up facing {order.facing.value}"))
        mini = Mini(unit, side, shooter, start, order.facing, False)
        moved = False
    new = new_contacts(state, mini, events)
    if new:
        changes["attacks"] = state.attacks + new
    after = rebuild(state, same_places=not moved, minis=minis[:index] + (mini,) + minis[index + 1:], **changes)
    if state.memo.entries and (moved or not new):
        derive: dict[str, Callable[[Any], Any]] = {}
        if moved:
            # one figure changed cells: the cells it leaves and enters are all
            # that changes in the blocked cells and the figures closing sight
            end = mini.pos

            def shift(cells: frozenset) -> frozenset:
                return (cells - {start}) | {end}

            derive["blocked"] = derive["sight-figures"] = shift
        if not new:  # the same attacks: the same statuses but for the mini
            derive["statuses"] = lambda known: moved_statuses(known, mini, state.attacks)
        carry(state.memo, after.memo, (), derive)
    return after


def _with(state: PlastoState, mini: Mini) -> tuple[Mini, ...]:
    """The state's minis with ``mini`` in the place of the one of its id."""
    unit = mini.id
    return tuple(mini if m.id == unit else m for m in state.minis)


def _deployment(state: PlastoState, order, events: list) -> PlastoState:
    side = order.side
    facing = deploy_facing(state.battlefield, side)
    if isinstance(order, Deploy):
        events.append(Placed(order.unit, order.at))
        return state.replace(evolve(state.mini(order.unit), pos=order.at, facing=facing))
    if isinstance(order, DeployAll):
        positions = {m.id: m.pos for m in state.minis}
        placed = auto_deploy(state.battlefield, side, own_ids(state, side), positions)
        for unit, cell in placed.items():
            events.append(Placed(unit, cell))
            state = state.replace(evolve(state.mini(unit), pos=cell, facing=facing))
        return state
    # Ready
    if side == 0:
        events.append(Note(f"{state.players[0]} is ready; {state.players[1]} deploys"))
        return rebuild(state, active=1)
    events.append(TurnStarted(1, f"{state.players[0]} moves first"))
    return rebuild(state, phase=_PLAY, active=0, turn=1, movements_left=2)


def _destroy(state: PlastoState, order: Destroy, events: list) -> PlastoState:
    feature = next(f for f in state.features if f.id == order.feature)
    who = tuple(m.id for m in destroyers(state, order.side, feature))
    events.append(ArtifactDestroyed(feature.id, feature.kind, who))
    state = rebuild(state, features=tuple(f for f in state.features if f.id != feature.id),
                         destroyed=state.destroyed + (feature.id,), acted_this_turn=True)
    if state.options.goal == "artifacts" and not state.features:
        return rebuild(state, phase=_OVER,
                            result=Result(state.options.raider, "every artifact was destroyed"))
    return settle(state, events)


def free_answer_possible(state: PlastoState, side: int) -> bool:
    # Every eligible mini has a Movement to offer: a prone one may stand
    # up, a standing one may at least turn (see movements_for).
    return any(free_eligible(state, m) for m in state.on_board() if m.side == side)


_HOW = {Kind.CONTACT: "in contact", Kind.SHOT: "shooting", Kind.JUMP: "jumping down on it"}


def doom_attackers(state: PlastoState, unit: str) -> tuple[str, ...]:
    """The attackers that count towards ``unit``'s Doom, each with its cell
    and how it attacks ("B2 at 3,4 (in contact, from behind)"), for Why?."""
    mini = state.mini(unit)
    out = []
    for a in state.attacks:
        attacker = state.mini(a.attacker)
        if a.target != unit or attacker is None or attacker.pos is None or not valid_attacker(state, a.attacker):
            continue
        how = _HOW[a.kind]
        if a.kind is Kind.CONTACT and mini is not None and mini.pos is not None \
                and in_back(mini.pos, mini.facing, attacker.pos):
            how += ", from behind"
        out.append(f"{a.attacker} at {attacker.pos[0]},{attacker.pos[1]} ({how})")
    return tuple(out)


def lifted(state: PlastoState, unit: str, free: str = "") -> DoomLifted:
    """``unit``'s Doom lifting, with each attacker of it that stopped
    counting and why (:func:`status.not_counting`), and those that still
    count."""
    stopped = dict.fromkeys(not_counting(state, a.attacker) for a in state.attacks
                            if a.target == unit and not valid_attacker(state, a.attacker))
    return DoomLifted(unit, tuple(stopped), doom_attackers(state, unit), free)


def settle(state: PlastoState, events: list, free: str = "") -> PlastoState:
    """After every order: announce Doom falling and lifting, owe Defending
    Free Movements, resolve jumps and remove the Doomed prone minis once
    nobody owes an answer, and end the turn when its Movements are spent.
    ``free``: the mini whose Defending Free Movement the order was (a Doom
    it lifts says so)."""
    while state.attacks or state.doomed:  # else no Doom to announce, no jump to resolve
        now = doomed_ids(state)
        if not now and not state.doomed:  # no Doom falls or lifts, nothing is owed: the state stays
            if state.pending_free or not statuses(state).jumping:
                break
            state = _resolve_jumps(state, events)
            continue
        before = set(state.doomed)
        newly = [u for u in now if u not in before] if now else ()
        for unit in newly:
            events.append(DoomFalls(unit, _doomed_reason(state, unit), doom_attackers(state, unit)))
        for unit in state.doomed:
            mini = state.mini(unit)
            if unit not in now and mini is not None and mini.pos is not None:
                events.append(lifted(state, unit, free))
        pending = state.pending_free
        if state.phase is _PLAY:
            # One Defending Free Movement per player per dooming event;
            # the player not taking the turn answers first.
            sides = sorted({state.get(u).side for u in newly}, key=lambda s: s == state.active) if newly else ()
            for side in sides:
                if side in pending:
                    continue
                if free_answer_possible(state, side):
                    pending += (side,)
                    events.append(FreeMovementOwed(side, state.players[side]))
                else:
                    events.append(Note(f"{state.players[side]} has no mini free to answer the Doom"))
        if now != state.doomed or pending != state.pending_free:
            state = rebuild(state, doomed=now, pending_free=pending)
        if pending:  # the answer comes first
            break
        if statuses(state).jumping:
            state = _resolve_jumps(state, events)
            continue
        # A mini lying flat dies at once from an attack that succeeds
        # (*Climbing Movement On Terrain*): one still counting now that no
        # free Movement is owed (docs/rulings.md, *Removal*).
        prone = [unit for unit in now if state.get(unit).prone]
        if not prone:
            break
        for unit in prone:
            events.append(Removed(unit, _doomed_reason(state, unit)))
        state = _remove_all(state, prone)
    if (state.phase is _PLAY and not state.pending_free and state.movements_left <= 0
            and not free_actions_left(state)):
        if state.shot_this_turn:  # a shot after the last Movement: say why no other one waits for pass
            events.append(Note(turn_ends_by_itself(state)))
        state = end_turn(state, events)
    return state


def turn_ends_by_itself(state: PlastoState) -> str:
    """Why a turn whose Movements are spent ends after a shot without a
    ``pass`` (docs/rulings.md, *Long range*)."""
    artifacts = " and no artifact attack" if state.features else ""
    return (f"No Movement left, no other mini with a target at half in view{artifacts}: "
            f"{state.players[state.active]}'s turn ends")


def free_actions_left(state: PlastoState) -> bool:
    """Shots or artifact attacks the player could still declare; while there
    are some, a turn whose Movements are spent waits for ``pass``."""
    side = state.active
    minis = state.minis
    shot = state.shot_this_turn
    known = statuses(state) if state.attacks else None
    for m in minis:
        # can_shoot, then can_target against any target: stop at the first
        # (sight is costly)
        if m.side != side or not m.shooter or m.pos is None or m.prone or m.id in shot:
            continue
        if known is not None and (m.id in known.targeted or m.id in known.locked or m.id in known.jumping):
            continue
        (x, y), (fx, fy) = m.pos, DELTA[m.facing._name_]
        for t in minis:
            there = t.pos
            if t.side == side or there is None:
                continue
            # in_front(m.pos, m.facing, there), written out
            tx, ty = there[0] - x, there[1] - y
            dot = fx * tx + fy * ty
            if dot > 0 and -dot <= fx * ty - fy * tx <= dot and shot_fraction(state, m, t) >= 0.5:
                return True
    features = state.features
    if features and may_destroy(state, side):  # (no generator made for a field without artifacts)
        for f in features:
            if len(destroyers(state, side, f)) >= needed_for(f):
                return True
    return False


def _doomed_reason(state: PlastoState, unit: str) -> str:
    """Why ``unit``, one of the Doomed, is Doomed."""
    reason = doom_reason(state, state.get(unit))
    assert reason is not None  # the Doomed each have their reason
    return reason


def _resolve_jumps(state: PlastoState, events: list) -> PlastoState:
    for attack in [a for a in state.attacks if a.kind is _JUMP]:
        state = rebuild(state, attacks=tuple(a for a in state.attacks if a != attack))
        jumper, target = state.get(attack.attacker), state.get(attack.target)
        if target.pos is None or jumper.pos is None:
            continue
        if not valid_attacker(state, jumper.id):
            events.append(Note(f"{jumper.id}'s jump is stopped: {target.id} is spared and no longer Pinned"))
            continue
        cell = target.pos
        events.append(Removed(target.id, f"jumped on by {jumper.id}"))
        state = _remove(state, target.id)
        events.append(Moved(jumper.id, jumper.pos, cell, "lands"))
        events.append(Note(f"{jumper.id} ends prone"))
        state = state.replace(evolve(jumper, pos=cell, prone=True))
    return state


def _remove(state: PlastoState, unit: str) -> PlastoState:
    return _remove_all(state, (unit,))


def _remove_all(state: PlastoState, units, **changes) -> PlastoState:
    """``units`` taken off the battlefield with their attacks (``changes``
    made at the same time, an ``attacks`` among them filtered too)."""
    gone = set(units)
    minis = tuple(Mini(m.id, m.side, m.shooter, None, m.facing, False) if m.id in gone else m
                  for m in state.minis)
    attacks = changes.pop("attacks", state.attacks)
    return rebuild(state, minis=minis, attacks=tuple(a for a in attacks if a.attacker not in gone and a.target not in gone),
                  doomed=tuple(u for u in state.doomed if u not in gone), **changes)


def _rounds(n: int) -> str:
    return f"{n} round{'s' if n != 1 else ''}"


def end_turn(state: PlastoState, events: list) -> PlastoState:
    """Doomed minis die, shots lapse, then the game ends or the next turn begins.

    The Doomed die together (their reasons taken before any is removed).  A
    removal can free an attacker and so Doom another mini: that Doom is not
    recorded here but left to the :func:`settle` of the next turn's start,
    which announces it and owes its Defending Free Movement like any other."""
    attacks = state.attacks
    dying = [(unit, _doomed_reason(state, unit)) for unit in doomed_ids(state)] if attacks else ()
    for unit, reason in dying:
        events.append(Removed(unit, reason))
    contact = tuple([a for a in attacks if a.kind is _CONTACT]) if attacks else attacks
    if dying:
        state = _remove_all(state, [unit for unit, _ in dying], attacks=contact)
    elif len(contact) != len(state.attacks):
        state = rebuild(state, attacks=contact)
    passes = 0 if state.acted_this_turn else state.passes_in_row + 1
    events.append(TurnEnded(state.turn, f"{state.players[state.active]}'s turn"))
    # Only Dooms already announced (and still holding) count as known.
    doomed = state.doomed
    if doomed:
        still = set(doomed_ids(state))
        doomed = tuple([u for u in doomed if u in still])
    opts = state.options
    over = None
    if state.phase is _FINAL:
        over = "the final turn has been played"
    elif passes >= 2:
        over = "both players passed in turn"
    elif opts.turn_limit and state.turn >= 2 * opts.turn_limit:
        over = f"the turn limit of {_rounds(opts.turn_limit)} was reached"
    elif state.turn >= 2 * opts.safety_limit:
        over = f"the safety limit of {_rounds(opts.safety_limit)} was reached"
    if over is not None:
        return finish(rebuild(state, passes_in_row=passes, doomed=doomed, pending_free=()), over)
    left, able = [False, False], [False, False]
    busy = statuses(state).busy if state.attacks else ()
    for m in state.minis:
        if m.pos is not None:
            left[m.side] = True
            if m.id not in busy:  # movable
                able[m.side] = True
    if not left[0] or not left[1]:
        return finish(rebuild(state, passes_in_row=passes, doomed=doomed, pending_free=()), NO_MINIS)
    phase, active = _PLAY, 1 - state.active
    if not any(able):
        return finish(rebuild(state, passes_in_row=passes, doomed=doomed, pending_free=()),
                      "no mini on either side can move")
    if able[0] != able[1]:
        phase, active = _FINAL, 0 if able[0] else 1
        events.append(Note(f"Only {state.players[active]} has minis able to move: a final turn"))
    state = rebuild(state, passes_in_row=passes, doomed=doomed, pending_free=(), phase=phase, active=active,
                   turn=state.turn + 1, movements_left=2, shot_this_turn=(), acted_this_turn=False, final_moved=())
    events.append(TurnStarted(state.turn, state.players[active] + (" (final turn)" if phase is _FINAL else "")))
    return settle(state, events)


NO_MINIS = "one side has no minis left"


def finish(state: PlastoState, reason: str) -> PlastoState:
    opts = state.options
    if opts.goal == "artifacts":
        guardian = 1 - opts.raider
        return rebuild(state, phase=_OVER,
                            result=Result(guardian, f"{reason}; an artifact still stands"))
    counts = [sum(1 for m in state.on_board() if m.side == s) for s in (0, 1)]
    winner = None if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)
    # a side wiped out is said by name, whatever else ended the game then
    # (a tester's last mini fell as the turn limit came: "Ending The Game")
    empty = [state.players[s] for s in (0, 1) if not counts[s]]
    if empty:
        wiped = "neither player has minis left" if len(empty) == 2 else f"{empty[0]} has no minis left"
        reason = wiped if reason == NO_MINIS else f"{reason}, and {wiped}"
    detail = f"{reason}; minis left {counts[0]} to {counts[1]}"
    return rebuild(state, phase=_OVER, result=Result(winner, detail))
