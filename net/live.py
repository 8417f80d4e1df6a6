"""A game the server's referee holds (``Live``): its stored facts, its
match once it has begun, the peers connected to it, and the texts the
referee sends of it (orders, results, options, chat lines)."""

from __future__ import annotations

import json
import threading
from typing import Any

from core import game as core_game
from core.ruleset import Forced
from match import Match
from net.forced import forced_wait


def clean_text(text: str, cap: int) -> str:
    """Printable characters only (no terminal control, no newlines), capped."""
    return "".join(c for c in text if c.isprintable())[:cap].strip()


def seat_label(names: dict[str, str], filler: str) -> str:
    """A seat as the lobby names it: its player's name, open, by
    invitation, or the computer at its level."""
    if filler.startswith("player:"):
        return names.get(filler[7:], "someone")
    if filler == "open":
        return "open"
    if filler == "invite":
        return "by invitation"
    return f"Computer ({filler})"


def result_text(game: core_game.Game) -> str:
    outcome = game.outcome
    if outcome is None:
        return ""
    if outcome.winner is None:
        # Optio's pre-game names no winner, ended or conceded: it is over, not drawn.
        over = "Draw" if game.ruleset.capabilities.names_winner else "Over"
        return f"{over}: {outcome.reason}"[:200]
    return f"{game.players[outcome.winner]} won: {outcome.reason}"[:200]


def options_text(ruleset: str, data: Any) -> str:
    """What a lobby entry says of a game's options: those that differ from
    the ruleset's defaults, by the labels the new-game form shows ("Turn
    limit: 5"); "" when every option is the default."""
    from core.options import choice_label, describe_options, option_label
    from core.registry import find_ruleset
    from saves.convert import converter_for, unstructure

    if not isinstance(data, dict):
        return ""
    try:
        rules = find_ruleset(ruleset)
        defaults = unstructure(converter_for(rules), rules.default_options())
    except Exception:  # noqa: BLE001 - a row of a ruleset this server no longer has: nothing to say
        return ""
    parts = []
    for info in describe_options(rules.options_type):
        value = data.get(info.name)
        if isinstance(value, (str, int, float, bool)) and value != defaults.get(info.name):
            parts.append(f"{option_label(info)}: {choice_label(info, value)}")
    return ", ".join(parts)[:120]


