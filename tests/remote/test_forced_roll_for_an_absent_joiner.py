"""Two terminals without a server (``skirmish host`` / ``skirmish join``):
an order the rules leave no alternative to (``Ruleset.forced_order``: a
Spheres of War defence roll, rules 30, 33-36) never keeps the host's game
waiting on a joiner who is not connected (docs/rulings.md, *Leaving a
server game*), as on a server the referee gives it.  Before, Bob's
terminal closed while his struck figure had to roll, and Ann's game
waited on that roll until he came back.  Now the hosting side gives it,
says why (the host's log, the onlookers' notice) and tells Bob when he is
back; it never gives the host's own side's order, which Ann's screen
gives itself.  Real sockets, a host in this process.

The game is Spheres of War on its default battlefield with seed 3 and
Ann (side 0) the Instigator: Ann deploys and says ready, Bob too, Ann
picks the Match i1 against r1, which forms in contact, so i1 must strike
in place (rule 36).  r1 is struck and must roll its defence (rules
33-34).  The seed's die for that defence is a 3, which holds (rule 33:
5-6 fails), so r1 strikes back and i1 must defend in its turn."""

from __future__ import annotations

import asyncio
import time

from core.board import distance
from core.events import Rolled
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.spheres_of_war.orders import Fight
from saves.library import battlefield_named
from tests.remote.helpers import RecordingSeat, new_host, showing, until, wait_until
from tests.tui.test_flow import log_text
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

RULES = find_ruleset("spheres_of_war")
BOBS_ROLL = Fight(1, "r1")
ANNS_STRIKE = Fight(0, "i1")
ROLL_WHY = "r1 is struck and must defend: it rolls a d6 (5-6 falls)"


def _pick(game, side: int):
    """Ann walks at her opponent and fights, Bob only waits; each deploys
    everything and says ready."""
    legal = game.legal_orders(side)
    by_verb = {}
    for order in legal:
        by_verb.setdefault(order.verb, order)
    for verb in ("deploy-all", "ready", "match", "fight"):
        if verb in by_verb:
            return by_verb[verb]
    if side == 1:
        return by_verb["wait"]
    view = game.view(0)
    them = view.get(view.match.retaliator).pos
    return min((o for o in legal if o.verb == "move"), key=lambda o: distance(o.to, them))


def _played(until_struck: bool):
    """The game up to Ann's strike in place (``until_struck`` False) or
    up to Bob's defence roll, all the game then waits on."""
    game = start(RULES, RULES.default_options(), battlefield_named(RULES.default_battlefield), 3, ("Ann", "Bob"))
    while True:
        side = min(game.to_act)
        order = _pick(game, side)
        if order == ANNS_STRIKE and not until_struck:
            break
        game = submit(game, order).game
        if order == ANNS_STRIKE:
            break
    forced = RULES.forced_order(game.state, 1 if until_struck else 0)
    if until_struck:  # the struck r1's defence, Bob's only order (rules 33-34)
        assert game.to_act == frozenset({1}) and forced is not None
        assert forced.order == BOBS_ROLL and forced.why == ROLL_WHY
    else:  # a Match formed in contact: i1 may only strike (rules 30, 36)
        assert game.to_act == frozenset({0}) and forced is not None and forced.order == ANNS_STRIKE
    return game


def _notices(seat) -> list[str]:
    import json

    return [json.loads(line)["text"] for line in seat.received if json.loads(line).get("type") == "notice"]


def test_the_host_gives_the_roll_of_a_joiner_who_left_never_one_of_its_own_side():
    host = new_host("spheres_of_war", remote_side=1, game=_played(until_struck=False))
    try:
        bob = RecordingSeat(host.code, name="Bob")
        bob.start()
        watcher = RecordingSeat(host.code, role="watch", name="Cy")
        watcher.start()
        assert isinstance(host.seat(0).submit(ANNS_STRIKE), tuple)
        assert wait_until(lambda: bob.to_act() == frozenset({1}))
        assert bob.legal_orders() == [BOBS_ROLL]
        time.sleep(0.3)  # Bob is connected: his own Skirmish gives his roll, the host does not
        assert len(host.table.game.orders) == 6
        bob.stop()  # his terminal is closed
        assert wait_until(lambda: len(host.table.game.orders) >= 7), "the host's game waits on Bob's roll"
        game = host.table.game
        assert game.orders[6] == BOBS_ROLL
        # r1's defence die holds (rule 33: only 5-6 fails), so r1 strikes back and i1's
        # defence is now Ann's only order.
        rolls = [e for e in game.log if isinstance(e, Rolled) and e.who == "r1"]
        assert len(rolls) == 1 and rolls[0].total <= 4, rolls
        assert not game.state.unit("r1").removed
        forced = RULES.forced_order(game.state, 0)
        assert forced is not None and forced.order == Fight(0, "i1") and forced.why.startswith("i1 is struck")
        time.sleep(0.3)  # the hosting side never gives Ann's: her own screen does (the next test)
        assert len(host.table.game.orders) == 7
        assert wait_until(lambda: any(t.startswith("› Bob is not connected: the host's Skirmish gives their only "
                                                   f"order. {ROLL_WHY}") for t in _notices(watcher))), \
            _notices(watcher)
        # Bob comes back: told what was given for him while he was away, and his log has the roll.
        back = RecordingSeat(host.code, name="Bob")
        back.start()
        assert back.known_orders()[6] == BOBS_ROLL
        assert wait_until(lambda: back.notice.startswith("While you were away, the host's Skirmish gave")), \
            back.notice
        assert ROLL_WHY in back.notice
        back.stop()
        watcher.stop()
    finally:
        host.close()


