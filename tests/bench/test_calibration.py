"""The reasons-against-outcomes benchmark (issue 31): it reads a stated
chance as the player reads it, settles it by what happened next, and
reports bins a reader can check.  No assertion on speed or on the figures
themselves (``python3 -m bench --only calibration`` measures them)."""

from __future__ import annotations

import attrs

from bench import calibration
from core.events import Removed
from core.rulesets.platemail.events import AttackMade, PhaseBegan
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.state import Action, Condition
from core.rulesets.spheres_of_war.orders import Fight
from core.rulesets.waylights.events import CoverRolled, Resolved


def _write(unit: str) -> Write:
    act = Act(0, Action.FULL_ATTACK, "closest")
    return Write(0, unit, act, Condition.HIT, act, act)


def _blow(attacker: str, target: str, hit: bool) -> AttackMade:
    return AttackMade(attacker, target, "melee", 12, 14, 10, hit)


def test_platemail_to_hit_is_settled_by_the_first_attack_of_the_first_phase():
    f = calibration.Follower("platemail")
    f.claim("attacks b2 twice (wounded): 32% to hit on average", _write("a1"), 7)
    f.claim("closes on b1, 4 squares off", _write("a2"), 8)  # no chance stated
    assert f.stated == 1
    f.events(())  # nothing resolved yet
    f.events((PhaseBegan(1, 1), _blow("a2", "b2", True), _blow("a1", "b2", False), _blow("a1", "b2", True),
              PhaseBegan(1, 2), _blow("a1", "b2", True)))
    # As played: the first blow's bonus (total 12 less the natural 10: +2)
    # against Defense 14 hits on a natural 13 or more, 8 faces in 20.
    assert f.settled == [{"order": 7, "chance": 0.32, "happened": False, "played": 0.4}]
    assert not f.pending


def test_platemail_a_chance_with_no_attack_in_its_round_is_not_counted():
    f = calibration.Follower("platemail")
    f.claim("charges b1: 45% to hit Defense 14", _write("a1"), 3)
    f.events((PhaseBegan(1, 1), _blow("a1", "b3", True), PhaseBegan(1, 2)))
    assert f.settled == [] and not f.pending


def test_spheres_of_war_the_exchange_is_won_by_who_stays():
    f = calibration.Follower("spheres_of_war")
    strike = Fight(0, "a1")
    f.claim("strikes b1: 56% to win the exchange", strike, 4)
    f.claim("strikes b1: 56% to win the exchange", strike, 6)  # the same exchange: one claim
    f.events((Removed("b1"),))
    f.claim("moves in and strikes b2: 40% to win the exchange", Fight(0, "a2"), 9)
    f.events((Removed("a2"),))
    assert [(c["order"], c["happened"]) for c in f.settled] == [(4, True), (9, False)]


@attrs.frozen
class _Attack:
    unit: str
    target: str


def test_waylights_to_wound_and_a_counter_instead_of_defending():
    f = calibration.Follower("waylights")
    f.claim("Attack b1 with the club: 3 dice v 1: 76% to wound", _Attack("a1", "b1"), 2)
    f.claim("Attack b2 with the pistol: 4 dice v 3: 41% to wound if it defends", _Attack("a2", "b2"), 3)
    f.claim("Attack b3: 3 dice v 0-4 by its split: 26-100% to wound", _Attack("a3", "b3"), 4)  # a range: left out
    assert f.stated == 2
    f.events((Resolved("a1", "b1", 9, 3, 6, 4, 1),))
    f.events((Resolved("b2", "a2", 7, 0, 7, 4, 1, counter=True), Resolved("a2", "b2", 8, 0, 8, 4, 2)))
    assert f.settled == [{"order": 2, "chance": 0.76, "happened": True}]
    assert not f.pending


def test_waylights_a_chance_if_it_defends_is_not_counted_when_the_target_counters():
    # A ranged attack lands before the counter is rolled; one that knocks
    # the target out leaves no counter blow at all.  The target countered
    # all the same (no defence dice), so the chance "if it defends" says
    # nothing of this blow, wound or not.
    from core.rulesets.waylights.orders import Counter
    f = calibration.Follower("waylights")
    f.claim("Attack b2 with the pistol: 4 dice v 3: 41% to wound if it defends", _Attack("a2", "b2"), 3)
    f.claim("Attack b1 with the club: 3 dice v 1: 76% to wound", _Attack("a1", "b1"), 4)
    f.events((Resolved("a2", "b2", 12, 2, 10, 3, 3),), Counter(1, "b2"))
    assert f.settled == [] and [c["target"] for c in f.pending] == ["b1"]


