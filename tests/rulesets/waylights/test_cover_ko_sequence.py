"""Cover ("Equipment and environment"), KO and the finishing turn
("Endgame"), and the turn order ("Sequence")."""

import attrs

from core.events import Rolled
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import cover_level
from core.rulesets.waylights.events import CoverRolled
from core.rulesets.waylights.state import DEAD, KO, WaylightsOptions
from tests.rulesets.waylights.helpers import do, field, position, rejected, results, script

FAR = ("b9", 1, "mook", (9, 9))


def shot(glyph: str, **kw):
    rows = ["." * 10] * 10
    rows[6] = "..%s......." % glyph
    return position([("a1", 0, "archer", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 7)), FAR], "a1",
                    rows=rows, **kw)


def test_light_cover_avoids_on_one_or_two():
    s = script(shot(","), 2)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    (c,) = [e for e in ev if isinstance(e, CoverRolled)]
    assert c.cover == 1 and c.avoided and not results(ev)
    (cover_roll,) = [e for e in ev if isinstance(e, Rolled) and e.purpose.startswith("cover")]
    assert cover_roll.who == "b1" and cover_roll.low_is_good  # the target wants it low
    assert s.get("a1").primed[0] is False  # the shot is spent all the same
    s = script(shot(","), 3, 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert not [e for e in ev if isinstance(e, CoverRolled)][0].avoided and len(results(ev)) == 1


def test_medium_cover_avoids_on_one_to_four():
    s = script(shot("="), 4)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert [e for e in ev if isinstance(e, CoverRolled)][0].avoided
    s = script(shot("="), 5, 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert len(results(ev)) == 1


def test_full_cover_blocks_direct_fire():
    s = shot("W")
    assert rejected(s, "attack side=0 unit=a1 target=b1") == "out-of-reach"
    assert "full cover" in R.check(s, R.parse_order("attack side=0 unit=a1 target=b1")).message


def test_no_cover_no_roll_and_no_sight_no_shot():
    s = script(shot("."), 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert not [e for e in ev if isinstance(e, CoverRolled)]
    rows = ["." * 10] * 10
    rows[6] = "#" * 10
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "fighter", (2, 7)), FAR], "a1", rows=rows)
    assert "cannot see" in R.check(s, R.parse_order("attack side=0 unit=a1 target=b1")).message


def test_stepping_out_downgrades_cover_by_one():
    for glyph, normal in ((",", 1), ("=", 2), ("W", 3)):
        s = shot(glyph)
        a, b = s.get("a1"), s.get("b1")
        assert cover_level(s, a, b) == normal
        # b1's own turn, after it split-moved or fired: one step less.
        s = attrs.evolve(s, active="b1", exposed=True)
        assert cover_level(s, a, b) == normal - 1


