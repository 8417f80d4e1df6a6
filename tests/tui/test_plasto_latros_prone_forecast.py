"""Plasto Latros: the forecast of who could attack a mini counts a mini
lying prone as Doomed by any one attack (seed 000, *Climbing Movement On
Terrain*: a mini laid flat can be killed by any successful attack;
docs/rulings.md, Plasto Latros, *Doom*).  A tester's prone mini was
forecast "b2 shot from its back …, b5 contact from its left …" with no
Doom warning.  Here: a cell only a jump down reaches (the mini lands
prone there) reads ``[D]`` with one enemy able to attack it, the compass
says so for the jump, and the card on the prone mini's own cell says it
is Doomed there while it lies prone."""

from __future__ import annotations

from pathlib import Path

from core.battlefield_text import parse_battlefield
from core.deployment import Deploy, Ready
from core.game import Game, start
from core.rulesets.plasto_latros.glance import threats_at
from core.rulesets.plasto_latros.options import PlastoOptions
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, play
from tests.tui.test_plasto_latros_doom_and_final import cell_text
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets.plasto_latros_modals import FacingPicker

# A spire six levels up (more than a Standard Movement of 4 climbs down:
# only a jump leaves it; rulings, Height scale) by the top edge, so that a
# mini landing on 2,0 facing S has its back arc off the battlefield.
SPIRE = """name: Spire
terrain . ground
terrain S spire elevation=6
zone 0 0,0 9,1
zone 1 0,5 9,9
map
..........
..S.......
""" + "..........\n" * 8
LANDING = (2, 0)


def on_the_spire() -> Game:
    """Ann's a1 on the spire at 2,1 facing S; Bo's b1 at 5,5; Ann's turn 1."""
    options = PlastoOptions(minis=1, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, parse_battlefield(SPIRE), seed=1, players=("Ann", "Bo"))
    return play(game, Deploy(0, "a1", (2, 1)), Ready(0), Deploy(1, "b1", (5, 5)), Ready(1))


def test_one_enemy_could_attack_the_landing_and_not_from_behind():
    """What the forecast below stands on: standing there, b1 alone (not
    from its back) would not Doom a1; lying prone, it would."""
    state = on_the_spire().state
    threats = threats_at(state, "a1", LANDING, state.mini("a1").facing)
    assert [(t.enemy, t.how, t.arc.value) for t in threats] == [("b1", "contact", "left")]


async def test_a_jump_landing_reads_doomed_and_so_does_the_prone_mini(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, on_the_spire(), tmp_path)
        board = screen.query_one(BoardView)
        assert screen.selected == "a1"  # the only mini of Ann's: picked for her
        await cursor_to(pilot, screen, LANDING)
        await pilot.pause()
        assert cell_text(board, LANDING) == "[D]"  # was [v]: a jump down, one enemy only
        card = " ".join(screen.query_one("#cursor-unit").text.split())
        assert "could be attacked next turn: b1 contact from its left" in card
        assert "Doomed there: lying prone, one attack is enough (b1)" in card
        await pilot.press("enter")  # only a jump goes there: the compass asks the facing
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, FacingPicker)
        assert all("lands prone: Doomed by any one of b1" in note for note in picker.notes.values()), picker.notes
        await pilot.press("enter")  # facing S, as it faces now
        await pilot.pause()
        a1 = screen.game.state.mini("a1")
        assert a1.pos == LANDING and a1.prone
        card = " ".join(screen.query_one("#cursor-unit").text.split())
        assert "Doomed there: lying prone, one attack is enough (b1) (t stands it up)" in card
