"""Why? on a Doom and on the removal it leads to says when the mini dies
and cites the seed heading where that Doom is printed (seed 000):

* jumped on: dies as the jump lands (*Jumping Attacks*), not at the turn's end;
* attacked while prone: dies at once (*Climbing Movement On Terrain*, where
  the prone rule is), not at the turn's end and not *Attacking And Defending*;
* attacked from behind: the back's weakness is under *The Minis* and the
  backstab exception to two attackers under *About Plasto Latros*; neither
  is in *Attacking And Defending*."""

from core.board import Facing
from core.events import Removed
from core.explain import explain
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.events import DoomFalls
from core.rulesets.plasto_latros.orders import Decline, JumpAttack, Move, Pass, Shoot
from tests.core.test_explain import _sections

from .helpers import mini, play, position
from .test_height import jump_position


def _why(events, kind, unit: str):
    index = next(i for i, e in enumerate(events) if isinstance(e, kind) and e.unit == unit)
    return explain(R, events, index)


def test_why_on_a_jump_doom_says_the_mini_dies_as_the_jump_lands():
    _, events = play(jump_position(), JumpAttack(0, "a1", "b1"))
    why = _why(events, DoomFalls, "b1")
    text = "\n".join(why.lines)
    assert "end of the turn" not in text
    assert "dies as the jump lands" in text
    assert why.cite == "Jumping Attacks"


def prone_shot():
    """a1 shoots b1, lying prone; b2 is free to answer (and declines)."""
    state = position(mini("a1", (5, 0), Facing.S, shooter=True), mini("b1", (5, 6), Facing.E, prone=True),
                     mini("b2", (9, 9), Facing.N))
    return play(state, Shoot(0, "a1", "b1"), Decline(1))


def test_why_on_a_prone_doom_cites_climbing_movement_on_terrain_and_says_at_once():
    _, events = prone_shot()
    why = _why(events, DoomFalls, "b1")
    text = "\n".join(why.lines)
    assert "attacked while prone" in text and "end of the turn" not in text and "at once" in text
    assert why.cite == "Climbing Movement On Terrain"
    assert why.section in _sections("plasto_latros")  # `h` finds the help that tells it


def test_why_on_a_prone_removal_says_at_once_and_cites_climbing_movement_on_terrain():
    _, events = prone_shot()
    why = _why(events, Removed, "b1")
    text = "\n".join(why.lines)
    assert "at once" in text and "end of the current turn" not in text
    assert "a1 at 5,0 (shooting)" in text
    assert why.cite == "Climbing Movement On Terrain"


def test_why_on_a_backstab_cites_the_minis_and_about_plasto_latros():
    # a1 steps up behind b1 (which faces north) and faces it: one attacker
    # from behind Dooms; Bob declines, Ann ends her turn, b1 is removed
    state = position(mini("a1", (5, 7), Facing.N), mini("b1", (5, 4), Facing.N), mini("b2", (0, 9), Facing.N))
    state, events = play(state, Move(0, "a1", (5, 5), Facing.N), Decline(1), Pass(0))
    assert state.mini("b1").pos is None
    for kind in (DoomFalls, Removed):
        why = _why(events, kind, "b1")
        assert "attacked from behind" in "\n".join(why.lines)
        assert why.cite == "The Minis; About Plasto Latros"
        assert why.section in _sections("plasto_latros")
