"""Platemail's part of the hidden-information conformance test
(tests/conformance/test_hidden_information.py): two states one side
cannot tell apart, and the lines that side is given besides the log."""

from __future__ import annotations

import random

import attrs

from core.rulesets.platemail import RULESET
from core.rulesets.platemail.equipment import PASSIVE_BASE
from core.rulesets.platemail.state import Act, Action, Commit, Condition, PlatemailOptions, PlatemailState, Write

# Rogues skulk well, so the random games reach unseen skulkers often.
OPTIONS = PlatemailOptions(roster_0="rogue,rogue,footman", roster_1="rogue,archer,rogue")


def _unseen(state: PlatemailState, side: int):
    """The other side's characters whose position ``side``'s view leaves out."""
    seen = {c.id: c.pos for c in RULESET.view(state, side).characters}
    return [c for c in state.characters if c.pos is not None and seen[c.id] is None]


def _quiet(side: int, unit: str, rng: random.Random) -> Write:
    """Orders that neither move nor roll: Defend, or Skulk standing still
    (a hidden skulker keeps its roll), so both twins use the same dice."""
    kind = rng.choice((Action.DEFEND, Action.SKULK))
    a = Act(side, kind)
    return Write(side, unit, a, Condition.HIT, a, a)


def twins(state: PlatemailState, side: int, rng: random.Random, moving: bool):
    """(a, b): ``state`` twice, with what ``side`` cannot see drawn afresh:
    the other side's unseen skulkers get other Stealth rolls (still above
    every Perception of ``side``) and other quiet orders; with ``moving``
    (for the orders and cells offered now, not for what follows) they also
    stand elsewhere.  None when nothing is hidden from ``side``."""
    if state.stage != "orders" or state.committed[1 - side]:
        return None
    hidden = _unseen(state, side)
    if not hidden:
        return None
    top = max(PASSIVE_BASE + c.perception for c in state.characters if c.side == side)
    bf = state.battlefield
    taken = {c.pos for c in state.characters if c.pos is not None}
    free = [(x, y) for y in range(bf.height) for x in range(bf.width)
            if (x, y) not in taken and not bf.terrain((x, y)).blocks_move]

    def draw(moved: bool) -> PlatemailState:
        chars, plans = [], [p for p in state.plans if p.unit not in {c.id for c in hidden}]
        for c in state.characters:
            if c in hidden:
                pos = c.pos
                if moved and free:
                    pos = free.pop(rng.randrange(len(free)))
                c = attrs.evolve(c, pos=pos, stealth_roll=rng.randint(top + 1, top + 10))
                plans.append(_quiet(c.side, c.id, rng))
            chars.append(c)
        return attrs.evolve(state, characters=tuple(chars), plans=tuple(plans))

    return draw(False), draw(moving)


def other_side_orders(game, side: int):
    """The hidden side only commits: its skulkers' orders were set by ``twins``."""
    return [o for o in game.legal_orders(side) if isinstance(o, Commit)]


def extra_lines(game, side: int) -> list[str]:
    """The Round playback and the side panel's results, as ``side`` gets them."""
    from tui.rulesets.platemail import PlatemailAdapter
    from tui.rulesets.platemail_playback import playback_steps

    adapter = PlatemailAdapter(game.ruleset)
    lines = [f"{title}: {'|'.join(body)}" for title, body in playback_steps(adapter.round_log(game, side))]
    return lines + adapter.panel_lines(game, game.view(side), side, None)


def random_order(game, side: int, rng: random.Random):
    """Steer the random game towards secrets: now and then a rogue without
    orders skulks to a cell with cover and stays there; otherwise None (a
    random legal order)."""
    state = game.state
    if state.stage != "orders" or rng.random() < 0.4:
        return None
    rogues = [c for c in state.characters if c.side == side and c.archetype == "rogue" and c.fighting
              and c.pos is not None and state.plan(c.id) is None]
    if not rogues:
        return None
    me = rng.choice(rogues)
    bf = state.battlefield
    cover = [(x, y) for y in range(bf.height) for x in range(bf.width)
             if bf.terrain((x, y)).cover and not bf.terrain((x, y)).blocks_move
             and max(abs(x - me.pos[0]), abs(y - me.pos[1])) <= 3]
    if not cover:
        return None
    stay = Act(side, Action.SKULK)
    return Write(side, me.id, Act(side, Action.SKULK, to=rng.choice(cover)), Condition.HIT, stay, stay)
