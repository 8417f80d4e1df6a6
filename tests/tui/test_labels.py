"""Labels never lose what they carry (issue 29, "Know your warband").

Over random games of every ruleset in the registry, at several points, as
each side sees the board, in compact and full cells, with and without
NO_COLOR: no two figures ever render the same, and every label keeps its
facing (the arrow or facing shape) and its class mark (the figure's glyph,
or the shape that stands for side and class), with the target mark ``*``
on some of them.  Plus the two cases the issue saw: two Plasto Latros minis
with the same marker and facing (both fell back to a bare id), and compact
Waylights cells (which showed no class letter).
"""

from __future__ import annotations

import random

import pytest
from textual.color import Color
from textual.filter import NoColor

from bench.games import battlefield_for
from core.board import Facing
from core.game import start, submit
from core.registry import rulesets
from core.ruleset import UnitView
from tests.tui.test_glance import drawn_figures
from tui.board import BoardView
from tui.picture import FACING_SHAPES, Picture, fallen_status
from tui.rulesets import adapter_for

GAMES = 3  # a game per seed, per ruleset, each played to its end
ORDERS = 1500  # (at most this many orders)
EVERY = 25  # look at the board every this many orders, and at the end
FACINGS = list(Facing)


def draw(game, side: int, compact: bool, marked: bool) -> tuple[BoardView, dict[str, UnitView], dict[str, str]]:
    """The board as the game screen draws it for ``side`` (its view only);
    ``marked``: every figure of the other side lit as a target.  Returns
    the board, the figures drawn and the labels the adapter gave."""
    adapter = adapter_for(game.ruleset)
    view = game.view(side)
    units = adapter.units(game, view)
    field = adapter.battlefield(game, view)
    positions = {u.pos: u for u in units if u.pos is not None}
    asked = {u.id: adapter.unit_label(u, compact=compact) for u in units}
    lit = frozenset(u.pos for u in positions.values() if marked and u.side != side)
    picture = Picture(battlefield=field, units=positions, own_side=side, highlights=lit,
                      labels={u.id: adapter.unit_label(u) for u in units},
                      compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units})
    board = BoardView()
    board.zoom = compact
    board.show(adapter.picture(game, view, picture))
    return board, {u.id: u for u in units}, asked


def keeps_its_marks(unit: UnitView, asked: str, shown: str, compact: bool) -> list[str]:
    """What ``shown`` lost of what a label must carry (empty: nothing)."""
    lost = []
    glyph = (unit.glyph or "")[:1]
    if unit.facing is not None:
        if compact and glyph:
            shape = FACING_SHAPES[unit.side % 2, glyph.isupper()][FACINGS.index(unit.facing)]
            if shape in asked and shape not in shown:
                lost.append(f"facing shape {shape}")
        elif unit.facing.arrow in asked and unit.facing.arrow not in shown:
            lost.append(f"arrow {unit.facing.arrow}")
    if glyph and glyph.lower() in asked.lower() and glyph.lower() not in shown.lower():
        lost.append(f"class mark {glyph}")
    for i, ch in enumerate(asked[:len(shown)]):
        if ch in "".join(FACING_SHAPES.values()) and shown[i] != ch:
            lost.append(f"facing {ch} at column {i}")
    return lost


def check_board(game, where: str) -> int:
    """Every check on every way of drawing ``game``; the labels looked at."""
    looked = 0
    no_color = NoColor()
    for side in (0, 1):
        for compact in (False, True):
            for marked in (False, True):
                board, units, asked = draw(game, side, compact, marked)
                figures = drawn_figures(board)
                texts = {uid: "".join(s.text for s in segs) for uid, segs in figures.items()}
                here = f"{where}, side {side}, {'compact' if board.compact else 'full'}, marked={marked}"
                assert len(set(texts.values())) == len(texts), f"{here}: a label shown twice: {texts}"
                plain = {uid: tuple((s.text, s.style) for s in no_color.apply(segs, Color(0, 0, 0)))
                         for uid, segs in figures.items()}
                assert len(set(plain.values())) == len(plain), f"{here}: two alike under NO_COLOR"
                for uid, shown in texts.items():
                    unit = units[uid]
                    small = board.compact
                    # the adapter's own label for the width drawn (big cells: the full one)
                    want = asked[uid] if small == compact else adapter_for(game.ruleset).unit_label(unit, small)
                    lost = keeps_its_marks(unit, want, shown, small)
                    assert not lost, f"{here}: {uid} drawn {shown!r} from {want!r} lost {lost}"
                    if fallen_status(unit):
                        for segs in (figures[uid], no_color.apply(figures[uid], Color(0, 0, 0))):
                            assert all(s.style.strike for s in segs), f"{here}: fallen {uid} not struck through"
                    looked += 1
    return looked


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
def test_no_two_figures_render_alike_and_every_label_keeps_its_marks(rules):
    looked = 0
    for seed in range(1, GAMES + 1):
        game = start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))
        rng = random.Random(seed)
        for n in range(ORDERS + 1):
            if game.outcome is not None:
                break
            if n % EVERY == 0:
                looked += check_board(game, f"{rules.name} seed {seed} order {n}")
            side = min(game.to_act)
            order = game.random_order(side, rng)
            if order is None:
                break
            game = submit(game, order).game
        looked += check_board(game, f"{rules.name} seed {seed} at the end")
    assert looked > 0


