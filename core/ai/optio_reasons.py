"""Optio's reasons: what the computer's order does, in words, from its
side's view -- what a scout may learn, whom a move comes beside or closes
on, what a closing order pays and what the coin game then says
(``optio_coins``), the distance the scouting's last turn leaves between
the armies, and the ground the template takes in.  ``knowledge`` is the
level's ``OptioKnowledge`` (its reading of where their army is)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from core.ai import optio_screen
from core.ai.optio_coins import closing_win
from core.rulesets.optio import template as tpl
from core.rulesets.optio.maps import IMPASSABLE, LARGE, SIZE
from core.rulesets.optio.orders import EndTurn, Hold, Move, PlaceTemplate, Scout
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import HOME_ROW, Kind, Phase


def explain(knowledge: Any, view, side: int, order) -> str:
    """From the view: what a scout may learn, whom a move comes beside
    or closes on, what a closing order pays and what the coin game then
    says, the distance the scouting's last turn leaves between the
    armies, and what ground the template takes in."""
    if isinstance(order, Scout):
        target, me = view.block(order.target), view.block(order.unit)
        if target is not None and target.revealed:
            # The order's words (Optio.describe_order) say already what the
            # scout shows; the reason says only what follows from it.
            return _shown_target_words(view, side, me, target)
        unknown = [b for b in view.blocks if b.side != side and not b.gone and not b.revealed]
        theirs = [b for b in view.blocks if b.side != side and b.kind is Kind.ARMY]
        if not theirs and unknown:
            return f"learns what {order.target} is; their army is 1 of {len(unknown)} unknown"
        return f"learns what {order.target} is"
    if view.phase is Phase.CLOSING and isinstance(order, (Hold, Move)):
        return _closing_words(view, side, order)
    if isinstance(order, Move):
        return _move(knowledge, view, side, order)
    if isinstance(order, EndTurn) and view.phase is Phase.SCOUTING:
        army = next((b for b in view.blocks if b.side == side and b.kind is Kind.ARMY), None)
        if army is None:
            return ""
        return _limit_words(knowledge, view, side, army.pos) or optio_screen.end_turn_words(view, side)
    if isinstance(order, PlaceTemplate) and view.meeting is not None:
        return template_words(view, order)
    return ""

def _shown_target_words(view, side: int, me, target) -> str:
    """Why our block scouts one already face up, beyond what the order's
    words say (it shows ours; beside their army the armies meet): the
    armies meeting, who places the template; our army's reveal with theirs
    known elsewhere, the closing it starts (they move first in it).  Empty
    otherwise: nothing else follows."""
    if me is None or me.kind is not Kind.ARMY:
        return ""
    if target.kind is Kind.ARMY:
        return "they place the template; ours takes the side it came in by"
    theirs = next((b for b in view.blocks if b.side != side and b.kind is Kind.ARMY and b.revealed), None)
    if theirs is None or theirs.pos is None or me.pos is None:
        return ""
    d = manhattan(me.pos, theirs.pos)
    won = not closing_win(d, view.kudos[1 - side], view.kudos[side])  # they move first in the closing
    return f"closing starts at {_parity(d)} distance ({d}): {'theirs' if won else 'ours'} must march in"


def _move(knowledge, view, side: int, order) -> str:
    me = view.block(order.unit)
    if me is None:
        return ""
    kind = me.kind.value
    hard = knowledge.level is not None and knowledge.level.lookahead is None  # the level that times reveals
    timed = _reveal_words(knowledge, view, side, me, order.to) if hard and me.kind is Kind.ARMY else ""
    if timed:
        return timed
    if me.kind is Kind.DUMMY and me.revealed:  # face up: no decoy, no screen (optio_screen.idle_shown_dummies)
        return optio_screen.shown_dummy_words(view, side)
    if hard and me.kind is Kind.ARMY and me.pos is None and view.turn == 2 * view.turn_limit - 2:
        # OptioKnowledge.come_on_before_last_turn: off the map, the last turn could not set the parity
        return "army comes on before the last turn, to set the distance"
    foes = [b for b in view.blocks if b.side != side and not b.gone and b.pos is not None]
    there = sorted(b.id for b in foes if b.pos == order.to)
    if there:
        unknown = [b for b in there if not view.block(b).revealed]
        if me.kind is not Kind.DUMMY and unknown:
            hidden = sum(1 for b in view.blocks if b.side != side and not b.gone and not b.revealed)
            ids = ", ".join(unknown)
            if knowledge.army_odds(view, side):
                return _fit(f"{kind} goes in to scout {ids}; their army is 1 of {hidden} unknown",
                            f"{kind} goes in to scout {ids}")
            return f"{kind} goes in to scout {ids}"
        return f"{kind} comes beside {', '.join(there)}"
    if me.kind is Kind.ARMY:
        limit = _limit_words(knowledge, view, side, order.to)
        if limit:
            return limit
    odds = knowledge.army_odds(view, side)
    if me.kind is Kind.SCOUT:  # what the scout is for: the blocks not yet seen
        foes = [b for b in foes if not b.revealed]
        target = optio_screen.scout_target(view, side, odds)
        if target is not None:  # where OptioKnowledge.shortlist sends it
            return _fit(f"scout closes on {target.id}, {_squares(manhattan(order.to, target.pos))} away, "
                        "the unseen block nearest our army",
                        f"scout closes on {target.id}, {_squares(manhattan(order.to, target.pos))} away, "
                        "nearest our army")
    # Closed on: their blocks not yet seen, and their army; a scout or a
    # dummy of theirs face up is no target (optio_screen.chases_their_scout).
    foes = [b for b in foes if not b.revealed or b.kind is Kind.ARMY]
    if not foes:
        return f"{kind} moves up" if me.pos is not None else f"{kind} enters the map"
    near = min(foes, key=lambda b: (manhattan(order.to, b.pos), b.id))
    after = manhattan(order.to, near.pos)
    if me.pos is None or after < manhattan(me.pos, near.pos):
        return f"{kind} closes on {near.id}, {_squares(after)} away"
    return optio_screen.move_words(view, side, order, odds)

def _reveal_words(knowledge, view, side: int, me, to) -> str:
    """The reveal an army's step sets up (:meth:`reveal_timing`), when
    it wins the closing: our army face up and our scout in, this turn,
    beside an unseen block that may be their army, or their army face
    up and ours hidden going in on their blocks, to show itknowledge."""
    theirs = next((b for b in view.blocks if b.side != side and b.kind is Kind.ARMY and b.revealed), None)
    if theirs is None and me.revealed:
        scouts = {view.get(u).pos for u in view.may_scout if u not in view.scouted
                  and view.get(u).side == side and view.get(u).kind is Kind.SCOUT}
        at = sorted((b.id, b.pos, b.arrived) for b in view.blocks if b.side != side and not b.gone
                    and not b.revealed and b.pos in scouts)
        if at and knowledge.reveal_wins(view, side, to, view.clock + 1, at[0][1], at[0][2]):
            d = manhattan(to, at[0][1])
            return f"army steps first: {_parity(d)} distance ({d}) to {at[0][0]} when scouted"
    elif theirs is not None and not me.revealed and to != theirs.pos and any(
            b.pos == to for b in view.blocks if b.side != side and not b.gone) and \
            knowledge.reveal_wins(view, side, to, view.clock + 1, theirs.pos, theirs.arrived):
        d = manhattan(to, theirs.pos)
        return f"shows itself next at {_parity(d)} distance ({d}): theirs must march in"
    return ""

def _limit_words(knowledge, view, side: int, place) -> str:
    """On the scouting's last turn (the side that moved first in it
    moves first in the closing the turn limit then starts), with the
    coins level, the coin game is settled by the distance between the
    armies alone: the side to move wins it at an even distance
    (:func:`closing_win`).  Says that distance, from our army at
    ``place`` (None: off the map) to their army, or to where their
    army most likely is (``army_odds``; off the map, it comes on in our
    column), and its parity.  Empty on other turns, with the coins
    unequal, or when the likeliest places do not agree on the parity."""
    if view.phase is not Phase.SCOUTING or view.turn != 2 * view.turn_limit:
        return ""
    mover = 1 - side  # the limit ends our turn: they move first in the closing
    if view.kudos[mover] != view.kudos[side]:
        return ""
    theirs = next((b for b in view.blocks if b.side != side and b.kind is Kind.ARMY and b.revealed), None)
    if theirs is not None:
        places, likely = {theirs.pos}, ""
    else:
        odds: dict = {}  # their army's likely square (None: off the map), by weight
        for b_id, weight in knowledge.army_odds(view, side).items():
            pos = view.get(b_id).pos
            odds[pos] = odds.get(pos, 0.0) + weight
        if not odds:
            return ""
        best = max(odds.values())
        places, likely = {p for p, w in odds.items() if math.isclose(w, best)}, " likely"
    gaps = set()
    for where in places:
        mine, at = _limit_squares(place, where, side)
        gaps.add(manhattan(mine, at))
    if len({d % 2 for d in gaps}) != 1 or 0 in gaps:
        return ""
    d = min(gaps)
    parity = _parity(d)
    won = not closing_win(d, view.kudos[mover], view.kudos[side])
    tail = "theirs must march in" if won else "ours must march in"
    return _fit(f"{parity} distance ({d}) to their{likely} army at the limit: {tail}",
                f"{parity} distance ({d}) to their{likely} army: {tail}",
                f"{parity} distance ({d}): {tail}")


REASON_ROOM = 60  # the longest reason the log pane takes (tests/ai/test_reasons.py)


def _fit(*texts: str) -> str:
    """The first of ``texts`` (longest first) that fits the log's room."""
    return next((t for t in texts if len(t) <= REASON_ROOM), texts[-1])


