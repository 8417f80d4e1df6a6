"""core/ keeps no module-level mutable state: what a value implies lives in
that value's memo (core/memo.py), never in a module's dict or list.

The scan reads the source (ast) of every module under core/ and reports
``global`` rebinding, functools caches, and any module-level dict, list or
set that a function of the module changes (directly or through a local
name bound to it)."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"

_MAKERS = {"dict", "list", "set", "defaultdict", "OrderedDict", "deque", "Counter",
           "WeakValueDictionary", "WeakKeyDictionary", "WeakSet"}
_MUTATORS = {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault",
             "add", "discard", "appendleft", "extendleft", "__setitem__", "__delitem__"}

# Judged harmless and kept, each for the reason given: none is derived from
# a battlefield or a state, so none can serve a stale answer for one.
ALLOWED = {
    ("registry.py", "_CACHE"): "the ruleset list, filled once on first use (tests swap it with monkeypatch)",
    ("registry.py", "_BY_NAME"): "the same list by name, rebuilt from _CACHE when a name is missing",
    ("values.py", "_FIELDS"): "field lists per attrs class: derived from code, not from values",
    ("orders.py", "_FIELD_CACHE"): "field lists per order class: derived from code, not from values",
    ("orders.py", "_variadic_cached"): "lru_cache of a property of a type annotation (code)",
    ("orders.py", "_special"): "lru_cache of a regex per separator string (code)",
    ("spheres_of_war/movement.py", "_offsets"): "lru_cache of geometry of two small integers",
    ("plasto_latros/grid.py", "relative_steps"): "lru_cache of geometry of two small integers",
}


def _is_mutable_maker(node: ast.AST | None) -> bool:
    if isinstance(node, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name in _MAKERS
    return False


def _root_name(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def state_in(source: str) -> list[str]:
    """Names of module-level mutable state in ``source``, each with why."""
    tree = ast.parse(source)
    mutable: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and _is_mutable_maker(stmt.value):
            mutable |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and _is_mutable_maker(stmt.value):
            mutable.add(stmt.target.id)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found += [f"{n} (global statement)" for n in node.names]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                if name in ("lru_cache", "cache"):
                    found.append(f"{node.name} (functools.{name})")
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        aliases = dict.fromkeys(mutable, "")  # local alias -> module name ("" for the name itself)
        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in mutable:
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        aliases[t.id] = node.value.id
        def report(name: str | None, how: str) -> None:
            if name in aliases:
                found.append(f"{aliases[name] or name} ({how})")
        for node in ast.walk(func):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for t in targets:
                    if isinstance(t, (ast.Subscript, ast.Attribute)):
                        report(_root_name(t), "changed by item assignment")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
                report(_root_name(node.func.value), f"changed by .{node.func.attr}()")
    return sorted(set(found))


def test_the_scan_finds_each_kind_of_module_state():
    source = (
        "import functools\n"
        "_A: dict[int, int] = {}\n"
        "_B = []\n"
        "_C = set()\n"
        "_D = {'fixed': 1}\n"
        "_E = None\n"
        "def f(x):\n"
        "    _A[id(x)] = x\n"
        "    cache = _C\n"
        "    cache.add(x)\n"
        "    return _D['fixed']\n"
        "def g(x):\n"
        "    global _E\n"
        "    _E = x\n"
        "    _B.append(x)\n"
        "@functools.lru_cache(maxsize=8)\n"
        "def h(x):\n"
        "    return x\n"
    )
    assert state_in(source) == [
        "_A (changed by item assignment)", "_B (changed by .append())", "_C (changed by .add())",
        "_E (global statement)", "h (functools.lru_cache)",
    ]


def test_core_keeps_no_module_level_mutable_state():
    problems = []
    for path in sorted(CORE.rglob("*.py")):
        rel = path.relative_to(CORE).as_posix()
        short = rel.removeprefix("rulesets/")
        for item in state_in(path.read_text(encoding="utf-8")):
            if (short, item.split(" ")[0]) not in ALLOWED:
                problems.append(f"core/{rel}: {item}")
    assert problems == [], "module-level mutable state in core/ (use core.memo):\n" + "\n".join(problems)


def test_every_allowance_is_still_needed():
    """An allowance for something that is gone would hide a new one later."""
    present = set()
    for path in sorted(CORE.rglob("*.py")):
        short = path.relative_to(CORE).as_posix().removeprefix("rulesets/")
        present |= {(short, item.split(" ")[0]) for item in state_in(path.read_text(encoding="utf-8"))}
    assert set(ALLOWED) <= present, sorted(set(ALLOWED) - present)
