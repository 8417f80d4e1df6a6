"""The ruleset is the single plug-in: every registered ruleset answers every
hook the rest of Skirmish asks of it (its Why? explanations, the computer's
knowledge with its sampler of hidden information, the battlefield an Optio
pre-game cuts for it, its help page, the statuses of a fallen figure, its
orders' roles, its screen adapter), a ruleset missing one fails loudly, and
no module keeps a table keyed by a ruleset's name."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from core import registry
from core.ai.knowledge import Knowledge
from core.events import Note
from core.explain import Explanation, Ref, explain, generic_lines
from core.orders import Role
from core.ruleset import BattlefieldProfile, Ruleset
from core.rulesets.optio.terrain import battlefield_for, kind_terrain
from tests.saves.tiny_rules import Tiny

ROOT = Path(__file__).resolve().parents[2]
RULESETS = registry.rulesets()
HOOKS = ("help_page", "battlefield_profile", "fallen_statuses", "explain", "knowledge")


def each(test):
    return pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)(test)


@each
def test_every_hook_is_the_rulesets_own(rules):
    """Each hook is answered by the ruleset's class, not by a default."""
    assert set(HOOKS) <= Ruleset.__abstractmethods__  # none has a default to fall back on
    for hook in HOOKS:
        assert hook in vars(type(rules)), f"{rules.name} answers {hook} only through a parent class"
    assert not type(rules).__abstractmethods__


@each
def test_its_help_page_is_packaged(rules):
    page = ROOT / "tui" / "help" / rules.help_page
    assert page.is_file(), f"{rules.name} names {rules.help_page}, which tui/help/ does not have"
    assert page.read_text(encoding="utf-8").startswith("# ")


@each
def test_its_explainer_is_its_own_and_the_core_asks_it(rules):
    event = Note("a line of the log")
    lines, ref = rules.explain([event], 0)
    assert isinstance(ref, Ref) and lines
    assert type(rules).explain.__module__ == f"core.rulesets.{rules.name}.ruleset"
    by_name, by_ruleset = explain(rules.name, [event], 0), explain(rules, [event], 0)
    assert by_name == by_ruleset == Explanation(event.sentence, tuple(lines), ref.section, ref.cite)


@each
def test_its_knowledge_is_fresh_and_its_own(rules):
    first, second = rules.knowledge(), rules.knowledge()
    assert isinstance(first, Knowledge) and first is not second  # a search's own scratch
    assert first.rules is rules


@each
def test_hidden_information_has_its_own_sampler(rules):
    """Where a side cannot see everything, the computer fills in what it
    cannot see by the ruleset's own sampler, not by redrawing the dice alone."""
    know = rules.knowledge()
    own = type(know).sample_hidden is not Knowledge.sample_hidden
    assert own == rules.capabilities.hidden_information


@each
def test_its_battlefield_profile_cuts_the_optio_ground(rules):
    from tests.rulesets.optio.test_terrain import result

    profile = rules.battlefield_profile
    if profile is None:  # never fought on a cut-out: refused, not given a default
        assert rules.name == "optio"
        with pytest.raises(ValueError):
            battlefield_for(result(), rules)
        return
    assert isinstance(profile, BattlefieldProfile) and profile.scale >= 1 and profile.note
    for kind, _ in profile.terrain:
        kind_terrain(profile, kind)  # a kind the map knows
    field = battlefield_for(result(), rules)
    assert (field.width, field.height) == (16 * profile.scale, 8 * profile.scale)


@each
def test_its_fallen_statuses_are_words(rules):
    assert isinstance(rules.fallen_statuses, frozenset)
    assert all(isinstance(w, str) and w and "," not in w for w in rules.fallen_statuses)


@each
def test_its_orders_say_their_roles(rules):
    roles = {cls.role for cls in rules.order_types}
    assert roles <= set(Role)
    assert roles & {Role.END_TURN, Role.QUIET}, f"{rules.name} has no order that ends a turn or waits"
    assert Role.ATTACK in roles or rules.name == "platemail"  # Platemail attacks inside its written orders


@each
def test_its_screen_adapter_is_listed(rules):
    from tui.rulesets import adapter_for

    adapter = adapter_for(rules)
    assert adapter.ruleset is rules


# -- a sixth ruleset that leaves a hook out ---------------------------------

def _sixth(without: str) -> type[Ruleset]:
    """A complete sixth ruleset (the tiny test rules under another name),
    rebuilt from Ruleset with one hook left out."""
    body = {k: v for k, v in vars(Tiny).items() if k not in ("__dict__", "__weakref__")}
    body["name"] = "sixth"
    del body[without]
    return type("Sixth", (Ruleset,), body)


def test_a_complete_sixth_ruleset_can_be_made():
    sixth = _sixth("default_battlefield")()  # not a hook: the protocol's default stands
    assert sixth.name == "sixth" and sixth.fallen_statuses == frozenset()


@pytest.mark.parametrize("hook", HOOKS)
def test_a_sixth_ruleset_missing_a_hook_cannot_even_be_made(hook):
    with pytest.raises(TypeError, match=hook):
        _sixth(hook)()


def test_a_sixth_ruleset_without_a_screen_adapter_is_refused_loudly(monkeypatch):
    from tui.rulesets import NoAdapter, adapter_for

    sixth = _sixth("default_battlefield")()
    monkeypatch.setattr(registry, "_CACHE", registry.rulesets() + [sixth])
    with pytest.raises(NoAdapter, match="has no screen adapter"):
        for rules in registry.rulesets():
            adapter_for(rules)


def test_a_sixth_ruleset_that_says_nothing_of_its_orders_has_plain_actions():
    sixth = _sixth("default_battlefield")()
    assert sixth.explain([Note("x")], 0) == (generic_lines(Note("x")), Ref("", "the tiny test rules"))
    assert {cls.verb: cls.role for cls in sixth.order_types} == {
        "step": Role.ACTION, "shoot": Role.ATTACK, "end": Role.END_TURN}


# -- nothing else knows the rulesets by name ----------------------------------

def test_importing_every_ruleset_does_not_import_the_computer():
    code = ("import sys, core.registry\n"
            "for r in core.registry.rulesets(): r.help_page, r.battlefield_profile\n"
            "print(','.join(m for m in sys.modules if m == 'core.ai' or m.startswith('core.ai.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


def _name_keyed(path: Path, names: set[str]) -> list[str]:
    """Dict keys, ``in`` lists and ``==`` comparisons that spell a ruleset's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []

    def named(node):
        return isinstance(node, ast.Constant) and node.value in names

    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(named(k) for k in node.keys if k is not None):
            found.append(f"{where}:{node.lineno} a table keyed by ruleset names")
        elif isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, (ast.Eq, ast.NotEq)) and (named(right) or named(node.left)):
                    found.append(f"{where}:{node.lineno} a comparison with a ruleset name")
                if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.List, ast.Set)) \
                        and any(named(e) for e in right.elts):
                    found.append(f"{where}:{node.lineno} a list of ruleset names")
    return found


def test_no_module_keeps_a_table_keyed_by_a_rulesets_name():
    names = {r.name for r in RULESETS}
    found = []
    for folder in ("core", "tui", "saves"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            found += _name_keyed(path, names)
    assert found == []


def test_the_scan_finds_a_name_keyed_table(tmp_path):
    bad = tmp_path / "sample.py"
    bad.write_text('T = {"platemail": 1}\nif x == "optio": pass\nif y in ("waylights", "z"): pass\n')
    assert len(_name_keyed(bad, {r.name for r in RULESETS})) == 3
