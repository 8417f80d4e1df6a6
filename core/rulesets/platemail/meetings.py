"""Where the steps of one movement tick meet (seed: Moving, Clash, Crash;
docs/rulings.md, Platemail, Movement items 1 to 3): Clashes between
opponents, Crashes between allies, then which steps can happen, so that
no two characters ever end a step in one cell."""

from __future__ import annotations

from core.board import chebyshev

from .combat import can_make_aoo, dex_save
from .events import Clashed, Crashed
from .senses import Work


def crossing(ca, pa, cb, pb) -> bool:
    """Whether the steps ``ca``->``pa`` and ``cb``->``pb`` cross: the same
    cell, a swap, or two diagonals crossing in one 2x2 square."""
    if pa == pb or (pa == cb and pb == ca):
        return True
    return (abs(pa[0] - ca[0]) == 1 and abs(pa[1] - ca[1]) == 1 and pb == (ca[0], pa[1]) and cb == (pa[0], ca[1])) \
        or (abs(pa[0] - ca[0]) == 1 and abs(pa[1] - ca[1]) == 1 and pb == (pa[0], ca[1]) and cb == (ca[0], pa[1]))


def clashes(work: Work, proposals, before, budget, active, forced) -> None:
    """Opponents whose steps cross or who come into contact stop (seed:
    Clash).  The steps a Clash still lets happen go into ``forced``; the
    clashing characters leave ``proposals`` and ``active``.

    A character may meet more than one opponent in a tick: the first Clash
    (by id) settles where it stops, and a later opponent whose step crosses
    that settled step, or comes into contact with it, Clashes with it too
    and stops (taking its step only for a contact); the one already stopped
    keeps its cell (the tester's Round 7: a1 stopped at 13,4 by b1, and b3
    making for 13,4 stays at 13,5, beside it)."""
    ids = sorted(proposals)
    settled: list[str] = []  # who a Clash has stopped this tick, in order
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if a not in proposals or b not in proposals:
                continue
            ca, cb, pa, pb = before[a], before[b], proposals[a], proposals[b]
            if work.chars[a].side == work.chars[b].side:
                continue
            crossed = crossing(ca, pa, cb, pb)
            contact = chebyshev(ca, cb) > 1 and chebyshev(pa, pb) <= 1 and pa != pb
            if not (crossed or contact):
                continue
            del proposals[a], proposals[b]
            if not crossed:
                forced[a], forced[b] = pa, pb
                where = (pa, pb)
            elif chebyshev(ca, cb) <= 1:
                where = (ca, cb)
            else:  # both make for the same cell: the one with more movement left gets there
                if budget[a] != budget[b]:
                    first = a if budget[a] > budget[b] else b
                else:
                    # (the Arbiter's die: no side rolls it, nor wants either face)
                    first = a if work.roll(2, "who reaches the meeting point first (1 = " + a + ")", (), "the Arbiter",
                                           neither_is_good=True).total == 1 else b
                forced[first] = pa
                where = (pa, cb) if first == a else (ca, pb)
            settled += (a, b)
            _clash(work, a, b, where, active)
    changed = bool(settled)
    while changed:  # later opponents running into a step a Clash settled
        changed = False
        for b in sorted(proposals):
            cb, pb = before[b], proposals[b]
            for s in settled:
                cs, fs = before[s], forced.get(s, before[s])
                if fs == cs or work.chars[s].side == work.chars[b].side:
                    continue  # one that stopped where it stood is met as anyone standing is
                crossed = crossing(cs, fs, cb, pb)
                if not (crossed or (chebyshev(cs, cb) > 1 and chebyshev(fs, pb) <= 1 and fs != pb)):
                    continue
                del proposals[b]
                if crossed:
                    where = (fs, cb)
                else:
                    forced[b] = pb
                    where = (fs, pb)
                settled.append(b)
                _clash(work, s, b, where, active)
                changed = True
                break


def _clash(work: Work, a: str, b: str, where, active) -> None:
    """The Clash of ``a`` and ``b``, stopped at ``where``: logged; Ready
    figures with melee weapons strike once positions settle; both Not Ready."""
    active.discard(a)
    active.discard(b)
    work.events.append(Clashed(a, b, where))
    work.clashed.update((a, b))
    for me, other in ((a, b), (b, a)):
        if can_make_aoo(work, me, other, clash=True):
            work.aoo_used.add(me)
            work.clash_attacks.append((me, other))  # made once both have stopped
    work.make_unready(a, f"a Clash with {b} (Clash is NR)")
    work.make_unready(b, f"a Clash with {a} (Clash is NR)")


def crashes(work: Work, proposals, before, active) -> None:
    """Allies whose steps cross, either Not Ready: a Dexterity save each
    (seed: Crash); failing stops them."""
    ids = sorted(proposals)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if a not in proposals or b not in proposals:
                continue
            if work.chars[a].side != work.chars[b].side:
                continue
            if work.ready[a] and work.ready[b]:
                continue
            if not crossing(before[a], proposals[a], before[b], proposals[b]):
                continue
            work.events.append(Crashed(a, b))
            for uid in (a, b):
                was_ready = work.ready[uid]
                if dex_save(work, uid, favor=was_ready, disfavor=not was_ready, purpose="Dexterity save (Crash)"):
                    continue
                proposals.pop(uid, None)
                active.discard(uid)
                if was_ready:
                    work.make_unready(uid, f"it failed its Dexterity save in a Crash with {b if uid == a else a}")
                    work.note(f"{uid} stumbles and stops, Not Ready")
                else:
                    work.update(uid, prone=True)
                    work.note(f"{uid} stops and falls Prone")


def occupancy(proposals, before, budget, forced=None, carrying=None) -> dict:
    """The steps that can happen: nobody ends in a cell another holds or
    steps into.  Steps a Clash lets happen (``forced``) have the first say,
    then more movement left goes first; a step into a cell whose holder
    stays is refused (it waits a tick).  A character a Clash stopped does
    not leave its cell free to another this tick, and a carrier's cell is
    taken by the one it carries (``carrying``: carrier -> carried)."""
    forced = forced or {}
    holder = {p: u for u, p in before.items()}
    pending = dict(proposals)
    pending.update(forced)
    accepted: dict[str, tuple] = {}
    claimed: set = {before[u] for u in forced}
    changed = True
    while changed:
        changed = False
        for uid in sorted(pending, key=lambda u: (u not in forced, -budget[u], u)):
            cell = pending[uid]
            occ = holder.get(cell)
            if cell in claimed or (occ is not None and occ not in pending and occ not in accepted):
                del pending[uid]
                changed = True
            elif occ is None or occ in accepted:
                accepted[uid] = cell
                claimed.add(cell)
                if carrying and uid in carrying:
                    claimed.add(before[uid])  # the carried ally is dragged into it
                del pending[uid]
                changed = True
    carriers = carrying or {}
    for uid, cell in list(pending.items()):  # allies swapping places slip past each other
        occ = holder.get(cell)
        if occ in pending and pending[occ] == before[uid] and cell not in claimed \
                and uid not in carriers and occ not in carriers:  # (a carried ally would fill the cell)
            accepted[uid] = cell
            claimed.add(cell)
    return accepted
