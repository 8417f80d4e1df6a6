"""The split picker opens on the split the figure kept (a tester's b4 chose
0/4 when attacked; its own turn opened on 2/2, so Enter silently changed
it); with none kept, on 2/2."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Split
from tests.rulesets.waylights.helpers import position
from tui.rulesets import adapter_for


def picker_for(split):
    s = position([("b4", 1, "thug", (6, 11), {"split": split}), ("a1", 0, "fighter", (6, 1))], "b4",
                 pending="split", rows=["." * 12] * 12)
    game = SimpleNamespace(state=s, players=("Ann", "Bo"), orders=[], view=lambda side: s)
    splits = [o for o in R.legal_orders(s, 1) if isinstance(o, Split)]
    assert len(splits) == 5
    return adapter_for(R).split_picker(game, 1, splits)


def test_the_split_picker_opens_on_the_split_kept():
    picker = picker_for(0)
    assert picker.rows[picker.cursor][1].attack == 0


def test_with_no_split_kept_it_opens_on_2_2():
    picker = picker_for(None)
    assert picker.rows[picker.cursor][1].attack == 2
