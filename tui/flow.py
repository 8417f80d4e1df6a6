"""How orders are given on the game screen, the same in every ruleset
(issue 12): a cell chosen on the board, Tab to the next figure, ``o`` for
the list, ``p`` to end the turn (asking only while Actions remain),
ctrl+z to take back (the match decides: ``core.game.take_back_refusal``),
orders with no alternative given at once, a ruleset's prompt opened, and
the cursor jumping to the figure that acts next.  Functions of a
:class:`tui.game_screen.GameScreen`: they read what it shows and give
orders through its ``submit``; the result flow is :mod:`tui.result_flow`.
"""

from __future__ import annotations

import functools
import time
from typing import Any

from core.game import concession_effect, draw_refusal, take_back_refusal, undo
from core.orders import AgreeDraw, Concede, DeclineDraw, OfferDraw, Order, Role
from core.ruleset import Rejection
from net.live import duration
from tui.banner import fit_pieces, quiet_start
from tui.board import BoardView
from tui.modals import ChoiceMenu, Confirm, ConfirmConcession, LeaveOrConcede
from tui.seat_hooks import seat_news
from tui.side_panel import figure_at

__all__ = ["fit_pieces", "guarded"]


def guarded(method):
    """Catch an exception at the edge of a handler and show it, so one bug
    in a ruleset or adapter does not end the app (and the game)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - this is the edge
            self.show_error(exc)
            return None

    return wrapper


def show_error(screen: Any, exc: BaseException) -> None:
    """An error at the edge of a handler: said in the log and in a toast."""
    import traceback

    detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    for log in screen.query("#log"):  # none while the screen is closing: the toast still says it
        log.write(f"! internal error: {detail}")
    screen.notify(f"Something went wrong: {detail}", title="Error", severity="error", timeout=8)


def jump_to(screen: Any, uid: str | None) -> None:
    """Put the cursor on the figure that acts next (if it is on the board)."""
    unit = screen.unit_view(uid)
    if unit is not None and unit.pos is not None:
        board = screen.query_one(BoardView)
        if board.cursor != unit.pos:
            board.move_cursor(unit.pos)


def next_step(screen: Any, game: Any, side: int) -> None:
    """Nothing is being shown and nothing is open: an order with no
    alternative is given (after this frame is drawn), or the ruleset's
    prompt opens."""
    forced = screen.adapter.forced(game, side, screen.orders)
    if forced is not None:
        screen.call_later(give_forced, screen, game, *forced)
        return
    screen.adapter.shared_keyboard = screen.shares_keyboard()
    modal = screen.adapter.prompt(game, side, screen.orders)
    if modal is not None:
        screen.open_modal(modal, screen.submit_result)


def drafts_waiting(screen: Any, side: int) -> None:
    """The drafts from a save still waiting for ``side`` (this keyboard's,
    tui/drafts.py) tell its ruleset what that side had seen before the save,
    before any prompt or handover words of its own."""
    saves = getattr(screen.app, "saves", None)
    mine = [d for d in getattr(saves, "drafts_waiting", ()) if d.get("side") == side]
    if mine:
        screen.adapter.drafts_waiting(screen.seats.seat(side).snapshot(), side, mine)


def give_forced(screen: Any, game: Any, order: Order, why: str) -> None:
    try:
        if screen.game is not game or screen.modal_open:
            return  # something else happened first
        screen.say(f"› {why}")
        screen.submit(order, narrate=True)  # nobody chose it: its rolls are shown one at a time
    except Exception as exc:  # noqa: BLE001 - the edge, as guarded
        screen.show_error(exc)


def choose_among(screen: Any, orders: Any, reason: str, title: str) -> None:
    """One order at a cell is given (after the ruleset's question, if it
    asks one); several open the ruleset's chooser, or a menu."""
    if not orders:
        return
    game, side, adapter = screen.game, screen.keyboard_side, screen.adapter
    if len(orders) == 1 and reason == "cell":
        ask = adapter.confirm(game, side, orders[0])
        if ask is None:
            screen.submit(orders[0])
        else:
            screen.open_modal(ask, screen.submit_result)
        return
    modal = adapter.choose(game, side, orders, reason)
    if modal is None:
        modal = ChoiceMenu(title, [(adapter.describe(game, screen.view_state, o), o) for o in orders])
    screen.open_modal(modal, screen.submit_result)


