"""In-app help read against what the game does (found playing as a
newcomer): Spheres of War offers other battlefields and their own
deployment zones; Waylights' armour pierce leaves Threshold alone."""

from __future__ import annotations

from tui.help import help_text


def test_spheres_of_war_help_does_not_promise_a_twelve_inch_board_and_six_rows_everywhere():
    text = " ".join(help_text("spheres_of_war").split())
    assert "The board is 12 by 12 inches" not in text
    assert "deployment zone" in text and "open-12" in text


def test_waylights_help_says_pierce_takes_the_armour_defence_bonus_not_threshold():
    # core/rulesets/waylights: pierce drops armour_defence only (docs/rulings.md).
    text = " ".join(help_text("waylights").split())
    assert "armour's defence bonus is gone until its turn (not its Threshold)" in text
