"""Checking and applying Waylights orders."""

from __future__ import annotations

from core.deployment import Deploy, DeployAll, Ready, auto_deploy, back_rows, check_deploy, check_ready
from core.events import Defeated, Event, Moved, Note, Placed
from core.ruleset import Rejection
from core.rulesets.waylights.combat import EFFECT_COST, SMASHABLE, reaches, side_by_side
from core.rulesets.waylights.events import AttackDeclared, CrystalUsed, TookCover
from core.rulesets.waylights.movement import can_reach, step_cells
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
from core.rulesets.waylights.resolve import cover_roll, fire, resolve_attack, suppression_shot
from core.rulesets.waylights.roster import Weapon
from core.rulesets.waylights.state import DEAD, KO, READY, Fighter, PendingAttack, WaylightsState, rebuild
from core.rulesets.waylights.turns import check_end, end_turn, start_round, tidy

ACTION_ORDERS = (Move, SplitMove, Attack, TakeCover, Wield, Reload, Clip, Crystal, Boost, Finish)


def R(code: str, message: str) -> Rejection:
    return Rejection(code, message)


def deciding_side(state: WaylightsState) -> int | None:
    """The side to decide now (asked several times for each order: kept in
    the state's memo, read straight from its entries once there)."""
    try:
        return state.memo.entries["waylights.deciding"]
    except KeyError:
        return state.memo.get("waylights.deciding", lambda: _deciding_side(state))


def _deciding_side(state: WaylightsState) -> int | None:
    if state.phase == "deploy":
        return state.deploy_side
    if state.phase != "battle":
        return None
    if state.pending in ("target-split", "response") and state.attack:
        return state.get(state.attack.target).side
    return state.get(state.active).side if state.active else None


def can_step(state: WaylightsState) -> bool:
    assert state.active is not None  # asked in a figure's turn
    f = state.get(state.active)
    return not (state.moved or state.stepped or state.reloading == FULL_RELOAD or f.grappled_by) \
        and bool(step_cells(state, f.id))


# The two halves of the full-turn reload (the RELOAD | CLIP row of the
# action table, no step): each names the other.
OTHER_HALF = {"clip": "reload", "reload": "clip"}
FULL_RELOAD = "both"


def check_effect(state: WaylightsState, effect: str | None, push, weapon: Weapon, a: Fighter,
                 t: Fighter) -> Rejection | None:
    if effect is None:
        return R("push-without-shove", "A direction only goes with a shove.") if push else None
    if not state.options.alternate_damage:
        return R("option-off", "Alternate damage is not in play in this game.")
    if effect not in EFFECT_COST:
        return R("unknown-effect", f"{effect} is not an alternate damage ({', '.join(EFFECT_COST)}).")
    if push is not None and effect != "shove":
        return R("push-without-shove", "A direction only goes with a shove.")
    if effect in ("grapple", "break-off", "shove", "human-shield") and weapon.ranged:
        return R("melee-only", f"{effect} needs a melee attack.")
    if effect in ("suppress", "entangle") and not weapon.ranged:
        return R("ranged-only", f"{effect} needs a ranged attack.")
    if effect in ("entangle", "stun") and effect not in weapon.effects:
        return R("wrong-weapon", f"The {weapon.name} cannot {effect}.")
    if effect == "break-off" and a.grappled_by != t.id:
        return R("not-grappled", f"{a.id} is not grappled by {t.id}.")
    if effect == "grapple" and not (a.pos and t.pos and side_by_side(a.pos, t.pos)):
        return R("not-beside", f"A grapple needs {t.id} right beside {a.id}, sharing a side (not diagonally).")
    return None


def check_psi(state: WaylightsState, f: Fighter, psi: int, smash: str | None, t: Fighter | None) -> Rejection | None:
    if (psi or smash) and not state.options.psi_tension:
        return R("option-off", "Psi tension is not in play in this game.")
    if psi < 0 or psi > f.tension:
        return R("tension", f"{f.id} has {f.tension} tension, not {psi}.")
    if smash is not None:
        if smash not in SMASHABLE:
            return R("smash", f"Only a {', '.join(SMASHABLE)} can be smashed.")
        if f.tension < 3:
            return R("tension", "Smashing an item takes 3 tension.")
        if t is not None and smash == "weapon" and t.weapon.natural:
            return R("smash", f"{t.id}'s {t.weapon.name} is part of its body, not an item to smash.")
        if t is not None and not has_item(t, smash):
            return R("smash", f"{t.id} has no {smash} to smash.")
    return None


