"""What follows a finished game (issue 12): the result screen, and the
choice made on it -- the battle after an Optio pre-game, a rematch (each
player, or computer, at the other side), a new game, the menu, or
watching the game again.

The game screen opens the result screen and sends the choice up
(``GameScreen.ResultChosen``); the app carries it out with
:func:`after_result`.  Whoever played each side plays it in the game that
follows.  Over the network the host begins the next game (same code, a
new fair seed) and the joiner's screen follows it."""

from __future__ import annotations

from typing import Any


def show_result(screen: Any) -> None:
    """The result screen over ``screen``; its choice is sent up."""
    from tui.result import ResultScreen

    adapter, game = screen.adapter, screen.game
    whole = screen.whole_over()  # over: nothing is secret any more (every roll in the luck, every order)
    if whole is not None:
        game = whole
    match = getattr(screen, "match", None)
    reasons = match.reasons() if match is not None else ()  # the game-ending order's too (its notice may be unread)
    released = screen.computer.release_reasons(game, reasons) if screen.computer is not None else []
    for line in released:
        screen.log_line(line)
    count = len(released) or held_reasons_in_log(screen, game) or late_seat_reasons(screen)
    note = (f"The computer's reasons for its {count} order{'s' if count != 1 else ''}, kept back "
            "while its orders were secret, are now in the log: b shows the final board." if count else None)
    # a joined or server's game: the dice check, shown near the top (the luck lines may fill the box)
    fairness = getattr(screen.seats.any_seat, "fairness", "") or None
    screen.open_modal(ResultScreen(game, adapter.result_headline(game), adapter.after_over_label(game),
                              adapter.result_sides(game), note, players_only=not_ours_to_choose(screen),
                              checked=fairness, following=following(screen), menu=menu_word(screen),
                              extra_for_all=looks_back(screen)),
                      screen.result_chosen)


def looks_back(screen: Any) -> bool:
    """Whether the ruleset's own entry on the result screen only looks
    back at the game (Platemail: watch the last Round again) rather than
    begin what follows it: anyone at the game may take it, not only the
    one who chooses what follows."""
    return bool(getattr(getattr(screen, "adapter", None), "after_over_looks_back", False))


def _look_back(screen: Any) -> None:
    """The ruleset's look back at the finished game (the whole game, its
    secrets out, where this terminal has it; else what its seat may read,
    as the result screen shows it), then the result screen again."""
    whole = screen.whole_over()
    modal = screen.adapter.after_over(whole if whole is not None else screen.game)
    if modal is None:
        show_result(screen)
        return
    screen.open_modal(modal, lambda _: show_result(screen))


def held_reasons_in_log(screen: Any, game: Any) -> int:
    """How many of this terminal's computer's reasons, held back while its
    orders were secret, the log holds now that the game is over: those
    released when it ended, on a second showing of the result (after
    ``b``), or those of a finished game opened from Load (the log is
    filled with them, each in its place: ``ComputerSeats.resume``)."""
    computer = screen.computer
    if computer is None or game.outcome is None or not computer.keeps_secrets(game):
        return 0
    return sum(1 for note in computer.notes if note not in computer.stand_ins)


def late_seat_reasons(screen: Any) -> int:
    """How many of the computer's reasons a server's seat was sent only at
    the game's end (its ruleset keeps orders secret, so the server held
    them back until then: net/referee.py ``reasons_readable``): the
    result says where they went, as for a local computer's."""
    from core.seats import private_ruleset

    reasons = tuple(getattr(screen.seats.any_seat, "reasons", ()) or ())
    return len(reasons) if reasons and private_ruleset(screen.game.ruleset) else 0


def menu_word(screen: Any) -> str:
    """What ``m`` on the result screen goes back to: a server's game, its
    lobby (``App.leave_game``); any other, the main menu."""
    on_server = getattr(screen.seats.any_seat, "game_id", None) is not None
    return "The lobby" if on_server and getattr(screen.app, "server_lobby", None) is not None else "Main menu"


