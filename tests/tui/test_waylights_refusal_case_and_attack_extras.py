"""Waylights words a tester marked (report t62a F5): a refusal set after a
colon goes on in lower case ("b2 cannot attack b3: the sword only
reaches..."), and the Actions menu's row for several attacks says what
follows the blow (tension to spend, an item to smash) or nothing, never
an unexplained "then the extras"."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack
from core.rulesets.waylights.state import WaylightsOptions
from tests.rulesets.waylights.helpers import position
from tui.rulesets import adapter_for
from tui.rulesets.waylights_words import after_colon

FAR = ("b9", 1, "mook", (9, 9))


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)


def test_a_refusal_after_the_colon_begins_in_lower_case():
    # The sword reaches the four cells beside its holder, not the diagonal.
    s = position([("a2", 0, "fighter", (6, 7)), ("b3", 1, "slinger", (7, 8)), FAR], "a2")
    units = {u.id: u for u in R.units(s)}
    said = adapter_for(R).why_not(game_of(s), 0, units["a2"], units["b3"])
    assert said is not None and said.startswith("a2 cannot attack b3: "), said
    rest = said.split(": ", 1)[1]
    assert rest[0].islower(), said
    assert after_colon("KO figures cannot act") == "KO figures cannot act"
    assert after_colon("b3 is KO") == "b3 is KO"


def attack_row(options) -> str:
    s = position([("a3", 0, "archer", (2, 2)), ("b1", 1, "mook", (2, 6)), ("b2", 1, "mook", (4, 6))], "a3",
                 options=options)
    attacks = [o for o in R.legal_orders(s, 0) if isinstance(o, Attack)]
    assert len(attacks) > 1
    lines = adapter_for(R).action_menu(game_of(s), 0, R.legal_orders(s, 0)).lines()
    return next(line for line in lines if "Attack…" in line)


def test_the_attack_row_leaves_out_extras_when_there_are_none():
    row = attack_row(WaylightsOptions())
    assert "2 targets" in row and "extras" not in row and "then" not in row, row


def test_the_attack_row_names_the_extras_it_offers():
    row = attack_row(WaylightsOptions(psi_tension=True))
    s = position([("a3", 0, "archer", (2, 2)), ("b1", 1, "mook", (2, 6)), ("b2", 1, "mook", (4, 6))], "a3",
                 options=WaylightsOptions(psi_tension=True))
    attacks = [o for o in R.legal_orders(s, 0) if isinstance(o, Attack)]
    if any(o.psi for o in attacks):
        assert "then tension to spend" in row, row
    assert "extras" not in row, row
