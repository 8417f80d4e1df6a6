"""Spheres of War, Tactical Fragment 1 (v0.1f, with the v0.2 amendments as an option).

The package's rooms, alike in every ruleset: ``state``, ``orders``,
``events``, the rules modules, ``ruleset`` (the ``Ruleset`` subclass) and
this file, which only exports ``RULESET``."""

from .ruleset import RULESET

__all__ = ["RULESET"]
