"""Attack and defence scores, the damage ladder, cover and the exact
attack preview (Waylights "Attack and Defense", "Damage resolution",
"Equipment and environment")."""

from __future__ import annotations

import itertools
from fractions import Fraction

import attrs

from core.board import Cell, chebyshev, line_cells, line_clear
from core.rulesets.waylights.movement import sees, within
from core.rulesets.waylights.roster import Weapon
from core.rulesets.waylights.state import Fighter, WaylightsState

DICE = 4
# Alternate damage: wound cost of each effect ("Optional: Alternate damage").
EFFECT_COST = {"grapple": 1, "break-off": 1, "entangle": 1, "shove": 1, "human-shield": 2,
               "stun": 3, "pierce": 1, "suppress": 1}
SMASHABLE = ("weapon", "shield", "armour")
SMASH_COST = 3  # tension a smash takes on a valid hit (Psi Tension, item damage)


def skill_level(f: Fighter, weapon: Weapon) -> int:
    """The skill element of combat skill: -1 when the figure has no such skill."""
    return dict(f.template.skills).get(weapon.skill, -1)


def _common(f: Fighter, weapon: Weapon) -> list[tuple[str, int]]:
    mods = [(f"{weapon.skill} skill", skill_level(f, weapon)), (weapon.stat, getattr(f.template, weapon.stat))]
    if f.boosts:
        mods.append(("psi boost", len(f.boosts)))
    if f.penalty:
        mods.append(("wounds", -f.penalty))
    return mods


def attack_mods(f: Fighter, weapon: Weapon) -> tuple[tuple[str, int], ...]:
    mods = _common(f, weapon)
    if weapon.bonus:
        mods.append((weapon.name, weapon.bonus))
    return tuple(mods)


def armour_bonus(f: Fighter, against: Weapon | None) -> int:
    if "armour" in f.broken or f.pierced:
        return 0
    return max(0, f.template.armour_defence - (against.pierce if against else 0))


def defence_mods(f: Fighter, against: Weapon | None) -> tuple[tuple[str, int], ...]:
    weapon = f.weapon
    mods = _common(f, weapon)
    if weapon.parry:
        mods.append((f"{weapon.name} parry", weapon.parry))
    if f.template.shield and "shield" not in f.broken:
        mods.append(("shield", f.template.shield))
    armour = armour_bonus(f, against)
    if armour:
        mods.append(("armour", armour))
    ignored = pierced_armour(f, against)
    if ignored:
        # counted as nothing, named so the roll says where the bonus went
        mods.append((f"armour +{ignored} ignored by the {against.name} (not its Threshold)", 0))  # type: ignore[union-attr]
    return tuple(mods)


def pierced_armour(f: Fighter, against: Weapon | None) -> int:
    """How much of ``f``'s armour defence bonus an armour-piercing weapon
    ignores (docs/rulings.md, Waylights, "The piercing weapons"): the
    defence bonus only; the Threshold the armour gives stays.  0 when the
    weapon does not pierce, or the bonus is already gone (broken armour,
    the Armour Pierce effect)."""
    if against is None or not against.pierce or "armour" in f.broken or f.pierced:
        return 0
    return min(against.pierce, f.template.armour_defence)