def _mini(uid: str, side: int, shooter: bool, markers: str, facing: Facing, x: int) -> UnitView:
    glyph = "ab"[side].upper() if shooter else "ab"[side]
    return UnitView(uid, side, "mini", (x, 0), "locked in battle", facing, glyph, markers)


@pytest.mark.parametrize("compact", [False, True])
def test_two_locked_plasto_latros_minis_keep_their_arrows_and_shooter_letters(compact):
    """Seen in the issue: two shooters of one side, both Locked, both facing
    north, drew the same label ``AL↑`` and both fell back to a bare ``a1``
    / ``a3``, their arrows and shooter letters gone."""
    from core.board import Battlefield, Terrain
    from core.registry import find_ruleset

    adapter = adapter_for(find_ruleset("plasto_latros"))
    units = [_mini("a1", 0, True, "TL", Facing.N, 0), _mini("a3", 0, True, "TL", Facing.N, 1),
             _mini("b2", 1, False, "TL", Facing.S, 2)]
    field = Battlefield("t", 4, 1, ("....",), ((".", Terrain("grass")),), ())
    board = BoardView()
    board.zoom = compact
    board.show(Picture(battlefield=field, units={u.pos: u for u in units},
                       labels={u.id: adapter.unit_label(u) for u in units},
                       compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units}))
    a1, a3 = board.labels["a1"], board.labels["a3"]
    assert a1 != a3
    if compact:
        assert a1[0] == a3[0] == "△"  # the side-0 shooter's shape, pointing north
    else:
        assert a1[0] == a3[0] == "△"  # side, shooter and facing in one shape
        assert (a1[1], a3[1]) == ("1", "3")  # told apart by their numbers
        assert a1[2] == a3[2] == "L"  # and their marker kept (tests/tui/test_plasto_latros_names.py)


def test_compact_waylights_cells_keep_the_class_letter():
    """Compact Waylights cells showed the id alone (``a1``): the class letter
    (F fighter, A archer, m mook) was gone.  Both sides keep it and still
    read apart without colour."""
    from core.registry import find_ruleset

    adapter = adapter_for(find_ruleset("waylights"))
    units = [UnitView("a1", 0, "Fighter a1", (0, 0), "ready", None, "F"),
             UnitView("b1", 1, "Fighter b1", (1, 0), "ready", None, "F"),
             UnitView("b2", 1, "Mook b2", (2, 0), "ready", None, "m")]
    labels = [adapter.unit_label(u, compact=True) for u in units]
    assert all(u.glyph in label for u, label in zip(units, labels)), labels
    assert len(set(labels)) == 3 and len(labels[0]) == 2


def test_the_marked_minis_key_says_which_shape_is_which_side_in_rows_that_fit():
    """A marked mini's label is its shape, number and marker (``▲5L``, ``→5L``):
    the key says which shapes are side a's and which side b's, each row
    within the narrow side panel (it was one long row, cut in two, that a
    tester read as saying nothing of the sides)."""
    from tui.rulesets.plasto_latros import SHAPE_WORDS
    from tui.side_panel import SidePanel

    assert all(len(row) <= SidePanel.NARROW_SIDE_W - 3 for row in SHAPE_WORDS)
    key = " ".join(SHAPE_WORDS)
    assert f"{FACING_SHAPES[0, False][0]} side a" in key and f"{FACING_SHAPES[1, False][0]} side b" in key
    assert FACING_SHAPES[0, True][0] in key and FACING_SHAPES[1, True][0] in key  # the shooters' shapes
