"""Waylights' small words for the screen: chances in per cent, a wound
count, what a Split Move leaves of the step, an exchange of attack and counter,
a few words for an order already given, a dead figure's square a move
may end on (docs/rulings.md, Waylights, "The dead do not block"), the
order of the ways to a cell, a counter's chances past the cover, and what
an attack buys beside its wounds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from core.orders import Order
from core.rulesets.waylights.combat import EFFECT_COST, SMASH_COST, cover_avoid_faces, percent, pierced_armour
from core.rulesets.waylights.exchange import Exchange
from core.rulesets.waylights.movement import reachable, step_cost
from core.rulesets.waylights.orders import (
    Attack,
    Boost,
    Clip,
    Crystal,
    Finish,
    Move,
    Reload,
    SplitMove,
    Step,
    TakeCover,
    Wield,
)
from core.rulesets.waylights.state import DEAD, KO


def split_step(state) -> str:
    """What a Split Move leaves of the free step: kept (the printed table's
    SPLITMOVE rows), unless this turn's Move has already cost it or it is
    taken (docs/rulings.md, Sequence)."""
    if state.moved:
        return "step already lost"  # to the Move: its row says "no step this turn"
    if state.stepped:
        return "step already taken"
    return "step kept"


# The ways to a cell, cheapest first, so the highlighted row wastes
# nothing: the free step (no Action), then Split Move (an Action, the step
# kept), then Move (an Action and the step).  Other rows keep their order.
MOVE_COST_RANK = {Step: 0, SplitMove: 1, Move: 2}


def cheapest_first(order: Order) -> int:
    return MOVE_COST_RANK.get(type(order), len(MOVE_COST_RANK))


def wounds_count(f) -> str:
    """One count of the wounds taken, beside the count that knocks out:
    the blow that knocks out may carry more wounds than were left, and
    every one of them comes off the figure's rolls (so its Defence), so
    every screen shows them all ("wounds 9 (KO at 3)"): the card, and the
    rules' own status (``WaylightsRuleset.units``) that watch and replay
    show; the panel's list row says the same count, short
    (``wounds_short``)."""
    return f"wounds {f.wounds} (KO at {f.ko_at})"


def wounds_short(f) -> str:
    """The panel list row's count, the card's in its 34 columns: "w4 KO@3"
    (never capped at the KO count: the log said "4 wounds, 4 in all")."""
    return f"w{f.wounds} KO@{f.ko_at}"


def wounds_words(f) -> str:
    """The card's line: "Wounds 9 (KO at 3): knocked out"."""
    count = wounds_count(f)
    return count[0].upper() + count[1:] + (": knocked out" if f.status == KO else "")


def past_cover(x: Exchange, cover: int) -> Exchange:
    """The chances of exchange ``x`` once the shot has got past the
    target's ``cover`` (1 light, 2 medium).  A shot the cover roll stops
    is answered by nothing (``resolve``: no defence, no counter), so every
    case ``exchange`` counts carries the same chance of getting through;
    dividing by it gives the chances of the exchange itself."""
    through = 1 - Fraction(cover_avoid_faces(cover), 6)
    if not through:
        return x
    return Exchange(*(getattr(x, field.name) / through for field in attrs.fields(Exchange)))


def lost_words(chance: Fraction, falls: str) -> str:
    """How often a blow of an exchange is lost, ``falls`` being knocked out
    before it lands; "" when it never is.  The same words for the attack
    and for the counter, so an exchange reads alike from either side."""
    return f" (lost {pct(chance)}: {falls} falls first)" if chance else ""


def attack_lost(attacker: Any, target: Any, x: Exchange) -> Fraction:
    """How often the attack of exchange ``x`` is lost: only in melee, to a
    counterattacker of better Timing, whose blow lands first and voids the
    blow of an attacker it knocks out (docs/rulings.md, Order of
    resolution).  Then the counter alone can knock the attacker out, so the
    attack is lost exactly as often as the counter knocks it out.  Never
    with a ranged weapon on either side (the attack lands first) or at
    equal Timing (both land)."""
    if attacker.weapon.ranged or target.weapon.ranged or target.template.timing <= attacker.template.timing:
        return Fraction(0)
    return Fraction(x.attacker_ko)


def exchange_words(attacker: Any, target: Any, x: Exchange) -> str:
    """What the attack of an exchange does to the ``target`` countering it,
    then what the counter does to the ``attacker``, each blow with how
    often it is lost (its figure knocked out before it lands)."""
    a, t = attacker.id, target.id
    return (f"this attack wounds {pct(x.target_wound)}, KO {pct(x.target_ko)}{lost_words(attack_lost(attacker, target, x), a)}"
            f", and {t}'s counter wounds {a} {pct(x.attacker_wound)}, KO {pct(x.attacker_ko)}"
            f"{lost_words(x.counter_lost, t)}")


