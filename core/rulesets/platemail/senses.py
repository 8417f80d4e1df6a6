"""The working copy used while a Round resolves, plus what characters can
see, whom they are aware of, and how general targets are chosen."""

from __future__ import annotations

from core.board import BODY_HEIGHT, EYE_HEIGHT, Battlefield, Terrain, _ray_paths, _sight_tops, distance_squared
from core.dice import Dice, roll, splitmix64
from core.events import Note, Rolled
from core.values import copy_with, evolve

from .equipment import ARMOUR, PASSIVE_BASE, SHIELDS, WEAPONS
from .grid import grid
from .secrecy import SecretKeeper, unseen_by
from .state import _FRESH_CHARACTER, Act, Action, Character, PlatemailState, Status

# Enum members as module names: read from their class each costs ~90 ns in
# Python 3.11 (the Round reads them at every step); the same objects.
(A_DEFEND, S_DYING, S_FIGHTING, S_STABLE) = (
    Action.DEFEND, Status.DYING, Status.FIGHTING, Status.STABLE)

_MASK64 = (1 << 64) - 1  # core.dice's mask on the generator's input
CLOSED_DOOR = Terrain(kind="closed-door", blocks_move=True, blocks_sight=True, cover=3)


def _with_doors(bf: Battlefield, closed: tuple[tuple[int, int], ...]) -> Battlefield:
    """``bf`` with the ``closed`` door cells blocking, built once per set of
    closed doors and kept in ``bf``'s memo."""
    if not closed:
        return bf
    return bf.memo.get(("platemail.doors", closed), lambda: _close_doors(bf, closed))


def _close_doors(bf: Battlefield, closed: tuple[tuple[int, int], ...]) -> Battlefield:
    glyph = "\x01"
    rows = [list(r) for r in bf.rows]
    for x, y in closed:
        rows[y][x] = glyph
    return evolve(bf, rows=tuple("".join(r) for r in rows), legend=bf.legend + ((glyph, CLOSED_DOOR),))


def door_features(state: PlatemailState):
    return [f for f in state.battlefield.features if f.kind == "door"]


def effective_battlefield(state: PlatemailState) -> Battlefield:
    """The battlefield with every closed door blocking movement and sight."""
    closed = tuple(sorted(f.cell for f in door_features(state) if f.id not in state.open_doors))
    return _with_doors(state.battlefield, closed)


