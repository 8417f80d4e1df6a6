"""Why? on the lines of the turn limit and the closing.

- The turn limit is Skirmish's own ruling (docs/rulings.md, *Turn limit
  (ours)*; the help's *House rulings*): Why? on "Scouting time is up" says
  that each player had the limit's number of scouting turns and cites
  that ruling, not the printed RULES.  An army still off the map that the
  limit brings on is the same ruling's.
- A closing move is seed 003's closing rule (RULES, the paragraphs on
  closing in): free because it shortens the distance, or paid for with a
  kudo coin (the line before it says so).  A tester read the scouting
  move rule on "Ann's g1 moves from 3,1 to 3,2" in the closing.
- A block coming onto the map comes onto a square of its own edge
  (RULES, the paragraphs on entering), not "moves one large square".
"""

from __future__ import annotations

import attrs

from core.events import Moved
from core.explain import explain
from core.rulesets.optio.state import Phase

from .helpers import R, closing, go, new_state, place, with_kinds


def played(state, *texts):
    events = []
    for text in texts:
        state, more = R.apply(state, R.parse_order(text))
        events += more
    return state, events


def why_of(events, sentence):
    index = next(i for i, e in enumerate(events) if e.sentence == sentence)
    return explain(R, events, index)


def test_why_on_the_turn_limit_says_how_many_turns_and_cites_the_house_ruling():
    state, events = played(with_kinds(new_state(turn_limit=2)),
                           "move side=0 unit=g-army to=2,0", "end-turn side=0",
                           "move side=1 unit=r-d1 to=0,4", "end-turn side=1",
                           "move side=0 unit=g-army to=2,1", "end-turn side=0",
                           "move side=1 unit=r-d1 to=0,3", "end-turn side=1")
    assert state.phase is Phase.CLOSING
    why = why_of(events, "Scouting time is up: both armies show themselves")  # the log's words stay
    assert any("Each player has had 2 scouting turns: the limit reached" in line for line in why.lines)
    assert why.section == "House rulings"
    assert "Turn limit (ours)" in why.cite and not why.cite.startswith("RULES")
    # Red's army was off the map: the limit brought it on, in Green's army's column.
    entered = next(e for e in events if isinstance(e, Moved) and e.unit == "Bob's r-army")
    assert entered.frm is None and entered.to == (2, 4)
    why = why_of(events, entered.sentence)
    assert why.section == "House rulings" and any("enemy army's column" in line for line in why.lines)


def test_why_on_a_free_closing_move_cites_the_closing_rule():
    state = closing(new_state(), (3, 1), (3, 4), active=0)
    _, events = played(state, "move side=0 unit=g-army to=3,2")
    why = why_of(events, "Ann's g-army moves from 3,1 to 3,2")
    assert why.cite == "RULES (closing in on the enemy army)" and why.section == "Closing in"
    assert any("shortens the distance is free" in line for line in why.lines)
    assert not any("up, down, left or right" in line for line in why.lines)  # the scouting move's words


def test_why_on_a_paid_closing_move_says_it_cost_a_coin():
    state = closing(new_state(), (3, 1), (3, 4), active=0)
    _, events = played(state, "move side=0 unit=g-army to=2,1")  # sideways: a coin
    assert events[0].sentence.startswith("Ann pays a kudo coin")
    why = why_of(events, "Ann's g-army moves from 3,1 to 2,1")
    assert why.cite == "RULES (closing in on the enemy army)"
    assert any("so it cost a kudo coin" in line for line in why.lines)
    assert not any("is free" in line for line in why.lines)


def test_a_closing_that_a_scout_began_is_known_from_the_log_alone():
    """Both armies named by scouts (no turn limit): the next army move is
    the closing's."""
    state = with_kinds(new_state())
    state = place(state, "g-army", (0, 0), arrived=1, revealed=True)
    state = place(state, "r-army", (2, 2), arrived=2)
    state = place(state, "g-scout", (2, 1), arrived=3)
    state = attrs.evolve(state, clock=3)
    state, events = played(state, "move side=0 unit=g-scout to=2,2", "scout side=0 unit=g-scout target=r-army",
                           "move side=1 unit=r-army to=1,2")
    assert state.phase is Phase.CLOSING
    why = why_of(events, "Bob's r-army moves from 2,2 to 1,2")
    assert why.section == "Closing in"


def test_why_on_a_block_entering_says_it_comes_onto_its_own_edge():
    state = with_kinds(new_state())
    _, events = played(state, "move side=0 unit=g-d1 to=3,0")
    why = why_of(events, "Ann's g-d1 enters at 3,0")
    assert any("comes onto any large square of its side's edge" in line and "Green's edge, the top row" in line
               for line in why.lines)
    assert not any("moves one large square" in line or "up, down, left or right" in line for line in why.lines)
    state = go(with_kinds(new_state(first=1)))
    _, events = played(state, "move side=1 unit=r-d1 to=1,4")
    why = why_of(events, "Bob's r-d1 enters at 1,4")
    assert any("Red's edge, the bottom row" in line for line in why.lines)


def test_a_scouting_move_keeps_the_scouting_rule():
    state = with_kinds(new_state())
    state = place(state, "g-d1", (3, 0), arrived=1)
    state = attrs.evolve(state, clock=1)
    _, events = played(state, "move side=0 unit=g-d1 to=3,1")
    why = why_of(events, "Ann's g-d1 moves from 3,0 to 3,1")
    assert why.cite == "RULES (moving and scouting)"


def test_why_on_a_closing_move_read_from_its_own_order_alone():
    """A hand-over's Why? is given only the news since the player's last
    turn: the closing move is still the closing's, free or paid."""
    state = closing(new_state(), (3, 1), (3, 4), active=0)
    _, free = played(state, "move side=0 unit=g-army to=3,2")
    assert explain(R, free, 0).section == "Closing in"
    _, paid = played(state, "move side=0 unit=g-army to=2,1")
    index = next(i for i, e in enumerate(paid) if isinstance(e, Moved))
    why = explain(R, paid[index:], 0)  # the coin's line cut off: still the closing
    assert why.section == "Closing in" and why.cite == "RULES (closing in on the enemy army)"
    assert any("so it cost a kudo coin" in line for line in explain(R, paid, index).lines)
