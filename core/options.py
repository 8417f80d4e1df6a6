"""Options a ruleset offers at the start of a game, described as data so
the new-game screen can build its form without knowing the ruleset.

Declare each field of a ruleset's ``attrs.frozen`` options class with
:func:`option`; ``choices`` gives a menu, ``minimum``/``maximum`` a range.
"""

from __future__ import annotations

from typing import Any

import attrs


def option(default: Any, label: str, help: str = "", choices: tuple = (), minimum: int | None = None,
           maximum: int | None = None, **kwargs: Any) -> Any:
    metadata = {"label": label, "help": help, "choices": tuple(choices), "minimum": minimum, "maximum": maximum}
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


def describe_options(options_type: type) -> list[OptionInfo]:
    attrs.resolve_types(options_type)
    out = []
    for field in attrs.fields(options_type):
        meta = field.metadata
        out.append(OptionInfo(field.name, meta.get("label", field.name), meta.get("help", ""), field.default,
                              field.type, meta.get("choices", ()), meta.get("minimum"), meta.get("maximum")))
    return out


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
