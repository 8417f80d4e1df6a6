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
from core.rulesets.optio.ruleset import operational_battlefield
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


def block_entry(block) -> str:
    """``g1 army 2,0 N*``: id, kind (``?`` unknown), large square and the
    side it came in by (N/E/S/W), ``*`` when revealed; ``off`` off the map."""
    kind = "?" if block.kind is Kind.UNKNOWN else KIND_WORD[block.kind]
    where = "off" if block.pos is None else f"{block.pos[0]},{block.pos[1]}"
    edge = f" {block.entered_from.value}" if block.pos is not None and block.entered_from else ""
    return f"{block.id} {kind} {where}{edge}{'*' if block.revealed else ''}"


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
        lines = []
        if side is not None:
            lines.append(f"You are {SIDE_NAMES[side]} ({game.players[side]}), from the "
                         f"{'top' if side == 0 else 'bottom'} edge")
        for owner in (side, None if side is None else 1 - side):
            if owner is None:
                continue
            entries = [block_entry(b) for b in view.side_blocks(owner)]
            lines.append("Yours:" if owner == side else "Theirs:")
            for i in range(0, len(entries), 2):
                lines.append(" " + "  ".join(e.ljust(15) for e in entries[i:i + 2]).rstrip())
        lines.append("(N/E/S/W: side it came in by; * revealed)")
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

    def result_headline(self, game: Any) -> str | None:
        # The pre-game has no winner: it ends when the armies meet.
        return "The armies meet" if game.state.result is not None else None

    def after_over_label(self, game: Any) -> str | None:
        return "Fight the battle on this ground" if game.state.result is not None else None

    def after_over(self, game: Any) -> Any:
        if game.state.result is None:
            return None
        from tui.rulesets.optio_fight import FightScreen

        return FightScreen(game)

