"""Parts of the new-game form (:mod:`tui.newgame`): an option's values and
labels, the players named in a choice as their names are typed, a
battlefield's label, the fields shown only for another's value, and the
ruleset's choice that rebuilds the options as it changes, the name field
that says when a name is cut, the form's opening choices (the remembered
ones), and whether its Start hosts the game."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from textual.message import Message

from core.options import choice_label
from tui.form_keys import InOrderInput
from tui.widgets import Cycler


@attrs.frozen
class Preset:
    """What the form opens with instead of the remembered choices: the
    battle after an Optio pre-game (``ground``: the pre-game's result, cut
    for whichever ruleset is chosen and shown fixed: the only battlefield)."""

    ruleset: str
    options: Any = None
    players: tuple[str, str] | None = None
    seats: tuple[str, str] | None = None
    ground: Any = None


def remembered_settings() -> Any:
    """What the form opens with when nothing is pre-filled: the last
    choices (``saves.settings``), or None for the usual defaults."""
    try:
        from saves.settings import load_settings

        return load_settings()
    except Exception:  # noqa: BLE001 - no settings module: the usual defaults
        return None


def player_names(typed: Sequence[str]) -> tuple[str, str]:
    """The two players' names a new game gets from what was typed: an
    empty one is "Player 1" or "Player 2", and the second of two alike
    is told apart (" (2)")."""
    names = tuple(text.strip() or f"Player {i + 1}" for i, text in enumerate(typed[:2]))
    return (names[0], names[1] + " (2)") if names[0] == names[1] else (names[0], names[1])


def option_values(info) -> tuple[list, list[str]] | None:
    """Values a Cycler offers for one option, or None for a free text field."""
    if info.choices:
        return list(info.choices), [choice_label(info, c) for c in info.choices]
    if info.kind is bool or isinstance(info.default, bool):
        return [True, False], ["yes", "no"]
    if (isinstance(info.default, int) and info.minimum is not None and info.maximum is not None
            and info.maximum - info.minimum <= 1000):  # a seed's range is typed, not cycled
        values = list(range(info.minimum, info.maximum + 1))
        return values, [str(v) for v in values]
    return None


PLAYER_WORDS = re.compile(r"\b[Pp]layer ([12])\b")


def player_words(text: str, names: Sequence[str]) -> str:
    """A choice's words with each player ("player 2") named as typed in the
    form; "Player 2" while blank, or when both names are the same."""
    typed = [name.strip() for name in names]
    same = typed[0].casefold() == typed[1].casefold()
    return PLAYER_WORDS.sub(lambda found: typed[int(found.group(1)) - 1] if typed[int(found.group(1)) - 1]
                            and not same else f"Player {found.group(1)}", text)


def battlefield_label(bf) -> str:
    try:
        from saves.library import battlefield_title

        title = battlefield_title(bf)
    except Exception:  # noqa: BLE001 - a broken library still lists the battlefield
        title = bf.name
    return f"{title} ({bf.width}x{bf.height})"


# A clause of a battlefield's description that says what its ground does
# (cover, slow or blocking ground, sight, climbing): the rulesets read the
# same ground differently, so the form leaves such words to the ruleset's own
# (:meth:`core.ruleset.Ruleset.terrain_words`) and keeps the layout.
GROUND_CLAIM = re.compile(r"\b(cover|slow|block|sight|cost|climb|hop|jump)", re.IGNORECASE)
# A battlefield drawn for one ruleset may also state that ruleset's own
# rules for its features (Platemail's door and Use Item, Plasto Latros'
# artifacts goal): said only under that ruleset (``drawn_for``).
HOME_RULE = re.compile(r"\b(use item|raider|guardian|artifact)", re.IGNORECASE)


# The plain ground every battlefield's legend draws as "." (grass, open,
# yard): not named in the form's list of ground.
PLAIN = "."


def drawn_for(bf, rules) -> bool:
    """Whether ``bf`` was drawn for ``rules`` (its name names the ruleset:
    "Walled farmyard (Platemail)", "Waylights Crossroads"): its description
    was written in that ruleset's terms."""
    try:
        from saves.library import battlefield_title

        title = battlefield_title(bf)
    except Exception:  # noqa: BLE001 - a broken library: the name alone
        title = bf.name
    return rules.title.split(":")[0].strip().casefold() in title.casefold()