def following(screen: Any) -> tuple[str, str] | None:
    """The game the other player of a server's game began after this one
    (the seat's ``next`` message: net/following.py), as the server's words
    and the result screen's choice that takes this seat into it ("extra"
    for the battle after an Optio pre-game, else "rematch"); None: none."""
    seat = screen.seats.any_seat
    if not screen.single or not getattr(seat, "next_game", ""):
        return None
    from net.following import BATTLE

    words = getattr(seat, "next_reason", "") or "The other player has begun the game after this one."
    return words, "extra" if BATTLE in words else "rematch"


def tell_following(screen: Any) -> None:
    """The result screen open over ``screen`` says the game the other
    player began after this one, once the server has told the seat."""
    from tui.result import ResultScreen

    now = following(screen)
    stack = screen.app.screen_stack
    if now is None or not screen.is_attached or len(stack) < 2 or stack[-2] is not screen:
        return
    result = stack[-1]
    if isinstance(result, ResultScreen) and result.following != now:
        result.show_following(*now)


ONLOOKERS_ASK_NOTHING = ("Only the players of a server's game can ask for what follows it (a rematch, a battle); "
                         "you watched it.")


def onlookers_word(screen: Any) -> str:
    """What an onlooker of a server's game is told on asking for a rematch
    (the server takes it only from the game's players), or "" for anyone
    else (a hosted game's onlooker follows the host into the next game).
    A player who opened their own finished game from the lobby watches it
    too, yet may ask: the lobby lists it as theirs."""
    seat = screen.seats.any_seat
    game_id = getattr(seat, "game_id", None)
    if screen.single and game_id is not None and getattr(seat, "side", None) is None:
        lobby = getattr(screen.app, "server_lobby", None)
        played = getattr(lobby, "played", None)
        return "" if callable(played) and played(game_id) else ONLOOKERS_ASK_NOTHING
    return ""


HOST_CHOOSES = "Only the host chooses what follows this game (a rematch, a battle): this screen follows it there."
HOST_GONE = "The host has left this game: nothing follows it here (m: the main menu)."


def not_ours_to_choose(screen: Any) -> str:
    """Why this terminal cannot begin what follows the game (a rematch,
    the battle after an Optio pre-game), said instead of offering it; ""
    where it can (at one keyboard, against the computer, the host, a
    server game's player).  A hosted game's joiner and onlookers follow
    the host's choice; a server game's onlookers ask nothing."""
    if not screen.single or screen.local_game() is not None:
        return ""
    seat = screen.seats.any_seat
    if getattr(seat, "game_id", None) is not None:
        return onlookers_word(screen)
    return HOST_GONE if getattr(seat, "status", "") == "host-left" else HOST_CHOOSES


def after_result(app: Any, screen: Any, choice: str | None) -> None:
    from tui.result import rematch

    kinds = tuple(screen.kinds)
    if choice == "extra" and looks_back(screen):
        _look_back(screen)
    elif screen.single and choice in ("extra", "rematch"):
        _next_hosted(app, screen, choice, kinds)
    elif choice == "extra":  # what follows is made from the whole game (the match's), never the seat's
        modal = screen.adapter.after_over(screen.local_game())
        if modal is not None:
            screen.open_modal(modal, lambda game: _game_after(screen, game, kinds))
    elif choice == "rematch":
        app.start_game(rematch(screen.local_game()), seats=tuple(reversed(kinds)))
    elif choice in ("new", "menu"):
        app.leave_game(screen.local_game() if screen.seats.hot else screen.game)
        if choice == "new":
            app.action_new_game()
    elif choice == "watch":
        _watch_again(screen)


def _game_after(screen: Any, game: Any, kinds: tuple[str, str]) -> None:
    """The game chosen to follow (the battle after an Optio pre-game)
    opens in the new-game form, pre-filled, so the players choose their
    warbands; Esc there comes back to the result."""
    if game is None:
        show_result(screen)
        return
    from tui.rulesets.optio_handoff import battle_form

    screen.open_modal(battle_form(screen.local_game(), game, kinds), lambda _: show_result(screen))


