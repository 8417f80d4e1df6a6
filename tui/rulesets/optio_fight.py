"""The end of the Optio pre-game: the battlefield the template cut out, then
"Fight this battle with..." -- a new game of the chosen ruleset on
``battlefield_for(result, name)``.  The screen returns that new
:class:`core.game.Game`; the game screen starts it through the app's normal
start (which saves it), so it is autosaved and resumed like any game.

If the pre-game was started from the new-game form ("play an Optio
pre-game first"), the ruleset and options chosen there are remembered (for
this run of the app) and offered first.

Enter and a ruleset's digit do the same, and the keys row says what that
is: the battle's new-game form follows, on the pre-game's ground, where
the warbands and the options are chosen (``tui.result_flow``): at one
keyboard by the players, after a hosted pre-game by the host, after a
server's by the player who asks first.
"""

from __future__ import annotations

import random
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from core.game import start
from core.registry import rulesets
from core.rulesets.optio.terrain import battlefield_for
from tui.rulesets.optio_template import preview_text

OPTIO = "optio"


def handoffs(app: Any) -> dict:
    """Pre-games started from the new-game form, by game seed:
    ``(ruleset name, options)`` the players chose there."""
    table = getattr(app, "optio_handoff", None)
    if table is None:
        table = {}
        app.optio_handoff = table
    return table


def fight_game(pre_game: Any, ruleset: Any, options: Any = None, seed: int | None = None) -> Any:
    """A new game of ``ruleset`` on the pre-game's battlefield (ValueError if
    the options do not fit it)."""
    field = battlefield_for(pre_game.state.result, ruleset.name)
    if options is None or not isinstance(options, ruleset.options_type):
        options = ruleset.default_options()
    seed = random.randrange(2**31) if seed is None else seed
    return start(ruleset, options, field, seed=seed, players=tuple(pre_game.players))


class FightScreen(ModalScreen[Any]):
    DEFAULT_CSS = """
    FightScreen Label { width: 100%; }
    FightScreen { align: center middle; }
    FightScreen > Vertical { width: 78; max-width: 100%; height: 100%; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1; }
    FightScreen #fight-field { height: auto; max-height: 12; }
    FightScreen OptionList { height: auto; max-height: 8; border: none; }
    FightScreen .muted { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Not now")]

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.game = game
        self.choices = [r for r in rulesets() if r.battlefield_profile is not None]  # fought on a cut-out
        self.preferred = None

    def compose(self) -> ComposeResult:
        result = self.game.state.result
        with Vertical():
            yield Label(f"[b]The battlefield: {result.map_name}, square {result.meeting[0]},{result.meeting[1]}[/b]")
            with VerticalScroll(id="fight-field"):
                yield Static(preview_text(result.rows), markup=False)
            yield Label("[b]Fight this battle with...[/b]")
            yield OptionList(id="fight-list")
            yield Label("", id="fight-keys", classes="muted")

    def on_mount(self) -> None:
        pending = handoffs(self.app).get(self.game.seed)
        if pending is not None:
            name = pending[0]
            self.choices.sort(key=lambda r: r.name != name)
            self.preferred = pending
        menu = self.query_one(OptionList)
        for index, rules in enumerate(self.choices):
            field = battlefield_for(self.game.state.result, rules.name)
            menu.add_option(Option(f"{index + 1}. {rules.title} ({field.width}x{field.height})", id=f"r{index}"))
        menu.highlighted = 0
        menu.focus()
        self.query_one("#fight-keys", Label).update(self.keys_words())

    def keys_words(self) -> str:
        digits = f"1-{len(self.choices)}" if len(self.choices) > 1 else "1"
        return f"↑↓ Enter, or {digits}: choose, then the warbands in the form · Esc: not now"

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.choices):
                event.stop()
                self._pick(index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._pick(int(event.option.id[1:]))

    def _pick(self, index: int) -> None:
        rules = self.choices[index]
        options = None
        if self.preferred is not None and self.preferred[0] == rules.name:
            options = self.preferred[1]
        try:
            try:
                game = fight_game(self.game, rules, options)
            except ValueError:
                if options is None:
                    raise
                game = fight_game(self.game, rules, None)  # the form's options do not fit this field
        except ValueError as exc:
            self.notify(f"{rules.title} cannot be fought here: {exc}", severity="warning", timeout=6)
            return
        handoffs(self.app).pop(self.game.seed, None)
        self.dismiss(game)

    def action_cancel(self) -> None:
        self.dismiss(None)