def adapter_key(screen: Any, name: str) -> None:
    """A key of the ruleset's own: an order, a modal, why it does nothing
    now, or just a redraw."""
    if screen.modal_open:
        return
    cursor = screen.query_one(BoardView).cursor
    result = screen.adapter.key(screen.game, screen.keyboard_side, name, screen.unit_view(screen.selected), cursor)
    if result is None:
        screen.redraw()
    elif isinstance(result, str):  # why the key does nothing now
        screen.say(result)
    elif isinstance(result, (Order, list, tuple)):
        screen.submit_result(result)
    else:
        screen.open_modal(result, screen.submit_result)


def behind(screen: Any) -> bool:
    """The game has moved on since the screen last drew it: an order from
    another thread (the computer's, the other seat's) has landed and its
    news is still on its way to the screen, so the orders the screen holds
    are not yet this moment's."""
    return len(screen.game.log) > screen.events_seen


def nothing_to_give(screen: Any) -> str:
    """Why this keyboard has no order to give now: it only watches, the
    other player is to act (a seat of a game played from two terminals),
    or nobody can act; "" while the screen is ``behind`` (a key pressed as
    the computer's order landed: who acts now is told once it is shown)."""
    if screen.onlooker():
        return "You are watching: this screen gives no orders."
    if behind(screen):
        return ""
    acting = sorted(screen.game.to_act)
    if acting and screen.keyboard_side not in acting:
        return f"It is {screen.game.players[acting[0]]}'s turn: waiting for them."
    return "Nobody can act now."


def cell_chosen(screen: Any, cell: Any) -> None:
    """Enter on ``cell``: the result of a finished game, the selected
    figure's order there, selecting a figure, an order of no figure there,
    or why nothing happens."""
    game, view, adapter = screen.game, screen.view_state, screen.adapter
    if screen.modal_open:
        return  # an Enter typed before the window it opened took the keyboard
    if game.outcome is not None:
        screen.show_result()
        return
    if screen.keyboard_side is None or not screen.orders:
        why = nothing_to_give(screen)
        if why:
            screen.say(why)
        return
    by_unit = screen.orders_by_unit()
    if screen.selected is not None:
        hits = [o for o in by_unit.get(screen.selected, []) if cell in adapter.order_cells(game, view, o)]
        if hits:
            screen.choose_among(hits, "cell", f"Orders for {screen.selected} at {cell[0]},{cell[1]}")
            return
    here = figure_at(screen.units, cell, screen.keyboard_side, screen.selected)
    yours = [u.id for u in screen.units if u.pos == cell and u.id in by_unit]
    if screen.selected in yours and len(yours) > 1:
        # Several of yours share the cell (an Optio square holds two blocks of
        # a side, and the enemy's besides): Enter again selects the next one.
        screen.selected = yours[(yours.index(screen.selected) + 1) % len(yours)]
        screen.redraw()
        return
    if yours and (here is None or here.id not in yours):  # one of yours that can act, not one that cannot
        here = next(u for u in screen.units if u.id == yours[0])
    if here is not None and here.id in by_unit:
        if here.id == screen.selected:
            own = adapter.menu_orders(game, by_unit[here.id])
            if own:
                screen.choose_among(own, "menu", f"Orders for {here.id}")
            else:  # placing it: every order is a cell of the board
                screen.say(f"{here.id} is placed on the board: move the cursor to a lit cell and press Enter.")
        else:
            screen.selected = here.id
            screen.redraw()
        return
    loose = [o for o in by_unit.get(None, []) if cell in adapter.order_cells(game, view, o)]
    if loose:
        screen.choose_among(loose, "cell", f"Orders at {cell[0]},{cell[1]}")
        return
    chosen = screen.unit_view(screen.selected)
    if here is not None and chosen is not None and here.id != chosen.id:
        why = adapter.why_not(game, screen.keyboard_side, chosen, here)
        if why:
            screen.say(f"✗ {why}")
            return
    if here is not None:
        held = adapter.why_idle(game, view, here)
        screen.say(f"{here.id} has no order to give now" + (f": {held}." if held else "."))
        return
    why = adapter.why_nothing_at(game, screen.keyboard_side, chosen, cell)
    if why:
        screen.say(f"✗ {why}")
    else:
        screen.say("No order points here. Tab selects a figure that can act; o lists every order.")


