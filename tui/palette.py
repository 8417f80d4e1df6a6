"""The command palette: what the main menu offers, plus each ruleset's
rules, in a palette that survives being closed mid-search."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.css.query import NoMatches


class SkirmishCommands(Provider):
    """The command palette offers what the main menu offers, plus the
    rules of each ruleset."""

    def _commands(self) -> list[tuple[str, Any, str]]:
        from core.registry import rulesets
        from tui.help import open_help  # MarkdownViewer: imported only when asked for

        app = self.app
        out = [
            ("New game", app.action_new_game, "Choose a ruleset, players and a battlefield"),
            ("Continue", app.action_continue_game, "Open the most recent save"),
            ("Load game", app.action_load_game, "Choose a save"),
            ("Rules", app.action_rules, "Rules help for every ruleset"),
        ]
        for r in rulesets():
            out.append((f"Rules: {r.title}", partial(open_help, app, r.name, r.title), r.summary))
        out.append(("Quit", app.action_request_quit, "Leave Skirmish (it asks first while a game is open)"))
        return out

    async def discover(self) -> Hits:
        for name, command, help_text in self._commands():
            yield DiscoveryHit(name, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, command, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), command, help=help_text)


def palette_open(app: Any) -> bool:
    """A command palette is open anywhere in the screen stack, not only on
    top: ctrl+p, ctrl+q, ctrl+p once opened a second palette under the quit
    question, with the first one's id, and Textual ended the app with
    ``DuplicateIds`` (Textual's own ``CommandPalette.is_open`` looks at the
    top screen only)."""
    return any(isinstance(screen, CommandPalette) for screen in app.screen_stack)


class SafeCommandPalette(CommandPalette):
    """Textual's palette, tolerant of being closed while it still gathers
    commands.  A burst of keys (typed fast, or pasted over SSH) can open and
    dismiss it before its search finishes; Textual 8.2 then looks for the
    palette's list after it is gone and the error ends the app.  Found by
    tests/robustness/test_monkey.py."""

    def _watch__list_visible(self) -> None:
        try:
            super()._watch__list_visible()
        except NoMatches:
            pass  # already closed: nothing left to show or hide

    def _action_command_list(self, action: str) -> None:
        # Page up/down on an empty list raises KeyError in Textual 8.2's
        # OptionList; with no commands listed there is nothing to move to.
        try:
            super()._action_command_list(action)
        except (KeyError, NoMatches):
            pass