class Work:
    """A mutable scratchpad for one Round's resolution (never stored)."""

    # the roller (see ``dice``): a Dice value, or None while followed by seed and draw count
    _dice: Dice | None
    _seed: int
    _draws: int

    def __init__(self, state: PlatemailState):
        self.state = state
        self.set_battlefield(effective_battlefield(state))
        self.chars: dict[str, Character] = {c.id: c for c in state.characters}
        # sorted(self.chars), asked many times a Phase: the keys of chars
        # never change within a Round (update() replaces the values)
        self.ids = tuple(sorted(self.chars))
        self.dice = state.dice
        self.events = SecretKeeper(self)
        # Whether anyone is Hidden (secrecy asks at every event: kept on the
        # event list itself, read there without the weak reference); kept
        # up by ``update``, the one place a character changes.
        self.events.anyone_hidden = any(c.hidden for c in state.characters)
        self.phase = 0
        self.was_hit: dict[str, bool] = {}
        self.first_target: dict[str, str | None] = {}
        self.new_phase()

    def new_phase(self) -> None:
        self.acts: dict[str, Act] = {}
        self.acting: tuple[str, ...] = ()  # sorted(self.acts), set with it (phase._choose)
        self.ready: dict[str, bool] = {}
        self.targets: dict[str, str | None] = {}
        # where a Move, Sprint or Charge at a general hostile target heads
        # when no enemy is in sight (no target: resolve_target's in_sight)
        self.headings: dict[str, str] = {}
        self.hits: dict[str, list] = {}
        self.moved: dict[str, int] = {}
        self.clashed: set[str] = set()
        self.aoo_used: set[str] = set()
        self.guard_count: dict[str, int] = {}
        self.effects: list[tuple] = []
        self.unaware_used: set[tuple[str, str]] = set()
        self.reveal: set[str] = set()
        self.hit_this_phase: set[str] = set()
        self.phase_mark = len(self.events)  # where this Phase's events begin
        self.start_pos: dict[str, tuple[int, int] | None] = {u: c.pos for u, c in self.chars.items()}
        self.allowance: dict[str, int] = {}
        self.carrying: dict[str, str] = {}
        self.stood_up: dict[str, bool] = {}
        self.clash_attacks: list[tuple[str, str]] = []
        self.broken: set[str] = set()  # failed a Concentration Check this Phase
        # why each Not Ready character is so this Phase, in the order it
        # came about (its Action's NR, a Clash, ...), told by Why?; the
        # readiness itself is ``ready``
        self.unready: dict[str, tuple[str, ...]] = {}

    def make_unready(self, uid: str, reason: str) -> None:
        """``uid`` is Not Ready from now on this Phase, because of ``reason``."""
        self.ready[uid] = False
        self.unready[uid] = self.unready.get(uid, ()) + (reason,)

    def unready_text(self, uid: str) -> str:
        """Why ``uid`` is Not Ready now ("" while it is Ready)."""
        return "" if self.ready.get(uid, True) else "; ".join(self.unready.get(uid, ()))

    @property
    def anyone_hidden(self) -> bool:
        return self.events.anyone_hidden

    def set_battlefield(self, bf: Battlefield) -> None:
        """The battlefield as it stands (closed doors block), and its grid."""
        self.bf = bf
        self.grid = grid(bf)

    def note(self, text: str) -> None:
        self.events.append(Note(text))

    def update(self, uid: str, **changes) -> Character:
        # rebuild(character, **changes), its Character branch called directly
        c = self.chars[uid] = copy_with(self.chars[uid], changes, _FRESH_CHARACTER)
        if "hidden" in changes:
            self.events.anyone_hidden = any(o.hidden for o in self.chars.values())
        return c

    def held_ids(self) -> set[str | None]:
        """Who is held by a Binding now (``movement.held`` for each)."""
        return {o.focus_target for o in self.chars.values() if o.focus == "binding" and o.fighting}

    @property
    def dice(self) -> Dice:
        """The roller as it stands.  An unscripted roller is followed by
        ``roll`` as its seed and draw count (``_seed``, ``_draws``, with
        ``_dice`` None), and made a Dice value only when asked for."""
        dice = self._dice
        if dice is None:
            dice = self._dice = Dice(self._seed, self._draws)
        return dice

    @dice.setter
    def dice(self, dice: Dice) -> None:
        self._dice = dice

    def roll(self, sides: int, purpose: str, mods: tuple = (), who: str = "",
             low_is_good: bool = False, neither_is_good: bool = False) -> Rolled:
        """One die, as ``core.dice.roll(dice, 1, sides, ...)``; an unscripted
        roller is followed here without a new Dice value per roll.
        ``low_is_good``, ``neither_is_good``: what ``who`` wants of the die
        (``Rolled``), for the luck the result counts."""
        dice = self._dice
        if sides < 1 or (dice is not None and dice.script):
            self.dice, event = roll(self.dice, 1, sides, purpose, tuple(mods), who, low_is_good, neither_is_good)
        else:
            # Dice.face: rejection sampling over splitmix64 of (seed, draw).
            if dice is None:
                seed, n = self._seed, self._draws
            else:
                seed, n = dice.seed, dice.draws
            limit = (1 << 64) - ((1 << 64) % sides)
            base = seed * 0x100000001B3
            while True:
                raw = splitmix64((base + n) & _MASK64)
                n += 1
                if raw < limit:
                    break
            face = raw % sides + 1
            mods = tuple(mods)
            total = face
            for _, v in mods:
                total += v
            self._dice, self._seed, self._draws = None, seed, n  # Dice(seed, n), made when asked for
            event = Rolled(expression=f"1d{sides}", faces=(face,), modifiers=mods, total=total,
                           purpose=purpose, who=who, low_is_good=low_is_good, neither_is_good=neither_is_good)
        self.events.append(event)
        return event

    def kind(self, uid: str) -> Action:
        act = self.acts.get(uid)
        return act.kind if act else A_DEFEND

    def fighters(self, side: int | None = None) -> list[Character]:
        fighting = S_FIGHTING
        return [c for c in self.chars.values() if c.status is fighting and c.pos is not None
                and (side is None or c.side == side)]

    def unseen(self, c: Character, side: int) -> bool:
        return unseen_by(self.chars.values(), c, side)

    def known_to(self, uid: str) -> list[Character]:
        """The characters on the battlefield whose position ``uid``'s side knows."""
        side = self.chars[uid].side
        return [c for c in self.chars.values() if c.pos is not None and not self.unseen(c, side)]


