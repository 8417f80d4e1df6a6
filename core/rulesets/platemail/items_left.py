"""What a written order's THEN and ELSE Actions would find spent when
they come: a potion, the Prepared spell, the ongoing spell to Focus on, a
crossbow to reload, a weapon to swap to, a missile to name (seed: Use
Item; Prepare Spell, Release Spell, Focus; Ranged Weapons; Rapid Fire).

The rules let a 2nd Action be written so (it is checked only once the
1st Phase is over: ``checks.check_act``), but as a 1st Action the same
Action is refused, and when it comes it does nothing (the log says what
it lacks).  Whoever must say so before the Round (the order writer; last
Round's orders written again) asks ``spent_for``.

Each 2nd Action is judged from the character as its own 1st Action
leaves it (``checks.shot_left_by``: a 1st potion drunk is one fewer, a
1st Prepare readies the spell, a 1st shot spends its missile), with the
rules' own test of a 1st Action and its words.  A shot with nothing left
to shoot or throw is ``shots.order_shots``'s to say, not said here.
Pure: it reads the state, the character and the order, and changes
nothing."""

from __future__ import annotations

from .checks import check_act, shot_left_by
from .senses import weapon
from .shots import SHOT_KINDS, shot_by
from .state import Act, Action, Character, PlatemailState, Write

# The refusals of a 1st Action (``check_act``) that are about what the
# character has left, not about the order's form or target.
SPENT_CODES = ("no-potion", "not-prepared", "no-focus", "already-loaded", "no-rapid-fire", "nothing-to-shoot",
               "bad-item")


def spent_by(state: PlatemailState, me: Character, act: Act) -> str:
    """Why ``act`` would find what it uses spent or missing, ``me`` being
    as it will be when the Action comes (empty: it has what it needs)."""
    if act.kind in SHOT_KINDS:
        shot = shot_by(me, act)
        if shot is not None and shot.nothing_left:
            return ""  # (``shots``: the shot's own words say what it lacks)
    if act.kind is Action.USE_ITEM and act.item == "reload" and not weapon(me).reload:
        return f"{me.id}'s {weapon(me).name} needs no reloading: nothing to reload"
    problem = check_act(state, me, act, True)
    if problem is None or problem.code not in SPENT_CODES:
        return ""
    return problem.message.rstrip(".")


def spent_for(state: PlatemailState, me: Character, order: Write) -> list[tuple[str, str]]:
    """The 2nd Actions of ``order`` (THEN, ELSE; one "then" when the two
    are the same Action) that would find something spent, as (slot, why)."""
    after = shot_left_by(me, order.first)
    slots = [("then", order.then)] + ([] if order.otherwise == order.then else [("otherwise", order.otherwise)])
    out = []
    for slot, act in slots:
        why = spent_by(state, after, act)
        if why:
            out.append((slot, why))
    return out
