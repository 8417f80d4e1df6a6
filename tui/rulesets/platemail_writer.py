"""Platemail's order writer: one character's orders for the Round built
step by step from the keyboard (seed: Speculative Planning, IF ELSE Clause).

Steps: the first Action (a lettered menu, R / NR on every entry), what it
needs (a target from a list, a destination cell picked on the board, a
spell or an item), then the IF condition, the THEN Action and the ELSE
Action.  Escape goes back one step; Escape on the first step cancels.  The
result is a ``write`` order; the screen never changes the game itself.

Everything shown comes from ``game.view(side)``: the other side's orders
and hidden enemies never appear here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from core.rulesets.platemail.actions import missile, missile_words
from core.rulesets.platemail.checks import (
    HOSTILE_KINDS,
    check_act,
    free_problem,
    rapid_fire_missiles,
    whom_freed,
)
from core.rulesets.platemail.equipment import SPELLS, WEAPONS
from core.rulesets.platemail.movement import reachable
from core.rulesets.platemail.ruleset import describe_act
from core.rulesets.platemail.state import (
    CONDITION_TEXT,
    MOVES,
    READY,
    TITLES,
    Act,
    Action,
    Character,
    Condition,
    Write,
)
from tui.rulesets.platemail_gists import GISTS
from tui.rulesets.platemail_glance import HIDDEN_KEY, hidden_shades
from tui.rulesets.platemail_keys import (
    CONDITION_KEYS,
    FRIENDLY_GENERAL,
    GENERAL_KEYS,
    HOSTILE_GENERAL,
    KIND_KEYS,
    SPELL_KINDS,
)
from tui.rulesets.platemail_menus import CellPicker, KeyMenu, box_rows
from tui.rulesets.platemail_notes import (
    CELL_MOVES,
    action_warnings,
    after_first,
    fall_back_cells,
    figure_keys,
    free_words,
    impossible,
    item_problem,
    missile_choices,
    order_warnings,
    released_spell,
    reload_entry,
    reload_mark,
    stuck_note,
    throw_words,
)
from tui.rulesets.platemail_targets import (
    first_action_warning,
    general_label,
    measured_from,
    spell_words,
    target_label,
)

CELL = "<cell>"  # menu value: pick a cell on the board
DEFAULT = "<default>"  # menu value: the missile the engine picks (no item named)
BACK = object()  # a picker's answer: Escape, go back
NOTHING = "<none>"  # menu value: no destination / target
SLOTS = ("first", "condition", "then", "otherwise")
SLOT_NAMES = {"first": "1st Action", "then": "THEN Action", "otherwise": "ELSE Action"}


def ready_mark(kind: Action, me: Character | None = None) -> str:
    """(R) or (NR) for an Action; Use Item's for ``me``'s own weapon (only
    a heavy crossbow's reload leaves it Not Ready)."""
    if kind == Action.USE_ITEM and me is not None:
        return reload_mark(me)
    return "(R)" if READY[kind] else "(NR)"


class OrderWriter(ModalScreen[Any]):
    """Builds one ``write`` order for ``unit`` of ``side``."""

    DEFAULT_CSS = """
    OrderWriter Label { width: 100%; }
    OrderWriter { align: center top; }
    OrderWriter > Vertical { width: 78; max-width: 100%; height: auto; max-height: 70%;
        border: round $accent; background: $panel; padding: 0 1; }
    OrderWriter #writer-title { text-style: bold; }
    OrderWriter #writer-problem { color: $warning; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, game: Any, side: int, unit: str, preset: Write | None = None,
                 first: Act | None = None, heading: str = "", news: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.news = news  # where a warning about the order written goes (see ``say``)
        self.heading = heading  # what the window it opened from says (the side's orders screen hides)
        self.game = game
        self.side = side
        self.unit = unit
        self.view = game.view(side)
        self.rules = game.ruleset
        self.me = self.view.char(unit)
        self.acts: dict[str, Act | None] = {"first": None, "then": None, "otherwise": None}
        self.condition: Condition | None = None
        self.step = 0
        old = preset or self.view.plan(unit)
        self.old = old
        # The 1st Action already chosen (Enter on a cell of the board): the
        # writer starts at the IF condition; Escape there goes back to it.
        self.first = first
        self.resume_at: int | None = None  # the step to ask first, when restored from a draft
        # One number key per character, the same in every target list of this writer.
        self.keys = figure_keys(self.view, side, unit)
        # The character as the Action being chosen would find it: now for the
        # 1st Action, as its 1st Action leaves it for THEN and ELSE.
        self.judged: Character = self.me
        self.warned: list[str] = []  # the warnings of the order written (``order_warnings``)

    # -- the half-written order, kept by autosaves (tui/drafts.py) --------------------
    def partial(self) -> dict:
        """What has been chosen so far, as plain data (order text for the Actions)."""
        return {
            "unit": self.unit,
            "step": self.step,
            "condition": self.condition.value if self.condition is not None else None,
            **{slot: (act.to_text() if act is not None else None) for slot, act in self.acts.items()},
        }

    def restore(self, partial: dict) -> None:
        """Take up ``partial()`` again: each part is parsed and checked
        against the view; the first part that does not fit ends the
        restoring, and the writer asks from there."""
        parse = self.rules.parse_order
        step = 0
        for slot, index in (("first", 0), ("condition", 1), ("then", 2), ("otherwise", 3)):
            if index >= min(int(partial.get("step", 0)), len(SLOTS)):
                break
            raw = partial.get(slot)
            if slot == "condition":
                try:
                    self.condition = Condition(raw)
                except ValueError:
                    break
            else:
                act = parse(raw) if isinstance(raw, str) else None
                if not isinstance(act, Act) or act.side != self.side or \
                        check_act(self.view, self.me, act, slot == "first") is not None:
                    break
                self.acts[slot] = act
            step = index + 1
        self.resume_at = step

    # -- the draft shown behind the pickers ------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical():
            name = self.me.name.removesuffix(f" {self.unit}")  # "Knight (a3)", not "Knight a3 (a3)"
            title = f"Orders for {name} ({self.unit}) at {self._where(self.me.pos)}"
            yield Label(f"{self.heading}: {title}" if self.heading else title, id="writer-title", markup=False)
            yield Static("", id="writer-draft", markup=False)
            yield Label("", id="writer-problem", markup=False)

    def on_mount(self) -> None:
        if self.resume_at is not None:
            self.ask(self.resume_at)
            return
        if self.first is not None and check_act(self.view, self.me, self.first, True) is None:
            self.acts["first"] = self.first
            self.ask(1)
        else:
            self.ask(0)

    @staticmethod
    def _where(cell) -> str:
        return "off the board" if cell is None else f"{cell[0]},{cell[1]}"

    def draft_text(self) -> str:
        def part(slot: str) -> str:
            act = self.acts[slot]
            if act is None:
                return "…"
            if act.kind == Action.USE_ITEM and act.item == "free":
                return free_words(act, self.unit)
            # A reload reads (R) or (NR) by the crossbow in hand when it comes.
            return describe_act(act, self.me if slot == "first" else self._after_first())

        cond = CONDITION_TEXT[self.condition] if self.condition is not None else "…"
        lines = [f"1st: {part('first')}", f"IF {cond}", f"THEN {part('then')}  ELSE {part('otherwise')}"]
        if self.old is not None and self.step == 0 and self.acts["first"] is None:
            lines = ["Written now: " + self.rules.describe_order(self.view, self.old).split(": ", 1)[-1]]
        return "\n".join(lines)

    def _show(self, problem: str = "") -> None:
        self.query_one("#writer-draft", Static).update(self.draft_text())
        self.query_one("#writer-problem", Label).update(problem)  # (wrapped whole: the box grows)

    def top_rows(self) -> int:
        """The rows the box takes at the top: the menus keep clear of them."""
        return box_rows(self.query_one(Vertical), min(78, self.app.size.width))

    # -- the steps ------------------------------------------------------------------------
    def ask(self, index: int, problem: str = "") -> None:
        self.step = index
        if index < 0:
            self.dismiss(None)
            return
        if index >= len(SLOTS):
            self.finish()
            return
        self._show(problem or first_action_warning(self.view, self.me, self.acts["first"]))
        slot = SLOTS[index]
        if slot == "condition":
            self.ask_condition(index)
        else:
            self.ask_kind(slot, index)

    def ask_condition(self, index: int) -> None:
        entries = [(CONDITION_KEYS[c], f"IF {CONDITION_TEXT[c]}{self._never(c)}", c) for c in Condition]

        def picked(value: Any) -> None:
            if value is None:
                self.ask(index - 1)
                return
            self.condition = value
            self.ask(index + 1)

        self.app.push_screen(KeyMenu(f"{self.unit}: the IF condition, checked after the 1st Phase", entries), picked)

    def ask_kind(self, slot: str, index: int) -> None:
        first = slot == "first"
        me = self.me if first else self._after_first()
        self.judged = me
        entries = []
        for kind, key in KIND_KEYS.items():
            if kind in SPELL_KINDS and not self.me.spells:
                continue  # a character who knows no spell is offered none (a crossbowman's menu)
            label = f"{TITLES[kind]} {ready_mark(kind, me)}"
            # A 2nd Action is checked when the 1st Phase is over, so it stays
            # on offer; what the 1st Action cannot do is still said, judged
            # from the character as its 1st Action would leave it.
            why = impossible(self.view, me, kind)
            if first and why:
                entries.append((key, f"{label} — {why}", None))
                continue
            # What the engine allows but would come to nothing: on offer, warned
            # (the same words ``order_warnings`` says of the order written).
            said = action_warnings(self.view, self.me, kind, self.acts["first"], first)
            why = said[0][1] if said else ""
            entries.append((key, f"{label} — warning: {why}" if why else label, kind))

        def picked(kind: Any) -> None:
            if kind is None:
                self.ask(index - 1)
                return

            def done(act: Act | None) -> None:
                if act is None:
                    self.ask_kind(slot, index)
                    return
                self.acts[slot] = act
                self.ask(index + 1)

            self.ask_details(kind, done)

        # Each entry's key is its Action's (KIND_KEYS), so the gist follows it.
        kinds = {key: kind for kind, key in KIND_KEYS.items()}
        details = [GISTS[kinds[key]] for key, _label, _value in entries]
        note = stuck_note(self.view, me, first)  # held or entrapped: Not Ready whatever it does
        title = f"{self.unit}: the {SLOT_NAMES[slot]}" + (f" — {note}" if note else "")
        self.app.push_screen(KeyMenu(title, entries, details=details), picked)

    def _never(self, condition: Condition) -> str:
        """A note on a condition that can never hold for this character (it
        stays on offer: the ELSE branch is then the order)."""
        if condition is Condition.SPELL_READY and not self.me.spells:
            return f" (never: {self.unit} knows no spell)"
        return ""

    def _after_first(self) -> Character:
        """The character as its 1st Action would leave it (``after_first``)."""
        return after_first(self.me, self.acts["first"])

    # -- what an Action needs ----------------------------------------------------------------
    def ask_details(self, kind: Action, done: Callable[[Act | None], None]) -> None:
        side = self.side
        if kind in (Action.DEFEND, Action.FOCUS):
            done(Act(side, kind))
        elif kind in (Action.RANGED, Action.RAPID_FIRE):
            def aimed(item: Any) -> None:
                if item is BACK:
                    done(None)
                    return
                self.ask_target(kind, "hostile", lambda t: done(None if t is None else
                                                                Act(side, kind, target=t, item=item)), missile_key=item)

            self.ask_missile(kind, aimed)
        elif kind in HOSTILE_KINDS:
            self.ask_target(kind, "hostile", lambda t: done(None if t is None else Act(side, kind, target=t)))
        elif kind == Action.GUARD:
            self.ask_target(kind, "friendly", lambda t: done(None if t is None else Act(side, kind, target=t)))
        elif kind == Action.STABILIZE:
            self.ask_target(kind, "down", lambda t: done(None if t is None else Act(side, kind, target=t)))
        elif kind == Action.RELEASE:
            self.ask_target(kind, "any", lambda t: done(None if t is None else Act(side, kind, target=t)))
        elif kind == Action.RESCUE:
            def carried(t: Any) -> None:
                if t is None:
                    done(None)
                    return
                self.ask_cell(kind, lambda cell: done(None if cell is None else Act(side, kind, target=t, to=cell)))

            self.ask_target(kind, "down", carried)
        elif kind in (Action.MOVE, Action.SPRINT, Action.SKULK, Action.FALL_BACK):
            self.ask_destination(kind, done)
        elif kind == Action.PREPARE:
            entries = [(str(i + 1), spell_words(s), s)
                       for i, s in enumerate(self.me.spells)]
            self.app.push_screen(KeyMenu(f"{self.unit}: which spell to Prepare", entries),
                                 lambda s: done(None if s is None else Act(side, kind, spell=s)))
        elif kind == Action.USE_ITEM:
            self.ask_item(done)
        else:
            done(Act(side, kind))

    def _characters(self, which: str) -> list:
        me = self.me
        out = []
        for c in self.view.characters:
            if c.pos is None or not c.fighting and which != "down":
                continue
            if which == "hostile" and c.side == me.side:
                continue
            if which == "friendly" and (c.side != me.side or c.id == me.id):
                continue
            if which in ("toward", "down", "any") and c.id == me.id:
                continue  # (a move never goes toward myself; "myself" is a general target)
            if which == "down" and c.side != me.side:
                continue
            out.append(c)
        return out

    def ask_missile(self, kind: Action, done: Callable[[Any], None]) -> None:
        """Which missile a Ranged Attack or Rapid Fire throws, when there is
        a choice (``platemail_notes.missile_choices``); ``done`` gets the item (None: the
        engine's pick), or BACK."""
        choices = missile_choices(self.judged)
        named = rapid_fire_missiles(self.judged) if kind == Action.RAPID_FIRE else []
        if named:  # the crossbow in hand cannot Rapid Fire: the order names what it throws
            if len(named) == 1:
                done(named[0])
                return
            choices = [(throw_words(self.judged, key), key) for key in named]
        if not choices:
            done(None)
            return
        entries = [(str(i), words, item if item is not None else DEFAULT) for i, (words, item) in
                   enumerate(choices, 1)]

        def picked(value: Any) -> None:
            done(BACK if value is None else None if value == DEFAULT else value)

        self.app.push_screen(KeyMenu(f"{self.unit}: {TITLES[kind]} — throwing which?", entries), picked)

    def ask_target(self, kind: Action, which: str, done: Callable[[Any], None], extra=(),
                   missile_key: str | None = None) -> None:
        general = {"hostile": HOSTILE_GENERAL, "friendly": FRIENDLY_GENERAL,
                   "down": ("ally-down", "ally-injured", "ally", "self"),
                   "any": HOSTILE_GENERAL + FRIENDLY_GENERAL + ("self",),
                   "toward": HOSTILE_GENERAL + FRIENDLY_GENERAL}[which]  # a move: never toward myself
        entries = list(extra)
        me, first = self.me, self.step == 0
        spell = released_spell(me, None if first else self.acts["first"]) if kind == Action.RELEASE else None
        mending = spell is not None and not spell.hostile
        if mending:  # Mend's usual targets first: its own side, then the enemies
            general = FRIENDLY_GENERAL + ("self",) + HOSTILE_GENERAL
        entries += [(GENERAL_KEYS[g], general_label(self.view, me, kind, g, first, spell), g) for g in general]
        range_ft = self._shot_range(kind, missile_key)
        # A THEN or ELSE shot is measured where the 1st Action leaves the character, when that is known.
        origin, measured = measured_from(self.view, me, self.acts["first"]) if range_ft and not first else (None, "")
        order = list(self.keys)  # the characters in the order of their keys (enemies first)
        offered = sorted(self._characters(which), key=lambda c: (mending and c.side != me.side,
                                                                 order.index(c.id) if c.id in order else len(order)))
        for c in offered:
            label = target_label(self.view, me, kind, c, first=self.acts["first"], step=self.step, range_ft=range_ft,
                                 origin=origin)
            entries.append((self.keys.get(c.id, ""), label, c.id))
        question = "where, or toward whom?" if extra else "whom?"  # a move: a cell or a character
        if kind in (Action.RANGED, Action.RAPID_FIRE):  # what it shoots or throws, as resolution picks it
            question = f"{missile_words(self.judged, missile_key)}, at whom?"
        if measured:
            question += f" ({measured})"
        self.app.push_screen(KeyMenu(f"{self.unit}: {TITLES[kind]} — {question}", entries), done)

    def _shot_range(self, kind: Action, missile_key: str | None = None) -> int | None:
        """The Range a shot of ``kind`` would be measured against: the
        missile's for Ranged Attack, Rapid Fire and Aim (the one named, or
        the one the engine picks), the spell's (Prepared, or being Prepared
        by the 1st Action) for Release; None otherwise.  Judged from the
        character as the Action being written finds it: a THEN or ELSE
        after a 1st Action's swap shoots the weapon swapped in."""
        me = self.judged
        if kind in (Action.RANGED, Action.RAPID_FIRE, Action.AIM):  # Aim: for the shot that follows
            arms = missile(me, missile_key)
            return arms.range_ft if arms is not None else None
        if kind == Action.RELEASE:
            first = self.acts["first"]
            spell = self.me.prepared or (first.spell if first is not None and first.kind == Action.PREPARE else None)
            return SPELLS[spell].range_ft if spell in SPELLS else None
        return None

    def ask_cell(self, kind: Action, done: Callable[[Any], None]) -> None:
        units = self.rules.units(self.view)
        title = f"{self.unit}: {TITLES[kind]} — pick the destination cell"
        reach = reachable(self.view, self.me.pos, MOVES.get(kind, 0)) if self.me.pos is not None else {}
        if kind == Action.FALL_BACK:  # lit: only the cells it would keep (any other is replaced)
            reach = fall_back_cells(self.view, self.me, reach)
            title = f"{self.unit}: Fall Back — lit: further from the nearest hostile (others are replaced)"
        elif kind in CELL_MOVES:  # lit: within its move this Phase (another: it stops short, warned)
            title = f"{self.unit}: {TITLES[kind]} — lit: reached this Phase (others: it stops short)"
        # A Skulk: the board's h, where it would stay Hidden (as seen from where the enemies stand now).
        shades = hidden_shades(self.view, self.me) if kind == Action.SKULK else {}
        if shades:
            title += f" ({HIDDEN_KEY}: stays Hidden)"
        self.app.push_screen(CellPicker(title, self.view.battlefield, units, self.me.pos, reach, shades), done)

    def ask_destination(self, kind: Action, done: Callable[[Act | None], None]) -> None:
        side = self.side
        first = [("l", "a location picked on the board", CELL)]
        if kind == Action.FALL_BACK:
            # (the rule's cell, docs/rulings.md, Movement: its path may pass beside the foe)
            first.append(("n", "the reachable cell furthest from the nearest hostile (may pass beside it)",
                          NOTHING))
        if kind == Action.SKULK:
            first.append(("n", "stay where I am (hide)", NOTHING))

        def picked(value: Any) -> None:
            if value is None:
                done(None)
            elif value == CELL:
                self.ask_cell(kind, lambda cell: done(Act(side, kind, to=cell)) if cell is not None
                              else self.ask_destination(kind, done))
            elif value == NOTHING:
                done(Act(side, kind))
            else:
                done(Act(side, kind, target=value))

        if kind in (Action.FALL_BACK, Action.SKULK):
            self.app.push_screen(KeyMenu(f"{self.unit}: {TITLES[kind]} — where to?", first), picked)
        else:
            self.ask_target(kind, "toward", picked, extra=first)

    def ask_item(self, done: Callable[[Act | None], None]) -> None:
        side, me = self.side, self.judged
        kind = Action.USE_ITEM
        offered = [("r", reload_entry(me), "reload"),
                   ("d", f"drink a potion ({me.potions} left)", "potion"),
                   ("o", "open or close an adjacent door", "door"),
                   ("f", "free someone entrapped", "free")]
        # A thrown weapon is never drawn into the hand (docs/rulings.md,
        # Platemail, Loadouts: the order lists do not offer it).
        drawable = [key for key in dict.fromkeys(me.carried) if key in WEAPONS and WEAPONS[key].kind != "thrown"]
        for i, key in enumerate(drawable, 1):
            offered.append((str(i), f"swap to the {WEAPONS[key].name}", f"swap:{key}"))
        # As the Action menu: what the rules refuse as a 1st Action is shown
        # and cannot be picked; as a 2nd Action, or when it would do nothing, warned.
        first = self.step == 0
        entries = []
        for key, label, item in offered:
            why, refused = item_problem(self.view, me, item, first)
            if refused:
                # (a reload's refusal names the weapon already: "reload — a1's Sword needs no reloading")
                entries.append((key, f"{'reload' if item == 'reload' else label} — {why}", None))
            else:
                entries.append((key, f"{label} — warning: {why}" if why else label, item))

        def picked(item: Any) -> None:
            if item is None:
                done(None)
            elif item == "free":
                self.ask_free(done)
            else:
                done(Act(side, kind, item=item))

        self.app.push_screen(KeyMenu(f"{self.unit}: Use Item — which?", entries), picked)

    def ask_free(self, done: Callable[[Act | None], None]) -> None:
        """Whom a Use Item frees from a net: itself, or an ally by name
        (seed, weapon properties: Entraps; docs/rulings.md, Use Item: anyone
        within reach).  Each says why it would free nobody, as the
        resolution finds it (``checks.free_problem``): warned, still on
        offer (the Phase may bring an ally beside it)."""
        side, me = self.side, self.judged
        order = list(self.keys)  # the characters in the order of their keys
        allies = sorted((c for c in self.view.characters if c.side == side and c.id != me.id and c.fighting
                         and c.pos is not None), key=lambda c: order.index(c.id) if c.id in order else len(order))
        entries = [(GENERAL_KEYS["self"], self._free_label(me, me), "self")]
        entries += [(self.keys.get(c.id, ""), self._free_label(me, c), c.id) for c in allies]

        def picked(target: Any) -> None:
            done(None if target is None else Act(side, Action.USE_ITEM, target=target, item="free"))

        self.app.push_screen(KeyMenu(f"{self.unit}: Use Item — free whom from the net?", entries), picked)

    def _free_label(self, me: Character, whom: Character) -> str:
        # (the number key is the figure's on the board and in every target list)
        label = "free myself from the net" if whom.id == me.id else \
            f"free {whom.id} from the net ({whom.name.removesuffix(f' {whom.id}')})"
        # A 2nd Action: the 1st may free the one named already (itself: ``judged`` is no longer entrapped).
        first = self.acts["first"]
        freed_first = False
        if self.step > 0 and first is not None and first.kind == Action.USE_ITEM and first.item == "free":
            named = whom_freed(self.view, self.me, first.target)
            now = self.me if whom.id == self.unit else whom
            freed_first = named is not None and named.id == whom.id and not free_problem(self.me, now)
        why = f"the 1st Action frees {whom.id}" if freed_first else free_problem(me, whom)
        return f"{label} — warning: {why}" if why else label

    # -- the end ---------------------------------------------------------------------------
    def finish(self) -> None:
        order = Write(self.side, self.unit, self.acts["first"], self.condition, self.acts["then"],
                      self.acts["otherwise"])
        for slot, index in (("first", 0), ("then", 2), ("otherwise", 3)):
            problem = check_act(self.view, self.me, self.acts[slot], slot == "first")
            if problem is not None:
                self.acts[slot] = None
                self.ask(index, f"{SLOT_NAMES[slot]}: {problem.message}")
                return
        problem = self.rules.check(self.view, order)
        if problem is not None:
            self._show(problem.message)
            self.notify(problem.message, severity="warning")
            self.ask(0, problem.message)
            return
        warnings = order_warnings(self.view, self.me, order)
        # A warning of the orders replaced no longer holds: the log pane, which keeps it, is told so.
        earlier = order_warnings(self.view, self.me, self.old) if self.old is not None else []
        said = [f"{self.unit}'s orders are written anew: the earlier warning about them no longer holds"
                ] if any(w not in warnings for w in earlier) else []
        self.warned = warnings
        self.dismiss(order)
        if said + warnings:
            self.say(" ".join(f"{w}." for w in said + warnings))

    def say(self, text: str) -> None:
        """News of the order just written (accepted, but with a part the
        rules let it write that would do nothing): ``news`` if given (the
        side's orders screen), else the game screen's log pane."""
        if self.news is not None:
            self.news(text)
            return
        from tui.game_screen import GameScreen

        screen = next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)
        if screen is not None:
            screen.say(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
