"""Waylights' words on the screens a tester compared:

- a knocked-out figure's wounds: the play card said "Wounds 6 (KO at 3):
  knocked out" and the log "4 wounds, 6 in all", but the watch panel
  "KO, wounds 3/3".  Every count now is the card's (the list row of the
  play panel alone caps it, "w3/3", for its 34 columns);
- the handover before a response: "1 defence die: defend, or
  counterattack with it" (it said "with them" of one die)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.waylights.orders import Attack, Defend, Split
from core.rulesets.waylights.state import KO, WaylightsOptions
from saves.library import battlefield_named
from saves.store import save_game
from tests.ai.test_waylights_response import attacked
from tests.tui.test_watch import open_watch
from tui.app import SkirmishApp
from tui.rulesets import adapter_for

RULES = find_ruleset("waylights")
SIZE = (80, 24)


def knocked_out_past_the_count():
    """Ann's Fighter attacks Bo's Mook on 4/0; the Mook, on 1/3, defends
    and falls (seed 6: more wounds than it had left)."""
    game = start(RULES, WaylightsOptions(roster_0="fighter", roster_1="mook"), battlefield_named("open-12"),
                 seed=6, players=("Ann", "Bo"))
    for order in (Deploy(0, "a1", (5, 5)), Ready(0), Deploy(1, "b1", (5, 6)), Ready(1)):
        game = submit(game, order).game
    game = submit(game, next(o for o in game.legal_orders(0) if isinstance(o, Split) and o.attack == 4)).game
    game = submit(game, next(o for o in game.legal_orders(0) if isinstance(o, Attack))).game
    split = [o for o in game.legal_orders(1) if isinstance(o, Split) and o.attack == 1]
    if split:
        game = submit(game, split[0]).game
    return submit(game, next(o for o in game.legal_orders(1) if isinstance(o, Defend))).game


async def test_the_watch_panel_counts_a_knocked_out_figures_wounds_as_the_card_and_the_log(tmp_path):
    game = knocked_out_past_the_count()
    b1 = game.state.get("b1")
    assert b1.status == KO
    # The log's own total ("4 wounds, 6 in all"), from the resolution: the count every screen shows.
    total = int(re.search(r"(\d+) in all", next(e.sentence for e in game.log if "in all" in e.sentence)).group(1))
    assert total == b1.wounds > b1.ko_at, (total, b1.wounds, b1.ko_at)
    whole = f"wounds {total} (KO at {b1.ko_at})"
    card = "\n".join(adapter_for(RULES).figure_lines(game.state, next(u for u in RULES.units(game.state)
                                                                      if u.id == "b1"), 0))
    assert f"W{whole[1:]}: knocked out" in card, card
    path = tmp_path / "ko.json"
    save_game(game, path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        await pilot.pause()
        panel = str(screen.query_one("#watch-panel").render())
        flat = " ".join(panel.split())  # the panel's rows wrap at its 36 columns
        assert f"Mook b1 5,6 KO, {whole}" in flat, panel
        assert f"{b1.ko_at}/{b1.ko_at}" not in flat, panel


def test_the_board_and_the_result_still_read_the_knocked_out_status():
    """The watch panel's status keeps "KO" first: the board strikes the
    figure through and the result counts it lost from that word."""
    from tui.picture import fallen_status

    game = knocked_out_past_the_count()
    unit = next(u for u in adapter_for(RULES).units(game, game.state) if u.id == "b1")
    assert unit.status.startswith("KO, wounds ") and fallen_status(unit) == "knocked out"


def handover_words(dice_left: int) -> str:
    state = attacked(dict(split=4 - dice_left))  # b4's split: the rest of its four dice defend
    game = SimpleNamespace(state=state, players=state.players)
    return adapter_for(RULES)._handover_text(game)


def test_one_defence_die_is_it_and_more_are_them():
    one = handover_words(1)
    assert "b4 has 1 defence die: defend, or counterattack with it." in one, one
    two = handover_words(2)
    assert "b4 has 2 defence dice: defend, or counterattack with them." in two, two