def battlefield_about(bf, rules) -> str:
    """What the new-game form says of ``bf`` played under ``rules``: its
    description's clauses that claim nothing of what the ground does, then
    each kind of ground on it that does something, in ``rules``' words
    (copse-16's "Woods slow movement and give cover" is no longer offered
    to Spheres of War, where woods are open ground).  No ruleset, or a
    choice that is not a battlefield yet (play an Optio pre-game first):
    the description as written.  The rules a description gives a
    battlefield's features (a door opened with Use Item) are kept only
    under the ruleset it was drawn for."""
    if rules is None or not hasattr(bf, "rows"):
        return bf.description or ""
    home = drawn_for(bf, rules)
    # Features these rules give a part (Platemail's door): named with what
    # they do in the ground list below, so the description's own rule for
    # one ("the door opens with Use Item") is not said twice.
    doing = {f.kind: rules.feature_words(f.kind) for f in bf.features}
    worded = [kind for kind, words in doing.items() if words]
    kept: list[str] = []
    for piece in re.split(r"(?<=[.;:,])\s+", (bf.description or "").strip()):
        if not piece or GROUND_CLAIM.search(piece):
            continue
        if HOME_RULE.search(piece) and (not home or any(kind in piece.casefold() for kind in worded)):
            continue
        if not kept or kept[-1].endswith("."):
            piece = piece[:1].upper() + piece[1:]
        kept.append(piece)
    text = " ".join(kept)
    if text[-1:] in (",", ";", ":"):
        text = text[:-1] + "."
    # The ground under a worded feature is not called idle for it.
    under = {f.cell for f in bf.features if doing[f.kind]}
    used = {glyph for y, row in enumerate(bf.rows) for x, glyph in enumerate(row) if (x, y) not in under}
    ground: list[str] = []
    idle: list[str] = []  # kinds on it these rules do nothing with
    for glyph, terrain in bf.legend:
        if glyph not in used:
            continue
        words = rules.terrain_words(terrain)
        item = f"{terrain.kind} ({', '.join(words)})"
        if words and item not in ground:
            ground.append(item)
        elif not words and glyph != PLAIN and terrain.kind not in idle:
            idle.append(terrain.kind)
    idle = [kind for kind in idle if not any(item.startswith(f"{kind} (") for item in ground)]
    if idle:  # woods on an Optio map: there, but nothing in these rules (the legend names them bare)
        kinds = ", ".join(idle[:-1]) + " and " + idle[-1] if len(idle) > 1 else idle[0]
        ground.append(f"{kinds} ({rules.idle_ground_words})")
    ground += [f"{kind} ({words})" for kind, words in doing.items() if words]
    if ground:
        text = f"{text} Ground: {', '.join(ground)}.".strip()
    return text


# An option that matters only for one value of another: its row is shown
# only then ((ruleset, option) -> (the other option, that value)).  Optio's
# map seed draws the generated map and does nothing on a shipped one.
SHOWN_ONLY_WHEN = {("optio", "map_seed"): ("map_name", "generated")}


class RulesetCycler(Cycler):
    """The ruleset's choice: the form's options under it are rebuilt in the
    same step as it changes, never later through a message (after a burst
    of ← the form showed one ruleset above another's options)."""

    def set_index(self, index: int) -> None:
        super().set_index(index)
        form = self.screen
        if getattr(form, "built_for", self.value) != self.value:
            form._build_options()  # type: ignore[attr-defined]


class NameInput(InOrderInput):
    """A player's name: what goes past ``max_length`` (a long paste, keys
    typed on) is left out and :class:`Cut` says how much (the field had
    refused it with a bell, or kept the first characters, without a word)."""

    class Cut(Message):
        def __init__(self, field: NameInput, dropped: int) -> None:
            super().__init__()
            self.field = field
            self.dropped = dropped

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        room = self.max_length - (len(value) - (end - start)) if self.max_length else len(text)
        if len(text) > room:
            super().replace(text[:max(0, room)], start, end)
            self.post_message(self.Cut(self, len(text) - max(0, room)))
            return
        super().replace(text, start, end)


def as_the_form_says(app: Any, hosted: bool, begin: Callable[[], Any]) -> Any:
    """Run ``begin`` (it starts the form's game through ``app.start_game``)
    hosted exactly when the form is the host's: the app's flag that makes
    its next game a hosted one (``hosting.new``) is set from the form for
    this Start alone, then cleared.  Set once as the form opened, it was
    cleared by the first hosting: Start again after the wait screen's Esc
    opened a game at one keyboard under a form still naming the joiner."""
    hosting = getattr(app, "hosting", None)
    if hosting is None:
        return begin()
    hosting.new = hosted
    try:
        return begin()
    finally:
        hosting.new = False


def no_hosting_left(app: Any) -> None:
    """The form decides at Start (:func:`as_the_form_says`): the flag the
    menu's h set before opening it is not left behind to host a later game
    at one keyboard (a rematch) once the host's form is left unstarted."""
    hosting = getattr(app, "hosting", None)
    if hosting is not None:
        hosting.new = False
