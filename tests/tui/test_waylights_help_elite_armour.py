"""The Waylights help's roster line for the Elite gives its armour as the
card does (tui/rulesets/waylights.py: "armour T+2 D+1"): the Threshold the
armour adds, and its defence bonus (seed: Waylights, armour against
Threshold).  A tester read "heavy armour +1" in the help beside "armour
T+2 D+1" on the card."""

from __future__ import annotations

from core.rulesets.waylights.roster import KINDS
from tui.help import help_text


def roster_block(kind) -> str:
    """The help's Roster block of one kind, its lines joined: "Fighter
    (`fighter`): … Timing 2 · Threshold 3 · move 6. Gear: …"."""
    lines = help_text("waylights").split("\n## Roster\n", 1)[1].split("\n## ", 1)[0].splitlines()
    head = f"- **{kind.name}** (`{kind.key}`):"
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    block = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith("  "):  # the next kind's block, or the blank line after the last
            break
        block.append(line)
    return " ".join(" ".join(block).split())


def gear_of(kind) -> str:
    return roster_block(kind).split(" Gear: ", 1)[1]


def test_the_elite_row_gives_the_armours_threshold_and_defence_as_the_roster_has_them():
    elite = KINDS["elite"]
    block = roster_block(elite)
    # the Threshold given counts the armour
    assert f"Threshold {elite.threshold + elite.armour_threshold} ·" in block
    assert f"Threshold +{elite.armour_threshold}" in gear_of(elite)
    assert f"defence +{elite.armour_defence}" in gear_of(elite)


def test_every_armoured_kinds_row_gives_its_armour_as_the_roster_has_it():
    """A tester: the Spearman's "armour +1" did not say what it adds, and the
    Archer's and the Elite marksman's armour was not mentioned at all."""
    armoured = [kind for kind in KINDS.values() if kind.armour_threshold or kind.armour_defence]
    assert {kind.key for kind in armoured} >= {"fighter", "archer", "spear", "elite", "marksman"}
    for kind in armoured:
        gear = gear_of(kind)
        assert f"Threshold +{kind.armour_threshold}" in gear, gear
        assert (f"defence +{kind.armour_defence}" in gear) == bool(kind.armour_defence), gear


def test_every_kinds_block_gives_its_numbers_as_the_roster_has_them():
    """The Roster as blocks (one per kind, readable beside the contents at
    80x24): each gives the kind's Timing, Threshold with its armour, move
    and wounds before KO (the printed Endgame table, by its type)."""
    from core.rulesets.waylights.state import new_fighter

    for kind in KINDS.values():
        block = roster_block(kind)
        ko_at = new_fighter("x1", 0, kind.key).ko_at
        assert f"): {kind.type}, KO at {ko_at} wounds." in block, block
        assert (f"Timing {kind.timing} · Threshold {kind.threshold + kind.armour_threshold} · "
                f"move {kind.move}.") in block, block
