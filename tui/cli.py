"""The commands of ``skirmish`` that do not start the app.

Nothing here imports Textual, so ``--help``, ``rules`` and ``replay`` stay
fast and work without a terminal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from core.registry import rulesets
from saves.places import home_folder, shown_folder  # noqa: F401 - the screens import them from here


def printable(text: str) -> str:
    """``text`` (a file name as given) as one line anyone can read: bytes
    that are not UTF-8 (Python keeps them as lone surrogates) written as
    ``\\xff``, control and format characters (a newline, an escape
    sequence, a direction override) as their escapes."""
    import unicodedata

    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate that stands for no byte
        raw = text.encode("utf-8", "backslashreplace")
    decoded = raw.decode("utf-8", "backslashreplace")
    return "".join(ch.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(ch) in ("Cc", "Cf", "Cs") else ch for ch in decoded)


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
    from tui.rulesets import adapter_for

    adapter = adapter_for(rules)
    for unit in data["units"]:
        where = "off the board" if unit["pos"] is None else f"at {unit['pos'][0]},{unit['pos'][1]}"
        if unit["pos"] is not None:
            where += adapter.replay_place_words(tuple(unit["pos"]))
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


def log_lines(game: Any, side: int | None, reasons: Any = (), seats: Any = ("human", "human")) -> list[str]:
    """The log as ``side`` may read it (None: the neutral onlooker, who
    reads only what everyone may); every line once the game is over.  The
    computer's reasons the save kept stand where they were given (none
    while a game with secrets is not over: tui/reason_log.py)."""
    from tui.reason_log import merged, reason_notes

    over = game.outcome is not None
    events = game.log if over else game.log_for(side)
    return merged([event.sentence for event in events], reason_notes(game, reasons, seats, side, over))


SIDE_VIEW_REFUSED = ("its game is not over, so it is shown only as both sides may see it, as skirmish watch "
                     "shows it: a side's view would tell that side's secrets (its hidden pieces, the orders "
                     "it wrote) to whoever reads it. Leave out --side (once the game is over, everything "
                     "is shown)")


def _file_words(path: Path) -> str:
    """A save's path as a refusal names it: an absolute one with ``~`` for
    the home folder, at most 200 characters, readable."""
    import os

    name = printable(shown_folder(path) if os.path.isabs(path) else str(path))
    return name if len(name) <= 200 else name[:199] + "…"


def replay_command(path: Path, as_json: bool, out: TextIO, err: TextIO,
                   side: int | None = None, with_log: bool = False) -> int:
    from core.seats import private_ruleset
    from saves.store import SaveError, load_for_play
    from tui.reason_log import saved_reasons

    try:
        game, pending, seats = load_for_play(path)
    except SaveError as exc:
        print(f"skirmish: cannot replay {printable(str(exc))}", file=err)
        return 1
    if side is not None and game.outcome is None and private_ruleset(game.ruleset):
        # As ``skirmish watch``: a game with secrets not over is shown only as both sides see it,
        # whoever asks (the file cannot say who reads it).  A ruleset with no secrets (no hidden
        # information, no orders written at once) gives every side the public view anyway.
        print(f"skirmish: cannot replay {_file_words(path)} as side {side}: {SIDE_VIEW_REFUSED}", file=err)
        return 1
    data = final_position(game, side)
    if with_log:
        data["log"] = log_lines(game, side, saved_reasons(game, pending), seats)
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


def door_identity(environ: Any = None) -> tuple[str | None, str]:
    """``skirmish door``: who logged in to the shared SSH account, as
    ``key:SHA256:...``, from the file OpenSSH names in ``$SSH_USER_AUTH``
    (``ExposeAuthInfo yes``: one line per method that let the player in),
    its public key fingerprinted by ``ssh-keygen -lf`` (nothing home-made).
    Returns (identity, "") or (None, why not)."""
    import os
    import subprocess

    env = os.environ if environ is None else environ
    where = env.get("SSH_USER_AUTH", "")
    if not where:
        return None, ("no SSH_USER_AUTH: this command is the shared SSH account's ForceCommand, and sshd "
                      "must say 'ExposeAuthInfo yes' for that account (see the README's server section)")
    try:
        with open(where, encoding="utf-8") as handle:
            lines = handle.read(65536).splitlines()
    except OSError as exc:
        return None, f"cannot read {where}: {exc.strerror or exc}"
    keys = [line.split(None, 1)[1] for line in lines if line.startswith("publickey ") and " " in line]
    if not keys:
        return None, "this login used no public key: the shared account lets players in by key only"
    try:
        done = subprocess.run(["ssh-keygen", "-lf", "-", "-E", "sha256"], input=keys[-1].strip() + "\n",
                              capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"ssh-keygen could not read the key ({exc})"
    fields = done.stdout.split()
    if done.returncode != 0 or len(fields) < 2 or not fields[1].startswith("SHA256:"):
        return None, f"ssh-keygen could not read the key ({(done.stderr or done.stdout).strip()[:200]})"
    return f"key:{fields[1]}", ""
