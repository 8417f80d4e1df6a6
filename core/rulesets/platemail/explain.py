"""Why? for Platemail's log lines (see :mod:`core.explain`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.events import Event, GameOver, Moved, Note, Placed, Rolled, TurnEnded, TurnStarted, signed
from core.explain import Ref, generic_lines, roll_lines

from .equipment import SAVE_TARGET, WEAPONS
from .events import (
    ActionTaken,
    AttackMade,
    ChargeFailed,
    Clashed,
    Crashed,
    GuardBeaten,
    PhaseBegan,
    StatusChanged,
    WoundsTallied,
)

ORDERS = Ref("Writing orders (Simultaneous Combat, Speculative Planning)", "Simultaneous Combat; IF ELSE Clause")
READY = Ref("Ready / Not Ready", "Ready/Not Ready")
MOVING = Ref("Moving (Moving, Crash, Clash)", "Movement Actions")
ATTACKS = Ref("Attacks (Attack Rolls, Favor and Disfavor, Cover and Concealment)", "Attack Rolls")
WOUNDS = Ref("Armour and Wounds (Armor and Absorb, Penetration, Wounds)", "Armor and Absorb; Wounds")
ACTIONS = Ref("Actions", "Actions")
# A hit on a caster who is Preparing or Focusing calls for this check (seed:
# Concentration Checks, with Prepare Spell and Focus Spell); Dread's save is
# one of Skirmish's own spells: both are told in the help's Spells section.
CONCENTRATION = Ref("Spells", "Concentration Checks; Prepare Spell (NR); Focus Spell (NR)")
DREAD = Ref("Spells", "Spellcasting Actions (the spells are Skirmish's own)")


RANGE_MEASURE = ("Range is counted in 5-foot cells, a diagonal step 5 feet as in moving, from where both stood "
                 "at the start of the Phase; -2 for each Range increment past the first; "
                 "no shot reaches beyond four times the Range")


def _range_lines(roll: Rolled) -> list[str]:
    """The measure behind a shot's Range modifier (its label gives the feet)."""
    return [RANGE_MEASURE] if any(label.startswith("Range:") for label, _ in roll.modifiers) else []


# A Favor reason logged with the Action's order token ("a3 is prepare-spell"),
# in words (seed: Prepare Spell, Focus Spell, Rescue, Dazed give Favor).  The
# engine now logs the words itself (combat.BUSY_WORDS, the same words); this
# reads an event list made before it did.
TOKEN_WORDS = {"prepare-spell": "Preparing a spell", "focus-spell": "Focusing a spell",
               "rescue": "making a Rescue", "dazed": "Dazed"}
_TOKEN = re.compile(r"\bis (" + "|".join(map(re.escape, TOKEN_WORDS)) + r")\b(?!-)")


def _worded(lines: list[str]) -> list[str]:
    """``lines`` with every order token in a modifier's label put in words."""
    return [_TOKEN.sub(lambda m: f"is {TOKEN_WORDS[m.group(1)]}", line) for line in lines]


def _roll_lines(roll: Rolled) -> list[str]:
    return _worded(roll_lines(roll))


COVER_CITE = "Cover and Concealment"


def _cover_lines(roll: Rolled) -> list[str]:
    """Where a shot's Cover came from: the sources its label names
    ("Cover: the wall at 12,3 on the line of sight"), or else what gives
    Cover, as the engine decides it (``senses.sight``): at most half of the
    target's cell in view (terrain only: figures never block a line of
    sight), the target's cell giving cover, a Ready Tower Shield."""
    cover = next(((label, value) for label, value in roll.modifiers if label.split(":")[0] == "Cover"), None)
    if cover is None:
        return []
    label, value = cover
    told = label.split(":", 1)[1].strip() if ":" in label else ""
    if told:
        return [f"Cover {signed(value)} came from: {told}"]
    target = roll.purpose.rsplit(" on ", 1)[-1] if " on " in roll.purpose else "the target"
    return [f"Cover {signed(value)}: this line does not name what gave it; the rules give Cover "
            f"when at most half of {target}'s cell is in the shooter's view (walls, closed doors or "
            f"higher ground on the line of sight from where both stood at the start of the Phase; "
            f"figures never block it), when {target} stands in terrain that gives cover, or when "
            f"{target} or an ally beside it holds a Ready Tower Shield"]


