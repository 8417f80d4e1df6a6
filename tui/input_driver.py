"""The terminal driver, tolerant of input that is not UTF-8.

Textual's Linux driver decodes what the terminal sends as strict UTF-8: one
byte that is not (``0xff``, or ``0xe9`` from a Latin-1 terminal over SSH)
raised UnicodeDecodeError in its input thread and ended the app.  Here the
same driver decodes with ``errors="replace"``: a stray byte becomes U+FFFD,
a key no screen binds (a text field shows it as "�")."""

from __future__ import annotations

import codecs
import functools
from typing import Any

try:
    from textual.drivers import linux_driver
except ImportError:  # Windows: Textual uses another driver, which has no such decoder
    linux_driver = None  # type: ignore[assignment]


def _tolerant_decoder(encoding: str) -> Any:
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


if linux_driver is not None:

    class TolerantLinuxDriver(linux_driver.LinuxDriver):
        """LinuxDriver whose input thread never dies of a bad byte.

        The driver builds its decoder inside ``run_input_thread`` from the
        module's ``getincrementaldecoder``; that one name is swapped for the
        thread's life (the thread lives as long as the app, and this is the
        only driver of the process)."""

        def run_input_thread(self) -> None:
            linux_driver.getincrementaldecoder = _tolerant_decoder
            try:
                super().run_input_thread()
            finally:
                linux_driver.getincrementaldecoder = codecs.getincrementaldecoder
else:
    TolerantLinuxDriver = None  # type: ignore[assignment,misc]


def tolerant(driver_class: type) -> type:
    """``driver_class``, or the tolerant one when that is Textual's Linux driver."""
    if TolerantLinuxDriver is not None and driver_class is linux_driver.LinuxDriver:
        return TolerantLinuxDriver
    return driver_class
