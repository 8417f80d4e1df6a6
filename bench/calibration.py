"""Reasons against outcomes (issue 31): is a chance the computer states in
its reason the chance it turns out to be?

Seeded games of the computer (``LEVEL``) against the competent beginner of
``bench/beginner.py``, sides alternated.  Every reason the computer gives
that states one chance is read as the player reads it (the text, to the
per cent shown), then the game is followed until that event is settled:

- Platemail, "N% to hit": the first Attack the unit makes on the named
  target in the first Phase of the Round its order is for (no such Attack,
  the target out of reach or a Guard taking the blow: not counted);
- Spheres of War, the chance to win the whole fight ("N% to win the
  exchange" in the last turn, "N% in the end" before it): which of the two
  is removed first, the struck or the striker (neither before the game
  ends: not counted);
- Waylights, "N% to wound" against a declared split, and a Defend's "N%
  to be wounded": whether the attack's result is a wound or more (a range
  over splits still to come states no one chance and is left out; one
  said "if it defends" is not counted when the target counters instead,
  whether or not the counter's blow is rolled).
  A shot the cover roll turns aside settles its chance as no wound: the
  stated chance counts the cover, as the game's preview does.

The report gives, per ruleset and in bins of the stated chance, how many
were settled, the mean stated and the rate seen, with Wilson's 95%
interval of the rate.  A Waylights chance is also put to the engine: the
order is applied to the state it was stated in ``ENGINE_TRIES`` times
with fresh dice, the target defending, and the *engine* column is the
share that wounded, so a gap between stated and seen can be told apart
from the luck of one game's dice.  A Platemail chance is stated against
the computer's guess of the target's secret order; the *as played* column
is the d20's chance for the Attack as it was made (its bonus and the
Defense it met, both sides' orders known), so a gap between stated and
as played is the guess.  The log of every game (seed, sides, result) and
of every chance (order number, stated, happened, and the engine's or the
as-played chance where there is one) is written beside it when a path is
given.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from bench.games import battlefield_for
from bench.strength import options_for, wilson, winner_of
from core.ai import choose
from core.ai.platemail_chances import hit_chance
from core.dice import Dice, computer_seed, without_seed
from core.game import start, submit
from core.registry import find_ruleset
from core.ruleset import Rejection

LEVEL = "easy"  # the reasons are the same words at every level; easy plays fastest
RULESETS = ("platemail", "spheres_of_war", "waylights")
FULL_GAMES, QUICK_GAMES = 64, 1  # 64 a ruleset: 16 left the bins too wide to tell a few points apart
ORDER_CAP = 1500
FIRST_SEED = 5000
BINS = ((0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.01))
ENGINE_TRIES = 200  # a Waylights chance resolved this many times by the engine

PM_HIT = re.compile(r"(?:charges|attacks|counters|shoots|at) (\w+)(?: twice)?(?: \((?:down|wounded)\))?: "
                    r"(\d+)% to hit")
# the chance to win the whole fight: the exchange in the last turn, else "in the end" (or "later")
SOW_WIN = re.compile(r"strikes (\w+)(?:, unanswered)?: (?:wins \d+% this Match, )?"
                     r"(\d+)% (?:to win the exchange|in the end|to win later)")
WL_WOUND = re.compile(r"\d+ dic?e v \d: (\d+)% to wound( if it defends)?")
WL_HURT = re.compile(r"Defend .*\d+ dic?e v \d: (\d+)% to be wounded")


class Follower:
    """The chances stated in one game, each settled (or dropped) by the
    events that follow it."""

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self.pending: list[dict[str, Any]] = []
        self.settled: list[dict[str, Any]] = []
        self.stated = 0

    def claim(self, reason: str, order: Any, at: int, view: Any = None,
              engine: Callable[[str, str], float | None] | None = None) -> None:
        """A reason just given for ``order`` (the game's ``at``-th order), in
        ``view`` (what the side saw); ``engine(attacker, target)``, where
        given, resolves a Waylights chance by the engine."""
        claim: dict[str, Any] | None = None
        if self.ruleset == "platemail":
            found = PM_HIT.search(reason)
            if found and getattr(order, "unit", None):
                claim = {"unit": order.unit, "target": found.group(1), "chance": int(found.group(2)) / 100}
                # a unit rewritten before its Round resolves: the last order counts
                self.pending = [p for p in self.pending if p["unit"] != order.unit]
        elif self.ruleset == "spheres_of_war":
            found = SOW_WIN.search(reason)
            if found:
                pair = {order.unit, found.group(1)}
                if not any({p["unit"], p["target"]} == pair for p in self.pending):  # one exchange, one claim
                    claim = {"unit": order.unit, "target": found.group(1), "chance": int(found.group(2)) / 100}
        elif self.ruleset == "waylights":
            found = WL_WOUND.search(reason)
            if found and getattr(order, "target", None):
                claim = {"unit": order.unit, "target": order.target, "chance": int(found.group(1)) / 100,
                         "if_defends": bool(found.group(2))}
            hurt = WL_HURT.search(reason)
            pending = getattr(view, "attack", None)
            if hurt and pending is not None:  # a Defend against the attack under way
                claim = {"unit": pending.attacker, "target": order.unit, "chance": int(hurt.group(1)) / 100,
                         "if_defends": False}
        if claim is not None and self.ruleset == "waylights" and engine is not None:
            resolved = engine(claim["unit"], claim["target"])
            if resolved is not None:
                claim["engine"] = resolved
        if claim is not None:
            claim["order"] = at
            self.stated += 1
            self.pending.append(claim)

    def events(self, events: tuple, order: Any = None) -> None:
        """What the last order (``order``, where given) made happen: settle
        what it settles."""
        if not self.pending or not events:
            return
        getattr(self, "_" + self.ruleset)(events, order)

    def _settle(self, claim: dict[str, Any], happened: bool) -> None:
        self.pending.remove(claim)
        settled = {"order": claim["order"], "chance": claim["chance"], "happened": happened}
        for known in ("engine", "played"):
            if known in claim:
                settled[known] = claim[known]
        self.settled.append(settled)

    def _platemail(self, events: tuple, order: Any) -> None:
        phases = [i for i, e in enumerate(events) if type(e).__name__ == "PhaseBegan"]
        if not phases:
            return
        first = events[phases[0]:phases[1] if len(phases) > 1 else len(events)]
        for claim in list(self.pending):
            blow = next((e for e in first if type(e).__name__ == "AttackMade" and e.attacker == claim["unit"]
                         and e.target == claim["target"]), None)
            if blow is not None:
                claim["played"] = hit_chance(blow.total - blow.natural, blow.defense)
                self._settle(claim, bool(blow.hit))
        self.pending = []  # the Round resolved: what made no Attack is not counted

    def _spheres_of_war(self, events: tuple, order: Any) -> None:
        gone = {e.unit for e in events if type(e).__name__ == "Removed"}
        for claim in list(self.pending):
            if claim["target"] in gone and claim["unit"] not in gone:
                self._settle(claim, True)
            elif claim["unit"] in gone:
                self._settle(claim, False)

    def _waylights(self, events: tuple, order: Any) -> None:
        if getattr(order, "verb", "") == "counter":
            # The target chose to counter: the attack meets no defence dice,
            # so a chance said "if it defends" is not what was played.  The
            # counter's own blow cannot tell this apart: a ranged attack that
            # knocks the target out leaves no counter to roll, and its wound
            # settled the chance as a success.
            self.pending = [c for c in self.pending if not (c["if_defends"] and c["target"] == order.unit)]
        for claim in list(self.pending):
            countered = any(type(e).__name__ == "Resolved" and e.counter and e.attacker == claim["target"]
                            for e in events)
            blow = next((e for e in events if type(e).__name__ == "Resolved" and not e.counter
                         and e.attacker == claim["unit"] and e.target == claim["target"]), None)
            # The shot ends at the cover roll: no blow is rolled.  Left
            # pending, the chance was settled by the pair's next blow, one
            # that had got past the cover, and read too high.
            covered = any(type(e).__name__ == "CoverRolled" and e.avoided and e.shooter == claim["unit"]
                          and e.target == claim["target"] for e in events)
            if countered and claim["if_defends"]:
                self.pending.remove(claim)
            elif blow is not None:
                self._settle(claim, blow.wounds >= 1)
            elif covered:
                self._settle(claim, False)


def engine_wounds(rules: Any, state: Any, order: Any, attacker: str, target: str, seed: int) -> float | None:
    """The share of ``ENGINE_TRIES`` resolutions of ``order`` from ``state``,
    each with its own dice, in which ``attacker``'s blow wounds ``target``
    (a shot the cover turns aside wounds nobody).  An attacked side asked
    to respond defends; one asked for its first split keeps two defence
    dice (a range is never stated for it, so this is not reached from a
    claim).  None when no try got as far as a blow or a cover roll.
    Deterministic for a given ``seed``."""
    rng = random.Random(seed)
    wounded = tried = 0
    for _ in range(ENGINE_TRIES):
        now, events = rules.apply(attrs.evolve(state, dice=Dice(rng.getrandbits(62))), order)
        events = list(events)
        while now.attack is not None and rules.to_act(now):
            side = min(rules.to_act(now))
            legal = rules.legal_orders(now, side)
            answer = next((o for o in legal if o.verb == "defend"), None) or next(
                (o for o in legal if o.verb == "split" and getattr(o, "attack", None) == 2), None)
            if answer is None:
                break
            now, more = rules.apply(now, answer)
            events += more
        blow = next((e for e in events if type(e).__name__ == "Resolved" and not e.counter
                     and e.attacker == attacker and e.target == target), None)
        covered = any(type(e).__name__ == "CoverRolled" and e.avoided and e.shooter == attacker for e in events)
        if blow is not None or covered:
            tried += 1
            wounded += blow is not None and blow.wounds >= 1
    return wounded / tried if tried else None


def play(name: str, seed: int, computer_side: int) -> dict[str, Any]:
    """One game of the computer against the beginner; its record and the
    chances settled in it."""
    from bench.beginner import Beginner

    rules = find_ruleset(name)
    game = start(rules, options_for(rules), battlefield_for(rules), seed, ("North", "South"))
    beginner = Beginner(rules, seed * 7919 + 2 + (1 - computer_side))
    follower = Follower(name)
    for _ in range(ORDER_CAP):
        if not game.to_act:
            break
        side = min(game.to_act)
        legal = game.legal_orders(side)
        view = without_seed(game.view(side))
        if side == computer_side:
            choice = choose(rules, view, side, legal, LEVEL, computer_seed(game.seed), len(game.orders))
            order = choice.order
            state, at = game.state, len(game.orders)
            follower.claim(choice.reason, order, at, view,
                           lambda a, t: engine_wounds(rules, state, order, a, t, seed * 100_003 + at))
        else:
            order = beginner.choose(view, side, legal)
        result = submit(game, order)
        if isinstance(result, Rejection):
            raise RuntimeError(f"{name}: {order.to_text()} was refused: {result}")
        game = result.game
        follower.events(result.events, order)
    return {"ruleset": name, "seed": seed, "computer": LEVEL, "computer_side": computer_side,
            "winner": winner_of(game), "orders": len(game.orders), "stated": follower.stated,
            "chances": follower.settled}


def run(quick: bool, log: Callable[[str], None] = print, games: int | None = None,
        only: tuple[str, ...] = (), log_path: Path | None = None) -> dict[str, Any]:
    n = games or (QUICK_GAMES if quick else FULL_GAMES)
    records = []
    for name in RULESETS:
        if only and name not in only:
            continue
        for g in range(n):
            record = play(name, FIRST_SEED + g, g % 2)
            records.append(record)
            log(f"  calibration: {name} game {g + 1}/{n}: {len(record['chances'])} chances settled "
                f"of {record['stated']} stated")
    if log_path is not None:
        log_path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return summarise(records, n)


def summarise(records: list[dict[str, Any]], games: int) -> dict[str, Any]:
    rows = []
    for name in RULESETS:
        mine = [r for r in records if r["ruleset"] == name]
        if not mine:
            continue
        chances = [c for r in mine for c in r["chances"]]
        bins = []
        for low, high in BINS:
            inside = [c for c in chances if low <= c["chance"] < high]
            seen = sum(c["happened"] for c in inside)
            lo, hi = wilson(seen, len(inside))
            bins.append({"low": low, "high": min(high, 1.0), "n": len(inside),
                         "engine": _mean_of(inside, "engine"), "played": _mean_of(inside, "played"),
                         "stated": sum(c["chance"] for c in inside) / len(inside) if inside else None,
                         "seen": seen / len(inside) if inside else None, "interval": (lo, hi)})
        seen = sum(c["happened"] for c in chances)
        rows.append({"ruleset": name, "games": len(mine), "stated": sum(r["stated"] for r in mine),
                     "engine": _mean_of(chances, "engine"), "played": _mean_of(chances, "played"),
                     "n": len(chances), "mean_stated": sum(c["chance"] for c in chances) / len(chances)
                     if chances else None, "seen": seen / len(chances) if chances else None,
                     "interval": wilson(seen, len(chances)), "bins": bins})
    return {"games": games, "level": LEVEL, "rows": rows}


def _mean_of(chances: list[dict[str, Any]], key: str) -> float | None:
    """The mean of ``key`` over the chances that have it (None: none has)."""
    values = [c[key] for c in chances if key in c]
    return sum(values) / len(values) if values else None


START, END = "<!-- calibration:start -->", "<!-- calibration:end -->"


def render(result: dict[str, Any]) -> list[str]:
    def pct(v: float | None) -> str:
        return "–" if v is None else f"{v:.0%}"

    out = ["## Reasons against outcomes", "",
           f"`python3 -m bench --only calibration` (`bench/calibration.py`): seeded games (seeds {FIRST_SEED} "
           f"up; {FULL_GAMES} a ruleset unless `--games` asks for more, the *games* column) of the computer "
           f"({result['level']}) against the beginner, sides alternated. "
           "Every chance a reason states (as shown, to the per cent) is followed to what happened: "
           "Platemail's *to hit* (the unit's first Attack on that target in the Round), Spheres of War's *to win "
           "the exchange* (which of the two is removed first), Waylights' *to wound* against a declared split and a Defend's *to be wounded*. "
           "A chance that is never settled (no Attack made, the game ended first) is not counted. The *seen* "
           "rate should lie near the *stated* mean, within its 95% Wilson interval. "
           f"`--calibration-log FILE` keeps every game's seed, sides and result and every chance. *Engine* "
           f"(Waylights): each chance's order applied {ENGINE_TRIES} times with fresh dice to the state it was "
           "stated in, the target defending; the share that wounded, averaged. *As played* (Platemail): the "
           "d20's chance for each Attack as it was made, its bonus and the Defense it met (the stated chance is "
           "against a guess of the target's secret order).", "",
           "| ruleset | games | stated | settled | mean stated | engine | as played | seen | 95% interval |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        lo, hi = r["interval"]
        out.append(f"| {r['ruleset']} | {r['games']} | {r['stated']} | {r['n']} | {pct(r['mean_stated'])} | "
                   f"{pct(r.get('engine'))} | {pct(r.get('played'))} | {pct(r['seen'])} | {lo:.0%}–{hi:.0%} |")
    out += ["", "By stated chance:", "",
            "| ruleset | stated in | settled | mean stated | engine | as played | seen | 95% interval |",
            "|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        for b in r["bins"]:
            if not b["n"]:
                continue
            lo, hi = b["interval"]
            out.append(f"| {r['ruleset']} | {b['low']:.0%}–{b['high']:.0%} | {b['n']} | {pct(b['stated'])} | "
                       f"{pct(b.get('engine'))} | {pct(b.get('played'))} | {pct(b['seen'])} | {lo:.0%}–{hi:.0%} |")
    return out + [""]


def splice(document: str, section: list[str]) -> str:
    """``document`` with its reasons-against-outcomes section replaced (or added before the
    hand-written findings)."""
    from bench.report import splice_section

    return splice_section(document, section, START, END)
