"""Every place Skirmish patches or reads Textual's private internals.

Each workaround here is one function that applies it, gated by the range
of Textual versions it was verified on (the project pins ``textual>=8,<9``;
verified on 8.2.8).  Outside its range a workaround is not applied and
Textual's own behaviour stays: when a release fixes the upstream problem,
narrow that workaround's range (or delete it) and its test says so.  Each
workaround names the upstream thread, and has its own test in
tests/tui/test_textual_fixes.py (applied under the gate, not outside it,
and the bug it guards against does not happen).

Nothing else in ``tui/`` imports ``textual._*`` or calls a private method of
Textual (the game screen declares its keys: tui/screen_keys.py).
"""

from __future__ import annotations

import codecs
import threading
from collections.abc import Callable
from typing import Any

import textual

# The range every workaround below was verified on: [low, high).
VERIFIED = ((8, 0, 0), (9, 0, 0))


def textual_version() -> tuple[int, ...]:
    """The installed Textual's version as numbers (``8.2.8`` -> (8, 2, 8))."""
    parts = []
    for piece in textual.__version__.split(".")[:3]:
        digits = "".join(c for c in piece if c.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


def gated(low: tuple[int, ...] = VERIFIED[0], high: tuple[int, ...] = VERIFIED[1]) -> bool:
    """Whether the installed Textual is in ``[low, high)``."""
    return low <= textual_version() < high


def apply_all() -> dict[str, bool]:
    """Apply every process-wide workaround (once; each is idempotent);
    what each one did.  The driver and palette ones are chosen where they
    are used (:func:`driver_class`, :func:`open_command_palette`), and so
    is taking a screen from under another (:func:`drop_screen_below`)."""
    return {
        "cropped_repaint": install_cropped_repaint(),
        "dismiss_guard": install_dismiss_guard(),
    }


# -- 1. Partial repaints written span by span --------------------------------
# Not a bug upstream but a cost: ``ChopsUpdate.render_segments`` writes each
# chop from its left edge and every segment's whole style (see tui/paint.py).
# Upstream: no thread found asking for it; the method comes from Textual's
# PR #2278 ("Strips render optimization"), which it replaces.
CROPPED_REPAINT = VERIFIED
_cropped = False


def install_cropped_repaint() -> bool:
    """Put :func:`tui.paint.render_segments` in place of
    ``textual._compositor.ChopsUpdate.render_segments`` (once); False if
    Textual is outside the gate or ``ChopsUpdate`` is not the shape it was
    written for (``chops``, ``spans``, ``chop_ends``)."""
    global _cropped
    if _cropped:
        return True
    if not gated(*CROPPED_REPAINT):
        return False
    try:
        from textual._compositor import ChopsUpdate
    except ImportError:
        return False
    from tui import paint

    init = getattr(ChopsUpdate, "__init__", None)
    names = getattr(getattr(init, "__code__", None), "co_varnames", ())
    if not callable(getattr(ChopsUpdate, "render_segments", None)) or names[1:4] != ("chops", "spans", "chop_ends"):
        return False
    if not paint.styles_readable():
        return False
    ChopsUpdate._textual_render_segments = ChopsUpdate.render_segments  # type: ignore[attr-defined]
    ChopsUpdate.render_segments = paint.render_segments  # type: ignore[method-assign]
    _cropped = True
    return True


# -- 2. Screen.dismiss on a screen that is no longer on top -------------------
# ``Screen.dismiss`` pops whatever screen is on top, whichever screen calls it.
# Keys that arrive in one burst (typed fast, pasted, one SSH packet) are all
# queued to the screen that was on top when they came: a menu the first key
# closed still gets the second, whose dismiss then popped the game screen
# under it (and more keys the last screen: ScreenStackError).
# Upstream: Textualize/textual#2575 "Screen.dismiss should error if not the
# top-most screen" (closed by PR #2580, which raised an error; Textual 8.2.8
# has no such check) and #4884 "InvalidStateError when dismissing Screen"
# (open).  Here such a dismiss does nothing.
DISMISS_GUARD = VERIFIED


def install_dismiss_guard() -> bool:
    """Make ``Screen.dismiss`` act only on the active screen (once, for
    every screen); False outside the gate."""
    from textual.await_complete import AwaitComplete
    from textual.screen import Screen

    if getattr(Screen.dismiss, "skirmish_guard", False):
        return True
    if not gated(*DISMISS_GUARD):
        return False
    original = Screen.dismiss

    def dismiss(self: Screen, result: Any = None) -> AwaitComplete:
        if not self.is_attached or not self.is_active:
            return AwaitComplete.nothing()
        return original(self, result)

    dismiss.skirmish_guard = True  # type: ignore[attr-defined]
    dismiss.__doc__ = original.__doc__
    Screen.dismiss = dismiss  # type: ignore[method-assign]
    return True


# -- 3. Input that is not UTF-8 ------------------------------------------------
# The Linux driver decodes the terminal's bytes as strict UTF-8: one byte that
# is not (0xff, or 0xe9 from a Latin-1 terminal over SSH) raised
# UnicodeDecodeError in its input thread, and the app no longer read keys.
# Upstream: Textualize/textual#6456 "UnicodeDecodeError in input thread
# crashes application when invalid UTF-8 bytes are received" (open; PR #6498
# open, #6496 and #6624 closed unmerged).  The driver builds its decoder in
# ``run_input_thread`` from its module's ``getincrementaldecoder``; that one
# name is swapped, for the thread's life, for tui/input_driver.py's
# GuardedDecoder (which also keeps a pasted paste-end marker inside a paste).
TOLERANT_DECODER = VERIFIED


def _guarded_decoder(encoding: str) -> Any:
    from functools import partial

    from tui.input_driver import GuardedDecoder

    return partial(GuardedDecoder, encoding)


_tolerant_driver: type | None = None


def tolerant_linux_driver() -> type | None:
    """Textual's LinuxDriver whose input thread decodes with
    GuardedDecoder; None where there is no such driver (Windows), or outside
    the gate, or if the driver no longer reads ``getincrementaldecoder``."""
    global _tolerant_driver
    if _tolerant_driver is not None:
        return _tolerant_driver
    if not gated(*TOLERANT_DECODER):
        return None
    try:
        from textual.drivers import linux_driver
    except ImportError:
        return None
    if getattr(linux_driver, "getincrementaldecoder", None) is not codecs.getincrementaldecoder:
        return None

    class TolerantLinuxDriver(linux_driver.LinuxDriver):
        """LinuxDriver whose input thread never dies of a bad byte (the
        thread lives as long as the app, and this is the process's only
        driver)."""

        def run_input_thread(self) -> None:
            linux_driver.getincrementaldecoder = _guarded_decoder  # type: ignore[assignment]
            try:
                super().run_input_thread()
            finally:
                linux_driver.getincrementaldecoder = codecs.getincrementaldecoder

    _tolerant_driver = TolerantLinuxDriver
    return _tolerant_driver


def driver_class(default: type) -> type:
    """``default``, or the tolerant driver when ``default`` is Textual's
    Linux driver and the workaround applies (``App.get_driver_class``)."""
    tolerant = tolerant_linux_driver()
    if tolerant is not None and default is tolerant.__mro__[1]:
        return tolerant
    return default


# -- 4. The command palette ----------------------------------------------------
# (a) ``CommandPalette.is_open`` looks at the top screen only: ctrl+p, ctrl+q,
# ctrl+p opened a second palette under the quit question with the first one's
# id, and Textual ended the app with DuplicateIds.  Upstream: no thread found
# (searched "command palette DuplicateIds", "is_open").
# (b) A burst of keys can open and close the palette before its search ends;
# the search's ``_watch__list_visible`` then queries the gone list
# (NoMatches), and page up/down on an empty list raised KeyError in
# OptionList.  Found by tests/robustness/test_monkey.py.  Upstream: no thread
# found (searched "command palette NoMatches after dismiss"); the nearest is
# Textualize/textual#4856 / PR #4874 "command palette dismiss logic".  Both overrides are private methods of CommandPalette.
PALETTE = VERIFIED


def palette_open(app: Any) -> bool:
    """A command palette is open anywhere in the screen stack."""
    from textual.command import CommandPalette

    return any(isinstance(screen, CommandPalette) for screen in app.screen_stack)


def safe_command_palette() -> type:
    """The palette class to push: Textual's own outside the gate."""
    from textual.command import CommandPalette

    if not gated(*PALETTE):
        return CommandPalette
    return _safe_palette_class()


_safe_palette: type | None = None


def _safe_palette_class() -> type:
    global _safe_palette
    if _safe_palette is not None:
        return _safe_palette
    from textual.command import CommandPalette
    from textual.css.query import NoMatches

    class SafeCommandPalette(CommandPalette):
        """Textual's palette, tolerant of being closed while it still
        gathers commands (see (b) above)."""

        def _watch__list_visible(self) -> None:
            try:
                super()._watch__list_visible()
            except NoMatches:
                pass  # already closed: nothing left to show or hide

        def _action_command_list(self, action: str) -> None:
            try:
                super()._action_command_list(action)
            except (KeyError, NoMatches):
                pass  # no commands listed: nothing to move to

    _safe_palette = SafeCommandPalette
    return _safe_palette


def open_command_palette(app: Any) -> None:
    """``App.action_command_palette``: at most one palette wherever it is
    in the stack, and the tolerant one, under the gate; Textual's own
    action outside it."""
    from textual.app import App

    if not gated(*PALETTE):
        App.action_command_palette(app)
        return
    if app.use_command_palette and not palette_open(app):
        app.push_screen(safe_command_palette()(id="--command-palette"))


# -- 5. Running a callback on the app's thread without waiting -----------------
# A hosted game's socket threads tell the app of news.  ``call_from_thread``
# waits for the callback, and the calling thread may hold what the app's
# thread is itself waiting for (the host's lock, the answer to the order it
# just sent): a deadlock.  ``call_later`` (``post_message`` of a Callback, also
# thread-safe) does not wait, but queues the callback behind the messages
# already waiting: the keys of a burst that pop and push screens, and a
# previous attempt with it made a screen-pop race worse.  So the callback is
# put on the app's event loop directly, with the app's context variables set
# (``App._loop``, ``App._thread_id``, ``App._context``: private).  Outside the
# gate, or if those attributes are gone, ``call_later`` is used.
# Upstream: Textualize/textual#2421 "The behaviour and return value of
# App.call_from_thread is not clear" (its docs now say it waits; PR #1517,
# which added it, notes the deadlock); no public non-waiting call found.
SOON = VERIFIED


def _private_loop_usable(app: Any) -> bool:
    return (gated(*SOON) and hasattr(app, "_thread_id") and hasattr(app, "_loop")
            and callable(getattr(app, "_context", None)))


def soon(app: Any, callback: Callable[[], Any]) -> None:
    """Run ``callback`` on the app's thread without waiting for it (at once
    when called there)."""
    if not _private_loop_usable(app):
        app.call_later(callback)
        return
    if app._thread_id == threading.get_ident():
        callback()
        return

    def run() -> None:
        with app._context():
            callback()

    loop = app._loop
    if loop is not None and not loop.is_closed():
        loop.call_soon_threadsafe(run)


# -- 6. Taking back one notice that stopped being true ---------------------------
# A hosted game's "Bob is not connected" stays true only until Bob comes
# back; Textual's ``App.notify`` returns no handle, and its only public way
# to take a notice back is ``clear_notifications`` (every notice, the
# unrelated ones too).  So the notice is made here (``Notification`` and the
# ``Notify`` message are public, and posting it is what ``App.notify`` does)
# and kept, and taken back alone by ``App._unnotify`` (private: what a toast
# calls when it expires or is clicked), queued behind the ``Notify`` that
# shows it, so a notice taken back at once is never shown afterwards.
# Outside the gate, or without ``_unnotify``, every notice is cleared: a
# stale notice is worse than losing a fresh one.  Upstream: Textual 8.2.8
# has no public call to dismiss one notification (no thread found asking
# for one; ``App._unnotify`` is what its own Toast uses).
WITHDRAW = VERIFIED


def kept_notice(app: Any, message: str, *, title: str = "", severity: Any = "information",
                timeout: float = 30.0, markup: bool = False) -> Any:
    """``app.notify`` that returns the notice, for ``withdraw_notice``."""
    from textual.notifications import Notification, Notify

    notice = Notification(message, title, severity, timeout, markup=markup)
    app.post_message(Notify(notice))
    return notice


def withdraw_notice(app: Any, notice: Any) -> None:
    """Take back ``notice`` (made by ``kept_notice``) from the screen, now
    or as soon as it is shown."""
    unnotify = getattr(app, "_unnotify", None)
    if gated(*WITHDRAW) and callable(unnotify):
        app.call_later(unnotify, notice)
    else:
        app.call_later(app.clear_notifications)


# -- 7. A page of a list that turns a whole page -----------------------------------
# OptionList's PgDn moves the highlight a page and scrolls only as far as
# needed to show it, so from the top of a long list the view moved a line
# or two while PgUp jumped a page (the whole log, ``L``).  ``turn_page``
# scrolls the view a whole page and moves the highlight with it, keeping its
# row on screen; at the top or the bottom already, it goes to the first or
# last line.  It reads the list's wrapped lines (``_update_lines``,
# ``_lines``, ``_index_to_line``: private) and ``_widget_navigation`` to
# skip disabled options.  Outside the gate it does nothing and says so, and
# the list keeps Textual's own page move.  Upstream: Textual 8.2.8's
# ``OptionList._move_page`` (no thread found).
PAGE_TURN = VERIFIED


def turn_page(option_list: Any, direction: int) -> bool:
    """Turn ``option_list`` a whole page down (1) or up (-1); False when not
    applied (outside the gate: the caller keeps Textual's own move)."""
    if not gated(*PAGE_TURN):
        return False
    from textual import _widget_navigation

    options = option_list._options
    if not options:
        return True
    option_list._update_lines()
    lines = option_list._lines
    height = option_list.scrollable_content_region.height
    old = round(option_list.scroll_y)
    new = max(0, min(old + direction * height, round(option_list.max_scroll_y)))
    if new == old:
        y = 0 if direction < 0 else len(lines) - 1
    else:
        y = max(0, min(option_list._index_to_line[option_list.highlighted or 0] + new - old, len(lines) - 1))
    option_list.scroll_to(y=new, animate=False, immediate=True)
    option_list.highlighted = _widget_navigation.find_next_enabled_no_wrap(
        candidates=options, anchor=lines[y][0], direction=direction, with_anchor=True)
    return True


# -- 8. Taking a screen away from under another -----------------------------------
# The "make it larger" notice (tui/modals.py TooSmall) is a full screen over
# the game; ctrl+c under it opens the Quit question over the notice.  Made
# large again, the notice can only be popped from the top, so the question
# stood over the notice's text (clipped around its box) until it closed.
# Textual has no public way to remove a screen that is not on top
# (``App.pop_screen`` pops the top; ``_pop_to_screen`` pops down to one),
# so it is taken out of the stack list (``App._screen_stack``: private),
# suspended and removed as a pop does (``App._replace_screen``: private),
# and the screens now seen under the top one are laid out again for the
# app's size (a Resize, as ``App._check_resize`` sends to
# ``App._background_screens``: private).  Outside the gate it does
# nothing (the notice goes when the question closes, as before).
# Upstream: no thread found (searched "remove screen from middle of stack").
DROP_SCREEN = VERIFIED


def drop_screen_below(app: Any, screen: Any) -> bool:
    """Take ``screen`` (not the top one) out of the app's screen stack and
    repaint what shows under the top one; False when not done."""
    if not gated(*DROP_SCREEN):
        return False
    stack = getattr(app, "_screen_stack", None)
    replace = getattr(app, "_replace_screen", None)
    if not isinstance(stack, list) or not callable(replace) or screen not in stack[:-1] or stack.index(screen) == 0:
        return False
    from textual import events

    stack.remove(screen)
    app.call_later(replace, screen)  # suspended and removed, as a pop does
    size = app.size
    for shown in [*getattr(app, "_background_screens", []), app.screen]:
        shown.post_message(events.Resize(size, size))
        shown.refresh()
    return True
