"""One strict cattrs converter for everything a save holds.

Strict means a save must say exactly what it means: ``"3"`` is not a whole
number, ``1.5`` is not a whole number, ``1`` is not yes/no, a word is not a
list, and a key nobody asked for is an error (``forbid_extra_keys``).

A set (``frozenset[int]``: the sides that may read a secret event) is
written as a sorted list and read back only from a list, each item once,
as exactly the annotated kind of set: ``json`` knows no sets, and a set's
own order is not the same from one run to the next.

Orders inside a state (a queue of declared orders, say) are written in their
text form and read back with the ruleset's own order codec, so each ruleset
gets its own converter from :func:`converter_for`.
"""

from __future__ import annotations

import collections.abc
import enum
import functools
import json
import re
import types
import typing
from typing import Any

import cattrs
import cattrs.v
from cattrs.errors import (
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from core.orders import Order, OrderCodec, OrderSyntaxError


class StructureError(ValueError):
    """Data that does not have the shape or types it should.  The message
    lists each problem with where it is (``$.units[2].pos``)."""


# -- strict JSON ----------------------------------------------------------------
# One reader for a save's file and a message on the wire (net/wire.py): each
# caller turns a JSONRefused into its own words (a file's, a message's).


class JSONRefused(ValueError):
    """JSON that :func:`strict_json` refuses.  ``reason`` is ``"duplicate"``
    (``what``: the key found twice in one object), ``"constant"`` (``what``:
    NaN, Infinity or -Infinity), ``"infinite"`` (``what``: a number's text
    too large for a float) or ``"surrogate"`` (``what``: the start of a text
    holding half of a UTF-16 pair, ``\\ud800``: no character, and no UTF-8
    can carry it on, to a file, a database or a peer)."""

    def __init__(self, reason: str, what: str) -> None:
        super().__init__(f"{reason}: {what}")
        self.reason, self.what = reason, what


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise JSONRefused("duplicate", key)
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise JSONRefused("constant", name)


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise JSONRefused("infinite", text)
    return value


# Only an escape can make a lone surrogate in text read from UTF-8: most texts
# have none, and are not walked.
_MAY_HOLD_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_lone_surrogates(value: Any) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise JSONRefused("surrogate", ascii(item[:20]))
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def strict_json(text: str, finite: bool = False) -> Any:
    """``json.loads`` that refuses a key twice in one object, the constants
    NaN and Infinity (and, with ``finite``, a number that reads as
    infinity) and a text holding a lone UTF-16 surrogate with
    :class:`JSONRefused`; other faults raise as ``json.loads`` raises them
    (``json.JSONDecodeError``, ``RecursionError``)."""
    data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants,
                      parse_float=_finite if finite else None)
    if _MAY_HOLD_SURROGATE.search(text):
        _no_lone_surrogates(data)
    return data


# -- strict primitives --------------------------------------------------------


def _exact(kind: type, words: str):
    def hook(value: Any, _type: Any) -> Any:
        if type(value) is not kind:
            raise ValueError(f"expected {words}, found {_describe(value)}")
        return value

    return hook


def _float(value: Any, _type: Any) -> float:
    if type(value) not in (int, float):
        raise ValueError(f"expected a number, found {_describe(value)}")
    return float(value)


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        shown = value if len(value) <= 20 else value[:17] + "..."
        return f"the text {json.dumps(shown)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, enum.Enum)


def _enum(value: Any, kind: type[enum.Enum]) -> enum.Enum:
    for member in kind:
        if type(member.value) is type(value) and member.value == value:
            return member
    allowed = ", ".join(json.dumps(m.value) for m in kind)
    raise ValueError(f"expected one of {allowed}, found {_describe(value)}")


# -- containers ---------------------------------------------------------------


def _is_tuple(kind: Any) -> bool:
    return kind is tuple or typing.get_origin(kind) is tuple


def _is_dict(kind: Any) -> bool:
    return kind is dict or typing.get_origin(kind) is dict


_SET_KINDS = (set, frozenset, collections.abc.Set, collections.abc.MutableSet)


