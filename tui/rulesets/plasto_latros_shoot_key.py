"""The ``s`` key of the Plasto Latros screen: which shooter it shoots with,
and the menu of its targets (*Long Range Attacks*).

It shoots with the mini under the cursor when that one is of the player's
side and has a shot to declare, else with the selected mini: a tester who
had shot with a1 and put the cursor on a2 was told a1 had already shot.
When it falls back on the selected mini while the cursor is on another
shooter of the side, the refusal says which mini it asked about and how to
pick the other.  With none of the side selected, a shooter of the side
under the cursor is the one asked about even with no shot: its own reason
is given (a tester with the cursor on a1, which had no enemy in view, was
told to select a shooter first)."""

from __future__ import annotations

from typing import Any

from core.rulesets.plasto_latros.orders import Shoot
from tui.rulesets.plasto_latros_modals import StepMenu
from tui.rulesets.plasto_latros_reasons import no_shot_words


def shooter_for_key(view: Any, side: int, orders, selected: Any, cursor) -> tuple[str | None, str | None]:
    """The id of the mini ``s`` shoots with, and the id of the side's other
    mini under the cursor when ``s`` did not take it (None, None: no mini
    of the side is selected, nor a shooter of the side under the cursor)."""
    here = view.at(cursor) if cursor is not None else None
    mine_here = here.id if here is not None and here.side == side else None
    if mine_here is not None and any(isinstance(o, Shoot) and o.unit == mine_here for o in orders):
        return mine_here, None
    if selected is not None and selected.side == side:
        return selected.id, (mine_here if mine_here not in (None, selected.id) else None)
    if mine_here is not None and here.shooter:  # no shot now: why not is said of it
        return mine_here, None
    return None, None


def shoot_key(adapter: Any, game: Any, side: int, orders, selected: Any, cursor) -> Any:
    """What ``s`` does: the menu of the shooter's targets, or why it has none."""
    view = game.view(side)
    unit, passed_over = shooter_for_key(view, side, orders, selected, cursor)
    if unit is None:
        return "Select a shooter of yours first (Tab, or Enter on it), then s."
    shots = [o for o in orders if isinstance(o, Shoot) and o.unit == unit]
    if not shots:
        mini = view.mini(unit)
        words = no_shot_words(view, mini) if mini is not None else f"{unit} cannot shoot now."
        if passed_over is not None:
            words += (f" (s used the selected {unit}: {passed_over} under the cursor has no shot either;"
                      " s shoots with the mini under the cursor when it can shoot)")
        return words
    return StepMenu(f"{unit} declares a target (share in view):",
                    [(adapter.describe(game, view, o), o) for o in shots])
