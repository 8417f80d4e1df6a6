"""The setup of a server game as a client asks for it, checked: its
options and battlefield read from JSON (or named) and refused with a
reason when they cannot be played; and how the lobby names a battlefield."""

from __future__ import annotations

import json
from typing import Any


def checked_setup(rules: Any, options: Any, battlefield: Any) -> tuple[Any, Any]:
    """(options, battlefield) for ``rules`` from what a client sent (None:
    the defaults; a battlefield may be a shipped one's name, or a value the
    server made itself), or ValueError saying why they cannot be played."""
    from core.battlefield_text import battlefield_problem
    from core.board import Battlefield
    from core.options import option_problem
    from saves.convert import PLAIN, StructureError, converter_for, structure
    from saves.library import battlefield_named

    try:
        value = rules.default_options() if options is None else structure(
            converter_for(rules), options, rules.options_type, "options")
        if battlefield is None:
            field = battlefield_named(rules.default_battlefield)
        elif isinstance(battlefield, Battlefield):
            field = battlefield  # made here (the battle's cut ground), not sent
        elif isinstance(battlefield, str):
            field = battlefield_named(battlefield)
        else:
            field = structure(PLAIN, battlefield, Battlefield, "battlefield")
    except (StructureError, KeyError, TypeError) as exc:
        raise ValueError(str(exc)) from None
    problem = battlefield_problem(field) or option_problem(value) or rules.check_options(value, field)
    if problem:
        raise ValueError(problem)
    return value, field


def battlefield_label(raw: str) -> str:
    """A stored battlefield (its JSON) as the lobby names it."""
    try:
        value = json.loads(raw)
    except ValueError:
        return ""
    if isinstance(value, dict):
        return str(value.get("name", ""))[:40]
    return str(value)[:40]
