"""A bounded, varied sample of legal write orders for menus and random play.
``check`` accepts any well-formed order; this lists representative ones."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from types import MappingProxyType

from .checks import can_shoot, check_act, free_problem
from .equipment import WEAPONS
from .senses import door_features, weapon
from .state import Act, Action, Character, Condition, PlatemailState, Status, Write

CONDITIONS = list(Condition)


def _toward(state: PlatemailState, me: Character, goal, steps: int, way: int = 1):
    """The cell ``steps`` diagonal or straight steps from ``me`` towards
    ``goal`` (the nearest foe; away from it with ``way`` -1), if on the
    battlefield."""
    if goal is None:
        return None
    assert me.pos is not None  # a character moving stands on the battlefield
    x, y = me.pos
    gx, gy = goal
    # each of the ``steps`` steps moves by the same sign towards the goal
    x += steps * way * ((gx > x) - (gx < x))
    y += steps * way * ((gy > y) - (gy < y))
    bf = state.battlefield
    if 0 <= x < bf.width and 0 <= y < bf.height and (x, y) != me.pos:  # in_bounds, and a step at all
        return (x, y)
    return None


def _stock(s: int) -> Mapping[str, tuple[Act, ...]]:
    """The Actions that do not depend on the position, built once per side
    at import (they are frozen values, shared by every order that lists
    them)."""
    return _STOCKS[s]


def _make_stock(s: int) -> dict[str, tuple[Act, ...]]:
    A = Action
    return {
        "firsts": (Act(s, A.CHARGE, "closest"), Act(s, A.MOVE, "closest"), Act(s, A.DEFEND),
                   Act(s, A.FULL_ATTACK, "closest"), Act(s, A.COUNTER, "closest"), Act(s, A.SPRINT, "closest"),
                   Act(s, A.FALL_BACK), Act(s, A.SKULK), Act(s, A.AIM, "closest"), Act(s, A.CHARGE, "injured")),
        "ranged": (Act(s, A.RANGED, "closest"), Act(s, A.RANGED, "biggest")),
        "rapid": (Act(s, A.RAPID_FIRE, "closest"),),
        "guard": (Act(s, A.GUARD, "ally"),),
        "release-ally": (Act(s, A.RELEASE, "ally"),),
        "release": (Act(s, A.RELEASE, "closest"),),
        "focus": (Act(s, A.FOCUS),),
        "reload": (Act(s, A.USE_ITEM, item="reload"),),
        "potion": (Act(s, A.USE_ITEM, item="potion"),),
        "free": (Act(s, A.USE_ITEM, "self", item="free"),),
        "door": (Act(s, A.USE_ITEM, item="door"),),
        "stabilize": (Act(s, A.STABILIZE, "ally-down"),),
        "seconds": (Act(s, A.FULL_ATTACK, "closest"), Act(s, A.CHARGE, "closest"), Act(s, A.DEFEND),
                    Act(s, A.MOVE, "closest"), Act(s, A.FALL_BACK), Act(s, A.COUNTER, "closest")),
    }


_STOCKS = tuple(MappingProxyType(_make_stock(s)) for s in (0, 1))


def _shoots(me: Character) -> bool:
    return can_shoot(me)


def _gear(state: PlatemailState, me: Character) -> tuple[bool, bool]:
    """(``_shoots(me)``, whether ``me``'s weapon needs reloading): a
    function of the weapon wielded and the weapons carried, kept per pair
    in the battlefield's memo (asked for each new entry of writes)."""
    memo = state.battlefield.memo
    table = memo.entries.get("platemail.gear")
    if table is None:
        table = memo.table("platemail.gear", 256)
    key = (me.wielding, me.carried)
    found = table.get(key)
    if found is None:
        found = table.put(key, (_shoots(me), bool(WEAPONS[me.wielding].reload)))
    return found


def _act(state: PlatemailState, tag: str, side: int, kind: Action, target=None, to=None, spell=None,
         item=None, table=None) -> Act:
    """``Act(side, kind, target, to, spell, item)``, one shared object per
    value (``tag`` names the kind in the key), kept in the battlefield's memo
    (``table``: ``_acts(state)``, when the caller has it)."""
    if table is None:
        table = _acts(state)
    key = (tag, side, target, to, spell, item)
    found = table.get(key)
    if found is None:
        found = table.put(key, Act(side, kind, target, to, spell, item))
    return found


def _acts(state: PlatemailState):
    return state.battlefield.memo.table("platemail.acts", 4096)


def _side(state: PlatemailState, s: int, memo: dict | None) -> tuple:
    """What every character of side ``s`` reads of the others for its first
    Actions: (its foes fighting on the battlefield, its own fighting
    characters, whether one of its own lies dying there, the Charge at the
    first foe), kept in the characters' writes memo (``_memo_for``)."""
    found = memo.get(("side", s)) if memo is not None else None
    if found is None:
        fighting, dying = Status.FIGHTING, Status.DYING
        foes, friends, down = [], [], False
        for c in state.characters:
            if c.side != s:
                if c.status is fighting and c.pos:
                    foes.append(c)
            elif c.status is fighting:
                friends.append(c)
            elif c.status is dying and c.pos:
                down = True
        charge = _act(state, "charge", s, Action.CHARGE, foes[0].id) if foes else None
        found = (foes, friends, down, charge)
        if memo is not None:
            memo["side", s] = found
    return found


def _firsts(state: PlatemailState, me: Character, shoots: bool, memo: dict | None = None) -> list[Act]:
    """The first Actions considered for ``me`` (``shoots``: ``_shoots(me)``;
    ``memo``: the characters' writes memo, if the caller has it)."""
    s = me.side
    A = Action
    stock = _stock(s)
    out = list(stock["firsts"])
    foes, friends, down, charge = _side(state, s, memo)
    ally = None  # the first other fighting character of the side
    for c in friends:
        if c.id != me.id:
            ally = c
            break
    goal = None
    if foes and me.pos is not None:
        hx, hy = me.pos
        near = None
        for c in foes:  # the first of the nearest (min by distance_squared)
            x, y = c.pos
            d = (x - hx) * (x - hx) + (y - hy) * (y - hy)
            if near is None or d < near:
                near, goal = d, c.pos
    table = _acts(state)
    step = _toward(state, me, goal, 3)
    if step:
        out.append(_act(state, "move", s, A.MOVE, None, step, None, None, table))
    reloads = WEAPONS[me.wielding].reload  # weapon(me).reload
    if shoots:
        out += stock["ranged"]
        if not reloads:
            out += stock["rapid"]
    if foes:
        out.append(charge)
    if ally is not None:
        out += stock["guard"]
        out.append(_act(state, "guard", s, A.GUARD, ally.id, None, None, None, table))
    if me.spells:
        out += [_act(state, "prepare", s, A.PREPARE, None, None, sp, None, table) for sp in me.spells]
    if me.prepared:
        out += stock["release-ally" if me.prepared == "mend" and ally is not None else "release"]
    if me.focus:
        out += stock["focus"]
    if reloads and not me.loaded:  # a loaded one has nothing to reload (check_act)
        out += stock["reload"]
    if me.carried:  # (a thrown weapon is never drawn: check_act refuses it)
        out += [_act(state, "use-item", s, A.USE_ITEM, None, None, None, f"swap:{k}", table)
                for k in dict.fromkeys(me.carried) if WEAPONS[k].kind != "thrown"]
    if me.potions and me.wounds:
        out += stock["potion"]
    if me.entrapped:
        out += stock["free"]
    for c in friends:  # an entrapped ally beside it, named (a general target may pick another)
        if c.entrapped and c.id != me.id and not free_problem(me, c):
            out.append(_act(state, "free", s, A.USE_ITEM, c.id, None, None, "free", table))
    if me.pos and state.battlefield.features and any(
            max(abs(f.cell[0] - me.pos[0]), abs(f.cell[1] - me.pos[1])) == 1 for f in door_features(state)):
        out += stock["door"]
    if down:
        out += stock["stabilize"]
        back = _toward(state, me, goal, 3, way=-1)
        if back:
            out.append(_act(state, "rescue", s, A.RESCUE, "ally-down", to=back, table=table))
    return out


def _seconds(me: Character, shoots: bool) -> list[Act]:
    stock = _stock(me.side)
    out = list(stock["seconds"])
    if shoots:  # the same test that put Ranged Attacks among the first Actions
        out += stock["ranged"][:1]
    if me.spells:
        out += stock["release"]
    if weapon(me).reload:
        out += stock["reload"]
    return out


# Characters tuples whose writes the by-value table keeps.  Its hits come
# from positions met again soon after (a view rebuilt, the search's samples):
# random play finds every one of them with 16 kept, the computer's search
# three quarters with 64; each entry holds its characters, candidates and
# Writes (~100 objects listed), all walked by every full collection.
WRITES_KEPT = 64


def _memo_for(state: PlatemailState) -> dict:
    """Each character's writes (``_Writes``), per characters tuple: found
    first among the few most recent tuples by identity (writing an order
    leaves the characters tuple of the state as it was, so the calls of one
    Round share an entry), else by value in a table of earlier ones (a
    position seen before, in another game or another branch of a search).
    Both live in the battlefield's memo.  Everything in an entry is a
    function of the characters, the battlefield and the key (character id,
    whether it has written orders; or ``("fighting", side)``: the draw's
    tuple of that side's characters fighting on the battlefield; or
    ``("side", side)``: ``_side``)."""
    chars = state.characters
    memo_of = state.battlefield.memo
    recent: list[tuple[tuple[Character, ...], dict]] | None = memo_of.entries.get("platemail.recent-writes")
    # (asked twice an order: no call when there)
    if recent is None:
        recent = memo_of.get("platemail.recent-writes", list)
    elif recent and recent[-1][0] is chars:  # the newest: most often the one asked for
        return recent[-1][1]
    for c, memo in reversed(recent):  # the newest first
        if c is chars:
            return memo
    table = memo_of.table("platemail.writes", WRITES_KEPT)
    memo = table.get(chars)
    if memo is None:
        memo = table.put(chars, {})
    if len(recent) >= 8:
        recent.clear()
    recent.append((chars, memo))
    return memo


class _Writes:
    """One character's candidate writes for one characters tuple: the
    candidates (``cand``: made from the first and second Actions when
    asked, not all at once), each one's verdict and Write once asked, and
    the listing.
    ``acts`` holds the verdict of each Action object of the candidates
    (keyed by ``id``: the candidates hold those objects alive as long as
    this entry, so an id names one of them; an Action shared by several
    candidates is checked once)."""

    __slots__ = ("me", "firsts", "seconds", "n", "verdicts", "writes", "acts", "listed")

    def __init__(self, state: PlatemailState, me: Character, written: bool, memo: dict | None = None):
        self.me = me
        shoots = _gear(state, me)[0]
        # With orders written, only the first two (always the stock's first two).
        self.firsts = _stock(me.side)["firsts"][:2] if written else _firsts(state, me, shoots, memo)
        self.seconds = _seconds(me, shoots)
        self.n = n = 1 + len(self.firsts)  # how many candidates
        self.verdicts: list[bool | None] = [None] * n
        self.writes: list[Write | None] = [None] * n
        self.acts: dict[tuple[int, bool], bool] = {}
        self.listed: tuple[Write, ...] | None = None

    def cand(self, i: int) -> tuple:
        """Candidate ``i``: (first, condition, then, otherwise), before the
        checks.  The seed's own example order comes first; then one for
        each first Action, with the conditions in turn and the second
        Actions in two patterns."""
        if i == 0:
            stock = _stock(self.me.side)
            return (stock["firsts"][0], Condition.REACHED, stock["seconds"][0], stock["firsts"][0])
        i -= 1
        seconds = self.seconds
        n = len(seconds)
        return (self.firsts[i], CONDITIONS[i % len(CONDITIONS)], seconds[i % n], seconds[(3 * i + 2) % n])

    def ok(self, state: PlatemailState, i: int) -> bool:
        """Whether candidate ``i`` passes check_act on its three Actions."""
        good = self.verdicts[i]
        if good is None:
            first, _, then, other = self.cand(i)
            acts, me = self.acts, self.me
            good = True
            # check_act on the three in turn (once per Act), stopping at the first refused
            for act, is_first in ((first, True), (then, False), (other, False)):
                key = (id(act), is_first)
                fine = acts.get(key)
                if fine is None:
                    fine = acts[key] = check_act(state, me, act, is_first) is None
                if not fine:
                    good = False
                    break
            self.verdicts[i] = good
        return good

    def write(self, i: int) -> Write:
        """Candidate ``i`` (which passes) as a Write, one object per
        candidate."""
        w = self.writes[i]
        if w is None:
            first, cond, then, other = self.cand(i)
            me = self.me
            w = self.writes[i] = Write(me.side, me.id, first, cond, then, other)
        return w


def _entry(state: PlatemailState, me: Character, memo: dict) -> _Writes:
    key = (me.id, state.plan(me.id) is not None)
    entry = memo.get(key)
    if entry is None:
        entry = memo[key] = _rewrites(state, me) if key[1] else _Writes(state, me, False, memo)
    return entry


def _rewrites(state: PlatemailState, me: Character) -> _Writes:
    """The entry of a character that has written orders this Round: its
    candidates are the stock's (``_Writes``: the first two firsts and
    ``_seconds``), whose Actions name only general targets and no cell, so
    they and check_act's verdicts on them depend on the character only
    through its id, side, shooting, spells and reloading.  Shared, by those,
    between every position of the battlefield (kept in its memo)."""
    shoots, reloads = _gear(state, me)  # (_shoots(me), bool(weapon(me).reload))
    key = (me.id, me.side, shoots, bool(me.spells), reloads)
    table = state.battlefield.memo.table("platemail.rewrites", 256)
    entry = table.get(key)
    if entry is None:
        entry = table.put(key, _Writes(state, me, True))
    return entry


def sample_writes(state: PlatemailState, side: int) -> list[Write]:
    """What ``side`` may write: a function of the characters, the
    battlefield and which characters already have orders this Round.
    Called with ``side``'s view, so unseen skulkers play no part."""
    out: list[Write] = []
    if state.stage != "orders" or state.committed[side]:
        return out  # check_write refuses every write then
    memo = _memo_for(state)
    for me in state.characters:
        if me.side != side or not me.fighting or me.pos is None:
            continue
        out += character_writes(state, me, memo)
    return out


def character_writes(state: PlatemailState, me: Character, memo: dict | None = None) -> tuple[Write, ...]:
    """The writes ``sample_writes`` lists for ``me`` (fighting, placed, of
    the side to write; ``state`` is that side's view), from the same memo."""
    if memo is None:
        if state.stage != "orders" or state.committed[me.side]:
            return ()
        memo = _memo_for(state)
    entry = _entry(state, me, memo)
    listed = entry.listed
    if listed is None:
        ok, write = entry.ok, entry.write
        listed = entry.listed = tuple([write(i) for i in range(entry.n) if ok(state, i)])
    return listed


def draw_write(state: PlatemailState, me: Character, rng, tries: int = 8, memo: dict | None = None) -> Write | None:
    """One of ``character_writes(state, me)`` drawn with ``rng`` (each
    equally likely) without checking every candidate: random candidates are
    checked until one passes, then (after ``tries`` misses) the passing ones
    are listed.  The rng calls depend only on the state, never on what the
    memo holds, so a draw repeats in any process."""
    if state.stage != "orders" or state.committed[me.side]:
        return None
    if memo is None:  # (the draw passes _memo_for(state), which it has asked already)
        memo = _memo_for(state)
    entry = memo.get((me.id, state.plan(me.id) is not None))  # _entry's look-up, without its frame
    if entry is None:
        entry = _entry(state, me, memo)
    n = entry.n
    verdicts = entry.verdicts
    if type(rng) is Random:
        # rng.choice(range(n)): its one call of _randbelow(n), as Random's
        # _randbelow_with_getrandbits makes it (the same getrandbits calls)
        bits, k = rng.getrandbits, n.bit_length()
        below = None
    else:
        below = lambda k: rng.choice(range(k))  # noqa: E731
    for _ in range(tries):
        if below is None:
            i = bits(k)
            while i >= n:
                i = bits(k)
        else:
            i = below(n)  # the rng calls of rng.choice(candidates)
        good = verdicts[i]
        if good or (good is None and entry.ok(state, i)):
            w = entry.writes[i]
            return w if w is not None else entry.write(i)
    writes = character_writes(state, me, memo)
    return rng.choice(writes) if writes else None
