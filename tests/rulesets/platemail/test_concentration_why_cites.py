"""Why? on a Concentration check cites the printed *Concentration Checks*
(with *Prepare Spell* and *Focus Spell*) and opens the help's Spells
section, not the armour-and-wounds one, which says nothing about it."""

from __future__ import annotations

from core.events import Note, Rolled
from core.rulesets.platemail.explain import explain

from .helpers import act, order, play, position

ARCHER = ("archer", 0, (5, 4))  # Long Bow in hand
CASTER = ("spellcaster", 1, (5, 8))  # Concentration 3; Unarmored


def _events(dice):
    st = position([ARCHER, CASTER])
    writes = [order(0, "a1", act(0, "ranged-attack", "b1")),
              order(1, "b1", act(1, "prepare-spell", spell="firebolt"))]
    return play(st, writes, dice=dice)[1]


def test_the_check_cites_concentration_checks_and_opens_spells():
    events = _events((18, 2))  # the shot hits (18 + 3 Favor > 10), the check fails (2 + 3)
    index = next(i for i, e in enumerate(events) if isinstance(e, Rolled) and e.purpose == "Concentration check")
    lines, ref = explain(events, index)
    assert ref.section == "Spells"
    assert "Concentration Checks" in ref.cite and "Prepare Spell" in ref.cite and "Focus Spell" in ref.cite
    assert "Armor" not in ref.cite and "Wounds" not in ref.cite
    assert "Had to beat: 10" in lines


def test_losing_concentration_cites_the_same_rule():
    events = _events((18, 2))
    index = next(i for i, e in enumerate(events) if isinstance(e, Note) and "loses concentration" in e.text)
    _, ref = explain(events, index)
    assert ref.section == "Spells" and "Concentration Checks" in ref.cite


def test_the_help_has_that_section():
    from pathlib import Path
    help_text = (Path(__file__).parents[3] / "tui" / "help" / "platemail.md").read_text()
    assert "\n## Spells\n" in help_text and "Concentration check" in help_text.split("\n## Spells\n")[1]