def duration(seconds: float) -> str:
    """A time in words: "40 seconds", "1 minute", "12 minutes"."""
    if seconds < 60:
        whole = max(0, int(seconds))
        return f"{whole} second{'s' if whole != 1 else ''}"
    minutes = int(seconds // 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def told_time(seconds: float, up: bool) -> str:
    """A time in a warning, in words, true to the second where it matters:
    whole seconds under two minutes; past that minutes, with the seconds
    when there are any, counted in fives.  ``up``: rounded up (a time
    still to come: the claim is possible by then, never before it is
    said); otherwise down (a time gone by)."""
    import math

    step = 1 if seconds < 120 else 5
    whole = int(max(0.0, math.ceil(seconds / step - 1e-9) if up else math.floor(seconds / step + 1e-9)) * step)
    if whole < 120:
        return f"{whole} second{'s' if whole != 1 else ''}"
    minutes, rest = divmod(whole, 60)
    return f"{minutes} minutes" + (f" {rest} seconds" if rest else "")


def warn_before(idle_after: float) -> float:
    """How long before a quiet player's game may be claimed they are warned."""
    return min(300.0, idle_after / 2)


def awaited_side(row: Any, fillers: tuple[str, str]) -> int | None:
    """The side of a game that follows another (``follows`` set) and has
    not begun whose player did not make it: the game waits for them to come
    to it, as an open game waits for its joiner.  None for any other game
    (begun, made in the lobby, or with the computer at the other side).
    Read from the stored row alone, so the waiting outlasts a restart."""
    keys = row.keys() if hasattr(row, "keys") else ()
    if "follows" not in keys or not row["follows"] or row["state"] != "open":
        return None
    others = [side for side in (0, 1) if fillers[side].startswith("player:")
              and fillers[side] != f"player:{row['creator']}"]
    return others[0] if len(others) == 1 else None


def following_words(live: Live, you: int, names: dict[str, str], what: str) -> str:
    """What the lobby says of a following game still waiting
    (``Live.awaits``) to its player at side ``you``: "rematch: Ann waits
    for you", or to the one who made it "rematch: waiting for Bob"
    (``what``: "rematch" or "battle").  At most 40 characters (what the
    lobby's line shows of it)."""
    if live.awaits == you:
        return f"{what}: {seat_label(names, live.fillers[1 - you])[:17]} waits for you"
    return f"{what}: waiting for {seat_label(names, live.fillers[1 - you])[:17]}"


class Live:
    """One game the referee holds: its row's facts, its match once it has
    begun, and the peers connected to it."""

    def __init__(self, gid: str, row: Any, fillers: tuple[str, str]) -> None:
        self.gid = gid
        self.ruleset = row["ruleset"]
        self.options = json.loads(row["options"])
        self.battlefield = json.loads(row["battlefield"])
        self.commit, self.half, self.salt = row["commit_hash"], row["half"], row["salt"]
        self.creator = row["creator"]
        self.fillers = fillers
        # The side whose player a game following another (a rematch, a
        # battle after a pre-game) waits for: it begins once they come to it.
        self.awaits = awaited_side(row, fillers)
        self.follows = row["follows"] if "follows" in row.keys() else ""
        self.lock = threading.RLock()
        self.match: Match | None = None
        self.peers: list[Any] = []
        self.texts: list[str] = []  # the game's orders as text, kept as it grows
        self.sides: list[int | None] = []
        self.legal_known: dict[Any, str] = {}
        # When each side's player last had no connection at the game (a
        # monotonic time): kept only while that side has none.  A side held
        # here since the referee took the game up, or since the game began,
        # counts from then: never from before the game began.
        self.away_since: dict[int, float] = {}
        # The sides whose player was not at the game when it began and has
        # not sat at it since (the maker of an open game gone to the lobby,
        # the asker of a rematch gone before the other came): the lobby
        # tells them it began.
        self.begun_without: set[int] = set()
        # When the game last changed (an order taken, or the referee took
        # it up), and when each side last did anything (an order, drafts
        # handed in, a chat line): a player connected but gone quiet.
        self.changed_at = 0.0
        self.active_at: dict[int, float] = {}
        # The last chat line each side's connection was sent (net/chat.py):
        # what is said while that side is away is new to it when it comes back.
        self.chat_seen: dict[int, Any] = {}
        # The idle spell each side was last warned of (``idle_warning``).
        self.warned: dict[int, float] = {}
        # The referee is giving orders with no alternative (``forced_wait``) now.
        self.forcing = False

    # -- who is at the game (docs/rulings.md, *Leaving a server game*) -----------
    def person(self, side: int) -> bool:
        """A player (not the server's computer, nor a seat still open) fills ``side``."""
        return self.fillers[side].startswith("player:")

    def seated(self, side: int) -> bool:
        """Some connection plays ``side`` here now."""
        return any(p.role == "player" and p.side == side for p in self.peers)

    def present_to(self, side: int | None) -> bool:
        """Whether the opponent of ``side`` is at the game: a computer always
        is, a player while some connection plays its side (to an onlooker: True)."""
        if side is None:
            return True
        return not self.person(1 - side) or self.seated(1 - side)

    def time_away(self, side: int, now: float) -> float:
        """Seconds ``side``'s player has had no connection at the game (0 while it has one)."""
        return now - self.away_since.get(side, now)

    def time_idle(self, side: int, now: float) -> float:
        """Seconds the game has gone on waiting with nothing from ``side``."""
        return now - max(self.changed_at, self.active_at.get(side, self.changed_at))

    def attended(self, now: float, claim_after: float) -> bool:
        """Whether the server's computer may think in this game now: it is
        its move, or some player of it has been away less than the claim
        time (a game that only waits for players who have gone costs nothing)."""
        people = [side for side in (0, 1) if self.person(side)]
        if self.match is None or not people:
            return True
        if any(not self.person(side) for side in self.match.game.to_act):
            return True  # the computer's move: it thinks
        return any(self.seated(side) or self.time_away(side, now) < claim_after for side in people)

    def forced_wait(self) -> tuple[int, Forced] | None:
        """The side the game waits on for an order the rules leave it no
        alternative to (``Ruleset.forced_order``: a Spheres of War defence
        roll), with that order; None while every side to act has a choice."""
        return forced_wait(self.match.game if self.match is not None else None)

    def forced_for_the_absent(self) -> tuple[int, Forced] | None:
        """``forced_wait`` when its side is a player with no connection at
        the game: the referee gives that order itself (a connected player's
        own Skirmish gives it, showing its roll)."""
        due = self.forced_wait()
        if due is None or not self.person(due[0]) or self.seated(due[0]):
            return None
        return due

    def turn_words(self, you: int) -> str:
        """Whom the game waits for, to the player at side ``you``: "your
        move", or the other's, said "away" while they have no connection."""
        if self.match is None:
            return ""
        game = self.match.game
        if you in game.to_act:
            return "your move"
        other = 1 - you
        if other not in game.to_act:
            return ""
        away = self.person(other) and not self.seated(other)
        return f"{game.players[other][:32]}'s move" + (" (away)" if away else "")

    def begun_without_words(self, side: int, now: float, claim_after: float) -> str:
        """What the lobby says of this game to the player at ``side`` when
        it began without them and waits for them (``begun_without``): how
        long they have before the opponent may claim it (the claim time
        counts from the game's start); "" otherwise.  At most 40
        characters (what the lobby's line shows of it)."""
        game = self.match.game if self.match is not None else None
        if (game is None or game.outcome is not None or side not in self.begun_without
                or side not in game.to_act or not self.person(1 - side) or self.seated(side)):
            return ""
        left = claim_after - self.time_away(side, now)
        if left <= 0:
            return "began without you: may be claimed now"
        import math

        within = f"{math.ceil(left / 60 - 1e-9)} min" if left >= 60 else f"{math.ceil(left - 1e-9)} s"
        return f"began without you: come within {within}"

    def claim_refusal(self, side: int, now: float, claim_after: float, idle_after: float) -> tuple[str, str] | None:
        """Why the player at ``side`` may not claim the game now (a code
        and a sentence), or None.  The game must wait for an opponent who
        is a player, and who has either had no connection at it for
        ``claim_after`` seconds, or, connected, done nothing while it
        waited for ``idle_after`` seconds (no order, drafts or chat).  A
        wait for an order with no alternative (``forced_wait``) is no
        wait of theirs: refused ``forced``."""
        other = 1 - side
        assert self.match is not None
        game = self.match.game
        name = game.players[other]
        if game.outcome is not None:
            return "game-over", "The game is over."
        if not self.person(other):
            return "computer", "The server's computer never leaves a game."
        if other not in game.to_act:
            return "your-move", (f"The game waits for you, not for {name}: "
                                 "a game can be claimed only while it waits for the one who left.")
        forced = self.forced_wait()
        if forced is not None and forced[0] == other:  # nothing to decide: no wait of theirs
            return "forced", (f"The game waits on {name} only for an order with no alternative "
                              f"({forced[1].why[:120]}): nobody loses a game for that.")
        idle = self.time_idle(other, now)
        if idle >= idle_after:
            return None
        if self.seated(other):
            return "present", (f"{name} is connected to this game, and was last active {duration(idle)} ago: "
                               f"you may claim it once it has waited {duration(idle_after)} with nothing from {name}.")
        away = self.time_away(other, now)
        if away < claim_after:
            return "too-soon", (f"{name} has been away for {duration(away)}: you may claim the game "
                                f"once {name} has been away for {duration(claim_after)}.")
        return None

    def claim_in(self, side: int, now: float, claim_after: float, idle_after: float) -> float | None:
        """Seconds until ``claim_refusal`` takes the claim of the player at
        ``side`` as the game stands (0: now), or None when no claim comes
        of the wait however long it lasts (the game is over, does not wait
        for the opponent, the computer plays them, or it waits on them only
        for an order with no alternative).  What the ``waits`` message says
        (net/absence.py)."""
        other = 1 - side
        game = self.match.game if self.match is not None else None
        if game is None or game.outcome is not None or not self.person(other) or other not in game.to_act:
            return None
        forced = self.forced_wait()
        if forced is not None and forced[0] == other:
            return None
        left = idle_after - self.time_idle(other, now)
        if not self.seated(other):
            left = min(left, claim_after - self.time_away(other, now))
        return max(0.0, left)

    def idle_warning(self, side: int, now: float, idle_after: float) -> str | None:
        """What to tell ``side``'s player, connected but gone quiet while
        the game waits for them, once per quiet spell: the opponent (a
        player) may claim the game after ``idle_after`` seconds of it
        (``claim_refusal``), and is told so ``warn_before`` seconds ahead
        (five minutes; half the time when it is shorter than ten).  None:
        nothing to tell now."""
        game = self.match.game if self.match is not None else None
        if game is None or game.outcome is not None or side not in game.to_act:
            return None
        if not (self.person(side) and self.person(1 - side) and self.seated(side)):
            return None
        forced = self.forced_wait()
        if forced is not None and forced[0] == side:  # no claim comes of it (claim_refusal)
            return None
        spell = max(self.changed_at, self.active_at.get(side, self.changed_at))
        idle = now - spell
        if idle < idle_after - warn_before(idle_after) or self.warned.get(side) == spell:
            return None
        self.warned[side] = spell
        left = max(0.0, idle_after - idle)
        other = game.players[1 - side][:32]
        # The time gone by rounded down, the time to come up: the two add up to when the claim opens.
        return (f"The game has waited {told_time(idle, up=False)} for you. If nothing comes from you for "
                f"{told_time(left, up=True)} more (an order, drafts or a chat line), {other} may claim the game "
                "and you lose it.")

    def order_texts(self, game: core_game.Game) -> list[str]:
        """The texts of ``game.orders``, each order's made once."""
        orders = game.orders
        if len(orders) < len(self.texts) or (self.texts and orders and len(self.texts) == len(orders)
                                             and orders[-1].to_text() != self.texts[-1]):
            self.texts, self.sides = [], []  # another game on the table: made afresh
        for order in orders[len(self.texts):]:
            self.texts.append(order.to_text())
            self.sides.append(getattr(order, "side", None))
        return self.texts

    def legal_texts(self, orders: list) -> list[str]:
        """Texts of legal orders, remembered by order value for this game
        (most orders stay legal from one moment to the next: hashing one is
        several times cheaper than writing it)."""
        known = self.legal_known
        if len(known) > 5000:
            known.clear()
        out = []
        for order in orders:
            text = known.get(order)
            if text is None:
                text = known[order] = order.to_text()
            out.append(text)
        return out

    def known_texts(self, game: core_game.Game, side: int | None) -> list[str]:
        """What ``side`` may know of the orders (as ``LocalSeat.known_orders``)."""
        from core.seats import private_ruleset

        texts = self.order_texts(game)
        if not private_ruleset(game.ruleset) or game.outcome is not None:
            return list(texts)
        return [t for t, s in zip(texts, self.sides) if s == side]
