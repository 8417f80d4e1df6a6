"""Readable at a glance at 80x24 (issue 12): the two sides never drawn alike,
in colour or under NO_COLOR, on every ruleset and shipped battlefield; no
label shown twice (Platemail's two footmen); the legend says what is drawn;
every shipped battlefield seen whole, in compact cells when the full width
does not fit (z switches); Optio's operational map at its own scale; the
player-name field showing what is typed; the mouse on the board and log."""

from __future__ import annotations

import random

import pytest
from textual.color import Color
from textual.events import MouseScrollDown, MouseScrollUp
from textual.filter import NoColor
from textual.widgets import Input, RichLog

from core.game import start, submit
from core.registry import find_ruleset, rulesets
from saves.library import shipped_battlefields
from tests.tui.drawn import screen_text
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import Handover
from tui.newgame import NewGameScreen
from tui.picture import Picture
from tui.rulesets import adapter_for

SIZE = (80, 24)


def fitting(rules) -> list:
    options = rules.default_options()
    return [bf for bf in shipped_battlefields() if rules.check_options(options, bf) is None]


def cases() -> list[tuple[str, str]]:
    """(ruleset, battlefield) for every shipped battlefield a ruleset can use;
    Optio plays on its own operational maps ("map:<name>"; "" = a generated one)."""
    from core.rulesets.optio.state import SHIPPED_MAPS

    out = []
    for rules in rulesets():
        if rules.name == "optio":
            out += [("optio", "")] + [("optio", f"map:{name}") for name in SHIPPED_MAPS]
            continue
        out += [(rules.name, bf.name) for bf in fitting(rules)]
    return out


def deployed(rules_name: str, bf_name: str, seed: int = 2):
    """A game with both sides' figures on the board: deployment by "deploy
    for me" and "ready" where offered, otherwise random legal orders."""
    import attrs

    rules = find_ruleset(rules_name)
    options = None
    if bf_name.startswith("map:"):
        from saves.maps import map_battlefield_named

        options = attrs.evolve(rules.default_options(), map_name=bf_name[4:])
        bf = map_battlefield_named(bf_name[4:])
    elif bf_name:
        bf = next(b for b in shipped_battlefields() if b.name == bf_name)
    else:
        from bench.games import battlefield_for

        bf = battlefield_for(rules)
    game = start(rules, options, bf, seed=seed, players=("Ann", "Bo"))
    pick = random.Random(seed)
    for _ in range(80):
        sides_on = {u.side for u in rules.units(game.state) if u.pos is not None}
        if sides_on == {0, 1} or game.outcome is not None:
            break
        side = min(game.to_act)
        orders = game.legal_orders(side)
        chosen = next((o for o in orders if o.verb == "deploy-all"), None) or next(
            (o for o in orders if o.verb == "ready"), None) or pick.choice(orders)
        game = submit(game, chosen).game
    return game


def drawn_figures(board: BoardView) -> dict[str, list]:
    """Each figure's segments as the board draws them: unit id -> segments
    (the columns its label takes; the board merges runs of one style, so a
    segment is not a cell)."""
    pic = board.picture
    out = {}
    if pic.cell_size is None:
        w = board.cell_w
        for (x, y), unit in pic.units.items():
            out[unit.id] = list(board._row_strip(y).crop(x * w, x * w + w))
    else:
        w, h = pic.cell_size
        for (x, y), stack in pic.stacks.items():
            for row, col, unit in stack:
                start_ = x * w + 1 + col
                out[unit.id] = list(board._row_strip(y * h + row).crop(start_, start_ + 3))
    return out


def board_for(game, compact: bool) -> BoardView:
    """The board drawn as the game screen draws it for the first side."""
    adapter = adapter_for(game.ruleset)
    view = game.view(0)
    units = adapter.units(game, view)
    field = adapter.battlefield(game, view)
    picture = Picture(
        battlefield=field,
        units={u.pos: u for u in units if u.pos is not None},
        labels={u.id: adapter.unit_label(u) for u in units},
        compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units},
        own_side=0,
    )
    board = BoardView()
    board.zoom = compact
    board.show(adapter.picture(game, view, picture))
    return board


