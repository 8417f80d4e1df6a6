"""Use Item on a door (seed: Use Item, 'opening a door'): the door is a
battlefield feature whose cell blocks movement and sight while closed."""

import attrs

from core.battlefield_text import parse_battlefield
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.senses import effective_battlefield

from .helpers import OPEN, act, order, play, position

DOOR_FIELD = OPEN.replace("map\n", "feature gate door 5,5\nmap\n")


def door_position():
    state = position([("footman", 0, (4, 5)), ("footman", 1, (9, 9))])
    return attrs.evolve(state, battlefield=parse_battlefield(DOOR_FIELD))


def test_a_closed_door_blocks_its_cell_and_using_it_opens_it():
    state = door_position()
    assert effective_battlefield(state).terrain((5, 5)).blocks_move
    state, events = play(state, [order(0, "a1", act(0, "use-item", item="door"))])
    assert "gate" in state.open_doors
    assert not effective_battlefield(state).terrain((5, 5)).blocks_move
    assert any("door swings open" in e.sentence for e in events)


def test_using_an_open_door_shuts_it_again():
    state = attrs.evolve(door_position(), open_doors=("gate",))
    state, _ = play(state, [order(0, "a1", act(0, "use-item", item="door"))])
    assert state.open_doors == ()
    assert effective_battlefield(state).terrain((5, 5)).blocks_sight


def test_a_door_out_of_reach_is_not_offered():
    state = door_position()
    far = attrs.evolve(state, characters=tuple(
        attrs.evolve(c, pos=(0, 0)) if c.id == "a1" else c for c in state.characters))
    offered = {o.first.item for o in RULESET.legal_orders(far, 0) if getattr(o, "unit", None) == "a1"}
    assert "door" not in offered
