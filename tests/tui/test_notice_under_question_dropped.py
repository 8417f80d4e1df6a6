"""tui/textual_fixes.py ``drop_screen_below`` (workaround 8): a full screen
under a modal is taken out of the stack, the modal stays on top with its
answer still delivered, and what shows under it is the screen below;
outside the version gate nothing is done."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import ModalScreen, Screen
from textual.widgets import Label

from tests.tui.drawn import screen_rows
from tests.tui.test_textual_fixes import textual_9  # noqa: F401 - the fixture
from tui import textual_fixes


class Base(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Label("under it: the game underneath")


class Notice(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Label("make the terminal larger " * 8)


class Question(ModalScreen[str]):
    def compose(self) -> ComposeResult:
        yield Label("Quit?")


class Stacked(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Base())


async def stacked(pilot) -> tuple[Notice, Question, list]:
    app = pilot.app
    await pilot.pause()
    notice, question, answers = Notice(), Question(), []
    app.push_screen(notice)
    app.push_screen(question, answers.append)
    await pilot.pause()
    return notice, question, answers


async def test_a_screen_under_a_modal_is_dropped_and_the_one_below_shows():
    app = Stacked()
    async with app.run_test(size=(60, 10)) as pilot:
        notice, question, answers = await stacked(pilot)
        assert "make the terminal larger" in "\n".join(screen_rows(app))
        assert textual_fixes.drop_screen_below(app, notice)
        await pilot.pause()
        assert notice not in app.screen_stack and app.screen is question
        rows = "\n".join(screen_rows(app))
        assert "make the terminal larger" not in rows and "game underneath" in rows, rows
        question.dismiss("no")
        await pilot.pause()
        assert answers == ["no"] and isinstance(app.screen, Base)
        assert not textual_fixes.drop_screen_below(app, app.screen)  # the top one: never


async def test_outside_the_gate_the_screen_stays(textual_9):  # noqa: F811 - the fixture
    app = Stacked()
    async with app.run_test(size=(60, 10)) as pilot:
        notice, question, _answers = await stacked(pilot)
        assert not textual_fixes.drop_screen_below(app, notice)
        assert notice in app.screen_stack
