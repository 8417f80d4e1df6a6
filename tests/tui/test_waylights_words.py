"""Waylights' words on the game screen (issue 29, "Fits and words"): the
side panel shows this turn's Actions only, the order menus give each kind
of order the same key in every turn, and every screen counts every wound
(the panel's row included: "w5 KO@3")."""

from __future__ import annotations

import attrs

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.rulesets.waylights.orders import (
    Attack,
    Counter,
    Defend,
    EndTurn,
    Move,
    Split,
    SplitMove,
    Step,
)
from core.rulesets.waylights.state import KO, WaylightsOptions
from saves.library import battlefield_named
from tests.tui.test_waylights import RULES, SIZE, open_game, panel, prepared
from tui.app import SkirmishApp
from tui.rulesets.waylights_modals import HEADING, AttackPreview, PickList


def _until_a1_splits(game):
    """Both figures end their turns (a1 after moving) until a1's next turn."""
    game = submit(game, Split(0, "a1", 2)).game
    game = submit(game, Move(0, "a1", (5, 2))).game
    game = submit(game, EndTurn(0, "a1")).game
    while not (game.state.active == "a1" and game.state.pending == "split"):
        side = game.state.get(game.state.active).side
        uid = game.state.active
        if game.state.pending == "split":
            game = submit(game, Split(side, uid, 2)).game
        else:
            game = submit(game, EndTurn(side, uid)).game
    return game


async def test_the_panel_shows_this_turns_actions_never_last_turns():
    game = _until_a1_splits(prepared(2))
    assert game.state.round == 2
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        text = panel(screen)
        # a1 moved last round; this turn nothing is given yet.
        assert "Move to 5,2" not in text, text
        assert " Action 1: free" in text and " Action 2: free" in text and " Step: free" in text


def _menu_keys(menu: PickList) -> dict[str, str]:
    """Each row's key and its label."""
    return {line[0]: line[3:] for line in menu.lines() if not line.startswith("──") and line[0] != " "}


async def test_the_actions_menu_keeps_one_key_per_kind_of_order_from_turn_to_turn():
    # Turn 1: a1 stands next to b1 (an attack is offered); turn 2: far from it (none).
    seen: list[dict[str, str]] = []
    for a_at in ((5, 5), (5, 1)):
        game = submit(prepared(2, a_at=a_at), Split(0, "a1", 2)).game
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_game(pilot, game)
            assert app.screen is screen
            await pilot.press("o")
            assert isinstance(app.screen, PickList)
            seen.append(_menu_keys(app.screen))
    near, far = seen
    for keys in seen:
        assert keys["m"].startswith("Move…") and keys["p"].startswith("Split move…")
        assert keys["s"].startswith("Step…") and keys["e"].startswith("End the turn")
    assert "a" not in far  # no attack from afar: its key is not lent to another kind
    assert near["a"].startswith("Attack b1")
    # the same key for the same kind whichever rows come before it
    assert {k for k in near if k in far} == {k for k in far}
    assert all(near[k].split("…")[0].split()[0] == far[k].split("…")[0].split()[0] for k in far)
    # one key, one kind, in every menu: the answer to an attack keeps d and c
    from tui.rulesets.waylights import KIND_KEYS

    assert len(set(KIND_KEYS.values())) == len(KIND_KEYS)
    assert KIND_KEYS[Defend] == "d" and KIND_KEYS[Counter] == "c"


async def test_the_how_list_on_a_cell_keys_each_kind_of_move_by_its_kind():
    game = submit(prepared(2), Split(0, "a1", 2)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("tab", "down", "enter")  # the cell 5,5: Move, Split move or Step
        how = app.screen
        assert isinstance(how, PickList)
        kinds = {how.row_keys[i]: type(value) for i, (_, value) in enumerate(how.rows) if i in how.row_keys}
        assert kinds == {"m": Move, "p": SplitMove, "s": Step}
        await pilot.press("s")
        await pilot.pause()
        assert screen.game.state.get("a1").pos == (5, 5) and screen.game.state.stepped


async def test_the_panel_and_the_card_count_every_wound_alike():
    game = submit(prepared(2), Split(0, "a1", 2)).game
    state = game.state
    b1 = state.get("b1")
    over = attrs.evolve(b1, wounds=b1.ko_at + 2, status=KO)
    game = attrs.evolve(game, state=state.put(over))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        text = panel(screen)
        # the panel's list row: the same count, short (not capped: a tester read "w3/3" beside "4 wounds")
        assert f"w{b1.ko_at + 2} KO@{b1.ko_at}" in text, text
        lines = screen.adapter.figure_lines(game.state, next(u for u in RULES.units(game.state) if u.id == "b1"), 0)
        # the card: one count, every wound (each comes off its Defence), and the KO count beside it
        assert f"Wounds {b1.ko_at + 2} (KO at {b1.ko_at}): knocked out" in "\n".join(lines)
        unit = next(u for u in RULES.units(game.state) if u.id == "b1")
        assert f"wounds {b1.ko_at + 2} (KO at {b1.ko_at})" in unit.status  # the rules' status: every wound


async def test_several_attacks_open_behind_their_one_key_and_go_through_the_preview():
    # Alternate damage: five ways to attack b1 (plain, grapple, shove...), all behind `a`.
    options = WaylightsOptions(roster_0="fighter", roster_1="mook", alternate_damage=True)
    game = start(RULES, options, battlefield_named("open-12"), seed=2, players=("Ann", "Bo"))
    for order in (Deploy(0, "a1", (5, 5)), Ready(0), Deploy(1, "b1", (5, 6)), Ready(1), Split(0, "a1", 2)):
        game = submit(game, order).game
    attacks = [o for o in game.legal_orders(0) if isinstance(o, Attack)]
    assert len(attacks) > 1
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        assert app.screen is screen
        await pilot.press("o")
        keys = _menu_keys(app.screen)
        blows = len({o.effect for o in attacks})  # one target: a row for each blow (waylights_menus)
        assert keys["a"].startswith(f"Attack… (1 target, {blows} blows")
        await pilot.press("a")
        ways = app.screen
        assert isinstance(ways, PickList)
        assert [v for _, v in ways.rows if v is not HEADING] == attacks
        await pilot.press("1")
        assert isinstance(app.screen, AttackPreview)
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.state.attack is not None and screen.game.state.attack.attacker == "a1"
