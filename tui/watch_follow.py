"""Following a save while another Skirmish still plays it (``skirmish
watch FILE`` on a game not over): the file's size, time and inode are
looked at every :data:`POLL_SECONDS` on the app's thread (one ``stat``),
and when they change the save is read again, off the app's thread,
through the normal load path (``saves.store.load_for_play``: checked and
replayed).  Skirmish writes a save to a temporary file and moves it over
the old one (``os.replace``), so a read sees the whole old file or the
whole new one; a file that cannot be read (another program's half-written
copy, a damaged one, none at all) leaves the watcher on the last good
state, and the next change is read again.

What the watcher shows of it is :class:`tui.watch.WatchScreen`'s: this
module only reads, and says whether what it read goes on from the game
watched."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

POLL_SECONDS = 1.0


@attrs.frozen
class Read:
    """The save as read again: the game, its positions and turn marks
    (built here, off the app's thread), its reasons and seats; or why it
    could not be read (``error``), or that it is another game (``other``)."""

    game: Any = None
    history: tuple = ()
    marks: tuple = ()
    reasons: tuple = ()
    seats: tuple = ()
    error: BaseException | None = None
    other: bool = False


def same_game(old: Any, new: Any) -> bool:
    """``new`` is the game ``old`` was, played on or taken back: the same
    ruleset, options, battlefield, seed and players."""
    return (old.ruleset_name, old.options, old.battlefield, old.seed, tuple(old.players)) == (
        new.ruleset_name, new.options, new.battlefield, new.seed, tuple(new.players))


def signature(path: Path) -> tuple[int, int, int] | None:
    """What changes when the file is written: its inode (a new one at each
    atomic save), size and modification time; None if it cannot be seen."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def read_again(path: Path, watched: Any, history: tuple) -> Read:
    """The save at ``path`` read and replayed, as watching opens it
    (tui/opening.py ``watch_saved``).  ``watched``: the game shown now,
    ``history`` its positions; the positions it shares with the game read
    are kept, the rest played on from them.  Never raises."""
    try:
        from core.game import Submitted, submit
        from core.playback import positions, turn_marks
        from tui.app import safe_players
        from tui.persistence import store
        from tui.reason_log import saved_reasons

        game, pending, seats = store().load_for_play(Path(path))
        game = safe_players(game)
        if not same_game(watched, game):
            return Read(game=game, other=True)
        kept = 0
        while kept < min(len(watched.orders), len(game.orders)) and watched.orders[kept] == game.orders[kept]:
            kept += 1
        if kept == 0:
            steps = positions(game)
        else:
            here, out = history[kept], list(history[:kept + 1])
            for order in game.orders[kept:]:
                result = submit(here, order)
                if not isinstance(result, Submitted):  # load_for_play replayed it: not expected
                    raise ValueError(f"order {len(out)} ({order.to_text()}) is refused on replay: {result}")
                here = result.game
                out.append(here)
            steps = tuple(out)
        return Read(game, steps, turn_marks(steps), tuple(saved_reasons(game, pending)), tuple(seats))
    except Exception as exc:  # noqa: BLE001 - said in the watcher, which stays on the last good state
        return Read(error=exc)


def start_reading(path: Path, watched: Any, history: tuple, done: Callable[[Read], None]) -> None:
    """:func:`read_again` on a thread of its own; ``done`` gets the result
    there (it posts to the app's thread: tui/textual_fixes.py ``soon``)."""
    import threading

    threading.Thread(target=lambda: done(read_again(path, watched, history)),
                     name="skirmish-watch-follow", daemon=True).start()
