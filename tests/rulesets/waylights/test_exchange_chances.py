"""The chances of an attack met by a counterattack, against the engine
itself: every way the dice can fall (one face tuple for each total, weighed
by how many tuples give it) is scripted and played through the Counter
order, and the outcomes counted (docs/rulings.md, Order of resolution: a
ranged exchange lands the attack first and the counter feels its wounds).

Also: natural weapons are no items to smash, and a hopper of N rounds
gives N shots."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from core.rulesets.waylights.combat import attack_preview, sum_counts
from core.rulesets.waylights.orders import Attack, Counter, Reload
from core.rulesets.waylights.ruleset import preview_order
from core.rulesets.waylights.state import READY, rebuild
from tests.rulesets.waylights.helpers import R, do, position, rejected, script

FAR = ("b9", 1, "mook", (9, 9))
LOW_WALL = ["..........", "..........", "..=.......", "..........", "..........",
            "..........", "..........", "..........", "..........", ".........."]


def engine_chances(state, groups: list[int]) -> dict[str, Fraction]:
    """Play ``counter`` in ``state`` (an attack pending its response) for
    every total of each group of dice the engine rolls in turn (``groups``:
    how many d6 each roll takes), weighed by the number of ways to roll it."""
    target, attacker = state.attack.target, state.attack.attacker
    side = state.get(target).side
    before = {u: state.get(u).wounds for u in (target, attacker)}
    tally = dict(tw=Fraction(0), tko=Fraction(0), aw=Fraction(0), ako=Fraction(0))
    choices = [[(tuple(_faces(n, s)), Fraction(c, 6 ** n)) for s, c in sum_counts(n).items()] for n in groups]
    for combo in itertools.product(*choices):
        faces = [f for group, _ in combo for f in group]
        weight = Fraction(1)
        for _, w in combo:
            weight *= w
        after, _ = do(script(state, *faces), f"counter side={side} unit={target}")
        t, a = after.get(target), after.get(attacker)
        tally["tw"] += weight if t.wounds > before[target] else 0
        tally["tko"] += weight if t.status != READY else 0
        tally["aw"] += weight if a.wounds > before[attacker] else 0
        tally["ako"] += weight if a.status != READY else 0
    return tally


def _faces(n: int, total: int) -> list[int]:
    """Some n faces of a d6 adding up to ``total``."""
    faces = [1] * n
    left = total - n
    for i in range(n):
        add = min(5, left)
        faces[i] += add
        left -= add
    return faces


def exchange(state, attacker: str, target: str):
    """The chances the preview gives (imported here: it is what is tested)."""
    from core.rulesets.waylights.exchange import exchange as chances

    return chances(state, attacker, target)


def same(x, tally) -> None:
    assert (x.target_wound, x.target_ko, x.attacker_wound, x.attacker_ko) == (
        tally["tw"], tally["tko"], tally["aw"], tally["ako"])


def position_like_the_testers():
    """The tester's report: a shooter one wound from KO fires point-blank at
    a Fighter on 3/1, who counters with its one defence die."""
    s = position([("a2", 0, "fighter", (2, 2), dict(split=3)),
                  ("b2", 1, "archer", (2, 3), dict(split=3, wounds=3)), FAR], "b2")
    s, _ = do(s, "attack side=1 unit=b2 target=a2")
    assert s.pending == "response"
    return s


def test_a_ranged_exchange_counts_the_wounds_the_shot_deals_first():
    s = position_like_the_testers()
    x = exchange(s, "b2", "a2")
    # The engine: b2's 3 attack dice against 0; then a2's 1 die against b2's 1.
    same(x, engine_chances(s, [3, 1, 1]))
    # The counter feels the new wounds: the chance is below the one of the
    # same counter by an unhurt Fighter (what the preview used to show).
    naive = attack_preview(s.get("a2"), s.get("b2"), s.get("a2").weapon, 1, 1).ko
    assert x.attacker_ko < naive


def test_a_melee_exchange_loses_the_slower_counter_of_a_figure_knocked_out():
    # The Fighter (Timing 2) strikes first; the mook (Timing 0) on 2 wounds of 3
    # loses its blow when the Fighter's lands.
    s = position([("a1", 0, "fighter", (2, 2), dict(split=3)), ("b1", 1, "mook", (2, 3), dict(split=3, wounds=1)),
                  FAR], "a1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    x = exchange(s, "a1", "b1")
    same(x, engine_chances(s, [3, 0, 1, 1]))
    assert x.counter_lost > 0
    # The other way round, the faster counter can fell the attacker first.
    s = position([("b1", 1, "mook", (2, 3), dict(split=3)), ("a1", 0, "fighter", (2, 2), dict(split=3, wounds=3)),
                  FAR], "b1")
    s, _ = do(s, "attack side=1 unit=b1 target=a1")
    same(exchange(s, "b1", "a1"), engine_chances(s, [3, 0, 1, 1]))


def test_a_ranged_counter_rolls_for_the_shooters_cover():
    # Two archers at range; a1 shoots from beside a low wall (medium cover,
    # one less for stepping out to fire: light): b1's answer rolls the cover die.
    s = position([("a1", 0, "archer", (2, 1), dict(split=4)), ("b1", 1, "archer", (2, 6), dict(split=3)), FAR],
                 "a1", rows=LOW_WALL)
    s = script(s)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "response"
    same(exchange(s, "a1", "b1"), engine_chances(s, [4, 1, 1]))


def test_the_preview_before_the_attack_is_the_exchange_it_leads_to():
    s = position([("b2", 1, "archer", (2, 3), dict(split=3, wounds=3)), ("a2", 0, "fighter", (2, 2), dict(split=3)),
                  FAR], "b2")
    from core.rulesets.waylights.ruleset import exchange_for

    before = exchange_for(s, Attack(1, "b2", "a2"))
    after, _ = do(s, "attack side=1 unit=b2 target=a2")
    assert before == exchange(after, "b2", "a2")
    assert preview_order(s, Attack(1, "b2", "a2")) is not None


# -- percentages ------------------------------------------------------------------


@pytest.mark.parametrize(("p", "whole", "tenth"), [
    (Fraction(1), "100%", "100.0%"), (Fraction(0), "0%", "0.0%"),
    (Fraction(199, 200), "99.5%", "99.5%"), (Fraction(9999, 10000), ">99.9%", ">99.9%"),
    (Fraction(1, 10000), "<0.1%", "<0.1%"), (Fraction(1, 300), "0.3%", "0.3%"),
    (Fraction(1, 2), "50%", "50.0%"), (Fraction(199, 200) - Fraction(1, 10 ** 6), "99%", "99.5%"),
    (Fraction(9949, 10000), "99%", "99.5%")])
def test_a_chance_shows_100_or_0_only_when_certain(p, whole, tenth):
    from core.rulesets.waylights.combat import percent

    assert percent(p, 0) == whole and percent(p) == tenth


def test_the_preview_table_never_rounds_to_certainty():
    # The tester's: three 1s give 3 + 5 = 8 against a wounded Fighter's +2
    # guard with no dice: 6, not above 3 x 2: the KO (at 4 wounds, from 2)
    # is 1 - 1/216 = 99.5%.
    s = position([("a1", 0, "fighter", (2, 2), dict(split=3)), ("b1", 1, "fighter", (2, 3), dict(split=4, wounds=2)),
                  FAR], "a1")
    p = preview_order(s, Attack(0, "a1", "b1"))
    assert p is not None and p.ko == 1 - Fraction(1, 216)
    assert "KO         99.5%" in p.lines()
    values = (p.no_effect, p.glancing, p.one_wound, p.two_plus, p.ko)
    for value, line in zip(values, p.lines(), strict=True):
        assert ("100.0%" in line) == (value == 1) and (" 0.0%" in line) == (value == 0), line
    # Four dice +5 against one die +4: nothing happens only on four 1s
    # against a 6, 1 in 7776 (0.013%): not "0.0%".
    s = position([("a1", 0, "fighter", (2, 2), dict(split=4)), ("b1", 1, "fighter", (2, 3), dict(split=3)), FAR],
                 "a1")
    p = preview_order(s, Attack(0, "a1", "b1"))
    assert p is not None and p.no_effect == Fraction(1, 6 ** 5)
    assert p.lines()[0] == "no effect  <0.1%"


# -- natural weapons -----------------------------------------------------------------


def test_a_bite_is_no_item_to_smash():
    """Seed, Psi Tension: 3 points damage an opponent's item (a disarm, a
    smashed shield, armour damage); a Great cat's bite is part of it."""
    from core.rulesets.waylights.state import WaylightsOptions

    s = position([("a1", 0, "fighter", (2, 2), dict(tension=5)), ("b1", 1, "beast", (2, 3)), FAR], "a1",
                 options=WaylightsOptions(psi_tension=True))
    offered = [o for o in R.legal_orders(s, 0) if isinstance(o, Attack) and o.target == "b1"]
    assert offered and not any(o.smash == "weapon" for o in offered)
    assert rejected(s, "attack side=0 unit=a1 target=b1 smash=weapon") == "smash"
    why = R.check(s, Attack(0, "a1", "b1", smash="weapon"))
    assert "bite" in why.message and "not an item" in why.message
    # A sword is an item: smashing it is offered.
    s = position([("a1", 0, "fighter", (2, 2), dict(tension=5)), ("b1", 1, "fighter", (2, 3)), FAR], "a1",
                 options=WaylightsOptions(psi_tension=True))
    assert any(isinstance(o, Attack) and o.smash == "weapon" for o in R.legal_orders(s, 0))
    # Countering the cat's bite: no smash of its weapon either.
    s = position([("b1", 1, "beast", (2, 3)), ("a1", 0, "fighter", (2, 2), dict(tension=5)), FAR], "b1",
                 options=WaylightsOptions(psi_tension=True))
    s, _ = do(s, "attack side=1 unit=b1 target=a1")
    assert s.pending == "response"
    counters = [o for o in R.legal_orders(s, 0) if isinstance(o, Counter)]
    assert counters and not any(o.smash == "weapon" for o in counters)
    assert R.check(s, Counter(0, "a1", smash="weapon")).code == "smash"


