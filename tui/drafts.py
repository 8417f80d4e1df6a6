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
since been resolved): such a draft is dropped."""

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
    return [d for d in drafts[:MAX_DRAFTS] if isinstance(d, dict) and d.get("kind") in _known()
            and type(d.get("side")) is int]


# Drafts of a decision the game itself asks again on Continue (the screen
# opens from the game's state); the draft only sets what was highlighted,
# through the screen's ``take_draft(draft) -> bool``.
TAKEN_BY_OPEN_SCREEN = {"waylights-split"}


def _known() -> set[str]:
    import tui.rulesets.platemail_review  # noqa: F401  (registers its reopener)

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