def _attack_roll(events: Sequence[Event], index: int, attacker: str) -> Rolled | None:
    """The attacker's d20 behind the attack at ``index``: the line before,
    or a few before when a guard's d6 or a Rescue's d6 came in between (a
    Concentration check the hit calls for now comes after the attack's
    line, ``combat.after_hit``); never one of an earlier attack."""
    for earlier in reversed(events[max(0, index - 6):index]):
        if isinstance(earlier, AttackMade):
            return None
        if isinstance(earlier, Rolled) and earlier.who == attacker and "attack" in earlier.purpose:
            return earlier
    return None


def _attack(events: Sequence[Event], index: int, event: AttackMade) -> tuple[list[str], Ref]:
    roll = _attack_roll(events, index, event.attacker)
    lines = _roll_lines(roll) + _cover_lines(roll) + _range_lines(roll) if roll is not None else \
        [f"d20 showed {event.natural}; total {event.total}"]
    guarded = "Guard" in event.detail or "takes the blow" in event.detail
    cites = ["Attack Rolls"] + ([COVER_CITE] if roll is not None and _cover_lines(roll) else [])
    if event.defense_parts or event.defense_left:
        defender = "the guard" if guarded else event.target
        lines += _defense_lines(event, defender)
        if guarded:
            lines.append("Against a Guard the Attack is rolled at the guard's own Deflection, while Ready, "
                         "-1 for each earlier Attack it guarded against this Phase")
        cites += _gear_cites(event.defense_parts + event.defense_left, event.not_ready)
    elif guarded:
        lines.append(f"Had to beat: Defense {event.defense} (10 + the guard's Deflection while Ready, "
                     "-1 for each earlier Attack it guarded against this Phase)")
    else:
        lines.append(f"Had to beat: Defense {event.defense} (10 + the target's armour, shield and weapon Deflection; some count only while Ready)")
    if guarded:
        cites.append("Guard (R)")
    if event.critical:
        band = "a natural 20: a critical hit, always hits, +1 Penetration and one extra Wound"
    elif event.hit:
        band = f"{event.total} is above {event.defense}: a hit"
    else:
        band = f"{event.total} is not above {event.defense}: a miss"
    lines.append(f"Result band: {band}")
    if event.detail:
        lines.append(event.detail)
    return lines, Ref(ATTACKS.section, "; ".join(cites))


def _guard_beaten(events: Sequence[Event], index: int, event: GuardBeaten) -> tuple[list[str], Ref]:
    """The Guard's first step (seed: Guard): the Attack's roll against the
    guard's own Defense beat it, so the guard did not block, and the d6
    after says whether the guard takes the blow (even) or it goes on."""
    roll = _attack_roll(events, index, event.attacker)
    lines = _roll_lines(roll) + _cover_lines(roll) + _range_lines(roll) if roll is not None else \
        [f"d20 showed {event.natural}; total {event.total}"]
    cites = ["Attack Rolls"] + ([COVER_CITE] if roll is not None and _cover_lines(roll) else [])
    lines += _defense_lines(event, "the guard")
    lines.append(f"An Attack on {event.target}, whom {event.guard} Guards, is rolled first at the guard's own "
                 "Deflection, while Ready, -1 for each earlier Attack it guarded against this Phase")
    if event.total > event.defense:
        band = f"{event.total} is above {event.defense}: the guard does not block it"
    else:
        band = "a natural 20 always hits: the guard does not block it"
    lines += [f"Result band: {band}",
              f"Next, {event.guard} rolls a d6: even, the Attack hits {event.guard}; odd, it goes on to "
              f"{event.target}, rolled again at {event.target}'s own Defense"]
    cites += _gear_cites(event.defense_parts + event.defense_left, "") + ["Guard (R)"]
    return lines, Ref(ATTACKS.section, "; ".join(cites))


