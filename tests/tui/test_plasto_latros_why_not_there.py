"""Plasto Latros: Enter on a cell the selected mini cannot go to says the
rules' own reason (a tester at 80x24 read only "No order points here"
while the core knew why), the cursor card says it too instead of a
forecast of the attacks it would meet there, and placing a figure outside
its deployment zone says so with where the zone lies (every ruleset on the
shared deployment: tui/rulesets/base.py's default).

The reasons are the rules' (seed 000, *Movement*: a straight line of one
Standard Movement; *Climbing Movement On Terrain*: climbs of up to a
Standard Movement of height, jumps down, gaps no wider than a mini is
tall; *Ending The Game*: the final turn's move to a free cell), as
docs/rulings.md reads them on the grid."""

from __future__ import annotations

from pathlib import Path

from core.board import Facing
from core.deployment import Deploy, Ready
from core.game import Game, start
from core.registry import find_ruleset
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.state import Phase
from saves.library import battlefield_named
from tests.rulesets.plasto_latros.helpers import grid, mini, position
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.log_pane import LogPane
from tui.rulesets import adapter_for


class Table:
    """A hand-built position as the adapter reads a game: its view, its
    players, who acts and the orders the rules list."""

    def __init__(self, state) -> None:
        self.state = state
        self.battlefield = state.battlefield
        self.players = state.players
        self.outcome = None

    @property
    def to_act(self):
        return RULESET.to_act(self.state)

    def view(self, side):
        return self.state

    def legal_orders(self, side):
        return list(RULESET.legal_orders(self.state, side))


def said(screen: GameScreen) -> str:
    return " ".join(" ".join(line.text for line in screen.query_one(LogPane).lines).split())


