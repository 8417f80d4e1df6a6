"""What a tester playing Platemail at 80x24 found (stop 51): compact labels
that read as another figure's id, melee Actions and Stabilize targets
offered without a word of warning, target lists silent about sight, the
crossbow reload's NR said of every crossbow, the side panel's raw order
tokens, a log line per secret order the computer wrote, ``q`` dead in the
writer, number keys that changed meaning between lists, and the Skulk
picker without the board's ``h``."""

from __future__ import annotations

import attrs
from textual.color import Color
from textual.filter import NoColor

from core.deployment import Deploy, DeployAll, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.platemail.glance import skulk_cover
from core.rulesets.platemail.state import Act, Action, Commit, Condition, PlatemailOptions, Status, Write
from saves.library import battlefield_named
from tests.tui.test_computer import wait_for
from tests.tui.test_glance import board_for, drawn_figures
from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm
from tui.rulesets import adapter_for
from tui.rulesets.platemail import short_act
from tui.rulesets.platemail_menus import CellPicker, KeyMenu
from tui.rulesets.platemail_writer import OrderWriter


def game_with(roster_0: str, roster_1: str, placed=()):
    """Both sides deployed by deploy-for-me on the yard, after ``placed``."""
    rules = find_ruleset("platemail")
    options = PlatemailOptions(roster_0=roster_0, roster_1=roster_1)
    game = start(rules, options, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Bo"))
    for side in (0, 1):
        for order in [o for o in placed if o.side == side]:
            game = submit(game, order).game
        if any(c.side == side and c.pos is None for c in game.state.characters):
            game = submit(game, DeployAll(side)).game
        game = submit(game, Ready(side)).game
    assert game.state.stage == "orders"
    return game


def entries(app) -> list[tuple[str, str, object]]:
    assert isinstance(app.screen, KeyMenu)
    return list(app.screen.entries)


def labels(app) -> list[str]:
    return [label for _, label, _ in entries(app)]


def entry(app, start: str) -> tuple[str, str, object]:
    found = [e for e in entries(app) if e[1].startswith(start)]
    assert len(found) == 1, (start, labels(app))
    return found[0]


async def writer_for(pilot, game, side: int, unit: str) -> None:
    await open_game(pilot, game)
    pilot.app.push_screen(OrderWriter(game, side, unit))
    await pilot.pause()


# -- 1. compact labels ------------------------------------------------------------------------------


def test_no_compact_label_reads_as_another_figures_id():
    """Ann's crossbowman is a2 and her archer a3; Bo's archer is b2 and his
    crossbowman b3.  Bo's archer drawn letter first, small, read "a2":
    Ann's crossbowman's id.  Drawn for either side, with and without
    colour, no figure's label reads (in any case) as another's id."""
    game = game_with("footman,crossbowman,archer", "footman,archer,crossbowman")
    kinds = {c.id: c.archetype for c in game.state.characters}
    assert kinds["a2"] == "crossbowman" and kinds["b2"] == "archer" and kinds["a3"] == "archer"
    ids = set(kinds)
    no_color = NoColor()
    for side in (0, 1):
        for compact in (True, False):
            board = board_for(game, compact) if side == 0 else _board_for_side(game, compact, side)
            figures = drawn_figures(board)
            assert set(figures) == ids
            for uid, segments in figures.items():
                for drawn in (segments, list(no_color.apply(segments, Color(0, 0, 0)))):
                    text = "".join(s.text for s in drawn).strip().lower()
                    others = [other for other in ids - {uid} if other in text]
                    assert not others, f"{uid} drawn {text!r} reads as {others}"
            texts = ["".join(s.text for s in segs) for segs in figures.values()]
            assert len(set(texts)) == len(texts)


def _board_for_side(game, compact: bool, side: int):
    from tui.board import BoardView
    from tui.picture import Picture

    adapter = adapter_for(game.ruleset)
    view = game.view(side)
    units = adapter.units(game, view)
    picture = Picture(battlefield=adapter.battlefield(game, view),
                      units={u.pos: u for u in units if u.pos is not None},
                      labels={u.id: adapter.unit_label(u) for u in units},
                      compact_labels={u.id: adapter.unit_label(u, compact=True) for u in units}, own_side=side)
    board = BoardView()
    board.zoom = compact
    board.show(adapter.picture(game, view, picture))
    return board


def test_the_compact_labels_keep_the_class_letter_and_the_number_and_the_key_says_how():
    game = game_with("footman,crossbowman,archer", "footman,archer,crossbowman")
    adapter = adapter_for(game.ruleset)
    units = {u.id: u for u in game.ruleset.units(game.state)}
    compact = {uid: adapter.unit_label(u, compact=True) for uid, u in units.items()}
    assert compact == {"a1": "F1", "a2": "X2", "a3": "A3", "b1": "1f", "b2": "2a", "b3": "3x"}
    assert adapter.unit_label(units["a2"]) == "Xa2" and adapter.unit_label(units["b2"]) == "Ab2"  # full: kept
    # The key gives the pattern, no example ids (tester 53: "X2 = a2" read as a claim about a2);
    # the panel's top line names this game's own labels (tests/tui/test_platemail_tester53.py).
    assert "X2" not in adapter.compact_key and "letter first" in adapter.compact_key
    assert adapter.compact_names(list(units.values())) == "Board: F1 = a1, 1f = b1"
    assert all(len(row) <= 28 for row in adapter.compact_key.splitlines())  # the narrow side panel


# -- 2. melee without a melee weapon; Stabilize targets ----------------------------------------


async def test_melee_actions_of_a_heavy_crossbowman_are_warned_in_the_engines_words():
    game = deployed_game()  # b2 is Bo's crossbowman, a Heavy Crossbow in hand, a Mace carried
    assert game.state.char("b2").wielding == "heavy-crossbow"
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 1, "b2")
        said = "warning: b2 has no melee weapon in hand (Heavy Crossbow)"
        for title in ("Charge (NR)", "Full Attack (NR)", "Counter (R)"):
            key, label, value = entry(app, title)
            assert label == f"{title} — {said}"
            assert value is not None  # still on offer: a Charge still moves
        assert entry(app, "Defend (R)")[1] == "Defend (R)"
        # The engine's own words when such a Charge is resolved.
        resolved = game
        for order in (Write(1, "b2", Act(1, Action.CHARGE, "closest"), Condition.HIT, Act(1, Action.DEFEND),
                            Act(1, Action.DEFEND)), Commit(0), Commit(1)):
            resolved = submit(resolved, order).game
        assert any("b2 has no melee weapon in hand (Heavy Crossbow)" in e.sentence for e in resolved.log)
        # After a swap to the Mace as the 1st Action, the THEN menu has no such warning.
        await pilot.press("t")
        swap = next(key for key, _, value in entries(app) if value == "swap:mace")
        await pilot.press(swap, "h")
        assert entry(app, "Charge (NR)")[1] == "Charge (NR)"


