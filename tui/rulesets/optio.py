"""The Optio pre-game on the shared game screen (seed 003, issue 6).

The board draws the 40x40 operational map (:func:`operational_battlefield`)
with the 5x5 large squares marked, and ``view(state, side)`` only: the
other player's blocks show as ``?`` until revealed, so the hot-seat
handover keeps identities apart.  Block labels are three columns: kind
(``A`` army, ``S`` scout, ``D`` dummy, ``?`` unknown) and the block's id
(``g1``..``g6`` Green, ``r1``..``r6`` Red).  A block is drawn just inside
the side of its large square it came in by; the panel says which side.

A move is given anywhere in the destination large square (the whole square
lights up for the selected block).  Once the armies meet, the template
screen (:mod:`tui.rulesets.optio_template`) opens for the placer; at the
end, the fight screen (:mod:`tui.rulesets.optio_fight`) starts the battle
with another ruleset on the cut-out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.orders import Order
from core.rulesets.optio import operational_battlefield
from core.rulesets.optio.maps import SMALL
from core.rulesets.optio.orders import Move
from core.rulesets.optio.state import SIDE_NAMES, Kind, Phase
from core.ruleset import UnitView
from tui.rulesets.base import RulesetAdapter

KIND_WORD = {Kind.ARMY: "army", Kind.SCOUT: "scout", Kind.DUMMY: "dummy", Kind.UNKNOWN: "unknown"}


def square_cells(square: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """Every small square of a large square on the 40x40 board."""
    x0, y0 = square[0] * SMALL, square[1] * SMALL
    return tuple((x0 + dx, y0 + dy) for dy in range(SMALL) for dx in range(SMALL))


class OptioAdapter(RulesetAdapter):
    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        self._map = None
        self._field = None

    # -- board geometry -----------------------------------------------------------
    def battlefield(self, game: Any, view: Any) -> Any:
        # Cached: the board rebuilds its header whenever the battlefield object changes.
        if self._field is None or self._map != view.map:
            self._map, self._field = view.map, operational_battlefield(view)
        return self._field

    def board_grid(self, game: Any, view: Any) -> int:
        return SMALL

    def order_cells(self, game: Any, view: Any, order: Order) -> tuple:
        if isinstance(order, Move):
            return square_cells(order.to)  # the cursor anywhere in the large square
        return super().order_cells(game, view, order)

    # -- words ----------------------------------------------------------------------
    def unit_label(self, unit: UnitView) -> str:
        return f"{(unit.glyph or '?')[:1]}{unit.id[:2]}"

    def panel_lines(self, game: Any, view: Any, side: int | None, selected) -> list[str]:
        lines = [f"Kudos: {SIDE_NAMES[0]} {view.kudos[0]}, {SIDE_NAMES[1]} {view.kudos[1]}"]
        if side is not None:
            lines.append(f"You are {SIDE_NAMES[side]} ({game.players[side]}), entering from the "
                         f"{'top' if side == 0 else 'bottom'}")
        for owner in (side, None if side is None else 1 - side):
            if owner is None:
                continue
            title = "Your blocks:" if owner == side else "Their blocks:"
            lines.append(title)
            for b in view.side_blocks(owner):
                kind = KIND_WORD[b.kind]
                if b.pos is None:
                    where = "off the map"
                else:
                    edge = f", in by the {b.entered_from.word}" if b.entered_from else ""
                    where = f"square {b.pos[0]},{b.pos[1]}{edge}"
                shown = " (revealed)" if b.revealed else ""
                lines.append(f" {b.id} {kind}{shown}: {where}")
        keys = {
            Phase.SCOUTING: "Tab block · Enter in a lit square: move · o: orders (scout, end turn)",
            Phase.CLOSING: "Enter in a lit square: move the army · o: orders (hold pays a kudo)",
            Phase.TEMPLATE: "o: place the template",
            Phase.DONE: "",
        }[view.phase]
        if keys:
            lines.append(keys)
        lines.append("shift+arrows: a large square at a time")
        return lines

    def handover_detail(self, game: Any, side: int) -> str:
        view = game.view(side)
        return (f"{SIDE_NAMES[side]}'s turn in the Optio pre-game ({view.phase.value}). "
                "Only you may see your blocks' identities.")

    # -- asking -----------------------------------------------------------------------
    def prompt(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        if game.state.phase is not Phase.TEMPLATE or not orders:
            return None
        from tui.rulesets.optio_template import TemplateScreen

        return TemplateScreen(game, side)

    def choose(self, game: Any, side: int, orders: Sequence[Order], reason: str) -> Any:
        if orders and all(o.verb == "place-template" for o in orders):
            from tui.rulesets.optio_template import TemplateScreen

            return TemplateScreen(game, side)
        return None

    def after_over(self, game: Any) -> Any:
        if game.state.result is None:
            return None
        from tui.rulesets.optio_fight import FightScreen

        return FightScreen(game)