def side_by_side(a: Cell, b: Cell) -> bool:
    """Whether a grapple can be made and holds between figures on ``a`` and
    ``b``: the cells share a side, where a reach-1 blow lands both ways, so
    the grappled one can always strike back to break off ("Optional:
    Alternate damage", Grapple / Break off; FIGHT: no diagonal reach 1)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def threshold(f: Fighter) -> int:
    """Base Threshold plus armour; halved (rounded down, at least 1) while
    grappled or entangled."""
    t = f.template.threshold + (0 if "armour" in f.broken else f.template.armour_threshold)
    if f.grappled_by or f.entangled:
        t = max(1, t // 2)
    return t


def wounds_for(margin: int, t: int) -> int:
    """-1: nothing happens; 0: a glancing hit; n: n wounds (one per multiple
    of Threshold the margin is strictly above)."""
    if margin < 0:
        return -1
    if margin <= t:
        return 0
    return (margin - 1) // t


def band_name(w: int) -> str:
    if w < 0:
        return "no effect"
    if w == 0:
        return "a glancing hit"
    return "one wound" if w == 1 else f"{w} wounds"


def tension_gain(margin: int, t: int) -> tuple[int, int]:
    """(attacker, defender) tension from a result (the Psi Tension table)."""
    defender = {-3: 1, -2: 2, -1: 3}.get(margin, 0)
    attacker = {t + 1: 3, t + 2: 2, t + 3: 1}.get(margin, 0)
    return attacker, defender


Outcome = tuple[bool, bool, int]


def blow_outcome(margin: int, t: int, room: int | None = None, effect: str | None = None,
                 hit_counts: bool = False) -> Outcome:
    """What a result does that a point of tension could change (docs/rulings.md,
    Psi Tension): a valid hit (counted only where ``hit_counts``, as when a
    human shield may take the shot; a glance alone does nothing, and a
    smash is counted by ``tension_spend``, which knows what it costs), the
    named effect bought, and the wounds left after it, counted no further
    than ``room`` (the wounds that knock the target out; None when every
    wound counts, as for a target that will ignore its KO and fight on with
    their penalty)."""
    band = wounds_for(margin, t)
    wounds = max(band, 0)
    bought = effect is not None and band > 0 and wounds >= EFFECT_COST[effect]
    if bought:
        wounds -= EFFECT_COST[effect or ""]
    if room is not None:
        wounds = min(wounds, max(room, 0))
    return hit_counts and band >= 0, bought, wounds


def tension_spend(margin: int, t: int, attack_cap: int, defence_cap: int, room: int | None = None,
                  effect: str | None = None, smash: bool = False, *, purse: int | None = None,
                  shield: bool = False) -> tuple[int, int]:
    """(the attacker's points, the defender's) spent on one result: each the
    fewest up to its cap that change what the result does (``blow_outcome``),
    none when no number up to the cap would; the attacker first.

    A ``smash`` the order names is paid, on a valid hit, with SMASH_COST of
    the attacker's tension (``purse``, after the roll's gain; taken to be
    ``attack_cap`` when not given) that the raise has not used: so a point
    that reaches a valid hit only to leave too little for the smash changes
    nothing, and the attacker never spends what would cost it a smash the
    blow would otherwise make (docs/rulings.md, Psi Tension).  ``shield``:
    a valid hit counts on its own (a human shield may take the shot)."""
    wallet = attack_cap if purse is None else purse

    def does(m: int, spent: int) -> tuple[bool, bool, bool, int]:
        hit, bought, wounds = blow_outcome(m, t, room, effect, shield)
        smashed = smash and m >= 0 and wallet - spent >= SMASH_COST
        return hit, smashed, bought, wounds

    def gains(after: tuple[bool, bool, bool, int], before: tuple[bool, bool, bool, int]) -> bool:
        return after != before and all(x >= y for x, y in zip(after, before, strict=True))

    plain = does(margin, 0)
    up = next((k for k in range(1, attack_cap + 1) if gains(does(margin + k, k), plain)), 0)
    margin += up
    # Every part of what a blow does only shrinks as its result falls.
    raised = does(margin, up)
    down = next((k for k in range(1, defence_cap + 1) if does(margin - k, up) != raised), 0)
    return up, down


def ko_room(target: Fighter, tension: int, psi_on: bool) -> int | None:
    """The wounds that knock ``target`` out, or None when it holds the 9
    tension that ignores a KO (so every wound it takes still counts)."""
    return None if psi_on and tension >= 9 else target.ko_at - target.wounds


# -- reach, range, sight and cover -------------------------------------------


def possessive(name: str) -> str:
    """"the stones' range", "the sword's reach"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def reaches(state: WaylightsState, a: Fighter, t: Fighter, weapon: Weapon) -> str | None:
    """Why ``weapon`` in ``a``'s hands cannot reach ``t`` now, or None."""
    if a.pos is None or t.pos is None:
        return "not on the battlefield"
    if not weapon.ranged:
        dx, dy = abs(a.pos[0] - t.pos[0]), abs(a.pos[1] - t.pos[1])
        if weapon.reach <= 1:
            # "the fists only reach ... beyond their reach" (a plural name, as ``possessive`` tells it)
            verb, its = ("reach", "their") if weapon.name.endswith("s") else ("reaches", "its")
            if dx == dy == 1:
                return f"the {weapon.name} only {verb} the four cells beside {a.id}, not diagonally"
            if dx + dy != 1:
                return f"the {weapon.name} only {verb} the four cells beside {a.id}: {t.id} is beyond {its} reach"
            return None
        if not within(a.pos, t.pos, weapon.reach):
            return f"{t.id} is beyond the {possessive(weapon.name)} reach of {weapon.reach}"
        if not line_clear(a.pos, t.pos, lambda c: c != t.pos and state.battlefield.terrain(c).blocks_move):
            return f"something solid stands between {a.id} and {t.id}"
        return None
    if not within(a.pos, t.pos, weapon.range):
        return f"{t.id} is beyond the {possessive(weapon.name)} range of {weapon.range}"
    # Sight and cover first: a reload would not mend them, so they are the
    # reason that stands (a tester was told to reload at a figure out of sight).
    cover = cover_level(state, a, t)
    if cover is None:
        return f"{a.id} cannot see {t.id}"
    if cover >= 3:
        return f"{t.id} is in full cover"
    idx = a.template.weapons.index(weapon.name) if weapon.name in a.template.weapons else -1
    if idx >= 0:
        if a.ammo[idx] <= 0 and (weapon.kind == "thrown" or not a.primed[idx]):
            return f"the {weapon.name} is out of ammunition"
        if weapon.kind == "launcher" and not a.primed[idx]:
            return f"the {weapon.name} is not primed (reload it first)"
    return None