def has_item(t: Fighter, item: str) -> bool:
    if item == "weapon":
        return t.weapon.item  # fists, a bite or a claw are not items
    if item == "shield":
        return bool(t.template.shield) and "shield" not in t.broken
    return bool(t.template.armour_threshold or t.template.armour_defence) and "armour" not in t.broken


def can_counter(state: WaylightsState) -> Rejection | None:
    """Why the target of the pending attack may not counter it, or None."""
    p = state.attack
    assert p is not None
    return counter_refusal(state, state.get(p.attacker), state.get(p.target))


def counter_refusal(state: WaylightsState, a: Fighter, t: Fighter) -> Rejection | None:
    """Why ``t`` may not counter the attack ``a`` has just declared on it in
    ``state``, or None: the one rule for the response and for the preview
    ("Attack and Defense").  A target yet to declare its split is asked
    nothing about dice here: it may still keep some to counter with."""
    if state.counter_used:
        return R("counter-used", "Only one counterattack may happen between character turns.")
    if t.status != READY:
        return R("down", f"{t.id} is out of the fight.")
    if t.split == 4:
        # A counter rolls the defence dice; 4/0 keeps none (issue 26).
        return R("no-counter-dice", f"{t.id} split 4/0: no defence dice to counterattack with.")
    why = reaches(state, t, a, t.weapon)
    return R("cannot-counter", f"No counterattack: {why}.") if why else None


def check(state: WaylightsState, order) -> Rejection | None:
    # (the game going on and order.side the deciding side: core.game.refusal's)
    if state.phase == "deploy":
        own = [f.id for f in state.side_of(order.side)]
        pos = {f.id: f.pos for f in state.fighters}
        if isinstance(order, Deploy):
            return check_deploy(state.battlefield, order.side, own, pos, order)
        if isinstance(order, DeployAll):
            return None if any(pos[u] is None for u in own) else R("all-placed", "Every figure is placed already.")
        if isinstance(order, Ready):
            return check_ready(own, pos)
        return R("deploying", "Place your figures first.")
    f = state.find(getattr(order, "unit", ""))
    if f is None:
        return R("no-unit", f"There is no figure {getattr(order, 'unit', '')!r}.")
    if state.pending == "split":
        if not isinstance(order, Split) or f.id != state.active:
            return R("split-first", f"First declare {state.active}'s dice split (attack/defence).")
        return None if 0 <= order.attack <= 4 else R("split-range", "Split 4 dice: 0 to 4 attack.")
    if state.pending == "target-split":
        assert state.attack is not None  # the target splits against an attack
        if not isinstance(order, Split) or f.id != state.attack.target:
            return R("split-first", f"{state.attack.target} is attacked: declare its dice split first.")
        return None if 0 <= order.attack <= 4 else R("split-range", "Split 4 dice: 0 to 4 attack.")
    if state.pending == "response":
        p = state.attack
        assert p is not None  # the target responds to an attack
        if f.id != p.target or not isinstance(order, (Defend, Counter)):
            return R("respond", f"{p.target} must defend or counterattack.")
        if isinstance(order, Defend):
            return check_psi(state, f, order.psi, None, None)
        why = can_counter(state)
        if why:
            return why
        a = state.get(p.attacker)
        return check_effect(state, order.effect, order.push, f.weapon, f, a) or \
            check_psi(state, f, order.psi, order.smash, a)
    if f.id != state.active:
        return R("not-active", f"It is {state.active}'s turn, not {f.id}'s.")
    if isinstance(order, (Split, Defend, Counter)):
        return R("not-now", "That is not asked for now.")
    if isinstance(order, ACTION_ORDERS) and state.actions >= state.max_actions:
        return R("no-actions", f"{f.id} has used its {state.max_actions} Action(s) this turn.")
    return check_turn(state, f, order)


def step_cell_refusal(state: WaylightsState, f: Fighter, cell: tuple[int, int]) -> str:
    """Why the free step cannot go to ``cell`` ("Sequence": one orthogonal
    cell of cost 1): a diagonal, a cell too far, or ground it cannot take."""
    assert f.pos is not None
    dx, dy = abs(cell[0] - f.pos[0]), abs(cell[1] - f.pos[1])
    where = f"{cell[0]},{cell[1]}"
    if dx == dy == 1:
        return f"The free step goes straight to one of the four cells beside {f.id}, not diagonally: {where} is not one."
    if dx + dy != 1:
        return f"The free step goes one cell, to one of the four beside {f.id}: {where} is farther."
    return f"The free step needs open ground of move cost 1, and nobody on it: {where} is not."