def test_ko_at_the_wounds_value_and_finishing_takes_the_full_turn():
    s = position([("a1", 0, "fighter", (2, 2), dict(split=4)), ("b1", 1, "mook", (3, 2), dict(wounds=2)),
                  ("b2", 1, "mook", (9, 9), dict(status=KO, wounds=3))], "a1", counter_used=True)
    # 4 dice of 1 + 5 = 9 vs 2+2-2 = 2: 7 > 3 x 2: wounds to KO at 3.
    s = script(s, 1, 1, 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert s.get("b1").status == KO
    assert s.phase == "over" and s.winner == 0
    assert R.outcome(s).winner == 0


def test_finishing_a_ko_figure():
    s = position([("a1", 0, "fighter", (2, 2)), ("a2", 0, "mook", (6, 6)),
                  ("b1", 1, "mook", (3, 2), dict(status=KO, wounds=3)), FAR], "a1")
    assert rejected(s, "attack side=0 unit=a1 target=b1") == "target-ko"
    s1, _ = do(s, "split-move side=0 unit=a1 to=2,1")  # one Action spent
    assert rejected(s1, "finish side=0 unit=a1 target=b1") == "full-turn"
    s2, ev = do(s, "finish side=0 unit=a1 target=b1")
    assert s2.get("b1").status == DEAD
    assert s2.active == "a2"  # the full turn is spent
    ent = attrs.evolve(s, max_actions=1)
    assert rejected(ent, "finish side=0 unit=a1 target=b1") == "full-turn"


def _start(options, faces):
    s, _ = R.setup(options, field(), 0, ("A", "B"))
    for text in ("deploy-all side=0", "ready side=0", "deploy-all side=1"):
        s, _ = R.apply(s, R.parse_order(text))
    s = script(s, *faces)
    s, ev = R.apply(s, R.parse_order("ready side=1"))
    return s


def test_round_one_order_is_initiative_roll_plus_timing():
    # a1 Fighter T2, a2 Mook T0, b1 Elite T3, b2 Mook T0; rolls 1, 6, 1, 3.
    s = _start(WaylightsOptions(roster_0="fighter,mook", roster_1="elite,mook"), (1, 6, 1, 3))
    # scores a1 3, a2 6, b1 4, b2 3: a1 and b2 tie on 3, a1's better Timing goes first.
    assert s.order == ("a2", "b1", "a1", "b2")
    assert s.active == "a2" and s.pending == "split"


def test_ties_go_to_the_players_side_and_surprise_goes_first():
    s = _start(WaylightsOptions(roster_0="fighter", roster_1="fighter", players_side=1), (4, 4))
    assert s.order == ("b1", "a1")
    s = _start(WaylightsOptions(roster_0="fighter", roster_1="fighter", players_side=0), (4, 4))
    assert s.order == ("a1", "b1")
    s = _start(WaylightsOptions(roster_0="elite,fighter", roster_1="mook", surprise="side 1"), (6, 6, 1))
    assert s.order == ("b1", "a1", "a2")


def test_later_rounds_go_by_timing():
    s = _start(WaylightsOptions(roster_0="mook,fighter", roster_1="elite,mook", players_side=1), (6, 6, 1, 6))
    # a1 0+6, a2 2+6, b1 3+1, b2 0+6: a2 8; then a1 and b2 tie on 6 with equal
    # Timing, so the players' side (1) goes first; the Elite's 4 comes last.
    assert s.order == ("a2", "b2", "a1", "b1")
    while s.round == 1:
        (side,) = R.to_act(s)
        s, _ = R.apply(s, R.parse_order(f"split side={side} unit={s.active} attack=2"))
        s, _ = R.apply(s, R.parse_order(f"end side={side} unit={s.active}"))
    # Elite T3, Fighter T2, then the two Mooks (T0): the players' side (1) first.
    assert s.round == 2 and s.order == ("b1", "a2", "b2", "a1")


def test_round_limit_ends_the_game():
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (7, 7)), ("b2", 1, "mook", (8, 8))], "a1",
                 options=WaylightsOptions(round_limit=1))
    s = attrs.evolve(s, order=("a1",), index=0)
    s, ev = do(s, "end side=0 unit=a1")
    assert s.phase == "over" and s.winner == 1 and "round limit" in s.end_reason


def test_a_game_ended_by_the_round_limit_reports_the_last_round_played():
    # Played: "round limit 4 reached" over "Turns played: 5" on the result screen.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (7, 7))], "a1",
                 options=WaylightsOptions(round_limit=1))
    s = attrs.evolve(s, order=("a1",), index=0)
    s, _ = do(s, "end side=0 unit=a1")
    assert s.phase == "over" and R.situation(s).turn == 1


def test_take_cover_undoes_stepping_out():
    rows = ["." * 10] * 10
    rows[5] = "..,......."  # brush between a1 (2,4) and the archer b1 (2,8)
    s = position([("a1", 0, "fighter", (2, 4)), ("b1", 1, "archer", (2, 8))], "a1", rows=rows)
    assert cover_level(s, s.get("b1"), s.get("a1")) == 1
    s, _ = do(s, "split-move side=0 unit=a1 to=1,4")
    s, _ = do(s, "split-move side=0 unit=a1 to=2,4")
    assert cover_level(s, s.get("b1"), s.get("a1")) == 0  # stepped out: light cover is gone
    s = position([("a1", 0, "fighter", (2, 4)), ("b1", 1, "archer", (2, 8))], "a1", rows=rows, exposed=True)
    s, _ = do(s, "take-cover side=0 unit=a1")
    assert cover_level(s, s.get("b1"), s.get("a1")) == 1


def test_healing_crystal_lessens_the_wound_penalty_only():
    s = position([("a1", 0, "elite", (2, 2), dict(wounds=2)), ("b9", 1, "mook", (9, 9))], "a1")
    s, _ = do(s, "crystal side=0 unit=a1")
    a = s.get("a1")
    assert a.crystals == 0 and a.penalty == 1 and a.wounds == 2
    assert rejected(s, "crystal side=0 unit=a1") == "no-crystal"


def test_the_turn_order_note_names_knocked_out_figures_apart():
    # Played: "Round 2 turn order: a1, a2, a3, b3, b4, b1, b2" with a2 and b4 KO.
    from core.events import Note

    s = position([("a1", 0, "fighter", (2, 2)), ("a2", 0, "fighter", (2, 4), dict(status=KO, wounds=4)),
                  ("b1", 1, "mook", (7, 7))], "a1")
    s = attrs.evolve(s, order=("a1",), index=0)
    s, ev = do(s, "end side=0 unit=a1")
    notes = [e.text for e in ev if isinstance(e, Note) and "turn order" in e.text]
    assert notes == ["Round 2 turn order: a1, b1 (KO: a2)."]
