"""Platemail: simultaneous secret orders, two Action Phases a Round, and a
conditional IF/ELSE second Action.  The engine plays the Arbiter."""

from .rules import RULESET, Platemail

__all__ = ["RULESET", "Platemail"]
