"""SIGTERM and SIGHUP end the app after saving: a :class:`SignalExit` the
app holds installs the handlers on the app's event loop, calls the app's
``leave_now`` (save the game and the drafts, tell the others, exit) on the
first signal, and makes sure the process ends even when its shutdown
hangs."""

from __future__ import annotations

import signal
from typing import Any

EXIT_GRACE = 5.0  # seconds a signalled app has to shut down before the process is ended


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
