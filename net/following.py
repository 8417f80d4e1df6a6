"""The game that follows a finished server game: a rematch (each seat's
filler at the other side) or, after an Optio pre-game, its battle; made
by the referee (:class:`net.referee.Referee`) when the first of the two
players asks, joined by the second asking.

The new game does not begin until both players have come to it: the one
who asked made it, and it waits for the other (``Live.awaits``) as an open
game waits for its joiner -- nobody can leave, nor claim, a game that has
not begun (docs/rulings.md, *Leaving a server game*).  It begins when the
other player sits at it (asking too from their result screen, or opening
it from the lobby); until then its maker may withdraw it.  With the
computer at the other side it begins at once.  The player who did not ask
is told at once on the finished game's seats (a ``next`` message:
docs/server.md)."""

from __future__ import annotations

import json
import secrets
from typing import Any

from core.registry import find_ruleset
from net import fairdice
from net.live import Live
from net.referee import Refusal

REMATCH = "a rematch (sides swapped)"
BATTLE = "the battle after the pre-game"


def _named_players(info: Any) -> tuple[Any, Any] | None:
    """The two values of the choice option ``info`` that name Player 1 and
    Player 2 (a 0/1 choice, "player-1"/"player-2", "side 0"/"side 1", or
    choices shown as the players: Spheres of War's "first"/"second"), or
    None when its choices name no player."""
    from core.options import choice_label

    named: dict[int, Any] = {}
    for value in info.choices:
        label = choice_label(info, value).casefold()
        for side in (0, 1):
            if label == f"player {side + 1}":
                named[side] = value
    return (named[0], named[1]) if len(named) == 2 else None


def options_for_swapped_sides(options: Any) -> Any:
    """``options`` for the same two players at each other's side (a
    rematch): an option that names a side follows its player -- each
    side's force (``X_0``/``X_1``), and a choice naming a player (who moves
    first, the Instigator, the raider, the side surprised...) names the
    other side, which that player now plays; the rest stays as chosen."""
    import attrs

    from core.options import describe_options

    infos = describe_options(type(options))
    names = {info.name for info in infos}
    changes: dict[str, Any] = {}
    for info in infos:
        value = getattr(options, info.name)
        if info.name.endswith("_0") and info.name[:-2] + "_1" in names:  # one field per side
            other = info.name[:-2] + "_1"
            changes[info.name], changes[other] = getattr(options, other), value
        elif info.choices and not (info.name.endswith("_1") and info.name[:-2] + "_0" in names):
            pair = _named_players(info)
            if pair is not None and value in pair:
                changes[info.name] = pair[1 - pair.index(value)]
    return attrs.evolve(options, **changes)


def rematch(referee: Any, pid: str, gid: str) -> str:
    """The same battle again after ``gid`` is over, each seat's filler at
    the other side, with fresh dice: the new game's id (the one made
    already, when the other player asked first).  The options that name a
    side follow its player (:func:`options_for_swapped_sides`)."""
    with referee.lock:
        row, fillers, made = _followed(referee, pid, gid, "rematch")
        if made is not None:
            after = referee.db.game(made)
            if after is not None and after["ruleset"] != row["ruleset"]:  # Optio's battle, not a rematch
                raise Refusal("followed", f"Pre-game #{gid} was followed by its battle, #{made}, not a rematch: "
                                          "a pre-game's ground gives one game after it.")
            return made
        options = _swapped_stored(row["ruleset"], json.loads(row["options"]), json.loads(row["battlefield"]))
        return _follow(referee, pid, gid, row["ruleset"], options, json.loads(row["battlefield"]),
                       (fillers[1], fillers[0]), REMATCH)


def _swapped_stored(ruleset: str, options: Any, battlefield: Any) -> Any:
    """A stored game's options (their JSON) for its rematch, sides swapped;
    as they were when they cannot be read, or when swapped they no longer
    fit the battlefield (each side's zone takes its own force)."""
    from net.gamesetup import checked_setup
    from saves.convert import converter_for, unstructure

    try:
        rules = find_ruleset(ruleset)
        value, field = checked_setup(rules, options, battlefield)
        swapped = options_for_swapped_sides(value)
        checked_setup(rules, unstructure(converter_for(rules), swapped), field)
    except (KeyError, LookupError, ValueError, TypeError):
        return options
    return unstructure(converter_for(rules), swapped)


def battle(referee: Any, pid: str, gid: str, ruleset: str, options: Any) -> str:
    """The battle after the Optio pre-game ``gid``: ``ruleset`` with
    ``options`` on the ground the pre-game chose (Optio's template cut
    for that ruleset), each seat's filler at the side it played: the new
    game's id (the one made already, when the other player asked first)."""
    from core.rulesets.optio.terrain import battlefield_for
    from saves.convert import PLAIN, converter_for, unstructure

    with referee.lock:
        row, fillers, made = _followed(referee, pid, gid, "battle")
        if made is not None:
            return _battle_made(referee, gid, made)
        live = referee.live.get(gid)
        game = live.match.game if live is not None and live.match is not None else None
        result = getattr(getattr(game, "state", None), "result", None) if row["ruleset"] == "optio" else None
        if result is None:
            raise Refusal("no-ground", "Only a finished Optio pre-game that placed its template has a battle.")
        try:
            rules = find_ruleset(ruleset)
        except (KeyError, LookupError, ValueError):
            raise Refusal("bad-ruleset", "This server has no such ruleset.") from None
        if rules.name == "optio":
            raise Refusal("bad-ruleset", "The battle is fought under another ruleset than Optio.")
        # The options are checked against the ground the battle is fought on.
        options_value, field = referee._checked_setup(rules, options, battlefield_for(result, rules))
        return _follow(referee, pid, gid, rules.name, unstructure(converter_for(rules), options_value),
                       unstructure(PLAIN, field), fillers, BATTLE)


