"""The commands of ``skirmish`` that do not start the app.

Nothing here imports Textual, so ``--help``, ``rules`` and ``replay`` stay
fast and work without a terminal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from core.registry import rulesets


def rules_lines() -> list[str]:
    """One line per ruleset: its name (for saves and the command line),
    title and summary."""
    found = rulesets()
    if not found:
        return ["No rulesets are installed."]
    width = max(len(r.name) for r in found)
    return [f"{r.name:<{width}}  {r.title}: {r.summary}" for r in found]


def final_position(game: Any, side: int | None = None) -> dict:
    """The replay printout as data: exactly ruleset, turn, to_act, units
    and outcome.  A game still going on is shown as ``side`` sees it
    (``view(state, side)``; None: the neutral onlooker), so a replay hides
    nothing less than the board did; a finished game is shown in full."""
    rules = game.ruleset
    outcome = game.outcome
    state = game.state if outcome is not None else game.view(side)
    situation = rules.situation(state)
    units = []
    for unit in rules.units(state):
        units.append({
            "id": unit.id,
            "side": unit.side,
            "pos": list(unit.pos) if unit.pos is not None else None,
            "facing": unit.facing.value if unit.facing is not None else None,
            "status": unit.status,
        })
    return {
        "ruleset": rules.name,
        "turn": situation.turn,
        "to_act": sorted(game.to_act),
        "units": units,
        "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
    }


def _side(game: Any, side: int | None) -> str:
    if side is None:
        return "nobody"
    name = game.players[side] if side in (0, 1) else "?"
    return f"{name} (side {side})"


def position_text(game: Any, data: dict) -> list[str]:
    rules = game.ruleset
    lines = [
        f"ruleset: {data['ruleset']} ({rules.title})",
        f"turn: {data['turn']}",
        "to act: " + (", ".join(_side(game, s) for s in data["to_act"]) or "nobody"),
        "units:",
    ]
    for unit in data["units"]:
        where = "off the board" if unit["pos"] is None else f"at {unit['pos'][0]},{unit['pos'][1]}"
        facing = f"  facing {unit['facing']}" if unit["facing"] is not None else ""
        lines.append(f"  {unit['id']}  side {unit['side']}  {where}{facing}  {unit['status']}")
    if not data["units"]:
        lines.append("  (none)")
    outcome = data["outcome"]
    if outcome is not None:
        if outcome["winner"] is None:
            lines.append(f"outcome: a draw ({outcome['reason']})")
        else:
            lines.append(f"outcome: {_side(game, outcome['winner'])} wins ({outcome['reason']})")
    return lines


def log_lines(game: Any, side: int | None) -> list[str]:
    """The log as ``side`` may read it (None: the neutral onlooker, who
    reads only what everyone may); every line once the game is over."""
    events = game.log if game.outcome is not None else game.log_for(side)
    return [event.sentence for event in events]


def replay_command(path: Path, as_json: bool, out: TextIO, err: TextIO,
                   side: int | None = None, with_log: bool = False) -> int:
    from saves.store import SaveError, load_game

    try:
        game = load_game(path)
    except SaveError as exc:
        print(f"skirmish: cannot replay {exc}", file=err)
        return 1
    data = final_position(game, side)
    if with_log:
        data["log"] = log_lines(game, side)
    if as_json:
        print(json.dumps(data, indent=2), file=out)
    else:
        lines = position_text(game, data)
        if with_log:
            whose = "everything" if game.outcome is not None else _side(game, side) if side is not None \
                else "what both sides may read"
            lines += [f"log ({whose}):"] + [f"  {line}" for line in data["log"]]
        print("\n".join(lines), file=out)
    return 0
