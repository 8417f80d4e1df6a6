"""README says what loading a save checks, and no more (a tester's report:
README said "a damaged or edited file is refused", but an edited
Platemail Move, still one the rules allow, loaded and played).  Loading
refuses a file that is not well-formed, an order the rules refuse, and a
replay that does not reach the recorded position; a legal, consistent edit
loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.deployment import DeployAll, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.state import Action, Condition
from saves.library import battlefield_named
from saves.store import SaveError, load_game, save_game

README = Path(__file__).resolve().parents[2] / "README.md"
MOVE = "to=13,4"  # a3's written Move (a3 stands at 13,1; Move reaches 3 cells)


def paragraph() -> str:
    text = " ".join(README.read_text(encoding="utf-8").split())
    start_at = text.index("A save holds the seed and every order")
    return text[start_at:text.index("Every size in a file", start_at)]


def test_readme_names_what_loading_checks_and_no_more():
    said = paragraph()
    assert "damaged or edited file is refused" not in said
    for check in ("not strict JSON", "an order in it cannot be read or is one the rules refuse",
                  "its replay does not reach the position it records"):
        assert check in said
    assert "loads and plays like any other" in said  # a legal, consistent edit


@pytest.fixture
def saved(tmp_path) -> Path:
    """Platemail: a3 has written a Move to 13,4 (Round 1, not yet resolved)."""
    rules = find_ruleset("platemail")
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Bo"))
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    assert game.state.char("a3").pos == (13, 1)
    defend = Act(0, Action.DEFEND)
    game = submit(game, Write(0, "a3", Act(0, Action.MOVE, to=(13, 4)), Condition.HIT, defend, defend)).game
    path = tmp_path / "game.json"
    save_game(game, path)
    assert MOVE in path.read_text()
    return path


def edited(path: Path, old: str, new: str, orders_only: bool = False) -> Path:
    data = json.loads(path.read_text())
    data["orders"] = [o.replace(old, new) for o in data["orders"]]
    if not orders_only:
        data["snapshot"] = json.loads(json.dumps(data["snapshot"]).replace(old, new))
    path.write_text(json.dumps(data))
    return path


def test_a_legal_consistent_edit_loads(saved):
    """Beyond the 3 cells offered, but the rules take a far Move cell as a
    move toward it: a legal order, so the file loads (README says so)."""
    game = load_game(edited(saved, MOVE, "to=13,9"))
    assert game.state.plans[0].first.to == (13, 9)


def test_an_edit_the_replay_disagrees_with_is_refused(saved):
    with pytest.raises(SaveError, match="snapshot does not match"):
        load_game(edited(saved, MOVE, "to=13,9", orders_only=True))


def test_an_order_the_rules_refuse_is_refused(saved):
    with pytest.raises(SaveError, match="cannot be played back"):
        load_game(edited(saved, "unit=a3", "unit=b3"))  # side 0 writing for Bo's b3
