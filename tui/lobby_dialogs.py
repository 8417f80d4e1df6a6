"""The lobby's small dialogs: one line of text (a name, an invitation
code, a chat line: ``AskLine``, its field ``LineInput``), the new-game form with a filler for each seat
(``tui.newgame``'s form, its names replaced by the players' own), and the
words of ``x`` (withdraw): its question, or why it withdraws nothing."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

import attrs
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.form_keys import InOrderInput
from tui.newgame import NewGameScreen
from tui.widgets import Cycler

# Who fills a seat of a game made on the server (net.serverclient's fillers).
FILLERS = ("me", "open", "invite", "easy", "normal", "hard")
FILLER_LABELS = ("me", "open to anyone", "by invitation code", "the computer (easy)",
                 "the computer (normal)", "the computer (hard)")


def plain(text: Any, limit: int = 200) -> str:
    """Text from the server (names, chat, options) as it may be shown:
    control and format characters dropped, capped.  Shown with
    ``markup=False`` or escaped by the caller."""
    shown = "".join(ch for ch in str(text) if unicodedata.category(ch) not in ("Cc", "Cf"))
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def unfit_character(text: str) -> str:
    """What in ``text`` no key types into a line, named (a tab, a line
    break, a terminal code, another control or invisible character), or
    "": such a line is refused, never taken out (README: a tab or a
    terminal code refuses a name)."""
    for ch in text:
        if ch == "\t":
            return "a tab"
        if ch in "\r\n\x85\u2028\u2029":
            return "a line break"
        if ch in "\x1b\x9b":  # Esc, or the one-character CSI a terminal code may begin with
            return "a terminal code (it begins with Esc)"
        if unicodedata.category(ch) in ("Cc", "Cf"):
            return f"a character that shows as nothing (U+{ord(ch):04X})"
    return ""


def typed_unfit(event: events.Key) -> str:
    """Why a typed key goes into no line of ``AskLine``, or "" (it types a
    character, or the field or the screen has a use for it).  Tab: the
    field is the screen's only one, so there is nowhere to move to; a
    terminal code's Esc that came as a character (Esc itself cancels)."""
    if event.key in ("tab", "shift+tab"):
        return "Not typed: a tab cannot go in this line (it is one line of words); put a space instead."
    if event.key != "escape" and event.character is not None and event.character[:1] in ("\x1b", "\x9b"):
        return f"Not typed: {unfit_character(event.character)} cannot go in this line."
    return ""  # any other key: the field's, the screen's or the app's (ctrl+q...)


class LineInput(InOrderInput):
    """The field of ``AskLine``.  Enter gives the line as it is at that
    key: Textual runs the Enter binding only once the key has gone up to
    the app, after the keys typed just behind it went into the field (c,
    "abc", Enter, x said "abcx"); its other editing keys (backspace,
    ctrl+u...) act in turn too (``InOrderInput``).  A paste goes in at
    the cursor, in order; one holding what no key types here
    (``unfit_character``) goes in not at all, and ``Refused`` says why."""

    class Refused(Message):
        def __init__(self, why: str) -> None:
            super().__init__()
            self.why = why

    # Textual calls each class's ``_on_key``/``_on_paste`` in turn, down to
    # Input's, unless one prevents the default.
    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted(self, self.value))
            return
        why = typed_unfit(event)
        if why:  # never dropped without a word (the words either side of it would run together)
            event.stop()
            event.prevent_default()
            self.app.bell()
            self.post_message(self.Refused(why))

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()
        text = event.text.rstrip("\r\n")  # a copied line's own end
        why = unfit_character(text)
        if why:
            self.app.bell()
            self.post_message(self.Refused(f"Not pasted: it holds {why}, which this line cannot hold."))
            return
        if text:
            start, end = sorted(self.selection)
            self.replace(text, start, end)  # at the cursor, over what is selected


# What the line's input holds at most: far past any limit it is asked
# with, so a line over its limit is refused with the limit said, never
# stopped or cut without a word (docs/server.md: too long is refused).
INPUT_CAP = 2000


