"""Testers' findings on the forms at 80x24.

- ``skirmish host --computer normal``: the host's form said "Player 1 is
  you, at this terminal" while the computer then played Player 1.  It now
  shows the flag's level there, fixed.
- The warband list's "Change figure" dialog showed each choice's letter
  (Archetype (k), Weapon in hand (w)...) but only its digit or Enter
  worked; the letters now pick the choice, as one level up.
- The join form and the help's search line took a burst's Tab and editing
  keys after the characters typed behind them (tui/form_keys.py)."""

from __future__ import annotations

from textual.widgets import Input

from tests.tui.test_form_tab_burst import burst
from tests.tui.test_newgame import SIZE, open_form, open_warband
from tui.app import SkirmishApp
from tui.help import HelpScreen
from tui.newgame import NewGameScreen
from tui.remote.play import JoinScreen
from tui.warband_picker import PickMenu
from tui.widgets import Cycler


async def test_the_host_form_says_the_computer_level_the_flag_gave_plays_the_host_s_side():
    app = SkirmishApp(host_new=True, host_computer="normal")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.hosted
        seat = form.query_one("#seat0", Cycler)
        shown = str(seat.render())
        assert "you, at this terminal" not in shown
        assert "the computer (normal)" in shown
        assert seat.value == "normal"
        seat.focus()
        await pilot.press("right")  # the flag decides it: the form does not offer another
        assert seat.value == "normal"
        assert "--computer normal" in str(form.query_one("#field-help").render())


async def test_the_host_form_without_the_flag_still_offers_this_terminal_or_the_computer():
    app = SkirmishApp(host_new=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seat = app.screen.query_one("#seat0", Cycler)
        assert seat.values[0] == "human" and len(seat.values) == 4 and not seat.fixed


async def test_the_letters_shown_in_change_figure_open_their_choice():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_form(pilot, "platemail")
        await open_warband(pilot, 1)
        await pilot.press("a", "5")  # a Rogue, under the cursor
        for letter, title in (("w", "Weapon in hand"), ("k", "Archetype"), ("r", "Armour"), ("s", "Shield")):
            await pilot.press("enter")
            change = app.screen
            assert isinstance(change, PickMenu) and change.menu_title.startswith("Change")
            assert any(f"({letter})" in label for label, _ in change.choices)
            await pilot.press(letter)
            await pilot.pause()
            assert isinstance(app.screen, PickMenu) and app.screen.menu_title.startswith(title), \
                (letter, app.screen)
            await pilot.press("escape")
            await pilot.pause()


async def test_the_join_form_takes_a_code_tab_and_a_name_in_one_burst():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(JoinScreen())
        await pilot.pause()
        code, name = app.screen.query_one("#code", Input), app.screen.query_one("#name", Input)
        code.value, name.value = "", ""
        await pilot.pause()
        await burst(pilot, *"abx", "backspace", "c", "tab", *"Bob", "shift+tab", "ctrl+u", "z")
        assert (code.value, name.value) == ("z", "Bob")


async def test_the_help_search_line_edits_in_the_order_typed():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(HelpScreen("spheres_of_war", "Spheres of War"))
        await pilot.pause()
        await pilot.press("slash")
        search = app.screen.query_one("#help-search", Input)
        await burst(pilot, *"mox", "backspace", *"ve")
        assert search.value == "move"


async def test_the_join_form_keeps_every_key_of_a_long_name_for_the_refusal_to_count():
    """A name past the limit is no longer cut as it is typed (silently, at 24):
    the field keeps it whole, and Enter refuses it in a sentence that gives
    its length (tests/remote/test_joiner_names_refused_in_words.py)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(JoinScreen())
        await pilot.pause()
        name = app.screen.query_one("#name", Input)
        name.value = ""
        name.focus()
        await pilot.pause()
        await burst(pilot, *"Bartholomew Fitzwilliams-Ramsay")
        assert name.value == "Bartholomew Fitzwilliams-Ramsay"
        assert "left out" not in str(app.screen.query_one("#status").render())
