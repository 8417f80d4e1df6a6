"""Helpers for the frozen attrs values every state is made of."""

from __future__ import annotations

import operator

import attrs

_FIELDS: dict[type, tuple | None] = {}


def _plan(cls: type) -> tuple | None:
    """How ``evolve`` rebuilds an instance of ``cls``: (attrgetter of the
    ``__init__`` fields, their positions, the dict copy or None), or None for
    plain ``attrs.evolve``."""
    all_fields = attrs.fields(cls)
    # Fields without ``init`` (a memo, core/memo.py) are left out: the new
    # instance builds them afresh, as attrs.evolve does.
    fields = [f for f in all_fields if f.init]
    plain = all(not f.kw_only and f.alias == f.name for f in fields)
    if not plain or len(fields) < 2:
        return None
    return (operator.attrgetter(*(f.name for f in fields)), {f.name: i for i, f in enumerate(fields)},
            _dict_copy(cls, all_fields))


def _dict_copy(cls: type, fields) -> tuple | None:
    """For a frozen class whose instances keep their fields in ``__dict__``
    (``@attrs.frozen(slots=False)``) and whose ``__init__`` does nothing but
    store them (no validator, converter, pre- or post-init hook; anything
    else kept in the dict, such as a cached hash, makes ``evolve`` fall back):
    (number of fields, names of the init fields, (name, factory) of each
    field built afresh).  ``evolve`` then copies the dict in C instead of
    calling ``__init__``: the same instance, several times faster for a
    state of many fields."""
    if any("__slots__" in c.__dict__ for c in cls.__mro__[:-1]) or cls.__new__ is not object.__new__:
        return None
    if any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__", "__attrs_init__")):
        return None
    fresh = []
    for f in fields:
        if f.validator is not None or f.converter is not None:
            return None
        if not f.init:
            if isinstance(f.default, attrs.Factory) and not f.default.takes_self:
                fresh.append((f.name, f.default.factory))
            else:
                return None
    return len(fields), frozenset(f.name for f in fields if f.init), tuple(fresh)


def evolve(inst, **changes):
    """``attrs.evolve`` with the field list looked up once per class: the
    same new instance, built through ``__init__`` from every field in order
    (or, for a frozen dict class, as a copy of the instance's dict, see
    ``_dict_copy``).  attrs.evolve re-reads the class's fields on each call,
    and a ruleset rebuilds its state several times for each order."""
    cls = type(inst)
    if cls not in _FIELDS:
        _FIELDS[cls] = _plan(cls)
    entry = _FIELDS[cls]
    if entry is None:
        return attrs.evolve(inst, **changes)
    copy = entry[2]
    if copy is not None:
        src = inst.__dict__
        if len(src) == copy[0] and copy[1].issuperset(changes):
            new = object.__new__(cls)
            d = new.__dict__
            d.update(src)
            d.update(changes)
            for name, factory in copy[2]:
                d[name] = factory()
            return new
    values = list(entry[0](inst))
    index = entry[1]
    for name, value in changes.items():
        if name not in index:
            return attrs.evolve(inst, **changes)  # let attrs word the error
        values[index[name]] = value
    return cls(*values)