def _stabilize_game():
    """a1 at 2,1 with a2 Fatally Wounded beside it (3,1) and a3 Fatally
    Wounded far off (13,1); b-side as deploy-for-me puts it."""
    game = game_with("footman,archer,knight", "footman,crossbowman,spellcaster",
                     placed=(Deploy(0, "a1", (2, 1)), Deploy(0, "a2", (3, 1)), Deploy(0, "a3", (13, 1))))
    state = game.state
    chars = tuple(attrs.evolve(c, status=Status.DYING) if c.id in ("a2", "a3") else c for c in state.characters)
    return attrs.evolve(game, state=attrs.evolve(state, characters=chars))


async def test_stabilize_marks_the_targets_it_cannot_help_and_the_engine_agrees():
    game = _stabilize_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 0, "a1")
        await pilot.press("z")  # Stabilize: whom?
        assert entry(app, "myself")[1] == "myself — cannot be Stabilized: a1 is not Fatally Wounded"
        assert "cannot" not in entry(app, "a2 ")[1]  # Fatally Wounded, beside a1
        assert entry(app, "a3 ")[1].endswith("— cannot be Stabilized now: a3 is not beside a1")
    # The engine, by the same test: a Stabilize of a3 does nothing, for the
    # reason the writer gave; of a2 it rolls Medical.
    for target, nobody in (("a3", True), ("a2", False)):
        played = game
        for order in (Write(0, "a1", Act(0, Action.STABILIZE, target), Condition.HIT, Act(0, Action.DEFEND),
                            Act(0, Action.DEFEND)), Commit(0), Commit(1)):
            played = submit(played, order).game
        said = " ".join(e.sentence for e in played.log)
        assert ("a1 cannot Stabilize: a3 is not beside a1" in said) is nobody
        assert ("Medical roll to Stabilize a2" in said) is not nobody


