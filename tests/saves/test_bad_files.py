"""Every kind of bad file gives its own message naming the file, and the
file is left exactly as it was."""

import json

import pytest

from saves import checks, store
from saves.store import SaveError, load_game, save_game
from tests.saves.helpers import play
from tests.saves.tiny_rules import TINY


@pytest.fixture
def good(tiny, tmp_path):
    """A real save and its data, to break in different ways."""
    path = tmp_path / "game.json"
    game = play(TINY, seed=7, count=12)
    save_game(game, path)
    return path, json.loads(path.read_text())


def refused(path, *words):
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert str(path) in message
    for word in words:
        assert word in message, message
    after = path.read_bytes() if path.exists() else None
    assert after == before
    return message


def write(path, data):
    path.write_text(json.dumps(data))
    return path


def test_missing(tmp_path):
    refused(tmp_path / "nothing.json", "no such file")


def test_truncated(good):
    path, _ = good
    path.write_bytes(path.read_bytes()[:300])
    refused(path, "truncated")


def test_not_json(good):
    path, _ = good
    path.write_text("this is a shopping list, not a game\n")
    refused(path, "not valid JSON")


def test_not_utf8(good):
    path, _ = good
    path.write_bytes(b"\xff\xfe{}")
    refused(path, "not UTF-8")


def test_empty(good):
    path, _ = good
    path.write_bytes(b"")
    refused(path, "empty")


def test_a_number_written_as_text(good):
    path, data = good
    data["seed"] = "7"
    refused(write(path, data), "expected a whole number", 'the text "7"', "$.seed")


def test_a_fraction_where_a_whole_number_belongs(good):
    path, data = good
    data["options"]["turn_limit"] = 6.5
    refused(write(path, data), "expected a whole number", "$.options.turn_limit")


def test_a_number_where_yes_or_no_belongs(good):
    path, data = good
    data["battlefield"]["legend"][0][1]["blocks_move"] = 0
    refused(write(path, data), "expected true or false", "$.battlefield.legend[0][1].blocks_move")


def test_a_bad_value_deep_in_the_snapshot(good):
    path, data = good
    data["snapshot"]["figures"][1]["facing"] = "UP"
    refused(write(path, data), '"N", "NE"', "$.snapshot.figures[1].facing")


def test_extra_keys(good):
    path, data = good
    data["cheat"] = True
    refused(write(path, data), "unexpected key(s) cheat")


def test_extra_keys_inside_the_state(good):
    path, data = good
    data["snapshot"]["figures"][0]["armour"] = 9
    refused(write(path, data), "unexpected key(s) armour", "$.snapshot.figures[0]")


def test_a_missing_key(good):
    path, data = good
    del data["orders"]
    refused(write(path, data), "required key is missing", "$.orders")


def test_nan(good):
    path, _ = good
    text = path.read_text().replace('"seed": 7', '"seed": NaN')
    path.write_text(text)
    refused(path, "NaN is not a number a save may hold")


def test_infinity(good):
    path, _ = good
    path.write_text(path.read_text().replace('"seed": 7', '"seed": -Infinity'))
    refused(path, "-Infinity")


def test_duplicate_keys(good):
    path, _ = good
    path.write_text(path.read_text().replace('"seed": 7', '"seed": 7, "seed": 8'))
    refused(path, "'seed' appears twice")


def test_a_lone_surrogate_in_a_text(good):
    r"""JSON can write "\ud800" (half of a UTF-16 pair), but it is no
    character: the save is refused, untouched, saying where; a whole pair
    (an emoji's) is a text like any other."""
    path, data = good
    data["players"][0] = "Ann \U0001f600"
    text = json.dumps(data)  # ASCII: the emoji written as its pair of escapes
    assert "Ann \\ud83d\\ude00" in text
    path.write_text(text)
    assert load_game(path).players[0] == "Ann \U0001f600"
    path.write_text(text.replace("Ann \\ud83d\\ude00", "Ann \\ud83d"))
    refused(path, "half of a UTF-16 pair", "Ann")


