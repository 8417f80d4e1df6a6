"""Waylights' board marks for a selected figure (issue 29): where its
weapon reaches (``w``), which lit cells give an attack this turn on which
enemy (the enemy's number inside the brackets, ``+`` for several), and on the cursor
card the line of sight and the cover a target has, with where it comes
from.  The facts come from core.rulesets.waylights.glance, drawn from the
seat's view; this module only words and places them."""

from __future__ import annotations

from typing import Any

from core.board import chebyshev, line_cells
from core.rulesets.waylights.combat import reaches
from core.rulesets.waylights.glance import (
    COVER_WORDS,
    attacks_after_move,
    cover_sources,
    weapon_reach,
)
from core.rulesets.waylights.movement import sees
from core.rulesets.waylights.orders import Move, SplitMove, Step
from core.rulesets.waylights.state import rebuild

REACH_KEY = "w"  # a cell the selected figure's weapon reaches from where it stands


def _fighter(view: Any, selected: Any):
    if selected is None or getattr(view, "phase", "") != "battle":
        return None
    f = view.find(selected.id)
    return f if f is not None and f.pos is not None and f.up else None


def move_cells(ruleset: Any, view: Any, fid: str, side: int) -> set:
    """The empty cells a Move, Split Move or step of ``fid`` can end on."""
    taken = set(view.occupied())
    return {o.to for o in ruleset.legal_orders(view, side)
            if isinstance(o, (Move, SplitMove, Step)) and o.unit == fid and o.to not in taken}


def reach_shades(ruleset: Any, view: Any, selected: Any) -> dict:
    """``w`` on the cells the weapon reaches, but not on the lit ones (a
    move there is marked with the shot it gives instead)."""
    f = _fighter(view, selected)
    if f is None:
        return {}
    lit = move_cells(ruleset, view, f.id, f.side)
    return {c: REACH_KEY for c in weapon_reach(view, f.id) if c not in lit}


def gives(f: Any) -> str:
    """What a blow of ``f``'s weapon is called: a shot, or a melee attack."""
    return "a shot at" if f.weapon.ranged else "an attack on"


def shot_marks(ruleset: Any, view: Any, selected: Any) -> dict:
    f = _fighter(view, selected)
    if f is None:
        return {}
    shots = attacks_after_move(ruleset, view, f)
    return {c: f" {ids[0][-1] if len(ids) == 1 else '+'} " for c, ids in shots.items()}


def cursor_words(ruleset: Any, view: Any, selected: Any, cursor: Any) -> list[str]:
    """Line of sight from the selected figure to the cursor; on an enemy,
    its cover and where it comes from; on a cell a move reaches, the
    enemies a shot from there could take."""
    f = _fighter(view, selected)
    if f is None or cursor == f.pos:
        return []
    lines = []
    frac = sees(view, f.pos, cursor)
    lines.append(f"Sight {f.id}→here: {round(frac * 100)}% in view" if frac > 0 else f"Sight: {f.id} cannot see here")
    here = view.occupied().get(cursor)
    enemy = view.find(here) if here else None
    if enemy is not None and enemy.side != f.side and enemy.up:
        level, why = cover_sources(view, f.pos, enemy.id)
        blocker = full_cover_beside(view, f.pos, enemy) if level is not None and level >= 3 and frac > 0 else None
        if blocker is not None:  # the ruling (full: no shot) beside the sight that reads as a contradiction
            lines.append(f"Cover of {enemy.id}: full: the {blocker} touches the line of fire beside {enemy.id}, "
                         f"so no shot, though {round(frac * 100)}% of {enemy.id} is in view")
        elif level is not None:
            lines.append(f"Cover of {enemy.id}: {COVER_WORDS[level]}" + (f", from {'; '.join(why)}" if why else ""))
        reach = cursor in weapon_reach(view, f.id)
        lacking = None if reach else unready(view, f, enemy)
        if lacking:
            lines.append(f"{f.weapon.name}: {lacking}")
        else:
            lines.append(f"{f.weapon.name}: {'reaches' if reach else 'does not reach'} {enemy.id} from here")
    elif here is None:
        lines += ground_cost(view, cursor)
        body = next((g for g in view.fighters if g.pos == cursor and not g.up and g.status == "dead"), None)
        if body is not None and cursor in move_cells(ruleset, view, f.id, f.side):
            lines.append(f"{body.id}'s body: the dead do not block, a move may end here")
        shots = attacks_after_move(ruleset, view, f, [cursor]).get(cursor)
        if shots:
            lines.append(f"A move here gives {gives(f)} {', '.join(shots)} this turn")
    return lines