def cover_level(state: WaylightsState, a: Fighter, t: Fighter) -> int | None:
    """0 none, 1 light, 2 medium, 3 full; None without line of sight.

    Cover comes from terrain on the line of fire next to (or under) the
    target and from how much of the target cell the shooter can see; a
    target that stepped out of cover this turn loses one step."""
    assert a.pos is not None and t.pos is not None
    bf = state.battlefield
    known = bf.memo.table("waylights.cover")  # a pure function of the battlefield and the two cells
    key = (a.pos, t.pos)
    cover = known.get(key, -1)
    if cover == -1:
        cover = known.put(key, _terrain_cover(state, a.pos, t.pos))
    if cover is None:
        return None
    if state.active == t.id and state.exposed:
        cover = max(0, cover - 1)
    return min(cover, 3)


def _terrain_cover(state: WaylightsState, a: Cell, t: Cell) -> int | None:
    """Cover from the battlefield alone between a shooter at ``a`` and a
    target at ``t`` (None without line of sight)."""
    frac = sees(state, a, t)
    if frac <= 0:
        return None
    cover = 0
    for cell in line_cells(a, t):
        if cell != a and chebyshev(cell, t) <= 1:
            cover = max(cover, state.battlefield.terrain(cell).cover)
    if frac < 0.5:
        cover = max(cover, 2)
    elif frac < 1:
        cover = max(cover, 1)
    return cover


COVER_NAMES = {0: "no", 1: "light", 2: "medium", 3: "full"}


def cover_sources(state: WaylightsState, a: Fighter, t: Fighter) -> tuple[str, ...]:
    """Where the cover ``cover_level(state, a, t)`` finds comes from, in
    words, each with the level it gives (the highest sets the cover): the
    cells of the line of fire beside or under the target with terrain that
    gives cover, a view of only part of the target's cell, and the target
    having stepped out of cover this turn.  Empty when nothing gives cover
    (and out of sight).  What a Why? on the cover roll names."""
    assert a.pos is not None and t.pos is not None
    frac = sees(state, a.pos, t.pos)
    if frac <= 0:
        return ()
    out: list[str] = []
    for cell in dict.fromkeys(line_cells(a.pos, t.pos)):  # in line order, each once
        terrain = state.battlefield.terrain(cell)
        if cell != a.pos and chebyshev(cell, t.pos) <= 1 and terrain.cover:
            where = f"under {t.id}" if cell == t.pos else f"beside {t.id}"
            out.append(f"{terrain.kind} at {cell[0]},{cell[1]} on the line of fire, {where}: "
                       f"{COVER_NAMES[min(terrain.cover, 3)]}")
    if frac < 1:
        level = 2 if frac < 0.5 else 1
        seen = "less than half of it seen" if level == 2 else "less than all of it seen"
        out.append(f"only {round(frac * 100)}% of {t.id}'s cell in {a.id}'s view: {COVER_NAMES[level]} ({seen})")
    if out and state.active == t.id and state.exposed:
        out.append(f"{t.id} stepped out of cover this turn: one level less")
    return tuple(out)


def cover_avoid_faces(cover: int) -> int:
    """A d6 showing this or less means the shot is avoided: 1/3 light, 2/3 medium."""
    return {0: 0, 1: 2, 2: 4}.get(cover, 6)


# -- the preview ---------------------------------------------------------------


@attrs.frozen
class Preview:
    """Exact chances of each outcome of one attack (KO overlaps the wound rows)."""

    no_effect: Fraction
    glancing: Fraction
    one_wound: Fraction
    two_plus: Fraction
    ko: Fraction
    # At least one wound dealt: the wound rows less the hits whose wounds an
    # effect's cost takes all of (a one-wound band that buys a grapple).
    wounded: Fraction
    extras: tuple[tuple[str, Fraction], ...] = ()  # an effect bought, an item smashed

    def lines(self) -> list[str]:
        pct = lambda p: f"{percent(p):>6}"  # noqa: E731
        return [f"no effect {pct(self.no_effect)}", f"glancing  {pct(self.glancing)}",
                f"one wound {pct(self.one_wound)}", f"2+ wounds {pct(self.two_plus)}", f"KO        {pct(self.ko)}"]


