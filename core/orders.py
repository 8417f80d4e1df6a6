"""Orders: small frozen values with a text form that round-trips.

An order class is an ``attrs.frozen`` subclass of :class:`Order` with a
``verb`` and ``side`` as its first field.  Its text form is the verb followed
by ``field=value`` pairs, for example ``move side=0 unit=w2 to=3,4``.  The
same text is what the log, the save file and a hand-written scenario use.

Values are written by their declared type:

* ``int`` ``17``, ``bool`` ``yes``/``no``, ``None`` ``-``
* ``str`` as a bare word when it is one, otherwise JSON-quoted
* a cell ``tuple[int, int]`` as ``3,4``
* an ``enum.Enum`` by its value
* ``tuple[X, ...]`` as ``[a;b;c]``
* a nested order (a field typed as an Order class) as ``(verb k=v ...)``
"""

from __future__ import annotations

import enum
import functools
import json
import re
import types
import typing
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from core.memo import Table


class OrderSyntaxError(ValueError):
    """Text that is not a well-formed order."""


class Role(enum.Enum):
    """What an order does, as the screen's keys and the computer's search
    read it: data on each order class (``role = Role.ATTACK``), so that no
    other module keeps a list of verbs.  An order class says nothing for
    :attr:`ACTION`, the ordinary case."""

    ACTION = "action"  # anything else: move, turn, write, reload...
    END_TURN = "end turn"  # ends the side's turn, passes or commits: what the ``p`` key gives
    READY = "ready"  # ends the side's deployment (``p`` while deploying, asked nothing)
    ATTACK = "attack"  # hurts or uncovers the enemy: the search tries it first
    QUIET = "quiet"  # does nothing now (wait, hold): the search always keeps one
    DEPLOY = "deploy"  # places figures before the battle