def next_off_board(screen: Any) -> None:
    """After the selected figure is placed in deployment, the next of the
    side's figures still off the board is selected, so that Enter places
    it (a tester's three Enters on three cells placed one figure three
    times).  Every ruleset's deployment comes through here."""
    placed, screen.placing = screen.placing, None
    if placed is None or screen.selected != placed:
        return
    unit = screen.unit_view(placed)
    if unit is None or unit.pos is None:
        return  # refused, or not placed: it stays selected
    by_unit = screen.orders_by_unit()
    waiting = [u.id for u in screen.units if u.side == screen.keyboard_side and u.pos is None and u.id in by_unit]
    if waiting:
        screen.selected = waiting[0]


def next_unit(screen: Any, step: int) -> None:
    """Tab: the next figure that can act, the cursor on it."""
    movers = [u for u in screen.orders_by_unit() if u is not None]
    if not movers:
        return
    index = movers.index(screen.selected) + step if screen.selected in movers else 0
    screen.selected = movers[index % len(movers)]
    screen.redraw()
    unit = screen.unit_view(screen.selected)
    board = screen.query_one(BoardView)
    if unit is not None and unit.pos is not None:
        board.move_cursor(unit.pos)
    else:
        cells = list(board.picture.highlights) if board.picture else []
        if cells and board.cursor not in cells:  # already on a cell it may enter by: the cursor stays
            # else the lit cell nearest the cursor (deploying, not back to the zone's first corner)
            x, y = board.cursor
            board.move_cursor(min(cells, key=lambda c: (max(abs(c[0] - x), abs(c[1] - y)), c[1], c[0])))


def prompt_to_reopen(screen: Any) -> str | None:
    """The footer's name for the ruleset's question that ``o`` opens again
    now (Spheres of War's rule-13 menu, closed with Esc to look at the
    board), or None: ``o`` lists orders.  A ruleset with such a question
    names it (``prompt_label``) and says when it is the question
    (``prompt_now``)."""
    adapter, side = screen.adapter, screen.keyboard_side
    label = getattr(adapter, "prompt_label", None)
    if not label or side is None or not screen.orders:
        return None
    return label if adapter.prompt_now(screen.game, side, screen.orders) else None


def orders_menu(screen: Any) -> None:
    """``o``: the ruleset's question again (``prompt_to_reopen``), else the
    selected figure's orders, or every legal order, with the ruleset's
    commands first."""
    game, adapter = screen.game, screen.adapter
    if prompt_to_reopen(screen):
        modal = adapter.prompt(game, screen.keyboard_side, screen.orders)
        if modal is not None:
            screen.open_modal(modal, screen.submit_result)
            return
    by_unit = screen.orders_by_unit()
    orders = by_unit.get(screen.selected, []) + by_unit.get(None, []) if screen.selected else list(screen.orders)
    orders = adapter.menu_orders(game, orders)  # not those offered on the board only
    extra = adapter.commands(game, screen.keyboard_side)
    if extra:
        choices = [(label, ("command", make)) for label, make in extra]
        choices += [(adapter.describe(game, screen.view_state, o), o) for o in orders]

        def picked(value: Any) -> None:
            if isinstance(value, tuple) and len(value) == 2 and value[0] == "command":
                screen.open_modal(value[1](), screen.submit_result)
            else:
                screen.submit_result(value)

        screen.open_modal(ChoiceMenu("Orders", choices), picked)
        return
    screen.choose_among(orders, "menu", f"Orders for {screen.selected}" if screen.selected else "Every legal order")


def deploying(orders: Any) -> bool:
    """The side is placing its figures (it may place one, or say Ready)."""
    return any(o.role in (Role.READY, Role.DEPLOY) for o in orders)


def not_ready_yet(screen: Any) -> str:
    """Why the side deploying may not say Ready yet, naming its figures
    still off the board ("" when Ready is offered)."""
    if any(o.role is Role.READY for o in screen.orders):
        return ""
    side = screen.keyboard_side
    waiting = [u.id for u in screen.units if u.side == side and u.pos is None and u.status != "removed"]
    if not waiting:
        return "Not ready yet: place your figures first (o lists the orders)."
    many = len(waiting) > 1
    names = ", ".join(waiting[:-1]) + f" and {waiting[-1]}" if many else waiting[0]
    rest = ", or d deploys the rest" if any(o.verb == "deploy-all" for o in screen.orders) else ""
    return (f"Not ready yet: {names} {'are' if many else 'is'} still off the board. "
            f"Tab selects one and Enter places it on a lit cell{rest}.")


