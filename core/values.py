"""Helpers for the frozen attrs values every state is made of."""

from __future__ import annotations

import operator

import attrs

_FIELDS: dict[type, tuple[operator.attrgetter, dict[str, int]] | None] = {}


def evolve(inst, **changes):
    """``attrs.evolve`` with the field list looked up once per class: the
    same new instance, built through ``__init__`` from every field in order.
    attrs.evolve re-reads the class's fields on each call, and a ruleset
    rebuilds its state several times for each order."""
    cls = type(inst)
    if cls not in _FIELDS:
        # Fields without ``init`` (a memo, core/memo.py) are left out: the
        # new instance builds them afresh, as attrs.evolve does.
        fields = [f for f in attrs.fields(cls) if f.init]
        plain = all(not f.kw_only and f.alias == f.name for f in fields)
        _FIELDS[cls] = (operator.attrgetter(*(f.name for f in fields)),
                        {f.name: i for i, f in enumerate(fields)}) if plain and len(fields) > 1 else None
    entry = _FIELDS[cls]
    if entry is None:
        return attrs.evolve(inst, **changes)
    values = list(entry[0](inst))
    index = entry[1]
    for name, value in changes.items():
        if name not in index:
            return attrs.evolve(inst, **changes)  # let attrs word the error
        values[index[name]] = value
    return cls(*values)
