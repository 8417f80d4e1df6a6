"""The TUI's one door to ``saves.store``.

Imported lazily so the app still starts (without saving) if the saves
package is missing or broken; every caller gets a readable message instead.
Also the questions of where to write a game that has no good save
(``AskingPath``, ``AskingLeave``: tui/saving.py asks them).
"""

from __future__ import annotations

from typing import Any

from textual.message import Message

from tui.modals import AskPath, LeaveUnsaved


class SavesUnavailable(RuntimeError):
    pass


def store() -> Any:
    try:
        from saves import store as module
    except Exception as exc:  # ImportError, or a broken saves package
        raise SavesUnavailable(f"Saving is unavailable: {exc}") from exc
    return module


def library() -> Any:
    try:
        from saves import library as module
    except Exception as exc:
        raise SavesUnavailable(f"The battlefield library is unavailable: {exc}") from exc
    return module


def battlefields() -> list:
    return list(library().shipped_battlefields())


class SaveScan:
    """Checks the save folder off the interface thread: one file at a time
    (newest first), each within ``store.CHECK_SECONDS``, on a daemon thread
    that never holds up quitting or a signal.  ``found(summary)`` and
    ``done()`` run on the app's event loop (``done`` not after a folder
    that cannot be read: ``found`` gets that error instead).  With
    ``first_playable`` it stops at the first game that loads and is not
    over (Continue)."""

    def __init__(self, found: Any, done: Any, first_playable: bool = False) -> None:
        self.found = found
        self.done = done
        self.first_playable = first_playable
        self.cancelled = False
        self.finished = False
        self._app: Any = None

    def start(self, app: Any) -> SaveScan:
        import threading

        self._app = app
        threading.Thread(target=self._run, name="save scan", daemon=True).start()
        return self

    def cancel(self) -> None:
        self.cancelled = True

    def _post(self, callback: Any, *args: Any) -> None:
        def run() -> None:
            if not self.cancelled:
                callback(*args)

        if not getattr(self._app, "is_running", False):
            self.cancelled = True  # the app has ended: nobody to tell
            return
        try:
            # Waits until the app has run it (this thread has nothing else to do).
            self._app.call_from_thread(run)
        except Exception:  # noqa: BLE001 - the app has ended: nobody to tell
            self.cancelled = True

    def _run(self) -> None:
        try:
            saves = store()
            for path in saves.save_paths(strict=True):
                if self.cancelled:
                    return
                summary = saves.summarise_within(path)
                self._post(self.found, summary)
                if self.first_playable and summary.problem is None and not summary.over:
                    break
        except Exception as exc:  # noqa: BLE001 - an unreadable folder is a message
            # That message is all there is to say: ``done`` would add that
            # the folder holds no game, of a folder that could not be read.
            self._post(self.found, shown_folder_error(exc))
        else:
            self._post(self.done)
        finally:
            self.finished = True


def shown_folder_error(exc: BaseException) -> BaseException:
    """A save's or the saves folder's error with its path as the game shows
    paths (``tui.cli.shown_folder``: absolute, ``~`` for the home folder);
    any other error as it is."""
    path, problem = getattr(exc, "path", None), getattr(exc, "problem", None)
    if type(exc).__name__ not in ("SaveError", "GameLocked") or path is None or not isinstance(problem, str):
        return exc
    from saves.checks import SaveError
    from tui.cli import shown_folder

    return SaveError(shown_folder(path), problem)


class SavingChanged(Message):
    """Saving the open game started failing (``failed``, ``reason`` in
    words) or works again.  Posted to the app by a save made on another
    thread (a hosted game saves on the thread of whoever gave the order):
    ``App.post_message`` is thread-safe, and nothing else of the app or its
    screens is touched from that thread.  Handled by
    ``SkirmishApp.on_saving_changed``."""

    def __init__(self, failed: bool, reason: str = "") -> None:
        super().__init__()
        self.failed = failed
        self.reason = reason


class AskingPath(AskPath):
    """Where to write the game: an empty name is refused with what it did
    (nothing), the box staying open, rather than taken as Esc."""

    def on_input_submitted(self, event: Any) -> None:
        # Textual calls AskPath's handler after this one, unless prevented.
        if event.value.strip():
            return
        event.stop()
        event.prevent_default()
        self.app.notify("No file named, so nothing was written and the game is still open: type where to "
                        "write it, or Esc to go back.", severity="warning", markup=False)


class AskingLeave(LeaveUnsaved):
    """``LeaveUnsaved`` whose "write it to a file" asks with ``AskingPath``."""

    def chosen(self, value: Any) -> None:
        if value != "export":
            super().chosen(value)
            return

        def typed(path: str | None) -> None:
            if path and self.export(path):
                self.dismiss(True)

        self.app.push_screen(AskingPath("Write this game (a save file) to:", self.default_path), typed)