class AskLine(ModalScreen[Any]):
    """One line of text; Enter gives it (stripped; None when empty), Esc
    None.  ``max_length``: the most characters it takes.  A longer line is
    never cut, nor is typing stopped at the limit: the hint says it is too
    long as soon as it is, and Enter refuses it, saying the limit, and
    leaves it to be shortened."""

    DEFAULT_CSS = """
    AskLine { align: center middle; }
    AskLine > Vertical { width: 70; max-width: 98%; height: auto; border: round $accent;
        background: $panel; padding: 0 1; }
    AskLine Input { width: 1fr; }
    AskLine #ask-hint { color: $text-muted; }
    AskLine #ask-hint.too-long { color: $warning; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, hint: str = "Enter: give it · Esc: back", start: str = "",
                 max_length: int = 80, check: Callable[[str], str] | None = None) -> None:
        """``check``: why the line may not be given just now ("": it may),
        the line kept in its field."""
        super().__init__()
        self.check = check
        self.ask_title = title
        self.hint = hint
        self.start = start
        self.max_length = max_length
        self.answered = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.ask_title, markup=False)
            yield LineInput(self.start, id="line", max_length=max(INPUT_CAP, self.max_length))
            yield Static(self.hint, id="ask-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def given(self, value: str) -> str:
        """The line as it would be given: what shows of it, stripped."""
        return plain(value, len(value) + 1).strip()

    def too_long(self, value: str) -> str:
        """Why ``value`` is refused for its length, with the limit, or ""."""
        count = len(self.given(value))
        if count <= self.max_length:
            return ""
        return f"{count} characters, at most {self.max_length}. Shorten it, then Enter."

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        why = self.too_long(event.value)
        hint = self.query_one("#ask-hint", Static)
        hint.update(f"Too long: {why}" if why else self.hint)
        hint.set_class(bool(why), "too-long")

    def refuse(self, why: str) -> None:
        """``why`` under the line, which stays to be mended."""
        hint = self.query_one("#ask-hint", Static)
        hint.update(why)
        hint.set_class(True, "too-long")

    def on_line_input_refused(self, event: LineInput.Refused) -> None:
        event.stop()
        self.refuse(event.why)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.answered:  # keys typed just behind the Enter that gave the line
            return
        why = self.too_long(event.value)
        if why:  # refused, the line kept to be shortened: never cut
            self.app.bell()
            self.refuse(f"Not given, too long: {why}")
            return
        unfit = unfit_character(event.value)
        if unfit:  # refused, never taken out
            self.app.bell()
            self.refuse(f"Not given: it holds {unfit}, which this line cannot hold.")
            return
        later = self.check(event.value) if self.check is not None else ""
        if later:
            self.app.bell()
            self.refuse(later)
            return
        self.answered = True
        self.dismiss(self.given(event.value) or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


@attrs.frozen
class GameWanted:
    """What the server form asks the server for."""

    rules: Any
    options: Any
    battlefield: Any
    seats: tuple[str, str]


class ServerGameForm(NewGameScreen):
    """The new-game form for a game on the server: the ruleset, its options
    and battlefield as in a local game, and who fills each seat (me, open to
    anyone, by invitation code, the computer at a level: the server plays
    it).  The players' names are their own display names, so the name rows
    are hidden.  Dismisses with a :class:`GameWanted`, or None."""

    # The seats' help is four rows at 80 columns (the local form's three cut
    # its last words off); the form scrolls under it.
    DEFAULT_CSS = """
    ServerGameForm #field-help { max-height: 5; }
    """
    SEAT_CHOICES = FILLERS
    SEAT_CHOICE_LABELS = FILLER_LABELS
    FIELD_HELP = NewGameScreen.FIELD_HELP | {
        "seat": "me: you play this side. Open: the first to join plays it. By invitation code: only "
                "whoever you give the code. The computer: the server plays it (easy, normal or hard). "
                "One of the two seats is yours (me): a game under way ends only by its players.",
    }

    def _start_values(self) -> tuple[str | None, tuple[str, str], tuple[str, str]]:
        ruleset, players, _seats = super()._start_values()
        return ruleset, players, ("me", "open")

    def on_mount(self) -> None:
        super().on_mount()
        for i in (0, 1):
            row = self.query_one(f"#p{i}", Input).parent
            if row is not None:
                row.display = False
        self.query_one(Static).update("[b]New game on the server[/b]  Tab: next · ←/→: change · ctrl+g: start")

    def typed_names(self) -> tuple[str, str]:
        """The words a choice that names a player ("Players' side") uses
        here: the seats', "me" and "my opponent" as the seats stand (the
        hidden name fields hold the local form's remembered names, which
        nobody here goes by: a tester read "◀ Ann ▶" at a server)."""
        seats = [field.value for i in (0, 1) for field in self.query(f"#seat{i}").results(Cycler)]
        if len(seats) != 2:
            seats = list(self._start_values()[2])
        return ("me" if seats[0] == "me" else "my opponent", "me" if seats[1] == "me" else "my opponent")

    def _extra_sources(self, rules: Any, options: Any, slip: bool) -> list[tuple[str, Any]]:
        """Optio's own maps only.  A pre-game first cannot be chained on a
        server (an Optio game is made by itself, and its result screen asks
        the server for the battle), and the last pre-game's ground would be
        read from this machine's saves, which are not the server's."""
        from tui.rulesets.optio_fight import OPTIO

        return super()._extra_sources(rules, options, slip) if rules.name == OPTIO else []

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        """A pair of seats the server would refuse (none of them "me", or
        both) is said at once, under the form, not only on Start; a pair it
        takes gives the line back to the options.  (The form's own handler
        runs too.)"""
        if event.cycler.id not in ("seat0", "seat1"):
            return
        self._name_players()  # "me" and "my opponent" follow the seats
        seats = tuple(self.query_one(f"#seat{i}", Cycler).value for i in (0, 1))
        why = self._seats_problem(seats)  # type: ignore[arg-type]
        if why:
            self.query_one("#problem", Static).update(why)
        else:
            self._show_problem()

    def _seats_problem(self, seats: tuple[str, str]) -> str | None:
        if "me" not in seats:
            return ("One of the seats is yours: choose \"me\" for the side you play (a game under way ends "
                    "only by its players, so the server makes none you do not sit at).")
        if seats == ("me", "me"):
            return "Both seats cannot be yours on a server: the other is open, invited or the computer."
        return None

    def action_start(self) -> None:
        problem = self.query_one("#problem", Static)
        chosen = self.checked_choice()
        if chosen is None:
            return
        rules, options, bf = chosen
        seats = tuple(self.query_one(f"#seat{i}").value for i in (0, 1))
        why = self._seats_problem(seats)  # type: ignore[arg-type]
        if why:
            problem.update(why)
            return
        self._remember_server_game(rules, options, bf)
        self.dismiss(GameWanted(rules, options, bf, seats))  # type: ignore[arg-type]

    def _remember_server_game(self, rules: Any, options: Any, bf: Any) -> None:
        """The ruleset, its options and battlefield open the next form (the
        README's "your last game's ruleset"), as a local game's do; the
        local form's names and seats stay as they were (this form has its
        own).  Through a door they are this player's alone (saves/settings.py)."""
        from saves.settings import remember

        library = any(bf is shipped for shipped in self.battlefields)  # not an Optio map's ground
        try:
            said = remember(rules, options, None, None, bf.name if library else None)
        except Exception as exc:  # noqa: BLE001 - remembering never stops a game
            said = str(exc)
        if said:
            self.app.notify(said, severity="warning", timeout=6, markup=False)


