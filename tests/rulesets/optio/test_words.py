"""Optio's words (issue 29, "the smaller words"): who moves first and why,
in plain words, and no offer of a kudo coin a general does not have."""

from __future__ import annotations

import attrs

from core.events import Note, Rolled
from core.rulesets.optio.state import FirstPlayer

from .helpers import R, closing, map_battlefield, new_state, open_map


def _setup(first_player: FirstPlayer, seed: int):
    opmap = open_map()
    options = attrs.evolve(R.default_options(), map_name=opmap.name, first_player=first_player)
    return R.setup(options, map_battlefield(opmap), seed, ("Ann", "Bo"))


def test_the_first_move_sentence_says_who_moves_first_and_why():
    """Seed: "one die for first move": each rolls, the higher moves first."""
    for seed in range(8):
        state, events = _setup(FirstPlayer.ROLL, seed)
        rolls = [e for e in events if isinstance(e, Rolled)]
        a, b = rolls[-2], rolls[-1]
        winner, loser = (("Ann", a.total), ("Bo", b.total)) if a.total > b.total else (("Bo", b.total), ("Ann", a.total))
        assert state.players[state.first] == winner[0]
        note = next(e.text for e in events if isinstance(e, Note) and "first" in e.text)
        assert f"{winner[0]} moves first, having rolled {winner[1]} against {loser[0]}'s {loser[1]}" in note, note
        # and which colour each player's blocks are
        assert "Ann (Green) enters from the top edge, Bo (Red) from the bottom" in note
    state, events = _setup(FirstPlayer.PLAYER_2, 1)
    note = next(e.text for e in events if isinstance(e, Note) and "first" in e.text)
    assert "Bo moves first, as chosen for this game" in note and not any(isinstance(e, Rolled) for e in events)


def test_the_closing_never_offers_a_coin_the_general_does_not_have():
    state = closing(new_state(), (0, 0), (4, 4), active=0, kudos=(0, 3))
    detail = R.situation(state).detail
    assert "pay" not in detail and "no kudo coin left" in detail and "must close in" in detail, detail
    state = closing(new_state(), (0, 0), (4, 4), active=0, kudos=(1, 3))
    assert "or pay a kudo coin" in R.situation(state).detail


def test_why_a_coin_was_paid_counts_the_coins_left_in_good_english():
    from core.rulesets.optio.events import KudoPaid
    from core.rulesets.optio.explain import explain

    def left_line(left: int) -> str:
        lines, _ = explain([KudoPaid("Ann", left, "keep the army where it is")], 0)
        return lines[1]

    assert left_line(1) == "Ann has 1 kudo coin left"
    assert left_line(0) == "Ann has 0 kudo coins left"
    assert left_line(3) == "Ann has 3 kudo coins left"
