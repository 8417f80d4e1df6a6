"""Board marks at 80x24 (testers' report): a figure an order points at kept
its ``*`` inside its three columns by covering its number (Spheres of War
``R*C`` for r1, ``I*C`` for i2; Platemail ``F*1``), so a newcomer could not
tell which figure was lit; and compact lit cells read ``[.[.[.``, never
closed.  Now a lit figure shows its id at both cell widths ``z`` offers,
its ``*`` in a column of its own or just beside it (italics when there is
no room anywhere), and a compact lit cell is its glyph and ``]``, opened by
``[`` in the blank column to its left: an isolated one reads ``[.]`` as the
legend says."""

from __future__ import annotations

import random

import pytest

from bench.games import battlefield_for
from core.board import Battlefield, Terrain
from core.game import start, submit
from core.registry import find_ruleset, rulesets
from core.ruleset import UnitView
from tui.board import BoardView
from tui.picture import BOARD_KEY, Picture
from tui.rulesets import adapter_for

# Optio draws big cells with no target marks and no z key
GRID_RULESETS = [r for r in rulesets() if r.name != "optio"]


def row_text(board: BoardView, y: int) -> str:
    return "".join(seg.text for seg in board._row_strip(y))


def draw(game, side: int, compact: bool) -> BoardView:
    """The board as ``side`` sees it, every figure of the other side lit
    as a target and every fifth empty cell lit as a move."""
    adapter = adapter_for(game.ruleset)
    view = game.view(side)
    units = adapter.units(game, view)
    field = adapter.battlefield(game, view)
    positions = {u.pos: u for u in units if u.pos is not None}
    empty = [(x, y) for y in range(field.height) for x in range(field.width) if (x, y) not in positions]
    lit = frozenset(c for c, u in positions.items() if u.side != side) | frozenset(empty[::5])
    picture = Picture(battlefield=field, units=positions, own_side=side, highlights=lit,
                      labels={u.id: adapter.unit_label(u) for u in units},
                      compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units})
    board = BoardView()
    board.zoom = compact
    board.show(adapter.picture(game, view, picture))
    return board


def number(uid: str) -> str:
    digits = ""
    for ch in reversed(uid):
        if not ch.isdigit():
            break
        digits = ch + digits
    return digits


def marked_targets_keep_their_ids(board: BoardView, where: str) -> int:
    """Every lit figure: the id (or its number) it shows unlit is still
    drawn, and it is marked (``*`` in its columns or the column beside
    them, or italics). Returns the figures looked at."""
    pic, w = board.picture, board.cell_w
    looked = 0
    for (x, y), unit in pic.units.items():
        if (x, y) not in pic.highlights:
            continue
        row = row_text(board, y)
        shown = row[x * w:(x + 1) * w]
        plain = board.plain_labels[unit.id]
        if unit.id.lower() in plain.lower():
            assert unit.id.lower() in shown.lower(), f"{where}: {unit.id} drawn {shown!r} (unlit {plain!r})"
        if number(unit.id) in plain:
            assert number(unit.id) in shown, f"{where}: {unit.id} drawn {shown!r} (unlit {plain!r})"
        beside = (row[x * w - 1] if x > 0 else "") + row[(x + 1) * w:(x + 1) * w + 1]
        italic = all(seg.style.italic for seg in board._row_strip(y).crop(x * w, (x + 1) * w))
        assert "*" in shown or "*" in beside or italic, f"{where}: {unit.id} lit but unmarked: {row!r}"
        looked += 1
    return looked


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("rules", GRID_RULESETS, ids=lambda r: r.name)
def test_a_lit_figure_shows_its_id_at_both_widths(rules, compact):
    looked = 0
    for seed in (1, 2):
        game = start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))
        rng = random.Random(seed)
        for n in range(61):
            if game.outcome is not None:
                break
            if n % 15 == 0:
                for side in (0, 1):
                    board = draw(game, side, compact)
                    looked += marked_targets_keep_their_ids(board, f"{rules.name} seed {seed} order {n} side {side}")
            order = game.random_order(min(game.to_act), rng)
            if order is None:
                break
            game = submit(game, order).game
    assert looked > 0


def field_of(width: int) -> Battlefield:
    return Battlefield("t", width, 1, ("." * width,), ((".", Terrain("open ground")),), ())