# -- withdrawing (x) ---------------------------------------------------------------
# The states of a game of yours that x withdraws: one nobody has joined yet,
# and one the server cannot load (net/damaged.py, docs/server.md *A damaged game*).
WITHDRAWABLE = ("open", "damaged")


def withdraw_question(entry: Any, words: str) -> str:
    """``x``'s question for the game ``entry`` (``words``: its lobby line),
    saying what withdrawing it does: a waiting game goes from the server
    for good (a rematch or battle waiting for its other player may be
    asked for again); a damaged one leaves both players' lists, and the
    server keeps its stored row for its administrator to repair."""
    from textual.markup import escape

    from tui.lobby_words import waiting_turn

    line = escape(plain(words, 200))
    if getattr(entry, "state", "") == "damaged":
        return ("Withdraw this damaged game? The server cannot load it; it goes from your list and your "
                "opponent's, and the server keeps its stored row for its administrator, who may repair "
                f"it and bring it back.\n{line}")
    players = getattr(entry, "players", None) or ()
    you = getattr(entry, "you", None)
    if waiting_turn(entry) and you in (0, 1) and len(players) == 2:  # made by you after a finished game
        other = escape(plain(players[1 - you], 24))
        return (f"Withdraw this game? {other} has not come to it yet, so it has not begun; it goes from the "
                f"server for good, and either of you may ask for it again from the finished game.\n{line}")
    return f"Withdraw this game? Nobody has joined it yet; it goes from the server for good.\n{line}"


# What the player may do instead with a game that waits for them, made by
# the other player (a rematch, Optio's battle: docs/rulings.md, *Leaving a server game*).
YOURS_TO_BEGIN = ("Enter takes your seat and it begins; or leave it as it is: it does not begin without you, "
                  "and nobody can claim it.")


def withdraw_refusal(chosen: tuple[str, Any] | None) -> str:
    """Why ``x`` withdraws nothing for the highlighted entry (section, game),
    in the words that fit that game; "" when it may ask (a game of yours
    waiting for its opponent, or a damaged one)."""
    from tui.lobby_words import awaited_by

    if chosen is None:
        return "x: withdraw a game of yours still waiting for its opponent (highlight it first)."
    section, entry = chosen
    awaited = awaited_by(entry) if section == "mine" else None
    if awaited is not None:  # the server refuses it: only its maker withdraws it
        what, maker = awaited
        return (f"Not yours to withdraw: {plain(maker, 24)} made this {what} and waits for you (only the player "
                f"who made a game may withdraw it). {YOURS_TO_BEGIN}")
    if section == "mine" and getattr(entry, "state", "") in WITHDRAWABLE:
        return ""
    if section == "mine":  # a game of yours under way: it has begun, and the server keeps it
        return ("This game has begun, so it cannot be withdrawn: open it (Enter) and concede it with q "
                "then c, or claim it with q then w once your opponent has left it.")
    if section == "finished":
        return "This game is over: there is nothing to withdraw (the server keeps finished games)."
    return "x withdraws only a game of yours that nobody has joined yet: this one is not yours."


def not_yours_refused(why: str) -> str:
    """The server's refusal of ``x`` on a game of yours it says you did not
    make (the lobby's entry did not say so): the only such game in your
    list waits for you to come to it (a rematch, a battle)."""
    return f"Refused: {why}. It waits for you: {YOURS_TO_BEGIN}"
