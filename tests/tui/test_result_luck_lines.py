"""The result's luck lines say what they measure, so a newcomer can check
them: the verdict in pips better or worse than the average, then the dice
wanted high and the dice wanted low, each with its pips and its average,
and both sides' lines worded alike.  A tester read "30 dice, 109 pips: 2.0
worse than the average" (30d6 average 105: 109 reads as above it) beside
the other side's "33 dice, 107 pips, 8.5 below the average (unlucky)"."""

from __future__ import annotations

import re

import attrs

from core.events import Rolled
from tests.tui.test_result import SIZE, new
from tui.app import SkirmishApp
from tui.result import ResultScreen, result_lines, summarise

GROUP = re.compile(r"^    (\d+) dic?e wanted (high|low): (\d+) pips?, average ([\d.]+): (?:([\d.]+) (above|below)|on the average)")
VERDICT = re.compile(r"^  luck: (\d+) dic?e, (?:([\d.]+) pips (better|worse) than the average|exactly the average)")


def d6(faces, who, low=False):
    return Rolled(f"{len(faces)}d6", tuple(faces), (), sum(faces), "roll", who, low_is_good=low)


def dice_like_the_tester_s():
    """Ann's a1 rolls 4d6 wanted high (5 5 4 3: 17 against 14) and 2d6
    wanted low (6 5: 11 against 7); Bo's b1 rolls 4d6 wanted high (1 2 2 3:
    8 against 14).  Worked by hand: Ann is 3 above where high is good and
    4 above where low is good, 1 pip worse in all; Bo 6 pips worse."""
    game = new("waylights")
    log = game.log + (d6((5, 5, 4, 3), "a1"), d6((6, 5), "a1", low=True), d6((1, 2, 2, 3), "b1"))
    return attrs.evolve(game, log=log)


def luck_lines(lines, name):
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{name}:"))
    block = []
    for line in lines[start + 1:]:
        if not line.startswith("  "):
            break
        block.append(line)
    return [line for line in block if line.startswith("  luck:") or line.startswith("    ")]


def test_each_side_s_luck_is_a_verdict_then_its_dice_by_what_was_wanted():
    lines = result_lines(summarise(dice_like_the_tester_s()))
    assert luck_lines(lines, "Ann") == [
        "  luck: 6 dice, 1.0 pips worse than the average (about even, 0.2 a die)",
        "    4 dice wanted high: 17 pips, average 14.0: 3.0 above (good)",
        "    2 dice wanted low: 11 pips, average 7.0: 4.0 above (bad)",
    ]
    assert luck_lines(lines, "Bo") == [
        "  luck: 4 dice, 6.0 pips worse than the average (unlucky, 1.5 a die)",
        "    4 dice wanted high: 8 pips, average 14.0: 6.0 below (bad)",
    ]


def test_every_luck_line_checks_out_from_its_own_numbers():
    """The average is the dice's (3.5 a d6), the gap is pips less average,
    and the verdict is the gaps wanted high less those wanted low."""
    lines = result_lines(summarise(dice_like_the_tester_s()))
    for name in ("Ann", "Bo"):
        verdict, *groups = luck_lines(lines, name)
        head = VERDICT.match(verdict)
        assert head, verdict
        total, good = 0, 0.0
        for line in groups:
            dice, wanted, pips, average, gap, way = GROUP.match(line).groups()
            assert float(average) == int(dice) * 3.5
            assert float(gap or 0) == abs(int(pips) - float(average))
            assert way == ("above" if int(pips) > float(average) else "below")
            signed = int(pips) - float(average)
            good += signed if wanted == "high" else -signed
            total += int(dice)
        assert int(head.group(1)) == total
        assert float(head.group(2)) == abs(good) and head.group(3) == ("better" if good > 0 else "worse")


async def test_the_result_screen_shows_both_sides_luck_alike_at_80x24():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = ResultScreen(dice_like_the_tester_s(), headline="Ann wins")
        await app.push_screen(screen)
        await pilot.pause()
        text = str(screen.query_one("#result-text").render())
        assert "luck: 6 dice, 1.0 pips worse than the average" in text
        assert "luck: 4 dice, 6.0 pips worse than the average" in text
        assert "a roll wanted low is good below it" not in text
