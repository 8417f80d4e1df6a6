"""The end of a game: who won and why, what each side kept and lost, how
many turns it took and how the dice treated each side; then what next
(rematch with the sides swapped, a new game, the main menu).

``summarise(game, adapter)`` works the figures out from the game alone
(pure, tested on its own); :class:`ResultScreen` shows them and dismisses
with the player's choice: ``"rematch"``, ``"new"``, ``"menu"``, ``"board"``
(look at the final board) or ``"extra"`` (the adapter's own next step,
such as Optio's battle).
"""

from __future__ import annotations

import re
from typing import Any

import attrs
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.events import GameOver, Rolled, TurnStarted
from core.game import gave_up
from core.orders import AgreeDraw, Concede

# The first word of a figure's status when it is out of the game.
# A figure whose status starts with one of these is out of the fight when
# the game ends: Waylights' KO and Platemail's unconscious (dying, stable)
# lose the game as surely as the dead.
LOST_WORDS = frozenset({"removed", "dead", "defeated", "out", "slain", "fled", "killed", "captured",
                        "ko", "dying", "stable", "unconscious"})
DIE = re.compile(r"^(\d*)d(\d+)$")


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@attrs.frozen
class Rolls:
    """Some of a side's dice: how many, the pips they showed, and the
    average those dice show (half of one more than their faces, each)."""

    dice: int = 0
    pips: int = 0
    expected: float = 0.0

    @property
    def difference(self) -> float:
        return self.pips - self.expected

    def words(self, wanted: str) -> str:
        """"24 dice wanted high: 90 pips, average 89.0: 1.0 above (good)":
        every number a reader needs to check the verdict."""
        diff = self.difference
        good = diff if wanted == "high" else -diff
        lean = "on the average" if abs(diff) < 0.05 else \
            f"{abs(diff):.1f} {'above' if diff > 0 else 'below'} ({'good' if good > 0 else 'bad'})"
        return (f"{_count(self.dice, 'die', 'dice')} wanted {wanted}: {_count(self.pips, 'pip', 'pips')}, "
                f"average {self.expected:.1f}: {lean}")


@attrs.frozen
class Luck:
    """A side's luck: its dice wanted high (most rolls: attack, damage)
    and those wanted low (``Rolled.low_is_good``: a defence that fails
    high, a cover roll), each against its average; in all, the pips above
    the average wanted high less those above it wanted low."""

    high: Rolls = Rolls()
    low: Rolls = Rolls()

    @property
    def dice(self) -> int:
        return self.high.dice + self.low.dice

    @property
    def pips(self) -> int:
        return self.high.pips + self.low.pips

    @property
    def expected(self) -> float:
        return self.high.expected + self.low.expected

    @property
    def difference(self) -> float:
        """The pips against the average, every die alike."""
        return self.pips - self.expected

    @property
    def fortune(self) -> float:
        """How many pips better than the average (below it counts where low was wanted)."""
        return self.high.difference - self.low.difference

    def lines(self) -> list[str]:
        """The verdict in pips better or worse than the average, then a line
        on the dice wanted high and one on those wanted low (each when
        there were any), with their pips and average: both sides' lines
        alike, and each number checkable from the ones beside it."""
        good = self.fortune
        per_die = good / self.dice if self.dice else 0.0
        # lucky or unlucky past a quarter of a pip a die, so a long game's
        # few pips either way read as what they are: about even
        mood = "lucky" if per_die > 0.25 else "unlucky" if per_die < -0.25 else "about even"
        dice = _count(self.dice, "die", "dice")
        if abs(good) < 0.05:
            verdict = f"{dice}, exactly the average ({mood})"
        else:
            verdict = (f"{dice}, {abs(good):.1f} pips {'better' if good > 0 else 'worse'} than the average "
                       f"({mood}, {abs(per_die):.1f} a die)")
        return [verdict] + [f"  {rolls.words(wanted)}" for rolls, wanted in ((self.high, "high"), (self.low, "low"))
                            if rolls.dice]

    def words(self) -> str:
        """The lines as one text (a log line, a test)."""
        return "; ".join(line.strip() for line in self.lines())


@attrs.frozen
class SideResult:
    name: str
    left: tuple[str, ...]
    lost: tuple[str, ...]
    luck: Luck | None


@attrs.frozen
class Result:
    headline: str
    reason: str
    turns: int
    sides: tuple[SideResult, ...]
    turn_word: str = "Turn"  # the ruleset's (Ruleset.turn_word)
    # the turns played, and when fewer than ``turns`` (nothing of the turn
    # the counter stands at was played) why: ``turns_played``
    played: int = 0
    fewer: str = ""


def _lost(status: str) -> bool:
    first = status.replace(",", " ").split()
    return bool(first) and first[0].lower() in LOST_WORDS


