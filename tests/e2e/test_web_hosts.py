"""The web door in a real browser, at each name it answers to: a page opened
at http://localhost:PORT/ keeps its guest over a reload (its websocket went
to 127.0.0.1, where the localhost cookie is never sent), the door answers at
[::1] too, and a tab navigated away ends its session at once rather than
when the door finds it reads nothing (tester t5's F1 and F4)."""

from __future__ import annotations

import time

import pytest

from tests.e2e.test_web import browsers, start_web, stop, tab_guests  # noqa: F401 - browsers is a fixture
from tests.e2e.test_web_tabs_end import alive, tab_processes
from tui.web_address import ipv6_loopback
from tui.web_page import STALLED_AFTER

pytestmark = pytest.mark.e2e


def until_shown(browser, timeout: float = 60.0) -> None:
    """Until the page's terminal has drawn its app's first screen."""
    deadline = time.monotonic() + timeout
    while not browser.driver.execute_script("return document.body.classList.contains('-first-byte')"):
        assert time.monotonic() < deadline, "the tab's app never drew its screen"
        time.sleep(0.2)


def only_tab(web_pid: int, other_than: set[int] = frozenset(), timeout: float = 30.0) -> tuple[int, str]:
    """The one tab's app process (not one of ``other_than``) and its guest, once it is the only one."""
    deadline = time.monotonic() + timeout
    while True:
        tabs = tab_processes(web_pid)
        guests = tab_guests(web_pid)
        if len(tabs) == 1 and not tabs & other_than and len(guests) == 1:
            return next(iter(tabs)), guests[0]
        assert time.monotonic() < deadline, f"tabs {tabs}, guests {guests}"
        time.sleep(0.2)


def test_a_page_opened_at_localhost_keeps_its_guest_over_a_reload(tmp_path, browsers):  # noqa: F811
    web, port = start_web(tmp_path)
    try:
        tab = browsers(f"http://localhost:{port}/")
        until_shown(tab)
        first, guest = only_tab(web.pid)
        tab.reload()
        until_shown(tab)
        second, again = only_tab(web.pid, other_than={first})
        assert again == guest  # the cookie set for localhost went with the websocket
        if ipv6_loopback():
            other = browsers(f"http://[::1]:{port}/")  # README: [::1] is among the names it answers to
            until_shown(other)
    finally:
        stop(web)


def test_a_tab_navigated_away_ends_its_session_at_once(tmp_path, browsers):  # noqa: F811
    web, port = start_web(tmp_path)
    try:
        tab = browsers(f"http://127.0.0.1:{port}/")
        until_shown(tab)
        app, _ = only_tab(web.pid)
        tab.driver.get("about:blank")  # the page may be kept, frozen, for the Back button
        # its page closes the websocket as it goes, and the app is ended; a page
        # that kept it open would be found reading nothing only after STALLED_AFTER
        deadline = time.monotonic() + STALLED_AFTER * 2 / 3
        while alive(app):
            assert time.monotonic() < deadline, "the app of a tab navigated away runs on"
            time.sleep(0.2)
        tab.driver.back()  # brought back, the page starts a session again
        until_shown(tab)
        only_tab(web.pid, other_than={app})
    finally:
        stop(web)