@pytest.mark.parametrize("rules_name,bf_name", cases())
def test_two_figures_of_different_sides_never_render_alike(rules_name, bf_name):
    game = deployed(rules_name, bf_name)
    sides = {u.id: u.side for u in game.ruleset.units(game.state)}
    no_color = NoColor()
    for compact in (False, True):
        board = board_for(game, compact)
        figures = drawn_figures(board)
        assert {sides[uid] for uid in figures} == {0, 1}, "both sides are on the board"
        texts = {uid: "".join(s.text for s in segs) for uid, segs in figures.items()}
        assert len(set(texts.values())) == len(texts), f"a label is shown twice: {texts}"
        plain = {uid: tuple((s.text, s.style) for s in no_color.apply(segs, Color(0, 0, 0)))
                 for uid, segs in figures.items()}
        for a in figures:
            for b in figures:
                if sides[a] == 0 and sides[b] == 1:
                    assert plain[a] != plain[b]  # NO_COLOR: text and attributes alone
                    colours = {s.style.color for s in figures[a]}, {s.style.color for s in figures[b]}
                    assert not colours[0] & colours[1]  # in colour: each side its own


def test_platemail_footmen_of_the_two_sides_read_differently():
    """Seen in the issue: on pm-yard a1 and b1, both footmen, read F1 and F1."""
    rules = find_ruleset("platemail")
    adapter = adapter_for(rules)
    game = deployed("platemail", "pm-yard")
    units = {u.id: u for u in rules.units(game.state)}
    assert units["a1"].glyph == units["b1"].glyph == "F"
    assert adapter.unit_label(units["a1"]) != adapter.unit_label(units["b1"])
    assert adapter.unit_label(units["a1"], compact=True) != adapter.unit_label(units["b1"], compact=True)


def test_labels_two_figures_share_are_replaced():
    from core.ruleset import UnitView
    from tui.picture import distinct_labels

    units = [UnitView("a1", 0, "x", (0, 0)), UnitView("b1", 1, "y", (1, 0)), UnitView("a2", 0, "z", (2, 0))]
    out = distinct_labels(units, {"a1": "F1 ", "b1": "F1 ", "a2": "K2 "}, 3)
    assert out["a2"] == "K2 " and out["a1"] != out["b1"] and len(set(out.values())) == 3


def test_targets_keep_their_labels_apart():
    """``*`` marks a figure an order points at without two figures ever
    reading the same, and without covering the class letter (issue 29) or
    the id (two lit footmen Fb1 and Fb2 read F*1 and F*2: which was which?
    tests/tui/test_board_marks_keep_ids.py)."""
    from core.board import Battlefield, Terrain
    from core.ruleset import UnitView

    field = Battlefield("t", 4, 1, ("....",), ((".", Terrain("grass")),), ())
    units = {(0, 0): UnitView("b1", 1, "x", (0, 0)), (1, 0): UnitView("b2", 1, "y", (1, 0)),
             (2, 0): UnitView("a1", 0, "z", (2, 0))}
    board = BoardView()
    board.show(Picture(battlefield=field, units=units, labels={"b1": "Fb1", "b2": "Fb2", "a1": "Fa1"},
                       highlights=frozenset({(0, 0), (1, 0)})))
    drawn = "".join(seg.text for seg in board._row_strip(0))
    # hemmed in by the edge and each other, no column of their own free:
    # both labels whole, both drawn in italics on the lit background
    assert drawn[:9] == "Fb1Fb2Fa1" and board.unmarked == {"b1", "b2"}, drawn
    for compact in ({"b1": "f1", "b2": "f2", "a1": "F1"}, {"b1": "f1", "b2": "s1", "a1": "F1"}):
        board = BoardView()
        board.zoom = True
        board.show(Picture(battlefield=field, units=units, compact_labels=compact,
                           highlights=frozenset({(0, 0), (1, 0), (2, 0)})))
        drawn = [board.labels[uid] for uid in ("b1", "b2", "a1")]
        assert len(set(drawn)) == 3, drawn
        # the class letter stays, and the figure's own number; a figure with
        # no room left for * (in its label or the column left of it) is in italics
        assert [d[0] for d in drawn] == [compact[uid][0] for uid in ("b1", "b2", "a1")], drawn
        assert drawn[0] == "f1" and drawn[2] == "F1" and {"b1", "a1"} <= board.unmarked, drawn


