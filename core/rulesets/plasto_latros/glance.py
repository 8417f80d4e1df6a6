"""Plasto Latros: who could attack a mini on a cell, from which of its
arcs, and what a facing would attack (issue 29, "see what a move gives").
Pure functions of the seat's view; the other figures stay where they stand
(the asking mini's own cell is left open).

Read from the seed's "Movement", "Attacking And Defending", "Long Range
Attacks" and "Jumping Attacks":

* an enemy could attack a mini on ``cell`` when some use of its side's next
  turn (two Movements, both for it if need be, and its free shot) ends in
  an attack on it: :mod:`.next_turn` works each enemy's turn out;
* an enemy free to move is one on the board, standing or prone (standing up
  is a Movement), not Locked In Battle and not Doomed; a mini that moves
  onto ``cell`` attacks the enemies in contact in its front arc, which are
  then Locked too;
* the arc is the defending mini's: one contact attacker in its back arc, or
  one jumper, is enough to Doom it (see :mod:`.status`); two attackers
  Doom it when the two Movements of the turn are enough for both;
* a Movement that leaves its side no mini able to move hands the enemy the
  final turn (*Ending The Game*): :func:`hands_final_turn` asks the rules
  themselves (``status.movable``, ``rules.end_turn``), as does
  :func:`contact_dooms` for the Dooms a Movement's contact attacks make.
"""

from __future__ import annotations

import attrs

from core.board import RAY_COUNT, Arc, Cell, Facing, adjacent, arc_of

from .combat import sight_figures
from .grid import grid, in_front, open_ray_count
from .movement import blocked_cells
from .next_turn import EnemyTurn
from .orders import FreeMove, Relocate
from .rules import apply_order, do_movement, end_turn
from .state import Mini, Phase, PlastoState, rebuild
from .status import doom_reason, locked, movable

# From worst to least: the arc a threat is reported from when it could come from several.
ARC_ORDER = (Arc.BACK, Arc.LEFT, Arc.RIGHT, Arc.FRONT)
TURN_MOVEMENTS = 2  # a side's Movements in a turn (*Movement*)


@attrs.frozen
class Threat:
    enemy: str
    how: str  # "contact", "jump" or "shot"
    arc: Arc  # of the threatened mini, the worst the attack could come from
    movements: int = 1  # of its side's next turn the attack named takes (0: a shot as it stands)
    soonest: int | None = None  # the fewest any attack of it takes, when fewer than ``movements``
    soonest_how: str | None = attrs.field(default=None, eq=False)  # the kind of that soonest attack

    @property
    def fewest(self) -> int:
        return self.movements if self.soonest is None else self.soonest


def would_doom(threats: list[Threat]) -> bool:
    """Whether the enemies that could attack a standing mini on a cell
    (:func:`threats_at`) are enough to Doom it there in one turn (see
    :func:`doom_cause`)."""
    return doom_cause(threats) is not None


def doom_cause(threats: list[Threat]) -> str | None:
    """Why the enemies that could attack a standing mini on a cell would
    Doom it there in one turn, or None: one in contact from its back arc,
    or a jumper; or two attackers (two minis) of either kind whose fewest
    Movements add up to the turn's two at most (*Attacking And Defending*,
    *Jumping Attacks*; docs/rulings.md, Doom; status._doom_reason judges
    the attacks made)."""
    for t in threats:
        if t.how == "contact" and t.arc is Arc.BACK:
            return f"{t.enemy} from its back"
        if t.how == "jump":
            return f"{t.enemy} jumping on it"
    fewest: dict[str, int] = {}
    for t in threats:
        fewest[t.enemy] = min(fewest.get(t.enemy, t.fewest), t.fewest)
    pair = sorted(fewest.items(), key=lambda item: item[1])[:2]
    if len(pair) < 2 or pair[0][1] + pair[1][1] > TURN_MOVEMENTS:
        return None
    (one, n), (two, m) = pair
    return f"{one} and {two}, {n} + {m} of the turn's {TURN_MOVEMENTS} Movements"


def movements_words(n: int) -> str:
    """The Movements an attack takes, in words (0: a shot from where it stands)."""
    return "from where it stands" if n == 0 else f"{n} Movement{'s' if n != 1 else ''}"


def threat_words(t: Threat) -> str:
    """One enemy's attack for the cursor card: the worst arc it could come
    from with the Movements that takes, and its soonest attack when that
    takes fewer (what :func:`doom_cause` adds up)."""
    words = f"{t.enemy} {t.how} from its {t.arc.value} ({movements_words(t.movements)})"
    if t.soonest is not None:
        how = {"shot": "a shot", "jump": "a jump"}.get(t.soonest_how or "", t.soonest_how or "an attack")
        words += f" or {how} " + (movements_words(0) if t.soonest == 0 else f"in {movements_words(t.soonest)}")
    return words


