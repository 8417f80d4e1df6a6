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


def test_every_armoured_kinds_row_gives_its_armour_as_the_roster_has_it():
    """A tester: the Spearman's "armour +1" did not say what it adds, and the
    Archer's and the Elite marksman's armour was not mentioned at all."""
    rows = help_text("waylights").splitlines()
    armoured = [kind for kind in KINDS.values() if kind.armour_threshold or kind.armour_defence]
    assert {kind.key for kind in armoured} >= {"fighter", "archer", "spear", "elite", "marksman"}
    for kind in armoured:
        row = next(line for line in rows if line.startswith(f"| {kind.name} (`{kind.key}`)"))
        gear = [cell.strip() for cell in row.strip("|").split("|")][5]
        assert f"Threshold +{kind.armour_threshold}" in gear, row
        assert (f"defence +{kind.armour_defence}" in gear) == bool(kind.armour_defence), row
