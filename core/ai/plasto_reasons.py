"""The Plasto Latros computer's reasons: what an order does, in words,
found by playing it on the view (the game is diceless and open).  Made
after the order is chosen (``PlastoKnowledge.explain``), never weighed."""

from __future__ import annotations

import re

from core.board import cells_away, chebyshev, distance_squared, in_front_arc
from core.rulesets.plasto_latros.events import Attacked, DoomFalls, DoomLifted, JumpedOn, ShotAt
from core.rulesets.plasto_latros.grid import in_back
from core.rulesets.plasto_latros.orders import Climb, Move, Relocate, Stand, Turn


def dooms_named(fact: str) -> frozenset[str]:
    """The minis a fact weighed says the order Dooms (its words begin
    "Dooms a2, a4, and ...", "Dooms a2 with a1's shot after it, ..."):
    the attack words leave their Doom to it, not saying it twice (a tester
    read "attacks a2: Doom, Dooms a2")."""
    found = re.match(r"Dooms (.+?)(?: with |, and | and |$)", fact)
    return frozenset(found.group(1).split(", ")) if found else frozenset()


def attack_words(view, side: int, unit: str, events, lifted_said: bool = False,
                 doom_said: frozenset[str] = frozenset(), at=None) -> str:
    """Every mini the order attacks (a Movement may attack several at
    once) and every Doom of the side it lifts (unless the fact weighed
    says so already: ``lifted_said``): either may be what decided it.
    A Doom the fact names (``doom_said``) is not said again here; ``at``:
    where the order leaves the attacker (its back-arc attack is told from
    there, not from where a Movement started)."""
    doom = {e.unit: e.reason for e in events if isinstance(e, DoomFalls)}
    lifted = [e.unit for e in events if isinstance(e, DoomLifted) and view.mini(e.unit).side == side]
    said = []
    me = view.mini(unit)
    at = me.pos if at is None else at
    new_doom = {u for u in doom if u not in doom_said}  # the Dooms these words are to say
    attacked = []  # (the target, from its back arc?, Doom to say?, Doom?)
    for e in events:
        if isinstance(e, Attacked) and e.attacker == unit:
            t = view.mini(e.target)
            back = bool(t.pos and in_back(t.pos, t.facing, at))
            attacked.append((e.target, back, e.target in new_doom, e.target in doom))
        elif isinstance(e, ShotAt) and e.shooter == unit:
            said.append(f"pins {e.target} at long range" + (": Doom" if e.target in new_doom else ""))
        elif isinstance(e, JumpedOn) and e.jumper == unit:
            said.append(f"jumps down on {e.target}: Pinned" + (", Doom" if e.target in new_doom else ""))
    if len(attacked) == 1:  # "attacks a1 from its back arc: Doom"
        target, back, say_doom, dooms = attacked[0]
        arc = " from its back arc" if back else ""
        kind = "Doom" if say_doom else "" if dooms else "Threat, both Locked"
        said.insert(0, f"attacks {target}{arc}" + (f": {kind}" if kind else ""))
    elif attacked:  # short enough for the log: "attacks a1 (Doom), a5 (Threat)"
        words = []
        for target, back, say_doom, dooms in attacked:
            parts = (["Doom"] if say_doom else [] if dooms else ["Threat"]) + (["from behind"] if back else [])
            words.append(f"{target} ({', '.join(parts)})" if parts else target)
        said.insert(0, "attacks " + ", ".join(words))
    if lifted and not lifted_said:
        said.append(f"lifts the Doom on {', '.join(lifted)}")
    return "; ".join(said)

def placing_words(view, after, side: int, order, me) -> str:
    """How the order leaves the mini to the nearest enemy: facing it,
    behind it, out of its front arc, higher, closer ("" when none)."""
    now = after.mini(me.id)
    foes = [m for m in view.minis if m.side != side and m.pos is not None and m.id not in view.destroyed]
    if now is None or now.pos is None or not foes:
        return ""
    near = min(foes, key=lambda f: (distance_squared(f.pos, now.pos), f.id))
    if isinstance(order, (Turn, Stand)):
        if in_front_arc(now.pos, now.facing, near.pos) and not (
                not me.prone and in_front_arc(me.pos, me.facing, near.pos)):
            return f"turns to face {near.id}"
        return ""
    if not isinstance(order, (Move, Climb, Relocate)):
        return ""
    if in_back(near.pos, near.facing, now.pos) and not in_back(near.pos, near.facing, me.pos):
        return f"gets behind {near.id}, into its back arc"
    if in_front_arc(near.pos, near.facing, me.pos) and not in_front_arc(near.pos, near.facing, now.pos):
        return f"moves out of {near.id}'s front arc"
    up, was = view.battlefield.elevation(now.pos), view.battlefield.elevation(me.pos)
    if up > was:
        if up <= view.battlefield.elevation(near.pos):
            return f"climbs to height {up}"
        # "above" only where a jump could follow (*Jumping Attacks*: straight down, beside it)
        return (f"climbs to height {up}, above {near.id} beside it" if chebyshev(now.pos, near.pos) <= 1
                else f"climbs to height {up}, higher than {near.id} ({cells_away(now.pos, near.pos)})")
    if distance_squared(now.pos, near.pos) < distance_squared(me.pos, near.pos):
        away = "" if in_front_arc(now.pos, now.facing, near.pos) else f", {near.id} out of its front arc"
        return f"closes on {near.id}, {cells_away(now.pos, near.pos)}{away}"
    return ""
