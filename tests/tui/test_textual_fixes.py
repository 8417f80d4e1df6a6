"""Each workaround of Textual's internals (tui/textual_fixes.py): applied on
the Textual it was verified on, not applied outside its version gate, and
the bug it guards against does not happen."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from rich.console import Console
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.drivers import linux_driver
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widgets import Label

from tui import paint, textual_fixes

TUI = Path(__file__).resolve().parents[2] / "tui"


@pytest.fixture
def textual_9(monkeypatch):
    """Pretend the installed Textual is past every gate, with nothing cached."""
    monkeypatch.setattr(textual_fixes, "textual_version", lambda: (9, 0, 0))
    monkeypatch.setattr(textual_fixes, "_tolerant_driver", None)
    monkeypatch.setattr(textual_fixes, "_cropped", False)


def test_the_installed_textual_is_the_range_every_workaround_was_verified_on():
    """When Textual moves past 8.x this fails: check each workaround against
    the new version (and its upstream thread), then widen or drop its gate."""
    assert textual_fixes.VERIFIED[0] <= textual_fixes.textual_version() < textual_fixes.VERIFIED[1]
    assert textual_fixes.gated()


def test_no_other_module_reaches_into_textual_privately():
    private = re.compile(r"textual\._|from textual import _|\._bindings\b|\._thread_id|\._context\(|\._loop\b|_watch__|_action_command_list"
                         r"|_unnotify|\._notifications\b")
    allowed = {"textual_fixes.py"}
    found = [f"{path.relative_to(TUI)}:{n}" for path in TUI.rglob("*.py") if path.name not in allowed
             for n, line in enumerate(path.read_text().splitlines(), 1) if private.search(line)]
    assert found == []


def test_outside_the_gate_nothing_is_patched(textual_9):
    before = Screen.dismiss
    assert textual_fixes.install_cropped_repaint() is False
    assert textual_fixes.driver_class(linux_driver.LinuxDriver) is linux_driver.LinuxDriver
    assert textual_fixes.safe_command_palette() is CommandPalette
    if not getattr(before, "skirmish_guard", False):
        assert textual_fixes.install_dismiss_guard() is False
    assert Screen.dismiss is before


# -- 1. cropped repaint ---------------------------------------------------------
def test_the_cropped_repaint_is_installed_and_writes_only_the_dirty_span():
    from textual._compositor import ChopsUpdate

    assert textual_fixes.install_cropped_repaint()
    assert ChopsUpdate.render_segments is paint.render_segments
    line = Strip([Segment("abcdefghijklmnopqrst")])
    update = ChopsUpdate([{0: line}], [(0, 15, 18)], [[20]])
    console = Console(width=20, color_system="truecolor", force_terminal=True)
    text = re.sub(r"\x1b\[[0-9;]*[mH]", "", update.render_segments(console))
    assert text == "pqr"  # Textual's own wrote the line from column 0: "abc...pqr"
    assert "abcdefghijklmnopqr" in ChopsUpdate._textual_render_segments(update, console)


# -- 2. dismiss guard -----------------------------------------------------------
class Base(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Label("base")


class Menu(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Label("menu")


class TwoScreens(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Base())


async def test_a_screen_under_a_modal_dismissing_itself_pops_nothing():
    """A key queued to a screen no longer on top (a burst): Textual's own
    ``dismiss`` popped the menu on top instead (Textualize/textual#2575)."""
    assert textual_fixes.install_dismiss_guard()
    assert Screen.dismiss.skirmish_guard  # type: ignore[attr-defined]
    app = TwoScreens()
    async with app.run_test() as pilot:
        await pilot.pause()
        base = app.screen
        app.push_screen(Menu())
        await pilot.pause()
        base.dismiss()
        await pilot.pause()
        assert isinstance(app.screen, Menu) and base in app.screen_stack
        app.screen.dismiss()  # the screen on top still closes
        await pilot.pause()
        assert app.screen is base


# -- 3. tolerant decoder ----------------------------------------------------------
def test_the_linux_drivers_input_thread_decodes_a_bad_byte_as_a_replacement(monkeypatch):
    """Textual#6456: one byte that is not UTF-8 ended the input thread."""
    import inspect

    tolerant = textual_fixes.driver_class(linux_driver.LinuxDriver)
    assert tolerant is not linux_driver.LinuxDriver and issubclass(tolerant, linux_driver.LinuxDriver)
    # What the swap relies on: the input thread builds its decoder from this name.
    assert 'getincrementaldecoder("utf-8")' in inspect.getsource(linux_driver.LinuxDriver.run_input_thread)
    decoded = []

    def textuals_input_thread(self) -> None:  # the decoder as Textual's thread builds it
        decoded.append(linux_driver.getincrementaldecoder("utf-8")().decode(b"a\xffb"))

    monkeypatch.setattr(linux_driver.LinuxDriver, "run_input_thread", textuals_input_thread)
    tolerant.run_input_thread(object.__new__(tolerant))
    assert decoded == ["a\ufffdb"]
    with pytest.raises(UnicodeDecodeError):  # put back once the thread ends
        linux_driver.getincrementaldecoder("utf-8")().decode(b"\xff")


# -- 4. palette --------------------------------------------------------------------
def test_the_palette_is_the_tolerant_one_and_is_found_anywhere_in_the_stack():
    """(The bugs themselves: tests/tui/test_bursts.py and
    tests/robustness/test_palette_twice.py.)"""
    safe = textual_fixes.safe_command_palette()
    assert safe is not CommandPalette and issubclass(safe, CommandPalette)

    class Stacked:
        screen_stack = [Screen(), safe(), ModalScreen()]

    assert textual_fixes.palette_open(Stacked())
    assert not textual_fixes.palette_open(type("Bare", (), {"screen_stack": [Screen()]})())


# -- 5. soon ----------------------------------------------------------------------
async def soon_from_a_thread_holding_a_lock(app: App, pilot) -> tuple[bool, list]:
    """A socket thread holds a lock the callback needs, and calls soon():
    ``call_from_thread`` would wait on the callback, which waits on the lock."""
    lock = threading.Lock()
    returned = threading.Event()
    ran: list = []

    def callback() -> None:
        got = lock.acquire(timeout=3)
        ran.append((got, threading.get_ident(), Label().app is app))
        if got:
            lock.release()

    def socket_thread() -> None:
        with lock:
            textual_fixes.soon(app, callback)
            returned.set()

    threading.Thread(target=socket_thread, daemon=True).start()
    for _ in range(100):
        await pilot.pause(0.02)
        if ran:
            break
    return returned.is_set(), ran


async def test_soon_runs_on_the_apps_thread_without_waiting():
    app = App()
    async with app.run_test() as pilot:
        here = threading.get_ident()
        assert textual_fixes._private_loop_usable(app)
        returned, ran = await soon_from_a_thread_holding_a_lock(app, pilot)
        assert returned and ran == [(True, here, True)]
        called = []
        textual_fixes.soon(app, lambda: called.append(1))  # on the app's thread: at once
        assert called == [1]


async def test_outside_the_gate_soon_uses_call_later(textual_9):
    app = App()
    async with app.run_test() as pilot:
        assert not textual_fixes._private_loop_usable(app)
        returned, ran = await soon_from_a_thread_holding_a_lock(app, pilot)
        assert returned and ran == [(True, threading.get_ident(), True)]


# -- 6. a notice taken back alone ------------------------------------------------
async def test_a_kept_notice_is_taken_back_alone_even_before_it_is_shown():
    app = App()
    async with app.run_test() as pilot:
        app.notify("an unrelated notice", timeout=30)
        stale = textual_fixes.kept_notice(app, "Bob is not connected", timeout=30)
        textual_fixes.withdraw_notice(app, stale)  # at once: queued behind the notice it takes back
        await pilot.pause()
        assert [str(n.message) for n in app._notifications] == ["an unrelated notice"]
        kept = textual_fixes.kept_notice(app, "Bob is not connected", timeout=30)
        await pilot.pause()
        assert kept in app._notifications
        textual_fixes.withdraw_notice(app, kept)
        await pilot.pause()
        assert [str(n.message) for n in app._notifications] == ["an unrelated notice"]


async def test_outside_the_gate_withdrawing_a_notice_clears_them_all(textual_9):
    app = App()
    async with app.run_test() as pilot:
        app.notify("an unrelated notice", timeout=30)
        stale = textual_fixes.kept_notice(app, "Bob is not connected", timeout=30)
        textual_fixes.withdraw_notice(app, stale)
        await pilot.pause()
        assert list(app._notifications) == []


# -- key bindings declared, not edited ----------------------------------------------
@pytest.mark.parametrize("show_choose", [True, False])
async def test_the_boards_enter_is_shown_or_quiet_and_chooses_either_way(show_choose):
    """BoardView(show_choose=False) used to edit its ``_bindings``; now two
    declared bindings, one kept by ``check_action``."""
    from textual.widgets import Footer

    from tui.board import BoardView

    chosen = []

    class Board(BoardView):
        def action_choose(self, _quiet: str = "") -> None:
            chosen.append(_quiet)

    class OneBoard(App[None]):
        def compose(self) -> ComposeResult:
            yield Board(show_choose=show_choose)
            yield Footer()

    app = OneBoard()
    async with app.run_test() as pilot:
        app.query_one(Board).focus()
        await pilot.pause()
        enter = app.screen.active_bindings["enter"]
        assert enter.binding.show is show_choose and enter.enabled
        shown = [b.binding.description for b in app.screen.active_bindings.values() if b.binding.show]
        assert ("Choose" in shown) is show_choose
        await pilot.press("enter")
        await pilot.press("space")
        assert len(chosen) == 2  # Enter and Space choose, shown or not
