"""Plasto Latros (Jennifer Reitz, 2022): a diceless skirmish of facing arcs,
Threat, Locked In Battle, Doom and Defending Free Movements."""

from .ruleset import RULESET, PlastoLatros

__all__ = ["RULESET", "PlastoLatros"]
