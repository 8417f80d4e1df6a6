"""Modals of the Waylights screen: a keyboard pick list (grouped, with a
hotkey on every entry), the dice split picker, the exact attack preview
and the hand-over card shown before the other player's decision.

Every modal dismisses with an ``Order`` (or None): the shared game screen
submits it.  Picking an ``attack`` anywhere goes through the preview first.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

HEADING = object()  # value of a group heading row (drawn, never picked)
HOTKEYS = "123456789abcdefghijklmnopqrstuvwxyz"

# Narrative labels of the five splits (attack dice / defence dice), in the
# words of a melee fighter and of a shooter, each meaning what the seed's
# split table ("Attack and Defense") gives that split, in our own words.  With
# no attack dice (0/4) a figure makes no attack of its own, and with no
# defence dice (4/0) no counterattack (docs/rulings.md, Waylights).
SPLIT_LABELS: dict[int, tuple[str, str]] = {
    4: ("all-out assault, no guard, no counter", "a hail of fire or a marksman's long aim; no return fire"),
    3: ("press hard, keep a token guard", "rise up shooting, or line up one careful shot"),
    2: ("trade blows evenly", "shoot, then duck back into cover"),
    1: ("probe with jabs behind a firm guard", "a quick shot, then back to keeping safe"),
    0: ("pure defence, no attack: parry, block, or counter", "head down, no shots of your own; may return fire"),
}


def split_label(attack: int, ranged: bool) -> str:
    return SPLIT_LABELS[attack][1 if ranged else 0]


def quit_question_under(modal: ModalScreen) -> None:
    """``q`` in a window of the Waylights screen: the game's own ``q``
    question (leave, concede, answer a draw offer the banner names, claim).
    The windows over the game close first (their question is asked again
    once ``q``'s has gone: ``window_again``), so that no window of the
    game's is open under the question."""
    app = modal.app
    stack = app.screen_stack
    below = stack[:stack.index(modal)] if modal in stack else []
    game = next((s for s in reversed(below) if callable(getattr(s, "action_quit_game", None))), None)
    if game is None:
        return

    async def close_then_ask() -> None:
        # each window gone for good first: the question's answer comes back
        # to the screen under it when it was opened (Textual's requester)
        for _ in range(len(stack)):  # the top one each time (a sub-list over its list, the preview)
            if app.screen is game or not isinstance(app.screen, ModalScreen):
                break
            await app.screen.dismiss(None)
        if app.screen is not game:
            return
        game.action_quit_game()
        question = app.screen
        if question is not game:
            game.run_worker(window_again(game, question), exclusive=False)

    app.call_later(close_then_ask)


async def window_again(game: Any, question: Any) -> None:
    """Once ``q``'s question has gone and its answer is given, the game
    screen draws itself again, and its prompt (the window ``q`` closed)
    opens again if its question is still the one to answer."""
    import asyncio

    while question in game.app.screen_stack:
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.05)  # the answer's callback first (it says no window is open)
    if game.is_attached and game.app.screen is game and not game.modal_open:
        # the window was closed for the question, not declined with Esc:
        # the adapter asks it again (tui/rulesets/waylights.py ``prompt``)
        game.adapter.closed_for_a_question(game.game)
        game.redraw()


