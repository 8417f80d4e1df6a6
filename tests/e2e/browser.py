"""A headless Chromium on a `skirmish web` page, for the end-to-end tests.

textual-serve's page draws the terminal on a canvas (xterm.js), and keeps its
terminal object to itself, so the screen is read from what the page receives:
a script put in the page before it loads copies every websocket message it
gets (the app's output, the bytes a terminal would be sent), and `Screen`
below plays them onto a grid the way a terminal does, enough for Textual's
output (cursor moves, text; colours ignored).  Keys go where a person's go:
into xterm.js's input element, which turns them into the terminal's bytes.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# The browser flags the shared plan gives: nothing reaches out of the machine.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")

RECORD_SOCKET = r"""
(() => {
  const Native = window.WebSocket;
  const decoder = new TextDecoder("utf-8");
  window.__skirmishOutput = [];
  function Recording(...args) {
    const socket = new Native(...args);
    socket.addEventListener("message", (event) => {
      if (event.data instanceof ArrayBuffer) {
        window.__skirmishOutput.push(decoder.decode(new Uint8Array(event.data), {stream: true}));
      }
    });
    return socket;
  }
  Recording.prototype = Native.prototype;
  Object.assign(Recording, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Recording;
})();
"""

_SEQUENCE = re.compile(r"\x1b\[([0-9;?<=>$]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[P^_][^\x1b]*\x1b\\|\x1b.")


class Screen:
    """A grid of characters the app's output is played onto."""

    def __init__(self, width: int = 240, height: int = 80) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.row = self.col = 0

    def feed(self, text: str) -> None:
        at = 0
        for found in _SEQUENCE.finditer(text):
            self._text(text[at:found.start()])
            at = found.end()
            if found.group(3) == "H" and not found.group(2):
                numbers = [int(n) if n.isdigit() else 1 for n in (found.group(1) or "").split(";")]
                self.row = min(max((numbers[0] if numbers else 1) - 1, 0), self.height - 1)
                self.col = min(max((numbers[1] if len(numbers) > 1 else 1) - 1, 0), self.width - 1)
            elif found.group(3) == "J" and found.group(1) == "2":
                self.rows = [[" "] * self.width for _ in range(self.height)]
        self._text(text[at:])

    def _text(self, text: str) -> None:
        for char in text:
            if char == "\n":
                self.row = min(self.row + 1, self.height - 1)
            elif char == "\r":
                self.col = 0
            elif char >= " ":
                if self.col < self.width:
                    self.rows[self.row][self.col] = char
                self.col += 1

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.rows)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30.0, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the web server ended with status {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {port} after {timeout:.0f} s")


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (the test extras)"
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not Path(tool).exists():
            return f"{tool} is missing (Debian's chromium and chromium-driver)"
    return None


class Browser:
    """One headless Chromium with a fresh profile, showing ``url``."""

    def __init__(self, url: str, width: int = 80, height: int = 24) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="skirmish-chromium-")
        options = webdriver.ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile}")
        # A little over width x height cells at the page's 16px font (xterm.js
        # fits the terminal to the window: about 9 by 26 pixels a cell here).
        options.add_argument(f"--window-size={width * 9 + 60},{height * 26 + 80}")
        options.binary_location = CHROMIUM
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_SOCKET})
        self.screen_grid = Screen()
        self.seen = 0
        self.driver.get(url)

    def screen(self) -> str:
        output = self.driver.execute_script(f"return window.__skirmishOutput.slice({self.seen})") or []
        self.seen += len(output)
        for chunk in output:
            self.screen_grid.feed(chunk)
        return self.screen_grid.text()

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} not shown after {timeout:.0f} s; the page shows:\n{shown}")
            time.sleep(0.2)

    def keys(self, *keys: str, pause: float = 0.3) -> None:
        """Type ``keys`` (text, or selenium's ``Keys`` values) into the terminal."""
        from selenium.webdriver.common.by import By

        field = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        for key in keys:
            field.send_keys(key)
            time.sleep(pause)

    def reload(self) -> None:
        """Load the page again: a new session, its screen read afresh."""
        self.driver.refresh()
        self.screen_grid, self.seen = Screen(), 0

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
