"""What a frozen value implies, remembered on the value itself.

The one way ``core`` remembers derived data (a battlefield's move-cost
grid, the sight rays traced across it, the orders a zone allows...).  A
frozen attrs class that implies costly facts declares a memo field::

    @attrs.frozen
    class Battlefield:
        ...
        memo: Memo = memo_field()

and a ruleset asks ``bf.memo.get(key, compute)``.  The rules:

* an entry lives with the value it is attached to: a changed value is a new
  object (``evolve`` builds one) with an empty memo, so an answer can never
  be served for a value it was not derived from; garbage collection of the
  value frees its entries, and nothing is keyed by ``id()``;
* the one exception, and the one way to make it: :func:`carry` hands
  chosen entries of a value's memo to the memo of the value made from it,
  when the maker knows the change leaves those answers true (or knows how
  to bring them up to date from the old answer).  That is the maker's
  claim, so every ruleset that carries proves it with a property test
  (``tests/rulesets/<name>/test_memo_carry.py``): over random games, every
  carried answer equals the one worked out afresh on an empty memo;
* the one eviction rule: a memo, or a :class:`Table` kept in it, that holds
  its limit of entries is emptied before the next one is added (answers are
  recomputed, never wrong);
* the memo takes no part in equality, hashing, ``repr``, saving (cattrs
  skips a field without ``init``), deep copies or pickles (they start empty).

Keys are plain hashable values chosen by the caller; a module uses its own
name as the first item of the key so that rulesets never collide.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

LIMIT = 4096  # entries per memo (a Table chooses its own); reaching it empties it


class Table(dict):
    """Many small answers of one kind (sight between two cells...) kept in a
    memo: read it as a dict, add with :meth:`put`."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: Any, value: T) -> T:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class Memo:
    """The derived data of one value: ``get(key, compute)``."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: dict[Any, Any] = {}

    def get(self, key: Any, compute: Callable[..., T], *args: Any) -> T:
        """The entry for ``key``, computed by ``compute(*args)`` the first
        time (passing the arguments, rather than a closure over them, costs
        nothing on the answers found, which are most of them)."""
        entries = self.entries
        try:
            return entries[key]
        except KeyError:
            pass
        value = compute(*args)
        if len(entries) >= LIMIT:
            entries.clear()
        entries[key] = value
        return value

    def table(self, key: Any, limit: int = 100_000) -> Table:
        """The :class:`Table` kept under ``key``, emptied when it holds
        ``limit`` entries."""
        try:
            return self.entries[key]
        except KeyError:
            return self.get(key, lambda: Table(limit))

    def __len__(self) -> int:
        return len(self.entries)

    # A memo is never part of what a value *is*.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Memo)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Memo({len(self.entries)} entries)"

    def __copy__(self) -> Memo:
        return Memo()

    def __deepcopy__(self, _memo: dict) -> Memo:
        return Memo()

    def __reduce__(self):
        return (Memo, ())


def carry(old: Memo, new: Memo, keys: Iterable[Any] = (),
          derive: Mapping[Any, Callable[[Any], Any]] | None = None) -> None:
    """Hand ``new`` (the memo of a value just made from ``old``'s) the
    entries of ``old`` under ``keys``, the same answers, and under each key
    of ``derive`` the answer its function makes from ``old``'s entry (the
    old answer brought up to date with what changed).  Keys ``old`` has no
    entry for are skipped.  The caller claims the answers hold for the new
    value: see the module's docstring for the test that proves it."""
    entries = old.entries
    if not entries:
        return
    into = new.entries
    for key in keys:
        if key in entries:
            into[key] = entries[key]
    if derive:
        for key, bring in derive.items():
            if key in entries:
                into[key] = bring(entries[key])


def memo_field() -> Any:
    """The attrs field that gives a frozen class its :class:`Memo`: not an
    ``__init__`` argument, not compared, hashed, shown or saved."""
    return attrs.field(init=False, factory=Memo, eq=False, hash=False, repr=False, order=False)
