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
from core.rulesets.plasto_latros.movement import climb_limit
from core.rulesets.plasto_latros.orders import Climb, Destroy, FreeMove, Jump, Move, Movement, Relocate
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
