"""saves.convert.OrderTexts: the text of orders, remembered by value, is
exactly what ``to_text`` gives, and the table stays within its limit."""

from __future__ import annotations

from bench.games import play_random
from core.registry import find_ruleset
from saves.convert import OrderTexts


def test_remembered_texts_are_the_orders_own_and_bounded():
    game = play_random(find_ruleset("platemail"), 1, cap=120).game
    table = OrderTexts(limit=50)
    expected = [o.to_text() for o in game.orders]
    assert table.texts(game.orders) == expected
    assert table.texts(game.orders) == expected  # again, from the table
    assert 0 < len(table.known) <= 50