def board_of(rules: str, units: list[UnitView], compact: bool, lit, shades=None) -> BoardView:
    adapter = adapter_for(find_ruleset(rules))
    board = BoardView()
    board.zoom = compact
    board.show(Picture(battlefield=field_of(6), units={u.pos: u for u in units},
                       labels={u.id: adapter.unit_label(u) for u in units},
                       compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units},
                       highlights=frozenset(lit), shades=shades or {}))
    return board


def test_the_reported_spheres_of_war_rows_keep_r1_and_i2():
    # "5  .r .r .rR*C .r": r1, in combat, lit among cells within reach (r)
    r1 = UnitView("r1", 1, "Ranged 1", (3, 0), glyph="R", markers="C")
    board = board_of("spheres_of_war", [r1], False, {(3, 0)}, {(x, 0): "r" for x in range(6) if x != 3})
    row = row_text(board, 0)
    assert row[9:12] == "R1C" and row[12] == "*", row  # the mark in the blank column beside it
    assert row[12:15] == "*.r"  # the neighbour keeps its glyph and its reach key
    # " .rI*CR1z": i2, in combat, lit between a shaded cell and r1 (Inert)
    i2 = UnitView("i2", 0, "Infantry 2", (1, 0), glyph="I", markers="C")
    r1 = UnitView("r1", 1, "Ranged 1", (2, 0), glyph="R", markers="z")
    board = board_of("spheres_of_war", [i2, r1], False, {(1, 0)}, {(0, 0): "r"})
    row = row_text(board, 0)
    assert row[:9] == " .rI2*R1z", row  # no blank column beside it: the * takes the C, never the 2
    # compact: the mark beside it, over the neighbour's reach key, the label
    # whole (the ruleset's compact label of a figure in combat is its role
    # letter and C, no number: tui/rulesets/spheres_of_war.py)
    row = row_text(board_of("spheres_of_war", [i2, r1], True, {(1, 0)}, {(0, 0): "r"}), 0)
    assert row[:4] == ".*IC", row


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
def test_a_lit_platemail_footman_keeps_its_id(compact):
    a1 = UnitView("a1", 0, "Footman a1", (2, 0), glyph="F")
    b1 = UnitView("b1", 1, "Footman b1", (4, 0), glyph="F")
    b2 = UnitView("b2", 1, "Footman b2", (5, 0), glyph="F")
    board = board_of("platemail", [a1, b1, b2], compact, {(4, 0), (5, 0)})
    row = row_text(board, 0)
    w = board.cell_w
    labels = {u.id: row[u.pos[0] * w:(u.pos[0] + 1) * w] for u in (a1, b1, b2)}
    if compact:
        assert labels == {"a1": "F1", "b1": "1f", "b2": "2f"}, row
        assert row[4 * w - 1] == "*"  # b1's mark, in the blank column left of it
        assert "*" not in row[:4 * w - 1]
    else:
        assert labels == {"a1": "Fa1", "b1": "Fb1", "b2": "Fb2"}, row
        assert row[4 * w - 1] == "*"  # b1's mark, beside it (right of it stands b2)
    assert "b2" in board.unmarked  # hemmed in by b1 and the edge: italics
    assert all(seg.style.italic for seg in board._row_strip(0).crop(5 * w, 6 * w))


def test_compact_lit_cells_are_closed_and_read_as_the_legend_says():
    legal = BOARD_KEY.split(" legal")[0].split()[-1]
    assert legal == "[.]"
    board = board_of("waylights", [], True, {(2, 0), (4, 0), (5, 0)})
    row = row_text(board, 0)
    # each lit cell: its glyph under its column number, then "]"; "[" in the
    # blank column left of it (a lit neighbour's "]" stays)
    assert [row[x * 2:x * 2 + 2] for x in range(6)] == [". ", ".[", ".]", ".[", ".]", ".]"], row
    assert row == ". .[.].[.].]" and row[3:6] == legal, row  # an isolated lit cell reads [.]
    full = board_of("waylights", [], False, {(2, 0), (4, 0), (5, 0)})
    assert row_text(full, 0) == " .  . [.] . [.][.]"


def test_a_compact_lit_cell_keeps_its_key_and_leaves_a_neighbours_shade():
    # within reach (r): the lit cell reads r], the shaded cell left of it keeps its r
    board = board_of("spheres_of_war", [], True, {(2, 0), (4, 0)}, {(1, 0): "r", (2, 0): "r"})
    row = row_text(board, 0)
    assert row[2:6] == ".rr]" and row[6:10] == ".[.]", row