def test_waylights_a_shot_turned_aside_by_cover_wounds_nobody():
    # The stated chance counts the cover roll (the preview's no-effect line
    # holds it), so a shot the cover stops is a chance that did not come
    # off, not one left for the pair's next blow to settle.
    f = calibration.Follower("waylights")
    f.claim("Attack b1 with the pistol: 3 dice v 2: 46% to wound", _Attack("a1", "b1"), 5)
    f.events((CoverRolled("a1", "b1", 1, 2, True),))
    f.claim("Attack b1 with the pistol: 3 dice v 2: 46% to wound", _Attack("a1", "b1"), 9)
    f.events((CoverRolled("a1", "b1", 1, 5, False), Resolved("a1", "b1", 14, 6, 8, 3, 2)))
    assert f.settled == [{"order": 5, "chance": 0.46, "happened": False},
                         {"order": 9, "chance": 0.46, "happened": True}]
    assert not f.pending


def test_waylights_the_engine_resolves_the_stated_attack_again_and_again():
    # A fighter on 3/1 attacks a mook beside it.  On 4/0 the mook has no
    # defence dice and no counter: every blow wounds.  On 1/3 it defends
    # with three dice: the engine's share over its tries comes near the
    # exact chance the reason states (counted by hand in the blunder tests).
    from core.rulesets.waylights import RULESET
    from core.rulesets.waylights.orders import Attack
    from tests.ai.test_waylights_blunders import FAR, by_hand
    from tests.rulesets.waylights.helpers import position

    def attack_from(mook_split: int):
        state = position([("a1", 0, "fighter", (2, 2), {"split": 3}),
                          ("b1", 1, "mook", (2, 3), {"split": mook_split}), FAR], "a1")
        order = next(o for o in RULESET.legal_orders(state, 0) if isinstance(o, Attack) and o.target == "b1")
        return state, order

    state, order = attack_from(4)
    assert calibration.engine_wounds(RULESET, state, order, "a1", "b1", seed=1) == 1.0
    state, order = attack_from(1)
    share = calibration.engine_wounds(RULESET, state, order, "a1", "b1", seed=1)
    exact = float(by_hand(3, 3))
    assert 0.3 < exact < 0.9 and abs(share - exact) < 0.1, (share, exact)


def test_a_short_run_reports_every_ruleset_and_splices_into_the_report(tmp_path):
    log = tmp_path / "log.jsonl"
    result = calibration.run(quick=True, log=lambda _: None, games=1, only=("spheres_of_war",), log_path=log)
    (row,) = result["rows"]
    assert row["ruleset"] == "spheres_of_war" and row["games"] == 1
    assert sum(b["n"] for b in row["bins"]) == row["n"]
    assert '"seed": 5000' in log.read_text()
    section = calibration.render(result)
    assert section[0] == "## Reasons against outcomes"
    from bench.report import FINDINGS_END, FINDINGS_START

    document = f"# Performance\n\nfigures\n\n{FINDINGS_START}\nmine\n{FINDINGS_END}\n"
    once = calibration.splice(document, section)
    assert once.index(calibration.START) < once.index(FINDINGS_START) and "mine" in once
    assert calibration.splice(once, section) == once


def test_the_report_keeps_the_section_when_not_measured_and_renders_it_when_measured():
    from bench import report, stats

    result = calibration.summarise([{"ruleset": "waylights", "seed": 5000, "computer": "easy", "computer_side": 0,
                                     "winner": 0, "orders": 9, "stated": 2,
                                     "chances": [{"order": 3, "chance": 0.7, "happened": True},
                                                 {"order": 5, "chance": 0.9, "happened": False}]}], 1)
    (row,) = result["rows"]
    assert (row["n"], row["seen"]) == (2, 0.5) and row["mean_stated"] == 0.8
    assert [b["n"] for b in row["bins"]] == [0, 0, 0, 1, 1]
    made = report.render({"calibration": result}, stats.machine(), quick=True, seconds=1.0)
    assert "| waylights | 1 | 2 | 2 | 80% | – | – | 50% |" in made
    kept = report.render({}, stats.machine(), quick=True, seconds=1.0, previous=made)
    assert calibration.START in kept and "| waylights | 1 | 2 | 2 | 80% | – | – | 50% |" in kept
