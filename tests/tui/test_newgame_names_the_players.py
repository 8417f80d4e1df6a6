"""The new-game form's choices that name a player say the names typed
above them, in one case.  A tester typed Ann and Bob and still read
"Players' side ◀ Player 1 ▶" and "Surprise ◀ player 2 ▶"."""

from __future__ import annotations

from tests.tui.test_newgame import SIZE, open_form
from tui.app import SkirmishApp
from tui.newgame import player_words
from tui.widgets import Cycler


def option_field(form, name: str) -> Cycler:
    return form.query_one(f"#opt-{form.generation}-{name}", Cycler)


async def type_name(pilot, form, field: str, name: str) -> None:
    box = form.query_one(f"#{field}")
    box.focus()
    await pilot.pause()
    box.value = ""
    await pilot.press(*name)
    await pilot.pause()


async def test_waylights_side_and_surprise_name_the_players_as_typed(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "waylights")
        await type_name(pilot, form, "p0", "Ann")
        await type_name(pilot, form, "p1", "Bob")
        side, surprise = option_field(form, "players_side"), option_field(form, "surprise")
        assert side.labels == ["Ann", "Bob"]
        assert surprise.labels == ["none", "Ann", "Bob", "both"]
        assert "◀ Ann ▶" in str(side.render())
        surprise.focus()
        await pilot.press("right", "right")
        await pilot.pause()
        assert surprise.value == "side 1" and "◀ Bob ▶" in str(surprise.render())
        # The values the game is started with stay the sides'.
        assert form.options().surprise == "side 1" and form.options().players_side == 0
        await type_name(pilot, form, "p1", "Cleo")  # renamed: the choice follows
        assert "◀ Cleo ▶" in str(surprise.render())


async def test_another_ruleset_built_after_the_names_names_them_too(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "waylights")
        await type_name(pilot, form, "p0", "Ann")
        await type_name(pilot, form, "p1", "Bob")
        ruleset = form.query_one("#ruleset", Cycler)
        ruleset.focus()
        for _ in range(len(ruleset.values)):
            if ruleset.value == "plasto_latros":
                break
            await pilot.press("right")
        await pilot.pause()
        assert option_field(form, "raider").labels == ["Ann", "Bob"]  # the raiding player
        labels = [c.labels for c in form.query(Cycler) if (c.id or "").startswith(f"opt-{form.generation}-")]
        assert not any("layer" in label for choice in labels for label in choice)


def test_a_blank_or_shared_name_keeps_the_player_s_number():
    assert player_words("player 2", ("Ann", "Bob")) == "Bob"
    assert player_words("Player 1", ("", "Bob")) == "Player 1"  # not yet named
    assert player_words("player 2", ("Ann", "  ")) == "Player 2"  # one case, always
    assert player_words("Player 2", ("Sam", "sam")) == "Player 2"  # which Sam?
