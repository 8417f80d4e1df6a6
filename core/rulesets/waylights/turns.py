"""Rounds, turn order and the end of the game (Waylights "Sequence", "Endgame")."""

from __future__ import annotations

from core.board import adjacent
from core.dice import roll
from core.events import Event, Note
from core.rulesets.waylights.combat import side_by_side
from core.rulesets.waylights.events import CharacterTurn, GrappleEnded, Standing, TurnOrder
from core.rulesets.waylights.state import DEAD, KO, READY, WaylightsState, rebuild


def _group(state: WaylightsState, side: int) -> int:
    """0 for the side that meant to surprise the other in round 1, else 1."""
    s = state.options.surprise
    if state.round == 1 and s in ("side 0", "side 1"):
        return 0 if s == f"side {side}" else 1
    return 0


def start_round(state: WaylightsState) -> tuple[WaylightsState, list[Event]]:
    state = rebuild(state, round=state.round + 1)
    events: list[Event] = []
    if state.round > state.options.round_limit:
        return finish_by_limit(state)
    woken = []
    for f in state.fighters:
        if f.status == KO and f.wake_round and f.wake_round <= state.round:
            state = state.put(rebuild(f, status=READY, wake_round=0))
            woken.append(f.id)
    for uid in woken:
        events.append(Note(f"{uid} wakes from the stun."))
    index = {f.id: i for i, f in enumerate(state.fighters)}
    score: dict[str, int] = {}
    rolled: dict[str, int] = {}
    for f in state.fighters:
        if f.status == DEAD:
            continue
        score[f.id] = f.template.timing
        if state.round == 1:
            # Round 1: an initiative roll plus Timing; later rounds: Timing.
            dice, ev = roll(state.dice, 1, 6, "initiative", (("timing", f.template.timing),), f.id)
            state = rebuild(state, dice=dice)
            events.append(ev)
            score[f.id] = ev.total
            rolled[f.id] = ev.faces[0]
    ps = state.options.players_side
    order = sorted(score, key=lambda u: (_group(state, state.get(u).side), -score[u],
                                         -state.get(u).template.timing,
                                         0 if state.get(u).side == ps else 1, index[u]))
    state = rebuild(state, order=tuple(order), index=0)
    # The order keeps knocked-out figures (a stunned one may wake); the
    # note names only those who can act, and the rest as KO.
    able = [u for u in order if state.get(u).up]
    out = [u for u in order if not state.get(u).up]
    surprising = state.options.surprise if state.round == 1 else "none"
    standings = tuple(Standing(f.id, f.side, f.template.timing, rolled.get(f.id, 0), surprising == f"side {f.side}",
                               f.up) for f in map(state.get, order))
    events.append(TurnOrder(f"Round {state.round} turn order: {', '.join(able) or 'nobody'}"
                            + (f" (KO: {', '.join(out)})." if out else "."),
                            round=state.round, standings=standings, players_side=ps))
    return advance(state, events)


def advance(state: WaylightsState, events: list[Event]) -> tuple[WaylightsState, list[Event]]:
    """Start the next turn of a figure able to act, or the next round."""
    while state.index < len(state.order):
        f = state.find(state.order[state.index])
        if f is not None and f.up:
            state, evs = start_turn(state, f.id)
            return state, events + evs
        state = rebuild(state, index=state.index + 1)
    state, evs = start_round(state)
    return state, events + evs


def start_turn(state: WaylightsState, uid: str) -> tuple[WaylightsState, list[Event]]:
    return _begin(state, state.fighters, state.get(uid), state.index)


