"""SIGTERM and SIGHUP end the app after saving: a :class:`SignalExit` the
app holds installs the handlers on the app's event loop, calls the app's
``leave_now`` (save the game and the drafts, tell the others, exit) on the
first signal, and makes sure the process ends even when its shutdown
hangs.  A terminal that hangs up without a SIGHUP reaching the app counts
as one (``watch_terminal``)."""

from __future__ import annotations

import signal
from typing import Any

EXIT_GRACE = 5.0  # seconds a signalled app has to shut down before the process is ended
TERMINAL_EVERY = 1.0  # seconds between two looks at whether the terminal is still there


class SignalExit:
    """The app's SIGTERM / SIGHUP handling (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._signal_loop: Any = None
        self._old_handlers: dict[int, Any] = {}
        self.signalled = False

    def install(self) -> None:
        try:
            import asyncio

            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGHUP):
                self._old_handlers[sig] = signal.getsignal(sig)
                loop.add_signal_handler(sig, self.on_signal, sig)
            self._signal_loop = loop
        except (NotImplementedError, RuntimeError, AttributeError, ValueError):
            pass  # not on a Unix main thread (Windows, a worker thread): nothing to install

    def watch_terminal(self) -> None:
        """Look every second whether the app's terminal still answers.  A
        hang-up sends SIGHUP only to the terminal's own session: a process
        started in a session of its own (through ``su -c``, ``runuser`` or
        ``setsid``) whose terminal closes gets none, reads end-of-file for
        ever, and Textual's input thread spins on it (two such lobbies were
        found burning a core each an hour after their tmux sessions were
        killed).  A terminal that answers no more is a SIGHUP."""
        import sys

        if self.app.is_headless:
            return  # under Pilot there is no terminal of the app's own
        try:
            fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
        except (OSError, ValueError):
            return
        if fd < 0 or not _answers(fd):
            return  # no terminal to watch (or already gone: the app could not have started on it)
        self.app.set_interval(TERMINAL_EVERY, lambda: self._look(fd))

    def _look(self, fd: int) -> None:
        if not self.signalled and not _answers(fd):
            self.on_signal(signal.SIGHUP)

    def remove(self) -> None:
        """Give the signals back as they were before the app (a test run
        under Pilot goes on after the app: a later SIGTERM must end it)."""
        loop, self._signal_loop = self._signal_loop, None
        if loop is None:
            return
        for sig, old in self._old_handlers.items():
            try:
                loop.remove_signal_handler(sig)
                signal.signal(sig, old if old is not None else signal.SIG_DFL)
            except (RuntimeError, ValueError, TypeError, OSError):
                pass
        self._old_handlers.clear()

    def on_signal(self, sig: int = signal.SIGTERM) -> None:
        if self.signalled:
            # A second signal while the first is still being handled (a hung
            # shutdown): stop handling it and let it end the process.
            self.remove()
            import os

            os.kill(os.getpid(), sig)
            return
        self.signalled = True
        if not self.app.is_headless:  # under Pilot the process is the test run's own
            self._exit_soon(sig)
        self.app.leave_now()

    @staticmethod
    def _exit_soon(sig: int) -> None:
        """Make sure a signalled process ends.  The save is written first,
        in the handler; then the app shuts down.  If that shutdown hangs (a
        thread waiting on a terminal that is gone), nothing would ever end
        the process: after the event loop stops, a second SIGHUP or SIGTERM
        only reaches asyncio's wake-up pipe.  Such a leftover process held
        the save's lock and its hosting code after an SSH drop.  So a timer
        thread ends the process EXIT_GRACE seconds after the signal."""
        import os
        import threading

        timer = threading.Timer(EXIT_GRACE, os._exit, args=(128 + sig,))
        timer.daemon = True  # a normal exit does not wait for it
        timer.start()


def _answers(fd: int) -> bool:
    """Whether ``fd`` is a terminal that is still there (a hung-up one
    refuses its attributes with EIO)."""
    import termios

    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError):
        return False
    return True
