"""Spheres of War: where a figure is deployed, judged by the first turn.

The Match solver (``sow_match``) finds that a Match between two figures
out of each other's reach is worth nothing to either: whoever steps within
reach is struck first, so both Wait.  A Match that starts with the
Instigator's figure one Move from contact starts with its free strike
(rules 16, 28-29), and the struck figure rolls first.  With the zones
touching (rule 6), deployment decides which pairs start that way:

- each turn's Matches pair the closest figures first (rules 12-13), so the
  first turn's Matches can be read off the deployment;
- the Instigator's figures are never at risk at the start of a Match (it
  acts first), so the Instigator deploys forward, covering as much of the
  other zone as it can and striking any figure left within reach;
- the Retaliator must keep every figure out of reach of the Instigator's
  figures, and of any cell the Instigator could still deploy on, and is
  otherwise as far forward as that allows (room behind to back away).
"""

from __future__ import annotations

from core.board import Battlefield, Cell, distance_squared
from core.rulesets.spheres_of_war import cache

# Reach is a rules fact: it lives with the ruleset; re-exported for the AI modules.
from core.rulesets.spheres_of_war.reach import exposed, reached_from, reaches


def first_turn(bf: Battlefield, instigators: list[Cell], retaliators: list[Cell]) -> int:
    """How many of a turn's Matches start with the Instigator's figure
    within reach (its free strike), pairing the closest figures first as
    the turn does, each figure once."""
    pairs = sorted((distance_squared(i, r), i, r) for i in instigators for r in retaliators)
    return int(_strikes(bf, pairs, [*instigators, *retaliators], ()))


class NextTurn:
    """``first_turn`` asked again and again with all figures but one pair
    standing still (the Match solver's leaves): the still figures' pairs
    are sorted once, and only the Matches of the pair's two figures are
    counted.

    A figure still to play a Match this turn (not in ``settled``, the cells
    of the Inert) does not stand still: in its own Match it can step out of
    reach, or into it.  A strike next turn between one of the pair and such
    a figure counts ``UNSETTLED`` of one.  Counted whole, a Retaliator
    Waited within reach with the Match's last Action rather than step back,
    because the step only handed the same Instigator's strike to a figure
    whose own Match was still to come (issue 31)."""

    UNSETTLED = 0.5

    def __init__(self, bf: Battlefield, instigators: list[Cell], retaliators: list[Cell],
                 settled: frozenset[Cell] | None = None) -> None:
        self.bf, self.instigators, self.retaliators = bf, instigators, retaliators
        self.fixed = [(distance_squared(i, r), i, r) for i in instigators for r in retaliators]
        # None: every figure counts whole (the first turn read off a deployment)
        self.settled = settled

    def strikes(self, i_cell: Cell, r_cell: Cell) -> float:
        """Strikes in the Matches of the Instigator's figure at ``i_cell``
        and the Retaliator's at ``r_cell``, the others where they stand."""
        pairs = [*self.fixed, (distance_squared(i_cell, r_cell), i_cell, r_cell)]
        pairs += [(distance_squared(i_cell, r), i_cell, r) for r in self.retaliators]
        pairs += [(distance_squared(i, r_cell), i, r_cell) for i in self.instigators]
        pairs.sort()
        everyone = [*self.instigators, i_cell, *self.retaliators, r_cell]
        if self.settled is None:
            return _strikes(self.bf, pairs, everyone, (i_cell, r_cell))
        settled = self.settled | {i_cell, r_cell}

        def weight(i: Cell, r: Cell) -> float:
            return 1.0 if i in settled and r in settled else self.UNSETTLED
        return _strikes(self.bf, pairs, everyone, (i_cell, r_cell), weight)


