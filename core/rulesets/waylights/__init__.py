"""Waylights, Further Simplified Tactical Resolution System (seed 004).

The package's rooms, alike in every ruleset: ``state``, ``orders``,
``events``, the rules modules, ``ruleset`` (the ``Ruleset`` subclass) and
this file, which only exports ``RULESET``."""

from .ruleset import RULESET

__all__ = ["RULESET"]
