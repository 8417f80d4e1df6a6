"""Platemail's Actions and Conditions, the words an order is written in:
apart from state.py so that orders.py and state.py need not import each
other (state.py names both)."""

from __future__ import annotations

import enum


class Action(enum.Enum):
    # Hashed by identity (members are singletons, equal only to themselves):
    # Enum's own hash is a Python call, and these key dicts the resolution
    # reads at every step.  No order depends on it (string hashes vary too).
    __hash__ = object.__hash__

    MOVE = "move"
    SPRINT = "sprint"
    FALL_BACK = "fall-back"
    SKULK = "skulk"
    CHARGE = "charge"
    FULL_ATTACK = "full-attack"
    COUNTER = "counter"
    RANGED = "ranged-attack"
    RAPID_FIRE = "rapid-fire"
    AIM = "aim"
    DEFEND = "defend"
    GUARD = "guard"
    PREPARE = "prepare-spell"
    RELEASE = "release-spell"
    FOCUS = "focus-spell"
    USE_ITEM = "use-item"
    RESCUE = "rescue"
    STABILIZE = "stabilize"
    # Involuntary: never written, only forced
    CRASH = "crash"
    CLASH = "clash"
    DAZED = "dazed"
    TERROR = "terror"


class Condition(enum.Enum):
    __hash__ = object.__hash__  # as Action's

    REACHED = "reached"  # I reached my target (or my destination)
    TARGET_DOWN = "target-down"  # my target is down
    HIT = "hit"  # I was hit in the 1st Action Phase
    ENEMY_ADJACENT = "enemy-adjacent"  # an enemy is adjacent to me
    IN_RANGE = "in-range"  # my target is within my weapon's (or spell's) Range
    VISIBLE = "visible"  # I can see my target (not Concealed)
    ALLY_DOWN = "ally-down"  # an ally is down
    WOUNDED = "wounded"  # I have at least one Wound
    SPELL_READY = "spell-ready"  # I have a Prepared spell