def percent(p: Fraction | float, decimals: int = 1) -> str:
    """``p`` as a percentage that says 100% or 0% only when it is certain:
    ``decimals`` places, at least one near the ends (99.5%, 0.3%), and
    ">99.9%" / "<0.1%" for what would round to certainty."""
    value = float(p) * 100
    if not 0 < p < 1:
        return f"{value:.{decimals}f}%"
    if value >= 99.95:
        return ">99.9%"
    if value < 0.05:
        return "<0.1%"
    text = f"{value:.{decimals}f}"
    return (text if float(text) not in (0, 100) else f"{value:.1f}") + "%"


def sum_counts(n: int) -> dict[int, int]:
    """How many of the 6**n ways n d6 fall give each total (by enumeration)."""
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        s = sum(faces)
        counts[s] = counts.get(s, 0) + 1
    return counts


def attack_preview(attacker: Fighter, defender: Fighter, weapon: Weapon | None = None,
                   attack_dice: int = 2, defence_dice: int = 2, cover: int = 0, *, psi_on: bool = False,
                   psi: int = 0, psi_d: int = 0, effect: str | None = None, smash: str | None = None) -> Preview:
    """Exact outcome chances for ``attacker`` striking ``defender`` with
    ``weapon`` (default: the one wielded) rolling ``attack_dice`` against
    ``defence_dice`` (0 when the defender counterattacks), after a cover roll
    for ``cover`` 0-2.  With the Psi Tension option on (``psi_on``) each roll
    gains and spends tension as ``resolve.roll_blow`` does, the attacker up
    to ``psi``, the defender up to ``psi_d``, and a KO its 9 tension would
    ignore is none; the wounds an ``effect`` buys are taken off the wounds
    (``wounded``: at least one is left to deal; ``extras``: the chance the
    effect is bought, and a ``smash``'s)."""
    weapon = weapon or attacker.weapon
    amod = sum(v for _, v in attack_mods(attacker, weapon))
    dmod = sum(v for _, v in defence_mods(defender, weapon))
    t = threshold(defender)
    hit = 1 - Fraction(cover_avoid_faces(cover), 6)
    total = Fraction(6 ** (attack_dice + defence_dice))
    tally = {"none": Fraction(0), "glance": Fraction(0), "one": Fraction(0), "two": Fraction(0), "ko": Fraction(0),
             "effect": Fraction(0), "smash": Fraction(0), "wounded": Fraction(0)}
    acounts, dcounts = sum_counts(attack_dice), sum_counts(defence_dice)
    for a, na in acounts.items():
        for d, nd in dcounts.items():
            p = hit * na * nd / total
            margin = (a + amod) - (d + dmod)
            a_tension, d_tension = attacker.tension, defender.tension
            if psi_on:
                ga, gd = tension_gain(margin, t)
                a_tension, d_tension = a_tension + ga, d_tension + gd
                up, down = tension_spend(margin, t, min(psi, a_tension), min(psi_d, d_tension),
                                         ko_room(defender, d_tension, True), effect, smash is not None,
                                         purse=a_tension)
                margin, a_tension, d_tension = margin + up - down, a_tension - up, d_tension - down
            _, bought, _ = blow_outcome(margin, t, None, effect)
            w = wounds_for(margin, t)
            wounds = max(w, 0) - (EFFECT_COST[effect or ""] if bought else 0)
            tally[{-1: "none", 0: "glance", 1: "one"}.get(w, "two")] += p
            tally["effect"] += p if bought else 0
            tally["wounded"] += p if wounds > 0 else 0
            tally["smash"] += p if smash and w >= 0 and a_tension >= SMASH_COST else 0
            ignored = psi_on and d_tension >= 9
            if (wounds > 0 and defender.wounds + wounds >= defender.ko_at and not ignored) or \
                    (bought and effect == "stun"):
                tally["ko"] += p
    extras: list[tuple[str, Fraction]] = []
    if effect:
        extras.append((f"{effect} bought", tally["effect"]))
    if smash:
        extras.append((f"{smash} smashed", tally["smash"]))
    return Preview(tally["none"] + (1 - hit), tally["glance"], tally["one"], tally["two"], tally["ko"],
                   tally["wounded"], tuple(extras))
