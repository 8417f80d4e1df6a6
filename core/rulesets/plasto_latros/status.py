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

from core.board import Arc, arc_of

from .state import Kind, Mini, Phase, PlastoState


def attacks_on(state: PlastoState, unit: str, kind: Kind | None = None):
    return [a for a in state.attacks if a.target == unit and (kind is None or a.kind is kind)]


def threatened(state: PlastoState, unit: str) -> bool:
    return any(a.target == unit and a.kind is not Kind.JUMP for a in state.attacks)


def locked(state: PlastoState, unit: str) -> bool:
    return any(a.kind is Kind.CONTACT and unit in (a.attacker, a.target) for a in state.attacks)


def pinned(state: PlastoState, unit: str) -> bool:
    return any(a.target == unit and a.kind in (Kind.SHOT, Kind.JUMP) for a in state.attacks)


def jumping(state: PlastoState, unit: str) -> bool:
    """A jumper whose attack waits for the defender's answer is in mid-air."""
    return any(a.kind is Kind.JUMP and a.attacker == unit for a in state.attacks)


def valid_attacker(state: PlastoState, unit: str) -> bool:
    mini = state.mini(unit)
    if mini is None or mini.pos is None or mini.prone:
        return False
    return not any(a.target == unit for a in state.attacks)


def doom_reason(state: PlastoState, mini: Mini) -> str | None:
    """Why ``mini`` is Doomed, or None."""
    if mini.pos is None:
        return None
    valid = [a for a in attacks_on(state, mini.id) if valid_attacker(state, a.attacker)]
    if not valid:
        return None
    if any(a.kind is Kind.JUMP for a in valid):
        return "jumped on"
    if mini.prone:
        return "attacked while prone"
    contact = [a for a in valid if a.kind is Kind.CONTACT]
    if len(contact) >= 2:
        return "two attackers in contact"
    for a in contact:
        attacker = state.mini(a.attacker)
        if arc_of(mini.pos, mini.facing, attacker.pos) is Arc.BACK:
            return "attacked from behind"
    shots = [a for a in valid if a.kind is Kind.SHOT]
    if len(shots) >= 2:
        return "targeted by two shooters"
    if contact and shots:
        return "attacked in contact and shot at"
    return None


def doomed_ids(state: PlastoState) -> tuple[str, ...]:
    if not state.attacks:
        return ()  # every kind of Doom needs an attack on the mini
    targets = {a.target for a in state.attacks}
    return tuple(m.id for m in state.minis
                 if m.pos is not None and m.id in targets and doom_reason(state, m) is not None)


def is_doomed(state: PlastoState, unit: str) -> bool:
    mini = state.mini(unit)
    return mini is not None and doom_reason(state, mini) is not None


def movable(state: PlastoState, mini: Mini) -> bool:
    """Free to spend a Movement in its own turn ("Movement": not Locked In
    Battle, Doomed or Pinned; a mini in mid-jump waits for its landing).
    A prone mini is movable: its Movement stands it up."""
    if mini.pos is None:
        return False
    # one pass for the four tests: any attack on it (which covers Pinned and
    # the defending end of Locked), a contact it makes (the attacking end of
    # Locked) or a jump it waits on (mid-jump); only its own shots leave it free
    unit = mini.id
    return not any(a.target == unit or (a.attacker == unit and a.kind is not Kind.SHOT) for a in state.attacks)


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
        return "removed" if state.phase is not Phase.DEPLOY else "waiting to deploy"
    letters = markers(state, mini)
    return ", ".join(_WORDS[c] for c in letters) if letters else "ready"
