"""A help search for "rule N" finds every place the help cites rule N,
within a range or list of rules too.  A tester: the Spheres of War help
says 'search for "rule 27" (/) to find what the help says about it', but
"rule 24", "rule 31" and "rule 10" said "no section mentions": the help
cites them only as "rules 23-25", "rules 28-37" and "rules 8-22".

The sections expected are read from the fragment's own numbering
(seed 001): rule 10 (a Match pairs a combatant of each side) is of the turn (rules 8-22), rule 24 (the Wait Action) and
rule 31 (the Fight Action) of the Actions and of Combat (rules 28-37)."""

from __future__ import annotations

from tests.tui.test_help_search import SIZE, open_rules, search, status
from tui.app import SkirmishApp
from tui.help import HelpSection, cited_numbers, search_pattern


def test_a_rules_citation_names_each_rule_of_its_ranges_and_lists():
    assert cited_numbers("23-25") == {23, 24, 25}
    assert cited_numbers("14-17, 23-27, 36") == {14, 15, 16, 17, 23, 24, 25, 26, 27, 36}
    assert cited_numbers("12 and 16") == {12, 16}


def test_rule_n_finds_a_range_or_list_that_holds_n_and_no_other_number():
    section = HelpSection("Moves", "m", 10, ("## Moves (rules 23-25)", "", "- Wait or Move (rules 12, 16).",
                                            "- Off the board (rule 27).", "- see Rule 13: the menu"))
    assert section.mentions_in_heading("rule 24") and section.first_mention("rule 24") == 10
    assert section.first_mention("rules 16") == 12 and section.first_mention("rule 27") == 13
    assert section.first_mention("Rule 13") == 14
    assert section.mentions("rule 12") == 1 and section.mentions("rule 24") == 0  # the heading aside
    for never in ("rule 2", "rule 22", "rule 26", "rule 1", "rule 3"):
        assert section.first_mention(never) is None, never
    assert section.first_mention("rule") == 10  # the word alone is still a word


def test_a_search_for_other_words_with_numbers_is_as_typed():
    pattern = search_pattern("d6 5-6")
    assert pattern is not None and pattern.search("roll a d6 5-6 fails") is not None


async def test_rule_24_31_and_10_each_find_their_section_in_the_spheres_of_war_help():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot, app, "spheres_of_war")
        for typed, section in (("rule 24", "Actions in a Match"), ("rule 31", "Combat"),
                               ("rule 10", "A turn"), ("rules 24", "Actions in a Match")):
            await search(pilot, typed)
            said = status(app)
            assert said.startswith(f"{typed}: 1 of ") and said.endswith(f", in {section}"), said
