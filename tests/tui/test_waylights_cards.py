"""Waylights' character card: one wound count (a tester's report: a mook
knocked out by 8 wounds on top of 1 read "Wounds 3 of 3: knocked out" with
"Defence -7", worked from the real 9)."""

from __future__ import annotations

from core.rulesets.waylights import RULESET as R
from tests.rulesets.waylights.helpers import position
from tui.rulesets import adapter_for


def card(state, uid):
    unit = next(u for u in R.units(state) if u.id == uid)
    return "\n".join(adapter_for(R).figure_lines(state, unit, 0))


def test_a_knocked_out_figures_card_counts_every_wound_once():
    # Mook with pistol: launcher 1 + speed 1 on defence, less 9 wounds: -7
    # ("Attack and Defense": wounds are subtracted from the roll).
    s = position([("a1", 0, "fighter", (2, 2)), ("b4", 1, "thug", (2, 3), {"wounds": 9, "status": "ko"})], "a1")
    text = card(s, "b4")
    assert "Wounds 9 (KO at 3): knocked out" in text and "Defence -7" in text, text
    assert "3 of 3" not in text


def test_a_standing_figures_card():
    s = position([("a1", 0, "fighter", (2, 2)), ("b3", 1, "fighter", (2, 3), {"wounds": 1})], "a1")
    text = card(s, "b3")
    # blade 2 + strength 1 + shield 1 - 1 wound
    assert "Wounds 1 (KO at 4) · Threshold 3 · Defence +3" in text, text
