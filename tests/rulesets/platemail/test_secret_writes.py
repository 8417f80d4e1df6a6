"""Who has orders is a secret until the Round resolves (seed: Simultaneous
Combat, orders written in secret; docs/rulings.md, Platemail, Orders): the
other side and the onlooker read nothing of which characters -- or how
many -- a side has written orders for, only that it commits.  The writer's
own side still reads its own lines."""

from __future__ import annotations

from core.game import start
from core.registry import find_ruleset
from core.rulesets.platemail.state import Commit
from core.seats import Table

from .helpers import act, battlefield, order

ANN, BO = "Player 1", "Player 2"


def deployed_table(seed: int = 4) -> Table:
    """A hot-seat table, both sides deployed (a1..a3 against b1..b3)."""
    from core.deployment import DeployAll, Ready

    rules = find_ruleset("platemail")
    table = Table(start(rules, None, battlefield(), seed=seed, players=(ANN, BO)))
    for o in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        assert not hasattr(table.submit(o), "code")
    assert table.game.state.stage == "orders"
    return table


def written(units: tuple[str, ...], commit: bool = True) -> Table:
    """Player 1 writes a Defend for each of ``units`` (and commits)."""
    table = deployed_table()
    for uid in units:
        result = table.seat(0).submit(order(0, uid, act(0, "defend")))
        assert isinstance(result, tuple), result
    if commit:
        assert isinstance(table.seat(0).submit(Commit(0)), tuple)
    return table


def round_events(seat) -> list:
    """The events ``seat`` reads since both sides deployed (the Round in progress)."""
    events = list(seat.events())
    begun = next(i for i, e in enumerate(events) if e.sentence.startswith("Both sides have deployed"))
    return events[begun + 1:]


def strings(event) -> list[str]:
    """The sentence and every text field of an event (what a screen or the wire could show)."""
    import attrs

    values = [event.sentence]
    values += [v for v in attrs.asdict(event, recurse=False).values() if isinstance(v, str)]
    return values


def test_the_other_side_and_the_onlooker_read_no_unit_of_a_written_order():
    for commit in (False, True):
        table = written(("a1", "a2"), commit)
        for side in (1, None):
            seat = table.seat(side)
            lines = [s for e in round_events(seat) for s in strings(e)]
            assert not [s for s in lines if "a1" in s or "a2" in s], (side, lines)
            assert not [s for s in lines if "writes orders" in s]
            assert not [s for s in seat.snapshot().log if "writes orders" in s.sentence]
        if commit:
            assert f"{ANN} commits their orders" in [e.sentence for e in table.seat(1).events()]
            assert f"{ANN} commits their orders" in [e.sentence for e in table.seat(None).events()]


def test_the_other_sides_log_is_the_same_whoever_has_orders():
    """Nor how many: writing for none, one or every character reads the same."""
    for side in (1, None):
        logs = {tuple(e.sentence for e in round_events(written(units).seat(side)))
                for units in ((), ("a3",), ("a1", "a2", "a3"))}
        assert len(logs) == 1, logs


def test_the_writers_own_side_still_reads_its_own_lines():
    table = written(("a1", "a2"))
    mine = [e.sentence for e in table.seat(0).events()]
    assert f"{ANN} writes orders for a1" in mine and f"{ANN} writes orders for a2" in mine
    assert f"{ANN} commits their orders" in mine