def _expected(expression: str, faces: tuple[int, ...]) -> float | None:
    """The average of the dice behind a roll ("2d6": 7), or None when the
    expression is not plain dice."""
    match = DIE.match(expression.strip().lower())
    if not match:
        return None
    sides = int(match.group(2))
    return len(faces) * (sides + 1) / 2


def luck_by_side(game: Any, owners: dict[str, int]) -> dict[int, Luck]:
    """Each side's dice against the average, from the game's Rolled events.
    A roll counts for the side whose figure (by id) or player (by name)
    made it; rolls of nobody in particular (who rolls first) count for
    no one.  A roll its roller wants low (``Rolled.low_is_good``) is good
    luck below the average; one where no face is better for its roller
    (``Rolled.neither_is_good``: which limb is lost, odd or even) is no
    luck either way, and counts for no one."""
    totals: dict[int, dict[bool, Rolls]] = {}
    for event in game.log:
        if not isinstance(event, Rolled) or not event.faces or event.neither_is_good:
            continue
        side = owners.get(event.who)
        if side is None and event.who in game.players:
            side = list(game.players).index(event.who)
        expected = _expected(event.expression, event.faces)
        if side is None or expected is None:
            continue
        groups = totals.setdefault(side, {False: Rolls(), True: Rolls()})
        was = groups[bool(event.low_is_good)]
        groups[bool(event.low_is_good)] = Rolls(was.dice + len(event.faces), was.pips + sum(event.faces),
                                                was.expected + expected)
    return {side: Luck(groups[False], groups[True]) for side, groups in totals.items()}


def summarise(game: Any, headline: str | None = None) -> Result:
    """The result of a finished game, in figures and words."""
    rules = game.ruleset
    outcome = game.outcome
    units = list(rules.units(game.state))
    owners = {u.id: u.side for u in units}
    luck = luck_by_side(game, owners)
    if headline is None:
        if outcome is None:
            headline = "The game is not over"
        elif outcome.winner is None:
            # No winner is a draw, except a game given up that names no
            # winner (Optio's pre-game): it says who gave it up.
            given = getattr(game, "concession", None)
            headline = "A draw" if given is None else f"{game.players[given.side]} {gave_up(given)}, no winner"
        else:
            headline = f"{game.players[outcome.winner]} wins"
    sides = []
    for side, name in enumerate(game.players):
        mine = [u for u in units if u.side == side]
        sides.append(SideResult(
            name=name,
            left=tuple(u.id for u in mine if not _lost(u.status)),
            lost=tuple(u.id for u in mine if _lost(u.status)),
            luck=luck.get(side),
        ))
    reason = outcome.reason if outcome is not None else ""
    situation = rules.situation(game.state)
    played, fewer = turns_played(game, situation, rules.turn_word.lower())
    if not fewer:  # the ruleset's own words on what the turns were (Optio's scouting, then closing)
        played, fewer = rules.turns_played(game.state, game.log, played)
    return Result(headline, reason, situation.turn, tuple(sides), rules.turn_word, played, fewer)


def turns_played(game: Any, situation: Any, word: str) -> tuple[int, str]:
    """How many turns of a game were played (the turn its counter stands
    at, or one fewer when nothing of that turn was), and why fewer: the
    game ended during deployment (no turn played), as that turn began
    (Spheres of War's rule 22), or while its orders were written where
    both sides' orders are carried out at once (Platemail: a concession or
    an agreed draw in Round 2's orders leaves Round 1 played)."""
    turn = situation.turn
    if game.outcome is None:
        return turn, ""
    if situation.deploying:
        return 0, "the game ended during deployment"
    if ended_as_begun(game.log, turn):
        return turn - 1, f"the game ended as {word} {turn} began"
    # given up (a concession, a forfeit, an agreed draw): always the last order, read
    # from the orders so that a seat's game (core.seats.SeatGame, a joiner's) answers too
    last = game.orders[-1] if getattr(game, "orders", ()) else None
    given_up = isinstance(last, (Concede, AgreeDraw))
    begun = any(isinstance(event, TurnStarted) and event.turn == turn for event in game.log)
    if given_up and game.ruleset.capabilities.simultaneous_orders and not begun:
        return turn - 1, f"the game ended while {word} {turn}'s orders were being written"
    return turn, ""


def ended_as_begun(log, turn: int) -> bool:
    """Whether the game ended as turn ``turn`` began: nothing but the end
    of the game follows the log's last turn start, and that start is
    ``turn``'s."""
    for event in reversed(log):
        if isinstance(event, TurnStarted):
            return event.turn == turn
        if not isinstance(event, GameOver):
            return False
    return False


