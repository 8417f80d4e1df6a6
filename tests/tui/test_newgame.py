"""The new-game form builds each side's force from lists, by keys, at 80x24:
Platemail archetypes with their weapon, armour and shield, Waylights'
kinds, Plasto Latros' shooters; each choice shows its numbers; a force the
ruleset refuses says why and Start refuses it; the battlefield list keeps
its battlefields meanwhile; F1 opens the rules of the ruleset being
configured."""

from __future__ import annotations

from textual.widgets import Static

from core.registry import rulesets
from saves.library import battlefield_named, battlefield_title
from tests.tui.fit import cut_texts
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.help import HelpScreen
from tui.newgame import NewGameScreen
from tui.warband_picker import PickMenu, WarbandField, WarbandScreen
from tui.widgets import Cycler

SIZE = (80, 24)


async def open_form(pilot, ruleset: str) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    cycler = form.query_one("#ruleset", Cycler)
    for _ in range(len(cycler.values)):
        if cycler.value == ruleset:
            break
        await pilot.press("right")
    assert cycler.value == ruleset
    await pilot.pause()
    return form


async def open_warband(pilot, side: int) -> WarbandScreen:
    """From the ruleset field: Tab past the names and the seats to a side's force, Enter."""
    await pilot.press(*["tab"] * (5 + side), "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, WarbandScreen) and screen.side == side
    return screen


def text(widget) -> str:
    return str(widget.render())


def started(app) -> GameScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)


async def test_a_platemail_force_built_by_keys_is_the_game_s_force():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        assert text(form.query_one(f"#wb-{form.generation}-0", WarbandField)).startswith("Footman, Archer, Knight (3)")
        screen = await open_warband(pilot, 0)
        await pilot.press("d", "d", "d")  # the three figures it came with
        assert screen.figures == []
        await pilot.press("a")
        picker = app.screen
        assert isinstance(picker, PickMenu)
        # Each archetype with its numbers: the Knight's Half Plate is Deflection +2, Absorb 3.
        assert any(label.startswith("Knight: Great Sword, Half Plate") and "Defense 12 (12 NR) · Absorb 3" in label
                   for label, _ in picker.choices)
        await pilot.press("4")  # Knight
        await pilot.press("w")  # the weapon in hand: the seed's melee and ranged weapons
        assert [label.split(":")[0] for label, _ in app.screen.choices][6] == "Great Axe"
        await pilot.press("7")  # Great Axe
        await pilot.press("r", "6")  # Full Plate
        stats = text(screen.query_one("#wb-stats", Static))
        # Full Plate +3 Deflection, Absorb 3; the Great Axe Penetration 1.
        assert stats.startswith("Defense 13 (13 NR) · Absorb 3") and "Great Axe: melee, Pen 1" in stats
        await pilot.press("a", "5")  # Rogue
        await pilot.press("s", "2")  # a Buckler
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form
        assert text(form.query_one(f"#wb-{form.generation}-0", WarbandField)).startswith("Knight, Rogue (2)")
        assert text(form.query_one("#problem", Static)) == ""
        await pilot.press("ctrl+g")
        await pilot.pause()
        game = started(app).game
        mine = [c for c in game.state.characters if c.side == 0]
        assert [(c.archetype, c.wielding, c.armour, c.shield) for c in mine] == [
            ("knight", "great-axe", "full-plate", None), ("rogue", "dagger", "leather", "buckler")]
        assert game.options.roster_0 == "knight:great-axe:full-plate,rogue:::buckler"
        app.close_session()


async def test_a_force_the_ruleset_refuses_says_why_and_start_refuses_it_while_the_battlefields_stay():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        bf = form.query_one("#battlefield", Cycler)
        listed = list(bf.labels)
        assert bf.labels[bf.index] == "Walled farmyard (Platemail) (16x12)"  # its own, by its title
        assert len(listed) > 2
        screen = await open_warband(pilot, 1)
        await pilot.press("d", "d", "d")
        # Said at once, in the ruleset's words, before anyone presses Start.
        assert "between 1 and 8" in text(screen.query_one("#wb-why", Static))
        await pilot.press("escape")
        await pilot.pause()
        assert "between 1 and 8" in text(form.query_one("#problem", Static))
        assert bf.labels == listed  # the list never collapses while the force is wrong
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is form and started(app) is None
        assert "between 1 and 8" in text(form.query_one("#problem", Static))
        # Nine is as wrong as none.
        await pilot.press("shift+tab", "enter")  # from Player 2's force (where Esc left the focus) to Player 1's
        screen = app.screen
        assert isinstance(screen, WarbandScreen) and screen.side == 0
        for _ in range(6):
            await pilot.press("a", "enter")
        assert len(screen.figures) == 9 and "between 1 and 8" in text(screen.query_one("#wb-why", Static))