def _is_set(kind: Any) -> bool:
    return kind in _SET_KINDS or typing.get_origin(kind) in _SET_KINDS


def _set_item_kind(kind: Any) -> Any:
    args = typing.get_args(kind)
    return args[0] if args else None


def _sorted_items(items: list) -> list:
    """Plain items in one order whatever the set's own: by value (numbers,
    texts), or by their JSON text when they do not compare."""
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


def _union_args(kind: Any) -> tuple | None:
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return typing.get_args(kind)
    return None


def _is_order_type(kind: Any) -> bool:
    if isinstance(kind, type) and issubclass(kind, Order):
        return True
    args = _union_args(kind)
    if args is None:
        return False
    members = [a for a in args if a is not type(None)]
    return bool(members) and all(isinstance(a, type) and issubclass(a, Order) for a in members)


def make_converter(codec: OrderCodec | None = None) -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _exact(int, "a whole number"))
    conv.register_structure_hook(bool, _exact(bool, "true or false"))
    conv.register_structure_hook(str, _exact(str, "text"))
    conv.register_structure_hook(float, _float)
    conv.register_structure_hook_func(_is_enum, _enum)

    def structure_tuple(value: Any, kind: Any) -> tuple:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, found {_describe(value)}")
        args = typing.get_args(kind)
        if not args:
            return tuple(value)
        if len(args) == 2 and args[1] is Ellipsis:
            kinds = [args[0]] * len(value)
        elif len(value) != len(args):
            raise ValueError(f"expected a list of {len(args)} items, found {len(value)}")
        else:
            kinds = list(args)
        out, errors = [], []
        for index, (item, item_kind) in enumerate(zip(value, kinds)):
            try:
                out.append(conv.structure(item, item_kind))
            except Exception as exc:  # collected, with where it happened
                exc.__notes__ = [*getattr(exc, "__notes__", []),
                                 IterableValidationNote(f"item {index}", index, item_kind)]
                errors.append(exc)
        if errors:
            raise IterableValidationError("bad items in a list", errors, kind)
        return tuple(out)

    def structure_dict(value: Any, kind: Any) -> dict:
        if not isinstance(value, dict):
            raise ValueError(f"expected an object, found {_describe(value)}")
        args = typing.get_args(kind)
        if not args:
            return dict(value)
        key_type, value_type = args
        return {conv.structure(k, key_type): conv.structure(v, value_type) for k, v in value.items()}

    def unstructure_set_factory(kind: Any):
        item_kind = _set_item_kind(kind)

        def unstructure_set(value: Any) -> list:
            if item_kind is None:
                return _sorted_items([conv.unstructure(item) for item in value])
            return _sorted_items([conv.unstructure(item, item_kind) for item in value])

        return unstructure_set

    def structure_set(value: Any, kind: Any) -> frozenset | set:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, found {_describe(value)}")
        item_kind = _set_item_kind(kind)
        out, errors = [], []
        for index, item in enumerate(value):
            try:
                out.append(item if item_kind is None else conv.structure(item, item_kind))
            except Exception as exc:  # collected, with where it happened
                exc.__notes__ = [*getattr(exc, "__notes__", []),
                                 IterableValidationNote(f"item {index}", index, item_kind)]
                errors.append(exc)
        if errors:
            raise IterableValidationError("bad items in a set", errors, kind)
        made = set(out) if (typing.get_origin(kind) or kind) in (set, collections.abc.MutableSet) else frozenset(out)
        if len(made) != len(out):
            raise ValueError("a set lists an item twice")
        return made

    conv.register_structure_hook_func(_is_tuple, structure_tuple)
    conv.register_structure_hook_func(_is_dict, structure_dict)
    conv.register_structure_hook_func(_is_set, structure_set)
    conv.register_unstructure_hook_factory(_is_set, unstructure_set_factory)

    # Orders inside a state travel as their text form.
    conv.register_unstructure_hook_func(
        lambda kind: isinstance(kind, type) and issubclass(kind, Order), lambda order: order.to_text()
    )

    def structure_order(value: Any, kind: Any) -> Order | None:
        args = _union_args(kind)
        allowed = tuple(a for a in (args or (kind,)) if a is not type(None))
        if value is None and args and type(None) in args:
            return None
        if not isinstance(value, str):
            raise ValueError(f"expected an order in its text form, found {_describe(value)}")
        if codec is None:
            raise ValueError("orders cannot be read here")
        try:
            order = codec.parse(value)
        except OrderSyntaxError as exc:
            raise ValueError(str(exc)) from exc
        if not isinstance(order, allowed):
            raise ValueError(f"a {order.verb!r} order is not allowed here")
        return order

    conv.register_structure_hook_func(_is_order_type, structure_order)
    return conv


