"""Keys typed in one burst on a form with text fields (fast typing, a
terminal multiplexer, one SSH packet) act in the order they were typed.

Textual hands a key straight to the focused widget unless a *priority*
binding takes it first (``App.on_event``); an ordinary binding, the
App's Tab as well as a text field's own editing keys (backspace, ctrl+u,
←...), is acted on only once the key has gone through the field and
bubbled up to the App.  By then the keys typed just behind it had already
been handed on: "Ann", Tab, "Bob" gave Player 1 "AnnBob" (Tab moved the
focus after "Bob" went in), and "Lawyer", Tab, ctrl+u, "Normal" emptied
Player 2 (its ctrl+u ran after "Normal" had gone in).

- ``TAB_MOVES_FIRST``: a form screen's Tab and shift+Tab move the focus
  as soon as they come.  A form's only, never the App's: a game screen
  binds Tab to its next figure, and a one-line dialog refuses a typed Tab
  in words (``tui.lobby_dialogs.LineInput``).
- ``InOrderInput``: a text field that acts on its own editing keys when
  it takes them, between the characters typed either side."""

from __future__ import annotations

import functools

from textual import events
from textual.binding import Binding
from textual.widgets import Input

# Spread into a form screen's BINDINGS.  The actions are the App's own
# focus moves, so Tab goes where it went before, only sooner.
TAB_MOVES_FIRST = [
    Binding("tab", "app.focus_next", "Next field", show=False, priority=True),
    Binding("shift+tab", "app.focus_previous", "Previous field", show=False, priority=True),
]


@functools.cache
def own_key_actions(widget_class: type) -> dict[str, str]:
    """Each key a widget class binds (not as a priority) and its action,
    from the classes' own BINDINGS; a subclass's binding of a key wins."""
    actions: dict[str, str] = {}
    for cls in widget_class.__mro__:  # the class itself first, its bases after
        for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())):
            if not binding.priority:
                actions.setdefault(binding.key, binding.action)
    return actions


class InOrderInput(Input):
    """An :class:`Input` whose own bindings (backspace, ctrl+u, ←, Home,
    Enter...) run when the key reaches it, in turn with the characters
    typed, rather than once the key has climbed to the App.  A key it has
    no binding for (or one whose action declines) goes on up as before."""

    # Textual calls each class's ``_on_key`` in turn, down to Input's
    # (which types the printable keys), unless one prevents the default.
    async def _on_key(self, event: events.Key) -> None:
        action = own_key_actions(type(self)).get(event.key)
        if action is not None and await self.app.run_action(action, self):
            event.stop()
            event.prevent_default()