# --------------------------------------------------------------------------
# Gear read through the character's condition
# --------------------------------------------------------------------------


def weapon(c: Character):
    return WEAPONS[c.wielding]


def lost_arm(c: Character) -> bool:
    return any("arm" in limb for limb in c.lost_limbs)


def shield_usable(c: Character, ready: bool) -> bool:
    """Shields count only while Ready, with a one-handed weapon and two arms."""
    return bool(c.shield) and ready and weapon(c).hands == 1 and not lost_arm(c)


def defense(c: Character, ready: bool) -> int:
    armour = ARMOUR[c.armour]
    value = 10
    if ready or not armour.ready_only:
        value += armour.deflection
    if c.shield and shield_usable(c, ready):  # (usable: there is one)
        value += SHIELDS[c.shield].deflection
    if ready:
        value += weapon(c).ready_deflection
    return value


def absorb(c: Character, ready: bool) -> int:
    armour = ARMOUR[c.armour]
    value = armour.absorb if (ready or not armour.ready_only) else 0
    if c.shield and shield_usable(c, ready):  # (usable: there is one)
        value += SHIELDS[c.shield].absorb
    return value


def gear_parts(c: Character, ready: bool, absorbs: bool = False
               ) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """Where ``defense`` (past its 10) or, with ``absorbs``, ``absorb`` comes
    from, for Why?: the parts that count, each named with its source
    ("Chain Mail (armour)"), and those left out, each with why ("Shield
    (shield), only while Ready").  The counted parts add up to the number
    ``defense`` - 10 or ``absorb`` gives (seed: Attack Rolls, Armor and
    Absorb, Shields, Melee Weapons)."""
    counted: list[tuple[str, int]] = []
    left: list[tuple[str, int]] = []
    armour = ARMOUR[c.armour]
    value = armour.absorb if absorbs else armour.deflection
    if value:
        if ready or not armour.ready_only:
            counted.append((f"{armour.name} (armour)", value))
        else:
            left.append((f"{armour.name} (armour), only while Ready", value))
    if c.shield:
        shield = SHIELDS[c.shield]
        value = shield.absorb if absorbs else shield.deflection
        if value:
            if shield_usable(c, ready):
                counted.append((f"{shield.name} (shield)", value))
            elif not ready:
                left.append((f"{shield.name} (shield), only while Ready", value))
            elif weapon(c).hands == 2:
                left.append((f"{shield.name} (shield), not with a two-handed {weapon(c).name} in hand", value))
            else:
                left.append((f"{shield.name} (shield), not with a lost arm", value))
    w = weapon(c)
    if not absorbs and w.ready_deflection:
        if ready:
            counted.append((f"{w.name} (weapon), while Ready", w.ready_deflection))
        else:
            left.append((f"{w.name} (weapon), only while Ready", w.ready_deflection))
    return tuple(counted), tuple(left)


# --------------------------------------------------------------------------
# Sight, cover and awareness
# --------------------------------------------------------------------------


def sight(work: Work, observer: tuple[int, int], target: Character) -> str:
    """'clear', 'cover' (-2 to rolls) or 'concealed' (cannot be targeted).
    Concealment is the same both ways (``Grid.concealed``); Cover is read
    from ``observer``'s side (``Grid.share``)."""
    if target.pos is None:
        return "concealed"
    frac = work.grid.share(observer, target.pos)
    if frac == 0:
        return "concealed"
    if frac <= 0.5 or 1 <= work.bf.terrain(target.pos).cover:
        return "cover"
    for other in work.chars.values():
        if (other.side == target.side and other.fighting and other.pos is not None and other.shield
                and SHIELDS[other.shield].provides_cover
                and max(abs(other.pos[0] - target.pos[0]), abs(other.pos[1] - target.pos[1])) <= 1
                and shield_usable(other, work.ready.get(other.id, True))):
            return "cover"
    return "clear"


