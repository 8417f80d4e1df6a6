"""The server's referee: holds every game on this machine, neutral.

Each game that has begun is a :class:`match.Match` (``strict``: every order
is in the store before anyone hears of it) whose saver is the store
(:class:`saves.gamedb.GameDB`); a computer seat is the match's own
:class:`match.computer.ComputerClient`.  Every unfinished game, with the
drafts of each seat, is loaded again when the referee starts.

A peer is anything with ``player`` (its player's id), ``side``, ``role``,
``sent_events`` (how far into the game's log it has been sent),
``send_message(kind, **fields)``, ``refuse(code, message)`` and ``alive``
(a :class:`net.connection.Connection` is one).  What a peer is sent, built
from its seat only, is net/sending.py's; the chat goes to the two players.
A claim, the orders with no alternative given for a player not there,
the warning to a quiet player and the ``waits`` each player's seat is
sent (the times of both claims, as numbers) are net/absence.py's.

Lobby questions raise :class:`Refusal` (a code and a sentence) when they
cannot be answered.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from typing import Any

from core import game as core_game
from core.orders import OrderSyntaxError
from core.registry import find_ruleset
from core.ruleset import Rejection
from core.seats import wrong_side
from match import LEVELS, REMOTE, Match, Notice
from net import absence, caps, damaged, fairdice, serverwire, wire
from net.chat import say, send_chat, shortened
from net.gamesetup import checked_setup
from net.guests import Guests
from net.live import Live, following_words, result_text, seat_label
from net.lobby_list import lobby_for
from net.names import LABEL_MAX, NameRefused, chosen_name, first_name, same_name
from net.sending import send_drafts, stored_reasons, tell_presence, update, welcome
from saves.gamedb import GameDB

FILLERS = ("me", "open", "invite", *LEVELS)
MAX_NAME = LABEL_MAX  # characters of a name as a game's seat carries it (a chosen one is at most NAME_MAX)
MAX_WATCHERS = 16  # onlookers of one game
CLAIM_AFTER = 300.0  # seconds a player must have been away before the opponent may claim the game
IDLE_AFTER = 1800.0  # seconds a game must have waited for a connected player who does nothing, for the same
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
NO_SEAT_OF_MAKERS = ("A game you make has you at one of its sides: choose \"me\" for the side you play. "
                     "Once begun, a game ends only by its players (a concession, a draw, a claim), "
                     "so the server's computer does not play itself here.")


class Refusal(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Referee:
    """Every game on this machine (see the module docstring)."""

    def __init__(self, db: GameDB, computers: bool = True, claim_after: float = CLAIM_AFTER,
                 idle_after: float = IDLE_AFTER) -> None:
        self.db = db
        self.computers = computers
        self.claim_after = claim_after
        self.idle_after = idle_after
        self.lock = threading.RLock()  # the lobby's: who sits where, which games are held
        self.live: dict[str, Live] = {}
        self.names: dict[str, str] = db.names()
        self.problems: list[str] = []  # games that could not be loaded, and why
        self.damaged: dict[str, str] = {}  # those games under way, by id: what is wrong (net/damaged.py)
        self.guests = Guests()  # who has a connection; guests not stored yet; guests' waiting games
        self._load()

    # -- starting --------------------------------------------------------------------
    def _load(self) -> None:
        fillers = self.db.all_fillers()
        for row in self.db.games(("open", "playing"), limit=1_000_000):
            gid = row["id"]
            live = Live(gid, row, fillers.get(gid, ("open", "open")))
            live.chat_seen.update(self.db.chat_seen(gid))  # which chat lines are new to whom, across a restart
            if row["state"] == "playing":
                try:
                    self._resume_match(live, row)
                except Exception as exc:  # noqa: BLE001 - one bad row never stops the others
                    self.damaged[gid] = damaged.problem_of(gid, exc)
                    self.problems.append(self.damaged[gid])
                    continue
            self.live[gid] = live

    def _resume_match(self, live: Live, row: Any) -> None:
        from saves.store import load_blob

        game, pending, _seats = load_blob(f"game {live.gid}", row["save"].encode())
        drafts = [d for side, ds in sorted(self.db.drafts(live.gid).items()) for d in ds if d.get("side") == side]
        self._seat_match(live, game, drafts, pending.get("reasons"))
        self.give_forced(live)  # nobody is connected yet: a roll it waited on is given now

    def _seat_match(self, live: Live, game: core_game.Game, drafts: list[dict] | None,
                    reasons: Any = None) -> None:
        kinds = tuple(f if f in LEVELS else REMOTE for f in live.fillers)
        match = Match(game, (kinds[0], kinds[1]), saver=self._saver(live.gid, live), strict=True, drafts=drafts,
                      computers=False, reasons=reasons)
        match.lock = live.lock  # one lock for the game and its peers
        match.subscribe(lambda notice: self._noticed(live, notice))
        live.match = match
        now = live.changed_at = time.monotonic()
        for side in (0, 1):  # not at the game as it begins (or is taken up): away from now on, never from before
            if live.person(side) and not live.seated(side):
                live.away_since[side] = now
        if self.computers:
            match._start_computers = True
            match.start_computers()

    def _saver(self, gid: str, live: Live | None = None):
        from saves.store import game_to_data

        def save(game: core_game.Game, pending: dict, kinds: tuple[str, str]) -> None:
            seats = tuple("human" if k == REMOTE else k for k in kinds)
            drafts: dict[int, list[dict]] = {0: [], 1: []}
            for d in pending.get("drafts", ()):
                if d.get("side") in (0, 1):
                    drafts[d["side"]].append(d)
            over = game.outcome is not None
            texts = live.order_texts(game) if live is not None else None
            # The drafts have a table of their own; the computer's reasons go with the game.
            kept = {"reasons": pending["reasons"]} if pending.get("reasons") else None
            # No snapshot: the store is the server's own, and loading replays every order anyway.
            self.db.save_game(gid, game_to_data(game, kept, (seats[0], seats[1]), texts, snapshot=False), drafts,
                              result_text(game) if over else None)

        return save

    def close(self) -> None:
        with self.lock:
            for live in self.live.values():
                if live.match is not None:
                    live.match.close()

    # -- who is who -------------------------------------------------------------------
    def me(self, pid: str, kind: str, who: str, name: str, named: bool) -> dict:
        with self.lock:
            first = self.names.get(pid) or first_name(self.guests.known_names(self.names), pid, name, named)
            if self.guests.unstored_guest(pid, kind, (who, first, named), self.names):  # stored once it names itself
                return {"player": pid, "name": first, "needs_name": not named}
            row = self.db.player(pid, kind, who, first, named)
            self.names[pid] = row["name"]
            self.guests.came(pid)
        return {"player": pid, "name": row["name"], "needs_name": not row["named"]}

    def set_name(self, pid: str, name: str) -> dict:
        """``pid``'s display name from now on: refused when another player
        on the server has it (without regard to case), or when it is too
        long (``net.names``)."""
        with self.lock:
            try:
                given = chosen_name(self.guests.known_names(self.names), pid, name)
            except NameRefused as exc:
                raise Refusal(exc.code, exc.message) from None
            self.guests.store(self.db, self.names, pid)
            self.db.set_name(pid, given)
            self.names[pid] = given
        return {"player": pid, "name": given, "needs_name": False}

    # -- the lobby ---------------------------------------------------------------------
    def lobby(self, pid: str) -> dict:
        listed = lobby_for(self.db, self.live, self.names, pid, self.damaged)
        now = time.monotonic()
        for entry in listed["mine"]:  # a game begun without this player: how long it waits for them
            live = self.live.get(entry["id"])
            if live is not None and live.awaits is not None and entry["you"] in (0, 1):
                followed = self.db.game(live.follows)
                what = "battle" if followed is not None and followed["ruleset"] != live.ruleset else "rematch"
                entry["turn"] = following_words(live, entry["you"], self.names, what)
                if live.awaits == entry["you"]:  # the lobby's own field: its words are for reading
                    entry["awaits_you"] = what
                continue
            if live is not None and entry.get("turn") and entry["you"] in (0, 1):
                with live.lock:
                    told = live.begun_without_words(entry["you"], now, self.claim_after)
                entry["turn"] = told or entry["turn"]
        return listed

    def create(self, pid: str, ruleset: str, options: Any, battlefield: Any, seats: list) -> tuple[str, str]:
        if not (isinstance(seats, list) and len(seats) == 2 and all(s in FILLERS for s in seats)):
            raise Refusal("bad-seats", f"Each of the two seats is one of: {', '.join(FILLERS)}.")
        if seats.count("me") > 1:
            raise Refusal("bad-seats", "You can sit at one side of a game only.")
        if "me" not in seats:  # nobody could stop it: a game under way ends only by its players
            raise Refusal("bad-seats", NO_SEAT_OF_MAKERS)
        if seats.count("invite") > 1:
            raise Refusal("bad-seats", "One seat at most is kept for an invitation.")
        with self.lock:
            self._within_caps(pid, seats)
            refused = caps.waiting_refused(self.live) or self.guests.room_for(self, pid, seats)
        if refused:
            raise Refusal(*refused)
        try:
            rules = find_ruleset(ruleset)
        except (KeyError, LookupError, ValueError):
            raise Refusal("bad-ruleset", "This server has no such ruleset.") from None
        options_value, field = self._checked_setup(rules, options, battlefield)
        from saves.convert import PLAIN, converter_for, unstructure

        half, salt = fairdice.new_half(), fairdice.new_half()
        gid = secrets.token_hex(4)
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(10)) if "invite" in seats else ""
        fillers = tuple(f"player:{pid}" if s == "me" else s for s in seats)
        with self.lock:
            self.guests.store(self.db, self.names, pid)
            self.db.create_game(gid, rules.name, unstructure(converter_for(rules), options_value),
                                unstructure(PLAIN, field), (fillers[0], fillers[1]), fairdice.commitment(half),
                                half, salt, code, pid)
            row = self.db.game(gid)
            live = Live(gid, row, (fillers[0], fillers[1]))
            self.live[gid] = live
            self._begin_or_drop(live)
        return gid, code

    def withdraw(self, pid: str, gid: str) -> None:
        """``pid`` takes back a game it made that nobody has begun: gone
        from the store and the lobby; a seat waiting at it is told and let
        go.  A game under way is conceded from its screen instead; a damaged
        one (net/damaged.py) is withdrawn by a player of it, its row kept."""
        with self.lock:
            live = self.live.get(gid)
            if gid in self.damaged:
                damaged.withdraw(self, pid, gid)
                return
            if live is None:
                raise Refusal("no-game", "There is no such game waiting for an opponent.")
            if live.creator != pid:
                raise Refusal("not-yours", "Only the player who made a game may withdraw it.")
            if live.match is not None and f"player:{pid}" not in live.fillers:  # made before makers had to sit
                raise Refusal("begun", "That game has begun, and only its players end it: you do not sit at "
                                       "it, and it ends by itself when it is played out.")
            if live.match is not None:
                raise Refusal("begun", "That game has begun: give it up from its screen instead (q, then c).")
            with live.lock:
                if not self.db.withdraw_game(gid):
                    raise Refusal("begun", "That game has begun: give it up from its screen instead (q, then c).")
                for peer in list(live.peers):
                    peer.send_message("moved", reason="The player who made this game withdrew it.")
                    peer.finish()
                live.peers.clear()
                del self.live[gid]

    def rematch(self, pid: str, gid: str) -> str:
        """The rematch after ``gid`` (net/following.py): the new game's id."""
        from net import following

        return following.rematch(self, pid, gid)

    def battle(self, pid: str, gid: str, ruleset: str, options: Any) -> str:
        """The battle after the Optio pre-game ``gid`` (net/following.py): the new game's id."""
        from net import following

        return following.battle(self, pid, gid, ruleset, options)

    def _begin_or_drop(self, live: Live) -> None:
        """A game just made begins if nobody is awaited; one that cannot
        begin (its first save failed) is not kept half made (under the lock)."""
        try:
            self._maybe_begin(live)
        except Refusal:
            self.db.withdraw_game(live.gid)
            del self.live[live.gid]
            raise

    @staticmethod
    def _checked_setup(rules: Any, options: Any, battlefield: Any) -> tuple[Any, Any]:
        try:
            return checked_setup(rules, options, battlefield)
        except ValueError as exc:
            raise Refusal("bad-options", f"Those options cannot be played: {str(exc)[:200]}") from None

    def _within_caps(self, pid: str, seats: Any) -> None:
        """``pid`` may make one more game with these seats (net/caps.py;
        under the lock)."""
        refused = caps.making_refused(self.live, pid, seats, time.monotonic(), self.claim_after)
        if refused:
            raise Refusal(*refused)

    def join(self, pid: str, target: str) -> tuple[str, int]:
        """Take an open seat of the game ``target`` (its id, or its
        invitation code): the game's id and the side taken."""
        target = target.strip().lower()
        with self.lock:
            by_code = self.db.by_code(target) if target else None
            gid = by_code or target
            live = self.live.get(gid)
            if live is None or live.match is not None:
                raise Refusal("no-game", "No game waiting for an opponent has that name or code.")
            wanted = "invite" if by_code else "open"
            if f"player:{pid}" in live.fillers:
                raise Refusal("own-game", "You already sit at this game: resume it from your games.")
            if wanted not in live.fillers:
                raise Refusal("no-seat", "That game has no open seat (an invitation needs its code).")
            refused = caps.joining_refused(self.live, pid)
            if refused:
                raise Refusal(*refused)
            side = live.fillers.index(wanted)
            self.guests.store(self.db, self.names, pid)
            if not self.db.take_seat(gid, side, f"player:{pid}", wanted):
                raise Refusal("seat-taken", "Someone took that seat just now.")
            before = live.fillers
            fillers = list(live.fillers)
            fillers[side] = f"player:{pid}"
            live.fillers = (fillers[0], fillers[1])
            try:
                self._maybe_begin(live)
            except Refusal:  # the game could not begin: the seat is open again, in the store too
                self.db.take_seat(gid, side, wanted, f"player:{pid}")
                live.fillers = before
                raise
        return gid, side

    def _maybe_begin(self, live: Live) -> None:
        """Once nobody is awaited, the game begins: its seed from the halves
        (the server's committed one, and the public salt)."""
        if any(f in ("open", "invite") for f in live.fillers) or live.match is not None or live.awaits is not None:
            return
        rules = find_ruleset(live.ruleset)
        options, field = self._checked_setup(rules, live.options, live.battlefield)
        players = tuple(seat_label(self.names, f)[:MAX_NAME] for f in live.fillers)
        if same_name(players[0], players[1]):  # two stored names that read alike are told apart too
            players = (f"{players[0]} (1)", f"{players[1]} (2)")
        game = core_game.start(rules, options, field, fairdice.seed_from(live.half, live.salt),
                               (players[0], players[1]))
        with live.lock:
            self._seat_match(live, game, None)
            assert live.match is not None
            # A player not at the game as it begins is told so in the lobby (Live.begun_without_words).
            live.begun_without = {side for side in (0, 1) if live.person(side) and not live.seated(side)}
            problem = live.match.save()
            if problem is not None:  # not begun after all: the caller gives back what it changed
                live.match.close()
                live.match = None
                raise Refusal("not-saved", f"The game cannot be stored just now: {problem}")
            for peer in list(live.peers):
                peer.sent_events = peer.sent_reasons = 0
                welcome(live, peer, self.names, self.claim_after, self.idle_after)
                update(live, peer)
            absence.tell_waits(live, time.monotonic(), self.claim_after, self.idle_after)

    # -- seats -------------------------------------------------------------------------
    def sit(self, peer: Any, gid: str, role: str) -> None:
        """Seat ``peer`` at ``gid`` as its player (it must hold a seat there)
        or as an onlooker (neutral view)."""
        with self.lock:
            if gid in self.damaged:
                raise Refusal(*damaged.refusal(self.damaged[gid]))
            live = self.live.get(gid)
            if live is None:
                live = self._load_over(gid)
        if live is None:
            raise Refusal("no-game", "There is no such game.")
        if role == "player" and live.awaits is not None:
            self._come_to(live, peer.player)
        with live.lock:
            if role == "player":
                mine = f"player:{peer.player}"
                if mine not in live.fillers:
                    raise Refusal("not-yours", "You hold no seat in that game (you may watch it).")
                side: int | None = live.fillers.index(mine)
                for other in list(live.peers):  # the same player's older connection gives way
                    if other.role == "player" and other.side == side and other is not peer:
                        other.send_message("moved", reason=serverwire.SEAT_OPENED_ELSEWHERE)
                        other.finish()
                        live.peers.remove(other)
            elif role == "watch":
                if live.match is None:
                    raise Refusal("not-started", "That game has not begun: there is nothing to watch yet.")
                if sum(p.role == "watch" for p in live.peers) >= MAX_WATCHERS:
                    raise Refusal("full", "Too many onlookers already.")
                side = None
            else:
                raise Refusal("bad-role", "A role is 'player' or 'watch'.")
            peer.side, peer.role, peer.game, peer.sent_events = side, role, gid, 0
            peer.sent_reasons = 0
            back = role == "player" and side is not None and live.away_since.pop(side, None) is not None
            if side is not None:
                live.begun_without.discard(side)
            live.peers.append(peer)
            welcome(live, peer, self.names, self.claim_after, self.idle_after)
            if live.match is not None:
                update(live, peer)
                if back:
                    tell_presence(live, peer)
                if role == "player":  # whether the other side is here, and the times of both claims
                    absence.tell_waits(live, time.monotonic(), self.claim_after, self.idle_after)
            if role == "player":
                send_drafts(live, peer)
                send_chat(self.db, live, peer, self.db.chat(gid))  # what was said while it was away, marked new

    def _come_to(self, live: Live, pid: str) -> None:
        """The player a following game waits for (``Live.awaits``) comes
        to it: it begins now.  Anyone else sitting down changes nothing."""
        with self.lock, live.lock:
            side = live.awaits
            if side is None or live.match is not None or live.fillers[side] != f"player:{pid}":
                return
            if self.live.get(live.gid) is not live:  # withdrawn meanwhile
                raise Refusal("no-game", "There is no such game.")
            live.awaits = None
            try:
                self._maybe_begin(live)
            except Refusal:
                live.awaits = side  # not begun: it waits for them still
                raise

    def _load_over(self, gid: str) -> Live | None:
        row = self.db.game(gid)
        if row is None or row["state"] != "over":
            return None
        live = Live(gid, row, self.db.fillers(gid))
        live.chat_seen.update(self.db.chat_seen(gid))
        game = damaged.loaded_over(gid, row)  # a damaged one is refused with what is wrong
        kinds = tuple(f if f in LEVELS else REMOTE for f in live.fillers)
        live.match = Match(game, (kinds[0], kinds[1]), saver=None, strict=True, computers=False,
                           reasons=stored_reasons(row["save"]))
        live.match.lock = live.lock
        self.live[gid] = live
        return live

    def leave(self, peer: Any) -> None:
        with self.lock:
            self.guests.went(getattr(peer, "player", ""))
        live = self.live.get(getattr(peer, "game", "") or "")
        if live is None:
            return
        with live.lock:
            if peer in live.peers:
                live.peers.remove(peer)
                side = peer.side
                if peer.role == "player" and side is not None and not live.seated(side):
                    live.away_since[side] = time.monotonic()
                    if live.match is not None and live.match.game.outcome is None:
                        tell_presence(live, peer)
                        absence.tell_waits(live, live.away_since[side], self.claim_after, self.idle_after)
                    self.give_forced(live)
            idle = not live.peers and live.match is not None and live.match.game.outcome is not None
        if idle:  # a finished game nobody watches is let go (the store keeps it)
            with self.lock, live.lock:  # in the order every other path takes them
                if not live.peers and self.live.get(live.gid) is live and live.match is not None:
                    live.match.close()
                    del self.live[live.gid]

    def _noticed(self, live: Live, notice: Notice) -> None:
        if notice.kind in ("order", "new-game", "taken-back"):
            live.changed_at = time.monotonic()
            for peer in list(live.peers):
                update(live, peer)
            absence.tell_waits(live, live.changed_at, self.claim_after, self.idle_after)
            if not live.forcing and live.forced_for_the_absent() is not None:  # given once this submit is over
                threading.Thread(target=self.give_forced, args=(live,), daemon=True,
                                 name=f"forced-{live.gid}").start()
        elif notice.kind == "save-failed":
            for peer in list(live.peers):
                peer.send_message("notice", text=f"The server cannot store this game just now: {notice.reason}"[:300])

    def give_forced(self, live: Live, connected_too: int | None = None) -> int:
        """Every order with no alternative due from a player not connected
        (and one from ``connected_too``), given by the referee (net/absence.py)."""
        return absence.give_forced(live, connected_too)

    # -- what a seat does ---------------------------------------------------------------
    def _live_of(self, peer: Any) -> Live:
        live = self.live.get(getattr(peer, "game", "") or "")
        if live is None or peer not in live.peers:
            raise Refusal("not-seated", "Sit at a game first.")
        return live

    def order(self, peer: Any, text: str) -> None:
        live = self._live_of(peer)
        rules = find_ruleset(live.ruleset)
        try:
            order = rules.parse_order(text)
        except (OrderSyntaxError, ValueError) as exc:
            peer.send_message("result", ok=False, code="bad-order", message=shortened(str(exc)))
            return
        refused = wrong_side(peer.side, order)
        match = live.match
        if refused is None and match is None:
            refused = Rejection("not-started", "The game has not begun.")
        if refused is None:
            assert match is not None
            with live.lock:  # a connection that has just closed gives no more orders (give_forced may have)
                result = (match.submit(match.seat(peer.side), order) if peer in live.peers
                          else Rejection("not-seated", "Sit at a game first."))
            refused = result if isinstance(result, Rejection) else None
        if refused is not None:  # an order's words in it (a figure's name) are the sender's own: cut
            peer.send_message("result", ok=False, code=refused.code[:40], message=shortened(refused.message))
        else:
            peer.send_message("result", ok=True, code="", message="")

    def claim(self, peer: Any) -> None:
        """``peer``'s player claims the game its opponent left (net/absence.py): refusals say why not."""
        absence.claim(self, self._live_of(peer), peer)

    def drafts(self, peer: Any, drafts: list) -> None:
        """``peer``'s side's drafts: kept (stored at once), never sent to anyone else."""
        live = self._live_of(peer)
        if peer.side is None or live.match is None or live.match.game.outcome is not None:
            raise Refusal("no-drafts", "Only a player of a game under way keeps drafts.")
        mine = [dict(d, side=peer.side) for d in drafts[:wire.MAX_DRAFTS] if isinstance(d, dict)]
        if len(json.dumps(mine)) > 48 * 1024:
            raise Refusal("too-big", "Those drafts are too long to keep.")
        try:  # what the player's own Skirmish will accept back when it resumes the game
            wire.drafts_in(mine, peer.side)
        except wire.WireError as exc:
            raise Refusal("bad-drafts", f"Those drafts cannot be kept: {exc}.") from None
        live.match.put_drafts(peer.side, mine, save=True)
        with live.lock:  # the opponent's claim on this side's quiet counts afresh
            live.active_at[peer.side] = now = time.monotonic()
            absence.tell_waits(live, now, self.claim_after, self.idle_after)

    def chat(self, peer: Any, text: str) -> None:
        live = self._live_of(peer)
        if peer.side is None:
            raise Refusal("onlooker", "Only the two players talk in a game's chat.")
        refused = say(self.db, live, peer, text, self.names)
        if refused is not None:
            raise Refusal(*refused)
        absence.tell_waits(live, time.monotonic(), self.claim_after, self.idle_after)  # their quiet counts afresh

    def warn_idle(self, now: float | None = None) -> None:
        """Tell each connected player the game has waited for so long that
        the opponent may claim it soon (``Live.idle_warning``): called
        every second by ``skirmish serve``."""
        with self.lock:
            games = [live for live in self.live.values() if live.match is not None]
        self.guests.withdraw_absent(self)  # guests' waiting games whose makers have gone (net/guests.py)
        absence.tell_quiet(games, time.monotonic() if now is None else now, self.claim_after, self.idle_after)