def _free(view: PlastoState, m: Mini) -> bool:
    """An enemy whose attack could count next turn: on the board, not
    Locked In Battle, and not Doomed (only an un-Doomed attacker's attack
    counts, *Attacking And Defending*; a Doomed one is removed as this turn
    ends unless its Doom is lifted).  A prone one counts: standing up is a
    Movement of its turn."""
    return m.pos is not None and not locked(view, m.id) and m.id not in view.doomed


def threats_at(view: PlastoState, uid: str, cell: Cell, facing: Facing) -> list[Threat]:
    """The enemies of ``uid`` that could attack it standing on ``cell``
    facing ``facing``, in their side's next turn, each with the worst arc of
    ``uid`` the attack could come from."""
    return threats_by_cell(view, uid, [cell], facing).get(cell, [])


def threats_by_cell(view: PlastoState, uid: str, cells, facing: Facing) -> dict[Cell, list[Threat]]:
    """:func:`threats_at` for each of ``cells`` (those with none left out).
    Each answer is kept in the view's memo (the board's lit cells, then the
    cursor card, ask about the same cells of one view)."""
    me = view.mini(uid)
    if me is None:
        return {}
    answers: dict[Cell, list[Threat]] = view.memo.get(("plasto_latros.glance", uid, facing._name_), dict)
    out: dict[Cell, list[Threat]] = {}
    for cell in cells:
        found = answers.get(cell)
        if found is None:
            found = answers[cell] = _threats(view, me, _enemy_turns(view, me), cell, facing)
        if found:
            out[cell] = found
    return out


def jumpers_at(view: PlastoState, uid: str, cell: Cell) -> list[str]:
    """The enemies of ``uid`` that could jump on it standing on ``cell`` in
    their side's next turn (*Jumping Attacks*: from an adjacent cell at
    least one level higher).  One jumper Dooms it (docs/rulings.md, Doom)
    and the jump needs nothing of its facing, so the answer holds for every
    facing; :func:`threats_at` names each enemy's worst attack only, where a
    contact from the back hides a jump.  Kept in the view's memo."""
    me = view.mini(uid)
    if me is None:
        return []
    answers: dict[Cell, list[str]] = view.memo.get(("plasto_latros.jumpers", uid), dict)
    found = answers.get(cell)
    if found is None:
        reach = view.options.move_length
        found = answers[cell] = [
            turn.enemy.id for turn in _enemy_turns(view, me)
            if turn.pos != cell
            # a jump is made from beside the cell, after one Movement at most
            and max(abs(turn.pos[0] - cell[0]), abs(turn.pos[1] - cell[1])) <= reach + 1
            and turn.attacks(cell)["jump"]]
    return found


def _enemy_turns(view: PlastoState, me: Mini) -> list[EnemyTurn]:
    """The next turn of each enemy free to attack ``me`` (worked out once a view)."""

    def turns() -> list[EnemyTurn]:
        base = blocked_cells(view) - {me.pos}
        figures = sight_figures(view) - {me.pos}
        friends = frozenset(m.pos for m in view.minis if m.side == me.side and m.pos is not None and m.id != me.id)
        return [EnemyTurn(view, e, base, figures, friends)
                for e in view.minis if e.side != me.side and e.pos is not None and _free(view, e)]

    return view.memo.get(("plasto_latros.enemy-turns", me.id), turns)


def _threats(view: PlastoState, me: Mini, enemies: list[EnemyTurn], cell: Cell, facing: Facing) -> list[Threat]:
    bf = view.battlefield
    reach = view.options.move_length
    level = bf.elevation(cell)
    found = []
    for turn in enemies:
        at, e = turn.pos, turn.enemy
        if cell == at:
            continue
        if cell != me.pos and adjacent(at, cell) and bf.elevation(at) == level and in_front(cell, facing, at):
            continue  # moving onto the cell, the mini attacks it: Locked In Battle
        if max(abs(at[0] - cell[0]), abs(at[1] - cell[1])) > TURN_MOVEMENTS * (reach + 1) and not e.shooter:
            continue  # no two Movements bring it beside the cell
        threat = _threat(e.id, turn.attacks(cell), cell, facing)
        if threat is not None:
            found.append(threat)
    return found


