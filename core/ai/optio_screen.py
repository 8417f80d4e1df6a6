"""Optio: what a beginner knows about moving blocks in hidden (the help's
*Playing it well*), as filters on the orders searched and the words that
say why, and the template placed for ground that favours the placer.

- the army, unseen, never leads: it steps no deeper into the map than the
  deepest of our other unseen blocks (on the map, or still off it), which
  screen it from their scout, and none of them steps back to leave it
  in front of them all;
- the army, once face up while theirs is unknown, does not walk on into
  their half toward their home edge: their hidden army would then choose
  when and where the armies meet;
- the scout heads for the unseen enemy block nearest our army (the one
  that threatens it), not for whatever block is nearest the scout;
- a dummy never walks into a square whose enemy blocks are all face up
  (it can neither mislead nor screen there);
- their scout, once face up, is no target: neither the army nor a dummy
  closes on it unless the same step closes on one of their unseen blocks
  (or their army, face up), and the unseen army, their army unknown, never
  steps to within a square of it (a scout only reveals: it would walk in
  and turn ours face up);
- placing the template, the shift that puts the most woods and hill in
  our half of the battlefield against theirs (seed 003, RULES, the
  template paragraphs; its closing notes make good ground for one's own
  side the point of the scouting).

The scouting's last two turns are left alone: there the distance between
the armies decides the closing (``OptioKnowledge.last_turn``)."""

from __future__ import annotations

from core.rulesets.optio import template as tpl
from core.rulesets.optio.maps import LARGE, SIZE
from core.rulesets.optio.orders import Move, PlaceTemplate
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import HOME_ROW, Kind, Phase

MIDDLE_DEPTH = LARGE // 2  # the middle row; deeper is the enemy's half
COVER = ("woods", "hill")  # ground a side would rather fight from


def depth(pos, side: int) -> int:
    """Rows from ``side``'s home edge (its home row is 0; off the map -1)."""
    if pos is None:
        return -1
    return pos[1] if HOME_ROW[side] == 0 else LARGE - 1 - pos[1]


def _ours(view, side: int, kind: Kind):
    return next((b for b in view.blocks if b.side == side and b.kind is kind and not b.gone), None)


def _theirs_known(view, side: int) -> bool:
    return any(b.side != side and b.kind is Kind.ARMY and b.revealed for b in view.blocks)


def in_play(view) -> bool:
    """Scouting, and not its last two turns (the limit's distance rules there)."""
    return view.phase is Phase.SCOUTING and view.turn < 2 * view.turn_limit - 2


def screen_depth(view, side: int, army) -> int | None:
    """The deepest of our other unseen blocks (off the map: -1); None when
    nothing is left to screen the army."""
    screens = [depth(b.pos, side) for b in view.blocks
               if b.side == side and not b.gone and not b.revealed and b.id != army.id]
    return max(screens) if screens else None


def army_leads(view, side: int, order) -> bool:
    """A move of our unseen army deeper than every block that could screen it."""
    army = _ours(view, side, Kind.ARMY)
    if army is None or army.revealed or order.unit != army.id or _theirs_known(view, side):
        return False
    screen = screen_depth(view, side, army)
    return screen is not None and depth(order.to, side) > max(screen, depth(army.pos, side))


def unscreens(view, side: int, order) -> bool:
    """A move of one of our other unseen blocks that leaves our unseen army
    on the map in front of every block left to screen it."""
    army = _ours(view, side, Kind.ARMY)
    me = view.block(order.unit)
    if army is None or army.revealed or army.pos is None or me is None or me.id == army.id \
            or me.revealed or me.side != side or _theirs_known(view, side):
        return False
    line = depth(army.pos, side)
    before = screen_depth(view, side, army)
    if before is None or before < line or depth(order.to, side) >= line:
        return False
    rest = [depth(b.pos, side) for b in view.blocks if b.side == side and not b.gone and not b.revealed
            and b.id not in (army.id, me.id)]
    return max(rest, default=-1) < line