def end_turn(screen: Any) -> None:
    """``p`` in every ruleset: end the turn, pass or commit, asking first
    only while Actions remain; while deploying, Ready (``r`` too), or why
    not yet."""
    side = screen.keyboard_side
    if screen.modal_open or side is None or screen.game.outcome is not None:
        return
    if deploying(screen.orders) and not_ready_yet(screen):
        screen.say(f"✗ {not_ready_yet(screen)}")
        return
    found = screen.adapter.end_turn(screen.game, side, screen.orders)
    if found is None:
        why = screen.adapter.why_no_end_turn(screen.game, side)
        why = why or ("Nothing ends the turn now: give the order asked for (o lists it)." if screen.orders
                      else nothing_to_give(screen))
        if why:
            screen.say(why)
        return
    order, question = found
    if question is None:
        screen.submit(order)
        return
    screen.open_modal(Confirm(question), lambda yes: screen.submit(order) if yes else None)


def take_back(screen: Any) -> None:
    """ctrl+z: the screen asks the match to take back this side's last
    order; the match decides (the rule, and only at one keyboard), and
    whose: at a hot-seat game with nothing hidden, the other player's last
    order is taken back too, once the question is answered yes."""
    side = screen.keyboard_side
    if screen.modal_open or side is None:
        return
    if screen.match is None or screen.single:
        screen.say("✗ Cannot take back: only in a game played at one keyboard (for now).")
        return
    whose = screen.match.take_back_side(side)
    if whose == side:
        _take_back(screen, side)
        return
    game = screen.game  # a hot-seat game with nothing hidden: the other player's last order, asked first
    whole = screen.local_game()
    refused = take_back_refusal(whole, whose)[0] if whole is not None else None
    if refused is not None:  # said before both players are asked to agree to it
        screen.say(f"✗ Cannot take back: {refused.message}")
        return
    if whole is not None and whole.orders:
        # worded on the state it was given in, as its player saw it (a pass
        # counts the Movements of the turn it ended, not of the turn now)
        before = undo(whole)
        text = screen.adapter.describe(before, before.view(whose), whole.orders[-1])
    else:
        text = screen.adapter.describe(game, screen.view_state, game.orders[-1])
    name = game.players[whose]
    screen.open_modal(Confirm(f"Take back {name}'s last order ({text})? It was {name}'s: both of you "
                              "should agree."), lambda yes: _take_back(screen, whose) if yes else None)


def _take_back(screen: Any, side: int) -> None:
    taken = screen.match.take_back(side)
    if isinstance(taken, Rejection):
        screen.say(f"✗ Cannot take back: {taken.message}")
        return
    earlier = screen.game if getattr(screen.game, "side", side) == side else screen.local_game()  # the other's: the whole game
    text = screen.adapter.describe(earlier, earlier.view(side), taken)  # as it was given
    screen.events_seen = len(earlier.log)
    screen.fill_log()
    screen.say(f"↶ {screen.game.players[side]} takes back: {text}")
    screen.redraw()
    jump_to(screen, getattr(taken, "unit", None))  # the cursor goes back with the figure


def or_concede(screen: Any, ask: Any) -> Any:
    """``q``'s question, offering to concede too when a person at this
    keyboard plays a side of a game still going on (a plain yes/no only:
    a failed save's choices come first).  A server's seat opened in
    another terminal since gives no orders here: it is offered leaving only."""
    side = screen.conceding_side()
    moved = screen.single and getattr(screen.seats.any_seat, "status", "") == "moved"
    if side is None or type(ask) is not Confirm or moved:
        return ask
    players = screen.game.players
    effect = concession_effect(screen.game.ruleset, players, side)
    joint = " and " if screen.game.ruleset.capabilities.names_winner else "; "
    return LeaveOrConcede(ask.question, f"Or give up: {players[side]} concedes{joint}{effect}.",
                          claiming(screen, side), *drawing(screen, side))


