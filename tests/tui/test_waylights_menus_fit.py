"""Waylights' attack and response menus at 80x24 with Psi tension and
Alternate damage on (a tester's report): the response box ran to ~30 rows,
over the status line, its key line never shown; the attack menu listed 30
flat entries; the two attack entries with and without tension previewed
alike; and `c` was offered where no counter could be."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import percent
from core.rulesets.waylights.orders import Attack
from core.rulesets.waylights.state import WaylightsOptions
from tests.rulesets.waylights.helpers import do, position
from tests.rulesets.waylights.test_tension_only_what_changes import _ko_chance
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.rulesets import adapter_for
from tui.rulesets.waylights_modals import HEADING, PickList
from tui.rulesets.waylights_preview import attack_preview_of

BOTH = WaylightsOptions(psi_tension=True, alternate_damage=True)
FAR = ("b9", 1, "mook", (9, 9))


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)


def attacked(near: bool = True):
    """b2 attacks a2 (an Elite with 3 tension), both on 2/2: an Elite with a
    sword beside it, or a Spearman from the diagonal, where a2's sword
    (reach 1) cannot answer."""
    b2 = ("b2", 1, "elite", (2, 3), {"tension": 3}) if near else ("b2", 1, "spear", (3, 3), {"tension": 3})
    s = position([("a2", 0, "elite", (2, 2), {"tension": 3}), b2, FAR], "b2", options=BOTH)
    s = do(s, "attack side=1 unit=b2 target=a2")[0]
    assert s.pending == "response"
    return s


async def drawn(menu: PickList, *keys: str) -> list[str]:
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(menu)
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        return screen_rows(app)


def box(rows: list[str]) -> list[str]:
    return [row for row in rows if "│" in row or "╭" in row or "╰" in row]


async def test_the_response_menu_fits_80x24_with_its_keys_and_headings():
    s = attacked()
    menu = adapter_for(R).response_menu(game_of(s), 0, R.legal_orders(s, 0))
    rows = await drawn(menu)
    top = next(i for i, row in enumerate(rows) if "╭" in row)
    bottom = next(i for i, row in enumerate(rows) if "╰" in row)
    assert top >= 1 and bottom <= 22, "\n".join(rows)  # the status lines above and below stay clear
    text = "\n".join(rows)
    assert "d defend · c counterattack" in text, text
    assert "── Defend with" in text and "── Counter with" in text, text
    # Every row of the menu is one screen line: no row wraps onto another.
    assert len(box(rows)) - 2 <= 24 - 4
    # The counter's tension and smash wait one step further: each counter
    # blow is one row, not every blow x smash x tension.
    counters = [label for label, value in menu.rows if value is not HEADING and label.startswith("Counter")]
    assert len(counters) == len({o.effect for o in R.legal_orders(s, 0) if type(o).__name__ == "Counter"})


async def test_scrolled_the_heading_of_the_highlighted_row_stays_in_view():
    rows = [("Defend", HEADING)] + [(f"defend {i}", i) for i in range(3)]
    rows += [("Counter", HEADING)] + [(f"counter {i}", 10 + i) for i in range(20)]
    menu = PickList("A long list", rows, hint="d defend · Esc back")
    shown = await drawn(menu, *["down"] * 15)
    text = "\n".join(shown)
    assert "── Counter ──" in text and "▶" in text and "d defend · Esc back" in text, text
    assert "(16 of 23, ↑↓ for more)" in text, text


def test_the_attack_menu_asks_the_blow_then_the_extras():
    s = position([("a1", 0, "elite", (2, 2), {"tension": 3}), ("b3", 1, "fighter", (2, 3), {"wounds": 2}), FAR],
                 "a1", options=BOTH)
    attacks = [o for o in R.legal_orders(s, 0) if isinstance(o, Attack)]
    assert len(attacks) > 13  # every blow x smash x tension: more than a screen
    menu = adapter_for(R).choose(game_of(s), 0, attacks, "target")
    picks = [value for _, value in menu.rows if value is not HEADING]
    assert len(picks) == len({o.effect for o in attacks}) <= 13
    extras = picks[0]()  # the plain blow: its tension and smash one step further
    assert isinstance(extras, PickList)
    assert {o for _, o in extras.rows} == {o for o in attacks if o.effect is None}


def test_each_attack_entry_previews_its_own_tension():
    # The tester's: an attack KOs b3 (2 of 3 wounds... here a Mook, 2 of 3)
    # above 2, or above 1 with the point of tension the second entry names.
    s = position([("a1", 0, "fighter", (2, 2), {"tension": 1, "split": 3}),
                  ("b1", 1, "mook", (2, 3), {"wounds": 2}), FAR], "a1", options=BOTH)
    plain = attack_preview_of(s, Attack(0, "a1", "b1")).chances
    spent = attack_preview_of(s, Attack(0, "a1", "b1", psi=1)).chances
    ko = next(line for line in plain if line.strip().startswith("KO"))
    ko_spent = next(line for line in spent if line.strip().startswith("KO"))
    assert percent(_ko_chance(3, 2, 5, 0, 2, 1, 0)) in ko
    assert percent(_ko_chance(3, 2, 5, 0, 2, 1, 1)) in ko_spent


async def test_no_counter_no_c_and_c_says_why():
    s = attacked(near=False)
    orders = R.legal_orders(s, 0)
    assert not any(type(o).__name__ == "Counter" for o in orders)
    menu = adapter_for(R).response_menu(game_of(s), 0, orders)
    assert "c counterattack" not in menu.hint and "d defend" in menu.hint
    assert "c" not in menu.hotkeys
    text = "\n".join(await drawn(menu, "c"))
    assert "c: No counterattack" in text, text


async def test_the_actions_menu_says_why_m_and_a_do_nothing():
    # a1 stepped and has no enemy in reach: no Move row, no Attack row.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (2, 7)), FAR], "a1")
    s = do(s, "step side=0 unit=a1 to=2,3")[0]
    menu = adapter_for(R).action_menu(game_of(s), 0, R.legal_orders(s, 0))
    assert "m" not in menu.hotkeys and "a" not in menu.hotkeys
    text = "\n".join(await drawn(menu, "m"))
    assert "m: no Move: the free step was taken" in text, text
    text = "\n".join(await drawn(adapter_for(R).action_menu(game_of(s), 0, R.legal_orders(s, 0)), "a"))
    assert "a: no attack: no enemy the sword's reach" in text, text
