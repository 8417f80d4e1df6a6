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


def test_the_writers_reach_goes_round_walls_and_not_through_a_shut_door():
    """The cell hint of a move (movement.reachable): a 3-cell Move from 3,5
    cannot get past a wall in column 4 (with a shut gate at 4,5) to 5,5, two
    cells away as the crow flies; once the gate is open it can. Costs count
    cells, a hedge (move cost 2) counting double."""
    from core.rulesets.platemail.movement import reachable

    rows = ["." * 12] * 3 + ["....#......."] * 2 + ["....+......."] + ["....#......."] * 2 + ["." * 12] * 4
    rows[1] = "...h........"
    field = parse_battlefield(OPEN.split("map\n")[0].replace("terrain ^", "terrain + doorway\nterrain ^")
                              .replace("terrain h hedge cover=1", "terrain h hedge cover=1 move_cost=2")
                              + "feature gate door 4,5\nmap\n" + "\n".join(rows) + "\n")
    state = attrs.evolve(position([("footman", 0, (3, 5)), ("footman", 1, (9, 9))]), battlefield=field)
    shut = reachable(state, (3, 5), 3)
    assert (5, 5) not in shut and (4, 5) not in shut  # behind the wall, through the shut gate
    assert shut[(2, 5)] == 1 and shut[(3, 2)] == 3 and (3, 1) not in shut  # three cells up, no further
    assert shut[(2, 2)] == 3  # diagonal steps cost one cell
    further = reachable(state, (3, 5), 4)
    assert further[(2, 1)] == 4 and (3, 1) not in further  # 3,1 is the hedge: entering it costs 2
    assert reachable(state, (3, 5), 5)[(3, 1)] == 5
    opened = reachable(attrs.evolve(state, open_doors=("gate",)), (3, 5), 3)
    assert opened[(4, 5)] == 1 and opened[(5, 5)] == 2