def drawing(screen: Any, side: int) -> tuple[str, dict[str, str]]:
    """What ``q`` says of a draw, and its keys, as the core's rule has it
    (``core.game.draw_refusal``): offer one, answer the opponent's offer
    that stands, or say that one's own stands; nothing where no draw may
    be offered (a game that names no winner)."""
    game = screen.game
    other = game.players[1 - side]
    refused = draw_refusal(game, OfferDraw(side))
    if refused is None:
        computer = screen.computer is not None and screen.computer.plays(1 - side)
        answer = f"{other}, the computer, answers at once" if computer else f"it stands until {other} answers"
        return f"Or offer {other} a draw: d ({answer}).", {"d": "offer-draw"}
    if refused.code == "offer-stands":
        return f"Your offer of a draw stands: {other} has not answered it yet.", {}
    if refused.code == "answer-offer":
        return (f"{other} offers a draw: a agrees (the game ends drawn), d declines (play on).",
                {"a": "agree-draw", "d": "decline-draw"})
    return "", {}


def draw(screen: Any, choice: str) -> None:
    """The choice made of a draw in ``q``'s question, given as an order
    through the seat like any other; agreeing (it ends the game for good)
    is asked once more."""
    side = screen.conceding_side()
    if side is None:
        return
    if choice == "offer-draw":
        screen.submit(OfferDraw(side))
    elif choice == "decline-draw":
        screen.submit(DeclineDraw(side))
    elif choice == "agree-draw":
        question = "Agree to a draw? The game ends drawn, and that cannot be taken back."
        screen.open_modal(Confirm(question), lambda yes: screen.submit(AgreeDraw(side)) if yes else None)


def claiming(screen: Any, side: int) -> str:
    """The claim ``q`` offers at a server seat while the game waits for an
    opponent who is not connected, or who has done nothing for the
    server's time (the referee decides; the seat counts as its ``waits``
    tells: their orders, drafts and chat), else ""."""
    seat = screen.seats.any_seat
    if not screen.single or not hasattr(seat, "claim") or 1 - side not in screen.game.to_act:
        return ""
    name = screen.game.players[1 - side]
    # What their forfeit brings, as a concession would (core.game.conceded): a
    # game that names no winner (Optio's pre-game) says what it leaves undecided.
    rules = screen.game.ruleset
    brings = (f"{name} forfeits and you win" if rules.capabilities.names_winner else
              f"{name} forfeits; {concession_effect(rules, screen.game.players, 1 - side)}")
    if not getattr(seat, "opponent_present", True):
        if _seen_away_for(screen) >= seat.claim_after:  # as the banner says: "q to claim the game"
            return f"{name} is not connected, and has been away for {duration(seat.claim_after)}. Claim the game: {brings}."
        return (f"{name} is not connected. Or claim the game: once {name} has been away for "
                f"{duration(seat.claim_after)}, {brings}.")
    waited = time.monotonic() - quiet_start(seat)  # as the banner counts it (their chat restarts it)
    if waited < seat.idle_after:  # w asks all the same: the referee decides, and says why not
        return (f"{name} is connected; the game has waited {duration(waited)} for them. You may claim it once "
                f"it has waited {duration(seat.idle_after)} with nothing from {name}: w asks the server now.")
    return (f"The game has waited {duration(waited)} for {name}. Or claim it: if {name} has done nothing "
            f"for {duration(seat.idle_after)} (no order, drafts or chat), {brings}.")


def _seen_away_for(screen: Any) -> float:
    """How long the banner has seen the opponent away (0: not seen away)."""
    from tui.banner import Banner

    banner = next(iter(screen.query(Banner)), None)
    seen = getattr(banner, "away_seen", None)
    return 0.0 if seen is None else time.monotonic() - seen


def claim(screen: Any) -> None:
    """Ask the referee for the game the opponent left: its forfeit arrives
    as the seat's news, or the refusal is said (too soon, not their move)."""
    seat = screen.seats.any_seat
    result = seat.claim()
    if isinstance(result, Rejection):
        screen.say(f"✗ Cannot claim the game: {result.message}")
        return
    seat_news(screen)


def concede(screen: Any) -> None:
    """The concession, asked once more (it ends the game for good), given
    as an order through the seat like any other: the result follows."""
    side = screen.conceding_side()
    if side is None:
        return
    players = screen.game.players
    effect = concession_effect(screen.game.ruleset, players, side)
    # "Then" begins the sentence: the effect may begin with a name, never recased.
    question = (f"Concede the game? Then {effect}, "
                "and a conceded game is over: it cannot be taken back.")
    screen.open_modal(ConfirmConcession(question), lambda yes: screen.submit(Concede(side)) if yes else None)