def named_blow_words(attacker: str, target: str, effect: str | None, smash: str | None) -> str:
    """What the attacker's order buys beside its wounds, for the defender
    ("Optional: Alternate damage"; "Optional: Psi Tension", item damage):
    "" for a plain blow."""
    out = []
    if effect:
        cost = EFFECT_COST[effect]
        first = "the first wound" if cost == 1 else f"the first {cost} wounds"
        lighter = ", a lighter hit wounds as usual" if cost > 1 else ""
        out.append(f"{attacker} buys {effect} with {first} of its hit; the rest still wound{lighter}.")
    if smash:
        out.append(f"{attacker} smashes {target}'s {smash} on any hit, glancing or better "
                   f"({SMASH_COST} tension).")
    return " ".join(out)


def pct(p) -> str:
    """A chance in whole per cent, 100% and 0% only when certain (one
    decimal near the ends: 99.5%, >99.9%, <0.1%; ``combat.percent``)."""
    return percent(p, 0)


def body_at(view: Any, cell: Any):
    """The dead figure lying at ``cell`` with nobody standing there, or
    None: the dead do not block, so a move may end on its square."""
    if cell is None or cell in view.occupied():
        return None
    return next((f for f in view.fighters if f.pos == cell and f.status == DEAD), None)


def way_round(view: Any, order: Any) -> str:
    """Why a Move or Split Move to a diagonal neighbour costs more than the
    diagonal step (2 a cell of cost 1): the two cells beside the diagonal
    are both blocked, and no figure squeezes between them (docs/rulings.md,
    Sequence), so the way goes round.  "" when it does not."""
    f = view.find(order.unit)
    if f is None or f.pos is None:
        return ""
    (x0, y0), (x1, y1) = f.pos, order.to
    if abs(x1 - x0) != 1 or abs(y1 - y0) != 1:
        return ""
    budget = f.template.move // (2 if order.verb == "split-move" else 1)
    cost = reachable(view, f.id, budget).get(order.to)
    if cost is None or cost <= step_cost(view, f.pos, order.to):
        return ""
    occupied = view.occupied()

    def what(cell) -> str:
        who = occupied.get(cell)
        if who is not None:
            return f"{who} at {cell[0]},{cell[1]}"
        return f"the {view.battlefield.terrain(cell).kind} at {cell[0]},{cell[1]}"

    return f"; the way round: no squeezing between {what((x1, y0))} and {what((x0, y1))}"


def pierce_words(attacker: Any, target: Any) -> list[str]:
    """The preview's line when the attacker's weapon pierces armour: it
    ignores the armour's defence bonus, never the Threshold the armour
    gives (docs/rulings.md, Waylights, "The piercing weapons")."""
    lost = pierced_armour(target, attacker.weapon)
    if not lost:
        return []
    return [f"The {attacker.weapon.name} ignores {target.id}'s armour defence bonus (+{lost}, left out of its "
            f"defence above), not the Threshold its armour gives."]


def short(order: Order) -> str:
    """A few words for an order already given (the allocation slots)."""
    match order:
        case Move(to=to):
            return f"Move to {to[0]},{to[1]}"
        case SplitMove(to=to):
            return f"Split move to {to[0]},{to[1]}"
        case Step(to=to):
            return f"Step to {to[0]},{to[1]}"
        case Attack(target=t):
            return f"Attack {t}"
        case Finish(target=t):
            return f"Finish {t}"
        case Wield(weapon=w):
            return f"Wield the {w}"
        case Boost(what=w):
            return f"Boost {w}"
    return {TakeCover: "Take cover", Reload: "Reload", Clip: "New clip", Crystal: "Healing crystal"}.get(
        type(order), order.verb)


def after_colon(message: str) -> str:
    """A refusal's sentence set after a colon: a plain capitalised first
    word in lower case ("cannot attack b3: the sword only reaches..."); a
    word in capitals (KO) or a figure's id is left as it is."""
    word = message.split(" ", 1)[0]
    if len(word) > 1 and word[0].isupper() and word[1:].islower() and word.isalpha():
        return message[0].lower() + message[1:]
    return message


def extras_words(orders) -> str:
    """What the attack menu's step after the blow offers ("then the
    extras"): tension to spend, an item to smash; empty when no order has
    either (Psi tension off: nothing follows the blow)."""
    parts = []
    if any(getattr(o, "psi", 0) for o in orders):
        parts.append("tension to spend")
    if any(getattr(o, "smash", None) for o in orders):
        parts.append("an item to smash")
    return " or ".join(parts)
