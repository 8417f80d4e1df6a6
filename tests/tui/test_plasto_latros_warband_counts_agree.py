"""Plasto Latros' new-game lists: both sides field as many minis, so a
side cut down below the other side's shooters leaves that side as many
shooters as it has minis, in the list shown and in the count the options
keep alike.  A tester's Player 1 read "Shooter (1)" while the form refused
"Player 1 has more shooters (2) than minis (1)": the shown list had been
cut, the count behind it had not."""

from __future__ import annotations

from core.registry import find_ruleset
from core.rulesets.plasto_latros.options import SHOOTER, WARRIOR, PlastoOptions
from saves.library import battlefield_named
from tui.warband_models import PlastoModel


def test_cutting_one_side_down_cuts_the_other_sides_shooters_as_its_list_shows():
    model = PlastoModel()
    options = model.with_figures(PlastoOptions(), 0, [SHOOTER, SHOOTER, WARRIOR])  # Player 1: 2 shooters, a warrior
    assert options.minis == 3 and options.shooters_0 == 2
    theirs = model.figures(options, 1)
    for _ in range(2):  # Player 2 deletes two of its minis
        theirs = theirs[:-1]
        options = model.with_figures(options, 1, theirs)
    assert model.figures(options, 0) == [SHOOTER]  # what the form shows for Player 1
    assert options.minis == 1 and options.shooters_0 == 1  # and what the options hold
    ruleset = find_ruleset("plasto_latros")
    assert ruleset.check_options(options, battlefield_named("pl-rooftops")) is None


def test_shooters_within_the_minis_stay_as_they_were():
    model = PlastoModel()
    options = model.with_figures(PlastoOptions(), 0, [SHOOTER, WARRIOR, WARRIOR, WARRIOR])
    options = model.with_figures(options, 1, [WARRIOR, WARRIOR])
    assert options.shooters_0 == 1 and model.figures(options, 0) == [SHOOTER, WARRIOR]
