"""What the shots of a written order will shoot or throw (seed: Ranged
Attack, Rapid Fire; Ranged Weapons; Thrown Weapons; docs/rulings.md,
Platemail, "Which missile a shot throws"), worked out as the Round's
resolution works it (``actions._shoot``), for whoever must say so before
the Round: the order writer's warnings.

- ``shot_by``: one Ranged Attack or Rapid Fire, as the character is when
  it comes: what it uses, how many missiles it throws, whether nothing is
  left to shoot or throw, whether a Rapid Fire has only one missile left.
- ``order_shots``: every shot of an order, its THEN and ELSE judged from
  the character as the 1st Action leaves it (``checks.shot_left_by``: a
  1st throw spends what it throws).

Whether a crossbow is loaded when it shoots is ``checks.unloaded_shot``'s.
Pure: it reads characters and orders, and changes nothing."""

from __future__ import annotations

import attrs

from .actions import missile_words
from .checks import shooting_weapon, shot_left_by
from .equipment import WEAPONS
from .senses import weapon
from .state import Act, Action, Character, Write

SHOT_KINDS = (Action.RANGED, Action.RAPID_FIRE)
ATTACKS = {Action.RANGED: 1, Action.RAPID_FIRE: 2}  # Ranged Attacks each makes (seed: Rapid Fire, 2)


@attrs.frozen
class Shot:
    """One shot Action of an order as it will come."""

    slot: str  # "first", "then" or "otherwise" (``Write``'s fields)
    kind: Action  # Ranged Attack or Rapid Fire
    uses: str | None  # the weapon it shoots or throws (a ``WEAPONS`` key); None: nothing to shoot or throw
    thrown: bool  # a missile thrown from what it carries, and spent; False: the launcher in hand
    carried: int  # how many of that missile it carries as the Action comes (0 for a launcher)
    throws: int  # the missiles it throws: one a Ranged Attack, while it carries them
    words: str  # what it shoots or throws, or lacks, in the log's words (``actions.missile_words``)

    @property
    def nothing_left(self) -> bool:
        """Nothing to shoot or throw: the Action does nothing (the log says
        what it lacks; as a 1st Action it is refused, ``checks.check_act``)."""
        return self.uses is None

    @property
    def one_throw(self) -> bool:
        """A Rapid Fire throwing the only missile of its kind left: the
        second throw finds none, so it is one throw, still with Rapid
        Fire's Disfavor (a Ranged Attack would throw it without)."""
        return self.thrown and self.throws < ATTACKS[self.kind]

    @property
    def name(self) -> str:
        """The name of what it shoots or throws ("" with nothing)."""
        return WEAPONS[self.uses].name if self.uses is not None else ""


def shot_by(me: Character, act: Act, slot: str = "first") -> Shot | None:
    """What ``act``, a Ranged Attack or Rapid Fire of ``me``, shoots or
    throws, ``me`` being as it will be when the Action comes (None:
    ``act`` is no shot).  The missile ``act`` names (``Act.item``), else
    the launcher in hand, else the first missile carried
    (``checks.shooting_weapon``); a throw needs one carried for each of
    its Attacks."""
    if act.kind not in SHOT_KINDS:
        return None
    key = shooting_weapon(me, act.item)
    words = missile_words(me, act.item)
    if key == "none":
        return Shot(slot, act.kind, None, False, 0, 0, words)
    if key is None:  # the launcher in hand
        return Shot(slot, act.kind, weapon(me).key, False, 0, 0, words)
    carried = me.carried.count(key)
    return Shot(slot, act.kind, key, True, carried, min(carried, ATTACKS[act.kind]), words)


def order_shots(me: Character, order: Write) -> tuple[Shot, ...]:
    """Every shot of ``order`` for ``me`` as it is now: the 1st Action's as
    ``me`` stands, THEN's and ELSE's as the 1st leaves it (one of them
    comes, never both: each is judged alone)."""
    after = shot_left_by(me, order.first)
    shots = [shot_by(me, order.first, "first"), shot_by(after, order.then, "then"),
             shot_by(after, order.otherwise, "otherwise")]
    return tuple(shot for shot in shots if shot is not None)
