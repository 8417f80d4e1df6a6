"""The side key lists three figures a side, then "…" (the board shows
them all); the "…" is not the only clue: the panel says that ``f`` lists
every figure, and ``f`` does."""

from __future__ import annotations

from tests.tui.test_every_ruleset import battlefield_for
from tests.tui.test_glance import open_game
from tests.tui.test_side_panel_more import panel_rows
from tui.app import SkirmishApp
from tui.side_panel import SidePanel
from tui.warband import WarbandList

SIZE = (80, 24)


def test_the_hint_follows_the_last_cut_side_and_only_a_cut_one():
    from tui.side_panel import FIGURES_HINT, with_figures_hint

    assert with_figures_hint(["Ann: cyan, a1 a2"]) == ["Ann: cyan, a1 a2"]
    assert with_figures_hint(["Ann: cyan, a1 a2 a3 …", "Bob: yellow, b1 b2 b3 …", "Struck through, dim: fallen"]) == [
        "Ann: cyan, a1 a2 a3 …", "Bob: yellow, b1 b2 b3 …", FIGURES_HINT, "Struck through, dim: fallen"]
    assert len(FIGURES_HINT) <= SidePanel.SIDE_W - 3  # one row beside the scrollbar


async def test_a_cut_side_key_says_f_lists_every_figure_and_f_does():
    from core.game import start, submit
    from core.registry import find_ruleset

    rules = find_ruleset("spheres_of_war")  # five figures a side
    game = start(rules, None, battlefield_for(rules), seed=1, players=("Ann", "Bob"))
    for side in (0, 1):
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
        ready = [o for o in game.legal_orders(side) if o.verb == "ready"]
        if ready:
            game = submit(game, ready[0]).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        panel = screen.query_one(SidePanel)
        text = str(panel.query_one("#panel").render())
        assert any(line.endswith(" …") for line in text.splitlines()), text
        seen = []
        for _ in range(6):  # the key is at the panel's foot: } scrolls to it
            seen += panel_rows(app, panel)
            if any("f lists" in row for row in seen):
                break
            await pilot.press("right_curly_bracket")
            await pilot.pause()
        assert any("… more figures: f lists them all" in row for row in seen), seen
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, WarbandList)
        listed = app.screen.entries()
    assert len(listed) == len(game.state.units)  # every figure, not three a side


async def test_the_side_key_samples_the_first_figures_by_number_not_by_label_letter():
    """A tester read "F1 K2 S4 …" for a Platemail side of F1 K2 X3 S4: the
    labels were sorted as text, so X3 fell under the "…"."""
    from core.game import start, submit
    from core.registry import find_ruleset
    from core.rulesets.platemail.state import PlatemailOptions
    from tui.board import BoardView

    rules = find_ruleset("platemail")  # the tester's side: Footman, Knight, Crossbowman, Spellcaster
    options = PlatemailOptions(roster_0="footman,knight,crossbowman,spellcaster")
    game = start(rules, options, battlefield_for(rules), seed=1, players=("Ann", "Bob"))
    for side in (0, 1):
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
        ready = [o for o in game.legal_orders(side) if o.verb == "ready"]
        if ready:
            game = submit(game, ready[0]).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        board = screen.query_one(BoardView)
        ids = sorted((u.id for u in screen.units if u.side == 0), key=lambda i: int(i[1:]))
        labels = [board.plain_labels[i].strip() for i in ids]
        assert len(labels) > 3 and labels[:3] != sorted(labels)[:3]  # a side where the two orders differ
        line = board.side_key(("Ann", "Bob"))[0]
        assert line.endswith(" ".join(labels[:3]) + " …"), (line, labels)