def _next_hosted(app: Any, screen: Any, choice: str, kinds: tuple[str, str]) -> None:
    """The host begins the next game; the joiner and onlookers wait for it.
    A server's game: its lobby asks the server for the rematch."""
    from tui.result import rematch

    whole = screen.local_game()
    game_id = getattr(getattr(app, "remote_seat", None), "game_id", None)
    if game_id is not None:
        lobby = getattr(app, "server_lobby", None)
        if onlookers_word(screen):
            screen.say(onlookers_word(screen))
        elif lobby is None:
            screen.say("On a server the next game is made in the lobby: m goes back to it, then n.")
        elif choice == "rematch":
            app.leave_game(None)
            lobby.rematch(game_id)
        elif following(screen) is not None:  # the battle is made: no form to fill in, only the seat to take
            app.leave_game(None)
            lobby.battle(game_id, "", None)  # the server gives back the game made (net/following.py)
        else:
            _server_battle(app, screen, lobby, game_id)
        return
    if getattr(app, "host", None) is None or whole is None or whole.outcome is None:
        screen.say("The host chooses what comes next: this screen follows it into the next game.")
        return
    if choice == "rematch":
        app.host_next(rematch(whole), tuple(reversed(kinds)), "a rematch, sides swapped", swap=True)
        return
    modal = screen.adapter.after_over(whole)
    if modal is None:
        return

    def chosen(game: Any) -> None:
        if game is None or not hasattr(game, "ruleset_name"):
            show_result(screen)  # not now, or a look back (Platemail's last Round)
            return
        # The pre-game chose the ground and the sides, not the forces: the
        # host chooses both warbands and the options in the battle's form,
        # as for a hosted new game; the game it makes is the one begun.
        from tui.rulesets.optio_handoff import hosted_battle_form

        def begin(template: Any, seats: tuple[str, str]) -> None:
            app.host_next(template, seats, "the battle", swap=False)

        remote = getattr(app.host, "remote_side", 1)
        screen.open_modal(hosted_battle_form(whole, game, kinds, remote, begin), lambda _: show_result(screen))

    screen.open_modal(modal, chosen)


def _server_battle(app: Any, screen: Any, lobby: Any, game_id: str) -> None:
    """The battle after a server's Optio pre-game: the fight screen picks
    the ruleset, the battle's form its options and both warbands (Esc: back
    to the result); the server cuts the pre-game's ground for it and seats
    both players (whichever asks first makes it)."""
    from tui.rulesets.optio_handoff import server_battle_form

    modal = screen.adapter.after_over(screen.game)
    if modal is None:
        return

    def begin(rules: Any, options: Any) -> None:
        app.leave_game(None)
        lobby.battle(game_id, rules.name, options)

    def chosen(game: Any) -> None:
        if game is None or not hasattr(game, "ruleset_name"):
            show_result(screen)  # not now
            return
        screen.open_modal(server_battle_form(screen.game, game, begin), lambda _: show_result(screen))

    screen.open_modal(modal, chosen)


def _watch_again(screen: Any) -> None:
    """The finished game from its first position (this terminal holds the
    whole game, or replayed it when checking the dice); back to the result
    screen afterwards."""
    from tui.watch import WatchScreen

    whole = screen.whole_over()
    if whole is None:
        screen.say("This terminal does not have the whole game (its dice check did not hold): "
                   "watch it from the host's Load list, or from the server's lobby.")
        return
    # From this player's own view first (v switches it): a hot-seat game's from Player 1's.
    side = screen.player_side() if screen.single or screen.computer is not None else None
    # the computer's reasons, in the log where they were given (as the result says)
    computer, match_ = screen.computer, screen.match
    reasons: Any = match_.reasons() if computer is not None and match_ is not None else ()
    seats = computer.seats if computer is not None else ("human", "human")
    sent = tuple(getattr(screen.seats.any_seat, "reasons", ()) or ())
    if not reasons and sent:  # a server's computer: its seat's name says the level already
        from tui.reason_log import whole_game_reasons

        reasons, seats = whole_game_reasons(whole, sent), ("", "")
    screen.open_modal(WatchScreen(whole, viewer=side or 0, reasons=reasons, seats=seats),
                      lambda _: show_result(screen))
