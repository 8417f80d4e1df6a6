"""The command palette: what the main menu offers, plus each ruleset's
rules (the palette that survives being closed mid-search, and opens once,
is in tui/textual_fixes.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider


class SkirmishCommands(Provider):
    """The command palette offers what the main menu offers, plus the
    rules of each ruleset (at the door, where the app offers no palette,
    it would offer the rules only)."""

    def _commands(self) -> list[tuple[str, Any, str]]:
        from core.registry import rulesets
        from tui.help import open_help  # MarkdownViewer: imported only when asked for

        app = self.app
        out = [] if getattr(app, "door", False) else [  # the door: nothing of the shared account's games
            ("New game", app.action_new_game, "Choose a ruleset, players and a battlefield"),
            ("Continue", app.action_continue_game, "Open the most recent save"),
            ("Load game", app.action_load_game, "Choose a save"),
        ]
        out.append(("Rules", app.action_rules, "Rules help for every ruleset"))
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
