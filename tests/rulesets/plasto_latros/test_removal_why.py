"""Why? on a Doomed mini's removal.  A tester found that Why? on a mini
removed after two shots said it was removed when "its turn" ended (read
as the Doomed mini's owner's turn) and cited "Attacking And Defending";
the rule for two shots is under "Long Range Attacks", and the mini dies
when the turn in progress (the shooters') is over, as the engine does."""

from core.board import Facing
from core.events import Removed
from core.explain import explain
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.orders import Decline, Move, Pass, Shoot

from .helpers import play
from .test_doom import two_attackers
from .test_long_range import shooters


def _why_removed(events):
    index = next(i for i, e in enumerate(events) if isinstance(e, Removed))
    return events[index], explain(R, events, index)


def test_two_shots_removal_cites_long_range_attacks_and_the_shooters_turn():
    state, events = play(shooters(), Shoot(0, "a1", "b1"), Shoot(0, "a2", "b1"), Decline(1), Pass(0))
    assert state.mini("b1").pos is None and state.active == 1  # removed as Ann's (the shooters') turn ended
    removed, why = _why_removed(events)
    assert removed.unit == "b1"
    text = "\n".join(why.lines)
    assert "its turn ends" not in text
    assert "end of the current turn (here Ann's turn)" in text
    assert "a1 at 3,0 (shooting), a2 at 6,0 (shooting)" in text
    assert why.cite == "Long Range Attacks"
    assert why.section == "Shooters (*Long Range Attacks*)"


def test_two_contacts_removal_cites_attacking_and_defending():
    state, events = play(two_attackers(), Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E),
                         Decline(1))
    assert state.mini("b1").pos is None
    _, why = _why_removed(events)
    assert why.cite == "Attacking And Defending"
    assert "end of the current turn (here Ann's turn)" in "\n".join(why.lines)
