"""Why? gives one bullet a sentence: an explainer that breaks a long
sentence over two working lines (Spheres of War's end of a Match, a
strike on contact) is shown as one bullet (a tester's report)."""

from __future__ import annotations

from core.explain import Explanation
from tui.why import plain_text


def bullets(lines: list[str]) -> list[str]:
    text = plain_text(Explanation("i1 and i2: the Match ends", tuple(lines), "A turn", "rules 18-20"))
    return [line for line in text.splitlines() if line.startswith("• ")]


def test_a_sentence_broken_after_a_semicolon_is_one_bullet():
    got = bullets(["Dice: 1d6 showed 4", "A Match ends when one side wins or both have used their five Actions;",
                   "both combatants are then Inert until the next turn (rules 18-20)"])
    assert got == ["• Dice: 1d6 showed 4",
                   "• A Match ends when one side wins or both have used their five Actions; both combatants "
                   "are then Inert until the next turn (rules 18-20)"]


def test_a_sentence_broken_after_a_colon_or_before_and_is_one_bullet_and_the_next_stays_apart():
    got = bullets(["The pair were already touching when the Match began, so the one to act strikes first:",
                   "i2 is Combatant A and i1 Combatant Z (rules 29-32)", "i1 must defend with a d6 (rule 33)",
                   "A Move goes up to 2 inches straight toward or away from the Matched opponent",
                   "and costs one Action (rules 25-26)"])
    assert got == ["• The pair were already touching when the Match began, so the one to act strikes first: "
                   "i2 is Combatant A and i1 Combatant Z (rules 29-32)",
                   "• i1 must defend with a d6 (rule 33)",
                   "• A Move goes up to 2 inches straight toward or away from the Matched opponent and costs "
                   "one Action (rules 25-26)"]


def test_lines_that_are_whole_stay_one_bullet_each():
    lines = ["Dice: 2d6 showed 3, 4", "Modifiers: +2 sword; -1 wounds", "Total: 8", "Rolled for: attack (by a1)"]
    assert bullets(lines) == [f"• {line}" for line in lines]
