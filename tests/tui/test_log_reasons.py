"""The log pane written again (a game's end at one keyboard, a change of
reader) keeps the computer's reasons where they were first written."""

from __future__ import annotations

import attrs
from textual.app import App

from tui.log_pane import LogPane
from tui.narrator import Narrator


@attrs.frozen
class Said:
    sentence: str


class OnePane(App):
    def compose(self):
        yield LogPane()


async def written(events, narrator, notes) -> list[str]:
    """The pane's lines once ``fill`` has written ``events`` and ``notes``."""
    app = OnePane()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one(LogPane)
        pane.fill(events, narrator, notes)
        await pilot.pause()
        return [str(line.text) for line in pane.lines]


async def test_the_reasons_stand_before_their_orders_events_when_the_log_is_written_again():
    events = [Said(f"event {n}") for n in range(5)]
    notes = [(1, "» Bo (normal): reason for the second order"), (4, "» Bo (normal): reason for the last")]
    lines = await written(events, Narrator(ScreenLog()), notes)  # nothing left to show one at a time
    assert lines == ["event 0", notes[0][1], "event 1", "event 2", "event 3", notes[1][1], "event 4"]


async def test_only_the_newest_events_are_written_and_their_reasons_with_them():
    events = [Said(f"event {n}") for n in range(305)]
    notes = [(2, "» gone with its events"), (303, "» kept")]
    lines = await written(events, Narrator(ScreenLog()), notes)
    assert lines[0] == "event 5" and "» gone with its events" not in lines
    assert lines[-3:] == ["» kept", "event 303", "event 304"]


class Pace:
    narration_pace = "step"  # each event waits for a key


class ScreenLog:
    """What the narrator writes on: the log's lines, in order."""

    def __init__(self) -> None:
        self.app = Pace()
        self.lines: list[str] = []

    def log_line(self, text: str) -> None:
        self.lines.append(text)

    def query_one(self, _kind):
        raise LookupError("no board here")  # the marks are not what this test reads

    def narration_moved(self) -> None:
        pass

    def narration_over(self) -> None:
        pass


def test_a_reason_heard_while_events_are_still_shown_is_written_after_them_not_below_the_one_on_show():
    """The computer answers as soon as the game changes, before the screen
    has shown what it answers: its reason (said before its order) waits for
    the events told before it, and comes just before its own order's."""
    screen = ScreenLog()
    narrator = Narrator(screen)
    narrator.tell([Said("i1 rolls 3"), Said("i1 strikes back")])
    narrator.note("» Bo (easy): Defend r1")
    narrator.tell([Said("r1 rolls 2")])  # the computer's order, given after its reason
    assert screen.lines == ["i1 rolls 3"]  # the event on show stays the newest line
    assert narrator.waiting() == (Said("i1 strikes back"), Said("r1 rolls 2"))
    narrator.key()
    assert screen.lines == ["i1 rolls 3", "i1 strikes back"]
    narrator.key()
    assert screen.lines == ["i1 rolls 3", "i1 strikes back", "» Bo (easy): Defend r1", "r1 rolls 2"]
    narrator.key()
    assert not narrator.busy
    narrator.note("» Bo (easy): now")  # nothing being shown: written at once
    assert screen.lines[-1] == "» Bo (easy): now"


async def test_the_log_written_again_leaves_a_waiting_reason_to_the_narrator():
    screen = ScreenLog()
    narrator = Narrator(screen)
    events = [Said(f"event {n}") for n in range(4)]
    narrator.tell(events[1:3])  # event 1 on show, event 2 waiting
    narrator.note("» Bo (normal): its reason")
    narrator.tell(events[3:])
    lines = await written(events, narrator, [(3, "» Bo (normal): its reason")])
    assert lines == ["event 0", "event 1"]  # the rest is the narrator's to show, the reason in its place
    assert narrator.waiting() == tuple(events[2:])
