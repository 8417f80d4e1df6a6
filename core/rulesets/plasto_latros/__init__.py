"""Plasto Latros (Jennifer Reitz, 2022): a diceless skirmish of facing arcs,
Threat, Locked In Battle, Doom and Defending Free Movements.

The package's rooms, alike in every ruleset: ``state``, ``orders``,
``events``, the rules modules, ``ruleset`` (the ``Ruleset`` subclass) and
this file, which only exports ``RULESET``."""

from .ruleset import RULESET

__all__ = ["RULESET"]