async def test_stabilize_marks_an_ally_who_is_not_fatally_wounded():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), 0, "a1")
        await pilot.press("z")
        assert entry(app, "a2 ")[1].endswith("— cannot be Stabilized now: a2 is not Fatally Wounded")


# -- 3. sight in the target lists ----------------------------------------------------------------


async def test_a_target_out_of_sight_says_so_as_the_shot_then_finds():
    """On the yard a1 (2,1) cannot see b3 (13,10) past the barn; b2 (8,10)
    it sees."""
    game = deployed_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 0, "a1")
        await pilot.press("r")  # Ranged Attack (a1 throws its javelin)
        assert "not in sight: Concealed" in entry(app, "b3 ")[1]
        assert "not in sight" not in entry(app, "b2 ")[1]
    for order in (Write(0, "a1", Act(0, Action.RANGED, "b3"), Condition.HIT, Act(0, Action.DEFEND),
                        Act(0, Action.DEFEND)), Commit(0), Commit(1)):
        game = submit(game, order).game
    assert any(e.sentence.startswith("a1 cannot see b3: Concealed") for e in game.log)


# -- 4. reload: NR for a heavy crossbow only -------------------------------------------------------


async def test_use_item_says_nr_only_for_a_heavy_crossbows_reload():
    """Seed, Use Item: reloading a light crossbow is Quick (Ready), a heavy
    crossbow Complex (Not Ready)."""
    game = game_with("crossbowman:light-crossbow,crossbowman,footman", "footman")
    assert [game.state.char(u).wielding for u in ("a1", "a2")] == ["light-crossbow", "heavy-crossbow"]
    # Both have shot: a loaded crossbow's reload is refused as a 1st Action (check_act), said in the menu.
    state = game.state
    game = attrs.evolve(game, state=attrs.evolve(state, characters=tuple(
        attrs.evolve(c, loaded=False) if c.id in ("a1", "a2") else c for c in state.characters)))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        for unit, action, reload in (("a1", "Use Item (R)", "reload the Light Crossbow (R)"),
                                     ("a2", "Use Item (R; reloading the Heavy Crossbow NR)",
                                      "reload the Heavy Crossbow (NR: a Complex Use Item)"),
                                     # (refused as a 1st Action: tests/tui/test_platemail_pm57.py)
                                     ("a3", "Use Item (R)", "reload — a3's Sword needs no reloading: nothing to reload.")):
            await writer_for(pilot, game, 0, unit)
            assert entry(app, "Use Item")[1] == action
            assert not [label for label in labels(app) if "crossbow NR" in label]
            await pilot.press("t")
            assert entry(app, "reload")[1] == reload
            await pilot.press("escape", "escape")
            await pilot.pause()


# -- 5. the side panel's words for an order -----------------------------------------------------------


def test_the_side_panel_says_swap_to_a_weapon_and_where_a_fall_back_goes():
    me = deployed_game().state.char("b2")
    assert short_act(Act(1, Action.USE_ITEM, item="swap:mace"), me) == "Use Item swap to Mace R"
    assert short_act(Act(1, Action.FALL_BACK), me) == "Fall Back away R"
    assert short_act(Act(1, Action.FALL_BACK, to=(3, 4)), me) == "Fall Back →3,4 R"
    assert short_act(Act(1, Action.USE_ITEM, item="reload"), me) == "Use Item reload NR"  # Heavy Crossbow