def check_turn(state: WaylightsState, f: Fighter, order) -> Rejection | None:
    if isinstance(order, (Move, SplitMove)):
        if f.grappled_by:
            return R("grappled", f"{f.id} is grappled and cannot move.")
        if isinstance(order, Move) and state.stepped:
            # Sequence: the step belongs to a turn without the Move action,
            # so once it is taken Move is closed (Split Move is not).
            return R("stepped", f"{f.id} took its free step: no Move action this turn (Split Move is still open).")
        budget = f.template.move if isinstance(order, Move) else f.template.move // 2
        if not can_reach(state, f.id, budget, order.to):
            return R("unreachable", f"{order.to[0]},{order.to[1]} is not within {budget} movement "
                                    "(diagonal steps cost 2; figures and walls block).")
        return None
    if isinstance(order, Step):
        why = step_refusal(state, f)
        if why:
            return why
        if order.to not in step_cells(state, f.id):
            return R("bad-step", step_cell_refusal(state, f, order.to))
        return None
    if isinstance(order, Attack):
        t = state.find(order.target)
        if t is None or t.side == f.side:
            return R("bad-target", f"{order.target} is not an enemy figure.")
        if t.status == KO:
            return ko_target_refusal(state, f, t)
        if t.status != READY or t.pos is None:
            return R("bad-target", f"{t.id} is out of the fight.")
        why = attack_dice_refusal(f) or other_target(state, f, t)
        if why:
            return why
        gap = reaches(state, f, t, f.weapon)
        if gap:
            return R("out-of-reach", sentence(state, gap))
        return attack_terms(state, f, t, order)
    if isinstance(order, TakeCover):
        return cover_refusal(state, f)
    if isinstance(order, Wield):
        if order.weapon not in f.template.weapons:
            return R("no-weapon", f"{f.id} carries no {order.weapon}.")
        if f"weapon:{order.weapon}" in f.broken:
            return R("broken", f"The {order.weapon} is broken.")
        if f.template.weapons.index(order.weapon) == f.wielding:
            return R("wielded", f"{f.id} already wields the {order.weapon}.")
        return None
    if isinstance(order, (Reload, Clip)):
        w = f.weapon
        if w.kind != "launcher":
            return R("no-launcher", f"{f.id} does not wield a launcher.")
        i = f.template.weapons.index(w.name)
        why = reload_half_refusal(state, f, order.verb)
        if why:
            return why
        if isinstance(order, Reload):
            if f.primed[i]:
                return R("primed", f"The {w.name} is primed already.")
            if f.ammo[i] <= 0:
                return R("empty", f"The {w.name}'s clip is empty: replace it first (clip).")
            return None
        if f.spares[i] <= 0:
            return R("no-spares", f"{f.id} has no spare clip for the {w.name}.")
        if f.ammo[i] >= w.capacity:
            return R("full", f"The {w.name}'s clip is full.")
        return None
    if isinstance(order, Crystal):
        if f.crystals <= 0:
            return R("no-crystal", f"{f.id} has no healing crystal.")
        if f.penalty <= 0:
            return R("unhurt", f"{f.id} has no wound to ease.")
        return None
    if isinstance(order, Boost):
        if not state.options.psi_tension:
            return R("option-off", "Psi tension is not in play in this game.")
        if order.what not in ("skill", "stat"):
            return R("boost", "Boost the skill or the stat.")
        if order.what in f.boosts:
            return R("boosted", f"{f.id} has boosted its {order.what} already.")
        return None if f.tension >= 5 else R("tension", "A boost takes 5 tension.")
    if isinstance(order, Finish):
        t = state.find(order.target)
        if t is None or t.side == f.side or t.status != KO:
            return R("not-ko", f"{order.target} is not a knocked-out enemy.")
        why = finish_turn_refusal(state, f)
        if why:
            return why
        gap = reaches(state, f, t, f.weapon)
        return R("out-of-reach", sentence(state, gap)) if gap else None
    if isinstance(order, EndTurn):
        return None
    return R("unknown", f"{order.verb} is not a Waylights order.")


def sentence(state: WaylightsState, text: str) -> str:
    """``text`` (one of ``reaches``'s reasons) as a sentence: a capital and a
    full stop, except that a figure's id it begins with stays as the board
    shows it ("a3 cannot see b3.", never "A3 ...")."""
    first = text.split(" ", 1)[0]
    return (text if state.find(first) is not None else text[:1].upper() + text[1:]) + "."


