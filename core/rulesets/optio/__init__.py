"""Optio terrain pre-game (seed 003): hidden blocks on an operational map
decide where the battle is fought; the result is a battlefield any
ruleset can use (see :func:`core.rulesets.optio.terrain.battlefield_for`).

The package's rooms, alike in every ruleset: ``state``, ``orders``,
``events``, the rules modules, ``ruleset`` (the ``Ruleset`` subclass) and
this file, which only exports ``RULESET``."""

from .ruleset import RULESET

__all__ = ["RULESET"]
