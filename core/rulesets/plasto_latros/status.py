"""Statuses worked out from the attacks in the state ("Attacking And
Defending", "Long Range Attacks", "Jumping Attacks" in the seed).

Every attack is recorded when it is made and stays until the turn ends
(shots), the jump resolves (jumps) or one of the two minis is removed
(contact).  A Locked mini cannot move or turn, so contact never breaks by
itself.

* Threatened: the target of a contact attack or a shot.
* Locked In Battle: either end of a contact attack.
* Pinned: the target of a shot or of a jump attack.
* Valid attacker: standing up and the target of no attack at all (so not
  Threatened, Pinned or Doomed: every kind of Doom needs an attack on the
  mini).  Only valid attackers count towards Doom.
* Doomed: two valid attackers of either kind (contact or shot: the seed's
  principle of two attackers to defeat one defender); one valid contact
  attacker in the target's back arc; a valid jumper; or any valid attack
  on a prone mini.
"""

from __future__ import annotations

from .grid import in_back
from .state import Kind, Mini, Phase, PlastoState

# the members as plain names: an Enum member read from its class costs a lookup
# in Python code each time (hot paths compare phases and kinds several times an order)
_DEPLOY = Phase.DEPLOY
_CONTACT, _JUMP, _SHOT = Kind.CONTACT, Kind.JUMP, Kind.SHOT


class Statuses:
    """The statuses the attacks of one state give, as sets of unit ids
    (worked out once per state, kept in its memo)."""

    __slots__ = ("by_id", "targeted", "threatened", "locked", "pinned", "jumping", "busy", "doom")

    def __init__(self, state: PlastoState) -> None:
        targeted, threatened, locked, pinned, jumping, busy = set(), set(), set(), set(), set(), set()
        for a in state.attacks:
            kind = a.kind
            targeted.add(a.target)
            if kind is _CONTACT:
                threatened.add(a.target)
                locked.add(a.target)
                locked.add(a.attacker)
                busy.add(a.attacker)
            elif kind is _SHOT:
                threatened.add(a.target)
                pinned.add(a.target)
            else:
                pinned.add(a.target)
                jumping.add(a.attacker)
                busy.add(a.attacker)
        busy |= targeted
        self.targeted, self.threatened, self.locked = targeted, threatened, locked
        self.pinned, self.jumping, self.busy = pinned, jumping, busy
        self.by_id = {m.id: m for m in state.minis}
        self.doom: dict[str, str] | None = None  # unit -> why it is Doomed (see _dooms)


def moved_statuses(old: Statuses, mini: Mini, attacks) -> Statuses:
    """The statuses of a state made from the one of ``old`` by changing
    ``mini`` alone, the attacks (``attacks``) the same: the sets of ``old``
    (they come from the attacks only; never changed once made) with the new
    mini, and the Dooms of ``old`` when ``mini`` is in no attack (Doom reads
    the minis of the attacks alone, see :func:`_dooms`)."""
    new = Statuses.__new__(Statuses)
    new.targeted, new.threatened, new.locked = old.targeted, old.threatened, old.locked
    new.pinned, new.jumping, new.busy = old.pinned, old.jumping, old.busy
    unit = mini.id
    by_id = new.by_id = old.by_id.copy()
    by_id[unit] = mini
    doom = old.doom
    if doom is not None and unit not in old.targeted:
        for a in attacks:
            if a.attacker == unit:
                doom = None
                break
    else:
        doom = None
    new.doom = doom
    return new


def statuses(state: PlastoState) -> Statuses:
    memo = state.memo.entries
    found = memo.get("statuses")
    if found is None:
        found = memo["statuses"] = Statuses(state)
    return found


def attacks_on(state: PlastoState, unit: str, kind: Kind | None = None):
    return [a for a in state.attacks if a.target == unit and (kind is None or a.kind is kind)]


def threatened(state: PlastoState, unit: str) -> bool:
    return bool(state.attacks) and unit in statuses(state).threatened


def locked(state: PlastoState, unit: str) -> bool:
    return bool(state.attacks) and unit in statuses(state).locked


def pinned(state: PlastoState, unit: str) -> bool:
    return bool(state.attacks) and unit in statuses(state).pinned


def jumping(state: PlastoState, unit: str) -> bool:
    """A jumper whose attack waits for the defender's answer is in mid-air."""
    return bool(state.attacks) and unit in statuses(state).jumping


def valid_attacker(state: PlastoState, unit: str) -> bool:
    mini = state.mini(unit)
    if mini is None or mini.pos is None or mini.prone:
        return False
    return not state.attacks or unit not in statuses(state).targeted


def not_counting(state: PlastoState, unit: str) -> str:
    """Why an attack by ``unit`` does not count towards a Doom, in words
    ("b4 is pinned (shot at by a2)", "a1 is attacked by b6 in contact",
    "a3 lies prone"), or "" when it counts: the rule of
    :func:`valid_attacker` said out loud (*Attacking And Defending*: only
    an attacker not itself under Threat, Doom or Pinned counts; its attack
    still Threatens and Locks)."""
    mini = state.mini(unit)
    if mini is None or mini.pos is None:
        return f"{unit} is off the battlefield"
    if mini.prone:
        return f"{unit} lies prone"
    on = attacks_on(state, unit)
    if not on:
        return ""
    parts = []
    pins = [f"shot at by {a.attacker}" for a in on if a.kind is _SHOT] + \
        [f"jumped on by {a.attacker}" for a in on if a.kind is _JUMP]
    if pins:
        parts.append(f"pinned ({', '.join(pins)})")
    contact = [a.attacker for a in on if a.kind is _CONTACT]
    if contact:
        parts.append(f"attacked by {' and '.join(contact)} in contact")
    return f"{unit} is {' and '.join(parts)}"


