"""Platemail's side orders screen: every character of the side with the
order written for it (``describe_order`` lines), a writer for each, and
the Commit key (p, asking first).  It is the review before committing.

``a`` writes last Round's orders again (``orders.last_written``) for
every character still without orders, where the rules still allow them,
every character they name can still be a target (not dead, not out of
the fight), no Ranged Attack of theirs would find its crossbow not
loaded and their 1st Action is not sure to do nothing (a Stabilize of
someone Stable): the others are left to write again, and the news says so,
with the warnings the writer gives an order written afresh (a THEN or
ELSE shot with nothing left to throw, or a potion already drunk):
the newest line of the game's log pane (README: news is never a pop-up),
repeated on this screen's own news line while it covers the board.

It returns the orders to submit: the ``write`` orders written here, then
``commit`` when p (the end-turn key everywhere) was pressed and confirmed.  It reads ``game.view(side)`` only, so the
other side's orders never show."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from core.rulesets.platemail.checks import gone_target
from core.rulesets.platemail.orders import last_written
from core.rulesets.platemail.state import Commit, Write
from tui.drafts import keeper, reopener
from tui.rulesets.platemail_notes import idle_first_action, order_warnings, unloaded_order_warning
from tui.rulesets.platemail_writer import OrderWriter


class SideOrders(ModalScreen[Any]):
    DEFAULT_CSS = """
    SideOrders Label { width: 100%; }
    SideOrders { align: center middle; }
    SideOrders > Vertical { width: 80; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1; }
    SideOrders #review-title { text-style: bold; width: 100%; }
    SideOrders OptionList { height: auto; max-height: 16; border: none; }
    SideOrders #review-hint { color: $text-muted; width: 100%; }
    SideOrders #review-news { width: 100%; }
    """
    BINDINGS = [
        Binding("p", "commit", "Commit (end turn)"),
        Binding("w", "write", "Write", show=False),
        Binding("a", "again", "Last Round's orders again"),
        Binding("escape", "close", "Close"),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(self, game: Any, side: int) -> None:
        super().__init__()
        self.game = game
        self.side = side
        self.view = game.view(side)
        self.written: dict[str, Write] = {}  # written here, not yet submitted
        self.mine = [c for c in self.view.characters if c.side == side]
        self.resume_writer: dict | None = None  # a half-written order to take up on opening
        # The news of ``a`` (last Round's orders again), kept so that a
        # character written anew by hand leaves it: each part with the id
        # it is about ("again", "gone" or "refused" -> [(id, words)]).
        self.again_news: dict[str, list[tuple[str, str]]] | None = None
        # The warnings about each character's orders as they stand (the
        # writer's ``warned``): rewriting them drops theirs (a new order
        # brings its own).  The news line shows them after ``said``, the
        # newest other news.
        self.warnings: dict[str, str] = {}
        self.said = ""

    def compose(self) -> ComposeResult:
        name = self.game.players[self.side]
        with Vertical():
            yield Label(f"{name}: orders for Round {self.view.round} (secret until both commit)",
                        id="review-title", markup=False)
            yield OptionList(*self._options(), id="review-list")
            yield Label("", id="review-count", markup=False)
            yield Label("", id="review-news", markup=False)
            yield Label("Enter: write the highlighted character · a: last Round's orders again"
                        " · p: commit all (asks first) · Esc: board · F1: help",
                        id="review-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.query_one("#review-news", Label).display = False
        offer = getattr(self.app, "offer_drafts", None)
        if callable(offer):  # orders kept while the host or server was away (tui/drafts.py)
            offer(self)
        self._count()
        if self.resume_writer is not None:
            self._write_from(self.resume_writer)

    def take_draft(self, draft: dict) -> bool:
        """Take up a waiting draft of this side's orders for this Round
        (``w`` after the orders were kept while the host was away, or
        before a Continue's draft reopened by itself): each order it holds
        that the rules still take, unless written here since."""
        if (draft.get("kind"), draft.get("side"), draft.get("round")) != ("platemail-orders", self.side,
                                                                          self.view.round):
            return False
        for order in checked_writes(self.game, self.side, self.view, draft):
            self.written.setdefault(order.unit, order)
        if isinstance(draft.get("writer"), dict) and self.resume_writer is None:
            self.resume_writer = draft["writer"]
        if self.is_mounted:
            self._refresh()
        return True

    # -- the draft: kept by every autosave, restored on Continue (tui/drafts.py) -----
    def draft(self) -> dict | None:
        writer = next((s for s in self.app.screen_stack
                       if isinstance(s, OrderWriter) and s.side == self.side and s.game is self.game), None)
        if not self.written and writer is None:
            return None
        return {"kind": "platemail-orders", "side": self.side, "round": self.view.round,
                "written": [order.to_text() for order in self.written.values()],
                "writer": writer.partial() if writer is not None else None}

    def _write_from(self, partial: dict) -> None:
        index = next((i for i, c in enumerate(self.mine) if c.id == partial.get("unit")), None)
        if index is not None:
            self._write(index, partial)

    def plan(self, uid: str) -> Write | None:
        return self.written.get(uid) or self.view.plan(uid)

    def lines(self) -> list[str]:
        """The review: one line per character of the side."""
        out = []
        for c in self.mine:
            plan = self.plan(c.id)
            if not c.fighting or c.pos is None:
                out.append(f"{c.id} {c.name}: {c.status.value}, takes no Actions")
            elif plan is None:
                out.append(f"{c.id} {c.name}: not written yet (would Defend all Round)")
            else:
                text = self.game.ruleset.describe_order(self.view, plan)
                mark = "new" if c.id in self.written else "written"
                out.append(f"[{mark}] {text}")
        return out

    def _options(self) -> list[Option]:
        return [Option(line, id=f"u{i}", disabled=not (c.fighting and c.pos is not None))
                for i, (c, line) in enumerate(zip(self.mine, self.lines()))]

    def _count(self) -> None:
        able = [c for c in self.mine if c.fighting and c.pos is not None]
        done = sum(1 for c in able if self.plan(c.id) is not None)
        self.query_one("#review-count", Label).update(f"{done}/{len(able)} characters have orders.")

    def _refresh(self, highlight: int | None = None) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(self._options())
        if highlight is not None:
            menu.highlighted = highlight
        self._count()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._write(int(event.option.id[1:]))

    def action_write(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None:
            self._write(index)

    def _write(self, index: int, partial: dict | None = None) -> None:
        c = self.mine[index]
        if not c.fighting or c.pos is None:
            return

        def written(order: Any) -> None:
            box.display = True
            if isinstance(order, Write):
                self.written[order.unit] = order
                self._warned(order.unit, writer)
                self._rewritten(order.unit)
            self._refresh(index)

        def news(text: str) -> None:  # the writer's words on the order written: the log pane
            self._warned(c.id, writer)
            self._log(text)

        writer = OrderWriter(self.game, self.side, c.id, preset=self.plan(c.id),
                             heading=f"{self.game.players[self.side]}, Round {self.view.round} (secret)",
                             news=news)
        if partial is not None:
            writer.restore(partial)
        # The writer's box (top) and menus (bottom) would sit on this box's
        # borders and title at 80x24: it is hidden while the writer is open,
        # and the writer's title names the side and Round instead.
        box = self.query_one(Vertical)
        box.display = False
        self.app.push_screen(writer, written)

    def action_again(self) -> None:
        """Last Round's orders again for each character still without
        orders, each checked by the rules: one they now refuse (a potion
        already drunk, a spell no longer Prepared) is left to write, with
        the reason, and so is one naming a character who can no longer be
        its target (``gone_target``: b2 is dead), never copied silently to
        find no target every Round, nor one whose Ranged Attack would find
        the crossbow not loaded (``unloaded_order_warning``: last Round's
        shot emptied it), which would shoot nothing every Round, nor one
        whose 1st Action is sure to do nothing now (``idle_first_action``:
        a Stabilize of an ally who is Stable already), refused alike."""
        earlier = last_written(self.game.orders, self.side)
        again, refused, gone = [], [], []
        for c in self.mine:
            order = earlier.get(c.id)
            if order is None or not c.fighting or c.pos is None or self.plan(c.id) is not None:
                continue
            problem = self.game.ruleset.check(self.view, order)
            why_gone = gone_target(self.view, order) if problem is None else None
            if why_gone is None and problem is None:
                unloaded = unloaded_order_warning(c, order)
                why_gone = f"{c.id}'s orders would shoot nothing ({unloaded}): write them again" if unloaded else None
            idle = idle_first_action(self.view, c, order) if why_gone is None and problem is None else ""
            if idle:  # sure to do nothing now (a Stabilize of someone Stable): as a refusal
                refused.append((c.id, f"{c.id}: {idle}"))
            elif why_gone is not None:
                gone.append((c.id, why_gone))
            elif problem is None:
                self.written[c.id] = order
                again.append((c.id, c.id))
                # what the writer would warn of, had it been written afresh (its ``warned``)
                self.warnings.pop(c.id, None)
                warned = order_warnings(self.view, c, order)
                if warned:
                    self.warnings[c.id] = " ".join(f"{w}." for w in warned)
            else:
                refused.append((c.id, f"{c.id}: {problem.message}"))
        self._refresh(self.query_one(OptionList).highlighted)
        if not again and not refused and not gone:
            self.again_news = None
            self.say("Nobody without orders wrote any last Round.")
            return
        self.again_news = {"again": again, "gone": gone, "refused": refused}
        # The news line shows the warnings that stand after the summary; the
        # log pane, which keeps the summary, is given them with it.
        self.said = self._again_text()
        self._show_news()
        self._log(" ".join([self.said, *(self.warnings[uid] for uid, _ in again if uid in self.warnings)]))

    def _again_text(self) -> str:
        news = self.again_news or {}
        again, gone, refused = ([words for _, words in news.get(part, [])] for part in ("again", "gone", "refused"))
        said = [f"Last Round's orders again: {' '.join(again)}." if again else ""]
        said += [f"{why}." for why in gone]
        # each refusal is a sentence of its own: its full stop gives way to the list's "; "
        said += [f"Not allowed now, write anew: {'; '.join(r.rstrip('.') for r in refused)}."] if refused else []
        return " ".join(part for part in said if part)

    def _warned(self, uid: str, writer: OrderWriter) -> None:
        """``uid``'s orders as ``writer`` wrote them: their warnings only."""
        self.warnings.pop(uid, None)
        if writer.warned:
            self.warnings[uid] = " ".join(f"{w}." for w in writer.warned)
        self._show_news()

    def _show_news(self) -> None:
        """The news line: the newest news, then the warnings that stand
        (each character's in the order of the list); hidden when empty."""
        warnings = [self.warnings[c.id] for c in self.mine if c.id in self.warnings]
        text = " ".join(part for part in [self.said, *warnings] if part)
        line = self.query_one("#review-news", Label)
        line.update(text)
        line.display = bool(text)

    def _rewritten(self, uid: str) -> None:
        """``uid`` written by hand: the news of ``a`` says nothing more of
        it (its orders copied, refused or naming someone gone), and goes
        when it names nobody."""
        news = self.again_news
        if news is None or not any(who == uid for part in news.values() for who, _ in part):
            return
        for part, said in news.items():
            news[part] = [(who, words) for who, words in said if who != uid]
        self.said = self._again_text()
        self._show_news()

    def say(self, text: str) -> None:
        """News: the game screen's log pane (its newest line), and this
        screen's news line, which stays until the next news (with the
        warnings that stand)."""
        self.said = text
        self._show_news()
        self._log(text)

    def _log(self, text: str) -> None:
        """``text`` as the newest line of the game screen's log pane."""
        from tui.game_screen import GameScreen

        screen = next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)
        if screen is not None:
            screen.say(text)

    def action_commit(self) -> None:
        """Ask first: once committed, this Round's orders cannot change."""
        from tui.modals import Confirm

        able = [c for c in self.mine if c.fighting and c.pos is not None]
        unwritten = [c.id for c in able if self.plan(c.id) is None]
        question = f"Commit {self.game.players[self.side]}'s orders for Round {self.view.round}? They cannot change after."
        if unwritten:
            question += f" Not written (they Defend): {' '.join(unwritten)}."

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(list(self.written.values()) + [Commit(self.side)])

        self.app.push_screen(Confirm(question), answered)

    def action_close(self) -> None:
        self.dismiss(list(self.written.values()) or None)

    def action_help(self) -> None:
        from tui.rulesets.platemail_menus import open_writing_help

        open_writing_help(self.app)


