"""An order with no alternative never keeps a server game waiting
(docs/rulings.md, *Leaving a server game*).  A tester's Spheres of War
game: Bob's figure had just been struck and had to roll its defence (rule
33, its only order) when Bob's terminal was killed; Ann's screen waited on
that roll until Bob came back, and five minutes on she won the game by
claiming it, Bob "left the game" over a roll he had no say in.  Now the
referee gives such an order itself for a side with no player connected,
the game goes on, and the claim clock counts only a real choice; a
connected player's roll waited on is given when the opponent claims, and
the claim is refused.  Real server, real sockets, real seats."""

from __future__ import annotations

import time

from core.board import distance
from core.ruleset import Rejection
from core.rulesets.spheres_of_war.orders import Fight
from tests.server.helpers import wait_until


def _pick(seat, side: int):
    """A quick way to contact: the Instigator (Ann, side 0) walks at her
    opponent and fights; the Retaliator (Bob, side 1) only waits.  Deploying,
    each places the rest and says ready.  None: nothing to give."""
    legal = seat.legal_orders()
    if not legal:
        return None
    by_verb = {}
    for order in legal:
        by_verb.setdefault(order.verb, order)
    for verb in ("deploy-all", "ready", "match", "fight"):
        if verb in by_verb:
            return by_verb[verb]
    if side == 1:
        return by_verb.get("wait")
    view = seat.view()
    them = view.get(view.match.retaliator).pos
    moves = [o for o in legal if o.verb == "move" and view.battlefield.in_bounds(o.to)]
    return min(moves, key=lambda o: distance(o.to, them)) if moves else by_verb.get("wait")


def _bobs_figure_struck(server, claim_after: float, idle_after: float, names: tuple[str, str] = ("Ann", "Bob")):
    """Ann (Instigator, side 0) and Bob (side 1) play until Bob's figure is
    struck and its defence roll is all the game waits on."""
    server.referee.claim_after, server.referee.idle_after = claim_after, idle_after
    ann, bob = server.client(names[0]), server.client(names[1])
    gid, _ = ann.create("spheres_of_war", {"instigator": "first"}, ("me", "open"))
    hers, his = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    for _ in range(400):
        struck = his.view().match.struck if his.to_act() == frozenset({1}) and his.view().match else None
        if struck is not None and struck.startswith("r"):
            assert his.legal_orders() == [Fight(1, struck)]
            return gid, hers, his, struck
        if not (0 in hers.to_act() or 1 in his.to_act()):
            time.sleep(0.02)  # a seat has not heard of the last order yet
        for seat, side in ((hers, 0), (his, 1)):
            if side in seat.to_act():
                order = _pick(seat, side)
                assert order is not None and order.verb != "fight" or side == 0, order
                before = len(hers.known_orders()) + 1, len(his.known_orders()) + 1
                assert not isinstance(seat.submit(order, wait=5), Rejection)
                assert wait_until(lambda: (len(hers.known_orders()), len(his.known_orders())) >= before)
                break
    raise AssertionError("Bob's figure was never struck")


def test_the_referee_rolls_the_defence_of_a_player_who_left_and_no_claim_comes_of_it(server):
    # A claim against an away Bob would be granted at once: only a real wait of his counts.
    gid, hers, his, struck = _bobs_figure_struck(server, claim_after=0.0, idle_after=3600.0)
    taken = len(hers.known_orders())
    his.stop()  # the tester's killed terminal
    assert wait_until(lambda: len(hers.known_orders()) > taken), "the game still waits on Bob's roll"
    assert hers.known_orders()[taken] == Fight(1, struck)
    assert hers.notice.startswith("› Bob is not connected: the server gives their only order.")
    assert f"{struck} is struck and must defend" in hers.notice
    # The game went on: the roll was made (a die of Bob's figure in the log), and it is Ann's to play now.
    assert any(getattr(e, "who", None) == struck for e in hers.events())
    assert wait_until(lambda: hers.to_act() == frozenset({0}) or hers.outcome() is not None)
    refused = hers.claim()
    assert isinstance(refused, Rejection) and refused.code in ("your-move", "game-over")
    assert hers.outcome() is None or hers.outcome().reason != "Bob left the game"
    # Ann plays on; each of Bob's orders with no alternative is given as it comes, until
    # the game waits on a choice of Bob's, which is a wait Ann may claim.
    live = server.referee.live[gid]

    def settled() -> bool:  # the referee has given what is due, and Ann's seat has heard all of it
        with live.lock:
            return live.forced_for_the_absent() is None and len(hers.known_orders()) == len(live.match.game.orders)

    for _ in range(300):
        assert wait_until(settled)
        if hers.outcome() is not None:
            return  # Ann won it outright: every one of Bob's orders left had no alternative
        if hers.to_act() == frozenset({1}):
            assert live.forced_wait() is None  # a real choice, not a forced roll
            assert wait_until(lambda: not isinstance(hers.claim(), Rejection), timeout=5)
            assert wait_until(lambda: hers.outcome() is not None)
            assert hers.outcome().winner == 0 and hers.outcome().reason == "Bob left the game"
            return
        before = len(hers.known_orders())
        order = _pick(hers, 0)
        assert order is not None
        assert not isinstance(hers.submit(order, wait=5), Rejection)
        assert wait_until(lambda: len(hers.known_orders()) > before)
    raise AssertionError("the game never came to a choice of Bob's")


def test_a_connected_players_roll_is_no_wait_to_claim_and_the_referee_gives_it(server):
    # Bob is connected but does nothing: a quiet player may be claimed at once here (idle_after 0),
    # but not over a roll he has no choice about.
    gid, hers, his, struck = _bobs_figure_struck(server, claim_after=3600.0, idle_after=0.0)
    taken = len(hers.known_orders())
    refused = hers.claim()
    assert isinstance(refused, Rejection) and refused.code == "forced"
    assert "only for an order with no alternative" in refused.message
    assert "The server gave it, and the game goes on." in refused.message
    assert hers.outcome() is None and server.db.game(gid)["state"] == "playing"
    assert wait_until(lambda: len(his.known_orders()) > taken)
    assert his.known_orders()[taken] == Fight(1, struck)
    assert wait_until(lambda: his.notice.startswith("› The game waited on Bob only for an order"))
    # Bob's own order for that moment comes too late and is refused by the rules: it is given once only.
    late = his.submit(Fight(1, struck), wait=5)
    assert isinstance(late, Rejection)
    assert [o for o in his.known_orders()[taken:] if o == Fight(1, struck)] == [Fight(1, struck)]


def test_a_roll_waited_on_when_the_server_stopped_is_given_as_it_takes_the_game_up_again(server):
    gid, hers, his, struck = _bobs_figure_struck(server, claim_after=3600.0, idle_after=3600.0)
    taken = len(hers.known_orders())
    # The server stops with the roll still waited on (its referee giving nothing as it goes, the way
    # a server killed at that moment, or one from before this rule, leaves the game in its store).
    server.referee.give_forced = lambda live, connected_too=None: 0
    his.stop()
    hers.stop()
    assert wait_until(lambda: not server.referee.live[gid].peers)
    assert len(server.referee.live[gid].match.game.orders) == taken
    server.stop()
    server.start()
    seat = server.client("Ann").resume(gid)
    assert wait_until(lambda: len(seat.known_orders()) > taken)
    assert seat.known_orders()[taken] == Fight(1, struck)
