"""The log pane written again (a game's end at one keyboard, a change of
reader) keeps the computer's reasons where they were first written."""

from __future__ import annotations

import attrs
from textual.app import App

from tui.log_pane import LogPane


@attrs.frozen
class Said:
    sentence: str


class NothingWaiting:
    """The narrator with nothing left to show one at a time."""

    queue: tuple = ()

    def drop(self) -> None:
        pass


class OnePane(App):
    def compose(self):
        yield LogPane()


async def test_the_reasons_stand_before_their_orders_events_when_the_log_is_written_again():
    events = [Said(f"event {n}") for n in range(5)]
    notes = [(1, "» Bo (normal): reason for the second order"), (4, "» Bo (normal): reason for the last")]
    app = OnePane()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one(LogPane)
        pane.fill(events, NothingWaiting(), notes)
        await pilot.pause()
        lines = [str(line.text) for line in pane.lines]
    assert lines == ["event 0", notes[0][1], "event 1", "event 2", "event 3", notes[1][1], "event 4"]


async def test_only_the_newest_events_are_written_and_their_reasons_with_them():
    events = [Said(f"event {n}") for n in range(305)]
    notes = [(2, "» gone with its events"), (303, "» kept")]
    app = OnePane()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one(LogPane)
        pane.fill(events, NothingWaiting(), notes)
        await pilot.pause()
        lines = [str(line.text) for line in pane.lines]
    assert lines[0] == "event 5" and "» gone with its events" not in lines
    assert lines[-3:] == ["» kept", "event 303", "event 304"]
