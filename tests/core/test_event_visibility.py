"""Who may read an event: everyone by default, or only the sides named."""

from core.events import Note, only_for, visible_to
from core.game import Game


def test_an_unmarked_event_is_read_by_both_sides_and_the_onlooker():
    event = Note("the bell rings")
    assert [visible_to(event, s) for s in (0, 1, None)] == [True, True, True]


def test_a_marked_event_is_read_only_by_its_sides():
    secret = only_for(1, Note("b1 slips into the shadows"))
    assert [visible_to(secret, s) for s in (0, 1, None)] == [False, True, False]
    both = only_for((0, 1), Note("both"))
    assert [visible_to(both, s) for s in (0, 1, None)] == [True, True, False]


def test_log_for_keeps_each_sides_events_in_order():
    public, mine, theirs = Note("a"), only_for(0, Note("b")), only_for(1, Note("c"))
    game = Game("x", None, None,
                0, ("A", "B"), None, (), (public, mine, theirs))
    assert game.log_for(0) == (public, mine)
    assert game.log_for(1) == (public, theirs)
    assert game.log_for(None) == (public,)
