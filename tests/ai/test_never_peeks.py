"""The computer decides from its side's view only.

For Platemail and Optio over positions from random games: change what the
computer's side cannot see (the other side's secret orders, where unseen
skulkers stand, the identities of unrevealed blocks), keep what it can
(the view is checked equal), and its choice must not change.  And each
ruleset's sampler fills in the unseen part only with positions whose view
is the one it was given."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from bench.games import battlefield_for
from core.ai import Level, decide, knowledge_for
from core.game import start, submit
from core.registry import find_ruleset
from core.ruleset import Rejection
from core.rulesets.optio.ruleset import KINDS_IN_HAND
from core.rulesets.optio.state import Kind
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.state import Action, Condition

TINY = Level("tiny", 6, 5)
SMALL = Level("small", 12, 5)
READING = Level("reading", 12, 5, lookahead=None, reads=True)  # as hard judges, on a small search


def _games(name: str, seeds, want, cap: int = 400):
    """Positions from random games (seeded) where ``want(game)`` holds."""
    rules = find_ruleset(name)
    for seed in seeds:
        rng = random.Random(seed)
        game = start(rules, None, battlefield_for(rules), seed, ("North", "South"))
        for _ in range(cap):
            if not game.to_act:
                break
            if want(game):
                yield game
            side = rng.choice(sorted(game.to_act))
            game = submit(game, rng.choice(game.legal_orders(side))).game


def _platemail_positions(limit: int = 4):
    """Side 0 to write orders for someone while side 1 has committed secret ones."""
    def want(game):
        s = game.state
        unwritten = any(c.side == 0 and c.fighting and c.pos and s.plan(c.id) is None for c in s.characters)
        return (s.stage == "orders" and s.committed == (False, True) and unwritten
                and sum(p.side == 1 for p in s.plans) >= 2)

    out = []
    for game in _games("platemail", range(12), want):
        out.append(game)
        if len(out) >= limit:
            break
    return out


def _other_orders(state):
    """Side 1's secret orders rewritten: charge where they defended, and so on."""
    plans = []
    for p in state.plans:
        if p.side == 1:
            act = Act(1, Action.DEFEND) if p.first.kind is not Action.DEFEND else Act(1, Action.CHARGE, "closest")
            p = Write(1, p.unit, act, Condition.WOUNDED, act, Act(1, Action.FALL_BACK))
        plans.append(p)
    return attrs.evolve(state, plans=tuple(plans))


def test_platemail_choice_ignores_the_other_sides_secret_orders():
    positions = _platemail_positions()
    assert positions, "no position with committed secret orders was found"
    for game in positions:
        changed = attrs.evolve(game, state=_other_orders(game.state))
        assert changed.state != game.state
        assert changed.view(0) == game.view(0)
        assert decide(changed, 0, TINY) == decide(game, 0, TINY)


@pytest.mark.parametrize("level", [SMALL, READING], ids=["small", "reading"])
def test_optio_choice_ignores_what_unrevealed_blocks_are(level):
    def want(game):
        s = game.state
        return (s.active == 0 and len(game.orders) % 9 == 0
                and any(b.side == 1 and not b.revealed and not b.gone for b in s.blocks))

    found = 0
    for game in _games("optio", range(3), want, cap=150):
        if found >= 8:
            break
        hidden = [b for b in game.state.blocks if b.side == 1 and not b.revealed]
        kinds = [b.kind for b in hidden]
        turned = kinds[1:] + kinds[:1]  # every hidden block takes the next one's kind
        if turned == kinds:
            continue
        swap = dict(zip((b.id for b in hidden), turned))
        blocks = tuple(attrs.evolve(b, kind=swap[b.id]) if b.id in swap else b for b in game.state.blocks)
        changed = attrs.evolve(game, state=attrs.evolve(game.state, blocks=blocks))
        assert changed.state != game.state
        assert changed.view(0) == game.view(0)
        assert decide(changed, 0, level) == decide(game, 0, level)
        found += 1
    assert found >= 4


def _same_view(rules, sampled, view, side):
    """The sampled position looks to ``side`` exactly like the view (the
    dice apart: the sampler redraws them, the searcher may not know them)."""
    seen = rules.view(sampled, side)
    return attrs.evolve(seen, dice=view.dice) == view


