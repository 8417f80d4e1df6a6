"""Plasto Latros' reasons on the screen: why the selected mini cannot go to
a cell (the Movement the player plainly meant there, refused by the
rules' own check), why a shooter has no shot, and a prone mini's Doom in
the forecast (docs/rulings.md, Plasto Latros, *Doom*: any counting attack
on a prone mini Dooms it)."""

from __future__ import annotations

from typing import Any

from core.board import adjacent
from core.game import refusal
from core.orders import Order
from core.rulesets.plasto_latros.combat import shooter_problem
from core.rulesets.plasto_latros.grid import in_front
from core.rulesets.plasto_latros.movement import climb_limit
from core.rulesets.plasto_latros.orders import (
    Climb,
    Destroy,
    FreeMove,
    Jump,
    JumpAttack,
    Move,
    Movement,
    Relocate,
    Shoot,
)
from core.rulesets.plasto_latros.rules import apply_order
from core.rulesets.plasto_latros.state import Phase

# The verb of a refused order, as the sentence "a1 cannot ... to 5,5" says it.
VERBS = {Move: "move", Climb: "climb", Jump: "jump down", Relocate: "relocate"}


def meant_order(view: Any, side: int, mini: Any, cell: Any) -> Order:
    """The order a player plainly means by Enter on ``cell`` with ``mini``
    selected: in the final turn a relocation; else a climb to an adjacent
    cell of another height (a jump when it is lower than a climb goes),
    otherwise a straight move (*Movement*, *Climbing Movement On Terrain*);
    wrapped as the Defending Free Movement while one is owed to ``side``.
    Its facing is the mini's own (no facing decides where it may go)."""
    if view.phase is Phase.FINAL:
        return Relocate(side, mini.id, cell, mini.facing)
    bf = view.battlefield
    here = mini.pos
    order: Movement = Move(side, mini.id, cell, mini.facing)
    if here is not None and bf.in_bounds(cell) and adjacent(here, cell):
        drop = bf.elevation(here) - bf.elevation(cell)
        if drop > climb_limit(view):
            order = Jump(side, mini.id, cell, mini.facing)
        elif drop:
            order = Climb(side, mini.id, cell, mini.facing)
    if view.pending_free and view.pending_free[0] == side:
        return FreeMove(side, order)
    return order


def why_not_there(ruleset: Any, game: Any, side: int, selected: Any, cell: Any) -> str | None:
    """Why Enter on the empty ``cell`` gives ``selected`` no order there:
    the rules' refusal of the order meant (:func:`meant_order`), or of
    breaking the artifact standing there; None when nothing refuses it."""
    view = game.view(side)
    feature = next((f for f in getattr(view, "features", ()) if f.cell == tuple(cell)), None)
    if feature is not None and view.phase in (Phase.PLAY, Phase.FINAL):
        refused = refusal(ruleset, view, Destroy(side, feature.id), game.players)
        if refused is not None:
            return f"Cannot destroy it now: {refused.message}"
    if selected is None or selected.side != side:
        return None
    mini = view.mini(selected.id)
    if mini is None or mini.pos is None:
        return None
    order = meant_order(view, side, mini, tuple(cell))
    refused = refusal(ruleset, view, order, game.players)
    if refused is None:
        return None
    inner = order.order if isinstance(order, FreeMove) else order
    free = " with the free Movement" if isinstance(order, FreeMove) else ""
    return f"{mini.id} cannot {VERBS.get(type(inner), inner.verb)} to {cell[0]},{cell[1]}{free}: {refused.message}"


def no_shot_words(view: Any, mini: Any) -> str:
    """Why the shooter ``mini`` has no shot to declare now, as the ``s`` key
    and the side panel both say it (*Long Range Attacks*)."""
    problem = shooter_problem(view, mini)
    if problem:
        return problem
    if view.pending_free:
        return f"{mini.id} cannot shoot while a Defending Free Movement is owed."
    if view.phase not in (Phase.PLAY, Phase.FINAL) or view.active != mini.side:
        return f"{mini.id} shoots only in its own side's turn."
    return f"{mini.id} has no enemy in its front arc with at least half of it in view."


