"""Turn organisation (rules 8-22, 37-38): forming Matches closest first,
resolving them, ending and starting turns, and the end of the game."""

from __future__ import annotations

from core.board import adjacent, distance, distance_squared
from core.events import Event, Matched, TurnEnded, TurnStarted
from core.values import evolve

from .events import MatchResolved
from .state import Match, Phase, SowState


def candidate_pairs(state: SowState) -> list[tuple[int, str, str]]:
    """Every pair that could be Matched now, as (squared distance, instigator
    id, retaliator id).  Inert combatants are ignored (rule 20); under v0.2 a
    combatant locked in combat from last turn may only be Matched with its
    locked partner."""
    inert = set(state.inert)
    ins = [u for u in state.standing(state.instigator) if u.id not in inert]
    rets = [u for u in state.standing(state.retaliator) if u.id not in inert]
    pairs = []
    for i in ins:
        for r in rets:
            pi, pr = state.partner(i.id), state.partner(r.id)
            if (pi is not None and pi != r.id) or (pr is not None and pr != i.id):
                continue
            pairs.append((distance_squared(i.cell, r.cell), i.id, r.id))  # standing: on the battlefield
    return sorted(pairs)


def closest_pairs(state: SowState) -> list[tuple[str, str]]:
    """The equally closest pairs (rules 12, 13, 20), compared exactly."""
    pairs = candidate_pairs(state)
    if not pairs:
        return []
    best = pairs[0][0]
    return [(i, r) for d, i, r in pairs if d == best]


def start_match(state: SowState, i: str, r: str, events: list[Event], how: str) -> SowState:
    n = state.matches_formed + 1
    gap = distance(state.get(i).cell, state.get(r).cell)
    detail = f"Match {n}, {gap:.1f} inches apart, {how}"
    if state.partner(i) == r:
        detail = f"Match {n}, still locked in combat from last turn"
    events.append(Matched(i, r, detail))
    return evolve(state, phase=Phase.MATCH, match=Match(n, i, r), matches_formed=n,
                        paired=state.paired + ((i, r),))


def form_next(state: SowState, events: list[Event]) -> SowState:
    """Form the next Match; when none can be formed the turn ends (rule 21)
    and the next one starts, unless the game is over."""
    while True:
        pairs = closest_pairs(state)
        if len(pairs) == 1:
            return start_match(state, *pairs[0], events, "the closest pair")
        if pairs:
            return evolve(state, phase=Phase.CHOOSE, match=None)
        state = end_turn(state, events)
        if state.phase is Phase.OVER:
            return state


def game_over(state: SowState, winner: int | None, reason: str) -> SowState:
    return evolve(state, phase=Phase.OVER, match=None, winner=winner, over_reason=reason)


def sole_survivor(state: SowState) -> int | None:
    """The one side with combatants left, if only one has any."""
    left = [side for side in (0, 1) if state.standing(side)]
    return left[0] if len(left) == 1 else None


def end_turn(state: SowState, events: list[Event]) -> SowState:
    played = len(state.paired)
    events.append(TurnEnded(state.turn, f"{played} {'Match' if played == 1 else 'Matches'}"))
    locked: tuple[tuple[str, str], ...] = ()
    if state.options.version == "v0.2":
        # v0.2: a Matched pair still in contact stays Matched into the next turn.
        for i, r in state.paired:
            a, b = state.get(i), state.get(r)
            if a.pos is not None and b.pos is not None and not a.removed and not b.removed and adjacent(a.pos, b.pos):
                locked += ((i, r),)
    state = evolve(state, locked=locked)
    if state.turn >= state.options.turn_limit:
        return limit_reached(state)
    return start_turn(state, events)


def limit_reached(state: SowState) -> SowState:
    """The turn limit (a ruling, not a printed rule): most combatants standing wins."""
    n0, n1 = len(state.standing(0)), len(state.standing(1))
    left = sole_survivor(state)
    if left is not None:
        return game_over(state, left, f"only {state.who(left)} has combatants left (rule 22)")
    if n0 == n1:
        return game_over(state, None, f"turn limit of {state.options.turn_limit} reached with "
                                      f"{combatants(n0)} each")
    winner = 0 if n0 > n1 else 1
    return game_over(state, winner, f"turn limit of {state.options.turn_limit} reached with "
                                    f"{combatants(max(n0, n1))} against {min(n0, n1)}")


def combatants(count: int) -> str:
    """A count of combatants in words that agree: "1 combatant", "3 combatants"."""
    return f"{count} combatant{'' if count == 1 else 's'}"


def start_turn(state: SowState, events: list[Event]) -> SowState:
    turn = state.turn + 1
    state = evolve(state, turn=turn, phase=Phase.MATCH, match=None, matches_formed=0, inert=(), paired=())
    detail = "every combatant is unMatched"
    if state.locked:
        detail = "still locked in combat: " + ", ".join(f"{i} with {r}" for i, r in state.locked)
    events.append(TurnStarted(turn, detail))
    left = sole_survivor(state)
    if left is not None:  # rule 22
        return game_over(state, left, f"a turn starts and only {state.who(left)} has combatants (rule 22)")
    return state


def end_match(state: SowState, events: list[Event], detail: str) -> SowState:
    """Rules 18-19, 37: the Match is Resolved and whoever is left of the pair is Inert."""
    m = state.current
    left = tuple(uid for uid in (m.instigator, m.retaliator) if state.get(uid).on_board)
    events.append(MatchResolved(m.number, left, detail))
    state = evolve(state, match=None, inert=state.inert + left)
    if state.options.version == "v0.2":
        left_side = sole_survivor(state)
        if left_side is not None:
            return game_over(state, left_side, f"no combatant of {state.who(1 - left_side)} remains (v0.2)")
    return form_next(state, events)
