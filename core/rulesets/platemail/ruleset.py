"""The Platemail ruleset: the Arbiter as a program."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.board import Battlefield, Terrain
from core.deployment import (
    Deploy,
    DeployAll,
    Ready,
    auto_deploy,
    check_deploy,
    check_ready,
    describe_deployment,
    open_cells,
)
from core.dice import Dice
from core.events import Event, Note, Placed, only_for
from core.explain import Ref
from core.orders import Order
from core.ruleset import BattlefieldProfile, Capabilities, Outcome, Rejection, Ruleset, Situation, UnitView
from core.rulesets.platemail.explain import explain as explain_event
from core.values import copy_with, evolve

from .actions import missile_words
from .checks import check_write, shot_left_by
from .draw import random_order as draw_order
from .equipment import ARCHETYPES, SPELLS, WEAPONS
from .legal import sample_writes
from .phase import resolve_round
from .roster import Figure
from .roster import parse_roster as _parse_figures
from .secrecy import unseen_by
from .state import (
    CONDITION_TEXT,
    GENERAL_TARGETS,
    READY,
    TITLES,
    Act,
    Action,
    Character,
    Commit,
    PlatemailOptions,
    PlatemailState,
    Write,
    rebuild,
)

if TYPE_CHECKING:
    from core.ai.knowledge import Knowledge


def parse_roster(text: str) -> list[Figure] | str:
    """A roster's figures (archetypes and their gear: ``roster.py``), or a
    sentence saying what is wrong."""
    figures = _parse_figures(text)
    return figures if isinstance(figures, str) else list(figures)


def make_character(side: int, index: int, key: str | Figure, max_wounds: int) -> Character:
    fig = Figure.of(key) if isinstance(key, str) else key
    a = ARCHETYPES[fig.archetype]
    uid = f"{'ab'[side]}{index}"
    return Character(
        id=uid, side=side, name=f"{a.name} {uid}", archetype=a.key, glyph=a.glyph, pos=None, max_wounds=max_wounds,
        strength=a.strength, dexterity=a.dexterity, stealth=a.stealth, perception=a.perception, medical=a.medical,
        concentration=a.concentration, wielding=fig.wielding, carried=a.carried, armour=fig.armour,
        shield=fig.shield, potions=a.potions, spells=a.spells)


_ITEM_WORDS = {"reload": "reload", "potion": "drink a potion", "door": "open or close a door",
               "free": "free someone entrapped"}


def item_words(item: str) -> str:
    """A Use Item's item in words ("swap:mace": "swap to the Mace")."""
    if item.startswith("swap:"):
        weapon = WEAPONS.get(item[5:])
        return f"swap to the {weapon.name}" if weapon is not None else item
    return _ITEM_WORDS.get(item, item)


def _release_words(act: Act, me: Character | None) -> str:
    """"Release Firebolt at b3 (NR)", "Release Mend on a2 (NR)", as the
    log says it (``actions._release``): the spell ``me`` has Prepared when
    it acts (unknown: "Release Spell"), at or on its target."""
    spell = act.spell or (me.prepared if me is not None else None)
    known = SPELLS.get(spell) if spell else None
    words = f"Release {known.name}" if known is not None else TITLES[act.kind]
    if act.target:
        on = known is not None and known.effect == "heal"
        words += f" {'on' if on else 'at'} {GENERAL_TARGETS.get(act.target, act.target)}"
    return words + (" (R)" if READY[act.kind] else " (NR)")


