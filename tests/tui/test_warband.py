"""Know your warband (issue 29): ``f`` lists every figure of your side and
the enemy's as far as your side may see (from the seat's view, never the
whole game); the cursor card shows the full stats of the figure under the
cursor in every ruleset; fallen figures look fallen on the board, in
colour and under NO_COLOR, and the legend says so."""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.filter import NoColor

from core.registry import find_ruleset, rulesets
from core.values import evolve
from tests.tui.test_glance import SIZE, cases, deployed, open_game, screen_text
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.warband import WarbandList


def first_case(name: str) -> tuple[str, str]:
    return next(c for c in cases() if c[0] == name)


async def open_list(pilot, screen: GameScreen) -> WarbandList:
    await pilot.press("f")
    await pilot.pause()
    assert isinstance(pilot.app.screen, WarbandList), type(pilot.app.screen)
    return pilot.app.screen


async def test_f_lists_your_figures_then_the_enemys_and_enter_moves_the_cursor():
    game = deployed(*first_case("waylights"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        side = screen.keyboard_side
        listing = await open_list(pilot, screen)
        ids = listing.entries()
        sides = {u.id: u.side for u in screen.units}
        assert set(ids) == set(sides)  # nothing is hidden in Waylights: every figure
        own = [uid for uid in ids if sides[uid] == side]
        assert ids[:len(own)] == own  # yours first
        text = screen_text(app)
        assert "Your warband" in text and "Threshold" in text and "Wounds" in text
        enemy = next(u for u in screen.units if u.side != side and u.pos is not None)
        menu = listing.query_one("#warband-list")
        menu.highlighted = listing.ids.index(enemy.id)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.query_one(BoardView).cursor == enemy.pos
        assert enemy.id in screen.query_one("#cursor-unit").text
        await open_list(pilot, screen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.query_one(BoardView).cursor == enemy.pos


async def test_a_platemail_skulker_out_of_sight_is_not_listed():
    """A hidden enemy that no character of your side perceives is left out
    (the heading says one more is out of sight); your own skulker is listed."""
    from core.rulesets.platemail.state import rebuild

    game = deployed(*first_case("platemail"))
    state = game.state
    hide = {min(c.id for c in state.characters if c.side == s) for s in (0, 1)}
    chars = tuple(rebuild(c, hidden=True, stealth_roll=99) if c.id in hide else c for c in state.characters)
    game = evolve(game, state=evolve(state, characters=chars))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        side = screen.keyboard_side
        owner = {c.id: c.side for c in game.state.characters}
        mine = next(uid for uid in hide if owner[uid] == side)
        theirs = next(uid for uid in hide if uid != mine)
        listing = await open_list(pilot, screen)
        assert mine in listing.entries() and theirs not in listing.entries()
        others = {c.id for c in game.state.characters if c.side != side} - {theirs}
        assert others <= set(listing.entries())
        headings = [heading for heading, _ in listing.sections]
        assert headings[0].startswith("Your warband") and headings[1].endswith("1 more you cannot see")


async def test_an_optio_block_not_yet_revealed_is_listed_only_by_its_square():
    """Where a block stands is public (the board shows it), its kind is
    not: an enemy block not yet revealed is listed while on the map, with
    ``?`` for its kind, and counted unseen while off it."""
    game = deployed("optio", "")
    state = game.state
    enemy = [b for b in state.blocks if b.side == 1 and not b.gone]
    shown = enemy[0].id
    game = evolve(game, state=evolve(state, blocks=tuple(
        evolve(b, revealed=True) if b.id == shown else b for b in state.blocks)))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        side = screen.keyboard_side
        listing = await open_list(pilot, screen)
        ids = listing.entries()
        own = {b.id for b in game.state.blocks if b.side == side and not b.gone}
        assert own <= set(ids)
        other = [b for b in game.state.blocks if b.side != side and not b.gone]
        for b in other:
            assert (b.id in ids) == (b.revealed or b.pos is not None), b
        listed = {uid: lines for _heading, entries in listing.sections for uid, lines, _pos in entries}
        for b in other:
            if b.id in listed and not b.revealed:
                assert " ?: " in listed[b.id][0] and b.kind.value not in " ".join(listed[b.id]), listed[b.id]
        text = screen_text(app)
        assert "army" in text or "scout" in text or "dummy" in text


@pytest.mark.parametrize("rules_name", [r.name for r in rulesets()])
async def test_the_cursor_card_shows_the_full_stats_of_the_figure_under_it(rules_name):
    game = deployed(*first_case(rules_name))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        side = screen.keyboard_side
        shown = sorted((u for u in screen.units if u.pos is not None), key=lambda u: u.side != side)
        for unit in shown[:3] + shown[-2:]:
            board.move_cursor(unit.pos)
            await pilot.pause()
            here = next(u for u in screen.units if u.pos == unit.pos)
            want = screen.adapter.figure_lines(screen.view_state, here, screen.keyboard_side)
            card = screen.query_one("#cursor-unit")
            if want is None:  # seen on the board, listed nowhere (an Optio block not revealed)
                assert here.id in card.text and here.side != screen.keyboard_side
                continue
            # The figure's lines whole (Optio's card says what the large square holds above them).
            assert card.text == "\n".join(want) or card.text.endswith("\n" + "\n".join(want)), card.text
            assert len(card.rows()) <= card.size.height  # nothing of it cut
        if rules_name == "waylights":
            assert "Threshold" in card.text and "Weapons" in card.text
        if rules_name == "platemail":
            assert "Defense" in card.text and "Wields" in card.text


def _fallen_game(rules_name: str):
    """A deployed game with one figure of each side fallen: Waylights
    knocked out and dead, Platemail dying and dead."""
    game = deployed(*first_case(rules_name))
    state = game.state
    if rules_name == "waylights":
        from core.rulesets.waylights.state import DEAD, KO, rebuild

        a = next(f for f in state.fighters if f.side == 0 and f.pos is not None)
        b = next(f for f in state.fighters if f.side == 1 and f.pos is not None)
        state = state.put(rebuild(a, status=KO)).put(rebuild(b, status=DEAD))
        return evolve(game, state=state), {a.id: "knocked out", b.id: "dead"}
    from core.rulesets.platemail.state import Status, rebuild

    a = next(c for c in state.characters if c.side == 0 and c.pos is not None)
    b = next(c for c in state.characters if c.side == 1 and c.pos is not None)
    fallen = {a.id: Status.DYING, b.id: Status.DEAD}
    chars = tuple(rebuild(c, status=fallen[c.id]) if c.id in fallen else c for c in state.characters)
    return evolve(game, state=evolve(state, characters=chars)), {a.id: "dying", b.id: "dead"}


@pytest.mark.parametrize("no_color", [False, True])
@pytest.mark.parametrize("rules_name", ["waylights", "platemail"])
async def test_fallen_figures_look_fallen_and_the_legend_says_so(rules_name, no_color, monkeypatch):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    game, fallen = _fallen_game(rules_name)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        for compact in (False, True):
            board.zoom = compact
            board.show(board.picture)
            await pilot.pause()
            w = board.cell_w
            for (x, y), unit in board.picture.units.items():
                segs = list(board._row_strip(y).crop(x * w, x * w + w))
                if app.no_color:
                    segs = list(NoColor().apply(segs, Color(0, 0, 0)))
                struck = all(s.style.strike for s in segs)
                assert struck == (unit.id in fallen), (unit.id, unit.status, compact)
                assert unit.glyph.lower() in "".join(s.text for s in segs).lower()  # its class letter kept
        panel = str(screen.query_one("#panel").render())
        words = sorted(set(fallen.values()))
        assert f"fallen ({', '.join(words)})" in panel.replace("\n", " ")
        for uid, word in fallen.items():  # the card says how it fell
            unit = next(u for u in screen.units if u.id == uid)
            board.move_cursor(unit.pos)
            await pilot.pause()
            assert word in screen.query_one("#cursor-unit").text


def test_figure_lines_read_the_view_only():
    """The hook is given a view and a figure, never the game: the list is
    drawn from what the seat may see (Platemail's view of side 0 has no
    place for a side-1 skulker it does not perceive)."""
    import inspect

    from tui.rulesets import adapter_for
    from tui.rulesets.base import RulesetAdapter

    assert list(inspect.signature(RulesetAdapter.figure_lines).parameters) == ["self", "view", "unit", "side"]
    rules = find_ruleset("platemail")
    adapter = adapter_for(rules)
    game = deployed(*first_case("platemail"))
    from core.rulesets.platemail.state import rebuild

    b = next(c for c in game.state.characters if c.side == 1)
    chars = tuple(rebuild(c, hidden=True, stealth_roll=99) if c.id == b.id else c for c in game.state.characters)
    game = evolve(game, state=evolve(game.state, characters=chars))
    view = game.view(0)
    unit = next(u for u in adapter.units(game, view) if u.id == b.id)
    assert unit.pos is None and adapter.figure_lines(view, unit, 0) is None
    assert adapter.figure_lines(game.view(1), next(u for u in adapter.units(game, game.view(1)) if u.id == b.id), 1)


def test_a_doomed_plasto_latros_mini_is_struck_through_and_keeps_its_arrow():
    """Plasto Latros: a Doomed mini stays on the board until it is removed;
    it looks fallen (struck through, dim) and keeps its number and the
    shape that gives its side, shooter and facing; one merely Locked does
    not look fallen."""
    from core.board import Battlefield, Facing, Terrain
    from core.ruleset import UnitView
    from tui.picture import Picture
    from tui.rulesets import adapter_for

    adapter = adapter_for(find_ruleset("plasto_latros"))
    doomed = UnitView("a1", 0, "shooter a1", (0, 0), "threatened, locked in battle, doomed", Facing.E, "A", "TLD")
    locked = UnitView("b1", 1, "warrior b1", (1, 0), "locked in battle", Facing.W, "b", "L")
    field = Battlefield("t", 3, 1, ("...",), ((".", Terrain("grass")),), ())
    for compact in (False, True):
        board = BoardView()
        board.zoom = compact
        board.show(Picture(battlefield=field, units={(0, 0): doomed, (1, 0): locked},
                           labels={u.id: adapter.unit_label(u) for u in (doomed, locked)},
                           compact_labels={u.id: adapter.unit_label(u, True) for u in (doomed, locked)}))
        w = board.cell_w
        first = list(board._row_strip(0).crop(0, w))
        second = list(board._row_strip(0).crop(w, 2 * w))
        assert all(s.style.strike and s.style.dim for s in first)
        assert not any(s.style.strike for s in second)
        text = "".join(s.text for s in first)
        assert (text == "▷1D") if not compact else (text[0] == "▷")  # shooter a1 facing E, Doomed
        assert any("fallen (doomed)" in line for line in board.side_key(("Ann", "Bo"), no_color=True))
