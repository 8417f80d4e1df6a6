"""Units, situation, order labels and cells, text forms, rosters."""


from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import ORDER_TYPES
from core.rulesets.waylights.roster import KINDS, PRESETS, WOUNDS_BY_TYPE, parse_roster
from core.rulesets.waylights.state import KO, WaylightsOptions
from tests.rulesets.waylights.helpers import do, field, position


def test_units_show_status_wounds_split_and_markers():
    s = position([("a1", 0, "fighter", (2, 2), dict(split=3, wounds=1, grappled_by="b1")),
                  ("b1", 1, "mook", (3, 2), dict(status=KO, wounds=3))], "a1")
    a, b = R.units(s)
    assert a.status == "ready, wounds 1 (KO at 4), split 3/1" and "*" in a.markers and "G" in a.markers
    assert b.status.startswith("KO, wounds 3 (KO at 3)")
    assert a.glyph == "F" and a.pos == (2, 2)


def test_situation_names_round_turn_actions_and_pending_choice():
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 2))], "a1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    sit = R.situation(s)
    assert sit.turn == 1 and sit.phase == "response" and sit.to_act == frozenset({1})
    assert "a1's turn" in sit.detail and "Actions 1/2" in sit.detail and "defend or counterattack" in sit.detail


def test_labels_and_cells():
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 2))], "a1")
    atk = R.parse_order("attack side=0 unit=a1 target=b1")
    assert R.describe_order(s, atk) == "Attack b1 with the sword"
    assert R.order_cells(s, atk) == ((3, 2),)
    mv = R.parse_order("move side=0 unit=a1 to=3,3")
    assert R.describe_order(s, mv) == "Move to 3,3 (cost 2)"
    assert R.order_cells(s, mv) == ((3, 3),)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    labels = [R.describe_order(s, o) for o in R.legal_orders(s, 1)]
    assert "Defend with 2 dice" in labels
    assert "Counterattack with the club (2 dice), defend with 0" in labels
    # One die is one die (b1 split 3/1).
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 2), dict(split=3))], "a1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    labels = [R.describe_order(s, o) for o in R.legal_orders(s, 1)]
    assert "Defend with 1 die" in labels
    assert "Counterattack with the club (1 die), defend with 0" in labels


def test_every_legal_order_round_trips_through_text():
    s, _ = R.setup(WaylightsOptions(psi_tension=True, alternate_damage=True), field(), 5, ("A", "B"))
    verbs = set()
    for _ in range(60):
        if R.outcome(s):
            break
        (side,) = R.to_act(s)
        legal = R.legal_orders(s, side)
        for o in legal:
            assert R.parse_order(o.to_text()) == o
            verbs.add(o.verb)
        s, _ = R.apply(s, legal[-1] if s.phase == "deploy" else legal[0])
    assert {"deploy", "deploy-all", "ready", "split"} <= verbs
    assert len({t.verb for t in ORDER_TYPES}) == len(ORDER_TYPES)


def test_roster_matches_the_wounds_table_and_options_build_sides():
    assert WOUNDS_BY_TYPE["small animal"] == 1 and WOUNDS_BY_TYPE["great monster"] == 7
    assert KINDS["mook"].wounds == 3 and KINDS["fighter"].wounds == 4
    assert KINDS["elite"].wounds == 5 and KINDS["beast"].wounds == 3
    assert parse_roster("fighter, Archer") == ("fighter", "archer")
    assert "unknown" in parse_roster("dragon")
    for preset in PRESETS.values():
        assert all(k in KINDS for k in preset)
    opts = WaylightsOptions(roster_0="elite,beast", team_1="patrol")
    s, _ = R.setup(opts, field(), 0, ("A", "B"))
    assert [(f.id, f.kind) for f in s.fighters] == [("a1", "elite"), ("a2", "beast"), ("b1", "fighter"),
                                                    ("b2", "fighter"), ("b3", "archer")]
    assert R.check_options(WaylightsOptions(roster_1="dragon"), field()).startswith("Player 2's roster")
    assert R.check_options(WaylightsOptions(roster_1="mook," * 8 + "mook"), field()) is not None


def test_registered():
    from core.registry import find_ruleset
    assert find_ruleset("waylights") is R


def test_deployment_orders_have_labels_not_their_text_form():
    # Played: the computer's log read "deploy side=1 unit=b4 at=10,11: 56% ...".
    s = position([("a1", 0, "fighter", (2, 2))], "a1")
    labels = [R.describe_order(s, R.parse_order(t))
              for t in ("deploy side=1 unit=b4 at=10,11", "deploy-all side=0", "ready side=0")]
    assert labels == ["Deploy b4 at 10,11", "Deploy the rest automatically", "Ready: deployment done"]
