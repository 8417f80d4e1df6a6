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


def test_waylights_help_gives_one_order_for_a_melee_attack_and_its_counter():
    # The help said a counter "is resolved after the attack" and also that
    # the better Timing lands first; the engine does the second in melee
    # (docs/rulings.md, Order of resolution).
    text = " ".join(help_text("waylights").split())
    assert "resolved after the attack" not in text
    damage = text.split("## Damage resolution")[1].split("## ")[0]
    assert "better **Timing** lands first" in damage
    assert "the attacker as much as the counterattacker" in damage


def test_no_help_page_cites_the_projects_file_names_for_the_printed_rules():
    # "Seed 003" is the name of a file in the project, meaningless to a
    # player: a help page cites the printed rules' own headings or numbers.
    import re

    from core import registry
    for ruleset in registry.rulesets():
        text = " ".join(help_text(ruleset.name).split())
        assert not re.search(r"\bseed\s*0\d\d\b", text, re.IGNORECASE), ruleset.name