def cover_sources(work: Work, observer: tuple[int, int], target: Character) -> tuple[str, ...]:
    """What gives ``target`` Cover from ``observer``, in words, one entry
    for each condition of ``sight``'s "cover" that holds: at most half of
    the target's cell in view (naming the cells whose terrain closes the
    sight rays), the target's own cell giving cover, a Ready Tower Shield
    (its own or an adjacent ally's).  Empty exactly when ``sight`` does not
    find "cover" (a Concealed target has none to name).  What Why? names on
    a shot's -2 Cover (seed: Cover and Concealment)."""
    if target.pos is None:
        return ()
    at = target.pos
    bf = work.bf
    frac = work.grid.share(observer, at)
    if frac == 0:
        return ()
    out = []
    if frac <= 0.5:
        closers = closer_words(bf, observer, at)
        out.append(f"only {round(frac * 100)}% of {target.id}'s cell in view" + (f", past {closers}" if closers else ""))
    terrain = bf.terrain(at)
    if terrain.cover >= 1:
        out.append(f"{target.id} stands in the {terrain.kind.replace('-', ' ')} at {at[0]},{at[1]}")
    for other in work.chars.values():  # the same test as sight's
        if (other.side == target.side and other.fighting and other.pos is not None and other.shield
                and SHIELDS[other.shield].provides_cover
                and max(abs(other.pos[0] - at[0]), abs(other.pos[1] - at[1])) <= 1
                and shield_usable(other, work.ready.get(other.id, True))):
            who = target.id if other.id == target.id else f"{other.id}, beside {target.id},"
            out.append(f"{who} holds a Ready {SHIELDS[other.shield].name}")
    return tuple(out)


def closer_words(bf: Battlefield, observer: tuple[int, int], target: tuple[int, int]) -> str:
    """The cells of :func:`sight_closers` in words, the first three named
    ("the wall at 9,3, the closed door at 12,5 and 2 more cells"); empty
    when no ray is closed."""
    closers = [f"the {bf.terrain(c).kind.replace('-', ' ')} at {c[0]},{c[1]}"
               for c in sight_closers(bf, observer, target)]
    if len(closers) > 3:
        closers[3:] = [f"{len(closers) - 3} more cell{'s' if len(closers) > 4 else ''}"]
    return f"{', '.join(closers[:-1])} and {closers[-1]}" if len(closers) > 1 else closers[0] if closers else ""


