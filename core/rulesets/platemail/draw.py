"""Speed only, no rules: one random legal order without listing them all
(``Ruleset.random_order``, for computer players and the benchmarks).

The listing is ``commit`` and then, for every character of the side still
fighting, a sample of its written orders (``legal.sample_writes``, worked
out from what the side knows).  The draw commits by a share; otherwise it
picks one character and draws one of that character's writes
(``legal.draw_write``: random candidates of the listing's own, checked one
at a time with the listing's checks until one passes, so it returns only
listed orders, each equally likely); a character with none passes the
choice to another, and with no write anywhere the side commits.  Every listed order keeps a non-zero
chance, and the draw uses only the ``rng`` it is given.

``COMMIT_SHARE`` is near the listing's own rate (one order in a dozen on the
bench's games), so these games write about as many orders per Round as
games played from the listing.
"""

from __future__ import annotations

import random

from core.deployment import Deploy, DeployAll, Ready, open_cells

from .legal import _memo_for, draw_write
from .orders import Commit
from .state import PlatemailState, Status

COMMIT_SHARE = 1 / 12
_BITS = tuple((i + 1).bit_length() for i in range(16))  # the bits _randbelow(i + 1) asks for


def random_order(ruleset, state: PlatemailState, side: int, rng: random.Random):
    """A legal order for ``side`` (who is to act), or None if it has none."""
    if side not in ruleset.to_act(state):
        return None
    if state.stage == "deploy":
        return _deploy(state, side, rng)
    if rng.random() < COMMIT_SHARE:
        return Commit(side)
    view = ruleset.writing_view(state, side)  # never what the side cannot know
    # The side's characters still fighting on the battlefield: a function of
    # the characters tuple, kept with its candidate writes (legal._memo_for)
    memo = _memo_for(view)
    mine = memo.get(("fighting", side))
    if mine is None:
        fighting = Status.FIGHTING
        mine = memo["fighting", side] = tuple(
            [c for c in view.characters if c.side == side and c.status is fighting and c.pos is not None])
    if type(rng) is not random.Random:
        mine = list(mine)
        rng.shuffle(mine)
    elif len(mine) > 1:  # rng.shuffle(mine), its very rng calls, without its frames
        mine = list(mine)
        bits = rng.getrandbits
        for i in range(len(mine) - 1, 0, -1):
            # j = rng._randbelow(i + 1): Random's _randbelow_with_getrandbits
            k = _BITS[i] if i < 16 else (i + 1).bit_length()
            j = bits(k)
            while j > i:
                j = bits(k)
            mine[i], mine[j] = mine[j], mine[i]
    for me in mine:
        write = draw_write(view, me, rng, 8, memo)  # (tries: draw_write's default)
        if write is not None:
            return write
    return Commit(side)


def _deploy(state: PlatemailState, side: int, rng: random.Random):
    """The listing's deployment orders are few (place all, the first waiting
    character on one of four cells, or ready): one of them."""
    pos = {c.id: c.pos for c in state.characters}
    waiting = [c.id for c in state.characters if c.side == side and c.pos is None]
    if not waiting:
        return Ready(side)
    orders = [DeployAll(side)] + [Deploy(side, waiting[0], cell)
                                  for cell in open_cells(state.battlefield, side, pos)[:4]]
    return rng.choice(orders)