def result_lines(result: Result, sides: list[str] | None = None, checked: str | None = None,
                 note: str | None = None) -> list[str]:
    """The result in lines; ``sides``: a ruleset's own lines on each side
    (instead of the figures left and lost and the dice's luck); ``checked``:
    the dice check of a joined or server's game, and ``note``: where the
    computer's reasons went, both said before the sides' lines so that they
    show without scrolling at 80x24 (the luck lines run long)."""
    played = f"{result.turn_word}s played: {result.played}"
    if result.fewer:
        played += f" ({result.fewer})"
    said = [line for line in (checked, note) if line]
    lines = [f"Why: {result.reason}." if result.reason else "", played] + said + [""]
    if sides is None:
        sides = side_lines(result)
    return [line for index, line in enumerate(lines + sides) if line or index > 0]


def side_lines(result: Result, lost_words: dict[str, str] | None = None) -> list[str]:
    """Each side's figures left and lost and its dice against the average;
    ``lost_words``: a word on how a lost figure is out, by its id
    (Platemail's dying, stable or dead), put after it."""
    lines: list[str] = []
    words = lost_words or {}
    for side in result.sides:
        lines.append(f"{side.name}: {len(side.left)} left, {len(side.lost)} lost")
        if side.left:
            lines.append(f"  left: {' '.join(side.left)}")
        if side.lost:
            lost = [f"{u} ({words[u]})" if words.get(u) else u for u in side.lost]
            lines.append(f"  lost: {(', ' if words else ' ').join(lost)}")
        if side.luck is not None:
            first, *more = side.luck.lines()
            lines += [f"  luck: {first}"] + [f"  {line}" for line in more]
    return lines


BODY_ROWS = 12  # the result's text at 80x24, above its menu


