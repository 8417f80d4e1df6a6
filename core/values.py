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


def copy_with(inst, changes: dict, fresh=()):
    """What ``evolve(inst, **changes)`` builds, made by copying the frozen,
    unslotted ``inst``'s ``__dict__`` (one C call instead of ``__init__``
    with every field) and taking ``changes``, then ``fresh`` (pairs or a
    mapping): derived fields the new value must not share with the old one
    (a memo, a hash cache), as ``__init__`` would make them.  A name that is no field goes
    through ``evolve``, which says so.  For the values a ruleset rebuilds
    on every order (Platemail's and Waylights' ``rebuild``)."""
    fields = inst.__dict__.copy()
    n = len(fields)
    fields.update(changes)
    if len(fields) != n:
        return evolve(inst, **changes)
    if fresh:
        fields.update(fresh)
    new = object.__new__(type(inst))
    object.__setattr__(new, "__dict__", fields)  # (frozen: past attrs' __setattr__)
    return new