# The converter for things that hold no orders (battlefields, the envelope).
PLAIN = make_converter()


@functools.lru_cache(maxsize=None)
def _converter_for_codec(codec: OrderCodec) -> cattrs.Converter:
    return make_converter(codec)


def converter_for(ruleset: Any) -> cattrs.Converter:
    """The converter that also reads ``ruleset``'s orders."""
    codec = ruleset.codec
    return _converter_for_codec(codec)


def _format(exc: BaseException, kind: Any) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unexpected key(s) {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, KeyError):
        return "a required key is missing"
    if isinstance(exc, AttributeError) and "has no attribute" in str(exc):
        return "expected an object"
    if str(exc):
        return str(exc)
    return cattrs.v.format_exception(exc, kind)


def structure(conv: cattrs.Converter, data: Any, kind: Any, what: str) -> Any:
    """Structure ``data`` as ``kind``; every problem becomes one StructureError
    naming ``what`` and the place in it."""
    try:
        return conv.structure(data, kind)
    except BaseValidationError as exc:
        problems = cattrs.transform_error(exc, path=what, format_exception=_format)
        raise StructureError("; ".join(problems[:5]) + (" ..." if len(problems) > 5 else "")) from exc
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise StructureError(f"{_format(exc, kind)} @ {what}") from exc


def unstructure(conv: cattrs.Converter, value: Any) -> Any:
    """Plain JSON data (lists, not tuples) for ``value``."""
    return json.loads(json.dumps(conv.unstructure(value), allow_nan=False))


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two pieces of plain JSON data first differ, or None."""
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} against {len(b)})"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else path


def held_only(data: Any, held: Any) -> Any:
    """``data`` (plain JSON) without the object keys ``held`` has not, at
    any depth: a snapshot written before a field was added to a ruleset's
    state says nothing of it, and is compared only on what it holds."""
    if isinstance(data, dict) and isinstance(held, dict):
        return {key: held_only(value, held[key]) for key, value in data.items() if key in held}
    if isinstance(data, list) and isinstance(held, list) and len(data) == len(held):
        return [held_only(x, y) for x, y in zip(data, held)]
    return data


__all__ = [
    "PLAIN",
    "StructureError",
    "converter_for",
    "first_difference",
    "held_only",
    "make_converter",
    "structure",
    "unstructure",
]


# -- order text -----------------------------------------------------------------


class OrderTexts:
    """The text form of orders, remembered by order value: an autosave
    writes every order of the game again after each new one, and encoding a
    long game's orders was most of a save (docs/performance.md).  Orders are
    frozen values and ``to_text`` is a function of the value, so an equal
    order always has the same text; the table is emptied when it holds
    ``limit`` orders."""

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
        self.known: dict[Order, str] = {}

    def texts(self, orders: typing.Iterable[Order]) -> list[str]:
        known = self.known
        out = []
        for order in orders:
            text = known.get(order)
            if text is None:
                if len(known) >= self.limit:
                    known.clear()
                text = known[order] = order.to_text()
            out.append(text)
        return out


ORDER_TEXTS = OrderTexts()


def orders_to_text(orders: typing.Iterable[Order]) -> list[str]:
    """``[order.to_text() for order in orders]``, from the shared table."""
    return ORDER_TEXTS.texts(orders)