def fixed_passing(state: WaylightsState, f: Fighter, fixed: tuple) -> list:
    """``[o for o in fixed if check_turn(state, f, o) is None]`` for the
    fixed Actions of ``f``'s turn (``ruleset._fixed_orders``: take cover, a
    Wield per weapon of its kind, reload, clip, crystal, the skill and stat
    boosts), with each of check_turn's tests written for its one order."""
    names = f.template.weapons
    n = len(names)
    out = [] if cover_refusal(state, f) else [fixed[0]]
    broken = f.broken
    for o in fixed[1:1 + n]:
        w = o.weapon
        if not (broken and f"weapon:{w}" in broken) and names.index(w) != f.wielding:
            out.append(o)
    reload, clip, crystal, skill, stat = fixed[1 + n:]
    w = f.weapon
    if w.kind == "launcher":
        i = names.index(w.name)
        # after the step, not the half that would make the full-turn reload
        closed = OTHER_HALF.get(state.reloading) if state.stepped else None
        if not f.primed[i] and f.ammo[i] > 0 and closed != "reload":
            out.append(reload)
        if f.spares[i] > 0 and f.ammo[i] < w.capacity and closed != "clip":
            out.append(clip)
    if f.crystals > 0 and f.penalty > 0:
        out.append(crystal)
    if state.options.psi_tension and f.tension >= 5:
        if "skill" not in f.boosts:
            out.append(skill)
        if "stat" not in f.boosts:
            out.append(stat)
    return out


def cover_refusal(state: WaylightsState, f: Fighter) -> Rejection | None:
    """Taking cover only undoes stepping out of cover this turn (Cover:
    a move, split move, step or shot costs a level until the turn ends), so
    it is refused while there is nothing to undo."""
    if not state.exposed:
        return R("not-exposed", f"{f.id} is not out of its cover: taking cover only undoes a move, step or "
                                "shot of this turn, and there is none to undo.")
    return None


def finish_turn_refusal(state: WaylightsState, f: Fighter) -> Rejection | None:
    """Why ``f``'s turn can no longer hold a finish (Endgame: "a full turn
    action", both Actions and the free step), or None."""
    if state.stepped:
        return R("full-turn", f"{f.id} took its free step: finishing a KO character takes the whole "
                              "turn, the step included.")
    if state.actions:
        return R("full-turn", f"{f.id} has used an Action: finishing a KO character takes both Actions of a "
                              "turn.")
    if state.max_actions < 2:
        return R("full-turn", f"{f.id} has one Action this turn: finishing a KO character takes both Actions "
                              "of a turn.")
    return None


def ko_target_refusal(state: WaylightsState, f: Fighter, t: Fighter) -> Rejection:
    """An attack on the KO ``t``: only a finish touches it (Endgame), and
    the reason names what of the turn rules that out, when it is ruled out."""
    why = finish_turn_refusal(state, f)
    if why:
        return R("target-ko", f"{t.id} is KO and only a finish can touch it; {why.message.rstrip('.')}, so not "
                              "this turn.")
    return R("target-ko", f"{t.id} is KO: finishing it takes a full turn (finish).")


def step_refusal(state: WaylightsState, f: Fighter) -> Rejection | None:
    """Why the active figure ``f`` may not take its free step at all now."""
    if state.moved:
        return R("moved", "No free step in a turn that used the Move action.")
    if state.stepped:
        return R("stepped", "The free step is already taken this turn.")
    if state.reloading == FULL_RELOAD:
        return R("full-turn", "Replacing the clip and reloading took the whole turn: no free step.")
    if f.grappled_by:
        return R("grappled", f"{f.id} is grappled and cannot move.")
    return None


def reload_half_refusal(state: WaylightsState, f: Fighter, verb: str) -> Rejection | None:
    """``verb`` ("clip" or "reload") refused when it would complete the
    full-turn reload in a turn whose step is taken (the RELOAD | CLIP row:
    no step), as Move is refused after the step."""
    if state.stepped and state.reloading == OTHER_HALF[verb]:
        return R("full-turn", f"{f.id} took its free step: replacing the clip and reloading together take the "
                              f"whole turn with no step ({verb} next turn).")
    return None