async def open_game(pilot, game) -> GameScreen:
    app = pilot.app
    app.start_game(game)
    await pilot.pause()
    for _ in range(6):
        if app.screen.query(BoardView):
            break
        await pilot.press("enter" if isinstance(app.screen, Handover) else "escape")
        await pilot.pause()
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_no_color_keeps_the_sides_apart_and_the_legend_says_what_is_drawn(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    game = deployed("platemail", "pm-yard")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.no_color
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        text = screen_text(app)
        rows = text.splitlines()
        region = board.content_region
        board_text = "\n".join(r[region.x:region.right] for r in rows[region.y:region.bottom])
        shown = {u.id: board.labels[u.id].strip() for u in board.picture.units.values()}
        for _uid, label in shown.items():
            assert label in board_text
        assert shown["a1"] != shown["b1"]
        panel = str(screen.query_one("#panel").render())
        side = screen.keyboard_side
        for line in board.side_key(game.players, no_color=True):
            assert line in panel
        own = [line for line in panel.splitlines() if "(you" in line]
        assert len(own) == 1 and own[0].startswith(game.players[side])
        for label in own[0].split(":", 1)[1].replace("…", "").split():
            assert label in {board.plain_labels[u.id].strip() for u in board.picture.units.values() if u.side == side}
        assert "cyan" not in panel and "yellow" not in panel  # no colour words without colour


async def test_every_shipped_battlefield_is_seen_whole_at_80x24():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        seen = set()
        for rules_name, bf_name in cases():
            if bf_name in seen:
                continue
            seen.add(bf_name)
            screen = await open_game(pilot, deployed(rules_name, bf_name))
            await pilot.pause()
            board = screen.query_one(BoardView)
            field = board.picture.battlefield
            assert board.max_scroll_x == 0 and board.max_scroll_y == 0, (bf_name, board.virtual_size, board.size)
            assert board.virtual_size.height == 1 + field.height * board.cell_h
            full = 3 + 3 * field.width <= board.size.width
            assert board.compact == (not full and 2 + 3 * field.width > board.size.width), bf_name
            assert screen.query_one(RichLog).size.height >= 3  # the newest log lines stay on screen
            assert board.size.height >= board.rows_wanted()
            panel = str(screen.query_one("#panel").render())
            key = board.side_key(screen.game.players, app.no_color)
            assert key and all(line in panel for line in key), (bf_name, key)  # the labels as drawn


async def test_z_switches_the_cell_width_and_back():
    game = deployed("platemail", "pm-yard")  # 16 wide: compact by itself at 80x24
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        assert board.compact and board.cell_w == 2
        await pilot.press("z")
        assert not board.compact and board.cell_w == 3 and board.max_scroll_x > 0
        await pilot.pause()
        panel = str(screen.query_one("#panel").render())
        assert all(line in panel for line in board.side_key(screen.game.players))  # full labels now
        await pilot.press("z")
        assert board.compact and board.max_scroll_x == 0


async def test_optio_map_is_one_grid_of_large_squares_with_the_blocks_in_them():
    game = deployed("optio", "")
    state = game.state
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        pic = board.picture
        assert (pic.battlefield.width, pic.battlefield.height) == (5, 5)
        assert board.max_scroll_x == 0 and board.max_scroll_y == 0  # the whole map at 80x24
        on_map = [b for b in screen.view_state.blocks if b.pos is not None and not b.gone]
        assert on_map
        for block in on_map:  # each block drawn inside its own large square
            assert block.id in {u.id for _, _, u in pic.stacks[block.pos]}
        header = board.render_line(0).text
        assert header.split() == ["0", "1", "2", "3", "4"]  # large-square numbers, one scale
        board.move_cursor(on_map[0].pos)
        await pilot.pause()
        cursor = screen.query_one("#cursor").text
        assert f"{on_map[0].pos[0]},{on_map[0].pos[1]}" in cursor
        assert state.map.rows  # the 40x40 map stays the game's own


async def test_the_player_name_field_shows_what_is_typed():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        field = form.query_one("#p0", Input)
        field.focus()
        field.value = ""
        await pilot.press(*"Zephyrine")
        await pilot.pause()
        assert field.value == "Zephyrine"
        assert field.content_region.height == 1
        assert "Zephyrine" in screen_text(app)


async def test_the_mouse_moves_the_cursor_and_a_click_on_a_lit_cell_gives_the_order():
    from tests.tui.test_keys import played

    game = played("spheres_of_war", 12)  # i1 in a Match, its moves lit
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        await pilot.pause()
        pic = board.picture
        lit = sorted(pic.highlights)
        assert lit and screen.selected is not None
        acting = screen.acting_side()  # the banner names the side to act, in that side's colour
        banner = screen.query_one("#banner")
        assert banner.has_class(f"side-{acting}") and not banner.has_class(f"side-{1 - acting}")
        assert screen.game.players[acting] in str(banner.render())
        plain = next(c for c in ((x, y) for y in range(12) for x in range(12))
                     if c not in pic.highlights and c not in pic.units and c != board.cursor)
        orders = len(screen.game.orders)

        def at(cell):
            return (board.label_w + cell[0] * board.cell_w + 1, 1 + cell[1])

        await pilot.click(BoardView, offset=at(plain))
        assert board.cursor == plain and len(screen.game.orders) == orders  # a plain cell: the cursor only
        target = lit[0]
        expected = [o for o in screen.orders if target in screen.adapter.order_cells(screen.game, screen.view_state, o)]
        assert len(expected) == 1
        await pilot.click(BoardView, offset=at(target))
        await pilot.pause()
        assert len(screen.game.orders) == orders + 1 and screen.game.orders[-1] == expected[0]  # as Enter
        # The cursor stays on the click, unless it jumped to the figure that
        # acts next (issue 12, one grammar of keys).
        nxt = screen.unit_view(screen.selected)
        assert board.cursor == (nxt.pos if nxt is not None and nxt.pos is not None else target)


async def test_the_wheel_scrolls_the_log():
    from bench.games import play_random

    rules = find_ruleset("spheres_of_war")
    game = play_random(rules, 3, cap=60).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        log = screen.query_one(RichLog)
        await pilot.pause()
        bottom = log.scroll_y
        assert bottom > 0  # more log than the pane shows, at its newest lines
        await pilot._post_mouse_events([MouseScrollUp], RichLog, offset=(5, 2))
        assert log.scroll_y < bottom
        board = screen.query_one(BoardView)
        board.zoom = False
        board.show(board.picture)  # any board taller than its pane scrolls by the wheel too
        board.virtual_size = board.virtual_size.with_height(60)
        await pilot.pause()
        await pilot._post_mouse_events([MouseScrollDown], BoardView, offset=(10, 5))
        assert board.scroll_y > 0


async def test_start_before_the_battlefield_list_is_filled_still_starts():
    """Seen in the tmux run under load: ctrl+g pressed as soon as the form
    showed found the battlefield list not yet filled ("Choose a battlefield")."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        cycler = form.query_one("#battlefield")
        cycler.values, cycler.labels = [], []  # as before its first refresh
        form.action_start()
        await pilot.pause()
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)


# Machado, Oliveira & Fernandes (2009), full severity, on linear RGB.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
# xterm's own palette for the bright ANSI colours (what a 16-colour xterm draws).
XTERM_BRIGHT = {"bright_red": (255, 0, 0), "bright_green": (0, 255, 0), "bright_yellow": (255, 255, 0),
                "bright_blue": (92, 92, 255), "bright_magenta": (255, 0, 255), "bright_cyan": (0, 255, 255),
                "bright_white": (255, 255, 255)}


def _lab(linear_rgb) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear sRGB colour."""
    r, g, b = linear_rgb
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    white = (0.95047, 1.0, 1.08883)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, white))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _seen(rgb, matrix):
    """How a person with that deficiency sees an sRGB colour (linear RGB)."""
    lin = [v / 255 / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
    return [min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin)))) for row in matrix]