# -- rounds ---------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "weapon", "rounds"), [("archer", 0, 4), ("marksman", 1, 2), ("thug", 0, 6)])
def test_a_clip_of_n_rounds_gives_n_shots(kind, weapon, rounds):
    """Seed, Use an item: ready a launcher, replace its clip.  A hopper of
    N rounds gives N shots, the one primed at the start among them, with no
    spare clip: the pneumatic 4, the shock-net 2, the self-priming pistol 6."""
    s = position([("a1", 0, kind, (2, 2), dict(split=4, wielding=weapon)), ("b1", 1, "mook", (2, 6), dict(split=4)),
                  FAR], "a1")
    a1 = s.get("a1")
    s = s.put(rebuild(a1, spares=tuple(0 for _ in a1.spares)))
    assert a1.ammo[weapon] == rounds and a1.primed[weapon]
    shots = 0
    while shots <= 20:
        s = fresh_turn(s)
        if not s.get("a1").primed[weapon] and R.check(s, Reload(0, "a1")) is None:
            s, _ = do(s, "reload side=0 unit=a1")
            s = fresh_turn(s)
        if R.check(s, Attack(0, "a1", "b1")) is not None:
            break
        s, _ = do(script(s, 1, 1, 1, 1), "attack side=0 unit=a1 target=b1")
        shots += 1
    assert shots == rounds
    assert s.get("a1").ammo[weapon] == 0


def test_the_shot_spends_a_round_and_priming_does_not():
    s = position([("a1", 0, "archer", (2, 2), dict(split=4)), ("b1", 1, "mook", (2, 6), dict(split=4)), FAR], "a1")
    s, _ = do(script(s, 1, 1, 1, 1), "attack side=0 unit=a1 target=b1")
    assert (s.get("a1").ammo[0], s.get("a1").primed[0]) == (3, False)
    s, _ = do(s, "reload side=0 unit=a1")
    assert (s.get("a1").ammo[0], s.get("a1").primed[0]) == (3, True)


def fresh_turn(s):
    """a1's turn again, the mook whole (these tests count rounds, not turns)."""
    s = s.put(rebuild(s.get("b1"), wounds=0, status=READY))
    return rebuild(s, active="a1", index=0, actions=0, stepped=False, moved=False, reloading="", target=None,
                   counter_used=False, pending="", attack=None, exposed=False)