def _terms(parts) -> str:
    return " ".join(f"{'+' if v >= 0 else '-'} {abs(v)} {label}" for label, v in parts)


def _left_lines(left, not_ready: str, who: str) -> list[str]:
    lines = []
    if left:
        lines.append("Left out: " + "; ".join(f"{signed(v)} {label}" for label, v in left))
    if not_ready:
        lines.append(f"{who} was Not Ready: {not_ready}")
    elif left and any("only while Ready" in label for label, _ in left):
        lines.append(f"{who} was Not Ready")
    return lines


def _defense_lines(event: AttackMade | GuardBeaten, defender: str) -> list[str]:
    """The Defense as it was built for this Attack: 10, each Deflection with
    its source, what was left out and why (seed: Attack Rolls, Shields,
    Armor, Ready/Not Ready)."""
    lines = [f"Had to beat: Defense {event.defense} = 10 {_terms(event.defense_parts)}".rstrip()]
    not_ready = event.not_ready if isinstance(event, AttackMade) else ""  # a guard is Ready
    lines += _left_lines(event.defense_left, not_ready, defender)
    if not not_ready and not event.defense_left:
        lines.append(f"{defender} was Ready: all its Deflection counts")
    return lines


def _gear_cites(parts, not_ready: str) -> list[str]:
    """The seed headings behind a Defense's or an Absorb's parts."""
    labels = " ".join(label for label, _ in parts)
    cites = []
    if "(armour)" in labels:
        cites.append("Armor")
    if "(shield)" in labels:
        cites.append("Shields")
    if "(weapon)" in labels:
        cites.append("Melee Weapons")
    if not_ready or "only while Ready" in labels:
        cites.append("Ready/Not Ready")
    if "Clash" in not_ready:
        cites.append("Clash (NR)")
    if "Crash" in not_ready:
        cites.append("Crash (R)")
    return cites


# The Penetration labels of the weapons whose hit may bring poison
# ("Blowgun (weapon)"; seed: Ranged Weapons, Poisoned; docs/rulings.md).
POISON_WEAPONS = frozenset(f"{w.name} (weapon)" for w in WEAPONS.values() if "poison" in w.properties)


def _tally(event: WoundsTallied) -> tuple[list[str], Ref]:
    """The tally hit by hit: the character's Absorb and its sources, each
    hit's Penetration and its sources, and the rule that decided it (seed:
    Armor and Absorb, Penetration, Ignores Absorb, Wounds)."""
    if not event.blows:  # logged before the tally kept its facts
        return [f"Hits taken this Phase: {event.hits}",
                f"Absorbed by armour: {event.absorbed} (unless a hit's Penetration reaches the Absorb)",
                f"New Wounds: {event.new_wounds}; now {event.total} of {event.max_wounds}",
                "Wounds are counted after each Phase, so both fighters can fall at once",
                "Each Wound costs -1 on later rolls"], WOUNDS
    unit, full = event.unit, event.absorb
    lines = [f"Hits taken this Phase: {event.hits}",
             f"{unit}'s Absorb: {full}" + (f" = {_terms(event.absorb_parts)[2:]}" if event.absorb_parts else "")]
    lines += _left_lines(event.absorb_left, event.not_ready, unit)
    cites = ["Armor and Absorb", "Penetration"]
    pool = full
    n = 0  # the Attacks' hits are numbered; what one brings after it (poison) goes with it
    for at, hit in enumerate(event.blows):
        wounds = f"{hit.wounds} Wound{'s' if hit.wounds != 1 else ''}"
        if not hit.attack:
            cites.append("Ignores Absorb")
            lines.append(f"Poison from hit {n}: {wounds}, ignoring Absorb: none absorbed (Ignores Absorb); "
                         "poison is no Attack, so it adds no hit (Wounds)")
            continue
        n += 1
        if hit.sources:
            (first, base), *more = hit.sources
            pen = f"Penetration {hit.penetration} ({first} {base}" + "".join(
                f", {label} {signed(v)}" for label, v in more) + ")"
        else:
            pen = f"Penetration {hit.penetration} (where from is not told: the attacker was unseen)"
        if any(label == "natural 20" for label, _ in hit.sources):
            cites.append("Attack Rolls")
            wounds += ", one of them the natural 20's extra Wound"
        if hit.rule == "ignores":
            cites.append("Ignores Absorb")
            lines.append(f"Hit {n}: {wounds}, ignoring Absorb ({', '.join(lb for lb, _ in hit.sources)}): "
                         "none absorbed (Ignores Absorb)")
        elif hit.rule == "penetrates":
            lines.append(f"Hit {n}: {wounds}, {pen}; it reaches the whole Absorb {full}: "
                         "none absorbed (Penetration)")
        elif full == 0:
            lines.append(f"Hit {n}: {wounds}, {pen}; there is no Absorb: none absorbed (Armor and Absorb)")
        else:
            lines.append(f"Hit {n}: {wounds}, {pen}, short of the whole Absorb {full}: {hit.absorbed} absorbed "
                         f"of the {pool} Absorb left this Phase (Armor and Absorb)")
            pool -= hit.absorbed
            poisoned = at + 1 < len(event.blows) and not event.blows[at + 1].attack
            if hit.sources and hit.sources[0][0] in POISON_WEAPONS and not poisoned:
                lines.append(f"No poison from hit {n} either: a {hit.sources[0][0].split(' (')[0]} dart's "
                             f"poison gets in only when its Penetration reaches the whole Absorb ({full})")
    lines += [f"Absorbed in all: {event.absorbed}; new Wounds: {event.new_wounds}; now {event.total} "
              f"of {event.max_wounds}",
              "Wounds are counted after each Phase, so both fighters can fall at once",
              "Each Wound costs -1 on later rolls"]
    cites += _gear_cites(event.absorb_parts + event.absorb_left, event.not_ready) + ["Wounds"]
    return lines, Ref(WOUNDS.section, "; ".join(dict.fromkeys(cites)))


