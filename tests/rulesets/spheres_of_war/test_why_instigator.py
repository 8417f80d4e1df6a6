"""Why? on the setup's "<player> is the Instigator (white), combatants ..."
says why that player has the role (rule 7: a coin decides who is the
white Instigator and who the black Retaliator; or the game's own option
Instigator) and what the role means in a Match (rule 13: the
Instigator picks among equally close Matches; rule 16: the Instigator
always acts first).  A tester's game: Why? only repeated the line."""

from core.dice import Dice
from core.events import Note
from core.explain import explain as why
from core.rulesets.spheres_of_war import RULESET

from .helpers import OPEN, PLAYERS, options


def role_lines(instigator: str, seed: int):
    state, events = RULESET.setup(options(instigator=instigator), OPEN, seed, PLAYERS)
    notes = {e.text.split(" is the ", 1)[0]: i for i, e in enumerate(events)
             if isinstance(e, Note) and " is the " in e.text}
    return state, {player: why(RULESET, events, i) for player, i in notes.items()}


def test_the_instigators_line_gives_the_coin_and_what_the_role_does():
    first, second = PLAYERS
    for seed in range(4):
        state, said = role_lines("coin", seed)
        _, face = Dice(seed).face(2)  # 1 makes the first player the Instigator, 2 the second (rule 7)
        instigator, retaliator = (first, second) if face == 1 else (second, first)
        which = "the first player" if face == 1 else "the second player"
        mine = said[instigator]
        assert f"The coin showed {face}, which makes {which} the Instigator: {instigator}" in mine.lines, mine.lines
        assert any("acts first in every Match" in line and "(rule 16)" in line for line in mine.lines)
        assert any("picks which is Matched next (rule 13)" in line for line in mine.lines)
        assert mine.cite.startswith("rule 7") and mine.lines[0].startswith("Rule 7:")
        theirs = said[retaliator]
        assert f"The coin showed {face}, which makes {which} the Instigator, so {retaliator} is the Retaliator" \
            in theirs.lines, theirs.lines
        assert any("acts second in every Match" in line for line in theirs.lines)
        # not only the line said again
        assert mine.lines != (mine.title,) and len(mine.lines) > 2


def test_roles_the_players_chose_say_no_coin_was_flipped():
    _, said = role_lines("second", 3)
    second = PLAYERS[1]
    lines = said[second].lines
    assert lines[0].startswith("No coin was flipped: the players chose the roles with the option Instigator")
    assert "Its combatants are i1-i5, white" in lines
