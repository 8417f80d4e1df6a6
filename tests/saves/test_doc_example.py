"""The hand-written example in docs/save-format.md loads and plays."""

import json
import re
from pathlib import Path

import pytest

from core.registry import rulesets
from saves.store import SaveError, load_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"


def _example() -> dict:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) == 1
    return json.loads(blocks[0])


@pytest.mark.skipif("spheres_of_war" not in {r.name for r in rulesets()}, reason="example uses Spheres of War")
def test_the_documented_scenario_loads(tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(_example()))
    game = load_game(path)
    assert game.players == ("Ann", "Bob")
    assert game.options.turn_limit == 12
    assert len(game.orders) == 7
    positions = {u.id: u.pos for u in game.ruleset.units(game.state)}
    assert positions["r1"] == (2, 5) and positions["r2"] == (5, 5) and positions["i1"] == (2, 6)
    assert game.to_act


def test_the_documented_example_error_is_the_real_message(tmp_path):
    if "spheres_of_war" not in {r.name for r in rulesets()}:
        pytest.skip("example uses Spheres of War")
    data = _example()
    data["orders"] = ["deploy side=0 unit=r1 at=2,5", "ready side=0"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert "its orders cannot be played back: order 2 ('ready side=0') is refused: Place every figure first (r2, r3, r4, r5 still waiting)." in str(
        caught.value)
    assert "its orders cannot be played back: order 2 ('ready side=0') is refused: Place every figure first (r2, r3, r4, r5 still waiting)." in (
        DOC.read_text().replace("\n", " ").replace("`", "").replace("  ", " "))