def _charge_failed(event: ChargeFailed) -> tuple[list[str], Ref]:
    """Why a Charge struck nobody, every reason that held (seed: Charge,
    Targeting, Use Item, melee reach under Attacks of Opportunity)."""
    unit = event.unit
    lines = [f"{unit} Charges: it moves up to 15 feet, then makes one melee Attack on its target, "
             "which must then be next to it"]
    cites = ["Charge (NR)"]
    if event.weapon:
        lines.append(f"A Charge's Attack is a melee Attack, and {unit} holds a {event.weapon}, which is no melee "
                     "weapon: it strikes nothing (a Use Item Action swaps the weapon in hand)")
        cites.append("Use Item (R/NR)")
    if not event.target:
        lines.append("No enemy was in sight to be its target, so there was nobody to strike")
        cites.append("Targeting")
    elif event.down:
        lines.append(f"{event.target} had already fallen this Phase, so the Attack is spent on nobody "
                     "(all act at once, and Attacks may overlap)")
        cites.append("Targeting")
    elif event.feet:
        lines.append(f"It ended {event.feet} ft from {event.target}; a melee Attack reaches only the cells "
                     "next to it (5 ft)")
        cites.append("Attacks of Opportunity (AoO): melee range 5'")
    return lines, Ref(ACTIONS.section, "; ".join(cites))


SKULK = Ref(ACTIONS.section, "Skulk (R); Cover and Concealment")


def _revealed(event: StatusChanged) -> tuple[list[str], Ref]:
    """Why a Hidden skulker is Hidden no longer (seed: Skulk; Cover and
    Concealment; docs/rulings.md, Platemail, Actions, for what is overt)."""
    unit = event.unit
    lines = [f"{unit} was Hidden (Skulk) and is revealed at the end of this Action Phase"]
    if event.detail:  # "seen in the clear by b1; its Sprint is overt", as the Round found them
        lines += [f"Because: {why}" for why in event.detail.split("; ")]
    else:  # logged before the reasons were kept
        lines.append("Because: an enemy saw it in the clear, or it took an overt Action, or it fell")
    lines += ["A skulker stays Hidden only while every enemy that can see it sees it through Cover or "
              "not at all (Concealment) at the end of each Action Phase",
              "Overt: every Action but Skulk, Defend, Aim, Use Item, Guard and Stabilize, and any Attack made; "
              "a shot or throw with a Silent weapon stays quiet"]
    return lines, SKULK