def _hue_gap(a, b, matrix) -> float:
    """The a*b* (colour, not lightness) distance between two colours as seen."""
    la, lb = _lab(_seen(a, matrix)), _lab(_seen(b, matrix))
    return ((la[1] - lb[1]) ** 2 + (la[2] - lb[2]) ** 2) ** 0.5


def test_side_colours_are_16_colour_names_that_stay_apart_under_colour_blindness():
    from rich.color import Color as RichColor
    from rich.color import ColorType

    from tui.picture import SIDE_COLOURS

    assert all(RichColor.parse(c).type is ColorType.STANDARD for c in SIDE_COLOURS)  # xterm -> 16 colours
    a, b = (XTERM_BRIGHT[c] for c in SIDE_COLOURS)
    for name, matrix in CVD.items():
        assert _hue_gap(a, b, matrix) > 40, name  # two hues, not one hue in two lightnesses
    # the careless pair, red against green, is nearly one hue to a deuteranope:
    red, green = XTERM_BRIGHT["bright_red"], XTERM_BRIGHT["bright_green"]
    assert _hue_gap(red, green, CVD["deuteranopia"]) < 40


def test_plasto_latros_compact_cells_still_show_facing_side_and_shooter():
    """Facing is what Plasto Latros turns on, so the narrow board (16 cells
    across at 80x24) draws it too: one character for side, shooter and
    facing, then the mini's number or marker."""
    from core.board import Facing
    from core.ruleset import UnitView

    adapter = adapter_for(find_ruleset("plasto_latros"))
    firsts = {}
    for side, glyph in ((0, "a"), (0, "A"), (1, "b"), (1, "B")):
        for facing in Facing:
            label = adapter.unit_label(UnitView("x3", side, "mini", (0, 0), facing=facing, glyph=glyph), compact=True)
            assert len(label) == 2 and label[1] == "3"
            firsts[side, glyph, facing] = label[0]
    assert len(set(firsts.values())) == 32, "every side, kind and facing has a shape of its own"
    # spot checks against the compass: the shapes point where the mini faces
    assert firsts[0, "a", Facing.E] == "▶" and firsts[0, "A", Facing.N] == "△"
    assert firsts[1, "b", Facing.SW] == "↙" and firsts[1, "B", Facing.W] == "⇐"
    marked = UnitView("a2", 0, "mini", (0, 0), facing=Facing.S, glyph="a", markers="T")
    assert adapter.unit_label(marked, compact=True) == "▼T"


