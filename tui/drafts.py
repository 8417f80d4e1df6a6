"""Drafts: what a player has typed but not yet submitted (Platemail orders
written but not committed, an order half-way through the writer).

A screen that holds a draft has ``draft() -> dict | None``: plain JSON with
at least ``kind`` and ``side``.  Every autosave (after each order, on
ctrl+s, on quitting, on SIGTERM/SIGHUP) stores the drafts of the open
screens in the save's ``pending`` object, never in the game: they are not
in any view, log or replay.  On Continue or Load the app keeps them
waiting and reopens each only once its own side has the keyboard (after
the handover screen), so the other side never sees them.

Kinds: ``platemail-orders`` (orders written, not committed, and the order
half-way through the writer) and ``waylights-split`` (the dice split
highlighted, not confirmed).

``REOPENERS[kind](game, side, draft)`` rebuilds the screen of a draft, or
returns None for a draft that no longer fits the game (a Round that has
since been resolved): such a draft is dropped.

A screen closes with the orders written on it (Platemail's orders screen,
committing or going back to the board) before the seat has taken them; a
seat that refuses one (its host or server away, no answer in time, a rule)
takes none after it either.  ``kept_draft(game, side, orders)`` turns the
orders not given back into the draft of the screen that gave them, so the
game screen reopens it and nothing written is lost (``KEEPERS``, by
ruleset)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_DRAFTS = 8

REOPENERS: dict[str, Callable[[Any, int, dict], Any]] = {}


def reopener(kind: str) -> Callable:
    def register(function: Callable) -> Callable:
        REOPENERS[kind] = function
        return function

    return register


# ruleset name -> (game, side, orders not given) -> the draft holding them, or None
KEEPERS: dict[str, Callable[[Any, int, list[Any]], dict | None]] = {}


def keeper(ruleset: str) -> Callable:
    def register(function: Callable) -> Callable:
        KEEPERS[ruleset] = function
        return function

    return register


def collect(screens: list[Any]) -> list[dict]:
    """The drafts of ``screens`` (bottom to top)."""
    found = []
    for screen in screens:
        make = getattr(screen, "draft", None)
        if not callable(make):
            continue
        try:
            draft = make()
        except Exception:  # noqa: BLE001 - a draft that cannot be written is skipped, never a crash
            continue
        if isinstance(draft, dict) and isinstance(draft.get("kind"), str) and type(draft.get("side")) is int:
            found.append(draft)
    return found


def waiting_from(pending: Any) -> list[dict]:
    """The drafts stored in a save's ``pending`` (anything odd ignored)."""
    drafts = pending.get("drafts") if isinstance(pending, dict) else None
    if not isinstance(drafts, list):
        return []
    return [{k: v for k, v in d.items() if k != HELD} for d in drafts[:MAX_DRAFTS]
            if isinstance(d, dict) and d.get("kind") in _known() and type(d.get("side")) is int]


# A waiting draft so marked is not reopened by itself at the board's next
# look (``saves.reopen_drafts``): the player went back to the board from it
# while the seat's keeper was away; ``w`` takes it up (the screen's
# ``take_draft``).  A save read again reopens it as any other.
HELD = "held"


# Drafts of a decision the game itself asks again on Continue (the screen
# opens from the game's state); the draft only sets what was highlighted,
# through the screen's ``take_draft(draft) -> bool``.
TAKEN_BY_OPEN_SCREEN = {"waylights-split"}


def _known() -> set[str]:
    import tui.rulesets.platemail_review  # noqa: F401  (registers its reopener and keeper)

    return set(REOPENERS) | TAKEN_BY_OPEN_SCREEN


def reopen(game: Any, side: int, draft: dict) -> Any:
    """The screen that continues ``draft``, or None."""
    make = REOPENERS.get(draft.get("kind", ""))
    if make is None or draft.get("side") != side:
        return None
    try:
        return make(game, side, draft)
    except Exception:  # noqa: BLE001 - a damaged draft is dropped, the game goes on
        return None