def rooftops(*orders) -> Game:
    """Rooftops (saves/data/battlefields/pl-rooftops.txt): Ann's a1 on the
    street at 5,1, the roof 5,2 straight ahead of it, Bo far off."""
    options = PlastoOptions(minis=2, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-rooftops"), seed=1, players=("Ann", "Bo"))
    return play(game, *orders)


PLACED = (Deploy(0, "a1", (5, 1)), Deploy(0, "a2", (0, 0)), Ready(0),
          Deploy(1, "b1", (5, 10)), Deploy(1, "b2", (12, 11)), Ready(1))


async def test_enter_where_the_mini_cannot_go_says_the_rules_reason(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, rooftops(*PLACED), tmp_path)
        await cursor_to(pilot, screen, (5, 1))
        await pilot.press("enter")
        assert screen.selected == "a1"
        # 5,5 is 4 cells down the street, but the line crosses the roof at
        # 5,2, higher than a1 stands: the line is blocked there
        await cursor_to(pilot, screen, (5, 5))
        await pilot.press("enter")
        await pilot.pause()
        assert "✗ a1 cannot move to 5,5: The straight line is blocked at 5,2." in said(screen)
        assert "No order points here" not in said(screen)
        card = " ".join(screen.query_one("#cursor-unit").text.split())
        assert "a1 cannot move to 5,5: The straight line is blocked at 5,2." in card
        lines = screen.adapter.cursor_lines(screen.game, screen.game.state, screen.unit_view("a1"), (5, 5))
        assert "a1 cannot move to 5,5: The straight line is blocked at 5,2." in lines
        assert not any("could be attacked" in line or "no enemy could attack" in line for line in lines), lines
        assert "could be attacked" not in card
        # 5,7 is 6 cells away: one Standard Movement reaches 4
        await cursor_to(pilot, screen, (5, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert "✗ a1 cannot move to 5,7: One Standard Movement reaches 4 cells." in said(screen)
        assert screen.game.state.movements_left == 2  # nothing given
        # a lit cell still gives its order: the card forecasts it as before
        lines = screen.adapter.cursor_lines(screen.game, screen.game.state, screen.unit_view("a1"), (5, 0))
        assert any("no enemy could attack a1" in line for line in lines), lines


async def test_enter_outside_the_deployment_zone_says_where_the_zone_is(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, rooftops(), tmp_path)
        assert screen.game.state.phase is Phase.DEPLOY
        await pilot.press("tab")
        chosen = screen.selected
        assert chosen is not None
        await cursor_to(pilot, screen, (5, 5))  # Ann's zone is rows 0 and 1 (zone 0 0,0 13,1)
        await pilot.press("enter")
        await pilot.pause()
        assert (f"✗ {chosen} cannot deploy at 5,5: Figures deploy inside their own zone (the shaded cells on your "
                "edge); yours is 0,0-13,1.") in said(screen)
        assert screen.game.state.mini(chosen).pos is None


def test_every_ruleset_on_the_shared_deployment_says_where_its_zone_is():
    # Spheres of War's adapter has no words of its own: the base default answers
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named("open-12"), seed=1, players=("Ann", "Bo"))
    words = adapter_for(rules).why_nothing_at(game, 0, None, (5, 9))  # open-12: zone 0 0,0 11,5
    assert words is not None and words.endswith("yours is 0,0-11,5.")
    assert adapter_for(rules).why_nothing_at(game, 0, None, (5, 5)) is None  # inside it: nothing refused


# Ground, roof (1), tower (2) and a spire (6 levels: more than a Standard
# Movement of 4 can climb; rulings, Height scale).
FIELD = grid("""
..........
.rr..rr...
.rr..rr...
..........
...S......
..........
..........
..........
..........
..........
""", extra="terrain S spire elevation=6\n")


def reason(state, unit, cell, side=0) -> str | None:
    selected = next(u for u in RULESET.units(state) if u.id == unit)
    return adapter_for(RULESET).why_nothing_at(Table(state), side, selected, cell)


def test_the_movement_plainly_meant_is_the_one_refused():
    far = (mini("b1", (9, 9), Facing.N), mini("b2", (0, 9), Facing.N))
    on_roof = position(mini("a1", (2, 1), Facing.E), mini("a2", (7, 8), Facing.N), *far, bf=FIELD)
    # roof to roof over two street cells (3,1 and 4,1): no mini hops a gap that wide
    assert reason(on_roof, "a1", (5, 1)) == "a1 cannot move to 5,1: The gap is wider than one cell: no mini can hop it."
    # a cell of another height that is not next to it: a straight move stays on its
    # level, and a climb or a jump reaches only a cell beside it
    assert reason(on_roof, "a1", (2, 5)) == ("a1 cannot move to 2,5: 2,5 is 1 level lower: a straight Movement "
                                             "keeps its height, and a climb or a jump reaches only a cell beside it.")
    by_spire = position(mini("a1", (3, 3), Facing.S), mini("a2", (4, 3), Facing.N), *far, bf=FIELD)
    # the spire next to it is 6 levels up: a climb goes up to one Standard Movement (4)
    assert reason(by_spire, "a1", (3, 4)) == ("a1 cannot climb to 3,4: The spire at 3,4 is 6 levels up; a1 climbs "
                                              "at most 4 (one Standard Movement of height).")
    # an occupied cell of its own level
    assert reason(by_spire, "a1", (4, 3)) == "a1 cannot move to 4,3: 4,3 is not free to stand on."
    on_spire = position(mini("a1", (3, 4), Facing.S), mini("a2", (3, 5), Facing.N), *far, bf=FIELD)
    # 6 levels down is too far to climb: only a jump goes there, and a2 stands on it
    assert reason(on_spire, "a1", (3, 5)) == ("a1 cannot jump down to 3,5: Jumping down needs a free adjacent cell "
                                              "lower than this one.")
    # a lit cell gives its order: nothing refused
    assert reason(on_spire, "a1", (2, 5)) is None


def test_a_free_movement_and_the_final_turn_are_checked_as_such():
    far = (mini("b2", (0, 9), Facing.N),)
    owed = position(mini("a1", (5, 5), Facing.N), mini("a2", (0, 0), Facing.S), mini("b1", (5, 6), Facing.N), *far,
                    active=1, pending_free=(0,))
    assert reason(owed, "a2", (0, 7)) == ("a2 cannot move to 0,7 with the free Movement: One Standard Movement "
                                          "reaches 4 cells.")
    final = position(mini("a1", (5, 5), Facing.N), mini("a2", (0, 0), Facing.S), mini("b1", (9, 9), Facing.N),
                     phase=Phase.FINAL)
    assert reason(final, "a2", (9, 9)) == ("a2 cannot relocate to 9,9: The final move goes to a free cell a mini can "
                                           "stand on.")
    assert reason(final, "a2", (9, 0)) is None  # any free cell: nothing refused


def test_an_artifact_that_cannot_be_broken_says_why():
    field = grid("." * 10 + "\n" + ("." * 10 + "\n") * 9, extra="feature gate door 5,5\n")
    state = position(mini("a1", (5, 4), Facing.S), mini("a2", (0, 0), Facing.S), mini("b1", (9, 9), Facing.N),
                     bf=field)
    assert reason(state, "a1", (5, 5)) == ("Cannot destroy it now: The gate (a door) needs 2 free minis in contact "
                                           "and facing it (1 now).")