def _strikes(bf: Battlefield, pairs, everyone: list[Cell], only: tuple[Cell, ...], weight=None) -> float:
    """Pair the figures closest first (``pairs`` sorted by distance), each
    once, and count the pairs whose Instigator's figure reaches the other
    (each ``weight(i, r)`` of one, whole by default); with ``only``, just
    the pairs of the figures at those cells."""
    used: set[Cell] = set()
    strikes = 0.0
    for _, i, r in pairs:
        if i in used or r in used:
            continue
        used.add(i)
        used.add(r)
        if only and i not in only and r not in only:
            continue
        if reaches(bf, i, r, [c for c in everyone if c != i and c != r]):
            strikes += 1.0 if weight is None else weight(i, r)
        if only and only[0] in used and only[1] in used:
            break  # both figures Matched: no later pair is theirs
    return strikes


def deploy_cells(bf: Battlefield, side: int, instigator: int, mine: list[Cell], theirs: list[Cell],
                 theirs_to_come: bool, open_cells: list[Cell]) -> list[Cell]:
    """The best of ``open_cells`` for ``side``'s next figure, with its placed
    figures at ``mine``, the enemy's at ``theirs`` and (``theirs_to_come``)
    enemy figures still to deploy.  Best: most first-turn strikes for this
    side (less the enemy's), then (Instigator) the most of the enemy zone
    newly within reach, then the farthest forward, then the farthest from
    its own figures (spread along the front)."""
    placed = [*mine, *theirs]
    enemy_zone = open_zone(bf, 1 - side, placed)
    covered = {e for m in mine for e in reached_from(bf, m, enemy_zone, placed)} if side == instigator else set()
    scored = []
    for c in open_cells:
        if side == instigator:
            gain = first_turn(bf, [*mine, c], theirs)
            new = sum(1 for e in reached_from(bf, c, enemy_zone, placed) if e not in covered)
        else:
            gain = -first_turn(bf, theirs, [*mine, c])
            if theirs_to_come and exposed(bf, c, enemy_zone, placed):
                gain -= 1  # the Instigator, deploying after, would put a figure within reach
            new = 0
        gap = min((distance_squared(c, e) for e in enemy_zone), default=0)
        spread = min((distance_squared(c, m) for m in mine), default=0)
        scored.append(((gain, new, -gap, spread), c))
    if not scored:
        return []
    best = max(s for s, _ in scored)
    return [c for s, c in scored if s == best]


def placement_note(bf: Battlefield, side: int, instigator: int, cell: Cell, mine: dict[str, Cell],
                   theirs: dict[str, Cell], theirs_to_come: bool) -> str:
    """What a figure deployed on ``cell`` faces in the first turn, for the
    log: which enemy it could strike first (Instigator) or whose reach it
    stands in (Retaliator)."""
    placed = [*mine.values(), *theirs.values()]
    if side == instigator:
        before = first_turn(bf, list(mine.values()), list(theirs.values()))
        after = first_turn(bf, [*mine.values(), cell], list(theirs.values()))
        near = sorted(uid for uid, c in theirs.items() if reaches(bf, cell, c, placed))
        if after > before and near:  # (a new figure can also free another's target: nothing to name)
            return f"one Move from {_named(near)}: strikes first in turn 1"
        covers = len(reached_from(bf, cell, open_zone(bf, 1 - side, placed), placed))
        if covers:
            return f"{covers} {'cell' if covers == 1 else 'cells'} of the Retaliator's zone within one Move of it"
        return "nothing in the Retaliator's zone within one Move of it"
    threats = sorted(uid for uid, c in theirs.items() if reaches(bf, c, cell, placed))
    if threats:
        return f"within one Move of {_named(threats)}: struck first if Matched"
    if theirs_to_come:
        if exposed(bf, cell, open_zone(bf, 1 - side, placed), placed):
            return "the Instigator can still deploy within one Move of it"
        return "out of reach of every cell the Instigator can deploy on"
    return "out of reach of the Instigator's figures"


def _named(ids: list[str]) -> str:
    """The first figure's id, and how many more (a log line is short)."""
    return ids[0] if len(ids) == 1 else f"{ids[0]} and {len(ids) - 1} more"


def open_zone(bf: Battlefield, side: int, placed: list[Cell]) -> list[Cell]:
    """The cells of ``side``'s zone nobody stands on."""
    taken = set(placed)
    return [c for c in cache.deploy_cells(bf, side) if c not in taken]
