"""Tab typed in one burst with the keys around it, on the forms where a
player types and tabs on (tui/form_keys.py), at 80x24.

A tester typed "Ann", Tab, "Bob" in one go on the new-game form: Player 1
read "AnnBob", the focus was on Player 2's name and Player 2 was as it
was.  Textual acted on Tab only once it had gone through the name field
and back up to the App, and the keys behind it had already been handed to
the old field.  Tab now moves the focus as soon as it comes.  A text
field's own editing keys (backspace, ctrl+u, ←) had the same fault ("Lawyer",
Tab, ctrl+u, "Normal" emptied Player 2): they now act when the field takes them.

Also: a key in a name field renames only the choices that name a player
(each key re-read the names for every label of every choice, a quarter of
a second a key), and the battlefield list is filled as the form opens,
not after it is first drawn ("(none available)" showed meanwhile)."""

from __future__ import annotations

import pytest
import textual.app
from textual.widgets import Input

from tests.tui.test_newgame import SIZE, open_form
from tui.app import SkirmishApp
from tui.lobby_dialogs import AskLine, ServerGameForm
from tui.newgame import NewGameScreen, player_words
from tui.warband_picker import WarbandScreen
from tui.widgets import Cycler


async def _no_wait(*_args, **_kwargs) -> None:
    return None


async def burst(pilot, *keys: str) -> None:
    """``keys`` as a terminal sends a burst (fast typing, tmux send-keys,
    one SSH packet): back to back, each on its way before the last is
    handled.  ``pilot.press`` alone waits for the app to go idle after
    each key, which no keyboard does, so it never shows the fault."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textual.app, "wait_for_idle", _no_wait)  # raises if Textual stops using it
        await pilot.press(*keys)
    for _ in range(3):
        await pilot.pause()


async def emptied(pilot, form, wid: str) -> Input:
    field = form.query_one(f"#{wid}", Input)
    field.focus()
    await pilot.pause()
    field.value = ""  # as ctrl+u, then a wait
    await pilot.pause()
    return field


async def test_a_name_tab_and_the_next_name_in_one_burst_go_in_their_own_fields():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        first = await emptied(pilot, form, "p0")
        second = form.query_one("#p1", Input)
        await burst(pilot, "A", "n", "n", "tab", "B", "o", "b")
        assert first.value == "Ann"
        assert second.value == "Bob"  # Tab selects the field's "Player 2": typing replaces it
        assert app.focused is second


async def test_a_line_editing_key_after_tab_edits_the_next_field():
    """The tester's second burst: Lawyer, Tab, ctrl+u, Normal gave Player 1
    "LawyerNormal" and emptied Player 2."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        first = await emptied(pilot, form, "p0")
        second = form.query_one("#p1", Input)
        await burst(pilot, *"Lawyer", "tab", "ctrl+u", *"Normal")
        assert (first.value, second.value) == ("Lawyer", "Normal")


async def test_shift_tab_in_a_burst_goes_back_before_the_next_keys():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        first = await emptied(pilot, form, "p0")
        second = await emptied(pilot, form, "p1")
        await burst(pilot, "B", "o", "b", "shift+tab", "A", "n", "n")
        assert (first.value, second.value) == ("Ann", "Bob")
        assert app.focused is first


