"""A Round is shown once.  Against the computer (or a remote player), a
Round that the other side's commit resolved was played out line by line
in the log pane, 0.7 s a line, and then the Round's playback box showed
it all again.  The playback box is the Round's paced showing: the log pane is
given the Round's lines at once, to read back once the box is closed,
and the box opens straight away.  Only where the box will not open
(nobody at this keyboard to watch it) are the lines played out one by
one, as every other event the player did not choose (tui/narrator.py)."""

from __future__ import annotations

from types import SimpleNamespace

import attrs

from core.events import Note, TurnEnded, TurnStarted
from core.game import submit
from core.rulesets.platemail.events import ActionTaken, AttackMade, PhaseBegan
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition
from tests.tui.test_computer import wait_for
from tests.tui.test_platemail import SIZE, deployed_game
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.narrator import Narrator
from tui.rulesets import adapter_for
from tui.rulesets.platemail_playback import Playback, round_events

ROUND_KINDS = (TurnStarted, PhaseBegan, ActionTaken, AttackMade, TurnEnded)

MOVE = Write(0, "a1", Act(0, Action.MOVE, to=(2, 4)), Condition.REACHED, Act(0, Action.DEFEND),
             Act(0, Action.DEFEND))


def committed_first():
    """Ann (side 0) has written and committed Round 1: the computer's
    commit, when it comes, resolves the Round."""
    game = deployed_game()
    for order in (MOVE, Commit(0)):
        game = submit(game, order).game
    assert game.state.committed == (True, False)
    return game


def log_lines(screen: GameScreen) -> list[str]:
    return [" ".join(strip.text.split()) for strip in screen.query_one("#log").lines]


async def test_the_round_the_computers_commit_resolves_is_shown_by_the_playback_alone(monkeypatch):
    monkeypatch.setattr("tui.narrator.PAUSE", 120.0)  # a line a line would wait out the test
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.narration_pace = "normal"
        app.start_game(committed_first(), seats=("human", "easy"))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert await wait_for(pilot, lambda: screen.game.state.round == 2)
        assert await wait_for(pilot, lambda: isinstance(app.screen, Playback), tries=100)
        playback = app.screen
        assert playback.shown == 1
        in_the_box = [event for group in playback.groups for event in group]
        assert any(isinstance(event, ActionTaken) for event in in_the_box)
        # nothing of the Round is played out in the log, nor waits to be (the
        # computer's commit of Round 2, given meanwhile, may: it is no part of it)
        narrated = [screen.narrator.showing, *screen.narrator.waiting()]
        assert not [event for event in narrated if isinstance(event, ROUND_KINDS)], narrated
        # the log pane holds every line of the Round already, to read once the box is closed
        shown = " ".join(log_lines(screen))  # (long lines wrap in the pane)
        for event in in_the_box:
            assert " ".join(event.sentence.split()) in shown, event.sentence
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#log").styles.text_opacity == 1.0


def resolved():
    """Round 1 resolved, as Ann's seat has it: (game, the Round's events)."""
    game = submit(committed_first(), Commit(1)).game
    assert game.state.round == 2
    return game, round_events(game.log_for(0))


def test_the_playback_is_said_to_show_the_round_only_where_it_opens_next():
    """``plays_back``: for the side whose playback of that Round opens
    next; not for a screen with no side (an onlooker's: no box opens),
    not once that side has seen it, not for events that resolve no
    Round, and not when the game is over (the result comes instead)."""
    game, events = resolved()
    adapter = adapter_for(game.ruleset)
    assert adapter.plays_back(game, 0, events) and adapter.plays_back(game, 1, events)
    assert not adapter.plays_back(game, None, events)
    assert not adapter.plays_back(game, 0, [e for e in events if not isinstance(e, TurnStarted)])
    assert adapter.prompt(game, 0, ()) is not None  # the box opens for Ann...
    assert not adapter.plays_back(game, 0, events)  # ...once: the same events again are the narrator's
    over = attrs.evolve(game, state=attrs.evolve(game.state, stage="over", winner=1))
    assert over.outcome is not None and not adapter.plays_back(over, 1, events)


class Stage:
    """What the narrator uses of a game screen, writing the log to ``lines``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.app = SimpleNamespace(narration_pace="step")
        self.over = 0

    def log_line(self, line: str) -> None:
        self.lines.append(line)

    def narration_moved(self) -> None:
        pass

    def narration_over(self) -> None:
        self.over += 1

    def query_one(self, _kind):
        raise LookupError  # no board


def test_a_round_told_at_once_waits_behind_what_is_being_shown_and_is_then_written_whole():
    """The commit that resolved the Round is still being shown (one key a
    line): the Round's lines follow it, all at once, in their order."""
    _, events = resolved()
    stage = Stage()
    narrator = Narrator(stage)
    first, second = Note("Bo commits their orders"), Note("a line before the Round")
    narrator.tell([first, second])
    narrator.tell(events, at_once=True)
    assert stage.lines == [first.sentence] and narrator.waiting() == (second,)  # only that waits for a key
    narrator.key()
    assert stage.lines == [first.sentence, second.sentence]
    narrator.key()
    assert stage.lines == [first.sentence, second.sentence, *(e.sentence for e in events)]
    assert not narrator.busy and stage.over == 1
    narrator.tell(events, at_once=True)  # nothing waiting: written now
    assert stage.lines[-len(events):] == [e.sentence for e in events] and not narrator.busy
