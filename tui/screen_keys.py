"""The game screen's keys, declared once (no edits of Textual's private
binding tables): the common keys, then every ruleset's own keys
(``RulesetAdapter.keys``) and every word a ruleset has for ``p``
(``end_turn_label`` and ``end_turn_other_words``), then Help and Quit,
and Why? (x) last -- the footer lists keys in this order and cuts them at 80 columns.  :func:`enabled` (the screen's
``check_action``) offers a ruleset's keys only in its own games (to an
onlooker, after the end, and while the side at the keyboard has no order
to give, only those that show something), and
the watching keys only while the computer plays both sides; ``p`` only
while it gives something (or the ruleset says why not), under the word
the ruleset has for what it gives now (``end_turn_word``: Plasto Latros'
"Decline" during a free Movement; the screen refreshes the footer on
every redraw), and ``o`` under
the name of the ruleset's question while it opens that again (Spheres of
War's rule-13 menu: ``prompt_label``)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from core.orders import Role
from tui.flow import deploying as flow_deploying
from tui.flow import prompt_to_reopen
from tui.rulesets import ADAPTERS

# While deploying, ``p`` says Ready in every ruleset (or why not yet, with
# figures still to place): the footer shows ``r Ready`` once it may, so
# this one is never shown (a ruleset's own word for ``p``, Spheres of War's
# "Wait", would name what p does not do).
_READY = "Ready"
# ``r`` while deploying with figures still off the board: not shown, it
# only says which (tui/flow.py ``not_ready_yet``).
_NOT_READY = "not ready"
# While nothing ends the turn (Spheres of War's Instigator choosing a Match)
# ``p`` is off the footer, and only says why (the generic words).
_QUIET = ""


def _ruleset_keys() -> tuple[list[Binding], list[Binding], list[Binding]]:
    keys: dict[tuple[str, str, str], None] = {}
    labels: dict[str, None] = {}
    prompts: dict[str, None] = {}
    for adapter in ADAPTERS.values():
        # keys() is a constant list: read it without a ruleset behind the adapter.
        for entry in adapter.keys(adapter.__new__(adapter)):
            keys[tuple(entry)] = None
        labels[adapter.end_turn_label] = None
        labels.update(dict.fromkeys(adapter.end_turn_other_words))
        if getattr(adapter, "prompt_label", None):  # o reopens its question (tui/flow.py prompt_to_reopen)
            prompts[adapter.prompt_label] = None
    return ([Binding(k, f"adapter_key({name!r})", label) for k, label, name in keys],
            [Binding("p", f"end_turn({_READY!r})", _READY, show=False)]
            + [Binding("p", f"end_turn({label!r})", label) for label in labels]
            + [Binding("p", f"end_turn({_QUIET!r})", "End turn", show=False)],
            [Binding("o", f"orders({label!r})", label) for label in prompts])


_KEYS, _ENDS, _PROMPTS = _ruleset_keys()
_END_WORDS = frozenset(binding.description for binding in _ENDS)

BINDINGS = [
    Binding("tab", "next_unit(1)", "Next"),
    Binding("shift+tab", "next_unit(-1)", "Prev unit", show=False),
    Binding("o", "orders", "Orders"),
    *_PROMPTS,
    Binding("d", "give('deploy-all')", "Deploy all"),
    Binding("r", "give('ready')", "Ready"),
    # r while figures are still to place: the reason, naming them (as p says it)
    Binding("r", f"end_turn({_NOT_READY!r})", "Ready", show=False),
    *_ENDS,
    Binding("ctrl+z", "take_back", "Take back", show=False),
    Binding("escape", "deselect", "Deselect", show=False),
    Binding("ctrl+s", "save", "Save", show=False),
    Binding("L", "log(True)", "Log", show=False),
    Binding("f", "warband", "Figures", show=False),
    Binding("v", "pace", "Pace", show=False),
    Binding("left_square_bracket", "scroll('log', -1)", "Log up", show=False),
    Binding("right_square_bracket", "scroll('log', 1)", "Log down", show=False),
    Binding("left_curly_bracket", "scroll('side', -1)", "Panel up", show=False),
    Binding("right_curly_bracket", "scroll('side', 1)", "Panel down", show=False),
    # Watching the computer play itself (tui/computer.py); offered only then.
    Binding("P", "computer('pause')", "Pause"),
    Binding("full_stop", "computer('step')", "Step", show=False),
    Binding("plus,equals_sign", "computer('faster')", "Faster", show=False),
    Binding("minus", "computer('slower')", "Slower", show=False),
    *_KEYS,
    Binding("f1,question_mark", "rules", "Help"),
    Binding("q", "quit_game", "Quit"),
    # Why? last: the watch footer names it too; on a footer full at 80
    # columns it is the one cut, never Help or Quit.
    Binding("x", "log(False)", "Why?"),
]


def ends_nothing(screen: Any) -> bool:
    """``p`` would give nothing now and the ruleset has no words of its own
    for why (``RulesetAdapter.end_turn`` and ``why_no_end_turn``): the key
    only says so, so the footer does not offer it."""
    adapter, side = screen.adapter, screen.keyboard_side
    if side is None:
        return True
    if adapter.end_turn(screen.game, side, screen.orders) is not None:
        return False
    # Turns that end by themselves (Optio's closing): p only says so, off the footer.
    return adapter.why_no_end_turn(screen.game, side) is None or not adapter.ends_turns_by_key(screen.game, side)


def end_turn_word(screen: Any) -> str:
    """The ruleset's word for what ``p`` gives the keyboard's side now."""
    adapter, side = screen.adapter, screen.keyboard_side
    word = adapter.end_turn_word(screen.game, side) if side is not None else adapter.end_turn_label
    # a word not declared has no binding to show it: the ruleset's usual one
    return word if word in _END_WORDS else adapter.end_turn_label


def seat_moved(screen: Any) -> bool:
    """A server's seat opened in another terminal since: this screen only shows."""
    return bool(screen.single) and getattr(screen.seats.any_seat, "status", "") == "moved"