async def test_plasto_latros_narrow_board_explains_its_shapes():
    game = deployed("plasto_latros", "copse-16")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        assert board.compact, "16 cells do not fit full width beside the panel"
        facings = {u.id: u.facing for u in game.ruleset.units(game.state) if u.pos is not None}
        for uid, label in board.labels.items():
            assert facings[uid] is not None and label[0] in "▲◥▶◢▼◣◀◤△◹▷◿▽◺◁◸↑↗→↘↓↙←↖⇑⇗⇒⇘⇓⇙⇐⇖", label
        panel = str(screen.query_one("#panel").render())
        assert "pointing the way it faces" in panel and "side a" in panel and "side b" in panel
        await pilot.press("z")
        await pilot.pause()
        assert not board.compact
        assert "pointing the way it faces" not in str(screen.query_one("#panel").render())


def test_a_target_mark_never_covers_a_facing():
    """The mark of a figure an order points at never covers its facing arrow
    or shape, full or compact, nor its class letter (issue 29: a compact F1
    marked read *1) nor its number (it read F*: tests/tui/test_board_marks_keep_ids.py)."""
    from core.board import Facing
    from core.ruleset import UnitView

    bf = next(b for b in shipped_battlefields() if b.name.startswith("Open field"))
    units = {(0, 0): UnitView("a1", 0, "m", (0, 0), facing=Facing.N, glyph="a"),
             (1, 0): UnitView("b1", 1, "m", (1, 0), facing=Facing.S, glyph="B"),
             (2, 0): UnitView("c1", 1, "m", (2, 0), glyph="F")}
    # side by side at the left edge: a1 and b1 have no column free for *
    # (drawn in italics), c1 its blank third column; compact, none has one
    for compact, labels, want, unmarked in (
        (False, {"a1": "a1↑", "b1": "B1↓", "c1": "F1 "}, {"a1": "a1↑", "b1": "B1↓", "c1": "F1*"}, {"a1", "b1"}),
        (True, {"a1": "▲1", "b1": "⇓1", "c1": "F1"}, {"a1": "▲1", "b1": "⇓1", "c1": "F1"}, {"a1", "b1", "c1"}),
    ):
        board = BoardView()
        board.zoom = compact
        picture = Picture(battlefield=bf, units=units, labels=labels, compact_labels=labels,
                          highlights=frozenset(units))
        board.show(picture)
        assert {uid: board.labels[uid].rstrip() for uid in labels} == {k: v.rstrip() for k, v in want.items()}
        assert board.unmarked == unmarked