def doom_reason(state: PlastoState, mini: Mini) -> str | None:
    """Why ``mini`` is Doomed, or None."""
    if mini.pos is None or not state.attacks:
        return None
    known = statuses(state)
    if known.by_id.get(mini.id) is mini:  # the state's own mini: every Doom of the state at once
        return _dooms(state, known).get(mini.id)
    return _doom_reason(state, mini, [a for a in attacks_on(state, mini.id) if valid_attacker(state, a.attacker)],
                        state.mini)


def _dooms(state: PlastoState, known: Statuses) -> dict[str, str]:
    """Every Doomed mini of the state and why (worked out once per state)."""
    found = known.doom
    if found is not None:
        return found
    by_id, targeted = known.by_id, known.targeted
    valid: dict[str, list] = {}  # target -> the attacks on it by valid attackers, in order
    for a in state.attacks:
        attacker = by_id.get(a.attacker)
        if attacker is None or attacker.pos is None or attacker.prone or a.attacker in targeted:
            continue
        valid.setdefault(a.target, []).append(a)
    found = {}
    for unit, attacks in valid.items():
        mini = by_id.get(unit)
        if mini is None or mini.pos is None:
            continue
        reason = _doom_reason(state, mini, attacks, by_id.get)
        if reason is not None:
            found[unit] = reason
    known.doom = found
    return found


def _doom_reason(state: PlastoState, mini: Mini, valid: list, find) -> str | None:
    """The Doom of ``mini`` from the attacks on it by valid attackers
    (``find`` gives a mini by id)."""
    if not valid:
        return None
    for a in valid:
        if a.kind is _JUMP:
            return "jumped on"
    if mini.prone:
        return "attacked while prone"
    contact = [a for a in valid if a.kind is _CONTACT]
    assert mini.pos is not None  # an attacked mini stands on the battlefield
    if len(contact) >= 2:
        return "two attackers in contact"
    for a in contact:
        attacker = find(a.attacker)
        if in_back(mini.pos, mini.facing, attacker.pos):
            return "attacked from behind"
    # Two attackers are two minis: a shooter that then walks into contact
    # with its own target is still one attacker (docs/rulings.md, Doom).
    shooters = {a.attacker for a in valid if a.kind is _SHOT}
    if len(shooters) >= 2:
        return "targeted by two shooters"
    if shooters - {a.attacker for a in contact} and contact:
        return "attacked in contact and shot at"
    return None


def doomed_ids(state: PlastoState) -> tuple[str, ...]:
    if not state.attacks:
        return ()  # every kind of Doom needs an attack on the mini
    dooms = _dooms(state, statuses(state))
    return tuple([m.id for m in state.minis if m.id in dooms]) if dooms else ()


def movable(state: PlastoState, mini: Mini) -> bool:
    """Free to spend a Movement in its own turn ("Movement": not Locked In
    Battle, Doomed or Pinned; a mini in mid-jump waits for its landing).
    A prone mini is movable: its Movement stands it up."""
    if mini.pos is None:
        return False
    # any attack on it (which covers Pinned and the defending end of
    # Locked), a contact it makes (the attacking end of Locked) or a jump it
    # waits on (mid-jump); only its own shots leave it free
    return not state.attacks or mini.id not in statuses(state).busy


def what_holds(state: PlastoState, unit: str) -> str | None:
    """What keeps ``unit`` from spending a Movement now, in words ("Locked
    In Battle with b5", "Pinned by b2's shot", "Doomed"); None when nothing
    does (``movable``)."""
    mini = state.mini(unit)
    if mini is None or mini.pos is None:
        return "not on the board"
    if movable(state, mini):
        return None
    if unit in doomed_ids(state):
        return "Doomed"
    mine = [a for a in state.attacks if unit in (a.attacker, a.target)]
    partners = sorted({a.target if a.attacker == unit else a.attacker for a in mine if a.kind is Kind.CONTACT})
    if partners:
        return f"Locked In Battle with {', '.join(partners)}"
    shooters = sorted(a.attacker for a in mine if a.kind is Kind.SHOT and a.target == unit)
    if shooters:
        return f"Pinned by {' and '.join(shooters)}'s shot"
    jumpers = sorted(a.attacker for a in mine if a.kind is Kind.JUMP and a.target == unit)
    if jumpers:
        return f"jumped on by {', '.join(jumpers)}, waiting for the answer"
    return "in mid-jump, waiting for its landing"


def free_eligible(state: PlastoState, mini: Mini) -> bool:
    """May spend a Defending Free Movement: not Threatened, Doomed, Locked
    or Pinned, and not in mid-jump.  The same test as :func:`movable`."""
    return movable(state, mini)


def markers(state: PlastoState, mini: Mini) -> str:
    out = ""
    if threatened(state, mini.id):
        out += "T"
    if locked(state, mini.id):
        out += "L"
    if doom_reason(state, mini) is not None:
        out += "D"
    if pinned(state, mini.id):
        out += "P"
    if mini.prone:
        out += "_"
    if jumping(state, mini.id):
        out += "J"
    return out


_WORDS = {"T": "threatened", "L": "locked in battle", "D": "doomed", "P": "pinned", "_": "prone",
          "J": "jumping"}


def status_words(state: PlastoState, mini: Mini) -> str:
    if mini.pos is None:
        return "removed" if state.phase is not _DEPLOY else "waiting to deploy"
    letters = markers(state, mini)
    return ", ".join(_WORDS[c] for c in letters) if letters else "ready"
