"""The Waylights help's roster line for the Elite gives its armour as the
card does (tui/rulesets/waylights.py: "armour T+2 D+1"): the Threshold the
armour adds, and its defence bonus (seed: Waylights, armour against
Threshold).  A tester read "heavy armour +1" in the help beside "armour
T+2 D+1" on the card."""

from __future__ import annotations

from core.rulesets.waylights.roster import KINDS
from tui.help import help_text


def test_the_elite_row_gives_the_armours_threshold_and_defence_as_the_roster_has_them():
    elite = KINDS["elite"]
    row = next(line for line in help_text("waylights").splitlines() if line.startswith("| Elite (`elite`)"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[3] == str(elite.threshold + elite.armour_threshold)  # the Threshold column counts the armour
    assert f"Threshold +{elite.armour_threshold}" in cells[5]
    assert f"defence +{elite.armour_defence}" in cells[5]
