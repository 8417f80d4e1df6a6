"""Hot-seat screens draw from the seat at the keyboard only (issue 27,
"One redaction"): once the keyboard has passed to the other side, nothing
the game screen draws from (``screen.game``, its view, units and orders),
nothing handed to its adapter and nothing the open modal holds carries
what that side may not see -- Platemail's secret orders of the side that
committed first, or Optio's unrevealed blocks of the other side."""

from __future__ import annotations

import random

import attrs

from core.rulesets.optio.state import Kind, Phase
from core.rulesets.platemail.orders import Write
from tests.tui.test_optio import game_screen, pre_game
from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders, write_side_zero
from tui.app import SkirmishApp
from tui.modals import Handover


def walk(value, seen=None, depth=0):
    """Every value reachable from ``value`` through attrs fields, tuples,
    lists, sets and dicts (what a screen or modal was handed)."""
    seen = set() if seen is None else seen
    if id(value) in seen or depth > 12:
        return
    seen.add(id(value))
    yield value
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    if attrs.has(type(value)):
        children = [getattr(value, f.name, None) for f in attrs.fields(type(value))]
    elif isinstance(value, dict):
        children = list(value.keys()) + list(value.values())
    elif isinstance(value, (tuple, list, set, frozenset)):
        children = list(value)
    else:
        return
    for child in children:
        yield from walk(child, seen, depth + 1)


def record_adapter(screen, only: tuple[str, ...] = (), handed: list | None = None) -> list:
    """Every argument the screen's adapter is handed from now on (to its
    methods named in ``only``, if given)."""
    handed = [] if handed is None else handed
    adapter = screen.adapter
    for name in dir(type(adapter)):
        method = getattr(adapter, name, None)
        if name.startswith("_") or not callable(method) or (only and name not in only):
            continue

        def recorded(*args, _method=method, **kwargs):
            handed.extend(args)
            handed.extend(kwargs.values())
            return _method(*args, **kwargs)

        setattr(adapter, name, recorded)
    return handed


def reachable(app, screen, handed) -> dict:
    """What side at the keyboard's screen holds, by where it was found."""
    places = {"screen.game": screen.game, "screen.view_state": screen.view_state,
              "screen.orders": screen.orders, "screen.units": screen.units, "adapter inputs": handed}
    for modal in app.screen_stack[1:]:
        for name in ("game", "view", "view_state"):
            if modal is not screen and hasattr(modal, name):
                places[f"{type(modal).__name__}.{name}"] = getattr(modal, name)
    return places


def leaks(places: dict, secret) -> list[str]:
    return sorted({where for where, value in places.items() for found in walk(value) if secret(found)})


async def test_platemail_side_one_holds_nothing_of_side_zeros_committed_orders():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")  # Ann takes the keyboard
        await write_side_zero(pilot)
        handed = record_adapter(screen, only=("handover_detail",))  # the words for Bo on the handover
        await pilot.press("p", "y")  # Ann commits
        await pilot.pause()
        assert isinstance(app.screen, Handover)
        assert handed  # the handover's words were asked for
        record_adapter(screen, handed=handed)  # and everything from here: Bo's turn
        written = [o for o in screen.local_game().orders if isinstance(o, Write) and o.side == 0]
        assert written  # the whole game (the match's) has Ann's orders
        texts = {o.to_text() for o in written}

        def ann_secret(value) -> bool:
            if isinstance(value, Write):
                return value.side == 0
            return isinstance(value, str) and any(text in value for text in texts)

        assert leaks(reachable(app, screen, handed), ann_secret) == []  # the handover: nobody's
        await pilot.press("enter")  # Bo takes the keyboard
        await pilot.pause()
        assert screen.keyboard_side == 1
        await open_orders(pilot, 1)  # Bo's orders screen, open
        await pilot.pause()
        assert leaks(reachable(app, screen, handed), ann_secret) == []


async def test_optio_the_side_at_the_keyboard_holds_no_unrevealed_block_of_the_other():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(pre_game(seed=8, map_seed=5))
        await pilot.pause()
        screen = game_screen(app)
        handed = record_adapter(screen)
        sides = set()
        for _ in range(4):
            if isinstance(app.screen, Handover):
                await pilot.press("enter")
                await pilot.pause()
            if screen.local_game().state.phase is not Phase.SCOUTING:
                break
            side = screen.keyboard_side
            sides.add(side)

            def hidden_of_other(value, side=side) -> bool:
                return (getattr(value, "side", side) != side and getattr(value, "kind", Kind.UNKNOWN)
                        is not Kind.UNKNOWN and not getattr(value, "revealed", True))

            assert leaks(reachable(app, screen, handed), hidden_of_other) == []
            mover = random.Random(side)
            moves = [o for o in screen.orders if o.verb == "move"]
            if moves:
                assert screen.submit(mover.choice(moves))
            await pilot.pause()
            handed.clear()  # what this side was handed was its own; from here, the handover and the next side
            end = [o for o in screen.orders if o.verb == "end-turn"]
            assert screen.submit(end[0])
            await pilot.pause()
        assert sides == {0, 1}
