"""Plasto Latros: every mini's label on the board names it.

Testers saw minis that looked alike lose what told them apart: a mini's
marker took the place of its number (``aT↑``), so two minis of a side with
the same marker and facing drew the same label and the board replaced both
markers with numbers; and with ten minis or more a1 and a11 both drew
``a1↑``, so the board gave a11 another running digit (``a3↑``: another
mini's name).  Full labels now always carry the mini's number, and its
most serious marker as well (``▲1T``, the shape standing for side, shooter
and facing)."""

from __future__ import annotations

import random

from core.board import Battlefield, Facing, Terrain
from core.game import start, submit
from core.registry import find_ruleset
from core.ruleset import UnitView
from core.rulesets.plasto_latros.options import PlastoOptions
from saves.library import battlefield_named
from tui.board import BoardView
from tui.picture import Picture
from tui.rulesets import adapter_for

RULES = find_ruleset("plasto_latros")


def drawn(units: list[UnitView], field: Battlefield | None = None) -> dict[str, str]:
    """The full labels the board draws for ``units`` (the board's own
    resolution of any two alike included)."""
    adapter = adapter_for(RULES)
    if field is None:
        width = max(u.pos[0] for u in units) + 1
        field = Battlefield("t", width, 1, ("." * width,), ((".", Terrain("grass")),), ())
    board = BoardView()
    board.zoom = False
    board.show(Picture(battlefield=field, units={u.pos: u for u in units if u.pos is not None},
                       labels={u.id: adapter.unit_label(u) for u in units},
                       compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units}))
    return dict(board.labels)


def mini(uid: str, markers: str, facing: Facing, x: int, shooter: bool = False) -> UnitView:
    side = "ab".index(uid[0])
    glyph = uid[0].upper() if shooter else uid[0]
    return UnitView(uid, side, "mini", (x, 0), "", facing, glyph, markers)


def number_in(label: str) -> str:
    return "".join(c for c in label if c.isdigit())


def test_a1_and_a11_each_drawn_with_their_own_number():
    units = [mini("a1", "", Facing.N, 0), mini("a11", "", Facing.N, 1),
             mini("a2", "", Facing.N, 2), mini("a3", "", Facing.E, 3)]
    labels = drawn(units)
    assert {uid: number_in(label) for uid, label in labels.items()} == \
        {"a1": "1", "a11": "11", "a2": "2", "a3": "3"}, labels


def test_two_minis_with_the_same_marker_keep_number_and_marker():
    units = [mini("a1", "T", Facing.N, 0), mini("a2", "T", Facing.N, 1),
             mini("a3", "DL", Facing.N, 2, shooter=True), mini("b1", "T", Facing.S, 3)]
    labels = drawn(units)
    assert labels == {"a1": "▲1T", "a2": "▲2T", "a3": "△3D", "b1": "↓1T"}, labels


def test_every_mini_of_a_played_game_is_drawn_with_its_number():
    """Twelve minis a side, random legal orders: at every look, each mini
    on the board shows its own number (and its most serious marker)."""
    options = PlastoOptions(minis=12)
    game = start(RULES, options, battlefield_named("pl-shrine"), seed=3, players=("Ann", "Bo"))
    adapter = adapter_for(RULES)
    rng = random.Random(3)
    looked = marked = 0
    for n in range(400):
        if game.outcome is not None:
            break
        if n % 10 == 0:
            units = [u for u in adapter.units(game, game.state) if u.pos is not None]
            if units:
                labels = drawn(units, adapter.battlefield(game, game.state))
                for u in units:
                    assert number_in(labels[u.id]) == u.id[1:], (n, u.id, labels[u.id])
                    if u.markers and len(u.id) == 2:
                        assert labels[u.id][2] in u.markers, (n, u.id, labels[u.id])
                        marked += 1
                    looked += 1
        order = game.random_order(min(game.to_act), rng)
        if order is None:
            break
        game = submit(game, order).game
    assert looked > 100 and marked > 0, (looked, marked)