def attack_dice_refusal(f: Fighter) -> Rejection | None:
    """No attack with no attack dice: 0/4 is the defensive stance (issue 26)."""
    if f.split == 0:
        return R("no-attack-dice", f"{f.id} split 0/4: no attack dice to attack with this turn "
                                   "(it fights defensively; it may still counterattack).")
    return None


def other_target(state: WaylightsState, f: Fighter, t: Fighter) -> Rejection | None:
    """Both attacks of a turn go at one target."""
    if state.target and state.target != t.id:
        return R("one-target", f"{f.id} already attacked {state.target} this turn; both attacks go at one target.")
    return None


def attack_terms(state: WaylightsState, f: Fighter, t: Fighter, order) -> Rejection | None:
    """What check refuses of an attack on ``t``, an enemy standing in reach
    of ``f``'s weapon: its alternate damage and its tension."""
    return check_effect(state, order.effect, order.push, f.weapon, f, t) or \
        check_psi(state, f, order.psi, order.smash, t)


# -- apply ---------------------------------------------------------------------


def apply(state: WaylightsState, order) -> tuple[WaylightsState, list[Event]]:
    if state.phase == "deploy":
        return _apply_deploy(state, order)
    events: list[Event] = []
    if isinstance(order, Split):
        f = state.get(order.unit)
        split = rebuild(f, split=order.attack, split_round=state.round)
        events.append(Note(f"{f.id} splits its dice: {order.attack} attack / {4 - order.attack} defence."))
        if state.pending == "split":  # the figure and the pending field in one rebuild
            state = rebuild(state, fighters=tuple([split if g.id == f.id else g for g in state.fighters]), pending="")
        else:
            state = state.put(split)
            state, evs = enter_response(state)
            events += evs
    elif isinstance(order, Defend):
        state, events = resolve_attack(state, False, psi_d=order.psi)
    elif isinstance(order, Counter):
        state, events = resolve_attack(state, True, c_effect=order.effect, c_push=order.push, c_psi=order.psi,
                                       c_smash=order.smash)
    elif isinstance(order, EndTurn):
        state, evs = end_turn(state)
        return state, [Note(f"{order.unit} ends its turn.")] + evs
    else:
        state, events = _apply_turn(state, state.get(order.unit), order)
    return after(state, events)


def after(state: WaylightsState, events: list[Event]) -> tuple[WaylightsState, list[Event]]:
    state, evs = tidy(state)
    events += evs
    state, evs = check_end(state)
    events += evs
    if state.phase != "battle" or state.pending:
        return state, events
    assert state.active is not None  # a battle's turn has its active figure
    f = state.get(state.active)
    if f.status != READY or (state.actions >= state.max_actions and not can_step(state)):
        state, evs = end_turn(state)
        events += evs
    return state, events


def enter_response(state: WaylightsState) -> tuple[WaylightsState, list[Event]]:
    assert state.attack is not None  # entered on an attack
    t = state.get(state.attack.target)
    if can_counter(state) is None or (state.options.psi_tension and t.tension > 0):
        return rebuild(state, pending="response"), []
    return resolve_attack(state, False)


def _apply_deploy(state: WaylightsState, order) -> tuple[WaylightsState, list[Event]]:
    side = order.side
    if isinstance(order, Deploy):
        f = state.get(order.unit)
        return state.put(rebuild(f, pos=order.at)), [Placed(f.id, order.at)]
    if isinstance(order, DeployAll):
        own = [f.id for f in state.side_of(side)]
        pos = {f.id: f.pos for f in state.fighters}
        # the back of the zone (docs/rulings.md, Deployment): an open field's halves meet in the middle
        back = back_rows(state.battlefield, side, pos, sum(pos[u] is None for u in own))
        spots = auto_deploy(state.battlefield, side, own, pos, among=back)
        events: list[Event] = []
        for uid, cell in spots.items():
            state = state.put(rebuild(state.get(uid), pos=cell))
            events.append(Placed(uid, cell))
        return state, events
    if side == 0:
        return rebuild(state, deploy_side=1), [Note(f"{state.players[0]} is ready.")]
    state = rebuild(state, phase="battle")
    return start_round(state)


