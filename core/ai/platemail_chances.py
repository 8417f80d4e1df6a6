"""Platemail: the chance an attack hits, as the attacking side can know it.

The printed d20 rule (seed: *Attack Rolls*): a d20 plus what the side can
see of the modifiers (wounds, Strength, the weapon, a prone target, the
charge, range, cover, height) must beat the target's Defense.  The
target's own first Action is secret while orders are written, and it moves
both the roll (Favor when it is exposed or busy, Disfavor when it defends
or is on guard) and its Defense (Ready or Not Ready), so the chance is
worked out for each Action it may take (``chances_by_action``) and, for a
reason in the log, said for the Action the computer guesses it takes
(``stated_hit``).  ``platemail_targets`` (which enemy an attack hurts most)
and ``platemail_reasons`` (the log's words) both read it.
"""

from __future__ import annotations

from core.board import chebyshev
from core.rulesets.platemail.actions import missile
from core.rulesets.platemail.checks import can_shoot
from core.rulesets.platemail.combat import FAVOR, ranged_modifiers, weapon_modifiers
from core.rulesets.platemail.equipment import PASSIVE_BASE, SPELLS
from core.rulesets.platemail.movement import held, retreat_cell
from core.rulesets.platemail.paths import run_beside
from core.rulesets.platemail.senses import Work, defense, weapon
from core.rulesets.platemail.state import INVOLUNTARY, MOVES, READY, Action

A = Action


def hit_chance(bonus: int, defence: int) -> float:
    """A d20 plus ``bonus`` must beat ``defence``; a natural 20 always hits
    (seed: Attack Rolls)."""
    return sum(1 for face in range(1, 21) if face == 20 or face + bonus > defence) / 20


def attack_weapon(me, kind: Action):
    """The weapon an attack of ``kind`` by ``me`` uses: a shot with what the
    resolution shoots or throws (``actions.missile``: the launcher in hand,
    else a carried missile, never the weapon in hand); else, and when there
    is nothing to shoot, the weapon in hand."""
    if kind in (A.RANGED, A.RAPID_FIRE):
        return missile(me) or weapon(me)
    return weapon(me)


def shooter(me) -> bool:
    """Whether ``me`` fights as a shooter: the weapon in hand shoots, or can
    be thrown (a rogue's Dagger, its darts carried), and a Ranged Attack has
    something to shoot or throw by the engine's own test (``checks.can_shoot``:
    a launcher in hand, else a carried missile).  The weapon in hand is never
    thrown (docs/rulings.md, Platemail, Actions): a rogue whose darts and net
    are gone fights with its Dagger.  A footman's carried Javelin does not
    make it a shooter: its Sword is its weapon."""
    return weapon(me).shoots and can_shoot(me)


def casts(me) -> bool:
    """Whether ``me`` fights as a caster: it knows a spell that harms
    (Firebolt, Binding, Dread), whatever it holds in hand."""
    return any(SPELLS[k].hostile for k in me.spells if k in SPELLS)


def enemies_beside(work: Work, me) -> list:
    """The enemies fighting in a cell next to ``me``."""
    return [c for c in work.chars.values() if c.side != me.side and c.fighting and c.pos is not None
            and chebyshev(me.pos, c.pos) == 1]


def attack_bonus(work: Work, me, t, kind: Action, spell: str | None = None,
                 favor: int = 0, disfavor: int = 0, run: int | None = None) -> int:
    """What the side can know of ``me``'s roll against ``t`` now (``attack``
    in combat.py, less what hangs on the target's secret Action or on
    whether it is Unaware, which the caller counts in ``favor`` and
    ``disfavor``): wounds, Strength, the weapon, a prone target, the
    charge (``run``: the cells a Charge covers, by default up to ``t`` where
    it stands), range, cover and height."""
    ranged = kind in (A.RANGED, A.RAPID_FIRE, A.RELEASE)
    w = attack_weapon(me, kind)
    if not ranged and t.prone:
        favor += 1
    if run is None:
        run = chebyshev(me.pos, t.pos) - 1
    if kind is A.CHARGE and run >= 2:  # 10 ft or more run (seed: Charge)
        favor += 1
    if kind is A.RAPID_FIRE:
        disfavor += 1
    if kind is A.RANGED and me.aimed:
        favor += 1
    mods = []
    if ranged:
        mods += ranged_modifiers(work, t, w, spell, me.pos, t.pos)
    if kind is not A.RELEASE:
        mods += weapon_modifiers(me, t, w)
    return -me.wounds + FAVOR * ((favor > disfavor) - (disfavor > favor)) + sum(v for _, v in mods)


