"""Options a ruleset offers at the start of a game, described as data so
the new-game screen can build its form without knowing the ruleset.

Declare each field of a ruleset's ``attrs.frozen`` options class with
:func:`option`; ``choices`` gives a menu, ``minimum``/``maximum`` a range.
"""

from __future__ import annotations

from typing import Any

import attrs


def option(default: Any, label: str, help: str = "", choices: tuple = (), minimum: int | None = None,
           maximum: int | None = None, shown: dict | None = None, **kwargs: Any) -> Any:
    """``shown``: the words a choice is shown in, where its stored value
    would not say it to a player (the value is what saves keep)."""
    metadata = {"label": label, "help": help, "choices": tuple(choices), "minimum": minimum, "maximum": maximum,
                "shown": tuple((shown or {}).items())}
    if isinstance(default, (list, dict, set)):
        raise TypeError("option defaults must be immutable")
    return attrs.field(default=default, metadata=metadata, **kwargs)


@attrs.frozen
class OptionInfo:
    name: str
    label: str
    help: str
    default: Any
    kind: type
    choices: tuple
    minimum: int | None
    maximum: int | None
    shown: tuple = ()  # (choice, words) pairs: see ``option``


def describe_options(options_type: type) -> list[OptionInfo]:
    attrs.resolve_types(options_type)
    out = []
    for field in attrs.fields(options_type):
        meta = field.metadata
        out.append(OptionInfo(field.name, meta.get("label", field.name), meta.get("help", ""), field.default,
                              field.type, meta.get("choices", ()), meta.get("minimum"), meta.get("maximum"),
                              meta.get("shown", ())))
    return out


def side_words(text: str) -> str:
    """Side numbers as players: "Side 0 team" -> "Player 1's team"."""
    for side in (0, 1):
        text = text.replace(f"Side {side} ", f"Player {side + 1}'s ").replace(f"side {side}", f"player {side + 1}")
    return text


def option_label(info: OptionInfo) -> str:
    """An option's label as a player reads it (sides named as players)."""
    return side_words(info.label)


def choice_label(info: OptionInfo, value: Any) -> str:
    """A chosen value in words: enum members by their value, yes/no, and a
    side (a 0/1 choice) as the player."""
    import enum

    words = dict(info.shown).get(value)
    if words is not None:
        return side_words(words)
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and set(info.choices) == {0, 1}:
        return f"Player {value + 1}"
    return side_words(str(value)).replace("-", " ")


def option_problem(options: Any) -> str | None:
    """The first option outside its declared range or choices, in words."""
    for info in describe_options(type(options)):
        value = getattr(options, info.name)
        if info.choices and value not in info.choices:
            return f"{info.label}: {value!r} is not one of {', '.join(map(str, info.choices))}"
        if info.minimum is not None and isinstance(value, int) and value < info.minimum:
            return f"{info.label}: {value} is below {info.minimum}"
        if info.maximum is not None and isinstance(value, int) and value > info.maximum:
            return f"{info.label}: {value} is above {info.maximum}"
    return None
