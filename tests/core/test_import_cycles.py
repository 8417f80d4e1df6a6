"""No two modules of the project import each other, directly or round a loop.

A cycle of imports makes the order modules are first imported in matter
(a name used before its module has finished running), hides layering
mistakes (the core reaching up into the screens) and ties modules that
should be separable.  The graph is read from the source with ``ast``, so
nothing is imported to check it.

An import at module level is an edge, also under ``try``/``if`` (but not
under ``if TYPE_CHECKING:``, which never runs); an import inside a function
runs when the function is called, after both modules are loaded, and is the
sanctioned way to reach a module that imports this one (``core.registry``
finding the rulesets), so it is not an edge.  ``from a import b`` is an
edge to ``a.b`` when that is a module, else to ``a``; ``a/__init__.py`` is
the module ``a``.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "saves", "tui", "net", "match")


def modules_under(root: Path, packages=PACKAGES) -> dict[str, Path]:
    """Every module of ``packages`` found under ``root``, by dotted name."""
    found = {}
    for package in packages:
        if not (root / package / "__init__.py").exists():
            continue
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level_imports(body: list[ast.stmt]):
    """The import statements that run when the module is loaded."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _module_level_imports(node.body)
            yield from _module_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _module_level_imports(block)
        elif isinstance(node, (ast.With, ast.For, ast.While)):
            yield from _module_level_imports(node.body)


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Per module, the project modules it imports when it is loaded."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        here = name if is_package else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _module_level_imports(ast.parse(path.read_text(), str(path)).body):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        graph[name] = {_known(t, modules) for t in targets if _known(t, modules)} - {name}
    return graph


def _known(name: str, modules) -> str | None:
    """``name`` or its nearest enclosing project module (``import a.b.c``
    of a name inside ``a.b`` lands on ``a.b``)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_project_has_no_import_cycles():
    found = cycles(import_graph(modules_under(ROOT)))
    assert found == [], "modules importing each other:\n" + "\n".join(" <-> ".join(g) for g in found)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_the_check_finds_a_cycle_between_two_modules(tmp_path):
    _write(tmp_path, {
        "core/__init__.py": "",
        "core/a.py": "from core.b import thing\n",
        "core/b.py": "import core.a\nthing = 1\n",
        "core/c.py": "from core import a\n",
    })
    assert cycles(import_graph(modules_under(tmp_path))) == [["core.a", "core.b"]]


def test_the_check_finds_a_loop_across_packages_and_relative_imports(tmp_path):
    _write(tmp_path, {
        "core/__init__.py": "",
        "core/rules/__init__.py": "from .state import State\n",
        "core/rules/state.py": "try:\n    from saves.store import keep\nexcept ImportError:\n    keep = None\n",
        "saves/__init__.py": "",
        "saves/store.py": "from tui import app\n",
        "tui/__init__.py": "",
        "tui/app.py": "from ..core import rules\nimport core.rules\n",
    })
    assert cycles(import_graph(modules_under(tmp_path))) == [
        ["core.rules", "core.rules.state", "saves.store", "tui.app"]]


def test_imports_that_do_not_run_at_load_are_not_cycles(tmp_path):
    _write(tmp_path, {
        "core/__init__.py": "",
        "core/registry.py": "def every():\n    from core import game\n    return game\n",
        "core/game.py": "from typing import TYPE_CHECKING\nfrom core import registry\n"
                        "if TYPE_CHECKING:\n    from core.view import View\n",
        "core/view.py": "from core.game import start\n",
    })
    assert cycles(import_graph(modules_under(tmp_path))) == []
