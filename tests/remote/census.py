"""Shared by the tests of events crossing the wire and the save (issue 26):
the census of event classes, random seeded games of every ruleset (steered
towards their secrets where they have hidden information), and what
"crossing" checks."""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
import random
import sys

import attrs

from core import registry
from core.events import Event
from core.game import Game, start, submit
from net import wire
from saves.convert import converter_for, structure, unstructure
from saves.library import battlefield_named

RULESETS = registry.rulesets()
SEEDS = (1, 2, 3)  # random games per ruleset for the classes' census
ORDER_CAP = 3000
CHUNK = 200  # events in one update line (a host sends a whole log when a game is resumed)


# -- the classes ----------------------------------------------------------------


def _import_every_module() -> None:
    for rules in RULESETS:
        package = importlib.import_module(type(rules).__module__.rpartition(".")[0])
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(info.name)


def event_classes() -> dict[str, type[Event]]:
    """Every event class defined in ``core``, by its name (the wire's kind)."""
    _import_every_module()
    found: dict[str, list[type[Event]]] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "core" or name.startswith("core.")):
            continue
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, Event) and value is not Event
                    and value.__module__ == name and attrs.has(value)):
                found.setdefault(value.__name__, []).append(value)
    doubled = {name: [c.__module__ for c in classes] for name, classes in found.items() if len(classes) > 1}
    assert not doubled, f"two event classes share a name, which the wire sends as their kind: {doubled}"
    return {name: classes[0] for name, classes in found.items()}


# -- crossing -------------------------------------------------------------------


def _update_line(rules, events) -> bytes:
    return wire.encode("update", version=0, view={}, to_act=[], legal=[], events=wire.events_out(rules, events),
                       orders=[], outcome=None, present=True)


def cross(rules, events, crossed: set | None = None) -> None:
    """``events`` over the wire and through the save, both ways; each must
    come back equal and of its own class.  The classes that did go in
    ``crossed``."""
    events = tuple(events)
    for at in range(0, len(events), CHUNK):
        chunk = events[at:at + CHUNK]
        message = wire.decode(_update_line(rules, chunk), wire.HOST_MESSAGES, wire.HOST_MAX)
        back = wire.events_in(rules, message["events"])
        assert [type(e) for e in back] == [type(e) for e in chunk]
        assert back == chunk
        # the other way: what the joiner read is sent again byte for byte
        assert _update_line(rules, back) == _update_line(rules, chunk)
    conv = converter_for(rules)
    for event in set(events):
        kind = type(event)
        text = json.dumps(unstructure(conv, event), allow_nan=False)
        data = json.loads(text)
        back = structure(conv, data, kind, "event")
        assert type(back) is kind and back == event, f"{kind.__name__} changes through the save: {event!r}"
        assert unstructure(conv, back) == data
        if crossed is not None:
            crossed.add(kind)


# -- random games ---------------------------------------------------------------


def _hooks(rules):
    if not rules.capabilities.hidden_information:
        return None
    return importlib.import_module(f"tests.rulesets.{rules.name}.hidden_twins")


def play(rules, seed: int, options=None) -> Game:
    """A random game to its end; a ruleset with hidden information steered
    towards its secrets."""
    hooks = _hooks(rules)
    if options is None and hooks is not None:
        options = hooks.OPTIONS
    game = start(rules, options, battlefield_named(rules.default_battlefield), seed, ("Ann", "Bob"))
    rng = random.Random(seed)
    for _ in range(ORDER_CAP):
        if not game.to_act:
            break
        side = rng.choice(sorted(game.to_act))
        order = hooks.random_order(game, side, rng) if hooks is not None else None
        if order is None and rng.random() < 0.5:
            order = game.random_order(side, rng)
        if order is None:
            order = rng.choice(game.legal_orders(side))
        game = submit(game, order).game
    return game


def platemail_options(rules):
    """The issue's rosters: a rogue in Player 1's (knight, archer, rogue), and one in Player 2's."""
    return attrs.evolve(rules.default_options(), roster_0="knight,archer,rogue", roster_1="footman,rogue,spellcaster")


@functools.cache
def played(name: str) -> tuple[Game, ...]:
    rules = registry.find_ruleset(name)
    games = [play(rules, seed) for seed in SEEDS]
    if name == "platemail":
        games += [play(rules, seed, platemail_options(rules)) for seed in SEEDS]
    return tuple(games)