@pytest.mark.parametrize("seed", range(4))
def test_optio_sampler_deals_only_kinds_the_view_allows(seed):
    rules = find_ruleset("optio")
    know = knowledge_for(rules)
    know.level = READING if seed % 2 else SMALL  # hard's sampler reads the opponent's moves
    rng = random.Random(seed)
    for game in _games("optio", [seed], lambda g: len(g.orders) % 7 == 3, cap=120):
        for side in (0, 1):
            view = game.view(side)
            sampled = know.sample_hidden(view, side, rng)
            assert _same_view(rules, sampled, view, side)
            for s in (0, 1):
                kinds = Counter(b.kind for b in sampled.blocks if b.side == s)
                assert Kind.UNKNOWN not in kinds
                assert kinds == Counter(KINDS_IN_HAND)


def test_platemail_sampler_fills_secret_orders_and_hides_skulkers():
    rules = find_ruleset("platemail")
    know = knowledge_for(rules)
    rng = random.Random(3)
    checked = 0

    def want(game):
        return game.state.stage == "orders"

    for game in _games("platemail", range(10), want, cap=300):
        for side in (0, 1):
            view = game.view(side)
            sampled = know.sample_hidden(view, side, rng)
            assert _same_view(rules, sampled, view, side)
            other = 1 - side
            if view.committed[other]:
                planned = {p.unit for p in sampled.plans if p.side == other}
                fighting = {c.id for c in sampled.characters if c.side == other and c.fighting and c.pos}
                assert fighting <= planned
            unseen = [c for c in view.characters if c.side == other and c.hidden and c.pos is None
                      and c.fighting]
            for c in unseen:
                placed = sampled.char(c.id)
                assert placed.pos is not None
                assert not sampled.battlefield.terrain(placed.pos).blocks_move
            checked += 1
        if checked > 60:
            break
    assert checked > 10


def test_platemail_sampler_puts_an_unseen_skulker_somewhere_free():
    rules = find_ruleset("platemail")
    know = knowledge_for(rules)
    game = _platemail_positions(1)[0]
    sneak = next(c for c in game.state.characters if c.side == 1 and c.fighting)
    chars = tuple(attrs.evolve(c, hidden=True, stealth_roll=40) if c.id == sneak.id else c
                  for c in game.state.characters)
    state = attrs.evolve(game.state, characters=chars)
    view = rules.view(state, 0)
    assert view.char(sneak.id).pos is None  # unseen by side 0
    taken = {c.pos for c in view.characters if c.pos}
    spots = set()
    for seed in range(6):
        sampled = know.sample_hidden(view, 0, random.Random(seed))
        assert _same_view(rules, sampled, view, 0)
        spot = sampled.char(sneak.id).pos
        assert spot is not None and spot not in taken
        assert not sampled.battlefield.terrain(spot).blocks_move
        spots.add(spot)
    assert len(spots) > 1  # a guess, not the true cell each time


def _rewritten(game):
    """The same game, replayed, except that side 1's last secret order was
    written otherwise: other plans, the same view for side 0."""
    from core.game import start as begin

    rules = game.ruleset
    last_write = max(i for i, o in enumerate(game.orders) if o.side == 1 and isinstance(o, Write))
    original = game.orders[last_write]
    act = Act(1, Action.DEFEND) if original.first.kind is not Action.DEFEND else Act(1, Action.CHARGE, "closest")
    extra = Write(1, original.unit, act, Condition.WOUNDED, act, Act(1, Action.FALL_BACK))
    orders = game.orders[:last_write] + (extra,) + game.orders[last_write + 1:]
    other = begin(rules, game.options, game.battlefield, game.seed, game.players)
    for order in orders:
        result = submit(other, order)
        assert not isinstance(result, Rejection), (order.to_text(), result)
        other = result.game
    return other


def test_the_seated_computer_reads_only_its_seat():
    """Platemail through ``core.seats``: a table whose game differs in what
    side 0 cannot see (what side 1's secret orders say) shows
    side 0's seat the same thing, and the computer in that seat chooses the
    same order."""
    from core.ai.player import ComputerPlayer
    from core.dice import computer_seed
    from core.seats import Table

    positions = _platemail_positions()
    assert positions
    for game in positions:
        other = _rewritten(game)
        assert other.state != game.state and other.orders != game.orders
        here, there = Table(game).seat(0), Table(other).seat(0)
        assert here.view() == there.view() and here.events() == there.events()
        assert here.known_orders() == there.known_orders()
        mine = ComputerPlayer(here, TINY, computer_seed(game.seed)).choose()
        theirs = ComputerPlayer(there, TINY, computer_seed(game.seed)).choose()
        assert mine is not None and mine == theirs
