"""Why? on a Plasto Latros Doom cites where the seed prints that Doom and
opens the help there.  A tester found Why? on "b1 is Doomed (targeted by two
shooters)" citing *Attacking And Defending*: Doom by two long-range
attackers is printed under *Long Range Attacks* (seed 000), which the help's
"Shooters" section tells; a jump's Doom is under *Jumping Attacks*."""

from __future__ import annotations

from core.board import Facing
from core.explain import explain
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.events import DoomFalls
from core.rulesets.plasto_latros.orders import JumpAttack, Move, Shoot
from tests.core.test_explain import _sections
from tests.rulesets.plasto_latros.helpers import play
from tests.rulesets.plasto_latros.test_doom import two_attackers
from tests.rulesets.plasto_latros.test_height import jump_position
from tests.rulesets.plasto_latros.test_long_range import shooters


def _why_doom(events, unit: str):
    index = next(i for i, e in enumerate(events) if isinstance(e, DoomFalls) and e.unit == unit)
    return events[index], explain(R, events, index)


def test_a_doom_by_two_shooters_cites_long_range_attacks_and_opens_the_shooters_help():
    _, events = play(shooters(), Shoot(0, "a1", "b1"), Shoot(0, "a2", "b1"))
    doom, why = _why_doom(events, "b1")
    assert doom.reason == "targeted by two shooters"
    assert why.cite == "Long Range Attacks"
    assert why.section == "Shooters (*Long Range Attacks*)"
    assert why.section in _sections("plasto_latros")  # `h` finds it


def test_a_doom_by_two_in_contact_still_cites_attacking_and_defending():
    _, events = play(two_attackers(), Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E))
    doom, why = _why_doom(events, "b1")
    assert doom.reason == "two attackers in contact"
    assert why.cite == "Attacking And Defending"
    assert why.section == "Contact, Threat and Doom (*Attacking And Defending*)"


def test_a_doom_by_a_shot_and_a_contact_cites_both_headings():
    why = explain(R, [DoomFalls("b1", "attacked in contact and shot at", ("a1 at 5,4 (in contact)",))], 0)
    assert why.cite == "Attacking And Defending; Long Range Attacks"


def test_a_doom_by_a_jump_cites_jumping_attacks():
    _, events = play(jump_position(), JumpAttack(0, "a1", "b1"))
    doom, why = _why_doom(events, "b1")
    assert doom.reason == "jumped on"
    assert why.cite == "Jumping Attacks"
    assert why.section in _sections("plasto_latros")
