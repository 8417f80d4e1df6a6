"""The authority of a hosted game: the table, who sits where, and what each
seat is sent.  It knows nothing of sockets: a peer is anything with a
``side``, a ``role``, a count ``sent_events``, an ``account`` (its uid,
or None) and ``send_message(kind, **fields)`` / ``refuse(code, message)`` /
``finish()`` (a
:class:`net.connection.Connection` is one; :mod:`net.unix` reaches peers
over a Unix socket).

Every change of the game happens under one lock, through
:class:`core.seats.Table` (so through ``core.game.submit``), and is followed
by the saver, then an update to every peer built from what its seat may
see -- ``view()`` (the one redaction, :func:`core.game.redact`),
``legal_orders()``, ``events()`` and ``known_orders()`` of its seat, nothing
else -- then the listeners.

An order the rules leave the joiner no alternative to (a Spheres of War
defence roll) is given here while no joiner is connected, as a server's
referee gives it (net/forced.py): the game never waits on it.  The host's
own side's such orders are its screen's to give, as ever.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import Any

from core.events import Event
from core.orders import OrderSyntaxError
from core.ruleset import Forced, Rejection
from core.seats import Facts, LocalSeat, Table, wrong_side
from net import fairdice, wire
from net.forced import absent_words, forced_wait, give_due, while_away_words
from net.serverwire import NAME_MAX

MAX_WATCHERS = 4
MAX_NOTICE = 300  # characters of a notice to the peers
MAX_NAME = NAME_MAX  # the server's limit: a longer name is refused where it is typed (net/names.py)
DEFAULT_NAME = re.compile(r"Player [12]")  # what the new-game form fills in
GIVER = "the host's Skirmish"  # who gives an absent joiner's order with no alternative, to the others
TAKEN_OVER = ("Another terminal of yours took this seat (your account joined again with this game's code): "
              "play goes on there. q leaves this one.")


def joiner_name(facts: Facts, side: int, name: str) -> Facts:
    """The facts with the joining side's name replaced by the name the
    joiner gave, when the host left that side's name at the form's default
    ("Player 2"); otherwise (the host named the side, or the name is empty,
    unsafe to the last character or the other side's) unchanged."""
    import attrs

    from saves.store import safe_name

    players = list(facts.players)
    given = safe_name(name[:MAX_NAME]) if name.strip() else ""
    if not DEFAULT_NAME.fullmatch(players[side]) or given in ("", "Player", players[1 - side]):
        return facts
    players[side] = given
    return attrs.evolve(facts, players=(players[0], players[1]))


def same_account(holder: Any, peer: Any) -> bool:
    """Whether ``peer`` comes from the account of ``holder`` (both known):
    the same person at another terminal (a new SSH session after the old
    one froze), who may take the seat over."""
    account = getattr(holder, "account", None)
    return account is not None and account == getattr(peer, "account", None)


class GuardedSeat(LocalSeat):
    """A local seat whose submit takes the authority's lock (the joiner's
    orders arrive on other threads)."""

    def __init__(self, authority: Authority, side: int | None) -> None:
        assert authority.table is not None
        super().__init__(authority.table, side)
        self.authority = authority

    def submit(self, order):
        with self.authority.lock:
            return super().submit(order)

    def submit_at(self, version, order):
        with self.authority.lock:  # the check and the order, with no joiner's order between them
            return super().submit_at(version, order)

    def snapshot(self):
        with self.authority.lock:  # one moment, not parts of two
            return super().snapshot()

    @property
    def status(self) -> str:
        """"absent" while the other seat's player is not connected."""
        return "playing" if self.authority.joined else "absent"

    @property
    def reason(self) -> str:
        return f"Join code: {self.authority.code}"


class Authority:
    """Serves the seat of ``remote_side`` (and onlookers) to peers.

    ``game`` is the game to serve, or None for a new game that starts once
    the joiner has given its half of the seed: ``make_game(seed)`` then
    builds it.  ``hosting`` is what a save keeps to resume (the code and the
    seed halves); the listeners are called (on any thread) after every
    change and when the joiner comes or goes.

    ``table_for(game)`` gives the table each game is served from (the
    owner's: a :class:`match.Match`'s, whose ``lock`` must then be this
    authority's ``lock``); by default a bare :class:`Table`.  The joiner's
    drafts (a ``drafts`` message) go to ``keep_drafts(side, drafts)`` (the
    match's ``put_drafts``, saved), else to the table; they go back to
    that seat's player only, after its welcome.
    """

    def __init__(self, facts: Facts, remote_side: int, code: str, hosting: dict,
                 game: Any = None, make_game: Callable[[int], Any] | None = None,
                 watchers: bool = True, table_for: Callable[[Any], Table] | None = None,
                 lock: Any = None) -> None:
        self.facts = facts
        self.form_facts = facts  # as the host chose them, before any joiner's name
        self.remote_side = remote_side
        self.code = code
        self.hosting = dict(hosting)
        self.make_game = make_game
        self.allow_watchers = watchers
        self.lock = lock if lock is not None else threading.RLock()  # a match's, when it gives the tables
        self.table_for: Callable[[Any], Table] = table_for or Table
        self.keep_drafts: Callable[[int, list[dict]], None] | None = None
        self.table: Table | None = self.table_for(game) if game is not None else None
        self.connections: list[Any] = []  # peers through their hello
        self.player: Any = None  # the peer in the remote seat
        self.listeners: list[Callable[[], None]] = []
        self.saver: Callable[[], None] | None = None  # called after every change, before any update
        self.started = threading.Event()
        self.games = 0  # how many games this host has begun after its first (next_game)
        # Orders with no alternative given for the absent joiner (net/forced.py): the host's
        # player hears of each (``forced_news(text)``), the joiner of them all when back.
        self.forced_news: Callable[[str], None] | None = None
        self.given_away: list[str] = []  # the rules' reasons, oldest first
        self.forcing = False
        if self.table is not None:
            self._attach()
            self.started.set()

    # -- the table ---------------------------------------------------------------
    def _attach(self) -> None:
        table = self.table
        assert table is not None
        # A game that is over and followed by the next one tells nobody anything.
        table.listen(lambda events: self._changed(events) if self.table is table else None)

    def seat(self, side: int | None) -> GuardedSeat:
        return GuardedSeat(self, side)

    @property
    def joined(self) -> bool:
        return self.player is not None and self.player.alive

    @property
    def watchers(self) -> int:
        """How many onlookers are connected."""
        return sum(1 for c in list(self.connections) if getattr(c, "role", None) == "watch" and c.alive)

    def announce(self, text: str) -> None:
        """Tell every connected peer ``text`` (news that no update carries,
        such as the host's saves failing).  Only queued: it never waits on a
        peer, so it may be called under the game's lock."""
        for peer in list(self.connections):
            peer.send_message("notice", text=text[:MAX_NOTICE])

    def _notify(self) -> None:
        for callback in list(self.listeners):
            try:
                callback()
            except Exception:
                pass

    def _changed(self, _events: tuple[Event, ...]) -> None:
        # Called under the lock by Table.submit: save first, so nobody is
        # ever shown a move that a crash could lose.
        if self.saver is not None:
            self.saver()
        for peer in list(self.connections):
            self._update(peer)
        self._notify()
        if not self.forcing:  # given once this submit is over, never from inside it
            self.give_forced_soon()

    def _update(self, peer: Any) -> None:
        """Send ``peer`` what its seat may see now, and nothing more."""
        if self.table is None:
            return  # waiting for the joiner's half of the seed
        game = self.table.game
        rules = game.ruleset
        seat = self.table.seat(peer.side)
        events = seat.events()
        new = events[peer.sent_events:]
        peer.sent_events = len(events)
        outcome = game.outcome
        peer.send_message(
            "update", version=self.table.version, view=wire.view_out(rules, seat.view()),
            to_act=sorted(seat.to_act()), legal=[o.to_text() for o in seat.legal_orders()],
            events=wire.events_out(rules, new), orders=[o.to_text() for o in seat.known_orders()],
            outcome=None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
            present=True)
        if outcome is not None and "host" in self.hosting:  # nothing is secret now: onlookers too
            peer.send_message("reveal", nonce=self.hosting["host"], joiner=self.hosting.get("joiner", ""),
                              orders=[o.to_text() for o in game.orders])

    # -- seating -------------------------------------------------------------------
    def sit(self, peer: Any, role: str, name: str) -> bool:
        """Seat a peer whose proof of the code checked out: ``role``
        "player" (the remote seat) or "watch" (an onlooker).  Refused (and
        False) when the seat is taken by another account, onlookers are
        full or not taken; else welcomed and sent its first update (and its
        drafts).  A player's seat held by a connection of the peer's own
        account (``account``: its uid) is taken over: the old connection is
        told ``moved`` and let go (a line that froze without hanging up
        would otherwise hold the seat until the system gives up on it)."""
        with self.lock:
            back = role == "player" and not self.joined  # not a takeover: the seat was empty
            if role == "player":
                if self.joined:
                    if not same_account(self.player, peer):
                        peer.refuse("seat-taken", "The other seat is already taken.")
                        return False
                    self._let_go(self.player, TAKEN_OVER)
                if self.table is None:  # not started: the joiner's own name may stand
                    self.facts = joiner_name(self.form_facts, self.remote_side, name)
                peer.side = self.remote_side
                self.player = peer
            elif role == "watch" and self.allow_watchers:
                if sum(c.role == "watch" for c in self.connections) >= MAX_WATCHERS:
                    peer.refuse("full", "Too many onlookers already.")
                    return False
                peer.side = None  # before the start it waits, as the joiner does
            else:
                peer.refuse("no-onlookers", "This game takes no onlookers.")
                return False
            peer.role = role
            peer.send_message("welcome", side=peer.side, commit=self.hosting.get("commit", ""),
                              started=self.table is not None,
                              **wire.facts_out(self.facts))
            self.connections.append(peer)
            drafts = self.table.drafts(peer.side) if self.table is not None and role == "player" else []
            if drafts:  # what this seat's player wrote before it left: its own, to it alone
                peer.send_message("drafts", drafts=drafts[:wire.MAX_DRAFTS])
            self._update(peer)
            if back:
                self._tell_onlookers(self.joiner_back())
                if self.given_away:
                    self._tell_back(peer, while_away_words(GIVER, self.given_away))
                    self.given_away = []
            elif self.under_way() and not self.joined:  # an onlooker who comes while the joiner is away
                peer.send_message("notice", text=self.joiner_away()[:MAX_NOTICE])
        self._notify()  # a joiner, or an onlooker: the host's screen says who is there
        return True

    # -- what onlookers are told of the joiner ---------------------------------------
    def under_way(self) -> bool:
        """The game has begun and is not over: the joiner's seat is waited for."""
        return self.table is not None and self.table.game.outcome is None

    def joiner_away(self) -> str:
        name = self.facts.players[self.remote_side]
        return f"{name} is not connected: the game waits for them to join again."

    def joiner_back(self) -> str:
        return f"{self.facts.players[self.remote_side]} is connected: the game goes on."

    def _tell_onlookers(self, text: str) -> None:
        """Onlookers hear that the joiner went or came back, as the host's
        log says it (under the lock; only queued).  Before the game begins
        and after its end nobody waits for the joiner: nothing is said."""
        if not self.under_way():
            return
        for peer in list(self.connections):
            if getattr(peer, "role", None) == "watch":
                peer.send_message("notice", text=text[:MAX_NOTICE])

    # -- orders with no alternative, for a joiner who is not here ------------------
    def forced_for_the_absent(self) -> tuple[int, Forced] | None:
        """The joiner's side and its order with no alternative
        (``net.forced.forced_wait``) when the game waits on it and no joiner
        is connected; else None (the host's own side's are never given here)."""
        due = forced_wait(self.table.game if self.table is not None else None)
        return due if due is not None and due[0] == self.remote_side and not self.joined else None

    def give_forced(self) -> int:
        """Give each order with no alternative the game waits on from the
        joiner's side while no joiner is connected; the host's player
        (``forced_news``) and the onlookers are told why, and the joiner
        when it is back.  How many were given."""
        with self.lock:
            table = self.table
            if self.forcing or table is None:
                return 0
            self.forcing = True  # the changes these orders make start no thread of their own
            try:
                return give_due(lambda: table.game if self.table is table else None,
                                lambda side: side == self.remote_side and not self.joined,
                                lambda side, order: table.seat(side).submit(order), self._forced_given,
                                before=self._forced_giving)
            finally:
                self.forcing = False

    def give_forced_soon(self) -> None:
        """``give_forced`` on a thread of its own when something is due (a
        change's listener, or a screen just shown, may not give it itself)."""
        if self.forced_for_the_absent() is not None:
            threading.Thread(target=self.give_forced, name="skirmish-forced", daemon=True).start()

    def _forced_giving(self, side: int, forced: Forced) -> None:
        """The host's player hears why before the roll shows on its board."""
        if self.forced_news is not None:
            self.forced_news(absent_words(self.facts.players[side], "your Skirmish", forced))

    def _forced_given(self, side: int, forced: Forced) -> None:
        """Onlookers hear why after the update that shows it; the joiner, once back."""
        self.given_away = [*self.given_away, forced.why][-20:]
        for peer in list(self.connections):
            if getattr(peer, "role", None) == "watch":
                peer.send_message("notice", text=absent_words(self.facts.players[side], GIVER, forced)[:MAX_NOTICE])

    def _tell_back(self, peer: Any, text: str) -> None:
        """Tell the joiner ``peer``, back at the game, ``text`` (after its
        update: its screen shows the notice once the game is up,
        tui/remote/joining.py)."""
        peer.send_message("notice", text=text[:MAX_NOTICE])

    def _let_go(self, peer: Any, reason: str) -> None:
        """The seat's player ``peer`` gives way to another connection of its
        account (under the lock): told why, then hung up on once that has
        left (a peer that reads nothing is dropped as usual, holding up nobody)."""
        peer.send_message("moved", reason=reason)
        peer.finish()
        if peer in self.connections:
            self.connections.remove(peer)
        if self.player is peer:
            self.player = None

    def leave(self, peer: Any) -> None:
        """``peer`` has gone (hung up, or was dropped)."""
        with self.lock:
            if peer in self.connections:
                self.connections.remove(peer)
            was_player = self.player is peer
            if was_player:
                self.player = None
                self._tell_onlookers(self.joiner_away())
        if was_player or getattr(peer, "role", None) == "watch":
            self._notify()
        if was_player:  # after the news that the joiner went, which says why the host gives it
            self.give_forced()

    def begin(self, peer: Any, nonce: str) -> None:
        """The joiner's half of the seed has come: start the game."""
        if peer is not self.player:  # an onlooker's: refused without taking the game's lock
            peer.refuse("not-now", "A half of the seed is taken only from the joiner, before the game.")
            return
        with self.lock:
            if self.table is not None or peer is not self.player or not fairdice.is_half(nonce):
                peer.refuse("not-now", "A half of the seed is taken only from the joiner, before the game.")
                return
            self.hosting["joiner"] = nonce
            assert self.make_game is not None
            game = self.make_game(fairdice.seed_from(self.hosting["host"], nonce))
            if tuple(game.players) != tuple(self.facts.players):  # the joiner's own name
                from core.game import start

                game = start(game.ruleset, game.options, game.battlefield, game.seed, self.facts.players)
            self.table = self.table_for(game)
            self._attach()
            peer.send_message("seed", status="agreed")
            for each in list(self.connections):
                each.sent_events = 0
                self._update(each)
        self.started.set()
        self._notify()

    def order(self, peer: Any, text: str) -> None:
        """An order from ``peer``'s seat, answered with a ``result``."""
        rules = self.facts.ruleset
        try:
            order = rules.parse_order(text)
        except (OrderSyntaxError, ValueError) as exc:
            peer.send_message("result", ok=False, code="bad-order", message=str(exc)[:200])
            return
        refused = wrong_side(peer.side, order)  # needs no lock: a flood of these never holds it
        if refused is not None:
            peer.send_message("result", ok=False, code=refused.code, message=refused.message)
            return
        with self.lock:
            if self.table is None:
                peer.send_message("result", ok=False, code="not-started", message="The game has not started.")
                return
            result = self.table.seat(peer.side).submit(order)
            if isinstance(result, Rejection):
                peer.send_message("result", ok=False, code=result.code, message=result.message)
            else:
                peer.send_message("result", ok=True, code="", message="")

    def drafts(self, peer: Any, data: Any) -> None:
        """The joiner's drafts (what it has written, not given), kept with
        the game in place of its earlier ones.  Never sent to anyone else."""
        if peer is not self.player:
            peer.refuse("not-now", "Only the joiner's seat keeps drafts.")
            return
        try:
            drafts = wire.drafts_in(data, peer.side)
        except wire.WireError:
            return  # dropped unanswered: a refusal would read as the answer to an order sent
        with self.lock:
            if self.table is None or peer is not self.player or self.table.drafts(peer.side) == drafts:
                return
            if self.keep_drafts is not None:
                self.keep_drafts(peer.side, drafts)
            else:
                self.table.put_drafts(peer.side, drafts)

    # -- the next game, the end --------------------------------------------------
    def next_game(self, facts: Facts, remote_side: int, hosting: dict, make_game: Callable[[int], Any],
                  reason: str = "The host has begun the next game.") -> None:
        """Begin the game after this one, with the same code: ``facts`` and
        ``remote_side`` (the joiner's side in it), a new half of the seed in
        ``hosting``, and ``make_game(seed)`` to build it once the joiner's new
        half has come.  Every peer is told ``next`` and let go; they come
        again to this game (the joiner at once, by itself)."""
        with self.lock:
            self.facts = self.form_facts = facts
            self.remote_side = remote_side
            self.hosting, self.make_game = dict(hosting), make_game
            self.table = None
            self.started.clear()
            self.games += 1
            self.given_away = []
            leaving, self.connections, self.player = list(self.connections), [], None
            for peer in leaving:
                peer.send_message("next", reason=reason)
                peer.finish()
        self._notify()

    def dismiss(self, reason: str) -> list[Any]:
        """Tell every peer why the game is closing, and let them go: the
        peers, for the transport to hang up on once their last words left."""
        with self.lock:
            leaving = list(self.connections)
            for peer in leaving:
                peer.send_message("closing", reason=reason)
                peer.finish()
            self.connections.clear()
            self.player = None
        return leaving