async def test_waylights_kinds_and_plasto_latros_shooters_by_keys():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "waylights")
        screen = await open_warband(pilot, 1)
        assert [screen.model.summary(f) for f in screen.figures] == ["Mook", "Mook", "Mook slinger", "Mook with pistol"]
        await pilot.press("a")
        labels = [label for label, _ in app.screen.choices]
        # The Elite: elite type (5 Wounds), Threshold 3 + heavy armour 2.
        assert "Elite: Wounds 5, Threshold 5, Timing 3, Move 6 · sword +2, stun-rod +1, shield +1" in " ".join(labels)
        await pilot.press("7")  # Elite
        await pilot.press("up", "up", "up", "up", "d")  # the first Mook goes
        await pilot.press("escape")
        await pilot.pause()
        assert form.options().roster_1 == "mook,slinger,thug,elite"
        await pilot.press("escape")
        await pilot.pause()
        form = await open_form(pilot, "plasto_latros")
        screen = await open_warband(pilot, 0)
        assert screen.figures == ["shooter", "shooter", "warrior", "warrior", "warrior", "warrior"]
        await pilot.press("down", "down", "enter", "1")  # the third mini shoots too
        await pilot.press("a", "2")  # one more warrior: both sides field seven
        await pilot.press("escape")
        await pilot.pause()
        options = form.options()
        assert (options.minis, options.shooters_0, options.shooters_1) == (7, 3, 2)
        assert text(form.query_one(f"#wb-{form.generation}-1", WarbandField)).startswith("2 Shooter, 5 Warrior (7)")


async def test_f1_opens_the_rules_of_the_ruleset_being_configured():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "waylights")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.ruleset_name == "waylights"
        await pilot.press("escape")
        assert app.screen is form


async def test_the_form_and_its_lists_fit_80x24_with_plain_labels():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        for rules in rulesets():
            form = await open_form(pilot, rules.name)
            await pilot.pause()
            assert cut_texts(form) == [], rules.name
            bf = form.query_one("#battlefield", Cycler)
            if rules.name != "optio":  # each ruleset starts on its own battlefield, listed by its title
                own = battlefield_named(rules.default_battlefield)
                assert bf.value == own and bf.labels[bf.index].startswith(battlefield_title(own))
                assert not any(label.startswith(("pm-", "pl-", "wl-", "open-")) for label in bf.labels)
            words = " ".join(text(label) for label in form.query("Label"))
            assert "Side 0" not in words and "Side 1" not in words and "_" not in words
            if form.query(WarbandField):
                screen = await open_warband(pilot, 0)
                assert cut_texts(screen) == [], rules.name
                await pilot.press("a")
                await pilot.pause()
                assert cut_texts(app.screen) == [], rules.name
                await pilot.press("escape", "enter")  # a figure's choices
                await pilot.pause()
                assert cut_texts(app.screen) == [], rules.name
                await pilot.press("escape", "escape")
            await pilot.press("escape")
            await pilot.pause()


async def test_an_emptied_waylights_list_is_no_one_not_the_preset_team_and_says_whose():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "waylights")
        screen = await open_warband(pilot, 1)
        await pilot.press("d", "d", "d", "d")
        assert screen.figures == []
        await pilot.press("escape")
        await pilot.pause()
        assert text(form.query_one("#problem", Static)) == "Player 2's roster: a roster needs at least one character"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert started(app) is None
        await pilot.press("enter", "t", "3", "escape")  # start again from a team: the elites
        await pilot.pause()
        assert form.options().roster_1 == "elite,marksman" and text(form.query_one("#problem", Static)) == ""


async def test_tab_shows_what_each_field_is_for_above_the_form():
    """The options' help was only a mouse tooltip: at the keyboard, a
    newcomer could not learn what "Safety limit" or "Scouting turns each"
    meant.  Tab through every ruleset's form: each field's help is shown
    above it, an option's help being the ruleset's own words for it."""
    from core.options import describe_options, option_label, side_words
    from tui.warband_models import model_for

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        for rules in rulesets():
            form = await open_form(pilot, rules.name)
            model = model_for(rules)
            listed = model.replaces if model is not None else ()  # options a force list stands for
            wanted = {option_label(info): info.help for info in describe_options(rules.options_type)
                      if info.name not in listed}
            seen = {}
            help_line = form.query_one("#field-help", Static)
            for _ in range(40):
                await pilot.press("tab")
                await pilot.pause()
                focused = app.focused
                shown = text(help_line)
                assert shown.strip(), f"{rules.name}: no help for {focused!r}"
                row = focused.parent
                label = next(iter(row.query("Label")), None) if row is not None else None
                if label is not None:
                    seen[text(label)] = shown
                if focused.id == "start":
                    break
            for label, words in wanted.items():
                assert seen.get(label) == side_words(words), (rules.name, label)
            assert "computer" in seen["Player 1 is"]
            # The name fields take only so many characters: their help says how many
            # (a tester's longer name was cut with nothing said).
            for i in (0, 1):
                limit = form.query_one(f"#p{i}").max_length
                assert f"up to {limit} characters" in seen[f"Player {i + 1}'s name"]
            assert cut_texts(form) == [], rules.name
            await pilot.press("escape")
            await pilot.pause()


async def test_the_optio_pre_game_is_offered_only_for_options_its_ground_can_take(data_dir):
    """No ground an Optio template cuts holds artifacts: with Plasto
    Latros' artifacts goal the form does not offer the pre-game (it offered
    it, and Start then said only "open ground 0,0 has no artifacts")."""
    from tui.rulesets.optio_handoff import PlayOptioFirst

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "plasto_latros")
        bf = form.query_one("#battlefield", Cycler)
        assert any(isinstance(v, PlayOptioFirst) for v in bf.values)  # the battle goal: offered
        goal = next(c for c in form.query(Cycler) if c.id and c.id.endswith("-goal"))
        goal.focus()
        await pilot.press("right")
        await pilot.pause()
        assert goal.value == "artifacts"
        assert bf.values and not any(isinstance(v, PlayOptioFirst) for v in bf.values)
        await pilot.press("left")
        await pilot.pause()
        assert any(isinstance(v, PlayOptioFirst) for v in bf.values)