def test_a_joiner_there_gives_its_own_roll_and_nothing_is_said_on_its_return():
    host = new_host("spheres_of_war", remote_side=1, game=_played(until_struck=True))
    try:
        bob = RecordingSeat(host.code, name="Bob")
        bob.start()
        assert isinstance(bob.submit(BOBS_ROLL, wait=5), tuple)
        assert wait_until(lambda: len(host.table.game.orders) == 7)
        bob.stop()
        assert wait_until(lambda: not host.joined)
        back = RecordingSeat(host.code, name="Bob")
        back.start()
        time.sleep(0.5)
        assert not any("While you were away" in t for t in _notices(back))
        back.stop()
    finally:
        host.close()


async def test_the_hosts_screen_says_why_and_goes_on_to_anns_own_roll(data_dir):
    """``skirmish host FILE`` of the game before Ann's strike, Bob not
    connected: Ann's screen gives her strike (her only order), the host
    gives Bob's roll and her log says why, and her screen gives her own
    defence roll as before."""
    from saves.store import new_save_path, save_game

    game = _played(until_struck=False)
    path = new_save_path(game)
    save_game(game, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        # The game goes on to Ann's next choice, whose menu may already be open over the board.
        assert await until(pilot, lambda: any(isinstance(s, GameScreen) and s.is_mounted for s in app.screen_stack))
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        said = ("› Bob is not connected: your Skirmish gives their only order. "
                f"{ROLL_WHY}")
        banner = screen.query_one("#banner")
        assert await until(pilot, lambda: said in log_text(screen)), (log_text(screen), str(banner.render()))
        assert await until(pilot, lambda: len(screen.game.orders) >= 8), [o.to_text() for o in screen.game.orders]
        orders = app.host.table.game.orders
        assert orders[5:8] == (ANNS_STRIKE, BOBS_ROLL, Fight(0, "i1"))
        text = log_text(screen)
        assert "› i1 is struck and must defend" in text  # said by her own screen
        assert text.count(said) == 1 and text.count("r1 rolls 1d6 for defence against i1") == 1, text
        app.stop_hosting()
        app.close_session()


async def test_the_joiner_back_at_the_game_reads_in_its_log_what_was_given_for_it():
    host = new_host("spheres_of_war", remote_side=1, game=_played(until_struck=True))
    try:
        gone = RecordingSeat(host.code, name="Bob")
        await asyncio.to_thread(gone.start)
        gone.stop()
        assert wait_until(lambda: len(host.table.game.orders) == 7)
        app = SkirmishApp(join_code=host.code)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            screen = app.screen
            assert await until(pilot, lambda: "While you were away, the host's Skirmish gave your only order: "
                               f"{ROLL_WHY}" in log_text(screen)), log_text(screen)
            assert "r1 rolls 1d6 for defence" in log_text(screen)
    finally:
        host.close()


async def test_a_hosted_game_resumed_at_the_absent_joiners_roll_goes_on(data_dir):
    """``skirmish host FILE`` of a game that waits on Bob's roll, Bob not
    connected: nothing else will change the game, and it still goes on."""
    from saves.store import new_save_path, save_game

    game = _played(until_struck=True)
    path = new_save_path(game)
    save_game(game, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: any(isinstance(s, GameScreen) and s.is_mounted for s in app.screen_stack))
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        said = f"› Bob is not connected: your Skirmish gives their only order. {ROLL_WHY}"
        assert await until(pilot, lambda: said in log_text(screen)), log_text(screen)
        assert await until(pilot, lambda: "r1 rolls 1d6 for defence against i1" in log_text(screen))
        assert app.host.table.game.orders[6] == BOBS_ROLL
        text = log_text(screen)
        assert text.index(said) < text.index("r1 rolls 1d6 for defence"), text  # each roll shown once, after why
        assert text.count("r1 rolls 1d6 for defence against i1") == 1, text
        app.stop_hosting()
        app.close_session()