def shown_army_walks_up(view, side: int, order) -> bool:
    """A move of our face-up army, theirs unknown, on into their half."""
    army = _ours(view, side, Kind.ARMY)
    if army is None or not army.revealed or order.unit != army.id or _theirs_known(view, side):
        return False
    after = depth(order.to, side)
    return after > MIDDLE_DEPTH and after > depth(army.pos, side)


def their_shown_scout(view, side: int):
    """Their scout, face up and on the map; None otherwise."""
    return next((b for b in view.blocks if b.side != side and b.kind is Kind.SCOUT and b.revealed
                 and not b.gone and b.pos is not None), None)


def chases_their_scout(view, side: int, order) -> bool:
    """A move of our army or a dummy that comes nearer their scout, face up,
    and nearer none of their unseen blocks nor their army: their scout can
    only reveal, so there is nothing to close on it for."""
    me = view.block(order.unit)
    scout = their_shown_scout(view, side)
    if me is None or me.side != side or me.kind not in (Kind.ARMY, Kind.DUMMY) or me.pos is None \
            or scout is None or manhattan(order.to, scout.pos) >= manhattan(me.pos, scout.pos):
        return False
    targets = [b.pos for b in view.blocks if b.side != side and not b.gone and b.pos is not None
               and (not b.revealed or b.kind is Kind.ARMY)]
    return not any(manhattan(order.to, p) < manhattan(me.pos, p) for p in targets)


def army_beside_their_scout(view, side: int, order) -> bool:
    """A move of our unseen army, their army unknown, from farther than a
    square from their scout (face up) to within one: next turn the scout
    walks in and turns it face up."""
    army = _ours(view, side, Kind.ARMY)
    scout = their_shown_scout(view, side)
    if army is None or army.revealed or order.unit != army.id or scout is None or _theirs_known(view, side):
        return False
    before = manhattan(army.pos, scout.pos) if army.pos is not None else LARGE * 2
    return manhattan(order.to, scout.pos) <= 1 < before


def dummy_to_shown_only(view, side: int, order) -> bool:
    """A dummy's move into a square whose enemy blocks are all face up."""
    me = view.block(order.unit)
    if me is None or me.kind is not Kind.DUMMY:
        return False
    there = [b for b in view.blocks if b.side != side and not b.gone and b.pos == order.to]
    return bool(there) and all(b.revealed for b in there)


