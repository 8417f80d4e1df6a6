"""What each Platemail Action does, in a line: shown under the order
writer's Action menu for the highlighted Action, so a player choosing sees
the trade (movement, attacks, who gets Favor against them) without leaving
for the help.  Our words for the seed's *Actions* section; each line says
what the engine does (docs/rulings.md, Platemail, *Actions*)."""

from __future__ import annotations

from core.rulesets.platemail.state import Action

GISTS: dict[Action, str] = {
    Action.MOVE: "Move up to 15 ft (3 cells) and stay Ready.",
    Action.SPRINT: "Move up to 30 ft (6 cells), Not Ready; shots at you have Disfavor this Phase.",
    Action.FALL_BACK: ("Move up to 15 ft, ending further from the nearest hostile; melee at you "
                       "has Disfavor and nobody gets an Attack of Opportunity on you."),
    Action.SKULK: ("Move up to 15 ft rolling Stealth; you stay Hidden only if you end in Cover or "
                   "Concealment. Your first Attack on an Unaware target has Favor."),
    Action.CHARGE: ("Move up to 15 ft, then one melee Attack: with Favor after at least 10 ft "
                    "(2 cells) of moving, or after a Clash."),
    Action.FULL_ATTACK: "Stay put: two melee Attacks on adjacent enemies; melee at you has Favor.",
    Action.COUNTER: "Stay put: one melee Attack on an adjacent enemy; melee at you has Disfavor.",
    Action.RANGED: "Stay put: one shot or throw at a target in sight; melee at you has Favor.",
    Action.RAPID_FIRE: ("Stay put: two shots, each with Disfavor (not with a crossbow, which needs a "
                        "reload between shots); melee at you has Favor."),
    Action.AIM: ("Stay put: if your next Action is a Ranged Attack it has Favor and +1 "
                 "Penetration; melee at you has Favor."),
    Action.DEFEND: ("Stay put, no Attacks but of Opportunity: melee at you has Disfavor (unless "
                    "you are Unaware of the attacker); Favor on your saves."),
    Action.GUARD: ("Keep beside an ally (moving up to 15 ft): an Attack on them must first beat "
                   "your Defense; past it, on an even d6 it hits you instead."),
    Action.PREPARE: ("Stay put: the spell is Prepared at the end of the Phase; Attacks at you "
                     "have Favor, and a hit calls for a Concentration check."),
    Action.RELEASE: "Stay put: cast your Prepared spell at its target.",
    Action.FOCUS: ("Stay put and hold an ongoing spell; Attacks at you have Favor, and a hit "
                   "calls for a Concentration check."),
    Action.USE_ITEM: ("Reload, swap weapons, drink a potion, open or close an adjacent door, or "
                      "free someone entrapped (a heavy crossbow's reload leaves you Not Ready)."),
    Action.RESCUE: ("Move up to 15 ft carrying an ally; Attacks at you have Favor, and on an even "
                    "d6 a hit lands on the ally."),
    Action.STABILIZE: "A Medical roll to make a Fatally Wounded ally beside you Stable.",
}
