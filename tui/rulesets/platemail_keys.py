"""The Platemail order writer's keys: one letter for each voluntary
Action, each condition and each general target (``who``), so a player
writes an order from the keyboard without arrows.  None is p: p commits
(ends the turn) one level up, in every ruleset."""

from __future__ import annotations

from core.rulesets.platemail.state import Action, Condition

# One letter per voluntary Action, shown in the menu.  None of the writer's
# menus uses p: p commits (ends the turn) one level up, in every ruleset.
KIND_KEYS = {
    Action.MOVE: "m", Action.SPRINT: "s", Action.FALL_BACK: "b", Action.SKULK: "k", Action.CHARGE: "c",
    Action.FULL_ATTACK: "a", Action.COUNTER: "o", Action.RANGED: "r", Action.RAPID_FIRE: "f",
    Action.AIM: "i", Action.DEFEND: "d", Action.GUARD: "g", Action.PREPARE: "n", Action.RELEASE: "e",
    Action.FOCUS: "u", Action.USE_ITEM: "t", Action.RESCUE: "x", Action.STABILIZE: "z",
}
SPELL_KINDS = (Action.PREPARE, Action.RELEASE, Action.FOCUS)
CONDITION_KEYS = {
    Condition.REACHED: "r", Condition.TARGET_DOWN: "d", Condition.HIT: "h", Condition.ENEMY_ADJACENT: "a",
    Condition.IN_RANGE: "g", Condition.VISIBLE: "v", Condition.ALLY_DOWN: "l", Condition.WOUNDED: "w",
    Condition.SPELL_READY: "s",
}
GENERAL_KEYS = {"closest": "c", "injured": "i", "biggest": "b", "ally": "a", "ally-injured": "j",
                "ally-down": "d", "self": "s"}
HOSTILE_GENERAL = ("closest", "injured", "biggest")
FRIENDLY_GENERAL = ("ally", "ally-injured", "ally-down")