def describe_act(act: Act, me: Character | None = None) -> str:
    """``act`` in words, with its (R) or (NR).  A reload is (R) or (NR) by
    the crossbow it reloads (seed: Use Item, Quick and Complex): ``me``, the
    character as it will be when it acts (``checks.left_by`` for a 2nd
    Action); without it, "(R/NR)".  A shot names what it shoots or throws
    (``actions.missile_words``, as the resolution will pick it: the missile
    the order names, or for ``me`` the launcher in hand or first missile
    carried)."""
    words = [TITLES[act.kind]]
    if act.kind in (Action.RANGED, Action.RAPID_FIRE) and (act.item or me is not None):
        shot = act.target and GENERAL_TARGETS.get(act.target, act.target)
        if me is not None:
            how = missile_words(me, act.item)
        else:  # the character unknown: the missile named
            how = f"throwing a {WEAPONS[act.item].name}" if act.item in WEAPONS else f"with {act.item}"
        mark = " (R)" if READY[act.kind] else " (NR)"
        return " ".join(words + ([shot] if shot else [])) + f", {how}{mark}"
    if act.kind is Action.RELEASE:
        return _release_words(act, me)
    if act.spell:
        words.append(SPELLS[act.spell].name if act.spell in SPELLS else act.spell)
    if act.item == "free":  # whom it frees, named: "Use Item free a2 from the net (R)"
        who = "itself" if act.target in (None, "self") else GENERAL_TARGETS.get(act.target, act.target)
        return f"{TITLES[act.kind]} free {who} from the net" + (" (R)" if READY[act.kind] else " (NR)")
    if act.item:
        words.append(item_words(act.item))
    if act.target:
        if act.kind in (Action.MOVE, Action.SPRINT) and not act.to:
            words.append("toward")  # a Move at a character goes toward it (never "Move b1")
        words.append(GENERAL_TARGETS.get(act.target, act.target))
    if act.to:
        words.append(f"to {act.to[0]},{act.to[1]}")
    elif act.kind == Action.FALL_BACK and not act.target:
        words.append("away from the nearest hostile")
    if act.kind == Action.USE_ITEM and act.item == "reload":
        # nothing to reload, or a Quick reload, leaves it Ready
        mark = " (R/NR)" if me is None else " (NR)" if WEAPONS[me.wielding].reload == "complex" else " (R)"
        return " ".join(words) + mark
    return " ".join(words) + (" (R)" if READY[act.kind] else " (NR)")


def _seen_characters(state: PlatemailState, side: int | None) -> tuple[Character, ...]:
    """The characters as ``side`` knows them (the same tuple when nothing is
    hidden from it, so per-state memos keyed on it keep working); remembered
    per characters tuple and side in the battlefield's memo (core/memo.py)."""
    chars = state.characters
    for c in chars:
        if c.hidden and c.side != side:
            break
    else:
        return chars  # nothing hidden from ``side``: _seen would give the same tuple
    table = state.battlefield.memo.table("platemail.seen", 32)
    key = (chars, side)
    found = table.get(key)
    if found is None:
        found = table.put(key, _seen(state.characters, side))
    return found


def _seen(characters: tuple[Character, ...], side: int | None) -> tuple[Character, ...]:
    out = []
    for c in characters:
        if c.side != side and c.hidden:
            c = rebuild(c, stealth_roll=0, pos=None if unseen_by(characters, c, side) else c.pos)
        out.append(c)
    seen = tuple(out)
    return characters if seen == characters else seen


# The sides still writing, for each pair of committed flags (to_act is asked
# many times per order; read-only constants).
_WRITING = tuple(tuple(frozenset(s for s, done in ((0, a), (1, b)) if not done) for b in (False, True))
                 for a in (False, True))  # [side 0 committed][side 1 committed]


