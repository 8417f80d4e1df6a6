"""README's keys row for `q` then `d` says when the computer agrees to a
draw, true for every ruleset (``core.ai.player.answer_draw`` with each
ruleset's ``Knowledge.strength``).  It said "fewer figures standing (less
their wounds)", but Plasto Latros counts a Doomed mini as half: a tester
saw it agree "behind, 5.5 to 6" with as many minis standing as he had."""

from __future__ import annotations

from pathlib import Path

from core.ai.player import answer_draw
from core.board import Facing
from core.orders import AgreeDraw
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.orders import Move
from tests.rulesets.plasto_latros.helpers import mini, play, position

README = Path(__file__).resolve().parents[2] / "README.md"


def draw_row() -> str:
    return next(line for line in README.read_text(encoding="utf-8").splitlines() if line.startswith("| `q` then `d`"))


def test_as_many_minis_standing_one_doomed_it_agrees_and_the_readme_says_why():
    # a1 steps up behind b1 (facing E, away from it): b1 is Doomed by the backstab
    state = position(mini("a1", (2, 3), Facing.E), mini("a2", (0, 9), Facing.N),
                     mini("b1", (5, 3), Facing.E), mini("b2", (9, 9), Facing.N))
    state, _ = play(state, Move(0, "a1", (4, 3), Facing.E))
    assert state.doomed == ("b1",)
    assert len([m for m in state.minis if m.side == 1 and m.pos is not None]) == 2  # as many as side 0
    choice = answer_draw(RULESET, state, 1)
    # 2 minis standing a side, one of its own Doomed (half): behind by the fight left
    assert choice.order == AgreeDraw(1) and choice.reason == ("agrees: behind, 2 figures standing to 2; "
                                                             "by the fight each has left, 1.5 to 2.0")
    row = draw_row()
    assert "fewer figures standing (less their wounds)" not in row
    assert "a Doomed Plasto Latros mini counts half" in row, row
    assert "never while figures are still to deploy" in row, row