async def test_the_server_form_takes_a_burst_back_into_a_field_and_on_to_a_choice():
    """The server's form (its name rows hidden, the same keys): from who
    plays first, shift+Tab back to Optio's map seed, "42", Tab, → : the
    seed is 42 (the digits went to the choice, and the seed stayed empty)
    and the → changes who plays first."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = ServerGameForm()
        app.push_screen(form)
        await pilot.pause()
        ruleset = form.query_one("#ruleset", Cycler)
        while ruleset.value != "optio":
            await pilot.press("right")
        await pilot.pause()
        seed = await emptied(pilot, form, f"opt-{form.generation}-map_seed")
        first_player = form.query_one(f"#opt-{form.generation}-first_player", Cycler)
        first_player.focus()
        await pilot.pause()
        before = first_player.index
        await burst(pilot, "shift+tab", "4", "2", "tab", "right")
        assert seed.value == "42"
        assert app.focused is first_player and first_player.index == before + 1
        assert form.options().map_seed == 42


async def test_tab_then_enter_in_a_burst_opens_the_force_tab_went_to():
    """Unchanged by the fix, and kept so: from Player 2's seat, Tab goes to
    Player 1's force and the Enter typed just behind it opens that force's
    list.  (Before, an Enter or an arrow reached the new field too: it was
    acted on at the App, in turn with the Tab; only typed characters,
    taken by a text field at once, went astray.)"""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "platemail")
        form.query_one("#seat1", Cycler).focus()
        await pilot.pause()
        await burst(pilot, "tab", "enter")
        assert isinstance(app.screen, WarbandScreen) and app.screen.side == 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form


async def test_backspace_in_a_burst_takes_out_the_character_before_it():
    """A text field's own editing keys ran once they had climbed to the
    App, after the characters typed behind them: "Anx", backspace, "n"
    gave "Anx"."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        first = await emptied(pilot, form, "p0")
        await burst(pilot, "A", "n", "x", "backspace", "n", "left", "left", "ctrl+u", "J", "o")
        # "Anx", backspace, "n": "Ann"; ← ← puts the cursor after the "A",
        # which ctrl+u takes out; "Jo" goes in at the start.
        assert first.value == "Jonn"


async def test_a_one_line_dialog_keeps_its_keys_in_order_and_still_refuses_a_typed_tab():
    """AskLine keeps its own Tab (there is no other field to go to): the
    form's Tab is the form's, not the App's.  Its backspace acts in turn."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        ask = AskLine("A line to the other player:")
        app.push_screen(ask)
        await pilot.pause()
        field = ask.query_one(Input)
        await burst(pilot, "h", "i", "x", "backspace", "!", "tab")
        assert field.value == "hi!" and field.has_focus
        assert "a tab cannot go in this line" in str(ask.query_one("#ask-hint").render())


def count_player_words(monkeypatch) -> list[str]:
    calls: list[str] = []

    def counted(text, names):
        calls.append(text)
        return player_words(text, names)

    monkeypatch.setattr("tui.newgame.player_words", counted)
    return calls


async def open_form_again(pilot, form, ruleset: str) -> NewGameScreen:
    cycler = form.query_one("#ruleset", Cycler)
    cycler.focus()
    await pilot.pause()
    while cycler.value != ruleset:
        await pilot.press("right")
    await pilot.pause()
    return form


async def test_a_key_in_a_name_field_renames_only_the_choices_that_name_a_player(monkeypatch):
    """Each key in a name field reworded every label of every choice, and
    read both names again for each label: Spheres of War's turn limit alone
    is 181 labels, none naming a player.  Now a key rewords only the labels
    of the choices that name one (Spheres of War: the Instigator, 3 labels;
    Waylights: the players' side, 2 labels, and the surprise, 4)."""
    calls = count_player_words(monkeypatch)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        await emptied(pilot, form, "p0")
        calls.clear()
        await pilot.press("A")
        await pilot.pause()
        assert len(calls) == 3  # the Instigator's: a coin flip, Player 1, Player 2
        instigator = form.query_one(f"#opt-{form.generation}-instigator", Cycler)
        assert instigator.labels[1] == "A"
        form = await open_form_again(pilot, form, "waylights")
        await emptied(pilot, form, "p0")
        calls.clear()
        await pilot.press("A")
        await pilot.pause()
        assert len(calls) == 2 + 4
        side = form.query_one(f"#opt-{form.generation}-players_side", Cycler)
        assert side.labels[0] == "A"


async def test_the_battlefield_list_is_filled_as_the_form_opens(monkeypatch):
    """Filled by the form's own mounting, not after its first refresh: the
    form showed "Battlefield (none available)" until then (2 s on a loaded
    machine)."""
    seen: list[list] = []
    mounted = NewGameScreen.on_mount

    def watched(self) -> None:
        mounted(self)
        seen.append(list(self.query_one("#battlefield", Cycler).values))

    monkeypatch.setattr(NewGameScreen, "on_mount", watched)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert seen and seen[0], "the battlefield list was empty when the form had opened"
        assert "(none available)" not in str(app.screen.query_one("#battlefield", Cycler).render())