def sight_closers(bf: Battlefield, observer: tuple[int, int], target: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The cells whose terrain closes a sight ray of ``visible_fraction``
    from ``observer`` to ``target`` (the first such cell on each closed
    ray, by the same test as core.board's ray tracing), nearest the
    observer first.  Kept in ``bf``'s memo."""
    table = bf.memo.table("platemail.sight-closers", 20_000)
    found = table.get((observer, target))
    if found is None:
        found = table.put((observer, target), _trace_closers(bf, observer, target))
    return found


def _trace_closers(bf: Battlefield, observer: tuple[int, int], target: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    eye = bf.elevation(observer) + EYE_HEIGHT
    rise = bf.elevation(target) + BODY_HEIGHT - eye
    tops = _sight_tops(bf)
    ox, oy = observer
    closers: dict[tuple[int, int], None] = {}
    # a rising ray is lowest where it enters a cell, a falling one where it leaves (core.board._trace_rays)
    for path in _ray_paths(bf, target[0] - ox, target[1] - oy)[0 if rise >= 0 else 1]:
        for rx, ry, t in path:
            x, y = ox + rx, oy + ry
            if 0 <= x < bf.width and 0 <= y < bf.height and eye + rise * t < tops[y][x][0]:
                closers[(x, y)] = None
                break
    return tuple(sorted(closers, key=lambda c: (max(abs(c[0] - ox), abs(c[1] - oy)), c[1], c[0])))


def concealed(work: Work, observer: tuple[int, int], target: Character) -> bool:
    """``sight(work, observer, target) == "concealed"``, without working out
    Cover (most questions are only whether a target can be seen at all)."""
    return target.pos is None or work.grid.concealed(observer, target.pos)


def aware(work: Work, observer: Character, target: Character) -> bool:
    """False when ``observer`` is Unaware of a Hidden ``target`` (seed: Skulk)."""
    if not target.hidden or observer.side == target.side:
        return True
    if not work.ready.get(observer.id, True):
        return False
    return PASSIVE_BASE + observer.perception >= target.stealth_roll


def perceives(work: Work, me: Character, other: Character | None) -> bool:
    """What an IF condition may rely on (seed: IF ELSE Clause): ``me`` sees
    ``other`` now -- not Concealed from it, and not Unaware of it."""
    if other is None or other.pos is None or me.pos is None:
        return False
    if other.id == me.id:
        return True
    return aware(work, me, other) and not concealed(work, me.pos, other)


def hostile(a: Character, b: Character) -> bool:
    return a.side != b.side


def _closest_key(me: Character):
    here = me.cell  # asked of one on the battlefield
    return lambda c: (distance_squared(here, c.pos), c.id)


def resolve_target(work: Work, me: Character, spec: str | None, in_sight: bool = True) -> str | None:
    """A character id for a specific or general target (seed: Targeting).

    A general hostile target is chosen among the enemies ``me`` is aware of
    and can see; with none in sight there is none.  ``in_sight=False`` asks
    instead, when none is in sight, for the one it would pick among every
    enemy it is aware of: where a Move, Sprint or Charge heads (``Work.headings``)."""
    if spec is None:
        return None
    if spec == "self":
        return me.id
    if spec in work.chars:
        other = work.chars[spec]
        if hostile(me, other) and not aware(work, me, other):
            return None  # an Unaware character may not designate the skulker
        return spec
    if me.pos is None:
        return None
    if spec in ("closest", "injured", "biggest"):
        side, here = me.side, me.pos
        fighting = S_FIGHTING
        # the fighters (work.fighters()) of the other side, but for skulkers
        # ``me`` is Unaware of (aware() is True at once for one not hidden)
        foes = [c for c in work.chars.values() if c.side != side and c.status is fighting and c.pos is not None
                and (not c.hidden or aware(work, me, c))]
        if not foes:
            return None
        g = work.grid  # fighters always stand somewhere
        # not g.concealed(here, c.pos), its own table read first (an answer
        # is there for most pairs; concealed stores only True or False)
        shut, known = g.concealed, g._shut
        # Only enemies in sight (Targeting; a Concealed one cannot be
        # targeted): with none, there is no target (docs/rulings.md)
        seen = [c for c in foes if (k := known.get((here, c.pos))) is False
                or (k is None and not shut(here, c.cell))]
        if not seen:
            if in_sight:
                return None
            seen = foes
        if spec == "closest":
            if len(seen) == 1:
                return seen[0].id
            x, y = here
            nearest, best = -1, ""
            for c in seen:  # min by (distance squared, id), without a key tuple each
                cx, cy = c.cell
                d = (cx - x) * (cx - x) + (cy - y) * (cy - y)
                if nearest < 0 or d < nearest or (d == nearest and c.id < best):
                    nearest, best = d, c.id
            return best
        near = _closest_key(me)
        if spec == "injured":
            return min(seen, key=lambda c: (-c.wounds, *near(c))).id
        return min(seen, key=lambda c: (-c.max_wounds, -c.strength, -absorb(c, True), *near(c))).id
    near = _closest_key(me)
    if spec in ("ally", "ally-injured"):
        friends = [c for c in work.fighters(me.side) if c.id != me.id]
        if not friends:
            return None
        if spec == "ally":
            return min(friends, key=near).id
        return min(friends, key=lambda c: (-c.wounds, *near(c))).id
    if spec == "ally-down":
        down = [c for c in work.chars.values() if c.side == me.side and c.pos is not None
                and c.status in (S_DYING, S_STABLE)]
        if not down:
            return None
        return min(down, key=lambda c: (c.status is not S_DYING, *near(c))).id
    return None
