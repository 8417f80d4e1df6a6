"""What a tester found in Platemail's order writer and card (stop 55): a
THEN shot's Range bands ignored the 1st Action's swap; a shot never said
which missile it throws; a thrown weapon offered to draw, and the last
entry of a long list out of sight; a dead character's card spoke of
standing up (docs/rulings.md, Platemail, "The order writer", "Which
missile a shot throws", "What the log and the card say")."""

from __future__ import annotations

from core.rulesets.platemail.combat import range_penalty
from core.rulesets.platemail.equipment import WEAPONS
from core.rulesets.platemail.state import Status
from tests.tui.drawn import screen_rows
from tests.tui.test_platemail import SIZE, open_game
from tests.tui.test_platemail_tester51 import game_with
from tests.tui.test_platemail_tester53 import changed
from tui.app import SkirmishApp
from tui.rulesets.platemail_figures import character_lines
from tui.rulesets.platemail_menus import MORE, KeyMenu
from tui.rulesets.platemail_writer import OrderWriter

HERE, THERE = (8, 3), (0, 10)  # the tester's rogue a4 and crossbowman b2: 8 cells, 40 ft


def rogue_game(**a4):
    """Ann's rogue a4 at 8,3 (its Darts spent unless told), Bo's
    crossbowman b2 at 0,10."""
    game = game_with("footman,archer,knight,rogue", "footman,crossbowman,spellcaster")
    return changed(game, a4={"pos": HERE, "carried": ("net", "blowgun"), **a4}, b2={"pos": THERE})


def entries(app) -> list[tuple[str, str, object]]:
    assert isinstance(app.screen, KeyMenu), app.screen
    return list(app.screen.entries)


def b2_label(app) -> str:
    return next(label for _, label, value in entries(app) if value == "b2")


def band(weapon: str) -> str:
    """The band the Range rules give a shot with ``weapon`` from HERE at THERE."""
    return f"Range {range_penalty(WEAPONS[weapon].range_ft, HERE, THERE)}"


async def test_a_then_shot_after_a_swap_to_the_blowgun_shows_the_blowguns_band():
    """Ranged Weapons: 40 ft is the 2nd increment of the Blowgun's 30 ft
    (-2), the 3rd of the Bolo/Net's 15 ft (-4)."""
    assert (band("blowgun"), band("net")) == ("Range -2", "Range -4")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game()
        await open_game(pilot, game)
        pilot.app.push_screen(OrderWriter(game, 0, "a4"))
        await pilot.pause()
        await pilot.press("t")  # Use Item
        swap = next(key for key, _, value in entries(app) if value == "swap:blowgun")
        await pilot.press(swap, "h", "r")  # swap to the Blowgun; IF hit; THEN Ranged Attack
        await pilot.pause()
        assert "(8 cells = 40 ft, Range -2)" in b2_label(app)
        assert "shooting the Blowgun" in app.screen.menu_title
        # The 1st Action's own list, judged from a4 now: the Bolo/Net's band.
        await pilot.press("escape", "escape", "escape")
        await pilot.pause()
        await pilot.press("r")
        assert "(8 cells = 40 ft, Range -4)" in b2_label(app)
        assert "throwing a Bolo/Net" in app.screen.menu_title


async def test_a_then_shot_after_a_swap_to_the_dagger_shows_the_thrown_missiles_band():
    """The reverse: the Blowgun in hand, swapped for the Dagger; the THEN
    shot throws the Bolo/Net (the Dagger in hand is never thrown)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game(wielding="blowgun", carried=("net", "dagger"))
        await open_game(pilot, game)
        pilot.app.push_screen(OrderWriter(game, 0, "a4"))
        await pilot.pause()
        await pilot.press("t")
        swap = next(key for key, _, value in entries(app) if value == "swap:dagger")
        await pilot.press(swap, "h", "r")
        await pilot.pause()
        assert "(8 cells = 40 ft, Range -4)" in b2_label(app)
        assert "throwing a Bolo/Net" in app.screen.menu_title


async def test_the_player_picks_the_missile_and_the_order_names_it():
    """Darts and a Bolo/Net, a Dagger in hand: "throwing which?", the
    engine's pick (a Dart) first; the net picked is in the order, and the
    target list's bands are the net's."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game(carried=("dart", "dart", "net", "blowgun"))
        await open_game(pilot, game)
        writer = OrderWriter(game, 0, "a4")
        pilot.app.push_screen(writer)
        await pilot.pause()
        await pilot.press("r")
        assert [label for _, label, _ in entries(app)] == [
            "throw a Dart (30 ft, pen 0; 2 carried)", "throw a Bolo/Net (15 ft, pen 0; 1 carried)"]
        await pilot.press("2")
        await pilot.pause()
        assert "(8 cells = 40 ft, Range -4)" in b2_label(app)
        await pilot.press("c", "h", "d", "d")  # the closest hostile; IF hit THEN Defend ELSE Defend
        await pilot.pause()
        first = writer.acts["first"]
        assert first is not None and first.item == "net"
        assert "1st: Ranged Attack the closest hostile, throwing a Bolo/Net (R)" in writer.draft_text()


async def test_use_item_offers_no_thrown_weapon_and_shows_the_blowgun_at_80x24():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game(carried=("dart", "dart", "net", "blowgun"))
        await open_game(pilot, game)
        pilot.app.push_screen(OrderWriter(game, 0, "a4"))
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        items = [value for _, _, value in entries(app)]
        labels = " ".join(label for _, label, _ in entries(app))
        assert "swap:blowgun" in items
        assert not {"swap:net", "swap:dart"} & set(items) and "Bolo/Net" not in labels and "Dart" not in labels
        assert any("swap to the Blowgun" in row for row in screen_rows(app))


async def test_a_list_taller_than_its_window_says_more_below():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, rogue_game())
        many = [(str(i % 10), f"entry number {i}", i) for i in range(20)]
        app.push_screen(KeyMenu("a long list", many))
        await pilot.pause()
        await pilot.pause()
        assert any(MORE.strip() in row for row in screen_rows(app))
        await pilot.press("end")
        await pilot.pause()
        await pilot.pause()
        assert not any(MORE.strip() in row for row in screen_rows(app))
        app.pop_screen()
        app.push_screen(KeyMenu("a short list", many[:3]))
        await pilot.pause()
        await pilot.pause()
        assert not any(MORE.strip() in row for row in screen_rows(app))


def test_the_card_of_a_character_down_never_says_it_stands_up():
    """Wounds: a Fatally Wounded character lies Unconscious; Attack Rolls
    (docs/rulings.md): characters already down are not attacked."""
    game = changed(rogue_game(), b3={"status": Status.DEAD, "prone": True, "dazed": 2},
                   b1={"status": Status.DYING, "prone": True})
    view = game.view(0)
    units = {u.id: u for u in game.ruleset.units(view)}
    dead = " ".join(character_lines(view.char("b3"), units["b3"], view))
    dying = " ".join(character_lines(view.char("b1"), units["b1"], view))
    for text in (dead, dying):
        assert "stands up at its next Action" not in text and "melee at it has Favor" not in text
        assert "Dazed" not in text
    assert "Now:" not in dead
    assert "it is not attacked and does not stand up" in dying
    fighting = changed(rogue_game(), b1={"prone": True})
    text = " ".join(character_lines(fighting.state.char("b1"), units["b1"], fighting.state))
    assert "prone (melee at it has Favor; it stands up at its next Action)" in text