@pytest.mark.parametrize("depth", [65, 5000])
def test_too_deep(good, depth):
    path, _ = good
    nested = "[" * depth + "]" * depth
    path.write_text(path.read_text().replace('"pending": {}', '"pending": {"x": ' + nested + "}"))
    refused(path, "nested more than 64 levels")


def test_deep_but_allowed(good):
    path, data = good
    data["pending"] = {"x": json.loads("[" * 60 + "]" * 60)}
    write(path, data)
    assert store.load_pending(path)["x"]


def test_too_big(good, monkeypatch):
    path, _ = good
    monkeypatch.setattr(checks, "MAX_BYTES", 1000)
    refused(path, "more than the 1000")


def test_too_big_at_the_real_cap(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(8 * 1024 * 1024 + 1)
    message = refused(path, "more than the 8388608")
    assert "JSON" not in message


def test_future_version(good):
    path, data = good
    data["format_version"] = 99
    message = refused(write(path, data), "made by a newer Skirmish")
    assert "format 99" in message


def test_not_a_save_at_all(good):
    path, _ = good
    path.write_text('{"hello": "world"}')
    refused(path, "not a Skirmish save")
    path.write_text("[1, 2, 3]")
    refused(path, "JSON object at the top level")


def test_an_illegal_order_in_the_list(good):
    path, data = good
    data["orders"].insert(1, "step side=1 unit=b1 to=0,5")  # side 1 moving on side 0's turn
    message = refused(write(path, data), "order 2", "step side=1 unit=b1 to=0,5", "not Bob's turn")
    assert "cannot be played back" in message


def test_an_order_that_is_not_an_order(good):
    path, data = good
    data["orders"].append("teleport side=0 unit=a1")
    refused(write(path, data), f"order {len(data['orders'])}", "unknown order 'teleport'")


def test_a_snapshot_that_disagrees_with_the_replay(good):
    path, data = good
    data["snapshot"]["figures"][0]["hp"] = 9
    refused(write(path, data), "snapshot does not match", "snapshot.figures[0].hp")


def test_a_ruleset_that_does_not_exist(good):
    path, data = good
    data["ruleset"] = "chess-with-dragons"
    refused(write(path, data), "'chess-with-dragons'", "does not have")


def test_options_the_ruleset_refuses(good):
    path, data = good
    data["options"]["figures"] = 40
    refused(write(path, data), "options cannot be played", "above 4")


def test_a_battlefield_whose_rows_do_not_fit(good):
    path, data = good
    data["battlefield"]["width"] = 13
    refused(write(path, data), "rows do not match")


def test_an_unknown_shipped_battlefield(good):
    path, data = good
    data["battlefield"] = "atlantis"
    refused(write(path, data), "no shipped battlefield called 'atlantis'")


def test_a_waylights_save_from_before_turn_from_loads(tmp_path):
    """A save from before a ruleset's state gained a field (Waylights'
    ``turn_from``) lacks its key: the orders decide the game, and what the
    snapshot does hold is still checked.  A tester's Waylights saves were
    refused as changed or damaged once the field was added."""
    from bench.games import battlefield_for, play_random
    from core.registry import find_ruleset

    rules = find_ruleset("waylights")
    cap = 60
    game = play_random(rules, 2, battlefield_for(rules), cap=cap).game
    while game.state.turn_from is None:  # mid-turn, where the field says something
        cap += 1
        game = play_random(rules, 2, battlefield_for(rules), cap=cap).game
    path = tmp_path / "wl.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    assert "turn_from" in data["snapshot"]
    del data["snapshot"]["turn_from"]
    path.write_text(json.dumps(data))
    assert load_game(path).orders == game.orders
    data["snapshot"]["round"] += 1  # what it holds must still agree
    refused(write(path, data), "snapshot does not match", "snapshot.round")
