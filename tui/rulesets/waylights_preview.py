"""Waylights' attack preview: what an attack would do, in words and
chances, before it is given (the engine's own ``preview_order``,
``exchange_for`` and counter rule, ``counter_refusal_for``)."""

from __future__ import annotations

from typing import Any

from core.events import dice, signed
from core.rulesets.waylights.combat import Preview, attack_mods, cover_level, defence_mods, percent, threshold
from core.rulesets.waylights.orders import Attack, Finish
from core.rulesets.waylights.resolve import fire
from core.rulesets.waylights.ruleset import counter_refusal_for, exchange_for, preview_order
from tui.rulesets.waylights_modals import AttackPreview
from tui.rulesets.waylights_words import exchange_words, past_cover, pierce_words

# The target's cover in an attack preview: its chance to avoid the shot is
# already in the "no effect" line (seed: Equipment and environment; docs/rulings.md, Cover).
COVER_LINES = ("Cover: none.",
               "Cover: light (a d6 of 1-2 avoids the shot; counted in \"no effect\").",
               "Cover: medium (a d6 of 1-4 avoids the shot; counted in \"no effect\").")


def chance_lines(p: Preview, target: Any) -> list[str]:
    """The core's chances (:meth:`Preview.lines`): four outcomes that add
    up to 100% (no effect, glancing, one wound, 2+ wounds), then KO, which
    is not a fifth outcome but the part of the wound rows that knocks the
    target out, and says which rows it is counted in (the sum read 106.9%
    with KO taken as one more outcome)."""
    *outcomes, ko = p.lines()
    # A KO takes the target's wounds to its KO count (core: attack_preview).
    part = ("part of the wound rows: any wound is a KO" if target.ko_at - target.wounds <= 1
            else "part of \"2+ wounds\", not one more outcome")
    extras = [f"{name} {percent(chance):>6}  (part of the hits)" for name, chance in p.extras]
    # An effect's cost comes off the wounds: a hit it takes all of deals none
    # (docs/rulings.md, Alternate damage), so the wound rows are not the wounds dealt.
    bought = next((name.removesuffix(" bought") for name, _ in p.extras if name.endswith(" bought")), "")
    if bought and p.wounded != p.one_wound + p.two_plus:
        extras.insert(0, f"a wound   {percent(p.wounded):>6}  (left to deal after the {bought})")
    return [*outcomes, f"{ko}  ({part})", *extras]


def attack_preview_of(state: Any, order: Attack) -> AttackPreview:
    """The preview of ``order`` (an attack) as its attacker's side sees it:
    dice, modifiers, Threshold, cover, whether a counter may follow and
    what it would do, then the chances of each outcome if the target defends."""
    a, t = state.get(order.unit), state.get(order.target)
    p = preview_order(state, order)
    adice = a.split if a.split is not None else 2
    declared = t.split is not None  # kept from its last turn until its next one
    tdice = 4 - (t.split if t.split is not None else 2)
    amod = sum(v for _, v in attack_mods(a, a.weapon))
    dmod = sum(v for _, v in defence_mods(t, a.weapon))
    detail = [f"{dice(adice, 'attack')} {signed(amod)} against {dice(tdice, 'defence')} {signed(dmod)}, "
              f"Threshold {threshold(t)}; {t.id} has {min(t.wounds, t.ko_at)}/{t.ko_at} wounds."]
    detail += pierce_words(a, t)
    if not declared:
        detail.append(f"{t.id} has had no turn yet and splits when attacked; reckoned here at 2/2.")
    if order.psi:  # the order's own cap, as the engine spends it (docs/rulings.md, Psi Tension)
        detail.append(f"Up to {order.psi} tension counted, spent only where it changes the blow.")
    if state.options.psi_tension and t.tension:
        detail.append(f"{t.id} has {t.tension} tension it may spend on its defence: not counted below.")
    cover = 0
    if a.weapon.ranged:
        cover = min(cover_level(state, a, t) or 0, 2)
        detail.append(COVER_LINES[cover])
    # What the response will allow, by the engine's own counter rule.
    why = counter_refusal_for(state, order)
    if why is None:
        x = exchange_for(state, order)
        keeps = "" if declared else " if it keeps defence dice"
        through = ""
        if cover:  # a shot the cover roll stops is answered by nothing (docs/rulings.md, Cover)
            x = past_cover(x, cover)
            detail.append(f"If the cover stops the shot, nothing follows: {t.id} neither defends nor counters.")
            through = "If the shot gets through, "
        detail.append(f"{through}{t.id} may counterattack instead{keeps}, defending with 0 dice: then "
                      f"{exchange_words(a, t, x)}. Below: if it defends.")
    else:
        reason = why.message if why.message.startswith("No counterattack") else f"No counterattack: {why.message}"
        detail.append(reason)
    chances = [f"  {line}" for line in chance_lines(p, t)] if p else []
    title = f"Preview: {a.id} attacks {t.id} with the {a.weapon.name}"
    return AttackPreview(order, title, detail, chances)


def shot_spent_words(state: Any, uid: str) -> str | None:
    """What a finish with ``uid``'s ranged weapon costs it (Endgame: a
    ranged finish spends a shot), from the engine's own ``fire``: its
    rounds before and after, and the priming lost; None in melee."""
    f = state.get(uid)
    w = f.weapon
    if not w.ranged or w.name not in f.template.weapons:
        return None
    i = f.template.weapons.index(w.name)
    after = fire(state, uid).get(uid)
    text = f"It spends a shot of the {w.name}: {f.ammo[i]}/{w.capacity} → {after.ammo[i]}/{w.capacity}"
    if w.kind == "launcher" and f.primed[i] and not after.primed[i]:
        text += ", unprimed after it"
    return text + "."


def finish_preview_of(state: Any, order: Finish) -> AttackPreview:
    """The question before a finish (Endgame: killing a KO character is "a
    full turn action"): no dice, but it cannot be undone and it takes the
    whole turn, both Actions and the free step (and a shot, when ranged);
    asked like every attack, with Enter / y."""
    a, t = state.get(order.unit), state.get(order.target)
    detail = [f"{t.id} ({t.template.name}) is knocked out: a finish kills it. No dice are rolled.",
              f"It takes {a.id}'s whole turn: both Actions and the free step. The turn then passes."]
    shot = shot_spent_words(state, a.id)
    if shot:
        detail.append(shot)
    title = f"Finish {t.id} with the {a.weapon.name}? ({a.id}'s whole turn)"
    return AttackPreview(order, title, detail, [], confirm_words=f"finish {t.id}, the whole turn")