def _parity(n: int) -> str:
    return "odd" if n % 2 else "even"


def _squares(n: int) -> str:
    return f"{n} square{'' if n == 1 else 's'}"


def _limit_squares(mine, theirs, side: int):
    """Where the two armies stand when the turn limit ends the scouting
    (``Optio._turn_limit``): an army still off the map (None) comes on at
    its home edge in the other army's column, the middle one if both are off."""
    middle = LARGE // 2
    if mine is None:
        mine = (theirs[0] if theirs is not None else middle, HOME_ROW[side])
    if theirs is None:
        theirs = (mine[0], HOME_ROW[1 - side])
    return mine, theirs


def _closing_words(view, side: int, order) -> str:
    """What a closing order does and why, by the coin game solved
    (:func:`closing_win`): a hold or a step that does not close costs a
    coin (RULES, the closing paragraphs: sideways and away alike); the order
    wins when it leaves the other side to move in a lost coin game, so
    their army must in the end march into ours."""
    mine, theirs = view.kudos[side], view.kudos[1 - side]
    here, enemy = view.army(side).pos, view.army(1 - side).pos
    before = manhattan(here, enemy)
    after = before if isinstance(order, Hold) else manhattan(order.to, enemy)
    paid = 0 if after < before else 1
    if after == 0:
        if mine == 0:
            return "no coin left: army marches in, theirs there first"
        return "army marches in: the armies meet, theirs there first"
    left = mine - paid
    won = not closing_win(after, theirs, left)
    if paid:
        what = "holds" if isinstance(order, Hold) else "keeps away"
        if won:
            return f"{what} for a coin ({left} left): theirs must march in"
        return f"{what} for a coin ({left} left) rather than {'march' if before == 1 else 'close'} in"
    where = f"army closes in, {_squares(after)} from theirs"
    if won:
        return f"{where}: theirs must march in"
    return f"no coin left: {where}" if mine == 0 else f"{where}, saving its coins"