def checked_writes(game: Any, side: int, view: Any, draft: dict) -> list[Write]:
    """The orders a ``platemail-orders`` draft holds, each parsed and
    checked by the core (one the rules no longer take is left out)."""
    out = []
    for text in draft.get("written") or []:
        order = game.ruleset.parse_order(text) if isinstance(text, str) else None
        if isinstance(order, Write) and order.side == side and game.ruleset.check(view, order) is None:
            out.append(order)
    return out


@reopener("platemail-orders")
def reopen_side_orders(game: Any, side: int, draft: dict) -> SideOrders | None:
    """The side orders screen as the draft left it, if its Round is still
    being written: each written order parsed and checked by the core."""
    state = game.state
    if state.stage != "orders" or state.committed[side] or draft.get("round") != game.view(side).round:
        return None
    screen = SideOrders(game, side)
    for order in checked_writes(game, side, screen.view, draft):
        screen.written[order.unit] = order
    if isinstance(draft.get("writer"), dict):
        screen.resume_writer = draft["writer"]
    return screen


@keeper("platemail")
def _platemail_orders(game: Any, side: int, orders: list[Any]) -> dict | None:
    """Orders written (``write``) and the commit not given: the orders
    screen's draft (``platemail-orders``), each written order as its text
    (the reopener checks each again, so one the rules refuse is left out).
    A commit alone keeps the screen too: the orders it would have committed
    are the seat's already, and p is where the player commits again."""
    written = [order.to_text() for order in orders if order.verb == "write"]
    if not written and not any(order.verb == "commit" for order in orders):
        return None
    return {"kind": "platemail-orders", "side": side, "round": game.view(side).round, "written": written,
            "writer": None}
