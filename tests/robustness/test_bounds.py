"""Oversized and deep saves are refused before any work in proportion to
their size: each within a CPU-time and memory bound (generous: the point is
that none of them takes minutes or gigabytes, as they used to)."""

from __future__ import annotations

import json
import os
import re
import time
import tracemalloc

import pytest

from saves.store import MAX_ORDERS, SaveError, list_saves, load_game
from tests.robustness.hostile import good_save

SECONDS = 1.0  # CPU seconds per refusal
BYTES = 200 * 1024 * 1024  # peak memory per refusal


def _battlefield(change):
    def apply(data):
        change(data["battlefield"])
    return apply


def _zone_huge(bf):
    bf["zones"][0]["rects"].append({"x0": 0, "y0": 0, "x1": 10**9, "y1": 10**9})


def _cost(value):
    def change(bf):
        bf["legend"][0][1]["move_cost"] = value
    return change


def _height(bf):
    bf["legend"][0][1]["elevation"] = 10**12


def _million_ints(data):
    data["snapshot"]["units"] = list(range(10**6))


def _many_small_lists(data):
    data["snapshot"]["units"] = [[0] * 9000 for _ in range(40)]


def _orders(count):
    def change(data):
        data["orders"] = data["orders"] + [data["orders"][-1]] * (count - len(data["orders"]))
    return change


def _order_nested(data):
    data["orders"].append("deploy side=0 unit=" + "(" * 400 + ")" * 400)


def _order_long(data):
    data["orders"].append("deploy side=0 unit=i2 at=" + "1" * 3_000_000)


def _pending_infinite(text: str) -> str:
    return text.replace('"pending": {}', '"pending": {"x": 1e400}')


def _version_digits(text: str) -> str:
    return re.sub(r'"format_version": \d+', '"format_version": ' + "9" * 4000, text, count=1)


def _long_text_in_refusal(data):
    data["ruleset"] = "x" * 4_000_000


CASES = {
    "zone-rectangle-1e9": (_battlefield(_zone_huge), "not inside"),
    "move-cost-negative": (_battlefield(_cost(-1)), "move_cost -1"),
    "move-cost-huge": (_battlefield(_cost(10**15)), "move_cost"),
    "elevation-huge": (_battlefield(_height), "elevation"),
    "million-integers": (_million_ints, "more than the 10000"),
    "many-lists": (_many_small_lists, "more than 250000 values"),
    "too-many-orders": (_orders(MAX_ORDERS + 1), f"more than the {MAX_ORDERS}"),
    "order-nested-400": (_order_nested, "nested 400 brackets"),
    "order-3-MB": (_order_long, "characters long"),
    "4-MB-name-in-message": (_long_text_in_refusal, "does not have"),
}
TEXT_CASES = {
    "pending-1e400": (_pending_infinite, "infinity"),
    "version-4000-digits": (_version_digits, "too large to be real"),
}


def measured(call):
    """(CPU seconds, peak traced bytes, result or exception) of ``call``."""
    start = time.process_time()
    try:
        result = call()
    except Exception as exc:  # noqa: BLE001 - the refusal is the result
        result = exc
    seconds = time.process_time() - start
    tracemalloc.start()
    try:
        call()
    except Exception:  # noqa: BLE001
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak, result


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    path = good_save(tmp_path_factory.mktemp("good") / "good.json")
    return path.read_text()


def _refused_quickly(path, words):
    seconds, peak, result = measured(lambda: load_game(path))
    assert isinstance(result, SaveError), f"loaded, or failed the wrong way: {result!r}"
    assert words in str(result), str(result)
    assert len(str(result)) <= 1000, "a refusal is a sentence, not the file"
    assert seconds < SECONDS, f"{seconds:.2f} s of CPU to refuse"
    assert peak < BYTES, f"{peak / 1e6:.0f} MB to refuse"


@pytest.mark.parametrize("name", list(CASES))
def test_oversized_and_deep_saves_are_refused_within_bounds(name, base, tmp_path):
    change, words = CASES[name]
    data = json.loads(base)
    change(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    _refused_quickly(path, words)


@pytest.mark.parametrize("name", list(TEXT_CASES))
def test_numbers_out_of_range_are_refused_with_a_sentence(name, base, tmp_path):
    change, words = TEXT_CASES[name]
    path = tmp_path / f"{name}.json"
    path.write_text(change(base))
    assert path.read_text() != base
    _refused_quickly(path, words)


def test_a_folder_or_a_pipe_named_like_a_save_is_refused_and_listed_as_broken(tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    with pytest.raises(SaveError, match="folder"):
        load_game(folder)
    with pytest.raises(SaveError, match="not a regular file"):
        load_game(pipe)  # and returns: never waits for a writer
    problems = sorted(s.problem for s in list_saves(tmp_path))
    assert len(problems) == 2 and all(problems)