def template_blocked(view, order) -> int:
    """The small squares of rock, water or beyond the map's edge that the
    template takes in, placed by ``order``: ground no figure fights on."""
    box = tpl.template_box(view.meeting, view.second_edge, order.forward, order.right)
    impassable, edge = tpl.counts(view.map, *box)
    return impassable + edge


def fewest_blocked(view, legal) -> list:
    """The placements (of ``legal``, the shifts the rule allows) that take
    in the fewest squares of rock, water and map edge, and of those the
    ones shifted least: the most ground to fight on."""
    shifts = [o for o in legal if isinstance(o, PlaceTemplate)]
    if not shifts:
        return []
    least = min(template_blocked(view, o) for o in shifts)
    best = [o for o in shifts if template_blocked(view, o) == least]
    nearest = min(abs(o.forward) + abs(o.right) for o in best)
    return [o for o in best if abs(o.forward) + abs(o.right) == nearest]


def template_words(view, order) -> str:
    """The ground the template covers, by kind, and how much of it is rock,
    water or beyond the map (which the shift may only reduce), compared
    with the other shifts the rule allows: the computer places it where
    that is fewest (:func:`fewest_blocked`); where the shifts differ in the
    woods and hill they put in our half against theirs, that decides
    (``optio_screen.best_ground``) and is what the words say."""
    origin, w, h = tpl.template_box(view.meeting, view.second_edge, order.forward, order.right)
    counts: Counter = Counter()
    for x, y in tpl.box_cells(origin, w, h):
        counts["off the map" if not (0 <= x < SIZE and 0 <= y < SIZE) else view.map.kind((x, y))] += 1
    blocked = sum(counts[k] for k in IMPASSABLE) + counts["off the map"]
    cover = ", ".join(f"{counts[k]} {k}" for k in ("woods", "hill", "marsh") if counts[k]) or "open ground"
    centred = (order.forward, order.right) == (0, 0)
    allowed = [PlaceTemplate(order.side, f, r) for f, r in sorted(tpl.allowed_shifts(view.map, *view.met))]
    least = min(template_blocked(view, o) for o in allowed)
    favours = {optio_screen.favour(view, o) for o in allowed}
    if len(favours) > 1:  # the ground decided (optio_screen.best_ground)
        # Best: the most woods and hill in our half less those in theirs.
        ours, theirs = optio_screen.halves(view, order)
        better = sum(1 for o in allowed if optio_screen.favour(view, o) > optio_screen.favour(view, order))
        rank = f"best of {len(allowed)} shifts" if not better else f"{better} of {len(allowed)} shifts better"
        return _fit(f"woods/hill {ours} in our half, {theirs} in theirs: {rank}",
                    f"woods/hill {ours} ours, {theirs} theirs: {rank}")
    if blocked > least or len(allowed) == 1:
        where = "centred" if centred else "shifted"
        alone = " (no shift allowed)" if len(allowed) == 1 else ""
        return _fit(f"{where}: {cover}; {blocked} rock/water/edge{alone}", f"{where}: {blocked} rock/water/edge{alone}")
    base = template_blocked(view, PlaceTemplate(order.side, 0, 0))
    than = "" if centred or base == blocked else f" (centred {base})"
    fewest = f"{blocked} rock/water/edge{than}, fewest of {len(allowed)} shifts allowed"
    return _fit(f"{fewest}; {cover}", fewest, f"{blocked} rock/water/edge{than}: the fewest allowed")
