"""The Rules list (main menu `r`) gives each ruleset a one-line blurb after
its title; a tester saw two end with a full stop and three without.  They
are phrases, not sentences ("Diceless: two Movements a turn, ..."): none
ends with a full stop, in the list as in `skirmish rules`."""

from __future__ import annotations

from core.registry import rulesets
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.help import RulesScreen


def test_no_ruleset_blurb_ends_with_a_full_stop():
    summaries = {r.name: r.summary for r in rulesets()}
    assert len(summaries) >= 5
    assert not [name for name, summary in summaries.items() if summary.rstrip().endswith(".")], summaries


async def test_the_rules_list_shows_every_blurb_without_one():
    app = SkirmishApp()
    async with app.run_test(size=(200, 24)) as pilot:
        app.push_screen(RulesScreen())
        await pilot.pause()
        rows = [row.strip(" ▊▎") for row in screen_rows(app)]  # inside the list's border
        for ruleset in rulesets():
            row = next(row for row in rows if row.startswith(f"{ruleset.title} — "))
            assert not row.endswith("."), row