class ResultScreen(Screen[str]):
    """The result, full screen; Enter on an entry (or its key) goes on."""

    DEFAULT_CSS = """
    ResultScreen { align: center middle; background: $background; }
    ResultScreen > Vertical { width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: double $accent; padding: 0 1; }
    ResultScreen #result-headline { text-style: bold; width: 100%; }
    ResultScreen #result-body { height: auto; max-height: 12; }  /* BODY_ROWS; more on a taller terminal */
    ResultScreen OptionList { height: auto; border: none; }
    ResultScreen #result-next { width: 100%; text-style: bold; display: none; }
    ResultScreen #result-hint { color: $text-muted; width: 100%; }
    """
    HINT = "↑↓ then Enter, or the key shown · Esc: the board"
    MORE = f"{HINT} · PgUp/PgDn: more"
    BINDINGS = [
        # priority: the menu has the focus, and its own page keys would take these
        Binding("pageup", "scroll_text(-1)", "Scroll up", show=False, priority=True),
        Binding("pagedown", "scroll_text(1)", "Scroll down", show=False, priority=True),
        Binding("r", "pick('rematch')", "Rematch"),
        Binding("n", "pick('new')", "New game"),
        Binding("m", "pick('menu')", "Main menu"),
        Binding("w", "pick('watch')", "Watch"),
        Binding("b,escape", "pick('board')", "Board"),
        Binding("e", "pick('extra')", "What follows", show=False),  # the ruleset's own entry, when it has one
    ]

    def __init__(self, game: Any, headline: str | None = None, extra: str | None = None,
                 sides: list[str] | None = None, note: str | None = None, players_only: str = "",
                 checked: str | None = None, following: tuple[str, str] | None = None,
                 menu: str = "Main menu", extra_for_all: bool = False) -> None:
        """``following``: the game the other player of a server's game has
        begun after this one, as (the server's words, the choice that takes
        this player's seat in it: "rematch" or "extra"), said above the menu
        until the player picks (``show_following`` when it comes later).
        ``checked``: the dice check of a joined or server's game, shown
        under the reason, above the sides' lines.  ``players_only``: this
        terminal cannot begin what follows the game (a rematch, the battle
        after an Optio pre-game): it watches a server's game, whose players
        alone may ask for it, or it is a hosted game's joiner or onlooker,
        where the host chooses.  Those entries are not offered, and their
        keys say this sentence instead.  ``menu``: where ``m`` goes (a
        server's game: "The lobby").  ``extra_for_all``: the ruleset's
        entry only looks back at the game (Platemail's last Round), so it
        is offered whoever chooses what follows."""
        super().__init__()
        self.game = game
        self.players_only = players_only
        self.extra_for_all = extra_for_all
        if players_only and not extra_for_all:
            extra = None
        self.result = summarise(game, headline)
        self.sides = sides
        self.note = note  # where the computer's reasons went, under the reason
        self.checked = checked
        self.following = following
        self.extra = extra
        self.choices: list[tuple[str, str]] = []
        if extra:
            self.choices.append((f"e  {extra}", "extra"))
        if not players_only:
            self.choices.append(("r  Rematch: same options, sides swapped", "rematch"))
        self.choices += [
            ("n  New game", "new"),
            (f"m  {menu}", "menu"),
            ("w  Watch the game again from the start", "watch"),
            ("b  Back to the final board", "board"),
        ]

    def compose(self) -> ComposeResult:
        with Vertical():
            headline = self.result.headline
            # after a colon a draw is "a draw", as the game screens say it
            yield Static(f"Game over: {'a draw' if headline == 'A draw' else headline}", id="result-headline",
                         markup=False)
            with VerticalScroll(id="result-body"):
                lines = result_lines(self.result, self.sides, self.checked, self.note)
                yield Static("\n".join(lines), id="result-text", markup=False)
            yield Static("", id="result-next", markup=False)
            yield OptionList(*[Option(label, id=value) for label, value in self.choices], id="result-menu")
            yield Static(self.HINT, id="result-hint", markup=False)

    def on_mount(self) -> None:
        # Nothing highlighted at first: the banner asks for Enter to open this
        # screen, and a second Enter landing as it opens must not pick an
        # entry (it started a rematch). An arrow key highlights one.
        menu = self.query_one(OptionList)
        menu.highlighted = None
        menu.focus()
        if self.following is not None:
            self.show_following(*self.following)
        self.call_after_refresh(self._say_more)

    def show_following(self, words: str, choice: str) -> None:
        """The other player has begun the game after this one (a server's
        rematch or battle): said above the menu, where it stays; ``choice``
        (r, or e for a battle) takes this player's seat in it."""
        self.following = (words, choice)
        line = self.query_one("#result-next", Static)
        line.update(words)
        line.display = True
        self._fit_body(self.size.height)
        self.call_after_refresh(self._say_more)

    def show_checked(self, checked: str) -> None:
        """The dice check, when it comes after the screen opened (a long
        game's dice take a while to check): shown where it belongs."""
        if checked == self.checked:
            return
        self.checked = checked
        lines = result_lines(self.result, self.sides, self.checked, self.note)
        self.query_one("#result-text", Static).update("\n".join(lines))
        self.call_after_refresh(self._say_more)

    def on_resize(self, event: events.Resize) -> None:
        """The text's box is 12 rows at 24 (the menu and hint below it), and
        grows with a taller terminal, so what fits is shown whole."""
        self._fit_body(event.size.height)
        self.call_after_refresh(self._say_more)

    def _fit_body(self, height: int) -> None:
        """The text's box: 12 rows at 24, fewer by the rows the line of the
        game that follows takes (the text scrolls; the menu stays whole)."""
        taken = _rows(self.following[0], 74) if self.following is not None else 0
        rows = BODY_ROWS + max(0, height - 24) - taken
        self.query_one("#result-body", VerticalScroll).styles.max_height = max(3, rows)

    def _say_more(self) -> None:
        """The hint names the page keys when the text is taller than its box.
        It runs after a refresh, so a refusal said by then (a key pressed as
        the screen opened) stays: it is the newer news."""
        hint = self.query_one("#result-hint", Static)
        if str(hint.render()) not in (self.HINT, self.MORE):
            return
        more = self.query_one("#result-body", VerticalScroll).max_scroll_y > 0
        hint.update(self.MORE if more else self.HINT)

    def action_scroll_text(self, step: int) -> None:
        body = self.query_one("#result-body", VerticalScroll)
        if step > 0:
            body.scroll_page_down(animate=False)
        else:
            body.scroll_page_up(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option.id or "")

    def action_pick(self, value: str) -> None:
        chooses = value == "rematch" or (value == "extra" and not self.extra_for_all)  # what follows the game
        if self.players_only and chooses:
            self.query_one("#result-hint", Static).update(self.players_only)
            return
        if value == "extra" and not self.extra:
            return  # no entry of the ruleset's own in this game
        if self.following is not None and chooses and value != self.following[1]:
            # the server keeps one game after this one: the one the other player began
            key = "r" if self.following[1] == "rematch" else "e"
            self.query_one("#result-hint", Static).update(
                f"The game after this one waits for you already (above): {key} takes your seat in it.")
            return
        self.dismiss(value)


def _rows(text: str, width: int) -> int:
    """The rows ``text`` takes wrapped at ``width`` columns."""
    import textwrap

    return max(1, len(textwrap.wrap(text, width)))


def rematch(game: Any) -> Any:
    """A new game with the same ruleset, options and battlefield, each
    player now at the other side, and fresh dice.  An option that names a
    side follows its player (net/following.py ``options_for_swapped_sides``):
    whoever the form named to move first moves first again, each keeps
    their warband; kept as they were only when, swapped, they would not
    fit the battlefield."""
    from core.game import start
    from net.following import options_for_swapped_sides

    players = tuple(reversed(game.players))
    options = options_for_swapped_sides(game.options)
    if game.ruleset.check_options(options, game.battlefield) is not None:
        options = game.options
    return start(game.ruleset, options, game.battlefield, seed=game.seed + 1, players=players)
