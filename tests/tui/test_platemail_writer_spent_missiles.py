"""What a tester found in Platemail's order writer (stop 56): after a 1st
Action's throw the THEN and ELSE menus still offered the missile thrown,
as if it were still carried; and a Rapid Fire by a character with a
crossbow in hand could not be written even naming a missile to throw
(seed: Rapid Fire, Thrown Weapons; docs/rulings.md, Platemail, "Which
missile a shot throws", "The order writer")."""

from __future__ import annotations

from tests.tui.test_platemail import SIZE, open_game
from tests.tui.test_platemail_tester51 import game_with
from tests.tui.test_platemail_tester53 import changed
from tui.app import SkirmishApp
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_writer import OrderWriter


def rogue_game(**a4):
    """Ann's rogue a4 (a Dagger in hand) among her footman a1, archer a2
    and knight a3, against Bo's footman, crossbowman and spellcaster."""
    game = game_with("footman,archer,knight,rogue", "footman,crossbowman,spellcaster")
    return changed(game, a4=a4) if a4 else game


def entries(app) -> list[tuple[str, str, object]]:
    assert isinstance(app.screen, KeyMenu), app.screen
    return list(app.screen.entries)


def labels(app) -> list[str]:
    return [label for _, label, _ in entries(app)]


async def writer(pilot, game, unit: str) -> OrderWriter:
    screen = OrderWriter(game, 0, unit)
    pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def test_a_then_shot_after_throwing_the_net_is_not_offered_the_net_again():
    """a4 carries one Dart and one Bolo/Net.  The 1st Action throws the
    net; the THEN shot has only the Dart left, so it is asked no "throwing
    which?" and its target list throws a Dart."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game(carried=("dart", "net", "blowgun"))
        await open_game(pilot, game)
        await writer(pilot, game, "a4")
        await pilot.press("r")  # Ranged Attack: throwing which?
        assert labels(app) == ["throw a Dart (30 ft, pen 0; 1 carried)", "throw a Bolo/Net (15 ft, pen 0; 1 carried)"]
        await pilot.press("2", "c", "h", "r")  # the net, at the closest; IF hit; THEN Ranged Attack
        await pilot.pause()
        assert "throwing which?" not in app.screen.menu_title
        assert "Ranged Attack — throwing a Dart, at whom?" in app.screen.menu_title
        assert not any("Bolo/Net" in label for label in labels(app))


async def test_a_then_shot_after_throwing_the_only_javelin_is_warned_there_is_nothing_to_throw():
    """The footman a1 (a Sword in hand) carries one Javelin; a 1st Action
    Ranged Attack throws it, so a THEN Ranged Attack has nothing to throw:
    the core's own refusal of such a 1st Action, as a warning."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game()
        assert game.state.char("a1").carried == ("javelin",)
        await open_game(pilot, game)
        await writer(pilot, game, "a1")
        assert "Ranged Attack (R)" in labels(app)  # the 1st Action: the Javelin is there to throw
        await pilot.press("r", "c", "h")  # Ranged Attack the closest; IF hit
        await pilot.pause()
        assert "Ranged Attack (R) — warning: a1 has nothing to shoot or throw." in labels(app)
        await pilot.press("r")
        assert "Ranged Attack — nothing to shoot or throw, at whom?" in app.screen.menu_title


async def test_rapid_fire_with_a_crossbow_in_hand_asks_which_missile_and_names_it():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game(wielding="light-crossbow", carried=("dart", "dart", "net"), loaded=True)
        await open_game(pilot, game)
        screen = await writer(pilot, game, "a4")
        rapid = next(entry for entry in entries(app) if entry[0] == "f")
        assert rapid[1] == "Rapid Fire (NR)" and rapid[2] is not None  # on offer, no refusal
        await pilot.press("f")
        # every choice names its missile: naming none would shoot the crossbow
        assert [(label, value) for _, label, value in entries(app)] == [
            ("throw a Dart (30 ft, pen 0; 2 carried)", "dart"), ("throw a Bolo/Net (15 ft, pen 0; 1 carried)", "net")]
        await pilot.press("1")
        await pilot.pause()
        assert "Rapid Fire — throwing a Dart, at whom?" in app.screen.menu_title
        await pilot.press("c", "h", "d", "d")  # the closest; IF hit THEN Defend ELSE Defend
        await pilot.pause()
        first = screen.acts["first"]
        assert first is not None and first.item == "dart"
        assert "1st: Rapid Fire the closest hostile, throwing a Dart (NR)" in screen.draft_text()


async def test_rapid_fire_with_a_crossbow_and_one_kind_of_missile_names_it_without_asking():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game(wielding="heavy-crossbow", carried=("dart", "dart"), loaded=True)
        await open_game(pilot, game)
        screen = await writer(pilot, game, "a4")
        await pilot.press("f")
        await pilot.pause()
        assert "Rapid Fire — throwing a Dart, at whom?" in app.screen.menu_title
        await pilot.press("c", "h", "d", "d")
        await pilot.pause()
        first = screen.acts["first"]
        assert first is not None and first.item == "dart"
