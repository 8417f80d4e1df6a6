"""Waylights on the shared game screen (seed 004, issue 4).

- At the start of a character's turn (pending ``split``) the dice split
  picker opens: 4/0 to 0/4 with a melee or ranged narrative label.
- When a character is attacked before its turn (``target-split``) and when
  it must choose between defending and counterattacking (``response``), a
  hand-over card names the attacker, the weapon and the dice first.
- The side panel shows the action allocation: Action slot 1, slot 2 and
  the free step, used or free.  ``o`` opens the allocation menu of what is
  legal now, grouped by kind of Action.
- Every attack, from the menu or by Enter on the target, goes through the
  exact preview (``preview_order``) with Confirm/Cancel; a finish too,
  saying it takes the whole turn (and a shot, when ranged).

Keys: ``o`` allocation menu (or the pending decision), Enter on a lit
cell (move, step, attack), Tab the acting figure; in menus the arrows,
Enter and the hotkey shown on each row (one key per kind of order, the
same every turn: ``KIND_KEYS``); Esc closes a menu.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from core import game as core_game
from core.deployment import Deploy
from core.events import dice, signed
from core.orders import Order, Role
from core.ruleset import UnitView
from core.rulesets.waylights.combat import attack_mods, defence_mods, threshold
from core.rulesets.waylights.glance import could_strike
from core.rulesets.waylights.orders import (
    Attack,
    Boost,
    Clip,
    Counter,
    Crystal,
    Defend,
    EndTurn,
    Finish,
    Move,
    Reload,
    Split,
    SplitMove,
    Step,
    TakeCover,
    Wield,
)
from core.rulesets.waylights.rules import OTHER_HALF, can_counter, counter_refusal, step_refusal
from core.rulesets.waylights.state import KO, READY
from tui.banner import turn_piece
from tui.rulesets import waylights_glance as glance
from tui.rulesets import waylights_menus
from tui.rulesets.base import RulesetAdapter, unit_headline
from tui.rulesets.waylights_modals import HEADING, AttackPreview, HandoverCard, PickList, SplitPicker, split_label
from tui.rulesets.waylights_preview import attack_preview_of, finish_preview_of
from tui.rulesets.waylights_words import (
    after_colon,
    body_at,
    cheapest_first,
    extras_words,
    named_blow_words,
    pct,  # noqa: F401  (the tests take it from here)
    short,
    split_step,
    way_round,
    wounds_short,
    wounds_words,
)
from tui.warband_models import WaylightsModel

# A pattern, not an example: "X" is no class's letter, so the key never
# pairs a real letter with a figure of another class (the panel's "Board:"
# line names the real ones, ``compact_names``).
COMPACT_KEY = "Compact: X1 = a1, 1X = b1\nX: the figure's class letter\n(z: wider cells)"
ACTIONS = (Move, SplitMove, Attack, TakeCover, Wield, Reload, Clip, Crystal, Boost, Finish)


# One key for each kind of order, the same in every menu and every turn
# (issue 29): a player's fingers learn them.  Rows of another kind take
# the digits and the letters left over.
KIND_KEYS: dict[type, str] = {Move: "m", SplitMove: "p", Step: "s", Attack: "a", Finish: "f", TakeCover: "t",
                              Wield: "w", Reload: "r", Clip: "l", Crystal: "h", Boost: "b", EndTurn: "e",
                              Defend: "d", Counter: "c"}


def kinded(kind: type, make: Any) -> Any:
    """``make`` (a row's maker of a sub-list) marked with its kind of order."""
    make.kind = kind
    return make


def kind_keys(rows: Sequence[tuple[str, Any]]) -> dict[int, str]:
    """The row index of each kind's row and its key: the first row of a kind
    (an order, or a sub-list marked by :func:`kinded`) takes the kind's key."""
    keys: dict[int, str] = {}
    for i, (_, value) in enumerate(rows):
        kind = getattr(value, "kind", None) if callable(value) and not isinstance(value, Order) else type(value)
        key = KIND_KEYS.get(kind) if kind is not None else None
        if key and key not in keys.values():
            keys[i] = key
    return keys


def turn_orders(game: Any) -> list[Order]:
    """The orders of the active character's turn so far (after its split).
    None before its split: a turn starts with the split, and what lies
    further back is an earlier turn's."""
    state = game.state
    out: list[Order] = []
    if state.pending == "split":
        return out
    for order in reversed(game.orders):
        if getattr(order, "unit", None) != state.active:
            continue
        if isinstance(order, Split):
            break
        if isinstance(order, ACTIONS + (Step,)):
            out.append(order)
    return out[::-1]


class WaylightsAdapter(RulesetAdapter):
    warband_model = WaylightsModel
    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        self._handed_at = -1  # len(game.orders) when the last hand-over was shown
        self._declined_at = -1  # a prompt closed with Esc: not again until an order is given

    # -- words ----------------------------------------------------------------
    compact_key = COMPACT_KEY

    def unit_label(self, unit: UnitView, compact: bool = False) -> str:
        # Kind glyph and the id (side letter and number): "Fa1", "mb2"; a
        # figure out of the fight keeps them (the board strikes it through).
        # Compact: the kind glyph and the number, glyph first for the first
        # side ("F1"), number first for the second ("1F"): the class letter
        # stays and the two sides still read apart without colour.
        glyph = (unit.glyph or "?")[:1]
        if compact:
            number = unit.id[-1:]
            return f"{glyph}{number}" if unit.side == 0 else f"{number}{glyph}"
        return f"{glyph}{unit.id[-2:]:<2}"

    def compact_names(self, units: Sequence[UnitView]) -> str | None:
        """``Board: F1 = a1, 1m = b1``: the first figure of each side as
        the compact board draws it and as the log names it."""
        pairs = []
        for side in (0, 1):
            first = min((u for u in units if u.side == side), key=lambda u: u.id, default=None)
            if first is not None:
                pairs.append(f"{self.unit_label(first, compact=True)} = {first.id}")
        return f"Board: {', '.join(pairs)}" if pairs else None

    def units(self, game: Any, view: Any) -> list[UnitView]:
        # A living figure may stand on a dead one's cell: the dead first, so
        # the board (one figure a cell, the last one given) draws the living.
        return sorted(self.ruleset.units(view), key=lambda u: not u.status.startswith("dead"))

    def figure_lines(self, view: Any, unit: UnitView, side: int | None) -> list[str] | None:
        """Wounds against the KO count, Threshold and Defence, the split,
        each weapon with its ammunition, crystals and what holds it."""
        try:
            f = view.get(unit.id)
        except (KeyError, StopIteration, AttributeError):
            f = None
        if f is None:
            return super().figure_lines(view, unit, side)
        k = f.template
        status = {READY: "ready", KO: "knocked out"}.get(f.status, "dead")
        lines = [unit_headline(unit, status)]
        defence = sum(v for _, v in defence_mods(f, None))
        lines.append(f"{wounds_words(f)} · Threshold {threshold(f)}"
                     f" · Defence {signed(defence)} · Move {k.move}")
        if f.split is not None:
            lines.append(f"Dice split {f.split}/{4 - f.split} (attack/defence)")
        arms = []
        for i, w in enumerate(f.weapons):
            # BROKEN by the weapon's name, not after its clips (where it read as theirs)
            text = w.name + (" BROKEN" if f"weapon:{w.name}" in f.broken else "") + (" (in hand)" if i == f.wielding else "")
            if w.ranged and i < len(f.ammo):
                text += f" {f.ammo[i]}/{w.capacity}"
                if w.kind == "launcher":
                    text += (" primed" if f.primed[i] else " unprimed") + (
                        f", {f.spares[i]} spare clip{'s' if f.spares[i] != 1 else ''}" if i < len(f.spares) else "")
            arms.append(text)
        lines.append("Weapons: " + (", ".join(arms) or "fists"))
        gear = []
        if k.shield:
            gear.append(f"shield +{k.shield}" + (" BROKEN" if "shield" in f.broken else ""))
        if k.armour_threshold or k.armour_defence:
            gear.append(f"armour T+{k.armour_threshold} D+{k.armour_defence}" + (" BROKEN" if "armour" in f.broken else ""))
        if f.crystals:
            gear.append(f"{f.crystals} crystal{'s' if f.crystals != 1 else ''}")
        if view.options.psi_tension:
            gear.append(f"tension {f.tension}")
        if gear:
            lines.append(", ".join(gear))
        held = [text for text, on in ((f"grappled by {f.grappled_by}", f.grappled_by), ("entangled", f.entangled),
                                      ("armour pierced", f.pierced), (f"suppressed by {f.suppressed_by}", f.suppressed_by),
                                      (f"holds {f.shielded_by} as a shield", f.shielded_by),
                                      (f"stunned until round {f.wake_round}", f.wake_round)) if on]
        if held:
            lines.append("Now: " + ", ".join(held))
        return lines

    # -- board marks: reach, shots, sight and cover (tui/rulesets/waylights_glance.py)
    def cell_shades(self, game: Any, view: Any, selected: Any, cursor: Any) -> dict:
        return glance.reach_shades(self.ruleset, view, selected)

    def cell_marks(self, game: Any, view: Any, selected: Any) -> dict:
        return glance.shot_marks(self.ruleset, view, selected)

    def cursor_lines(self, game: Any, view: Any, selected: Any, cursor: Any) -> list[str]:
        return glance.cursor_words(self.ruleset, view, selected, cursor)

    def describe(self, game: Any, view: Any, order: Order) -> str:
        if isinstance(order, Split):
            ranged = view.get(order.unit).weapon.ranged
            return f"{order.attack}/{4 - order.attack}: {split_label(order.attack, ranged)}"
        if isinstance(order, Step):
            return f"Free step to {order.to[0]},{order.to[1]} (no Action)"
        if isinstance(order, (Move, SplitMove)):
            return super().describe(game, view, order) + way_round(view, order)
        return super().describe(game, view, order)

    def banner(self, game: Any, side: int | None) -> str | None:
        if side is None:
            return None
        state = game.view(side)
        if state.phase != "battle":
            return None
        who, turn = game.players[side], turn_piece(game, state, state.round)  # "Round 3/12"
        p = state.attack
        if state.pending == "target-split" and p:
            return f"▶ {who} decides: {p.target} is attacked by {p.attacker} and splits its dice · {turn}"
        if state.pending == "response" and p:
            return f"▶ {who} decides: {p.target} defends or counterattacks {p.attacker} · {turn}"
        f = state.get(state.active)
        return f"▶ {who}: {f.name}'s turn · {turn} · o: Actions menu"

    def panel_lines(self, game: Any, view: Any, side: int | None, selected) -> list[str]:
        state = view  # the seat's, as the screen shows it
        if state.phase != "battle" or not state.active:
            return []
        f = state.get(state.active)
        lines = [f"Active: {f.name} ({game.players[f.side]})"]
        if f.split is not None and state.pending != "split":
            lines.append(f"Split {f.split}/{4 - f.split}: {split_label(f.split, f.weapon.ranged)}")
        lines += glance.legend(self.ruleset, selected, view)  # the board's marks now, where 80x24 still shows them
        lines.append("Action allocation:")
        done = [o for o in turn_orders(game) if not isinstance(o, Step)]
        slots: list[str] = []
        for order in done:
            slots.append(short(order))
            if isinstance(order, Finish):
                slots.append("(taken by the finish)")
        for i in range(2):
            if i < len(slots):
                text = slots[i]  # named: used (short enough for the narrow panel)
            elif i >= state.max_actions:
                text = "none (entangled)"
            elif i < state.actions:
                text = "used"
            else:
                text = "free"
            lines.append(f" Action {i + 1}: {text}")
        steps = [o for o in turn_orders(game) if isinstance(o, Step)]
        if state.stepped:
            step = f"used: {short(steps[-1])}" if steps else "used"
        elif state.moved:
            step = "lost (Move used)"
        else:
            step = "free"
        lines.append(f" Step: {step}")
        if state.stepped and state.actions < state.max_actions:
            lines.append(" Move: closed by the step")
            half = {"clip": "Reload", "reload": "New clip"}.get(state.reloading)
            if half:
                lines.append(f" {half}: closed by the step (clip and reload take the whole turn)")
        p = state.attack
        if p is not None:
            a = state.get(p.attacker)
            lines.append(f"{p.target} attacked by {p.attacker} ({a.weapon.name})")
        lines.append("Figures:")
        for g in state.fighters:
            if g.pos is None:
                continue
            status = {"ready": "", "ko": " KO", "dead": " dead"}[g.status]
            # A figure out of the fight declares afresh if it ever has a turn
            # again: its old split is left out, and the row keeps its room.
            split = f" {g.split}/{4 - g.split}" if g.split is not None and not status else ""
            # The whole name (the longest, "Mook with pistol", still leaves
            # the wounds on the row in the 34 columns of the panel at 80x24),
            # and every wound, as the card and the log count them.
            lines.append(f" {g.id} {g.template.name} {wounds_short(g)}{split}{status}")
        return lines

    def end_turn(self, game: Any, side: int, orders: Sequence[Order]) -> tuple[Order, str | None] | None:
        """``p`` asks first only while an Action remains: the free step is
        no Action ("Sequence"), so a turn with only the step left ends at
        once (README, keys)."""
        got = super().end_turn(game, side, orders)
        if got is None or got[1] is None:
            return got
        actions = [o for o in orders if o.role is not Role.END_TURN and not isinstance(o, Step)]
        if not actions:
            return got[0], None
        left = game.state.max_actions - game.state.actions
        step = " and its free step" if any(isinstance(o, Step) for o in orders) else ""
        return got[0], (f"{game.players[side]}: end {game.state.active}'s turn? It still has "
                        f"{left} Action{'s' if left != 1 else ''} left{step}, given up if it ends now.")

    # -- asking ---------------------------------------------------------------------
    def why_not(self, game: Any, side: int, selected: UnitView, other: UnitView) -> str | None:
        """An enemy the selected figure cannot attack: the core's reason
        (reach, diagonals, range, sight, ammunition, Actions left)."""
        if other.side == side:
            return None
        # the boundary's whole check (the core's turn check, then the ruleset's)
        refusal = core_game.refusal(self.ruleset, game.view(side), Attack(side, selected.id, other.id), game.players)
        return f"{selected.id} cannot attack {other.id}: {after_colon(refusal.message)}" if refusal is not None else None

    def why_nothing_at(self, game: Any, side: int, selected: UnitView | None, cell: Any) -> str | None:
        """The core's reason a Move (a Deploy while deploying) of the
        selected figure to ``cell`` is refused: its split not yet declared,
        too far for its Move, outside its zone."""
        if selected is None or selected.side != side:
            return None
        view = game.view(side)
        order: Order = Deploy(side, selected.id, cell) if view.phase == "deploy" else Move(side, selected.id, cell)
        if view.phase == "battle" and view.active == selected.id and not view.pending and \
                view.actions >= view.max_actions and step_refusal(view, view.get(selected.id)) is None:
            order = Step(side, selected.id, cell)  # the Actions are spent: only the step can still move it
        refusal = core_game.refusal(self.ruleset, view, order, game.players)
        if refusal is None:
            return None
        left = f" Its {view.max_actions} Action(s) are used: only the free step is left." if isinstance(order, Step) else ""
        return f"{selected.id} cannot {order.verb} to {cell[0]},{cell[1]}: {after_colon(refusal.message)}{left}"

    def closed_for_a_question(self, game: Any) -> None:
        """The prompt was closed for ``q``'s question, not declined with
        Esc: it opens again at the next drawing."""
        if self._declined_at == len(game.orders):
            self._declined_at = -1

    def prompt(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        state = game.view(side)
        if state.phase != "battle" or len(game.orders) == self._declined_at:
            return None
        make = self._decision(game, side, orders)
        last = game.orders[-1] if game.orders else None
        if not self.shared_keyboard:  # one person at this keyboard: the decision itself, no hand-over
            if make is None:
                return None
            self._declined_at = len(game.orders)
            return make()
        if make is None:
            if last is not None and last.side != side and self._handed_at != len(game.orders):
                # The defender's decision is made: hand the keyboard back.
                self._handed_at = len(game.orders)
                return HandoverCard(game.players[side], self._handover_text(game), None)
            return None
        self._declined_at = len(game.orders)  # Esc leaves the board visible; o reopens
        if last is not None and last.side != side and self._handed_at != len(game.orders):
            self._handed_at = len(game.orders)
            return HandoverCard(game.players[side], self._handover_text(game), make)
        return make()

    def choose(self, game: Any, side: int, orders: Sequence[Order], reason: str) -> Any:
        if not orders or game.state.phase != "battle":
            return None
        make = self._decision(game, side, orders)
        if make is not None:
            return make()
        if reason == "menu":
            return self.action_menu(game, side, orders)
        if all(isinstance(o, Attack) for o in orders):
            return waylights_menus.attack_menu(game.state, orders, self._preview_of(game))
        rows = [(self._cell_label(game, o), o) for o in sorted(orders, key=cheapest_first)]
        cell = getattr(orders[0], "to", None)
        title = f"{game.state.active} to {cell[0]},{cell[1]}: how?" if cell else "Which order?"
        return PickList(title + self._body_note(game, cell), rows, keys=kind_keys(rows),
                        confirm=self._preview_of(game))

    def confirm(self, game: Any, side: int, order: Order) -> Any:
        """A single attack picked on the board shows its preview first; a
        move onto a dead figure's square says so first (the body is not
        what the order acts on: docs/rulings.md, "The dead do not block")."""
        if isinstance(order, (Move, SplitMove, Step)) and body_at(game.state, order.to) is not None:
            rows = [(self._cell_label(game, order), order)]
            title = f"{order.unit} to {order.to[0]},{order.to[1]}?" + self._body_note(game, order.to)
            return PickList(title, rows, keys=kind_keys(rows))
        return self._preview_of(game)(order)

    @staticmethod
    def _body_note(game: Any, cell: Any) -> str:
        body = body_at(game.state, cell)
        if body is None:
            return ""
        return f" {body.id}'s body lies there: the dead do not block, the move ends on its square."

    def picture(self, game: Any, view: Any, picture: Any) -> Any:
        """A dead figure's square that a move may end on is drawn as the
        move cell it is (with the shot it gives), not as a figure an order
        points at; the cursor card still names the body."""
        units = {c: u for c, u in picture.units.items() if c not in picture.highlights or body_at(view, c) is None}
        return picture if len(units) == len(picture.units) else attrs.evolve(picture, units=units)

    # -- the pending decisions ------------------------------------------------------
    def _decision(self, game: Any, side: int, orders: Sequence[Order]):
        """A maker of the modal for a pending split or response, or None."""
        if orders and all(isinstance(o, Split) for o in orders):
            return lambda: self.split_picker(game, side, orders)
        if orders and all(isinstance(o, (Defend, Counter)) for o in orders):
            return lambda: self.response_menu(game, side, orders)
        return None

    def _handover_text(self, game: Any) -> str:
        state = game.state
        p = state.attack
        if state.pending in ("target-split", "response") and p is not None:
            a, t = state.get(p.attacker), state.get(p.target)
            adice = a.split if a.split is not None else 2
            text = (f"{a.name} ({game.players[a.side]}) attacks your {t.name} with the {a.weapon.name}, "
                    f"rolling {dice(adice, 'attack')} {signed(sum(v for _, v in attack_mods(a, a.weapon)))}.")
            bought = named_blow_words(a.id, t.id, p.effect, p.smash)  # grapple etc., a smash
            if bought:
                text += f"\n{bought}"
            if state.pending == "target-split":
                refused = counter_refusal(state, a, t)
                then = "then defends or counters." if refused is None else f"then defends. {refused.message}"
                text += f"\n{t.id} has not had a turn yet: it splits its dice now, {then}"
            elif (refused := can_counter(state)) is None:
                count = 4 - (t.split or 0)
                text += (f"\n{t.id} has {dice(count, 'defence')}: defend, or counterattack with "
                         f"{'it' if count == 1 else 'them'}.")
            else:
                text += f"\n{t.id} has {dice(4 - (t.split or 0), 'defence')} to defend with. {refused.message}"
            return text
        f = state.get(state.active)
        if state.pending == "split":
            return f"{f.name}'s turn: split its dice, then two Actions and the step."
        return f"{f.name}'s turn goes on: {state.max_actions - state.actions} Action(s) left (o: Actions menu)."

    def split_picker(self, game: Any, side: int, orders: Sequence[Order]) -> SplitPicker:
        state = game.state
        uid = orders[0].unit
        f = state.get(uid)
        splits = {o.attack: o for o in orders}
        if state.pending == "target-split" and state.attack:
            a = state.get(state.attack.attacker)
            title = f"{game.players[side]}: {f.name} is attacked by {a.id} ({a.weapon.name}). Split its 4 dice:"
            refused = counter_refusal(state, a, f)
            note = ("The defence dice defend now, or make the counterattack." if refused is None
                    else f"The defence dice defend now. {refused.message}")
        else:
            title = f"{game.players[side]}: {f.name}'s turn. Split its 4 dice (kept until its next turn):"
            note = "Both attacks of the turn use the attack dice; the rest defend."
            if 4 in splits and (strikers := could_strike(game.view(side), uid)):
                note += f"\n{', '.join(strikers)} can reach {uid} before its next turn: 4/0 keeps no dice to defend."
        # its own turn opens on the split it kept (a tester's b4 chose 0/4 when attacked; Enter kept it)
        kept = f.split if state.pending != "target-split" else None
        picker = SplitPicker(title, splits, f.weapon.ranged, f.weapon.name, note, kept=kept)
        picker.draft_key = {"side": side, "unit": uid, "at": len(game.orders)}  # tui/drafts.py
        return picker

    def response_menu(self, game: Any, side: int, orders: Sequence[Order]) -> PickList:
        return waylights_menus.response_menu(game.state, game.players[side], orders)

    # -- the allocation menu and the preview ---------------------------------------
    def action_menu(self, game: Any, side: int, orders: Sequence[Order]) -> PickList:
        state = game.state
        view = state
        f = state.get(state.active)
        free = state.max_actions - state.actions
        step = "used, no Move" if state.stepped else ("lost" if state.moved else "free")
        title = f"{f.name}: {free} of {state.max_actions} Action slot(s) free, step {step}. Fill a slot:"
        groups: list[tuple[str, list[tuple[str, Any]]]] = []

        def group(name: str, rows: list[tuple[str, Any]]) -> None:
            if rows:
                groups.append((name, rows))

        moves = [o for o in orders if isinstance(o, Move)]
        smoves = [o for o in orders if isinstance(o, SplitMove)]
        mv: list[tuple[str, Any]] = []
        if moves:
            mv.append((f"Move… (up to {f.template.move} cells: {len(moves)} places; no step this turn)",
                       kinded(Move, lambda: self._cells(game, "Move to", moves))))
        if smoves:
            mv.append((f"Split move… (up to {f.template.move // 2} cells: {len(smoves)} places; {split_step(state)})",
                       kinded(SplitMove, lambda: self._cells(game, "Split move to", smoves))))
        group("Move (1 Action)", mv)
        group("Fight (1 Action; a finish takes the whole turn)",
              self._kind_rows(game, orders, Attack, "Attack… ({n} ways: whom and how)")
              + self._kind_rows(game, orders, Finish, "Finish… ({n} figures)")
              + self._kind_rows(game, orders, TakeCover, "Take cover…"))
        group("Change weapon (1 Action)", self._kind_rows(game, orders, Wield, "Wield… ({n} weapons)"))
        group("Use an item (1 Action)", self._kind_rows(game, orders, Reload, "Reload…")
              + self._kind_rows(game, orders, Clip, "New clip…")
              + self._kind_rows(game, orders, Crystal, "Healing crystal…"))
        group("Use a skill (1 Action)", self._kind_rows(game, orders, Boost, "Boost… ({n} skills)"))
        steps = [o for o in orders if isinstance(o, Step)]
        if steps:
            # one cell away whichever is picked: the count is of the cells to choose from
            cells = f"1 cell: {len(steps)} places" if len(steps) != 1 else "1 cell, cost 1"
            group("Free step (no Action)", [(f"Step… ({cells}; no Action)",
                                             kinded(Step, lambda: self._cells(game, "Step to", steps)))])
        group("Turn", [("End the turn (give up what is left)", o) for o in orders if isinstance(o, EndTurn)])
        known = tuple(KIND_KEYS)
        group("Other", [(self.describe(game, view, o), o) for o in orders if not isinstance(o, known)])
        rows: list[tuple[str, Any]] = []
        for name, entries in groups:
            rows.append((name, HEADING))
            rows += entries
        keys = kind_keys(rows)
        return PickList(title, rows, keys=keys, confirm=self._preview_of(game),
                        refused=waylights_menus.closed_keys(state, f, set(keys.values())))

    def _kind_rows(self, game: Any, orders: Sequence[Order], kind: type, many: str) -> list[tuple[str, Any]]:
        """The row of one kind of order: the order itself when there is one,
        else a list of them behind the kind's key (its key stays the kind's)."""
        mine = [o for o in orders if isinstance(o, kind)]
        if kind is Attack and len(mine) > 1:  # whom and which blow, then the extras (waylights_menus)
            targets, blows = len({o.target for o in mine}), len({(o.target, o.effect) for o in mine})
            extras = extras_words(mine)  # what the step after the blow offers, if anything
            return [(f"Attack… ({targets} target{'s' if targets != 1 else ''}, {blows} blows"
                     f"{'; then ' + extras if extras else ''})",
                     kinded(Attack, lambda: waylights_menus.attack_menu(game.state, mine, self._preview_of(game))))]
        if len(mine) == 1:
            return [(self._row_label(game, mine[0]), mine[0])]
        if not mine:
            return []
        rows = [(self._row_label(game, o), o) for o in mine]

        def more() -> PickList:
            return PickList(many.format(n=len(mine)).rstrip("…"), rows, confirm=self._preview_of(game))

        return [(many.format(n=len(mine)), kinded(kind, more))]

    def _row_label(self, game: Any, order: Order) -> str:
        """An order's row, with what it costs beyond its Action: the second
        half of the full-turn reload takes the free step too (docs/rulings.md,
        "The full-turn reload"), as Move's row says of Move."""
        state = game.state
        half = {Reload: "reload", Clip: "clip"}.get(type(order))
        label = self.describe(game, state, order)
        if half and state.reloading == OTHER_HALF[half] and not (state.stepped or state.moved):
            label += " · no step this turn (clip and reload: a full turn)"
        return label

    def _cells(self, game: Any, verb: str, orders: Sequence[Order]) -> PickList:
        f = game.state.get(game.state.active)
        here = f.pos or (0, 0)
        ordered = sorted(orders, key=lambda o: (abs(o.to[0] - here[0]) + abs(o.to[1] - here[1]), o.to[1], o.to[0]))
        return PickList(f"{f.id}: {verb.lower()} which cell? (Enter on a lit board cell does the same)",
                        [(self.describe(game, game.state, o), o) for o in ordered])

    def _cell_label(self, game: Any, order: Order) -> str:
        if isinstance(order, Move):
            return self.describe(game, game.state, order) + " · 1 Action, no step this turn"
        if isinstance(order, SplitMove):
            return self.describe(game, game.state, order) + f" · 1 Action, {split_step(game.state)}"
        return self.describe(game, game.state, order)

    def _preview_of(self, game: Any):
        def make(order: Any) -> AttackPreview | None:
            if isinstance(order, Finish):  # a full turn that cannot be undone: asked too (Endgame)
                return finish_preview_of(game.state, order)
            if not isinstance(order, Attack):
                return None
            return self.preview(game, order)

        return make

    def preview(self, game: Any, order: Attack) -> AttackPreview:
        return attack_preview_of(game.state, order)
