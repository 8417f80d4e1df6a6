"""Rule 7's coin flip is the game's roll: the log line starts "The game
rolls 1d2 ...", and Why? says "(by the game)" in mid-sentence (a tester
saw "(by The game)")."""

from core.events import Rolled
from core.explain import explain
from core.rulesets.spheres_of_war import RULESET

from .helpers import OPEN, PLAYERS, options


def test_the_coin_flips_why_names_the_game_in_lower_case():
    _, events = RULESET.setup(options(instigator="coin"), OPEN, 3, PLAYERS)
    index = next(i for i, e in enumerate(events) if isinstance(e, Rolled))
    assert events[index].sentence.startswith("The game rolls 1d2 for the coin flip")
    lines = explain(RULESET, list(events), index).lines
    rolled_for = next(line for line in lines if line.startswith("Rolled for: the coin flip"))
    assert rolled_for.endswith("(by the game)"), rolled_for
    assert not any("The game" in line for line in lines), lines
