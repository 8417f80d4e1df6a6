import enum

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.board import Facing
from core.orders import Order, OrderCodec, OrderSyntaxError


@attrs.frozen
class Move(Order):
    verb = "move"
    unit: str
    to: tuple[int, int]
    facing: Facing | None = None


class Branch(enum.Enum):
    THEN = "then"
    ELSE = "else"


@attrs.frozen
class Plan(Order):
    verb = "plan"
    first: Move
    path: tuple[tuple[int, int], ...] = ()
    note: str = ""
    hurry: bool = False
    count: int = 0
    branch: Branch = Branch.THEN


codec = OrderCodec([Move, Plan])


def test_text_form_is_readable():
    assert Move(0, "w1", (3, 4), Facing.NE).to_text() == "move side=0 unit=w1 to=3,4 facing=NE"
    assert Move(1, "b2", (0, 0)).to_text() == "move side=1 unit=b2 to=0,0 facing=-"


def test_nested_orders_lists_and_quoted_text_round_trip():
    plan = Plan(1, Move(1, "x", (1, 2)), ((1, 1), (2, 2)), 'say "hi" there', True, -3, Branch.ELSE)
    text = plan.to_text()
    assert codec.parse(text) == plan


@given(
    side=st.integers(0, 1),
    unit=st.text(min_size=1, max_size=8),
    x=st.integers(-50, 50),
    y=st.integers(-50, 50),
    facing=st.none() | st.sampled_from(list(Facing)),
)
def test_any_move_round_trips(side, unit, x, y, facing):
    order = Move(side, unit, (x, y), facing)
    assert codec.parse(order.to_text()) == order


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "empty"),
        ("fly side=0", "unknown order"),
        ("move side=0 unit=a", "missing to"),
        ("move side=0 unit=a to=3", "expected x,y"),
        ("move side=zero unit=a to=1,1", "whole number"),
        ("move side=0 unit=a to=1,1 facing=UP", "not one of"),
        ("move side=0 unit=a to=1,1 speed=3", "no field"),
        ("move side=0 side=1 unit=a to=1,1", "twice"),
        ("plan side=0 first=(move side=0 unit=a", "unclosed"),
        ("plan side=0 first=(plan side=0 first=(move side=0 unit=a to=1,1))", "not allowed"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text, problem):
    with pytest.raises(OrderSyntaxError, match=problem):
        codec.parse(text)
