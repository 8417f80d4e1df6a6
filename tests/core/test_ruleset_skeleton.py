"""Every ruleset package has the same rooms, so that someone who knows one
can find their way in the next: state, orders, events, the Ruleset subclass
in ruleset.py, and an __init__ that only exports RULESET."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from core.registry import rulesets


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
def test_the_package_has_the_shared_rooms(rules):
    package = importlib.import_module(f"core.rulesets.{rules.name}")
    folder = Path(package.__file__).parent
    for room in ("state.py", "orders.py", "events.py", "ruleset.py", "__init__.py"):
        assert (folder / room).is_file(), f"{rules.name} has no {room}"
    assert type(rules).__module__ == f"core.rulesets.{rules.name}.ruleset"
    assert package.RULESET is rules


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
def test_init_only_exports_the_ruleset(rules):
    package = importlib.import_module(f"core.rulesets.{rules.name}")
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
    body = [node for node in tree.body
            if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]  # the docstring
    assert [ast.unparse(node) for node in body] == ["from .ruleset import RULESET", "__all__ = ['RULESET']"]