@attrs.frozen
class Order:
    """Base class of every order.  Subclasses set ``verb`` (and ``role``
    when it is not a plain action) and add fields."""

    verb: ClassVar[str] = ""
    role: ClassVar[Role] = Role.ACTION
    side: int

    def to_text(self) -> str:
        parts = [self.verb]
        for name, kind in _fields_of(type(self)):
            parts.append(f"{name}={_encode(getattr(self, name), kind)}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()


@attrs.frozen
class Concede(Order):
    """A player gives up the game: the other side wins.  Not a rule of any
    ruleset but of playing one (``docs/rulings.md``, *Conceding*), so the
    core takes it in every ruleset (``core.game.submit``), from its side at
    any moment of a game going on, whoever's turn it is.  No ruleset lists
    it among its legal orders, so the computer never gives it."""

    verb: ClassVar[str] = "concede"


@attrs.frozen
class Forfeit(Concede):
    """The side whose player left a game played from elsewhere loses it: a
    concession the referee gives in that player's name once the opponent
    claims the game (``net.referee``; ``docs/rulings.md``, *Leaving a server
    game*).  The core takes it like a concession; no seat may give it
    (``core.seats.wrong_side``), so a player can only ask the referee.
    ``idle``: the player was still connected but had stopped playing (the
    referee's idle time), not gone; a save without it was one who left."""

    verb: ClassVar[str] = "forfeit"
    idle: bool = False

    @property
    def reason(self) -> str:
        return forfeit_reason(self.idle)


@attrs.frozen
class OfferDraw(Order):
    """A player offers the other a draw.  Like a concession, no ruleset's
    rule but of playing one (``docs/rulings.md``, *A draw by agreement*):
    the core takes it in every ruleset that names a winner, from its side
    at any moment of a game going on.  The offer stands until the other
    side answers it (:class:`AgreeDraw`, :class:`DeclineDraw`); the game
    goes on meanwhile."""

    verb: ClassVar[str] = "offer-draw"


@attrs.frozen
class AgreeDraw(Order):
    """The answer to the other side's standing offer that ends the game drawn."""

    verb: ClassVar[str] = "agree-draw"


@attrs.frozen
class DeclineDraw(Order):
    """The answer to the other side's standing offer that plays on."""

    verb: ClassVar[str] = "decline-draw"


DRAW_ORDERS = (OfferDraw, AgreeDraw, DeclineDraw)


def forfeit_reason(idle: bool) -> str:
    """Why a player forfeited, as the log, the result and Watch say it."""
    return "stopped playing" if idle else "left the game"


_BARE = re.compile(r"^[A-Za-z0-9_.:+\-]+$")
_INT = re.compile(r"-?\d{1,18}")
_CELL = re.compile(r"(-?\d{1,9}),(-?\d{1,9})")

# (name, type) of each order class's fields, types resolved once: saves write
# every order of a game as text, and looking these up per call was most of it.
_FIELD_CACHE: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
    cached = _FIELD_CACHE.get(cls)
    if cached is None:
        attrs.resolve_types(cls)
        cached = tuple((field.name, field.type) for field in attrs.fields(cls))
        _FIELD_CACHE[cls] = cached
    return cached


def _is_variadic_tuple(kind: Any) -> bool:
    try:
        return _variadic_cached(kind)
    except TypeError:  # an unhashable annotation: work it out each time
        return _variadic(kind)


@functools.lru_cache(maxsize=256)
def _variadic_cached(kind: Any) -> bool:
    return _variadic(kind)


def _variadic(kind: Any) -> bool:
    args = typing.get_args(kind)
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return any(_is_variadic_tuple(a) for a in args)
    return typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis


def _item_type(kind: Any) -> Any:
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        for a in typing.get_args(kind):
            if _is_variadic_tuple(a):
                return typing.get_args(a)[0]
    return typing.get_args(kind)[0]


def _encode(value: Any, kind: Any = None) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, enum.Enum):
        return _encode(value.value)
    if isinstance(value, str):
        if _BARE.match(value) and value not in ("-", "yes", "no"):
            return value
        return json.dumps(value)
    if isinstance(value, Order):
        return f"({value.to_text()})"
    if isinstance(value, tuple):
        if kind is not None and _is_variadic_tuple(kind):
            item = _item_type(kind)
            return "[" + ";".join(_encode(v, item) for v in value) + "]"
        if len(value) == 2 and all(type(v) is int for v in value):
            return f"{value[0]},{value[1]}"
        return "[" + ";".join(_encode(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} in an order")


def _split(text: str, seps: str) -> list[str]:
    """Split at any of ``seps`` outside brackets and quotes."""
    if len(seps) == 1 and not any(ch in text for ch in '"()[]'):
        return text.split(seps)  # nothing nested: the same parts, found in C
    # Visit only the characters that matter (quotes, backslashes, brackets,
    # separators) instead of every character: the same rules, fewer steps.
    parts, depth, quote, start, skip = [], 0, False, 0, -1
    for match in _special(seps).finditer(text):
        i, ch = match.start(), match.group()
        if quote:
            if i == skip:
                continue  # the character after a backslash is taken as it is
            if ch == "\\":
                skip = i + 1
            elif ch == '"':
                quote = False
            continue
        if ch == '"':
            quote = True
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth < 0:
                raise OrderSyntaxError(f"unbalanced brackets in {text!r}")
        if ch in seps and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if quote or depth:
        raise OrderSyntaxError(f"unclosed quote or bracket in {text!r}")
    parts.append(text[start:])
    return parts


@functools.lru_cache(maxsize=8)
def _special(seps: str) -> re.Pattern[str]:
    return re.compile("[" + re.escape('"\\()[]' + seps) + "]")


class OrderCodec:
    """Parses the text forms of a fixed set of order classes."""

    def __init__(self, order_types: Iterable[type[Order]]):
        self.by_verb: dict[str, type[Order]] = {}
        for cls in order_types:
            if not cls.verb or cls.verb in self.by_verb:
                raise ValueError(f"order class {cls.__name__} needs a unique verb")
            attrs.resolve_types(cls)
            self.by_verb[cls.verb] = cls
        # Worked out once per codec (it is built once per ruleset): each
        # class's fields and the shape of each field type; parsing a long
        # game's orders looked these up again for every value.
        self._fields = {verb: {f.name: f for f in attrs.fields(cls)} for verb, cls in self.by_verb.items()}
        self._shapes: dict[Any, tuple[Any, tuple[Any, ...]]] = {}
        self._parsed = Table(20_000)

    def _shape(self, kind: Any) -> tuple[Any, tuple[Any, ...]]:
        try:
            return self._shapes[kind]
        except KeyError:
            shape = self._shapes[kind] = (typing.get_origin(kind), typing.get_args(kind))
            return shape
        except TypeError:  # an unhashable annotation
            return typing.get_origin(kind), typing.get_args(kind)

    def parse(self, text: str) -> Order:
        # Orders are frozen values and parsing is a function of the text, so
        # a text read before gives the same order again (a save's orders
        # repeat: every Round writes much the same).  Errors are not kept.
        found = self._parsed.get(text)
        if found is None:
            found = self._parsed.put(text, self._parse(text))
        return found

    def _parse(self, text: str) -> Order:
        text = text.strip()
        if not text:
            raise OrderSyntaxError("an empty order")
        words = [w for w in _split(text, " ") if w]
        verb, pairs = words[0], words[1:]
        cls = self.by_verb.get(verb)
        if cls is None:
            raise OrderSyntaxError(f"unknown order {verb!r}")
        fields = self._fields[verb]
        values: dict[str, Any] = {}
        for pair in pairs:
            if "=" not in pair:
                raise OrderSyntaxError(f"{pair!r} is not name=value")
            name, raw = pair.split("=", 1)
            if name not in fields:
                raise OrderSyntaxError(f"{verb} has no field {name!r}")
            if name in values:
                raise OrderSyntaxError(f"{verb}: {name} given twice")
            values[name] = self._decode(raw, fields[name].type, f"{verb}.{name}")
        missing = [n for n, f in fields.items() if n not in values and f.default is attrs.NOTHING]
        if missing:
            raise OrderSyntaxError(f"{verb} is missing {', '.join(missing)}")
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise OrderSyntaxError(f"{verb}: {exc}") from exc

    def _decode(self, raw: str, kind: Any, where: str) -> Any:
        origin, args = self._shape(kind)
        if origin in (typing.Union, types.UnionType):
            if raw == "-" and type(None) in args:
                return None
            errors = []
            for option in args:
                if option is type(None):
                    continue
                try:
                    return self._decode(raw, option, where)
                except OrderSyntaxError as exc:
                    errors.append(str(exc))
            if len(errors) == 1:
                raise OrderSyntaxError(errors[0])
            raise OrderSyntaxError(f"{where}: {raw!r} fits none of its types ({'; '.join(errors)})")
        if kind is bool:
            if raw in ("yes", "no"):
                return raw == "yes"
            raise OrderSyntaxError(f"{where}: expected yes or no, not {raw!r}")
        if kind is int:
            if _INT.fullmatch(raw):
                return int(raw)
            raise OrderSyntaxError(f"{where}: expected a whole number, not {raw!r}")
        if kind is str:
            if raw.startswith('"'):
                try:
                    value = json.loads(raw)
                except json.JSONDecodeError as exc:
                    raise OrderSyntaxError(f"{where}: bad quoted text {raw!r}") from exc
                if not isinstance(value, str):
                    raise OrderSyntaxError(f"{where}: expected text")
                return value
            if _BARE.match(raw):
                return raw
            raise OrderSyntaxError(f"{where}: bad word {raw!r}")
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            for member in kind:
                if str(member.value) == raw:
                    return member
            raise OrderSyntaxError(f"{where}: {raw!r} is not one of {', '.join(str(m.value) for m in kind)}")
        if isinstance(kind, type) and issubclass(kind, Order):
            if not (raw.startswith("(") and raw.endswith(")")):
                raise OrderSyntaxError(f"{where}: a nested order goes in brackets")
            inner = self._parse(raw[1:-1])
            if not isinstance(inner, kind):
                raise OrderSyntaxError(f"{where}: {inner.verb} is not allowed here")
            return inner
        if origin is tuple:
            if len(args) == 2 and args[1] is not Ellipsis:
                match = _CELL.fullmatch(raw)
                if not match:
                    raise OrderSyntaxError(f"{where}: expected x,y, not {raw!r}")
                return (int(match[1]), int(match[2]))
            if len(args) == 2 and args[1] is Ellipsis:
                if not (raw.startswith("[") and raw.endswith("]")):
                    raise OrderSyntaxError(f"{where}: a list goes in [a;b]")
                body = raw[1:-1]
                if not body:
                    return ()
                return tuple(self._decode(p, args[0], where) for p in _split(body, ";"))
        raise OrderSyntaxError(f"{where}: cannot read a value of type {kind!r}")
