"""Testers' findings on the new-game form at 80x24.

- Optio's "Map generator seed" showed with a shipped map, where it does
  nothing: it is shown only for the generated map.
- A burst of ←/→ on the ruleset left another ruleset's options under it
  (Plasto Latros above Spheres of War's) until the next key.
- A pasted name longer than the field's 24 characters was cut without a
  word: the help line now says it was."""

from __future__ import annotations

from textual.widgets import Input

from tests.tui.test_form_tab_burst import burst
from tests.tui.test_newgame import SIZE, open_form
from tests.tui.test_optio import new_game_form
from tui.app import SkirmishApp
from tui.newgame import NewGameScreen
from tui.widgets import Cycler


def seed_row(form):
    return next(field for field in form.query(Input) if (field.id or "").endswith("-map_seed"))


async def test_the_map_seed_shows_only_for_the_generated_map():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await new_game_form(pilot, "optio")
        await pilot.pause()
        maps = form.query_one(f"#opt-{form.generation}-map_name", Cycler)
        assert maps.value == "generated" and seed_row(form).parent.display
        maps.focus()
        await pilot.press("right")
        await pilot.pause()
        assert maps.value != "generated"
        assert not seed_row(form).parent.display, "the seed shows with a shipped map"
        seed_row(form).value = ""  # left blank while unused: it stops nothing
        await pilot.pause()
        assert "whole number" not in str(form.query_one("#problem").render())
        await pilot.press("left")
        await pilot.pause()
        assert maps.value == "generated" and seed_row(form).parent.display


async def test_each_ruleset_shown_has_its_options_built_before_the_next_key(monkeypatch):
    """The ruleset's choice changed at each ← of a burst, and the options
    followed through a message handled later: the form showed Plasto
    Latros above Spheres of War's options until the rebuilds caught up.
    Now each ruleset shown has its own options before anything else."""
    seen: list[tuple[str, str]] = []
    shown, built = Cycler._show, NewGameScreen._build_options

    def show(self) -> None:
        shown(self)
        if self.id == "ruleset" and self.is_attached:
            seen.append(("shown", self.value))

    def build(self) -> None:
        built(self)
        seen.append(("built", self.ruleset().name))

    monkeypatch.setattr(Cycler, "_show", show)
    monkeypatch.setattr(NewGameScreen, "_build_options", build)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        form.query_one("#ruleset", Cycler).focus()
        await pilot.pause()
        seen.clear()
        await burst(pilot, "left", "left", "left", "left")
        for _ in range(4):
            await pilot.pause()
        changes = [value for what, value in seen if what == "shown"]
        assert len(changes) == 4
        for index, (what, value) in enumerate(seen):
            if what == "shown":  # the very next thing: its own options
                assert seen[index + 1:index + 2] == [("built", value)], seen
        labels = [str(label.render()) for label in form.query("#options Label")]
        assert form.ruleset().name == changes[-1] and "Instigator" not in labels


async def test_a_name_cut_to_24_characters_says_so():
    from textual import events

    from tests.tui.test_form_tab_burst import emptied

    long_name = "Maximilian Alexander von Habsburg"  # 33 characters
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        first = await emptied(pilot, form, "p0")
        first.post_message(events.Paste(long_name))  # a terminal's bracketed paste
        await pilot.pause()
        await pilot.pause()
        assert first.value == long_name[:24]
        help_line = str(form.query_one("#field-help").render())
        assert "at most 24 characters" in help_line and "left out" in help_line
        second = await emptied(pilot, form, "p1")
        await burst(pilot, *"Bartholomew Fitzwilliams-Ramsay")  # typed on (or pasted as keys): 31
        assert second.value == "Bartholomew Fitzwilliams"
        assert "left out" in str(form.query_one("#field-help").render())