def target_actions(t) -> tuple[Action, ...]:
    """The Actions ``t`` may be taking in the first Phase, as far as the
    other side can tell: a Dazed or Terrified character's is forced; else
    any Action its orders could name first (``checks.check_act``: Release
    needs a Prepared spell, Focus an ongoing one, shots something to shoot
    or throw, Rapid Fire a weapon without reloading)."""
    if t.dazed > 0:
        return (A.DAZED,)
    if t.terror > 0:
        return (A.TERROR,)
    shoots = can_shoot(t)  # the weapon in hand is never thrown (a Dagger in hand: no Ranged Attack)
    out = []
    for kind in A:
        if kind in INVOLUNTARY:
            continue
        if ((kind is A.RELEASE and not t.prepared) or (kind is A.FOCUS and not t.focus)
                or (kind is A.PREPARE and not t.spells) or (kind is A.RANGED and not shoots)
                or (kind is A.RAPID_FIRE and (weapon(t).reload or not shoots))):
            continue
        out.append(kind)
    return tuple(out)


def _cells(work: Work, c, kind: Action) -> int:
    """Cells ``c`` covers with a movement of ``kind`` this Phase, as
    ``movement.allowance`` counts them: none entrapped or held, half with a
    lost leg, half again standing up from prone."""
    if c.entrapped or held(work, c.id):
        return 0
    cells = MOVES.get(kind, 0)
    if any("leg" in limb for limb in c.lost_limbs):
        cells //= 2
    return cells // 2 if c.prone else cells


def charge_run(work: Work, me, t, tk: Action) -> int | None:
    """Cells ``me``'s Charge runs before it strikes ``t`` when ``t`` takes
    ``tk`` (None: it cannot come beside ``t`` this Phase and strikes
    nobody).  The run is the movement's own (``paths.run_beside``: the
    steps the resolution takes along a cheapest path to a free cell beside
    the target, within the Charge's allowance), with everyone else ``me``'s
    side knows of standing where they are: walls, and others in every cell
    beside the target, can leave a Charge short however near it stands
    (seed: Moving, Charge).  A target that steps away (Fall Back, Terror)
    goes to the cell the resolution picks, the reachable one furthest from
    its nearest hostile (``movement.retreat_cell``), and the Charge runs
    after it: from beside it, a 10 ft run that earns the Charge its Favor
    (seed: Charge).  Any other Action is taken as standing where it is."""
    here = t.pos
    if tk in (A.FALL_BACK, A.TERROR) and _cells(work, t, tk):
        blocked = {c.pos for c in work.chars.values() if c.id != t.id and c.pos is not None}
        here = retreat_cell(work, t.id, _cells(work, t, tk), blocked) or t.pos
    standing = frozenset([c.pos for c in work.known_to(me.id) if c.id != me.id and c.id != t.id])
    return run_beside(work.grid, me.pos, here, standing, _cells(work, me, A.CHARGE))


