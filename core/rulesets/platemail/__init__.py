"""Platemail: simultaneous secret orders, two Action Phases a Round, and a
conditional IF/ELSE second Action.  The engine plays the Arbiter.

The package's rooms, alike in every ruleset: ``state``, ``orders``,
``events``, the rules modules, ``ruleset`` (the ``Ruleset`` subclass) and
this file, which only exports ``RULESET``."""

from .ruleset import RULESET

__all__ = ["RULESET"]
