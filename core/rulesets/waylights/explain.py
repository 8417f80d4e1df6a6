"""Why? for Waylights' log lines (see :mod:`core.explain`)."""

from __future__ import annotations

from collections.abc import Sequence

from core.events import Defeated, Event, GameOver, Moved, Note, Placed, Rolled, Struck, TurnStarted
from core.explain import Ref, generic_lines

from .combat import COVER_NAMES, cover_avoid_faces
from .events import (
    AttackDeclared,
    BlowLost,
    CoverRolled,
    CrystalUsed,
    EffectApplied,
    GrappleEnded,
    Resolved,
    TensionChanged,
    TookCover,
    TurnOrder,
)

STATS = Ref("Relevant stats", "Relevant stats")
SEQUENCE = Ref("Sequence", "Sequence")
ATTACK = Ref("Attack and Defense", "Attack and Defense")
DAMAGE = Ref("Damage resolution", "Damage resolution")
COVER = Ref("Cover (Equipment and environment)", "Equipment and environment (cover)")
END = Ref("Endgame", "Endgame")
PSI = Ref("Optional: Psi Tension", "Optional rules: psi tension")
# The order of the two blows of a melee exchange: the paragraph that closes
# "Damage resolution" (Timing itself is defined under "Relevant stats").
MELEE_ORDER = Ref("Damage resolution", "Damage resolution (its last paragraph: melee blows by Timing); "
                  "Relevant stats (Timing)")
PIERCE = Ref("Equipment and environment", "Equipment and environment (weapons: armour piercing)")
GRAPPLE = Ref("Optional: Alternate damage", "Optional: Alternate damage (Grapple, Break off); Sequence (FIGHT: "
              "reach 1 never diagonal)")
CRYSTAL = Ref("Sequence", "Sequence (Use an item); Equipment and environment (healing crystals)")


def _band(event: Resolved) -> str:
    t = event.threshold
    if event.wounds < 0:
        return f"{event.margin} is below 0: defended, no effect"
    if event.wounds == 0:
        return (f"{event.margin} is from 0 to the Threshold {t}: a glancing hit, counted on {event.target} "
                "but with no effect")
    return (f"{event.margin} is above {event.wounds} x Threshold {t} = {event.wounds * t}: "
            f"{event.wounds} wound{'s' if event.wounds != 1 else ''}")


def _resolved(event: Resolved) -> list[str]:
    """Damage resolution: a result below 0 does nothing, 0 up to the
    Threshold is a glancing hit, and each multiple of the Threshold it is
    above is a wound (``combat.wounds_for``)."""
    t = event.threshold
    raw = event.attack - event.defence
    spent = "" if raw == event.margin else f", {event.margin} with the tension spent"
    return [f"Attack score {event.attack} - defence score {event.defence} = {raw}{spent}",
            f"The bands against Threshold {t}: below 0, defended; 0 to {t}, a glancing hit; above {t}, one "
            f"wound; above {2 * t}, two; above {3 * t}, three; one more above each further {t}",
            f"Result band: {_band(event)}"]


def _cover(event: CoverRolled) -> list[str]:
    """The cover roll and where the cover came from (its sources, when the
    event carries them; else the rule that finds them)."""
    faces = cover_avoid_faces(event.cover)
    lines = [f"Cover: {COVER_NAMES.get(event.cover, 'no')}" + (f" (a d6 of 1-{faces} avoids the shot)" if faces else "")]
    if event.sources:
        lines.append("Where it comes from: " + "; ".join(event.sources)
                     + ("; the highest counts" if len(event.sources) > 1 else ""))
    else:
        lines.append("Cover comes from terrain with cover on the line of fire beside or under the target, or "
                     "from seeing only part of its cell (less than all: light, less than half: medium); the "
                     "highest counts, one level less for a target that stepped out of cover this turn")
    lines.append(f"The d6 showed {event.face}: " + (f"within 1-{faces}" if event.avoided else f"above {faces}"))
    lines.append("Avoided: the shot misses, and is spent all the same" if event.avoided
                 else "Not avoided: the attack is rolled")
    return lines


