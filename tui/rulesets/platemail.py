"""Platemail in the TUI: secret order writing, review and commit, hot-seat
handover, resolution playback and the order queue in the side panel.

- ``prompt``: after a Round resolves, its playback opens by itself once for
  each side, after that side's handover, showing only the events that side
  may read (an unseen skulker's moves and rolls are its own side's secret).
- ``commands`` (the ``o`` key; its first entry is the side's orders screen
  :class:`SideOrders`, the review with the Commit key), a writer per
  character, the playback of the last Round again.  ``keys``: ``w`` opens
  the side's orders screen directly.
- ``choose``: Enter on a selected own character opens its writer.
- ``confirm`` (and ``choose`` for a cell): Enter on a lit board cell opens
  the writer for that character with the cell's 1st Action filled in,
  never submitting one of the engine's sample orders as it stands.
- ``plays_back``: whether events the game screen is about to tell resolve
  a Round whose playback opens next: then the narrator does not play them
  out line by line first (the Round is shown once, in the box).
- ``after_over``: the last Round's playback, offered on the result screen.
- ``panel_lines``: the side's orders (pending or committed) and how last
  Round's orders went (resolved, THEN fired, fell through to ELSE).

Everything reads ``game.view(side)`` or the events ``side`` may read
(``game.log_for(side)``; the whole log once the game is over).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core.deployment import Deploy, open_cells
from core.events import TurnStarted
from core.orders import Order
from core.rulesets.platemail.checks import shot_left_by
from core.rulesets.platemail.equipment import SPELLS, WEAPONS
from core.rulesets.platemail.events import ActionTaken, PhaseBegan
from core.rulesets.platemail.state import CONDITION_TEXT, READY, TITLES, Act, Action, Status, Write
from tui.result import side_lines, summarise
from tui.rulesets import platemail_glance as glance
from tui.rulesets.base import RulesetAdapter
from tui.rulesets.platemail_figures import character_lines
from tui.rulesets.platemail_menus import COMPACT_KEY, compact_names, figure_label
from tui.rulesets.platemail_notes import reloads_not_ready
from tui.rulesets.platemail_playback import Playback, round_events
from tui.rulesets.platemail_review import SideOrders
from tui.rulesets.platemail_writer import OrderWriter
from tui.warband_models import PlatemailModel


def short_act(act: Act, me: Any = None) -> str:
    """A compact Action for the narrow side panel: never the order text's
    tokens ("swap:mace" is "swap to Mace"); a Fall Back or Skulk without a
    cell says where it goes; a reload is NR only for ``me``'s heavy
    crossbow (a Complex Use Item)."""
    words = [TITLES[act.kind]]
    if act.spell:
        words.append(SPELLS[act.spell].name if act.spell in SPELLS else act.spell)
    item = act.item or ""
    if item.startswith("swap:"):
        words.append(f"swap to {WEAPONS[item[5:]].name}" if item[5:] in WEAPONS else item)
    elif item in WEAPONS:  # the missile a shot names: "Ranged Attack Bolo/Net b1"
        words.append(WEAPONS[item].name)
    elif item:
        words.append(item)
    if act.target:
        words.append(act.target)
    if act.to:
        words.append(f"→{act.to[0]},{act.to[1]}")
    elif act.kind == Action.FALL_BACK:
        words.append("away")  # to the reachable cell furthest from the nearest hostile
    elif act.kind == Action.SKULK:
        words.append("in place")
    ready = READY[act.kind] and not (item == "reload" and me is not None and reloads_not_ready(me))
    return " ".join(words) + (" R" if ready else " NR")


# How a character lost to its side is out, on the result screen.
LOST_WORDS = {Status.DYING: "dying", Status.STABLE: "stable, alive", Status.DEAD: "dead"}


# What chose a 2nd Action, in the Round's summary (ActionTaken.branch).
BRANCH_FATES = {"then": "THEN", "else": "ELSE", "either": "either way", "none": "no orders"}


def last_round_results(log: Sequence[Any], side_units: set[str]) -> list[str]:
    """How each own character's orders went in the last resolved Round, a
    line each: its 1st Action, then its 2nd and what chose it (the IF's
    THEN or ELSE, no orders written, or what took the Action's place)."""
    phase = 0
    firsts: dict[str, str] = {}
    seconds: dict[str, str] = {}
    for event in round_events(log):
        if isinstance(event, PhaseBegan):
            phase = event.phase
        elif isinstance(event, ActionTaken) and event.unit in side_units:
            if phase == 1:
                firsts[event.unit] = event.action
            else:
                fate = BRANCH_FATES.get(event.branch) or event.why or "forced"
                seconds[event.unit] = f"{event.action} ({fate})"
    out = []
    for unit in dict.fromkeys([*firsts, *seconds]):
        second = seconds.get(unit, "no 2nd Action")
        out.append(f" {unit}: {firsts[unit]} → {second}" if unit in firsts else f" {unit}: → {second}")
    return out


class PlatemailAdapter(RulesetAdapter):
    warband_model = PlatemailModel
    end_turn_label = "Commit"  # p commits the side's secret orders for the Round (asking first)
    compact_key = COMPACT_KEY
    # The result screen's entry (the last Round again) only looks back: the
    # joiner and onlookers are offered it too (tui/result_flow.py looks_back).
    after_over_looks_back = True

    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        self.played: dict[int | None, int] = {}  # per side: the last Round whose playback it saw
        self.board_only: set[Order] = set()  # the Moves offered on the board only (not in the o menu)

    @staticmethod
    def log_for(game: Any, side: int | None) -> Sequence[Any]:
        """The events ``side`` may read; every event once the game is over."""
        return game.log if game.outcome is not None else game.log_for(side)

    def round_log(self, game: Any, side: int | None) -> list:
        """The last resolved Round's events as ``side`` may read them."""
        return round_events(self.log_for(game, side))

    # -- the board --------------------------------------------------------------
    def offered(self, game: Any, side: int, orders: list[Order]) -> list[Order]:
        """While deploying, every open cell of the zone for the next figure:
        the engine lists only the first four (enough for its own choosing)
        but accepts any of them."""
        state = game.view(side)
        if state.stage == "orders":  # a Move from any reachable cell, not only the samples'
            listed = set(orders)
            self.board_only = {o for o in glance.move_writes(state, side) if o not in listed}
            return orders + sorted(self.board_only, key=lambda o: (o.unit, o.first.to))
        if state.stage != "deploy":
            return orders
        pos = {c.id: c.pos for c in state.characters}
        waiting = [c.id for c in state.characters if c.side == side and c.pos is None]
        if not waiting:
            return orders
        listed = set(orders)
        more = [Deploy(side, waiting[0], cell) for cell in open_cells(state.battlefield, side, pos)]
        return orders + [o for o in more if o not in listed]

    def menu_orders(self, game: Any, orders: list[Order]) -> list[Order]:
        """The ``o`` menu keeps the engine's sample writes; the Moves to every
        reachable cell are for Enter on the board."""
        return [o for o in super().menu_orders(game, orders) if o not in self.board_only]

    def battlefield(self, game: Any, view: Any) -> Any:
        """The battlefield with each door drawn shut (``+``, blocking) or
        open (``/``) as it stands in ``view`` (the legend and the cursor's
        line name which: tester t1, item 1)."""
        state = view if view is not None else game.state
        return glance.door_field(game.battlefield, getattr(state, "open_doors", ()))

    # -- board marks: where a Skulk stays Hidden, sight (tui/rulesets/platemail_glance.py)
    def cell_shades(self, game: Any, view: Any, selected: Any, cursor: Any) -> dict:
        return glance.hidden_shades(view, selected)

    def cursor_lines(self, game: Any, view: Any, selected: Any, cursor: Any) -> list[str]:
        return glance.cursor_words(view, selected, cursor)

    # -- words ------------------------------------------------------------------
    def unit_label(self, unit, compact: bool = False) -> str:
        return figure_label(unit, compact)

    def compact_names(self, units) -> str | None:
        return compact_names(units)

    def figure_lines(self, view: Any, unit, side: int | None) -> list[str] | None:
        """Wounds, Defense (Ready and not), what it wields and carries,
        armour, shield, scores, potions, spells and what holds it.  An
        enemy skulking out of sight of every character of ``side`` is
        not listed (the view has no place for it)."""
        c = next((c for c in view.characters if c.id == unit.id), None)
        if c is None:
            return super().figure_lines(view, unit, side)
        if c.side != side and side is not None and c.hidden and c.pos is None:
            return None
        return character_lines(c, unit, view)

    def describe(self, game: Any, view: Any, order: Order) -> str:
        if order.verb == "commit":
            return "Commit this Round's orders (final: no changes after this)"
        return super().describe(game, view, order)

    def handover_detail(self, game: Any, side: int) -> str:
        state = game.view(side)
        if state.stage != "orders":
            return ""
        if state.round > 1 and not any(state.committed) and self._seen(state, side) < state.round - 1:
            return f"Round {state.round - 1} has been resolved: its playback comes first. Then write your orders."
        if state.committed[1 - side]:
            return f"{game.players[1 - side]} has committed. Write your orders for Round {state.round} in secret (w)."
        return f"Write your orders for Round {state.round} in secret (w, or o then 1)."

    def panel_lines(self, game: Any, view: Any, side: int | None, selected) -> list[str]:
        if side is None or getattr(view, "stage", "") == "deploy":
            return []
        lines = []
        if view.stage == "orders":
            status = "committed" if view.committed[side] else "pending"
            lines.append(f"Your orders, Round {view.round} ({status}):")
            for c in view.characters:
                if c.side != side or not c.fighting or c.pos is None:
                    continue
                plan = view.plan(c.id)
                if plan is None:
                    lines.append(f" {c.id} — none (Defends)")
                else:
                    after = shot_left_by(c, plan.first)
                    lines.append(f" {c.id} {short_act(plan.first, c)}; IF {CONDITION_TEXT[plan.condition]}: "
                                 f"{short_act(plan.then, after)} / {short_act(plan.otherwise, after)}")
            other = 1 - side
            # "not committed", not "writing": the panel cannot tell an opponent
            # who is writing from one who is away (the banner says which).
            lines.append(f"{game.players[other]}: {'committed' if view.committed[other] else 'not committed yet'}")
            # (1 alone on the board is a keypad key: it moves the cursor; in the o menu it picks the first entry)
            lines.append("w (or o then 1): orders & commit; Enter on own: write")
            lines += glance.legend(view, selected)
        own = {c.id for c in view.characters if c.side == side}
        results = last_round_results(self.log_for(game, side), own)
        if results:
            lines.append(f"Round {view.round - 1} results, 1st → 2nd:")
            lines += results
        return lines

    # -- screens ----------------------------------------------------------------
    def _playback_due(self, game: Any, side: int | None) -> list:
        state = game.view(side)
        done = state.round - 1
        if done < 1 or self._seen(state, side) >= done:
            return []
        self.played[side] = done
        return self.round_log(game, side)

    def _seen(self, state: Any, side: int | None) -> int:
        """The last Round whose playback ``side`` saw: as noted here, or
        the one before this Round once the side has written or committed
        orders for it (the playback opens first, so it was seen before a
        save this adapter never knew of: Continue does not play it again)."""
        if side is not None and state.stage == "orders" and (
                state.committed[side]
                or any(c.side == side and state.plan(c.id) is not None for c in state.characters)):
            self.played[side] = max(self.played.get(side, 0), state.round - 1)
        return self.played.get(side, 0)

    def drafts_waiting(self, game: Any, side: int, drafts: Sequence[dict]) -> None:
        """Orders being written for this Round when the game was saved (a
        ``platemail-orders`` draft): the side had watched the last Round's
        playback, which opens first; its draft reopens instead."""
        state = game.view(side)
        if state.stage == "orders" and any(d.get("kind") == "platemail-orders" and d.get("round") == state.round
                                           for d in drafts):
            self.played[side] = max(self.played.get(side, 0), state.round - 1)

    def plays_back(self, game: Any, side: int | None, events: Sequence[Any]) -> bool:
        """Whether ``events`` (the other side's, about to be told on the
        game screen) resolve a Round whose playback opens by itself for
        ``side`` as soon as they are told (``prompt``): the box shows the
        Round, paced, so the narrator writes its lines to the log at once
        instead of playing them out first (tui/narrator.py).  Not once the
        game is over (the result comes instead), nor for a screen with no
        side (an onlooker's): the narrator shows those."""
        if side is None or game.outcome is not None or not any(isinstance(e, TurnStarted) for e in events):
            return False
        state = game.view(side)
        return state.stage == "orders" and self._seen(state, side) < state.round - 1

    def prompt(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        state = game.view(side)
        events = self._playback_due(game, side) if state.stage == "orders" else []
        return Playback(f"Round {state.round - 1} resolved", events) if events else None

    def choose(self, game: Any, side: int, orders: Sequence[Order], reason: str) -> Any:
        units = {getattr(o, "unit", None) for o in orders}
        if len(units) != 1 or not all(isinstance(o, Write) for o in orders):
            return None
        if reason == "cell":  # several sample orders on one cell: their 1st Action if they share it
            firsts = {o.first for o in orders}
            return OrderWriter(game, side, units.pop(), first=firsts.pop() if len(firsts) == 1 else None)
        if reason != "menu":
            return None
        return OrderWriter(game, side, units.pop())

    def confirm(self, game: Any, side: int, order: Order) -> Any:
        """Enter on a cell one sample ``write`` order points at: the writer,
        its 1st Action taken from that order, the rest still to choose."""
        if isinstance(order, Write):
            return OrderWriter(game, side, order.unit, first=order.first)
        return None

    def commands(self, game: Any, side: int) -> list[tuple[str, Callable[[], Any]]]:
        state = game.view(side)
        out: list[tuple[str, Callable[[], Any]]] = []
        if state.stage == "orders" and side is not None and not state.committed[side]:
            out.append(("Write and review this side's orders; p commits", lambda: SideOrders(game, side)))
            view = game.view(side)
            for c in view.characters:
                if c.side == side and c.fighting and c.pos is not None:
                    out.append((f"Write orders for {c.id} ({c.name})",
                                lambda uid=c.id: OrderWriter(game, side, uid)))
        if state.round > 1 and self.round_log(game, side):
            out.append((f"Play back Round {state.round - 1} again",
                        lambda: Playback(f"Round {state.round - 1} resolved", self.round_log(game, side))))
        return out

    def keys(self) -> list[tuple[str, str, str]]:
        return [("w", "Write", "orders")]

    def key(self, game: Any, side: int | None, name: str, selected, cursor) -> Any:
        state = game.view(side)
        if name == "orders" and side is not None and state.stage == "orders":
            if state.committed[side]:
                return f"{game.players[side]}'s orders for Round {state.round} are committed: they cannot change."
            return SideOrders(game, side)
        return None

    def end_turn(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        """``p`` commits this side's orders for the Round, always asking
        first (they cannot change after)."""
        commit = next((o for o in orders if o.verb == "commit"), None)
        if commit is None:
            return super().end_turn(game, side, orders)  # deployment: Ready
        view = game.view(side)
        unwritten = [c.id for c in view.characters
                     if c.side == side and c.fighting and c.pos is not None and view.plan(c.id) is None]
        question = f"Commit {game.players[side]}'s orders for Round {view.round}? They cannot change after."
        if unwritten:
            question += f" Not written (they Defend): {' '.join(unwritten)}."
        return commit, question

    def result_sides(self, game: Any) -> list[str] | None:
        """Each side's figures left and lost, and its dice, with how each
        lost one is out: dying (Fatally Wounded, bleeding out), stable
        (alive, out of the fight) or dead (seed: Wounds; tester t1, item 5)."""
        words = {c.id: LOST_WORDS[c.status] for c in game.state.characters if c.status in LOST_WORDS}
        return side_lines(summarise(game), words)

    def after_over_label(self, game: Any) -> str | None:
        return "Watch the last Round again" if self.round_log(game, None) else None

    def after_over(self, game: Any) -> Any:
        """The last Round's playback, from the result screen (the game is
        over: every event)."""
        events = self.round_log(game, None)
        return Playback(f"Round {game.state.round - 1} resolved", events) if events else None