def _battle_made(referee: Any, gid: str, made: str) -> str:
    """The battle already made after the pre-game ``gid``, to take a seat
    in; refused when there is none to take: one pre-game gives one battle
    (both players asking get the same game), so once it is played, or the
    pre-game was followed by its rematch instead, asking again is said to
    be too late, naming the game that followed."""
    row = referee.db.game(made)
    if row is None:
        return made
    if row["ruleset"] == "optio":
        raise Refusal("followed", f"Pre-game #{gid} was followed by its rematch, #{made}, not a battle: "
                                  "a pre-game's ground gives one game after it.")
    if row["state"] == "over":
        title = _title(row["ruleset"])
        raise Refusal("played", f"The battle on the ground of pre-game #{gid} was played already: it is "
                                f"#{made} ({title}), under Finished in the lobby. A pre-game's ground gives one "
                                "battle: r there asks for its rematch, or play a new Optio pre-game.")
    return made


def _title(ruleset: str) -> str:
    """A ruleset's short name, as the lobby's rows say it."""
    try:
        return str(find_ruleset(ruleset).title).split(":")[0]
    except (KeyError, LookupError):
        return ruleset


def _followed(referee: Any, pid: str, gid: str, what: str) -> tuple[Any, tuple[str, str], str | None]:
    """``gid``'s row and fillers for the game to follow it, and the id of
    that game if a player asked for it first (under the lock)."""
    row = referee.db.game(gid)
    fillers = referee.db.fillers(gid)
    if row is None or f"player:{pid}" not in fillers:
        raise Refusal("not-yours", f"Only a player of a game asks for its {what}.")
    if row["state"] != "over":
        raise Refusal("not-over", f"The {what} comes once the game is over.")
    if gid not in referee.live:
        referee._load_over(gid)
    return row, fillers, referee.db.following(gid)


def _follow(referee: Any, pid: str, gid: str, ruleset: str, options: Any, battlefield: Any,
            fillers: tuple[str, str], what: str) -> str:
    """A new game after ``gid`` with fresh dice (under the lock), within
    the caps a game made from the lobby keeps; the other player is told.
    It waits for them when they are a player (``Live.awaits``); with the
    computer there it begins now."""
    referee._within_caps(pid, fillers)
    half, salt = fairdice.new_half(), fairdice.new_half()
    new = secrets.token_hex(4)
    referee.db.create_game(new, ruleset, options, battlefield, fillers, fairdice.commitment(half), half, salt, "",
                           pid, follows=gid)
    live = Live(new, referee.db.game(new), fillers)
    referee.live[new] = live
    referee._begin_or_drop(live)
    _tell_the_other(referee, pid, gid, new, what)
    return new


REASON_MAX = 300  # characters of a ``next`` reason a seat keeps (net/serverclient.py)


def battle_words(row: Any, room: int) -> str:
    """The battle made (its store row) in a sentence of at most ``room``
    characters: its ruleset and the options chosen that differ from the
    ruleset's (the warbands among them), as many whole as fit."""
    from net.live import options_text

    if row is None:
        return ""
    start = f"It is {_title(row['ruleset'])}"
    chosen = [part for part in options_text(row["ruleset"], json.loads(row["options"])).split(", ") if part]
    if not chosen:
        return f"{start}, every option as its rules set it."[:room]
    kept: list[str] = []
    for part in chosen:
        more = len(chosen) - len(kept) - 1
        tail = f" (+{more} more)" if more else ""
        if len(f"{start}: {', '.join([*kept, part])}{tail}.") > room:
            break
        kept.append(part)
    more = len(chosen) - len(kept)
    if not kept:
        return f"{start}, {len(chosen)} options chosen."[:room]
    return f"{start}: {', '.join(kept)}" + (f" (+{more} more)" if more else "") + "."


def _tell_the_other(referee: Any, pid: str, gid: str, new: str, what: str) -> None:
    """The finished game's seats of the player who did not ask hear that
    ``new`` is there, waiting for them: it begins when they come to it."""
    old = referee.live.get(gid)
    if old is None or old.match is None:
        return
    mine = f"player:{pid}"
    asker = next((old.match.game.players[side] for side in (0, 1) if old.fillers[side] == mine), "")[:32]
    key = "r" if what == REMATCH else "e"
    reason = (f"{asker or 'Your opponent'} asks for {what} and waits for you: {key} here takes your seat in it "
              "and it begins (the lobby lists it with your games). It does not begin without you.")
    if what == BATTLE:  # which battle, before the seat is taken: the asker chose its ruleset and options
        reason += " " + battle_words(referee.db.game(new), REASON_MAX - len(reason) - 1)
    with old.lock:
        for peer in list(old.peers):
            if peer.role == "player" and peer.side is not None and old.fillers[peer.side] != mine:
                peer.send_message("next", game=new, reason=reason)