def _blow_lost(event: BlowLost) -> list[str]:
    lost = f"{event.unit}'s counterattack on {event.target}" if event.counter else f"{event.unit}'s attack on {event.target}"
    return [f"Timing: {event.by} {event.by_timing}, {event.unit} {event.timing}",
            f"In a melee exchange both blows are rolled, then the better Timing's lands first: {event.by}'s",
            f"It knocked {event.unit} out, so {lost} is lost: whatever its roll scored is never dealt",
            "Equal Timing would have landed both blows together; with a ranged weapon on either side the "
            "attack lands first and the counter after it",
            "Skirmish's reading where two printed rules disagree: in melee it follows this Timing rule, "
            "not the Attack and Defense line that puts a counter after its attack (see the help, Attack and "
            "Defense)"]


def _declared(event: AttackDeclared) -> list[str]:
    """What an attack's or a counter's own line stands for (Attack and
    Defense: the target is named before anything is rolled)."""
    if not event.counter:
        return [f"{event.attacker} names {event.target} as its target before anything is rolled",
                f"{event.target} then uses the split it declared, or declares one now if it has not had a turn",
                "A shot at a target in light or medium cover is rolled against the cover first; then the "
                "attack dice meet the defence dice (none when the target counterattacks)"]
    return [f"{event.attacker} answers {event.target}'s attack with a counterattack instead of defending",
            f"It rolls its defence dice at {event.target}, so it meets the attack with 0 defence dice",
            "Only one counter between character turns, only with a weapon that reaches the attacker now, "
            "and a counter is never itself countered",
            "With a ranged weapon on either side the attack lands first and the counter is rolled after it; "
            "in melee both are rolled and the better Timing lands first"]


def _turn_order(event: TurnOrder) -> list[str]:
    """A round's turn order (Sequence): each figure's roll, Timing and
    total (round 1) or its Timing (later rounds), a surprising side first,
    then the tie-breaks each tie used: better Timing, the players' side
    (the printed "the PCs go first"), the roster's order
    (docs/rulings.md, Waylights, Sequence; ``turns.start_round``)."""
    first = event.round == 1
    lines = ["Round 1: each figure rolls 1d6 and adds its Timing; the highest total goes first" if first else
             f"Round {event.round}: no dice after round 1; the best Timing goes first"]
    surprising = [s.unit for s in event.standings if s.surprise]
    if surprising:
        lines.append(f"{', '.join(surprising)} meant to catch the other side by surprise: they go first, "
                     "whatever the others rolled")
    for s in event.standings:
        score = f"rolled {s.roll} + Timing {s.timing} = {s.total}" if first else f"Timing {s.timing}"
        lines.append(f"{s.unit}: {score}" + ("" if s.up else " (knocked out: it keeps its place but skips its turn)"))
    ties = []
    for one, two in zip(event.standings, event.standings[1:], strict=False):
        if one.surprise != two.surprise or one.total != two.total:
            continue
        both = f"{one.unit} before {two.unit}: " + (f"both {one.total}" if first else f"both Timing {one.timing}")
        if one.timing != two.timing:
            ties.append(f"{both}, and Timing {one.timing} beats {two.timing}")
        elif one.side != two.side:
            ties.append(f"{both}{f' with Timing {one.timing}' if first else ''}: {one.unit}'s side is the "
                        "players' side (option Players' side; the printed \"the PCs go first\")")
        else:
            ties.append(f"{both}{f' with Timing {one.timing}' if first else ''}, the same side: the roster's "
                        "order (Skirmish's own: the printed rule stops at the PCs)")
    if ties:
        return lines + ["Ties, broken by the better Timing, then the players' side, then the roster's order:",
                        *ties]
    return lines + ["No ties: " + ("the totals" if first else "the Timings") + " alone set the order"]