class Platemail(Ruleset):
    name = "platemail"
    title = "Platemail"
    turn_word = "Round"  # a Round of two Phases
    summary = "Secret simultaneous orders, two Action Phases a Round, IF/ELSE second Actions, d20 against Defense"
    capabilities = Capabilities(sides=2, simultaneous_orders=True, hidden_information=True,
                                dice=("d20", "d6", "d4", "d2"))
    options_type = PlatemailOptions
    state_type = PlatemailState
    order_types = (Write, Commit, Act, Deploy, DeployAll, Ready)
    default_battlefield = "pm-yard"

    # -- the plug-in (core/ruleset.py): what the rest of Skirmish asks ---------
    help_page = "platemail.md"
    battlefield_profile = BattlefieldProfile(
        2, (("woods", Terrain("woods", blocks_sight=True, cover=1, move_cost=2)),),
        "5-foot cells; a small square is 10 feet, so the field is 160 x 80 feet; woods give half cover.")
    fallen_statuses = frozenset({"dying", "stable", "dead"})

    def terrain_words(self, terrain: Terrain) -> list[str]:
        # A step pays the cell's cost from the allowance, 5 feet a cell
        # (*Moving*; rulings: Movement); Cover is -2 to attacks on one who
        # stands in terrain with any cover (*Cover and Concealment*), so
        # ground nobody stands on gives none; a ranged attacker on a higher
        # cell has High Ground (*Ranged Weapons*); heights and sight-blocking
        # ground shape the line of sight.
        words = ["blocks"] if terrain.blocks_move else ["blocks sight"] if terrain.blocks_sight else []
        if terrain.elevation:
            words.append(f"height {terrain.elevation}")
        if not terrain.blocks_move:
            if terrain.move_cost > 1:
                words.append(f"{5 * terrain.move_cost} ft to enter")
            if terrain.cover:
                words.append("cover")
        return words

    def feature_words(self, kind: str) -> str:
        # A door starts shut and blocks movement and sight until a Use Item
        # beside it opens it (seed: Use Item; senses.effective_battlefield).
        return "starts shut: blocks movement and sight; Use Item beside it opens or shuts it" \
            if kind == "door" else ""

    def explain(self, events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
        return explain_event(events, index)

    def knowledge(self) -> Knowledge:
        # the computer, imported only when it plays
        from core.ai.platemail import PlatemailKnowledge

        return PlatemailKnowledge(self)

    def check_options(self, options: PlatemailOptions, battlefield: Battlefield) -> str | None:
        for side, text in ((0, options.roster_0), (1, options.roster_1)):
            names = parse_roster(text)
            if isinstance(names, str):
                return f"Player {side + 1}'s roster: {names}"
            cells = [c for c in battlefield.zone_cells(side) if not battlefield.terrain(c).blocks_move]
            if len(cells) < len(names):
                return f"Player {side + 1}'s deployment zone has room for only {len(cells)} characters."
        return None

    def setup(self, options, battlefield, seed, players):
        chars = []
        for side, text in ((0, options.roster_0), (1, options.roster_1)):
            for i, fig in enumerate(parse_roster(text), 1):
                chars.append(make_character(side, i, fig, options.max_wounds))
        state = PlatemailState(options=options, battlefield=battlefield, dice=Dice(seed), players=tuple(players),
                               characters=tuple(chars))
        return state, [Note(f"Platemail: {players[0]} and {players[1]} deploy their characters")]

    # -- who acts ----------------------------------------------------------
    def to_act(self, state: PlatemailState) -> frozenset[int]:
        if state.stage == "orders":  # the usual answer first: asked several times per order
            done_0, done_1 = state.committed
            return _WRITING[done_0][done_1]
        if state.stage == "deploy":
            return frozenset({state.deploying})
        return frozenset()

    def legal_orders(self, state: PlatemailState, side: int) -> Sequence[Order]:
        if side not in self.to_act(state):
            return []
        if state.stage == "deploy":
            own = [c.id for c in state.characters if c.side == side]
            pos = {c.id: c.pos for c in state.characters}
            waiting = [u for u in own if pos[u] is None]
            out: list[Order] = []
            if waiting:
                out.append(DeployAll(side))
                out += [Deploy(side, waiting[0], cell) for cell in open_cells(state.battlefield, side, pos)[:4]]
            else:
                out.append(Ready(side))
            return out
        # Worked out from what the side knows, never from unseen skulkers.
        return [Commit(side)] + sample_writes(self.writing_view(state, side), side)

    # One listed order drawn without listing them all (``draw.random_order``,
    # whose first argument is this ruleset): the function itself as the
    # method, without a frame that only passes the call on (once per order).
    random_order = draw_order

    def check(self, state: PlatemailState, order: Order) -> Rejection | None:
        # (the game going on and order.side to act: core.game.refusal's)
        if type(order) is Write and state.stage == "orders":  # the usual order first (as below)
            return check_write(state, order)
        if isinstance(order, Act):
            return Rejection("nested-only", "An Action is written inside a write order, not on its own.")
        if isinstance(order, (Deploy, DeployAll, Ready)):
            if state.stage != "deploy":
                return Rejection("not-deploying", "Deployment is over.")
            own = [c.id for c in state.characters if c.side == order.side]
            pos = {c.id: c.pos for c in state.characters}
            if isinstance(order, Deploy):
                return check_deploy(state.battlefield, order.side, own, pos, order)
            if isinstance(order, Ready):
                return check_ready(own, pos)
            return None
        if state.stage != "orders":
            return Rejection("not-orders", "Orders are written once both sides have deployed.")
        if isinstance(order, Write):
            return check_write(state, order)
        if isinstance(order, Commit):
            if state.committed[order.side]:
                return Rejection("committed", "Your orders are already committed.")
            return None
        return Rejection("unknown-order", f"Platemail has no order {order.verb!r}.")

    def apply(self, state: PlatemailState, order: Order) -> tuple[PlatemailState, list[Event]]:
        if type(order) is Write:  # the usual order first (Write has no subclasses)
            return self._write(state, order)
        if isinstance(order, Deploy):
            return self._place(state, {order.unit: order.at})
        if isinstance(order, DeployAll):
            own = [c.id for c in state.characters if c.side == order.side]
            return self._place(state, auto_deploy(state.battlefield, order.side, own,
                                                  {c.id: c.pos for c in state.characters}))
        if isinstance(order, Ready):
            if order.side == 0:
                return evolve(state, deploying=1), [Note(f"{state.players[0]} has deployed")]
            return evolve(state, stage="orders"), [Note("Both sides have deployed: write orders for Round 1")]
        if isinstance(order, Write):
            return self._write(state, order)
        if isinstance(order, Commit):
            committed = tuple(True if s == order.side else state.committed[s] for s in (0, 1))
            state = rebuild(state, committed=committed)
            events: list[Event] = [Note(f"{state.players[order.side]} commits their orders")]
            if all(committed):
                state, more = resolve_round(state)
                events += more
            return state, events
        raise ValueError(f"unchecked order {order!r}")

    def _write(self, state: PlatemailState, order: Write) -> tuple[PlatemailState, list[Event]]:
        plans = tuple([p for p in state.plans if p.unit != order.unit]) + (order,)
        # rebuild(state, plans=plans): evolve's result, from a copy of the fields
        state = copy_with(state, {"plans": plans})
        # The Note, a frozen value, made once per player and character and
        # kept in the battlefield's memo (every write of every Round logs it).
        # It is the writer's side's alone: which characters have orders (and
        # how many) is as secret as the orders, until the Round is resolved;
        # the other side and onlookers read only "commits their orders".
        key = (state.players[order.side], order.unit, order.side)
        memo = state.battlefield.memo
        notes = memo.entries.get("platemail.write-notes")  # (memo.table's answer, once it has made it)
        if notes is None:
            notes = memo.table("platemail.write-notes", 256)
        note = notes.get(key)
        if note is None:
            note = notes.put(key, only_for(order.side, Note(f"{key[0]} writes orders for {key[1]}")))
        return state, [note]

    def _place(self, state, placements):
        chars = tuple(evolve(c, pos=placements[c.id]) if c.id in placements else c for c in state.characters)
        return evolve(state, characters=chars), [Placed(u, at) for u, at in placements.items()]

    def outcome(self, state: PlatemailState) -> Outcome | None:
        if state.stage != "over":
            return None
        return Outcome(state.winner, state.reason)

    # -- what people see -----------------------------------------------------
    def units(self, state: PlatemailState) -> Sequence[UnitView]:
        out = []
        for c in state.characters:
            marks = "".join(flag for flag, on in (
                ("H", c.hidden), ("P", c.prone), ("E", c.entrapped), ("D", c.dazed > 0), ("T", c.terror > 0),
                ("*", c.prepared is not None), ("F", c.focus is not None), ("A", c.aimed),
                ("U", not c.loaded)) if on)
            if c.wounds:
                marks = f"W{c.wounds}" + marks
            out.append(UnitView(c.id, c.side, c.name, c.pos, c.status.value, None, c.glyph, marks))
        return out

    def turn_limit_words(self, state: PlatemailState, turn: int) -> str:
        return f"/{state.options.round_limit}"

    def situation(self, state: PlatemailState) -> Situation:
        if state.stage == "deploy":
            return Situation(state.round, "deployment", self.to_act(state), f"{state.players[state.deploying]} deploys",
                             deploying=True)
        if state.stage == "over":  # the Round counter has already moved past the last one played
            return Situation(max(1, state.round - 1), "over", frozenset(), state.reason)
        done = [state.players[s] for s in (0, 1) if state.committed[s]]
        detail = f"{', '.join(done)} committed" if done else "both sides write orders in secret"
        return Situation(state.round, "orders", self.to_act(state), detail)

    def view(self, state: PlatemailState, side: int | None) -> PlatemailState:
        """Drop the other side's orders (written or committed, until resolved),
        every Stealth roll but the side's own, the positions of skulkers no
        fighting character of ``side`` perceives (the dice seed goes for
        every side in ``core.game.redact``)."""
        plans = tuple([p for p in state.plans if p.side == side])
        # (rebuild: as evolve would, from a copy of the fields; the listing
        # and the draw may ask for a view at every order)
        return rebuild(state, characters=_seen_characters(state, side), plans=plans)

    def writing_view(self, state: PlatemailState, side: int) -> PlatemailState:
        """What the listing and the draw of ``side``'s writes read: ``view``,
        or ``state`` itself when ``side`` sees every character as it is.
        They read only the characters, the battlefield, the stage, the
        committed flags and ``side``'s own written orders (never the other
        side's orders or the dice), so both give the same writes."""
        for c in state.characters:  # _seen_characters' own first test, without its frame
            if c.hidden and c.side != side:
                break
        else:
            return state  # nothing hidden from ``side``
        if _seen_characters(state, side) is state.characters:
            return state
        return self.view(state, side)

    def order_cells(self, state: PlatemailState, order: Order):
        """The cells lit for an order, from what its side knows."""
        if isinstance(order, Write):
            if order.first.to is not None:
                return (order.first.to,)
            t = self.view(state, order.side).char(order.first.target or "")
            return (t.pos,) if t and t.pos else ()
        return super().order_cells(state, order)

    def describe_order(self, state: PlatemailState, order: Order) -> str:
        if isinstance(order, Write):
            cond = CONDITION_TEXT[order.condition]
            me = state.char(order.unit) if state is not None else None
            after = shot_left_by(me, order.first) if me is not None else None  # as the 2nd Action finds it
            first = describe_act(order.first, me)
            if order.then == order.otherwise:  # the IF decides nothing: say so, not "THEN x ELSE x"
                return f"{order.unit}: {first}; either way (IF {cond} or not): {describe_act(order.then, after)}"
            return (f"{order.unit}: {first}; IF {cond} "
                    f"THEN {describe_act(order.then, after)} ELSE {describe_act(order.otherwise, after)}")
        if isinstance(order, Commit):
            return "Commit this Round's orders"
        return describe_deployment(order) or order.to_text()


RULESET = Platemail()