def _threat(enemy: str, attacks: dict[str, dict[Cell, int]], cell: Cell, facing: Facing) -> Threat | None:
    """The worst of one enemy's attacks (:meth:`EnemyTurn.attacks`): in
    contact from the back, a jump, in contact from the worst arc, a shot."""
    costs = [(n, how) for how, spots in attacks.items() for n in spots.values()]
    if not costs:
        return None
    soonest, soonest_how = min(costs, key=lambda cost: cost[0])

    def worst(how: str) -> Threat:
        spots = attacks[how]
        by_arc: dict[Arc, int] = {}
        for spot, n in spots.items():
            arc = arc_of(cell, facing, spot)
            by_arc[arc] = min(by_arc.get(arc, n), n)
        arc = next(a for a in ARC_ORDER if a in by_arc)
        n = by_arc[arc]
        if soonest < n:
            return Threat(enemy, how, arc, n, soonest, soonest_how)
        return Threat(enemy, how, arc, n)

    contact = worst("contact") if attacks["contact"] else None
    if contact is not None and contact.arc is Arc.BACK:
        return contact
    if attacks["jump"]:
        return worst("jump")
    return contact or worst("shot")


def facing_outcome(view: PlastoState, uid: str, to: Cell, facing: Facing) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What ``uid`` ending a Movement on ``to`` facing ``facing`` would
    attack in contact (each such attack Locks both minis in battle), and,
    a shooter, which enemies it could then target (front arc, half in view)."""
    me = view.mini(uid)
    if me is None:
        return (), ()
    bf = view.battlefield
    level = bf.elevation(to)
    contact = tuple(e.id for e in view.minis
                    if e.side != me.side and e.pos is not None and e.pos != to and adjacent(e.pos, to)
                    and bf.elevation(e.pos) == level and in_front(to, facing, e.pos))
    shots: tuple[str, ...] = ()
    if me.shooter:
        figures = (sight_figures(view) - {me.pos}) | {to}
        shots = tuple(e.id for e in view.minis
                      if e.side != me.side and e.pos is not None and e.pos != to and in_front(to, facing, e.pos)
                      and open_ray_count(grid(bf), to, e.pos, figures) * 2 >= RAY_COUNT)
    return contact, shots


def contact_dooms(view: PlastoState, order) -> dict[str, str]:
    """The enemies ``order`` (a Movement, or a final-turn relocation) would
    Doom by its contact attacks, each with why (the rules' own Doom:
    ``status.doom_reason`` on the state right after it)."""
    inner = order.order if isinstance(order, FreeMove) else order
    after = apply_order(view, inner)[0] if isinstance(inner, Relocate) else do_movement(view, inner, [])
    out = {}
    for a in after.attacks:
        if a.attacker != inner.unit or a in view.attacks:
            continue
        target = after.mini(a.target)
        why = doom_reason(after, target) if target is not None else None
        if why is not None:
            out[a.target] = why
    return out


def hands_final_turn(view: PlastoState, order) -> str | None:
    """The enemy player to whom ``order`` (a Movement of the side's turn, or
    its Defending Free Movement) would hand the final turn, leaving the side
    no mini able to move (*Ending The Game*), or None.  Asked of the rules:
    the turn played out with that order and ended (``rules.end_turn``
    decides who may move and whether a final turn follows).  Answers are
    kept in the view's memo; the rules are asked only when no other mini of
    the side is free to move and the mover itself is not after it (a
    Movement makes attacks by its mover alone)."""
    inner = order.order if isinstance(order, FreeMove) else order
    me = view.mini(inner.unit)
    if me is None or view.phase is not Phase.PLAY:
        return None
    others = view.memo.get(("plasto_latros.others-free", me.id), _others_free, view, me)
    if others:
        return None
    answers: dict = view.memo.get(("plasto_latros.final-turn", me.id), dict)
    if order not in answers:
        answers[order] = _final_turn_to(view, order, me)
    return answers[order]


def _others_free(view: PlastoState, me: Mini) -> bool:
    return any(movable(view, m) for m in view.minis if m.side == me.side and m.id != me.id)


def _final_turn_to(view: PlastoState, order, me: Mini) -> str | None:
    inner = order.order if isinstance(order, FreeMove) else order
    moved = do_movement(view, inner, [])
    if movable(moved, moved.get(me.id)):
        return None
    after = apply_order(view, order)[0]
    if after.phase is Phase.PLAY:  # the rest of the turn: no mini of the side left to use it
        after = end_turn(rebuild(after, pending_free=()), [])
    if after.phase is Phase.FINAL and after.active != me.side:
        return after.players[after.active]
    return None
