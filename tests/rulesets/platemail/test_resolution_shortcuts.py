"""The second round of resolution speed-ups (issue 15) must answer exactly
as the general code they stand in for: the Round's own dice roller, the
kept "anyone hidden" flag, the grid's neighbour and heuristic tables, and
identity-hashed enums."""

from __future__ import annotations

import random

import attrs

from bench.games import play_random
from core.board import neighbours
from core.dice import Dice, roll
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.grid import Grid
from core.rulesets.platemail.senses import Work
from core.rulesets.platemail.state import Action, Condition, Status
from saves.library import battlefield_named

from .helpers import battlefield, position

WALLED = ["........",
          ".##..^^.",
          ".#...^..",
          "...##...",
          "..^.....",
          "...##.#.",
          ".^......",
          "........"]


def test_the_rounds_roller_rolls_as_core_dice():
    pick = random.Random(3)
    for seed in (0, 1, 7, 2**40 + 3):
        work = Work(attrs.evolve(position([("footman", 0, (0, 0)), ("footman", 1, (3, 3))]), dice=Dice(seed)))
        dice = Dice(seed)
        for _ in range(200):
            sides = pick.choice((2, 3, 4, 6, 7, 20, 100))
            mods = tuple(("m", pick.randint(-3, 3)) for _ in range(pick.randint(0, 2)))
            ev = work.roll(sides, "test", list(mods), "x")
            dice, expected = roll(dice, 1, sides, "test", mods, "x")
            assert ev == expected
            assert work.dice == dice


def test_a_scripted_roller_is_still_followed():
    st = position([("footman", 0, (0, 0)), ("footman", 1, (3, 3))])
    work = Work(attrs.evolve(st, dice=Dice(5).scripted(4, 2)))
    assert [work.roll(6, "a").faces[0], work.roll(6, "b").faces[0]] == [4, 2]
    assert work.dice == Dice(5).scripted(4, 2).faces(2, 6)[0]


def test_the_hidden_flag_follows_every_change():
    st = position([("rogue", 0, (0, 0)), ("footman", 1, (3, 3))])
    work = Work(st)
    assert work.anyone_hidden is False
    work.update("a1", hidden=True, stealth_roll=30)
    assert work.anyone_hidden is True
    work.update("a1", pos=(1, 1))
    assert work.anyone_hidden is True
    work.update("a1", hidden=False)
    assert work.anyone_hidden is False


def test_the_flag_matches_the_characters_through_whole_games():
    """Every event a Round logs is marked from the flag; over rogue-heavy
    games the flag must agree with the characters whenever it is read."""
    from core.rulesets.platemail import secrecy
    from core.rulesets.platemail.state import PlatemailOptions

    seen, hidden = [], []
    orig = secrecy.SecretKeeper.append

    def checked(self, event):
        now = any(c.hidden for c in self.work.chars.values())
        seen.append(self.work.anyone_hidden == now)
        hidden.append(now)
        return orig(self, event)

    secrecy.SecretKeeper.append = checked
    try:
        opts = PlatemailOptions(roster_0="rogue,rogue,archer", roster_1="rogue,footman,crossbowman")
        from core.game import start
        for seed in (1, 6):  # (hiding is rare in random play: 6 hides someone, 2 no one)
            game = start(RULESET, opts, battlefield_named("copse-16"), seed, ("N", "S"))
            play_random(RULESET, seed, game=game, draw=True)
    finally:
        secrecy.SecretKeeper.append = orig
    assert seen and all(seen)
    assert any(hidden) and not all(hidden)  # the games did hide someone, and not always


def test_the_grid_tables_match_their_definitions():
    for bf in (battlefield(WALLED), battlefield_named("pm-yard"), battlefield_named("hill-20x14")):
        g = Grid(bf)
        for cell in g.cost:
            assert g.around[cell] == tuple(k for k in neighbours(cell) if k in g.passable)
        unit = g.cheapest
        for origin in list(g.cost)[::7]:
            assert g.heuristic(origin) == [unit * max(abs(c[0] - origin[0]), abs(c[1] - origin[1])) for c in g.cost]


def test_enums_still_key_and_compare_as_members():
    for enum in (Action, Condition, Status):
        table = {m: m.value for m in enum}
        for m in enum:
            assert table[m] == m.value
            assert enum(m.value) is m
            assert m == m and all(m != o for o in enum if o is not m)
