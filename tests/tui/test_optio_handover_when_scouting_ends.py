"""The hand-off when Optio's scouting time runs out (our tie-break in
docs/rulings.md: both armies show themselves, every other block leaves the
map).  A tester at 80x24: the line saying why was cut off the box by six
"… is removed from the map" lines, and the player whose turn set it off
never saw any of it (the handover hid the board at once, and their next one
began after it)."""

from __future__ import annotations

import attrs

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import Phase
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Handover

SIZE = (80, 24)
OPTIO = find_ruleset("optio")
TIME_UP = "Scouting time is up"


def two_turns_each():
    options = attrs.evolve(OPTIO.default_options(), map_seed=1, turn_limit=2, kudos=0)
    return start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Ann", "Bob"))


def shown(handover: Handover) -> str:
    return str(handover.query_one("#handover-news").render()).replace("\n", " ")


async def handovers_until_the_closing_has_begun(pilot) -> list[tuple[str, str]]:
    """Each side in turn brings on or moves every block it can, one square,
    and ends its turn, until both have had a turn of the closing: (player,
    news as the box shows it) of every handover on the way."""
    app = pilot.app
    app.start_game(two_turns_each())
    await pilot.pause()
    seen: list[tuple[str, str]] = []
    closing_turns = 0
    while closing_turns < 3:
        assert isinstance(app.screen, Handover)
        seen.append((app.screen.player, shown(app.screen)))
        await pilot.press("enter")
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        mover = min(screen.game.to_act)
        closing_turns += screen.game.state.phase is Phase.CLOSING
        moved: set[str] = set()
        while min(screen.game.to_act) == mover:
            order = next((o for o in screen.game.legal_orders(mover) if o.verb == "move" and o.unit not in moved),
                         None)
            if order is None:
                break
            moved.add(order.unit)
            assert screen.submit(order)
            await pilot.pause()
        if screen.game.state.phase is Phase.SCOUTING and min(screen.game.to_act) == mover:
            assert screen.submit(next(o for o in screen.game.legal_orders(mover) if o.verb == "end-turn"))
            await pilot.pause()
    return seen


async def test_both_players_read_why_the_closing_began_and_the_removals_in_one_line():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        seen = await handovers_until_the_closing_has_begun(pilot)
    told = [(player, news) for player, news in seen if TIME_UP in news]
    # Ann's turn ran the scouting out (Bob moved first): Bob reads it at
    # once, Ann at her next handover -- each exactly once.
    assert [player for player, _ in told] == ["Bob", "Ann"], seen
    for _player, news in told:
        assert "earlier line" not in news  # nothing cut
        assert news.count(" are removed from the map: both armies are known") == 1  # one line for them all
        assert " is removed from the map" not in news


def test_a_run_of_removals_is_one_line_and_the_reason_before_it_stays_in_a_short_box():
    removed = [f"{b} is removed from the map: both armies are known" for b in ("g1", "g2", "r1", "r2", "r3", "r4")]
    news = ["Ann's g2 moves from 0,0 to 1,0", "Ann's turn 2 ends, 2 blocks moved",
            "Scouting time is up: both armies show themselves", *removed, "r9 is removed from the map"]
    text = Handover("Bob", news=news, why=lambda: None).news_text(rows=6)
    assert text.splitlines()[0] == "Since your last turn, seen by both sides: (2 earlier lines: x shows them)"
    assert "· Scouting time is up: both armies show themselves" in text
    assert ("· g1, g2, r1, r2, r3 and r4 are removed from the map: both armies are known"
            in text.replace("\n", " ").replace("the  map", "the map"))
    assert text.rstrip().endswith("· r9 is removed from the map")  # another reason: a line of its own