def full_cover_beside(view: Any, shooter: Any, enemy: Any) -> str | None:
    """The ground of full cover on the line of fire beside ``enemy`` ("ruin
    at 7,7"), if any: the rulings give the target the highest cover among
    the cells of the line next to it, and no shot gets through full cover
    (Equipment and environment), however much of the figure is in view."""
    for cell in line_cells(shooter, enemy.pos):
        terrain = view.battlefield.terrain(cell)
        if cell != shooter and chebyshev(cell, enemy.pos) <= 1 and terrain.cover >= 3:
            return f"{terrain.kind} at {cell[0]},{cell[1]}"
    return None


def ground_cost(view: Any, cell: Any) -> list[str]:
    """What entering ``cell`` costs when its ground is not open: the board's
    legend names the ground (``~ mud``) but not what it costs to cross
    (``movement.step_cost``, twice that diagonally; the free step only
    enters ground of cost 1)."""
    terrain = view.battlefield.terrain(cell)
    cost = terrain.move_cost
    if cost <= 1 or terrain.blocks_move:
        return []
    return [f"{terrain.kind[:1].upper()}{terrain.kind[1:]} costs {cost} movement (no free step)"]


def unready(view: Any, f: Any, enemy: Any) -> str | None:
    """What keeps ``f``'s launcher or thrown weapon from ``enemy`` when it
    would reach it primed and with a round (in range, in view, not in full
    cover): "not primed (reload first)" or "out of ammunition (new clip
    first)".  None when something else stops it, or nothing does."""
    w = f.weapon
    if not w.ranged or w.name not in f.template.weapons:
        return None
    i = f.template.weapons.index(w.name)
    ammo, primed = list(f.ammo), list(f.primed)
    ready = rebuild(f, ammo=(*ammo[:i], max(ammo[i], 1), *ammo[i + 1:]),
                    primed=(*primed[:i], True, *primed[i + 1:]))
    if reaches(view, ready, enemy, w) is not None:
        return None
    if ammo[i] <= 0 and (w.kind == "thrown" or not primed[i]):
        return "out of ammunition (new clip first)" if w.kind != "thrown" else "none left to throw"
    if w.kind == "launcher" and not primed[i]:
        return "not primed (reload first)"
    return None


def legend(ruleset: Any, selected: Any, view: Any) -> list[str]:
    """What the Waylights marks on the board mean, for the selected
    figure, near the top of the panel (below the fold at 80x24 it was never
    read): ``.w``, then the numbered cells, from the facts the board's
    marks are drawn from now (``shot_marks``): only the numbers shown, each
    with its enemy (``[3]`` is b3, not three enemies), and ``[+]`` only
    where a cell gives several (a tester read "[1] = b1" beside [3] cells)."""
    f = _fighter(view, selected)
    if f is None:
        return []
    reach = "reach" if f.weapon.name.endswith("s") else "reaches"  # "b3's stones reach it now"
    lines = [f" .w: {f.id}'s {f.weapon.name} {reach} it now"]
    shots = attacks_after_move(ruleset, view, f)
    named = sorted({ids[0] for ids in shots.values() if len(ids) == 1}, key=lambda i: (i[-1:], i))
    verb = "shoot" if f.weapon.ranged else "attack"
    if len(named) == 1:
        lines.append(f"[{named[0][-1:]}] = {named[0]}: move there, then {verb}")
    elif named:  # one line of keys, then what they all mean
        lines += [", ".join(f"[{i[-1:]}] = {i}" for i in named) + ":", f" move there, then {verb} it"]
    if any(len(ids) > 1 for ids in shots.values()):
        lines.append("[+]: several enemies")
    return lines
