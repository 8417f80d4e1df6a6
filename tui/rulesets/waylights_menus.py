"""Waylights' attack and response menus, chosen in two steps (a tester's
report: 30 flat entries, every effect times every smash times the tension).

First the blow: for an attack, whom and which effect (alternate damage);
for a response, Defend or Counter (and the counter's effect).  Then, only
where the order has variants, the extras: the tension to spend (up to N,
only what changes the result) and the item to smash.  Every row of both
steps says its own chances, from the engine's preview of that very order
(``preview_order``, ``exchange_for``), so two rows that differ in tension
show what the tension buys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core.events import dice, signed
from core.rulesets.waylights.combat import EFFECT_COST, attack_mods, defence_mods, possessive, threshold
from core.rulesets.waylights.orders import Attack, Counter, Defend
from core.rulesets.waylights.rules import attack_dice_refusal, can_counter
from core.rulesets.waylights.ruleset import exchange_for, preview_order
from tui.rulesets.waylights_modals import HEADING, AttackPreview, PickList
from tui.rulesets.waylights_words import named_blow_words, pct, wounds_short

Confirm = Callable[[Any], AttackPreview | None]


def effect_words(effect: str | None) -> str:
    """The blow of an attack or counter: plain, or the effect its hit buys."""
    if effect is None:
        return ""
    cost = EFFECT_COST[effect]
    return f", {effect} (for {cost} wound{'s' if cost != 1 else ''})"


def extra_words(order: Any) -> str:
    """The extras of an attack or counter: the tension cap and the smash."""
    parts = []
    if order.smash:
        parts.append(f"smash its {order.smash}")
    if order.psi:
        parts.append(f"up to {order.psi} tension")
    text = ", ".join(parts)
    return text[:1].upper() + text[1:] if parts else "Nothing more"


EXTRAS = ("Tension: +1 to the result a point, spent only where it changes what the blow does. "
          "Smash: 3 tension on a hit, glancing or better; the item is broken for the fight.")


def _variants(orders: Sequence[Any], key: Callable[[Any], Any]) -> dict[Any, list[Any]]:
    groups: dict[Any, list[Any]] = {}
    for o in orders:
        groups.setdefault(key(o), []).append(o)
    return groups


def _plain_first(orders: list[Any]) -> list[Any]:
    return sorted(orders, key=lambda o: (o.smash is not None, o.psi))


# -- attacks ---------------------------------------------------------------------------
def attack_chances(state: Any, order: Attack) -> str:
    p = preview_order(state, order)
    if p is None:
        return ""
    if order.effect:  # a hit that buys the effect wounds less: say how often it is bought
        bought = next((chance for name, chance in p.extras if name.endswith("bought")), 0)
        return f" · KO {pct(p.ko)}, gets it {pct(bought)}"  # the row names the effect before
    return f" · KO {pct(p.ko)}, a wound {pct(p.one_wound + p.two_plus)}"


def attack_menu(state: Any, orders: Sequence[Attack], confirm: Confirm) -> PickList:
    """Whom and which effect; the extras (tension, smash) one step further."""
    rows: list[tuple[str, Any]] = []
    by_target = _variants(orders, lambda o: o.target)
    a = state.get(orders[0].unit)
    for target, mine in by_target.items():
        t = state.get(target)
        rows.append((f"{target} {t.template.name}, {wounds_short(t)}, Threshold {threshold(t)}", HEADING))
        for effect, same in _variants(mine, lambda o: o.effect).items():
            same = _plain_first(same)
            label = f"Attack {target}{effect_words(effect)}"
            if len(same) == 1:
                rows.append((label + attack_chances(state, same[0]), same[0]))
            else:
                rows.append((label + "…" + attack_chances(state, same[0]), _extras_maker(state, f"{a.id} attacks {target}{effect_words(effect)}:",
                                                         same, confirm)))
    if len(rows) == 2 and callable(rows[1][1]):  # one target, one blow: straight to its extras
        return rows[1][1]()
    title = f"{a.id} attacks with the {a.weapon.name}: whom, and which blow?"
    if any(callable(value) for _, value in rows):
        title += " (…: tension or smash next)"
    return PickList(title, rows, confirm=confirm)


def _extras_maker(state: Any, title: str, orders: list[Any], confirm: Confirm) -> Callable[[], PickList]:
    def make() -> PickList:
        rows = [(extra_words(o) + attack_chances(state, o), o) for o in orders]
        return PickList(f"{title} spend tension, or smash an item?\n{EXTRAS}", rows, confirm=confirm)

    return make


# -- the response: defend or counterattack ---------------------------------------------
def defend_chances(d: Any, effect: str | None) -> str:
    """What the pending blow does if defended: KO, a wound dealt (not a
    wound that buys the attacker's effect: "Optional: Alternate damage"),
    then the effect bought and the item smashed, each by its own chance."""
    parts = [f"KO {pct(d.ko)}", f"a wound {pct(d.wounded)}"]
    for name, chance in d.extras:
        parts.append(f"{effect} {pct(chance)}" if name.endswith(" bought") else f"smash {pct(chance)}")
    return ", ".join(parts)


def _counter_chances(state: Any, order: Counter) -> str:
    x = exchange_for(state, order)
    return (f" · you {pct(x.target_ko)}/{pct(x.target_wound)} · {state.attack.attacker} "
            f"{pct(x.attacker_ko)}/{pct(x.attacker_wound)}")


def response_menu(state: Any, player: str, orders: Sequence[Any]) -> PickList:
    """Defend (with or without tension) or counterattack (per effect; its
    tension and smash one step further): each row with its own chances.
    Only the keys that act are shown; ``c`` with no counter says why."""
    p = state.attack
    a, t = state.get(p.attacker), state.get(p.target)
    adice = a.split if a.split is not None else 2
    tdice = 4 - (t.split if t.split is not None else 2)
    amod = sum(v for _, v in attack_mods(a, a.weapon))
    title = (f"{player}: {t.name} is attacked by {a.name} with the {a.weapon.name}, "
             f"{dice(adice)} {signed(amod)} against Threshold {threshold(t)}. {t.id} has {dice(tdice, 'defence')}.")
    bought = named_blow_words(a.id, t.id, p.effect, p.smash)
    if bought:
        title += "\n" + bought
    rows: list[tuple[str, Any]] = []
    keys: dict[int, str] = {}
    refused: dict[str, str] = {}
    defends = [o for o in orders if isinstance(o, Defend)]
    counters = [o for o in orders if isinstance(o, Counter)]
    if defends:
        dmod = sum(v for _, v in defence_mods(t, a.weapon))
        rows.append((f"Defend with {dice(tdice)} {signed(dmod)} (your risk)", HEADING))
        for o in sorted(defends, key=lambda o: o.psi):
            d = preview_order(state, o)
            what = "Defend" if not o.psi else f"Defend, up to {o.psi} tension"
            keys[len(rows)] = "d" if not keys else ""
            rows.append((f"{what} · {defend_chances(d, p.effect)}", o))
    if counters:
        rows.append((f"Counter with the {t.weapon.name}, {dice(tdice)}, none to defend: KO/a wound", HEADING))
        first = True
        for effect, same in _variants(counters, lambda o: o.effect).items():
            same = _plain_first(same)
            label = "Counter" + effect_words(effect)
            if first:
                keys[len(rows)] = "c"
                first = False
            if len(same) == 1:
                rows.append((label + _counter_chances(state, same[0]), same[0]))
            else:
                def make(same: list[Any] = same, label: str = label) -> PickList:
                    extra = [(extra_words(o) + _counter_chances(state, o), o) for o in same]
                    return PickList(f"{label} {a.id}: spend tension, or smash an item? (you, {a.id}: KO/a wound)"
                                    f"\n{EXTRAS}", extra)

                rows.append((label + "…" + _counter_chances(state, same[0]), make))
    else:
        why = can_counter(state)
        reason = why.message if why else "No counterattack possible now."
        title += "\n" + reason
        refused["c"] = reason
    keys = {i: k for i, k in keys.items() if k}
    hint = " · ".join(part for part, on in (("d defend", defends), ("c counterattack", counters)) if on)
    return PickList(title, rows, keys=keys, refused=refused,
                    hint=f"{hint} · ↑↓ Enter · Esc look at the board")


def closed_keys(state: Any, f: Any, shown: set[str]) -> dict[str, str]:
    """The Actions menu's letters for Move and Attack when the menu has no
    such row: each says why, rather than doing nothing."""
    out: dict[str, str] = {}
    left = state.actions < state.max_actions
    if "m" not in shown:
        out["m"] = ("no Move: " + ("both Actions are used" if not left else
                                   f"{f.id} is grappled" if f.grappled_by else
                                   "the free step was taken, and a turn with the step has no Move "
                                   "(Split move is still open)" if state.stepped else "no cell to move to"))
    if "a" not in shown:
        dice_refusal = attack_dice_refusal(f)
        out["a"] = ("no attack: " + ("both Actions are used" if not left else
                                     dice_refusal.message if dice_refusal else
                                     f"no enemy the {possessive(f.weapon.name)} reach or range takes in now "
                                     "(Enter on an enemy says why)"))
    return out
