"""Spheres of War, Tactical Fragment 1 (v0.1f, with the v0.2 amendments as an option)."""

from .rules import SpheresOfWar

RULESET = SpheresOfWar()

__all__ = ["RULESET", "SpheresOfWar"]