def test_the_side_panel_names_a_spell_as_everywhere_else():
    """It wrote "Prepare Spell firebolt", the order text's key."""
    assert short_act(Act(1, Action.PREPARE, spell="firebolt")).startswith("Prepare Spell Firebolt")


# -- 6. the computer's secret orders in the log -------------------------------------------------------


async def test_the_log_shows_one_line_for_the_computers_secret_orders_whatever_their_number():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(deployed_game(), seats=("human", "normal"))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert await wait_for(pilot, lambda: screen.game.state.committed[1])
        await pilot.pause(0.2)
        writes = [o for o in screen.match.game.orders if o.side == 1 and isinstance(o, Write)]
        assert len(writes) >= 2  # (before: a line for each of them and one for the commit)
        pane = [str(line.text) for line in screen.query_one("#log").lines]
        said = [line for line in pane if line.startswith("» ")]
        assert len(said) == 1, said
        assert any("Bo commits their orders" in line for line in pane)
        assert not any("writes orders" in line for line in pane)


# -- 7. q in the writer ----------------------------------------------------------------------------


async def test_q_in_the_writer_asks_to_leave_and_staying_returns_to_the_writer():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")  # Ann takes the keyboard
        await open_orders(pilot, 0)
        await pilot.press("enter", "m")  # a1's writer: Move, where to?
        menu = app.screen
        assert isinstance(menu, KeyMenu) and "q leave game" in menu.hint
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "Leave this game?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is menu
        assert screen.modal_open  # the game screen still knows a window is open
        await pilot.press("l")  # the cell picker: q there too
        assert isinstance(app.screen, CellPicker)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
    from saves.store import list_saves, load_pending

    saves = list_saves()
    assert len(saves) == 1
    drafts = load_pending(saves[0].path).get("drafts")
    assert drafts and drafts[0]["kind"] == "platemail-orders" and drafts[0]["writer"]["unit"] == "a1"


# -- 8. one number key per character ----------------------------------------------------------------


async def test_a_characters_number_key_is_the_same_in_every_target_list_of_the_writer():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), 0, "a1")
        seen: dict[str, set[str]] = {}
        for action in ("m", "i", "g", "z", "c"):  # Move (allies and enemies), Aim, Guard, Stabilize, Charge
            await pilot.press(action)
            for key, _label, value in entries(app):
                if isinstance(value, str) and value[:1] in "ab" and value[1:].isdigit():
                    seen.setdefault(value, set()).add(key)
            await pilot.press("escape")
            await pilot.pause()
        assert {uid: keys for uid, keys in seen.items() if len(keys) != 1} == {}
        keys = {uid: next(iter(k)) for uid, k in seen.items()}
        assert len(set(keys.values())) == len(keys)  # and no two characters share one
        assert set(keys) == {"a2", "a3", "b1", "b2", "b3"}
        # Pressing b2's key in the Aim list aims at b2, as in the Move list.
        await pilot.press("i", keys["b2"])
        await pilot.pause()
        writer = next(s for s in app.screen_stack if isinstance(s, OrderWriter))
        assert writer.acts["first"] == Act(0, Action.AIM, "b2")


# -- 9. the Skulk picker's h ---------------------------------------------------------------------------


async def test_the_skulk_picker_shows_where_a_skulk_stays_hidden():
    game = deployed_game()
    hidden = {cell for cell in skulk_cover(game.view(0), "a1") if cell != (2, 1)}
    assert hidden  # the hedge at 3,2 and 4,2
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, 0, "a1")
        await pilot.press("k", "l")  # Skulk, to a location picked on the board
        picker = app.screen
        assert isinstance(picker, CellPicker)
        assert "h: stays Hidden" in picker.title_text
        assert set(picker.picture.shades) == hidden and set(picker.picture.shades.values()) == {"h"}
        await pilot.press("escape", "escape", "m", "l")  # back to the Action menu; a Move's picker: no h
        assert isinstance(app.screen, CellPicker) and not app.screen.picture.shades