def _apply_turn(state: WaylightsState, f: Fighter, order) -> tuple[WaylightsState, list[Event]]:
    events: list[Event] = []
    uses_action = isinstance(order, ACTION_ORDERS)
    is_move = isinstance(order, (Move, SplitMove, Step))
    # An Action is counted in the same rebuild of the state as what it does
    # (Finish and the moves count it apart, below).
    acted = {"actions": state.actions + 1} if uses_action else {}
    if isinstance(order, Finish):
        state, acted = rebuild(state, **acted), {}
    if is_move:
        how = {Move: "moves", SplitMove: "split-moves", Step: "steps"}[type(order)]
        moved = rebuild(f, pos=order.to)
        state = rebuild(state, fighters=tuple([moved if g.id == f.id else g for g in state.fighters]),
                       actions=state.actions + 1 if uses_action else state.actions, exposed=True,
                       moved=state.moved or isinstance(order, Move), stepped=state.stepped or isinstance(order, Step))
        events.append(Moved(f.id, f.pos, order.to, how))
        if f.suppressed_by:
            state, evs = suppression_shot(state, f.id)
            events += evs
    elif isinstance(order, Attack):
        state = rebuild(state, target=order.target, **acted)
        # Attack and Defense: the target is named before anything is rolled,
        # a shot's cover roll included (an avoided shot keeps its line).
        events.append(AttackDeclared(f.id, order.target, f.weapon.name))
        if f.weapon.ranged:
            state = rebuild(fire(state, f.id), exposed=True)
            state, avoided, evs = cover_roll(state, f.id, order.target)
            events += evs
            if avoided:
                return state, events
        t = state.get(order.target)
        state = rebuild(state, attack=PendingAttack(
            f.id, t.id, f.wielding, order.effect, order.push.value if order.push else None, order.psi, order.smash))
        if t.split is None:
            # Attack and Defense: only a character that has never declared
            # (no turn yet) splits now; any other keeps the split of its
            # last turn until its next one.
            return rebuild(state, pending="target-split"), events
        state, evs = enter_response(state)
        events += evs
    elif isinstance(order, TakeCover):
        state = rebuild(state, exposed=False, **acted)
        events.append(TookCover(f.id))
    elif isinstance(order, Wield):
        state = _put(state, rebuild(f, wielding=f.template.weapons.index(order.weapon)), acted)
        events.append(Note(f"{f.id} changes weapon to the {order.weapon}."))
    elif isinstance(order, Reload):
        i = f.template.weapons.index(f.weapon.name)
        # Priming readies a round of the clip; it is spent when fired.
        state = _put(state, rebuild(f, primed=_set(f.primed, i, True)),
                     dict(acted, reloading=_reloading(state, "reload")))
        left = f.ammo[i]
        events.append(Note(f"{f.id} primes the {f.weapon.name} ({left} round{'s' if left != 1 else ''} in the clip, "
                           "this one included)."))
    elif isinstance(order, Clip):
        i = f.template.weapons.index(f.weapon.name)
        state = _put(state, rebuild(f, ammo=_set(f.ammo, i, f.weapon.capacity),
                                   spares=_set(f.spares, i, f.spares[i] - 1)),
                     dict(acted, reloading=_reloading(state, "clip")))
        events.append(Note(f"{f.id} replaces the {f.weapon.name}'s clip ({f.spares[i] - 1} spare left)."))
    elif isinstance(order, Crystal):
        healed = rebuild(f, crystals=f.crystals - 1, healed=f.healed + 1)
        state = _put(state, healed, acted)
        events.append(CrystalUsed(f.id, f.wounds, f.penalty, healed.penalty, f.ko_at, healed.crystals))
    elif isinstance(order, Boost):
        state = _put(state, rebuild(f, tension=f.tension - 5, boosts=f.boosts + (order.what,)), acted)
        events.append(Note(f"{f.id} spends 5 tension: +1 {order.what} for the rest of the fight."))
    elif isinstance(order, Finish):
        if f.weapon.ranged:
            state = fire(state, f.id)
        t = state.get(order.target)
        state = state.put(rebuild(t, status=DEAD))
        # A full turn: nothing of the turn is left, the step included.
        state = rebuild(state, actions=state.max_actions, stepped=True)
        events.append(Defeated(t.id, f.id, "finished off while KO"))
    return state, events


def _reloading(state: WaylightsState, verb: str) -> str:
    """The turn's full-turn reload after ``verb``: both halves, or this one."""
    return FULL_RELOAD if state.reloading == OTHER_HALF[verb] else verb


def _put(state: WaylightsState, fighter: Fighter, changes: dict) -> WaylightsState:
    """``state.put(fighter)`` with ``changes`` to the state in the same rebuild."""
    return rebuild(state, fighters=tuple([fighter if g.id == fighter.id else g for g in state.fighters]), **changes)


def _set(values: tuple, i: int, value) -> tuple:
    return values[:i] + (value,) + values[i + 1:]