def _guard(view, side: int):
    """The square the scout's target is reckoned from: our army's, or while
    it is off the map the middle of our home row."""
    army = _ours(view, side, Kind.ARMY)
    return army.pos if army is not None and army.pos is not None else (LARGE // 2, HOME_ROW[side])


def scout_target(view, side: int, odds: dict[str, float]):
    """The unseen enemy block our scout heads for: of the likeliest to be
    their army (``odds``), the one nearest our army (the one that threatens
    it), then nearest the scout."""
    scout = _ours(view, side, Kind.SCOUT)
    if scout is None or not odds:
        return None
    guard = _guard(view, side)
    best = max(odds.values())
    foes = [b for b in view.blocks if b.id in odds and b.pos is not None and odds[b.id] >= best - 1e-9]
    if not foes:
        return None
    near = (lambda b: manhattan(scout.pos, b.pos)) if scout.pos is not None else (lambda b: 0)
    return min(foes, key=lambda b: (manhattan(guard, b.pos), near(b), b.id))


def scout_course(view, side: int, legal, target, odds: dict[str, float]) -> set:
    """The scout's moves (entries included) of ``legal`` that bring it
    nearest ``target``, of those the ones from which no other unseen block
    is nearer than the target (one would draw the scout off to it, round by
    a flank).  Empty: no say."""
    scout = _ours(view, side, Kind.SCOUT)
    if target is None or scout is None:
        return set()
    moves = [o for o in legal if isinstance(o, Move) and o.unit == scout.id]
    if not moves:
        return set()
    best = min(manhattan(o.to, target.pos) for o in moves)
    if scout.pos is not None and best >= manhattan(scout.pos, target.pos):
        return set()  # no step brings it nearer: the search weighs them
    nearest = [o for o in moves if manhattan(o.to, target.pos) == best]
    others = [b.pos for b in view.blocks if b.id in odds and b.id != target.id and b.pos is not None]
    straight = [o for o in nearest if not any(manhattan(o.to, p) < best for p in others)]
    return set(straight or nearest)


def screened(view, side: int, legal, odds: dict[str, float]) -> list:
    """``legal`` less the orders above; ``legal`` itself when none is left."""
    if not in_play(view):
        return list(legal)
    scout = _ours(view, side, Kind.SCOUT)
    course = scout_course(view, side, legal, scout_target(view, side, odds), odds)

    def dropped(o) -> bool:
        if not isinstance(o, Move):
            return False
        if course and scout is not None and o.unit == scout.id:
            return o not in course
        return (army_leads(view, side, o) or unscreens(view, side, o) or shown_army_walks_up(view, side, o)
                or dummy_to_shown_only(view, side, o) or chases_their_scout(view, side, o)
                or army_beside_their_scout(view, side, o))
    kept = [o for o in legal if not dropped(o)]
    return kept or list(legal)


def plainly_army(view, side: int) -> bool:
    """Our army, not yet face up, is nevertheless known: every other block
    of ours is face up (seed 003, RULES: a block once turned over is never
    hidden again), so the one left is plainly the army."""
    army = _ours(view, side, Kind.ARMY)
    return army is not None and not army.revealed and not any(
        b.side == side and not b.gone and not b.revealed and b.id != army.id for b in view.blocks)


def shown_dummy(view, side: int, order) -> bool:
    """A move of one of our dummies already face up: it decoys nobody and
    screens nothing, and a dummy may not scout (RULES)."""
    me = view.block(order.unit) if isinstance(order, Move) else None
    return me is not None and me.side == side and me.kind is Kind.DUMMY and me.revealed


def idle_shown_dummies(view, side: int, legal) -> list:
    """``legal`` less the moves of our face-up dummies (normal and hard):
    once something has moved this turn the dummy simply stays (ending the
    turn does as much); before then, one is moved only when no other block
    but the army has a move left (a block must move each turn, and the
    army may be better where it is).  ``legal`` itself when nothing else
    is left."""
    if view.phase is not Phase.SCOUTING or not any(shown_dummy(view, side, o) for o in legal):
        return list(legal)
    army = _ours(view, side, Kind.ARMY)
    rest = [o for o in legal if not shown_dummy(view, side, o)]
    if not view.moved and not any(isinstance(o, Move) and (army is None or o.unit != army.id) for o in rest):
        return list(legal)  # only the army could fill the turn's move otherwise
    return rest or list(legal)


def shown_dummy_words(view, side: int) -> str:
    """Why a face-up dummy moves (true of it: it misleads nobody now)."""
    if not view.moved:
        return "dummy, face up, moves: a block must move each turn"
    return "dummy, face up, wanders: it decoys nobody now"


def move_words(view, side: int, order, odds: dict[str, float]) -> str:
    """Why a move that closes on nothing was given: what it does for the
    army (screen, decoy, keeping out of their half) or where the scout is
    bound."""
    me = view.block(order.unit)
    if me is None:
        return ""
    army = _ours(view, side, Kind.ARMY)
    if me.kind is Kind.SCOUT:
        target = scout_target(view, side, odds)
        if target is not None:
            return f"scout heads for {target.id}, the unseen block nearest our army"
        return "scout, their army known, moves as an army would, a decoy"
    if me.kind is Kind.DUMMY and me.revealed:
        return shown_dummy_words(view, side)
    if me.kind is Kind.DUMMY:
        if depth(order.to, side) < depth(me.pos, side):
            return "dummy falls back as an army might, a decoy for their scout"
        if army is not None and not army.revealed and army.pos is not None \
                and depth(order.to, side) >= depth(army.pos, side):
            return "dummy screens the army from their scout"
        return "dummy moves as an army would, a decoy for their scout"
    if me.kind is Kind.ARMY and me.revealed:
        if depth(order.to, side) <= MIDDLE_DEPTH:
            return "army, face up, keeps out of their half"
        if depth(order.to, side) <= depth(me.pos, side):
            return "army, face up, goes no deeper into their half"
        return "army, face up, moves up"
    if me.kind is Kind.ARMY and plainly_army(view, side):
        way = depth(order.to, side) - depth(me.pos, side)
        what = "moves up" if way > 0 else "falls back" if way < 0 else "moves across"
        return f"army, plainly ours (all else face up), {what}"
    if me.kind is Kind.ARMY:
        screen = screen_depth(view, side, me)
        if screen is not None and screen >= depth(order.to, side):
            return "army stays behind its screen of unseen blocks"
        return "army, unseen, steps ahead of its other blocks"
    return ""


def end_turn_words(view, side: int) -> str:
    """Why the turn ends with blocks unmoved: what the army keeps to, as it
    stands now (moved this turn or not, screened or not)."""
    army = _ours(view, side, Kind.ARMY)
    if army is None or army.pos is None:
        if any(b.side == side and not b.gone and b.pos is not None for b in view.blocks):
            return "army waits off the map behind its blocks"
        return "army waits off the map"
    moved = army.id in view.moved
    if army.revealed:
        if depth(army.pos, side) <= MIDDLE_DEPTH:
            return ("army, face up, stays out of their half after its step" if moved
                    else "army, face up, holds its ground out of their half")
        return "army, face up, has made its step" if moved else "army, face up, holds its ground"
    if plainly_army(view, side):
        return ("army, plainly ours (all else face up), has made its step" if moved
                else "army, plainly ours (all else face up), holds its ground")
    scout = their_shown_scout(view, side)
    if scout is not None and manhattan(army.pos, scout.pos) <= 1:
        away = manhattan(army.pos, scout.pos)
        where = "in its square" if away == 0 else "a square away"
        return f"army stays hidden, their scout {scout.id} {where}"
    screen = screen_depth(view, side, army)
    if screen is not None and screen >= depth(army.pos, side):
        return "army stays hidden behind its screen of unseen blocks"
    return "army stays hidden, no unseen block of ours ahead of it"


def halves(view, order) -> tuple[int, int]:
    """(woods and hill in the placer's half of the template, in the second
    army's half): the half nearer the side the second army came in by is
    theirs."""
    origin, w, h = tpl.template_box(view.meeting, view.second_edge, order.forward, order.right)
    dx, dy = view.second_edge.delta
    ours = theirs = 0
    for x, y in tpl.box_cells(origin, w, h):
        if not (0 <= x < SIZE and 0 <= y < SIZE) or view.map.kind((x, y)) not in COVER:
            continue
        # along the armies' axis: toward the second army's edge is theirs
        along = (x - origin[0]) if dx else (y - origin[1])
        extent = w if dx else h
        toward = along >= extent // 2 if (dx > 0 or dy > 0) else along < extent // 2
        if toward:
            theirs += 1
        else:
            ours += 1
    return ours, theirs


def favour(view, order) -> int:
    ours, theirs = halves(view, order)
    return ours - theirs


def best_ground(view, legal, blocked) -> list:
    """The placements of ``legal`` with the most woods and hill in our half
    against theirs, then the fewest squares of rock, water and map edge
    (``blocked``), then the least shifted."""
    shifts = [o for o in legal if isinstance(o, PlaceTemplate)]
    if not shifts:
        return []
    return sorted(shifts, key=lambda o: (-favour(view, o), blocked(view, o),
                                          abs(o.forward) + abs(o.right), o.forward, o.right))[:1]
