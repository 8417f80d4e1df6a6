"""Waylights' attack preview: the rows read as outcomes add up to 100%
and KO is said to be part of the wound rows, not one more outcome (a
tester added "no effect 73.5% / glancing 8.3% / one wound 6.1% / 2+
wounds 12.1% / KO 6.9%" to 106.9%).  The numbers are the core's
(``preview_order``, checked against a count of every die in
tests/rulesets/waylights/test_preview.py)."""

from __future__ import annotations

import re

import pytest

from core.rulesets.waylights.combat import percent
from core.rulesets.waylights.orders import Attack
from core.rulesets.waylights.ruleset import preview_order
from tests.rulesets.waylights.helpers import position
from tui.rulesets.waylights_preview import attack_preview_of

ROW = re.compile(r"^\s*(?P<label>\S.*?)\s+(?P<value>[<>]?\d+(?:\.\d)?%)(?P<note>.*)$")
OPEN = ["." * 10] * 10
LIGHT_COVER = ["." * 10] * 6 + ["..,......."] + ["." * 10] * 3  # brush (cover 1) before b1

# (attacker, its split, target, its wounds, target's split, where they stand, battlefield)
MATCHUPS = {
    "fighter against a mook one wound in": ("fighter", 3, "mook", 1, 2, ((5, 4), (5, 5)), OPEN),
    "elite all out against a mook a wound from KO": ("elite", 4, "mook", 2, 2, ((5, 4), (5, 5)), OPEN),
    "elite all out against a fresh mook": ("elite", 4, "mook", 0, 2, ((5, 4), (5, 5)), OPEN),
    "spear against a defending fighter": ("spear", 3, "fighter", 1, 1, ((5, 4), (5, 5)), OPEN),
    "archer shooting into light cover": ("archer", 3, "mook", 1, 2, ((2, 2), (2, 7)), LIGHT_COVER),
}


def value(text: str) -> float:
    """A shown percentage as a number (">99.9%" and "<0.1%" as their middle)."""
    number = float(text.strip("<>%"))
    return number + (0.05 if text.startswith(">") else -0.05 if text.startswith("<") else 0)


@pytest.mark.parametrize("name", list(MATCHUPS))
def test_the_outcome_rows_add_up_to_100_and_ko_is_the_cores(name):
    kind, split, target, wounds, target_split, (at, there), rows = MATCHUPS[name]
    state = position([("a1", 0, kind, at, dict(split=split)),
                      ("b1", 1, target, there, dict(split=target_split, wounds=wounds))], "a1", rows=rows)
    order = Attack(0, "a1", "b1")
    core = preview_order(state, order)
    assert core is not None and core.ko > 0  # a KO to be told apart from the wound rows
    shown = attack_preview_of(state, order).chances
    parsed = [ROW.match(line) for line in shown]
    assert all(parsed), shown
    rows_by_label = {m["label"]: m for m in parsed if m}
    # Read as outcomes: every row not saying it is part of others.
    outcomes = [m for m in rows_by_label.values() if "part of" not in m["note"]]
    assert abs(sum(value(m["value"]) for m in outcomes) - 100) <= 0.05 * len(outcomes) + 1e-9, shown
    # KO: the core's chance, said to be within the wound rows, as it is.
    ko = rows_by_label["KO"]
    assert ko["value"] == percent(core.ko) and "part of" in ko["note"], shown
    fighter = state.get("b1")
    if fighter.ko_at - fighter.wounds <= 1:  # any wound knocks it out
        assert core.ko == core.one_wound + core.two_plus
        assert "wound rows" in ko["note"], shown
    else:
        assert core.ko <= core.two_plus
        assert '"2+ wounds"' in ko["note"], shown
    for label, chance in (("no effect", core.no_effect), ("glancing", core.glancing),
                          ("one wound", core.one_wound), ("2+ wounds", core.two_plus)):
        assert rows_by_label[label]["value"] == percent(chance), shown