CONCEALED = Ref(ATTACKS.section, "Cover and Concealment; Targeting")


def _concealed(event: Note) -> tuple[list[str], Ref]:
    """Why a shot or spell found its target Concealed (seed: Cover and
    Concealment; docs/rulings.md, Platemail, Attack Rolls): no line of
    sight reached any of the target's cell, so it cannot be targeted."""
    shooter, _, rest = event.text.partition(" cannot see ")
    target, _, behind = rest.partition(": Concealed")
    behind = behind.strip()
    lines = [event.text,
             f"No line of sight from {shooter}'s cell reached any part of {target}'s cell, from where both stood "
             f"at the start of the Phase: {target} was Concealed from {shooter}, and a Concealed character "
             "cannot be targeted (Cover and Concealment)"]
    if behind.startswith("behind "):
        lines.append(f"What closed the lines: {behind[len('behind '):]}")
    lines.append("Terrain that blocks sight closes a line (walls, closed doors, higher ground); "
                 "figures never do")
    return lines, CONCEALED


def _roll(events: Sequence[Event], index: int, event: Rolled) -> tuple[list[str], Ref]:
    lines = _roll_lines(event)
    purpose = event.purpose
    if "save" in purpose or "check" in purpose or purpose.startswith("Medical"):
        verdict = "succeeds" if event.total > SAVE_TARGET else "fails"
        lines += [f"Had to beat: {SAVE_TARGET}", f"Result band: {event.total} {verdict}"]
        if "Crash" in purpose:
            return lines, MOVING
        if purpose.startswith("Concentration save against"):
            return lines, DREAD
        if purpose.startswith("Concentration"):
            return lines, CONCENTRATION
        return lines, WOUNDS if purpose.startswith("Medical") else ACTIONS
    if purpose == "Stealth":
        return lines + ["Characters whose Perception is below this total are Unaware of the skulker"], \
            Ref(ACTIONS.section, "Skulk (R)")
    if "attack" in purpose:
        cover = _cover_lines(event)
        ref = Ref(ATTACKS.section, f"{ATTACKS.cite}; {COVER_CITE}") if cover else ATTACKS
        return lines + cover + _range_lines(event) + ["The attack's result is the next line of the log"], ref
    return lines + ["A die that picks between outcomes, as its purpose says"], ACTIONS


# What makes each IF false (seed: IF ELSE Clause: it is judged only from what
# the character perceives as the 2nd Phase begins; core phase.condition_holds).
# {u}: the character, {t}: its target as the log named it.
FALSE_BECAUSE = {
    "I reached my target": "{u} did not stand beside {t} (or on the cell it moved to) once the 1st Phase was "
                           "over: stopped short, blocked, or its target moved away or out of its sight",
    "my target is down": "{u} did not see {t} down: still fighting, or out of {u}'s sight",
    "I was hit": "no Attack hit {u} in the 1st Phase",
    "an enemy is adjacent": "no enemy {u} could see stood beside it",
    "my target is within Range": "{t} was beyond the Range, or out of {u}'s sight",
    "my target is visible": "{u} could not see {t}: Concealed from it (something that blocks sight between "
                            "them, a wall or a building), a skulker it was Unaware of, or no longer fighting",
    "an ally is down": "no ally {u} could see was down",
    "I am wounded": "{u} had no Wounds",
    "my spell is prepared": "{u} had no spell Prepared",
}
FALLEN = ("dying", "stable", "dead", "unconscious", "fatally")