def kept_draft(game: Any, side: int, orders: list[Any]) -> dict | None:
    """The draft that holds ``orders``, the part of a batch the seat did not
    take (the refused order first), or None when no draft holds them."""
    _known()  # the rulesets' screens registered
    make = KEEPERS.get(getattr(getattr(game, "ruleset", None), "name", ""))
    if make is None or not orders:
        return None
    try:
        return make(game, side, [o for o in orders if getattr(o, "side", None) == side])
    except Exception:  # noqa: BLE001 - nothing kept is better than a crash over a refusal
        return None


# A seat whose game is over on this terminal: nothing it refused is given again here.
GONE_FOR_GOOD = ("moved", "host-left", "broken")


def not_given_count(screen: Any) -> int:
    """How many orders the game screen's seat has refused without their
    reaching its keeper so far (a joined or server seat's ``not_given``;
    0 for a seat held here): taken before a batch, to tell after a refusal
    whether the order went nowhere or was refused by the rules."""
    return int(getattr(_seat_of(screen), "not_given", 0))


def _seat_of(screen: Any) -> Any:
    """The seat of the side at the game screen's keyboard (None: none)."""
    try:
        return screen.seats.seat(screen.keyboard_side)
    except (KeyError, AttributeError):
        return None


def keep_not_given(screen: Any, orders: list[Any], not_given_before: int) -> None:
    """The orders of a batch the game screen's seat did not take (the
    refused one first): the screen that gave them opens again holding them
    (``kept_draft``), its news line saying why; while another window is
    open, or when the player went back to the board (no commit among them)
    while the seat's host or server is away, they wait as the side's draft
    instead (``saves.drafts_waiting``: the orders screen takes it up when it
    opens, and the keeper is handed it once back).  Nothing when no draft
    holds them, or the seat is gone for good."""
    side, seat = screen.keyboard_side, _seat_of(screen)
    if side is None or getattr(seat, "status", "") in GONE_FOR_GOOD:
        return
    draft = kept_draft(screen.game, side, orders)
    if draft is None:
        return
    app = screen.app
    keeper = getattr(seat, "KEEPER", "")
    back_to_board = (bool(keeper) and getattr(seat, "status", "playing") != "playing"
                     and not any(getattr(order, "verb", "") == "commit" for order in orders))
    if screen.modal_open or back_to_board:
        saves = app.saves
        if back_to_board:
            draft[HELD] = True
        saves.drafts_waiting = [draft] + [d for d in saves.drafts_waiting
                                          if (d.get("kind"), d.get("side")) != (draft["kind"], side)]
        if back_to_board:  # reopening would hold the player on the orders screen until the keeper is back
            screen.say(f"The {keeper} is not connected: what you wrote is kept, and w opens it again; "
                       f"it goes to the {keeper} when it is back.")
        return
    modal = reopen(screen.game, side, draft)
    if modal is None:
        return
    screen.open_modal(modal, screen.submit_result)
    say = getattr(modal, "say", None)
    if callable(say):  # once it is on the screen: its own news line says why it is back
        app.call_after_refresh(say, _kept_words(seat, not_given_before))


def _kept_words(seat: Any, not_given_before: int) -> str:
    """Why the orders written are back on their screen: the seat's keeper
    (host or server) away, or not answering in time, or the rules' refusal
    (said in the log just before)."""
    keeper = getattr(seat, "KEEPER", "")
    if keeper and getattr(seat, "status", "playing") != "playing":
        return (f"Nothing was given: the {keeper} is not connected. What you wrote is kept here, and goes to the "
                f"{keeper} when it is back (p commits then).")
    if keeper and int(getattr(seat, "not_given", 0)) > not_given_before:
        return (f"Nothing was given: the {keeper} has not answered yet. What you wrote is kept here: give it "
                f"again once the board shows the {keeper} going on.")
    return "Not given (the log says why): what you wrote is kept here, to change or commit again."