class PickList(ModalScreen[Any]):
    """A keyboard menu: ``rows`` are (label, value); a value ``HEADING``
    draws a group heading.  Every other row gets a hotkey (1-9 then a-z,
    unless ``keys`` names one) and is reached with the arrows; Enter or the
    hotkey picks it.  A value that is a callable returning a modal opens
    that modal and dismisses with its result (None: back to this list).
    ``refused``: keys shown nowhere in the list that would do nothing now,
    each with the reason it says when pressed.

    Every row is one screen line (cut with "…" at the box's width) and the
    list shows as many as the terminal leaves room for beside the title and
    the key line, so the box never runs off an 80x24 screen; scrolled, the
    heading of the highlighted row's group stays on the first line."""

    DEFAULT_CSS = """
    PickList Label { width: 100%; }
    PickList { align: center middle; }
    PickList > Vertical { width: 74; max-width: 98%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1; }
    PickList #pick-title { text-style: bold; width: 100%; }
    PickList #pick-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("enter,space", "pick", "Choose"),
        Binding("escape", "cancel", "Cancel"),
    ]
    WINDOW = 13  # rows drawn at most (fewer when the terminal is short)
    BOX_WIDTH = 74  # the CSS width above
    MARGIN = 2  # screen lines left free above and below the box (the status lines)

    def __init__(self, title: str, rows: Sequence[tuple[str, Any]], hint: str = "",
                 keys: dict[int, str] | None = None,
                 confirm: Callable[[Any], ModalScreen | None] | None = None, start: int = 0,
                 refused: dict[str, str] | None = None) -> None:
        super().__init__()
        self.pick_title = title
        self.rows = list(rows)
        self.hint = hint or "↑↓ choose · Enter or the key picks · Esc back"
        self.confirm = confirm
        self.refused = dict(refused or {})
        self.said = ""  # the reason a refused key gave, shown above the key line
        self.hotkeys: dict[str, int] = {}
        self.row_keys: dict[int, str] = {}
        free = iter(k for k in HOTKEYS if k not in (keys or {}).values() and k not in self.refused)
        for i, (_, value) in enumerate(self.rows):
            if value is HEADING:
                continue
            key = (keys or {}).get(i) or next(free, "")
            if key:
                self.hotkeys[key] = i
                self.row_keys[i] = key
        self.selectable = [i for i, (_, v) in enumerate(self.rows) if v is not HEADING]
        self.cursor = self.selectable[min(start, len(self.selectable) - 1)] if self.selectable else -1

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.pick_title, id="pick-title", markup=False)
            yield Static(self._render_rows(), id="pick-rows")
            yield Static(self._hint_text(), id="pick-hint", markup=False)

    def lines(self) -> list[str]:
        """Every row as drawn (hotkey and label), for tests and the screen."""
        out = []
        for i, (label, value) in enumerate(self.rows):
            if value is HEADING:
                out.append(f"── {label} ──")
            else:
                out.append(f"{self.row_keys.get(i, ' ')}  {label}")
        return out

    # -- fitting the screen ----------------------------------------------------------
    def _screen(self) -> tuple[int, int]:
        try:
            size = self.app.size
            return size.width, size.height
        except Exception:  # not mounted (a test building the list alone): 80x24
            return 80, 24

    def inner_width(self) -> int:
        width, _ = self._screen()
        return max(20, min(self.BOX_WIDTH, width * 98 // 100) - 4)  # border and padding

    def _wrapped(self, text: str) -> int:
        width = self.inner_width()
        return sum(max(1, len(textwrap.wrap(part, width))) for part in text.split("\n"))

    def window(self) -> int:
        """How many rows fit: the screen less its free margins, the border,
        the title, the "more" line and the key line."""
        _, height = self._screen()
        room = height - 2 * self.MARGIN - 2 - self._wrapped(self.pick_title) - self._wrapped(self._hint_text()) - 1
        return max(3, min(self.WINDOW, room))

    def _hint_text(self) -> str:
        return f"{self.said}\n{self.hint}" if self.said else self.hint

    def _shown(self) -> list[tuple[int, str]]:
        """(row index, line) of each row the box draws now: cut to its width,
        the window scrolled to the highlighted row, its heading kept on top."""
        lines, window, width = self.lines(), self.window(), self.inner_width()
        order = list(range(len(lines)))
        if len(lines) > window:
            top = max(0, min(self.cursor - window // 2, len(lines) - window))
            order = order[top:top + window]
            heading = next((i for i in range(top, -1, -1) if self.rows[i][1] is HEADING), None)
            if heading is not None and heading < top:
                rest = order[1:] if order[0] != self.cursor else order[:-1]
                order = [heading] + rest
        out = []
        for i in order:
            text = ("▶ " if i == self.cursor else "  ") + lines[i]
            out.append((i, text if len(text) <= width else text[:width - 1] + "…"))
        return out

    def shown_lines(self) -> list[str]:
        """The rows as the box draws them now (for tests)."""
        return [text for _, text in self._shown()]

    def _render_rows(self) -> Text:
        shown = self._shown()
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, (i, line) in enumerate(shown):
            style = "reverse" if i == self.cursor else ("bold" if self.rows[i][1] is HEADING else "")
            text.append(("\n" if n else "") + line, style=style)
        if len(shown) < len(self.rows):
            text.append(f"\n  ({self.selectable.index(self.cursor) + 1} of {len(self.selectable)}, ↑↓ for more)")
        return text

    def _redraw(self) -> None:
        # A resize can reach the box before its rows are mounted or after
        # they are taken down (closing while the terminal resizes).
        rows, hint = self.query("#pick-rows").results(Static), self.query("#pick-hint").results(Static)
        for widget in rows:
            widget.update(self._render_rows())
        for widget in hint:
            widget.update(self._hint_text())

    def on_resize(self, event) -> None:
        if self.is_mounted:
            self._redraw()

    def action_move(self, step: int) -> None:
        if not self.selectable:
            return
        at = self.selectable.index(self.cursor)
        self.cursor = self.selectable[(at + step) % len(self.selectable)]
        self._redraw()

    def on_key(self, event) -> None:
        char = event.character
        if char == "q" and "q" not in self.hotkeys and "q" not in self.refused:
            event.stop()  # the game's q: leave, concede, a draw offer's answer (the banner says "q to answer")
            quit_question_under(self)
        elif char and char in self.hotkeys:
            event.stop()
            self.cursor = self.hotkeys[char]
            self.said = ""
            self._redraw()
            self.action_pick()
        elif char and char in self.refused:
            event.stop()
            self.said = f"{char}: {self.refused[char]}"
            self._redraw()

    def action_pick(self) -> None:
        if self.cursor < 0:
            return
        value = self.rows[self.cursor][1]
        follow = value() if callable(value) else (self.confirm(value) if self.confirm else None)
        if follow is None:
            self.dismiss(value)
            return

        # The list steps aside while what it opened is shown (a sub-list or
        # the preview), so their two frames never stack; back, it returns.
        box = self.query_one(Vertical)
        box.display = False

        def back(result: Any) -> None:
            if result is not None:
                self.dismiss(result)
            else:
                box.display = True

        self.app.push_screen(follow, back)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SplitPicker(PickList):
    """The dice split: 4/0 to 0/4 with a narrative label for the wielded
    weapon; the digit keys 4-0 pick by attack dice."""

    def __init__(self, title: str, splits: dict[int, Any], ranged: bool, weapon: str, note: str = "",
                 kept: int | None = None) -> None:
        """``kept``: the split the figure holds now (declared when it was
        attacked, say), highlighted first; else 2/2."""
        self.ranged = ranged
        kind = "ranged" if ranged else "melee"
        rows, keys = [], {}
        for n in (4, 3, 2, 1, 0):
            if n in splits:
                keys[len(rows)] = str(n)
                rows.append((f"{n}/{4 - n}  {split_label(n, ranged)}", splits[n]))
        head = f"{title}\nWielding the {weapon} ({kind}). Attack dice / defence dice:"
        if note:
            head += "\n" + note
        super().__init__(head, rows, hint="↑↓ choose · Enter confirm · 4 3 2 1 0 pick by attack dice · Esc look",
                         keys=keys, start=next((i for i, (_, o) in enumerate(rows) if o.attack == kept),
                                               min(2, len(rows) - 1)))
        self.draft_key: dict | None = None  # side, unit, order count: set by the adapter

    # -- the split highlighted but not confirmed: kept by autosaves (tui/drafts.py) -----
    def draft(self) -> dict | None:
        if self.draft_key is None or self.cursor < 0:
            return None
        return {"kind": "waylights-split", **self.draft_key, "attack": self.rows[self.cursor][1].attack}

    def on_mount(self) -> None:
        offer = getattr(self.app, "offer_drafts", None)
        if callable(offer):
            offer(self)  # Continue: the split highlighted before the hangup

    def take_draft(self, draft: dict) -> bool:
        """Highlight the split the draft had, if it is this same decision."""
        if draft.get("kind") != "waylights-split" or self.draft_key is None or \
                any(draft.get(k) != v for k, v in self.draft_key.items()):
            return False
        for index, (_, value) in enumerate(self.rows):
            if getattr(value, "attack", None) == draft.get("attack"):
                self.cursor = index
                if self.is_mounted:
                    self._redraw()
                return True
        return False


class AttackPreview(ModalScreen[Any]):
    """The exact chances of an attack before it is confirmed: Enter/y
    confirms (dismisses with the order), Esc/n cancels (None).  A finish
    is asked the same way, with its own words on the key line (``confirm_words``)."""

    DEFAULT_CSS = """
    AttackPreview Label { width: 100%; }
    AttackPreview { align: center middle; }
    AttackPreview > Vertical { width: 70; max-width: 98%; height: auto; border: round $warning;
        background: $panel; padding: 0 1; }
    AttackPreview #preview-title { text-style: bold; }
    """
    BINDINGS = [
        Binding("enter,y", "answer(True)", "Confirm"),
        Binding("escape,n", "answer(False)", "Cancel"),
        Binding("q", "quit_game", "Quit", show=False),
    ]

    def __init__(self, order: Any, title: str, detail: Sequence[str], chances: Sequence[str],
                 confirm_words: str = "confirm the attack") -> None:
        super().__init__()
        self.order = order
        self.confirm_words = confirm_words
        self.title_text = title
        self.detail = list(detail)
        self.chances = list(chances)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="preview-title", markup=False)
            yield Static("\n".join(self.detail + ([""] + self.chances if self.chances else [])),
                         markup=False, id="preview-body")
            yield Static(self.key_line(), markup=False)

    def key_line(self) -> str:
        return f"Enter / y: {self.confirm_words} · Esc / n: cancel"

    def shown_text(self) -> str:
        return "\n".join([self.title_text] + self.detail + self.chances)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(self.order if yes else None)

    def action_quit_game(self) -> None:
        quit_question_under(self)


class HandoverCard(ModalScreen[Any]):
    """"Hand the keyboard to ...": what is happening and why the other
    player decides now.  Enter opens the decision (``then``), whose result
    this card dismisses with; Esc closes it (o reopens the decision)."""

    DEFAULT_CSS = """
    HandoverCard Label { width: 100%; }
    HandoverCard { align: center middle; }
    HandoverCard > Vertical { width: 64; max-width: 98%; height: auto; border: double $warning;
        background: $panel; padding: 1 2; }
    """
    BINDINGS = [
        Binding("enter,space", "go", "I am ready"),
        Binding("escape", "cancel", "Look at the board"),
        Binding("ctrl+z", "take_back", "Take back", show=False),
    ]

    def __init__(self, player: str, detail: str, then: Callable[[], ModalScreen] | None) -> None:
        super().__init__()
        self.player = player
        self.detail = detail
        self.then = then

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Hand the keyboard to {self.player}.", markup=False, id="handover-title")
            yield Static(self.detail, markup=False, id="handover-detail")
            yield Static("Enter: I am ready · Esc: look at the board first", markup=False)

    def shown_text(self) -> str:
        return f"Hand the keyboard to {self.player}.\n{self.detail}"

    def action_go(self) -> None:
        if self.then is None:
            self.dismiss(None)
            return
        self.app.push_screen(self.then(), self.dismiss)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_take_back(self) -> None:
        """ctrl+z here is the board's: the last order, taken back (or refused
        saying why) as if Esc had been pressed first."""
        from tui.game_screen import GameScreen

        screen = next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)
        self.dismiss(None)
        if screen is not None:
            screen.call_after_refresh(screen.action_take_back)