def keeper_away(screen: Any) -> bool:
    """A joined or server seat whose host or server is away for now (it
    may come back: not a seat moved or a host gone for good)."""
    return bool(screen.single) and getattr(screen.seats.any_seat, "status", "") in ("host-stopped", "lost")


def enabled(screen: Any, action: str, parameters: tuple) -> bool | None:
    """Whether ``action`` is offered now (False: neither shown nor run)."""
    if action == "give":
        return any(o.verb == parameters[0] for o in screen.orders)
    if action == "end_turn":
        deploying = flow_deploying(screen.orders)
        if parameters and parameters[0] == _NOT_READY:
            return deploying and not any(o.role is Role.READY for o in screen.orders)
        label = _READY if deploying else _QUIET if ends_nothing(screen) else end_turn_word(screen)
        return bool(screen.orders) and (not parameters or parameters[0] == label)
    if action == "orders":  # o: the footer names the question it reopens, if any
        return bool(screen.orders) and (parameters[0] if parameters else None) == prompt_to_reopen(screen)
    if action == "adapter_key":
        name = parameters[0]
        if not any(name == key_name for _keys, _label, key_name in screen.adapter.keys()):
            return False
        # An onlooker, anyone once the game is over, and a side with no
        # order to give now (the other side's turn, the computer's) only
        # look: no key that writes or gives orders (Platemail's w, Plasto
        # Latros' t and s), only those that show.
        # While a joined or server seat's keeper is away its legal orders are
        # none, yet what is written meanwhile is kept (tui/drafts.py): the
        # keys stay (Platemail's w opens the orders kept).
        looking = screen.onlooker() or screen.game.outcome is not None or seat_moved(screen) or \
            (not screen.orders and not keeper_away(screen))
        return not looking or name in screen.adapter.looking_keys
    if action == "next_unit":
        return bool(screen.orders)
    if action == "deselect":
        return screen.selected is not None
    if action == "computer":
        return screen.computer is not None and screen.computer.watching
    return True