def chances_by_action(work: Work, me, t, kind: Action, spell: str | None = None) -> dict[Action, tuple[float, int]]:
    """``me``'s chance to hit ``t`` with ``kind``, and the Defense met, for
    each Action ``t`` may take (:func:`target_actions`): the roll of
    ``combat.attack`` with what the target's Action adds (seed: Favor and
    Disfavor; Ready / Not Ready for the Defense) and whether it is Unaware
    of a skulking ``me`` (a Not Ready character is).  A Charge runs after a
    target that steps away, and at one that stands (:func:`charge_run`,
    the movement's own path): its Favor counted when the run is 10 ft or
    more, no chance when it cannot come beside the target (too far, or every
    cell beside it walled or taken).
    A Guard beside the target is not counted."""
    ranged = kind in (A.RANGED, A.RAPID_FIRE, A.RELEASE)
    stuck = t.entrapped or held(work, t.id)
    out: dict[Action, tuple[float, int]] = {}
    # attack_bonus by (favor, disfavor, run): the Actions share a few
    bonuses: dict[tuple[int, int, int | None], int] = {}
    runs: dict[str, int | None] = {}  # a Charge's run at a target standing where it is, once worked out
    for tk in target_actions(t):
        ready = READY[tk] and not stuck
        favor = disfavor = 0
        if not ranged and tk in (A.FULL_ATTACK, A.RANGED, A.RAPID_FIRE, A.AIM):
            favor += 1  # exposed
        if tk in (A.PREPARE, A.FOCUS, A.RESCUE, A.DAZED):
            favor += 1
        if ranged and tk is A.SPRINT:
            disfavor += 1
        if not ranged and tk in (A.FALL_BACK, A.COUNTER):
            disfavor += 1  # on guard
        unaware = me.hidden and (not ready or PASSIVE_BASE + t.perception < me.stealth_roll)
        if not ranged and tk is A.DEFEND and not unaware:
            disfavor += 1
        if unaware:
            favor += 1
        d = defense(t, ready)
        run = None
        if kind is A.CHARGE:
            if tk in (A.FALL_BACK, A.TERROR):
                run = charge_run(work, me, t, tk)
            else:  # the target stands: one run for every such Action
                if "standing" not in runs:
                    runs["standing"] = charge_run(work, me, t, tk)
                run = runs["standing"]
            if run is None:  # out of its reach: no Attack roll
                out[tk] = (0.0, d)
                continue
        bonus = bonuses.get((favor, disfavor, run))
        if bonus is None:
            bonus = bonuses[favor, disfavor, run] = attack_bonus(work, me, t, kind, spell, favor, disfavor, run)
        out[tk] = (hit_chance(bonus, d), d)
    return out


# The target's first Action in a word or two, for "if b1 attacks".
DOES = {A.MOVE: "moves", A.SPRINT: "sprints", A.FALL_BACK: "falls back", A.SKULK: "skulks",
        A.CHARGE: "charges", A.FULL_ATTACK: "attacks", A.COUNTER: "counters", A.RANGED: "shoots",
        A.RAPID_FIRE: "fires twice", A.AIM: "aims", A.DEFEND: "defends", A.GUARD: "guards",
        A.PREPARE: "prepares a spell", A.RELEASE: "casts", A.FOCUS: "focuses", A.USE_ITEM: "uses an item",
        A.RESCUE: "rescues", A.STABILIZE: "stabilizes"}


def stated_hit(work: Work, me, t, kind: Action, spell: str | None = None,
               guess: Action | None = None) -> tuple[float, str]:
    """The chance to hit a reason states, and its words: the rules' chance
    when the target's Action cannot change it ("45% to hit Defense 14"),
    else the chance if the target takes ``guess`` (the Action the computer
    expects it wrote first, ``core.ai.platemail_templates.guessed_action``),
    said as such ("55% to hit if b1 attacks"), or, without a guess, the
    mean over the Actions it may take ("32% to hit on average")."""
    found = chances_by_action(work, me, t, kind, spell)
    values = set(found.values())
    if len(values) == 1:
        chance, d = values.pop()
        return chance, f"{chance:.0%} to hit Defense {d}"
    if guess in found:
        chance = found[guess][0]
        return chance, f"{chance:.0%} to hit if {t.id} {DOES[guess]}"
    chance = sum(c for c, _ in found.values()) / len(found)
    return chance, f"{chance:.0%} to hit on average"