def prone_doom(threats: list) -> str | None:
    """Why the enemies that could attack a mini lying prone on a cell would
    Doom it there: any one of them (docs/rulings.md, *Doom*); None when none
    could attack it."""
    if not threats:
        return None
    return f"lying prone, one attack is enough ({threats[0].enemy})"


def game_ending_words(view: Any, order: Order) -> str | None:
    """What ending the turn with ``order`` (a pass) would end, asked of the
    rules: the game, when the other player's last turn was a pass too (two
    passes in turn, seed *Movement*) or a limit is reached; with who wins
    on the minis left then (Doomed ones removed as the turn ends).  None:
    the game goes on."""
    after = apply_order(view, order)[0]
    result = getattr(after, "result", None)
    if after.phase is not Phase.OVER or result is None:
        return None
    counts = [sum(1 for m in after.on_board() if m.side == s) for s in (0, 1)]
    if view.options.goal == "artifacts":
        outcome = f"{view.players[result.winner]} wins: an artifact still stands"
    elif result.winner is None:
        outcome = f"a draw, {counts[0]} to {counts[1]}"
    else:
        won = result.winner
        outcome = f"{view.players[won]} wins {counts[won]} to {counts[1 - won]}"
    other = view.players[1 - view.active]
    if view.passes_in_row and not view.acted_this_turn:
        return f"{other} passed too: passing ends the game, {outcome}"
    return f"ending this turn ends the game, {outcome}"


def why_not_on(ruleset: Any, game: Any, side: int, selected: Any, other: Any) -> str | None:
    """Why Enter on the enemy ``other`` gives ``selected`` (one of ``side``'s
    minis) no order on it: an enemy below it is one to jump on (*Jumping
    Attacks*: adjacent, at least a level lower, in its front arc; the rules'
    refusal, then which of the three fails); one on its level or above is
    attacked by a Movement ending beside it, facing it (*Attacking And
    Defending*).  None: ``other`` is not an enemy (its own reasons say why)."""
    view = game.view(side)
    mini, enemy = view.mini(getattr(selected, "id", None)), view.mini(getattr(other, "id", None))
    if mini is None or enemy is None or mini.side != side or enemy.side == side \
            or mini.pos is None or enemy.pos is None:
        return None
    bf = view.battlefield
    below = bf.elevation(mini.pos) - bf.elevation(enemy.pos)
    if below < 1:
        return (f"{mini.id} attacks {enemy.id} by ending a Movement beside it, on its level, with it in"
                f" {mini.id}'s front arc")
    order: Order = JumpAttack(side, mini.id, enemy.id)
    if view.pending_free and view.pending_free[0] == side:
        order = FreeMove(side, order)
    refused = refusal(ruleset, view, order, game.players)
    if refused is None:
        return None  # it may: the order is on the board
    lead = f"{mini.id} cannot jump on {enemy.id}"
    if not adjacent(mini.pos, enemy.pos):
        return f"{lead}: not beside it (Jumping Attacks)"
    if not in_front(mini.pos, mini.facing, enemy.pos):
        return f"{lead}: not in its front arc (Jumping Attacks)"
    return f"{lead}: {refused.message}"


def final_question(game: Any, side: int, orders: Any) -> str | None:
    """What ``p`` asks in the final turn: ending it ends the game, while
    these minis could still relocate or shoot (None: nothing could)."""
    movers = list(dict.fromkeys(o.unit for o in orders if isinstance(o, Relocate)))
    shooters = list(dict.fromkeys(o.unit for o in orders if isinstance(o, Shoot)))
    parts = [f"{', '.join(movers)} could still relocate"] if movers else []
    if shooters:
        parts.append(f"{', '.join(shooters)} could still shoot")
    if any(isinstance(o, Destroy) for o in orders):
        parts.append("an artifact could still be destroyed")
    if not parts:
        return None
    return f"{game.players[side]}: end the final turn? The game ends now, though {'; '.join(parts)}."