def _false_if(events: Sequence[Event], index: int, event: ActionTaken) -> list[str]:
    """Why the IF of ``event`` (an ELSE that fired) was false: the
    condition's own reasons, and what the Round's log shows of them (the
    target fallen, the distance against the Range)."""
    cond = next((c for c in FALSE_BECAUSE if event.condition.startswith(c)), None)
    if cond is None:
        return []
    detail = event.condition[len(cond):].strip().strip("()")
    if detail == "no target":
        return [f"False because: {event.unit} had no target to judge it by (none left that it could pick)"]
    target = detail.split()[0] if detail else "its target"
    because = FALSE_BECAUSE[cond].format(u=event.unit, t=target)
    far = re.fullmatch(r"(\S+) (\d+)' away, Range (\d+)'", detail)
    if far:  # the log measured it: say which of the two it was
        feet, range_ft = int(far.group(2)), int(far.group(3))
        because = (f"{target} was {feet}' away, beyond the Range of {range_ft}'" if feet > range_ft else
                   f"{target} was within the Range ({feet}' of {range_ft}') but out of {event.unit}'s sight "
                   "(Concealed from it, or a skulker it was Unaware of)")
    start = max((i for i in range(index) if isinstance(events[i], TurnStarted)), default=0)
    fell = next((e for e in events[start:index] if isinstance(e, StatusChanged) and e.unit == target
                 and any(word in e.status.lower() for word in FALLEN)), None)
    if fell is not None and cond in ("my target is visible", "my target is within Range"):
        because = f"{target} fell in the 1st Phase ({fell.status}): no longer fighting"
    return [f"False because: {because}"]


def explain(events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
    event = events[index]
    lines = generic_lines(event)
    if isinstance(event, AttackMade):
        return _attack(events, index, event)
    if isinstance(event, GuardBeaten):
        return _guard_beaten(events, index, event)
    if isinstance(event, Rolled):
        return _roll(events, index, event)
    if isinstance(event, WoundsTallied):
        return _tally(event)
    if isinstance(event, ChargeFailed):
        return _charge_failed(event)
    if isinstance(event, ActionTaken):
        ready = "Ready (R)" if event.ready else "Not Ready (NR)"
        why = f"Chosen because: {event.why}" if event.why else "The written 1st Action"
        if event.branch == "either":  # THEN and ELSE are one Action: the IF decides nothing
            cond = f" ({event.condition})" if event.condition else ""
            why = f"Chosen because: THEN and ELSE are the same Action, so it is taken whatever the IF{cond} finds"
        false = _false_if(events, index, event) if event.branch == "else" else []
        return [f"{event.unit} performs {event.action}", why, *false, f"It leaves {event.unit} {ready}",
                "The 2nd Action is an IF/ELSE order judged from what the character perceives"], ORDERS
    if isinstance(event, Clashed):
        return [f"{event.first} and {event.second} tried to enter each other's way at the same tick",
                "Enemies that meet while moving both stop: a Clash"], MOVING
    if isinstance(event, Crashed):
        return [f"Allies {event.first} and {event.second} crossed paths",
                "Each makes a Dexterity save or falls"], MOVING
    if isinstance(event, StatusChanged):
        if event.status == "revealed":
            return _revealed(event)
        if "Fatally" in event.status or "bled out" in event.detail:
            return lines + ["More Wounds than Max Wounds: the character falls, Fatally Wounded,",
                            "and dies unless an ally Stabilizes it within that many Rounds"], WOUNDS
        return lines + ["Conditions come from wounds, spells and Involuntary Actions"], WOUNDS
    if isinstance(event, PhaseBegan):
        return [f"Round {event.round} has two Action Phases; this is Phase {event.phase}",
                "Every character acts at once, tick by tick"], ORDERS
    if isinstance(event, Moved):
        return lines + ["Movement is simultaneous: everyone steps a tick at a time"], MOVING
    if isinstance(event, Note) and "loses concentration" in event.text:
        return lines + ["A failed Concentration check Dazes the caster's next Action and loses "
                        "the spell it was Preparing or keeping up"], CONCENTRATION
    if isinstance(event, Note) and ": Concealed" in event.text and " cannot see " in event.text:
        return _concealed(event)
    if isinstance(event, (Placed, Note, TurnStarted, TurnEnded)):
        return lines, ORDERS
    if isinstance(event, GameOver):
        return lines, WOUNDS
    return lines, ACTIONS