def _begin(state: WaylightsState, fighters: tuple, f, index: int) -> tuple[WaylightsState, list[Event]]:
    """``f``'s turn starts (``fighters`` and ``index`` as the state will hold them)."""
    one = f.entangled
    # one rebuild of the state for the figure and the turn's fields
    if f.entangled or f.pierced or f.shielded_by is not None:
        fighter = rebuild(f, entangled=False, pierced=False, shielded_by=None)
        fighters = tuple([fighter if g.id == f.id else g for g in fighters])
    state = rebuild(state, fighters=fighters, index=index,
                   active=f.id, pending="split", actions=0, max_actions=1 if one else 2,
                   moved=False, stepped=False, reloading="", exposed=False, target=None, counter_used=False,
                   turn_from=f.pos)
    detail = "entangled: one Action" if one else ""
    return state, [CharacterTurn(state.round, detail, unit=f.id, name=f.name)]


def end_turn(state: WaylightsState) -> tuple[WaylightsState, list[Event]]:
    f = state.get(state.active) if state.active else None
    fighters = state.fighters
    if f is not None:
        done = rebuild(f, acted_round=state.round, suppressed_by=None)
        fighters = tuple([done if g.id == f.id else g for g in fighters])
    # As advance() would: the next figure of the round able to act starts
    # its turn, here in the same rebuild of the state as this turn's end.
    index, order = state.index + 1, state.order
    while index < len(order):
        uid = order[index]
        for g in fighters:
            if g.id == uid:
                if g.up:
                    return _begin(state, fighters, g, index)
                break
        index += 1
    state = rebuild(state, fighters=fighters, active=None, pending="", index=index)
    return start_round(state)


def tidy(state: WaylightsState) -> tuple[WaylightsState, list[Event]]:
    """Drop human shields whose two figures no longer touch, and grapples
    whose two figures no longer stand side by side (``combat.side_by_side``:
    a grappler that steps to a diagonal lets go), saying so for a grapple."""
    for f in state.fighters:
        if f.grappled_by or f.shielded_by:
            break
    else:
        return state, []  # nobody grapples or shields (the usual case): nothing to look at
    out = []
    events: list[Event] = []
    for f in state.fighters:
        for field in ("grappled_by", "shielded_by"):
            other = getattr(f, field)
            if other:
                o = state.find(other)
                near = side_by_side if field == "grappled_by" else adjacent
                if o is None or not o.up or not f.up or f.pos is None or o.pos is None or not near(f.pos, o.pos):
                    f = rebuild(f, **{field: None})
                    if field == "grappled_by" and o is not None and o.up and f.up:
                        events.append(GrappleEnded(f.id, o.id))
        out.append(f)
    # Nothing to drop: the state itself, not an equal copy.
    changed = any(f is not g for f, g in zip(out, state.fighters, strict=True))
    return (rebuild(state, fighters=tuple(out)) if changed else state), events


def standing(state: WaylightsState, side: int) -> int:
    return sum(1 for f in state.side_of(side) if f.status == READY)


def check_end(state: WaylightsState) -> tuple[WaylightsState, list[Event]]:
    """A side whose every character is KO or dead has lost (Endgame)."""
    if state.phase != "battle":
        return state, []
    up = [False, False]  # whether each side has a character standing (one pass)
    for f in state.fighters:
        if f.status == READY:
            up[f.side] = True
    if up[0] and up[1]:
        return state, []
    if not (up[0] or up[1]):
        return _over(state, None, "both sides are out of the fight at once")
    loser = 1 if up[0] else 0
    return _over(state, 1 - loser, f"every character of {state.players[loser]} is KO or dead")


def finish_by_limit(state: WaylightsState) -> tuple[WaylightsState, list[Event]]:
    a, b = standing(state, 0), standing(state, 1)
    why = f"round limit {state.options.round_limit} reached, {a} against {b} standing"
    return _over(state, None if a == b else (0 if a > b else 1), why)


def _over(state: WaylightsState, winner: int | None, reason: str) -> tuple[WaylightsState, list[Event]]:
    state = rebuild(state, phase="over", winner=winner, end_reason=reason, active=None, pending="",
                         attack=None)
    # core.game adds the GameOver event itself when the outcome appears.
    return state, [Note(f"The fight is over: {reason}.")]
