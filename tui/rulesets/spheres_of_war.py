"""Spheres of War, Tactical Fragment 1: the rule-13 menu (the Instigator
picks among equally close pairs; ``o``, the footer's *Match menu*, opens
it again after Esc), a placed figure placed again while deploying, Move / Wait / Fight
labels that say what each Action does, the figures' marks (Matched, in
combat, must defend, Inert, locked) in their labels, and, with a figure
selected, the cells within reach of its opponent (``r``: a strike can land
there; core.rulesets.spheres_of_war.reach)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding

from core.board import distance
from core.events import cell_text
from core.orders import Order
from core.rulesets.spheres_of_war.actions import opponent_of, touching
from core.rulesets.spheres_of_war.movement import destination_cells, heading, why_no_move
from core.rulesets.spheres_of_war.orders import DeployOutOfReach
from core.rulesets.spheres_of_war.reach import threatened, threats_at, threats_to
from core.rulesets.spheres_of_war.ruleset import placed_again
from core.rulesets.spheres_of_war.state import ACTIONS_EACH
from tui.modals import ChoiceMenu, LeavesTheGame
from tui.rulesets.base import RulesetAdapter, unit_headline


def _positions(ruleset, view) -> dict[str, Any]:
    return {u.id: u.pos for u in ruleset.units(view)}


# The marks a label carries, most telling first (the ruleset's UnitView markers).
MARK_ORDER = "!CLMz"
REACH_KEY = "r"  # a cell within reach of the selected figure's opponent
REACH_KEY_W = 33  # the side panel's columns beside its scrollbar (tui/side_panel.py: 36, less border and padding)
# One line of items the side panel packs into its rows, none cut
# (tui/side_panel.py items_kept_whole: "C in" / "combat" read as nothing).
COMPACT_KEY = "Compact: ! defends · L locked · C in combat · IM RM Matched · i1 r1 (lower case) Inert · z: wider"


def reach_key(uid: str, foes: Sequence[str]) -> str:
    """The key to the board's ``r`` for ``uid``, in one row of the side
    panel (``REACH_KEY_W`` columns), the enemies named while they fit:
    "r: cells where r1 can strike i1" (the marked cells, not where ``uid``
    stands: the cursor card says that)."""
    if not foes:
        return ""
    who = ", ".join(foes)
    for line in (f"{REACH_KEY}: cells where {who} can strike {uid}", f"{REACH_KEY}: cells where {who} reach {uid}",
                 f"{REACH_KEY}: {uid} within an enemy's reach"):  # not "5 enemies reach": one is enough
        if len(line) <= REACH_KEY_W:
            return line
    return line


def own_actions(match_, uid: str) -> str:
    """How many of its own five Actions (rule 17) a Matched figure has used:
    the Instigator takes the even steps of the Match, the Retaliator the
    odd ones (rule 16)."""
    step = match_.step
    used = (step + 1) // 2 if uid == match_.instigator else step // 2
    return f"Own Actions used: {used} of {ACTIONS_EACH} (Match: {step} of {2 * ACTIONS_EACH})"


def leaving_lines(view: Any, uid: str, cursor: Any) -> list[str]:
    """With the cursor on the battlefield's edge, whether the Matched figure
    ``uid``, whose Action it is, may Move off the battlefield: no cell past
    the edge can be picked on the board, so the line names the menu that
    lists that Move (rule 27: the figure leaves the game)."""
    match_ = getattr(view, "match", None)
    if match_ is None or getattr(getattr(view, "phase", None), "value", None) != "match":
        return []
    if uid != (match_.instigator if match_.step % 2 == 0 else match_.retaliator):
        return []
    bf = view.battlefield
    x, y = cursor
    if not bf.in_bounds(cursor) or 0 < x < bf.width - 1 and 0 < y < bf.height - 1:
        return []
    unit, other = view.get(uid), view.get(opponent_of(match_, uid))
    if touching(unit, other):
        return []
    if all(bf.in_bounds(c) for c in destination_cells(view, uid, other.id)):
        return []
    return [f"o: Move {uid} off the battlefield (leaves the game, rule 27)"]


def _mark(unit) -> str:
    return next((m for m in MARK_ORDER if m in (unit.markers or "")), "")


# The rule-13 menu: its title, and its name on the footer's ``o`` while it
# is the question (tui/screen_keys.py, tui/flow.py ``prompt_to_reopen``).
MATCH_MENU_TITLE = "Rule 13: these pairs are equally close. Instigator, choose the next Match:"
MATCH_MENU_KEY = "Match menu"
MATCH_MENU_HINT = f"1-9 or ↑↓ Enter · Esc: board (o: {MATCH_MENU_KEY}) · F1 help · q quit"


def _game_screen(app) -> Any:
    from tui.game_screen import GameScreen

    return next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)


class MatchMenu(LeavesTheGame, ChoiceMenu):
    """The rule-13 menu.  It opens by itself over the board, so the board's
    own F1 / ? (help) and q (leave, or answer a draw offer) work here too,
    as the footer and the banner beneath it promise; and L (the whole log),
    x (Why? on its newest line) and ctrl+z (take back), as on the board."""

    BINDINGS = [Binding("f1,question_mark", "help", "Help"), Binding("q", "leave_game", "Quit"),
                Binding("L", "board_key('log', True)", "Log", show=False),
                Binding("x", "board_key('log', False)", "Why?", show=False),
                Binding("ctrl+z", "board_key('take_back')", "Take back", show=False)]

    orders_seen: int | None = None  # the game's orders when a board key was pressed here

    def action_board_key(self, name: str, *args: Any) -> None:
        """The board's own key, run by the game screen beneath, which opens
        its windows over this one (it refuses while "a window of its is
        open": this menu; LeavesTheGame's resume says it is open again)."""
        screen = _game_screen(self.app)
        if screen is None:
            return
        self.leaving_from = screen.modal_open
        self.orders_seen = len(screen.game.orders)
        screen.modal_open = False
        getattr(screen, f"action_{name}")(*args)
        if self.app.screen is self:  # nothing opened over the menu (a take back done at once, a refusal)
            LeavesTheGame.on_screen_resume(self)
            self._close_if_taken_back()

    def action_help(self) -> None:
        from tui.help import open_help

        open_help(self.app, "spheres_of_war", "Spheres of War")

    def on_screen_resume(self) -> None:
        # (Textual calls LeavesTheGame's handler too.)  Back on top after
        # q ended the game (a concession, an agreed draw) and its result was
        # closed: no Match is left to choose, so the menu goes; so it does
        # after a take back (the question it asked is not the game's now).
        self.call_after_refresh(self._close_if_over)
        self.call_after_refresh(self._close_if_taken_back)

    def _close_if_over(self) -> None:
        screen = _game_screen(self.app)
        if self.app.screen is self and (screen is None or screen.game.outcome is not None):
            self.dismiss(None)

    def _close_if_taken_back(self) -> None:
        screen = _game_screen(self.app)
        if self.app.screen is not self or screen is None or self.orders_seen is None:
            return
        if len(screen.game.orders) != self.orders_seen:
            self.orders_seen = None
            self.dismiss(None)


class SpheresOfWarAdapter(RulesetAdapter):
    end_turn_label = "Wait"  # p: the Matched figure Waits one Action
    prompt_label = MATCH_MENU_KEY  # o while the rule-13 menu is the question
    compact_key = COMPACT_KEY

    def unit_label(self, unit: Any, compact: bool = False) -> str:
        """``I1M``: role letter, number, its mark (M Matched, C in combat,
        ! must defend, z Inert, L locked from last turn).  Compact: the
        Matched pair shows its mark instead of the number (one Match at a
        time keeps them apart); an Inert figure's role letter is lower case."""
        glyph = (unit.glyph or "?")[:1]
        number = (unit.id[1:] or "?")[-1]
        mark = _mark(unit)
        if not compact:
            return f"{glyph}{number}{mark or ' '}"
        if mark in ("!", "C", "M"):
            return f"{glyph}{mark}"
        if mark == "z":
            return f"{glyph.lower()}{number}"
        return f"{glyph}{number}"

    def cell_shades(self, game: Any, view: Any, selected: Any, cursor: Any) -> dict:
        """``r`` on every cell where the selected figure would be within
        reach of its opponent (a strike can land there); a lit Move
        destination so marked reads ``[r]``."""
        if selected is None:
            return {}
        return {c: REACH_KEY for c in threatened(view, selected.id)}

    def cursor_lines(self, game: Any, view: Any, selected: Any, cursor: Any) -> list[str]:
        """Whether the selected figure, standing on the cursor cell, would be
        within its opponent's reach."""
        if selected is None:
            return []
        lines = leaving_lines(view, selected.id, cursor)
        who = threats_at(view, selected.id, cursor)
        if who is None:
            return lines
        if who:
            return [f"r: here {selected.id} is within reach of {', '.join(who)} (a strike can land)", *lines]
        return [f"Here {selected.id} is out of reach of {', '.join(threats_to(view, selected.id))}", *lines]

    def offered(self, game: Any, side: int, orders: list[Order]) -> list[Order]:
        """The Retaliator is also offered to have the rest of its figures
        placed out of the Instigator's reach (core: ``deploy-out-of-reach``,
        accepted but not listed, so the computer plays as it did); and,
        until Ready, a figure already placed may be placed again on any
        free cell of the zone (the core accepts it but lists only figures
        still waiting, so random play ends: docs/rulings.md)."""
        if any(o.verb == "deploy-all" for o in orders) and side != game.state.instigator:
            orders = [*orders, DeployOutOfReach(side)]
        if any(o.verb in ("deploy-all", "ready") for o in orders):
            orders = [*orders, *placed_again(game.state, side)]
        return orders

    # The order a Match's Actions are listed in, whatever the geometry: a
    # player who learnt "2 = toward" must not walk away the next Action.
    MENU_RANK = {"wait": 0, "fight": 1, "move": 2}

    def menu_orders(self, game: Any, orders: list[Order]) -> list[Order]:
        """The base's list (no cells to place on), the Match's Actions in a
        fixed order: Wait, Fight, then Moves nearest the opponent first."""
        listed = super().menu_orders(game, orders)
        match_ = getattr(game.state, "match", None)
        pos = _positions(self.ruleset, game.state)

        def key(order: Order) -> tuple:
            rank = self.MENU_RANK.get(order.verb, 3)
            if order.verb != "move" or match_ is None:
                return (rank, 0.0)
            there = pos.get(opponent_of(match_, order.unit)) if order.unit in (
                match_.instigator, match_.retaliator) else None
            return (rank, distance(order.to, there) if there is not None else 0.0)

        return sorted(listed, key=key)  # stable: ties keep the engine's order

    def give(self, game: Any, side: int | None, verb: str, orders: Sequence[Order]) -> Any:
        """``d`` for the Retaliator places its figures out of the
        Instigator's reach where there is room (the zone's front line would
        stand within it, and the Instigator strikes first); the
        Instigator's go along the front, as ``deploy-all`` places them."""
        if verb == "deploy-all":
            safe = next((o for o in orders if isinstance(o, DeployOutOfReach)), None)
            if safe is not None:
                return safe
        return super().give(game, side, verb, orders)

    def describe(self, game: Any, view: Any, order: Order) -> str:
        pos = _positions(self.ruleset, view)
        unit = getattr(order, "unit", None)
        match order.verb:
            case "match":
                a, b = pos.get(order.unit), pos.get(order.opponent)
                far = f", {distance(a, b):.1f} apart" if a and b else ""
                return f"Match {order.unit} ({cell_text(a)}) against {order.opponent} ({cell_text(b)}){far}"
            case "move":
                inside = game.battlefield.in_bounds(order.to)
                where = cell_text(order.to) if inside else (
                    f"{cell_text(order.to)}, OFF the battlefield (leaves the game)")
                # Say which way the Move goes and when it ends in contact: that
                # Move is a charge, and the strike comes with it (rules 26, 32).
                match_ = getattr(view, "match", None)
                other = opponent_of(match_, unit) if match_ is not None and unit in (
                    match_.instigator, match_.retaliator) else None
                here, there = pos.get(unit), pos.get(other)
                if here is None or there is None:
                    return f"Move {unit} to {where} (1 Action)"
                contact = f", contact: strikes {other}" if inside and max(
                    abs(order.to[0] - there[0]), abs(order.to[1] - there[1])) == 1 else ""
                return f"Move {unit} {heading(here, there, order.to)} {other} to {where}{contact} (1 Action)"
            case "wait":
                return f"Wait: {unit} does nothing (1 Action)"
            case "fight":
                match_ = getattr(view, "match", None)
                if match_ is not None and getattr(match_, "struck", None) == unit:
                    return f"Fight: {unit} defends (d6: 1-4 holds and strikes back, 5-6 falls)"
                return f"Fight: {unit} strikes (1 Action)"
            case "deploy-all":
                return "Deploy for me: every figure not yet placed, in a line along the front of the zone"
            case "deploy-out-of-reach":
                return "Deploy for me, out of reach: where no Instigator's figure can strike first, then the front"
            case "ready":
                return "Ready: deployment finished"
        return super().describe(game, view, order)

    def figure_lines(self, view: Any, unit: Any, side: int | None) -> list[str] | None:
        """Its role, its Match (with whom, Actions used), Inert or locked."""
        lines = [unit_headline(unit)]
        match_ = getattr(view, "match", None)
        if match_ is not None and unit.id in (match_.instigator, match_.retaliator):
            lines.append(f"Matched with {opponent_of(match_, unit.id)}")
            lines.append(own_actions(match_, unit.id))
            if match_.struck == unit.id:
                lines.append("Struck: must defend (d6, 5-6 falls)")
        partner = view.partner(unit.id) if unit.pos is not None else None
        if partner is not None:
            lines.append(f"In combat with {partner} from last turn")
        if unit.id in getattr(view, "inert", ()):
            lines.append("Inert: resolved this turn")
        return lines

    def why_nothing_at(self, game: Any, side: int, selected: Any, cell: Any) -> str | None:
        """Why Enter on ``cell`` gives the Matched figure of ``side`` (the
        one selected, else the one whose Action it is) no Move there: in
        contact only Fight (rule 30), else the Move rules' reason, naming
        what blocks the way (core: ``movement.why_no_move``)."""
        placing = super().why_nothing_at(game, side, selected, cell)
        if placing is not None or side is None:
            return placing
        view = game.view(side)
        match_ = getattr(view, "match", None)
        if match_ is None or getattr(getattr(view, "phase", None), "value", None) != "match":
            return None
        acting = match_.instigator if match_.step % 2 == 0 else match_.retaliator
        uid = selected.id if selected is not None else acting
        unit = view.unit(uid)
        if unit is None or unit.side != side:
            return None
        if uid != acting:
            held = self.why_idle(game, view, selected) if selected is not None else None
            return f"{uid} has no order now: {held}" if held else None
        other = opponent_of(match_, uid)
        if touching(unit, view.get(other)):
            return f"{uid} is in base-to-base contact with {other} and can only Fight, not Move (rule 30)"
        why = why_no_move(view, uid, other, cell)
        return f"{uid} cannot Move to {cell[0]},{cell[1]}: {why}" if why else None

    def why_idle(self, game: Any, view: Any, unit: Any) -> str | None:
        """Why Enter on ``unit`` gives no order (tui/flow.py says it after
        "has no order to give now:"): only the Matched pair acts, the
        Instigator first and then in turn (rules 14, 16); the Inert are done
        for the turn (rule 19)."""
        uid = unit.id
        if uid in getattr(view, "inert", ()):
            return f"{uid} is Inert (its Match is resolved) and plays no further part this turn (rule 19)"
        match_ = getattr(view, "match", None)
        if match_ is None:
            if getattr(getattr(view, "phase", None), "value", None) == "choose":
                return "no Match is formed yet: the Instigator first picks one of the equally close pairs (rule 13)"
            return None
        pair = (match_.instigator, match_.retaliator)
        if uid in pair:
            acting = match_.instigator if match_.step % 2 == 0 else match_.retaliator
            return f"it is {acting}'s Action; the pair act in turn, the Instigator first (rule 16)"
        acts = f"only the Matched pair, {pair[0]} and {pair[1]}, act (rule 14)"
        partner = view.partner(uid) if hasattr(view, "partner") else None
        if partner is not None:  # v0.2: locked from last turn, its Match still to come
            return f"{uid} waits for its Match with {partner}, still locked in combat from last turn; {acts}"
        return f"{uid} is unMatched, and {acts}"

    def prompt_now(self, game: Any, side: int, orders: Sequence[Order]) -> bool:
        """Whether the rule-13 menu is the question: two or more equally
        close pairs, and nothing else to do."""
        choices = [o for o in orders if o.verb == "match"]
        return len(choices) >= 2 and len(choices) == len(orders)

    def prompt(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        if not self.prompt_now(game, side, orders):
            return None
        view = game.view(side)
        return MatchMenu(MATCH_MENU_TITLE, [(self.describe(game, view, o), o) for o in orders], hint=MATCH_MENU_HINT)

    def end_turn(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        """``p`` passes: the Matched figure Waits (one Action); in
        deployment it says Ready."""
        waits = [o for o in orders if o.verb == "wait"]
        return (waits[0], None) if waits else super().end_turn(game, side, orders)

    def panel_lines(self, game: Any, view: Any, side: int | None, selected) -> list[str]:
        state = view
        # The key to the board's r first and in one row: further down it
        # fell below the fold, split from its end by the cursor line.
        key = reach_key(selected.id, threats_to(state, selected.id)) if selected is not None else ""
        lines = [key] if key else []
        instigator = getattr(state, "instigator", None)
        if instigator in (0, 1):
            lines.append(f"Instigator: {game.players[instigator]} (i1-i5)")
            lines.append(f"Retaliator: {game.players[1 - instigator]} (r1-r5)")
        match_ = getattr(state, "match", None)
        if match_ is not None:
            step = getattr(match_, "step", 0)
            lines.append(f"Match {match_.number}: {match_.instigator} v {match_.retaliator}")
            lines.append(f"Actions used {step}/10 (5 each)")
            if getattr(match_, "struck", None):
                lines.append(f"{match_.struck} is struck and must defend")
        inert = getattr(state, "inert", ())
        if inert:
            lines.append("Inert: " + " ".join(inert))
        if getattr(getattr(state, "phase", None), "value", None) != "deploy":  # no Matches while deploying: legend first
            lines.append("Marks: M Matched, C in combat, ! defends, z Inert, L locked")
        return lines
