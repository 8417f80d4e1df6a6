"""What the game screen's board shows: the view of the side on screen,
its figures and labels, the cells the selected figure's orders (and the
orders of no figure) point at, and the ruleset's marks and shades."""

from __future__ import annotations

from typing import Any

from tui.picture import Picture


def board_picture(screen: Any, game: Any, view: Any, cursor: Any) -> Picture:
    adapter, units = screen.adapter, screen.units
    by_unit = screen.orders_by_unit()
    pointing = by_unit.get(None, []) + (by_unit.get(screen.selected, []) if screen.selected else [])
    highlights = {cell for order in pointing for cell in adapter.order_cells(game, view, order)}
    chosen = screen.unit_view(screen.selected)
    field = adapter.battlefield(game, view)
    picture = Picture(
        battlefield=field, units={u.pos: u for u in units if u.pos is not None},
        labels={u.id: adapter.unit_label(u) for u in units},
        compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units},
        own_side=screen.keyboard_side, highlights=frozenset(c for c in highlights if field.in_bounds(c)),
        selected=chosen.pos if chosen else None, selected_id=screen.selected,
        grid=adapter.board_grid(game, view), marks=adapter.cell_marks(game, view, chosen),
        shades=adapter.cell_shades(game, view, chosen, cursor))
    return adapter.picture(game, view, picture)
