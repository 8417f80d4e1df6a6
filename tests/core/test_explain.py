"""Why?: every kind of event of every ruleset has an explanation, and the
rule it names is a section that exists in that ruleset's help page."""

from __future__ import annotations

import importlib
import inspect
import random
import re
from pathlib import Path

import attrs
import pytest

from core import events as core_events
from core import registry
from core.events import Event, Rolled
from core.explain import explain
from core.game import start, submit
from saves.library import battlefield_named

RULESETS = [r.name for r in registry.rulesets()]


def _classes(module) -> list[type]:
    return [c for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, Event) and c is not Event and c.__module__ == module.__name__]


def _sample(field: attrs.Attribute):
    """A plausible value for an event field, from its name and annotation.

    The annotation is read after ``attrs.resolve_types``: whether it is still
    a string depends on whether something (cattrs, say) resolved the class
    earlier in the run, and ``str(int)`` is not ``"int"``."""
    kind = field.type.__name__ if isinstance(field.type, type) else str(field.type)
    if field.name in ("faces",):
        return (4,)
    if field.name == "modifiers":
        return (("Strength", 1),)
    if field.name == "at" and "tuple[tuple" in kind:
        return ((0, 0), (1, 1))
    if kind.startswith("tuple[tuple[str, int]"):  # parts, each named with its source
        return (("Chain Mail (armour)", 1),)
    if "HitCounted" in kind:  # Platemail's tally, hit by hit
        from core.rulesets.platemail.events import HitCounted

        return (HitCounted(1, 2, (("Sword (weapon)", 0),), 1, "pool"),)
    if "Standing" in kind:  # Waylights' turn order, figure by figure
        from core.rulesets.waylights.events import Standing

        return (Standing("a1", 0, 2, 6), Standing("b1", 1, 2, 6))
    if kind.startswith("tuple[str"):
        return ("a1", "b1")
    if "Cell" in kind or "tuple[int, int]" in kind:
        return (1, 2)
    if kind.startswith("bool"):
        return True
    if kind.startswith("int"):
        return 2
    if "frozenset" in kind:
        return None
    return "a1"


def _instance(cls: type) -> Event:
    attrs.resolve_types(cls)
    values = {f.name: _sample(f) for f in attrs.fields(cls) if f.name != "seen_by"}
    return cls(**values)


HELP = Path(__file__).resolve().parents[2] / "tui" / "help"


def _sections(name: str) -> set[str]:
    text = (HELP / f"{name}.md").read_text(encoding="utf-8")
    return {m.group(1).strip() for m in re.finditer(r"^## (.+)$", text, re.M)}


@pytest.mark.parametrize("name", RULESETS)
def test_every_event_class_has_an_explanation_and_an_existing_rule(name):
    own = importlib.import_module(f"core.rulesets.{name}.events")
    classes = _classes(core_events) + _classes(own)
    assert len(classes) > len(_classes(core_events)), f"{name} defines no events of its own?"
    sections = _sections(name)
    for cls in classes:
        event = _instance(cls)
        why = explain(name, [event], 0)
        assert why.lines, f"{name}: {cls.__name__} has no working"
        assert all(line.strip() for line in why.lines)
        assert why.section in sections, f"{name}: {cls.__name__} names help section {why.section!r}"
        assert why.cite.strip(), f"{name}: {cls.__name__} cites no printed rule"


def test_an_attack_is_explained_with_its_dice_modifiers_number_to_beat_and_band():
    from core.rulesets.platemail.events import AttackMade

    roll = Rolled("1d20", (12,), (("Favor: ready", 3), ("Range", -2)), 13, "ranged attack on b2", "a1")
    shot = AttackMade("a1", "b2", "ranged", 13, 13, 12, False)
    why = explain("platemail", [roll, shot], 1)
    text = why.text()
    assert "1d20 showed 12" in text
    assert "+3 Favor: ready" in text and "-2 Range" in text
    assert "Defense 13" in text
    # 13 does not beat 13: the rule is "above", so this is a miss.
    assert "not above 13: a miss" in text


def test_a_spheres_defence_roll_names_its_band():
    held = Rolled("1d6", (4,), (), 4, "defence against i1 (5-6 fails)", "r1")
    fell = Rolled("1d6", (5,), (), 5, "defence against i1 (5-6 fails)", "r1")
    assert "holds" in explain("spheres_of_war", [held], 0).text()
    assert "fails" in explain("spheres_of_war", [fell], 0).text()
    assert "rules 33-36" == explain("spheres_of_war", [fell], 0).cite


def test_waylights_damage_bands_follow_the_threshold():
    from core.rulesets.waylights.events import Resolved

    glancing = Resolved("a1", "b1", 6, 4, 2, 2, 0)
    two = Resolved("a1", "b1", 9, 4, 5, 2, 2)
    assert "glancing" in explain("waylights", [glancing], 0).text()
    assert "above 2 x Threshold 2 = 4: 2 wounds" in explain("waylights", [two], 0).text()


@pytest.mark.parametrize("name", RULESETS)
def test_every_line_of_a_random_game_can_be_opened(name):
    rules = registry.find_ruleset(name)
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    rng = random.Random(3)
    for _ in range(150):
        if game.outcome is not None:
            break
        side = min(game.to_act)
        game = submit(game, rng.choice(game.legal_orders(side))).game
    log = game.log
    for index in range(len(log)):
        why = explain(name, log, index)
        assert why.title == log[index].sentence and why.lines


def test_a_platemail_save_says_what_it_had_to_beat_and_whether_it_did():
    made = Rolled("1d20", (9,), (("Dexterity", 2),), 11, "Dexterity save (Crash)", "a1")
    failed = Rolled("1d20", (8,), (("Dexterity", 2),), 10, "Dexterity save (Crash)", "a1")
    # A save beats 10 (Platemail: a total of exactly 10 fails).
    assert "11 succeeds" in explain("platemail", [made], 0).text()
    assert "10 fails" in explain("platemail", [failed], 0).text()


def test_a_spheres_strike_with_the_last_action_says_why_nobody_falls():
    """Rule 35: the exchange ends when "all remaining Actions have been used
    up"; Why? on the last strike and on the Match's end says so."""
    from core.events import Struck
    from core.rulesets.spheres_of_war.events import MatchResolved

    struck = Struck("r1", "i1")
    resolved = MatchResolved(1, ("i1", "r1"), "all Actions used; the last strike at i1 goes unanswered")
    plain = MatchResolved(1, ("i1", "r1"), "all Actions used")
    for index in (0, 1):
        why = explain("spheres_of_war", [struck, resolved], index)
        assert "no defence" in why.text() and why.cite == "rules 33-37"
    assert "no defence" not in explain("spheres_of_war", [struck, plain], 0).text()
    assert "no defence" not in explain("spheres_of_war", [plain], 0).text()