def explain(events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
    event = events[index]
    lines = generic_lines(event)
    if isinstance(event, Rolled):
        if event.purpose == "initiative":
            return lines + ["Round 1 order: 1d6 + Timing, highest first; later rounds by Timing"], SEQUENCE
        if event.purpose.startswith("cover"):
            lines = lines + ["Light cover avoids a shot on 1-2, medium on 1-4"]
            told = events[index + 1] if index + 1 < len(events) else None  # the CoverRolled written with it
            if isinstance(told, CoverRolled) and told.sources:
                lines.append("Where the cover comes from: " + "; ".join(told.sources))
            return lines, COVER
        if event.purpose.startswith("defence"):
            lines = lines + ["Defence score: the defence dice + combat skill - wounds + shield, armour, parry"]
            if any("ignored by the" in label for label, _ in event.modifiers):
                return lines + ["An armour-piercing weapon ignores the armour's bonus to the defence score, "
                                "not the Threshold the armour gives (Skirmish's reading of what the piercing "
                                "weapons take away, Equipment and environment)"], PIERCE
            return lines, ATTACK
        return lines + ["Attack score: the attack dice + combat skill - wounds + weapon bonus"], ATTACK
    if isinstance(event, AttackDeclared):
        return _declared(event), ATTACK
    if isinstance(event, TurnOrder) and event.standings:
        return _turn_order(event), SEQUENCE
    if isinstance(event, Resolved):
        return _resolved(event), DAMAGE
    if isinstance(event, CoverRolled):
        return _cover(event), COVER
    if isinstance(event, CrystalUsed):
        eased = event.penalty_before - event.penalty_after
        return [f"{event.unit} used a healing crystal: Use an item, one of its two Actions",
                f"Healed: {eased} wound{'s' if eased != 1 else ''} off its rolls; the penalty on every attack "
                f"and defence score goes from -{event.penalty_before} to -{event.penalty_after} for the rest "
                "of the fight",
                f"Not healed: its {event.wounds} wound{'s' if event.wounds != 1 else ''} still count toward KO "
                f"({event.ko_at} knock it out)",
                f"Crystals left: {event.left}"], CRYSTAL
    if isinstance(event, TookCover):
        return lines + [f"{event.unit} moved, stepped or fired earlier in its turn, which cost it one level of "
                        "cover until its turn ends",
                        "Taking cover (one Action) gives that level back for the rest of its turn; with nothing "
                        "to undo it is refused"], COVER
    if isinstance(event, BlowLost):
        return _blow_lost(event), MELEE_ORDER
    if isinstance(event, TensionChanged):
        return lines + [f"Because: {event.why}"], PSI
    if isinstance(event, EffectApplied):
        return lines, DAMAGE
    if isinstance(event, GrappleEnded):
        return lines + [f"A grapple holds only while the two share a side, where a reach-1 blow lands both ways, "
                        f"so a grappled figure can always strike to break off; {event.by} moved off {event.unit}'s "
                        "side, so the hold is gone: its Threshold is whole again and it may move",
                        "Skirmish's reading: the printed rules say only that a break-off ends a grapple"], GRAPPLE
    if isinstance(event, Struck):
        return lines + ["Wounds add up; reaching Wounds-before-KO knocks the character out"], DAMAGE
    if isinstance(event, Defeated):
        return lines + ["KO at Wounds-before-KO; a KO character can be finished"], END
    if isinstance(event, Moved):
        return lines + ["Move spends an Action (diagonals cost 2); the free step is one straight cell",
                        "Move and the free step never share a turn; Split Move keeps the step"], SEQUENCE
    if isinstance(event, GameOver):
        return lines, END
    if isinstance(event, (Placed, Note, TurnStarted)):
        return lines, SEQUENCE
    return lines, SEQUENCE
