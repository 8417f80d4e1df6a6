"""Why? on an Optio scouting line.  A tester read "r1 is a army", "had just
moved in beside r1" and "Rule: moving and scouting".  Seed 003 (RULES): a
block scouts after moving *into* a large square the opponent holds (the
engine's ``may_scout``), the article follows the word, and the printed
pre-game's only heading is "RULES"."""

from __future__ import annotations

import importlib

import attrs

from core import events as core_events
from core.explain import explain
from core.game import refusal
from core.rulesets.optio.events import Scouted
from core.rulesets.optio.explain import with_article
from core.rulesets.optio.state import Edge
from tests.core.test_explain import _classes, _instance, _sections
from tests.rulesets.optio.helpers import R, new_state, place, with_kinds


def _play(state, *texts: str):
    events = []
    for text in texts:
        order = R.parse_order(text)
        assert refusal(R, state, order, state.players) is None, text
        state, new = R.apply(state, order)
        events += new
    return state, events


def _army_scouts_the_army():
    """Red's army waits in 2,2; Green's scout in 2,1, north of it."""
    state = with_kinds(new_state())
    state = place(state, "r-army", (2, 2), edge=Edge.S, arrived=1)
    state = place(state, "g-scout", (2, 1), arrived=2)
    state = attrs.evolve(state, clock=2)
    return _play(state, "move side=0 unit=g-scout to=2,2", "scout side=0 unit=g-scout target=r-army")


def test_the_scouted_kind_takes_an_before_a_vowel():
    state, events = _army_scouts_the_army()
    index = next(i for i, e in enumerate(events) if isinstance(e, Scouted))
    text = explain(R, events, index).text()
    assert "r-army is an army" in text and "a army" not in text
    assert with_article("army") == "an army" and with_article("scout") == "a scout"
    assert with_article("dummy") == "a dummy"


def test_the_scout_moved_into_the_opponents_square_not_beside_it():
    state, events = _army_scouts_the_army()
    assert state.block("g-scout").pos == state.block("r-army").pos == (2, 2)  # the same large square
    index = next(i for i, e in enumerate(events) if isinstance(e, Scouted))
    text = explain(R, events, index).text()
    assert "beside" not in text
    assert "moved this turn from square 2,1 into square 2,2, where r-army stood" in text


def test_scouting_cites_the_seeds_heading_and_a_help_section():
    _, events = _army_scouts_the_army()
    index = next(i for i, e in enumerate(events) if isinstance(e, Scouted))
    why = explain(R, events, index)
    assert why.cite.startswith("RULES")
    assert why.section == "A turn (scouting)" and why.section in _sections("optio")


def test_every_optio_line_cites_the_one_heading_of_the_printed_pre_game():
    own = importlib.import_module("core.rulesets.optio.events")
    for cls in _classes(core_events) + _classes(own):
        _, ref = R.explain([_instance(cls)], 0)  # the ruleset's own (a concession is Skirmish's, not RULES)
        assert ref.cite.startswith("RULES"), f"{cls.__name__} cites {ref.cite!r}"
