"""What the order writer offers: a Move or Sprint never toward the
character itself, and a 2nd Action the character could not take as a 1st
(judged as the 1st Action would leave it) carries the same words, as a
warning."""

from __future__ import annotations

from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders
from tui.app import SkirmishApp
from tui.rulesets.platemail_menus import KeyMenu


def labels(app) -> list[str]:
    assert isinstance(app.screen, KeyMenu)
    return [label for _, label, _ in app.screen.entries]


async def test_a_sprint_or_move_is_not_offered_toward_the_character_itself():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        await pilot.press("enter")  # Ann takes the keyboard
        await open_orders(pilot, 0)
        await pilot.press("enter")  # a1's writer: the 1st Action
        for key in ("s", "m"):  # Sprint, then Move
            await pilot.press(key)
            offered = labels(app)
            assert "a location picked on the board" in offered
            assert "myself" not in offered
            assert not [label for label in offered if label.startswith("a1 ")], offered
            assert [label for label in offered if label.startswith("a2 ")]  # an ally is still offered
            assert "the closest hostile" in offered
            await pilot.press("escape")  # back to the Action menu


async def test_a_then_action_the_knight_cannot_take_is_warned_as_a_first_action_would_be():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        await pilot.press("enter")
        await open_orders(pilot, 0)
        await pilot.press("down", "down", "enter")  # a3, the knight with a Great Sword
        refused = "a3 cannot Rapid Fire with a Great Sword: it has nothing to shoot or throw."
        assert f"Rapid Fire (NR) — {refused}" in labels(app)  # the 1st Action: said, and not on offer
        await pilot.press("d", "h")  # Defend; IF hit
        assert f"Rapid Fire (NR) — warning: {refused}" in labels(app)  # THEN: the same words
        assert "Defend (R)" in labels(app)
        await pilot.press("d")  # THEN Defend
        assert f"Rapid Fire (NR) — warning: {refused}" in labels(app)  # ELSE too


async def test_the_then_action_is_judged_as_the_first_action_leaves_the_character():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        await pilot.press("enter")
        await open_orders(pilot, 0)
        await pilot.press("down", "down", "enter")  # a3, the knight
        await pilot.press("t")  # Use Item: swap the Great Sword for the Flail it carries
        swap = [key for key, _, value in app.screen.entries if value == "swap:flail"]
        await pilot.press(swap[0], "h")
        assert "Rapid Fire (NR) — warning: a3 cannot Rapid Fire with a Flail: it has nothing to shoot or throw." in labels(app)
