"""The in-app help is read by players of an installed game: it cannot send
them to the project's documents (docs/rulings.md is not installed with the
game, and the app has no page that shows it), nor call the printed rules
"the seed", the project's own name for its source files.  A ruling the help
relies on is said in place, in a sentence."""

from __future__ import annotations

import re
from pathlib import Path

import tui

HELP = Path(tui.__file__).parent / "help"


def _pages() -> dict[str, str]:
    pages = {p.name: " ".join(p.read_text(encoding="utf-8").split()) for p in sorted(HELP.glob("*.md"))}
    assert {"lobby.md", "plasto_latros.md", "spheres_of_war.md"} <= set(pages)
    return pages


def test_no_help_page_sends_the_player_to_a_project_document():
    for name, text in _pages().items():
        assert "rulings.md" not in text and "docs/" not in text, name
        assert "rulings document" not in text, name


def test_no_help_page_calls_the_printed_rules_the_seed():
    for name, text in _pages().items():
        assert not re.search(r"\bthe seed\b|\bseed's\b", text, re.IGNORECASE), name


def test_the_backstab_is_credited_to_the_printed_rules():
    text = _pages()["plasto_latros.md"]
    assert "the printed rules' *About Plasto Latros* calls it backstabbing" in text


def test_leaving_a_server_game_is_named_as_the_games_own_ruling():
    text = _pages()["lobby.md"]
    assert "No printed ruleset speaks of a player who leaves: this is the game's own ruling" in text
