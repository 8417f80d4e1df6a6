"""The match (``match/``): one game's life below the screens -- seats, one
persistence listener for every mode (a saver it is given; drafts of every
seat beside the game), take-back, the rematch and the next game."""

from __future__ import annotations

from bench.games import battlefield_for
from core.game import start
from core.registry import find_ruleset
from core.ruleset import Rejection
from match import Match, Notice


def new(name: str = "plasto_latros", seed: int = 3):
    rules = find_ruleset(name)
    return start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))


class Saver:
    """A stand-in for a save file: keeps what it was given (or fails)."""

    def __init__(self) -> None:
        self.saved: list[tuple] = []
        self.failing = ""

    def __call__(self, game, pending, kinds) -> None:
        if self.failing:
            raise OSError(self.failing)
        self.saved.append((game, pending, kinds))


def deploy(match, side):
    return next(o for o in match.seat(side).legal_orders() if o.verb == "deploy")


def test_every_order_is_saved_with_the_drafts_of_every_seat():
    saver = Saver()
    match = Match(new(), saver=saver)
    ann, bo = match.seat(0), match.seat(1)
    assert ann.put_drafts([{"kind": "platemail-orders", "side": 0, "orders": ["a"]}])
    assert bo.put_drafts([{"kind": "platemail-orders", "side": 1, "orders": ["b"]}])
    result = ann.submit(deploy(match, 0))
    assert not isinstance(result, Rejection)
    game, pending, kinds = saver.saved[-1]
    assert game is match.game and len(game.orders) == 1
    assert [d["side"] for d in pending["drafts"]] == [0, 1]
    assert kinds == ("human", "human")
    # an onlooker hands in nothing
    assert match.seat(None).put_drafts([{"kind": "x", "side": 0}]) is False


def test_drafts_saved_on_demand_and_replaced_per_seat():
    saver = Saver()
    match = Match(new(), saver=saver, drafts=[{"kind": "platemail-orders", "side": 1, "orders": []}])
    match.put_drafts(0, [{"kind": "platemail-orders", "side": 0, "orders": ["x"]}], save=True)
    match.put_drafts(0, [], save=True)
    assert [d["side"] for d in saver.saved[-2][1]["drafts"]] == [0, 1]
    assert [d["side"] for d in saver.saved[-1][1]["drafts"]] == [1]


def test_a_failed_save_keeps_the_order_is_told_and_a_retry_says_saved_again():
    saver, notices = Saver(), []
    match = Match(new(), saver=saver)
    match.subscribe(notices.append)
    saver.failing = "disk full"
    assert not isinstance(match.seat(0).submit(deploy(match, 0)), Rejection)
    assert len(match.game.orders) == 1 and match.save_failed
    assert Notice("save-failed", reason="disk full") in notices
    saver.failing = ""
    assert match.save() is None and not match.save_failed
    assert Notice("saved-again") in notices and len(saver.saved[-1][0].orders) == 1


def test_strict_refuses_an_order_it_cannot_save():
    saver = Saver()
    match = Match(new(), saver=saver, strict=True)
    saver.failing = "disk full"
    result = match.seat(0).submit(deploy(match, 0))
    assert isinstance(result, Rejection) and "disk full" in result.message
    assert match.game.orders == ()
    saver.failing = ""
    assert not isinstance(match.seat(0).submit(deploy(match, 0)), Rejection)
    assert len(saver.saved[-1][0].orders) == 1


def test_take_back_replaces_the_game_saves_and_tells():
    saver, notices = Saver(), []
    match = Match(new(), saver=saver)
    match.subscribe(notices.append)
    before = match.game
    order = deploy(match, 0)
    match.seat(0).submit(order)
    assert match.take_back(1).code == "not-yours"
    assert match.take_back(0) == order
    assert match.game.state == before.state and match.game.orders == ()
    assert saver.saved[-1][0].orders == ()
    assert any(n.kind == "taken-back" and n.side == 0 for n in notices)


def test_no_take_back_with_a_player_elsewhere():
    match = Match(new(), kinds=("human", "remote"))
    match.seat(0).submit(deploy(match, 0))
    refused = match.take_back(0)
    assert isinstance(refused, Rejection) and "one keyboard" in refused.message


def test_rematch_swaps_sides_players_and_seats_and_saves_the_new_game():
    saver, other = Saver(), Saver()
    match = Match(new(), kinds=("human", "remote"), saver=saver, computers=False)
    old = match.game
    fresh = match.rematch(saver=other)
    assert match.game is fresh and fresh.players == ("Bo", "Ann") and fresh.seed == old.seed + 1
    assert match.kinds == ("remote", "human")
    assert other.saved[-1][0] is fresh and fresh.orders == ()


def test_next_game_keeps_who_fills_each_seat():
    match = Match(new(), kinds=("human", "easy"), computers=False)
    battle = new("spheres_of_war")
    match.next_game(battle)
    assert match.game is battle and match.kinds == ("human", "easy")


def test_a_match_takes_up_a_table_a_host_already_serves_and_keeps_it_strictly():
    """A host handed over with a bare table (``Hosting`` in the app): the
    match keeps that table, with the host's lock, and saves each order
    before it is taken; one that cannot be saved is refused."""
    import threading

    from core.seats import Table

    game, lock, saver = new(), threading.RLock(), Saver()
    table = Table(game)
    match = Match(game, saver=saver, strict=True, computers=False, lock=lock, table=table)
    assert match.table is table and match.lock is lock
    saver.failing = "disk full"
    refused = table.seat(0).submit(deploy(match, 0))
    assert isinstance(refused, Rejection) and refused.code == "not-saved" and table.version == 0
    saver.failing = ""
    assert not isinstance(table.seat(0).submit(deploy(match, 0)), Rejection)
    assert saver.saved[-1][0] is table.game and table.version == 1


def test_a_closed_match_saves_nothing_more_into_a_table_that_outlives_it():
    """A host can go on serving its table after the app's match of it is
    closed (the player left it for another game); that match's saver then
    writes the app's save file, which is by now another game's.  A closed
    match keeps no hook into the table: the next order is not written with
    it (what the palette's New game once did to a hosted game)."""
    import threading

    from core.seats import Table

    game, lock, saver = new(), threading.RLock(), Saver()
    table = Table(game)
    match = Match(game, saver=saver, strict=True, computers=False, lock=lock, table=table)
    assert not isinstance(table.seat(0).submit(deploy(match, 0)), Rejection)
    saved = len(saver.saved)
    match.close()
    assert table.keeper is None
    table.seat(0).submit(deploy(match, 0))
    assert len(saver.saved) == saved
    assert match.save() is None and len(saver.saved) == saved
