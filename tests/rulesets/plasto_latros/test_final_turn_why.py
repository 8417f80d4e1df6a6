"""Why? on "Only Ann has minis able to move: a final turn".  A tester found
it showed the line alone and cited *Movement*, whose help never mentions a
final turn.  It now names each of the other side's minis and what holds it,
checked against the engine's own statuses, and cites *Ending The Game*
(help: "The end")."""

from core.board import Facing as F
from core.events import Note
from core.explain import explain
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.orders import Move, Pass
from core.rulesets.plasto_latros.state import Kind, Phase
from tui.help import help_text

from .helpers import marks, mini, play, position


def _why_final(events):
    index = next(i for i, e in enumerate(events) if isinstance(e, Note) and e.text.endswith("a final turn"))
    return explain(R, events, index)


def _partners(state, unit: str) -> set[str]:
    """Whom ``unit`` is in contact with, by the engine's attacks."""
    return {a.attacker if a.target == unit else a.target for a in state.attacks
            if a.kind is Kind.CONTACT and unit in (a.attacker, a.target)}


def test_why_names_each_held_mini_and_its_partners_and_cites_ending_the_game():
    # Ann spends both Movements locking Bob's two minis; a2 stays free.
    state = position(mini("a1", (5, 2), F.S), mini("a2", (0, 0), F.S), mini("a3", (8, 2), F.S),
                     mini("b1", (5, 5), F.N), mini("b2", (8, 5), F.N))
    state, events = play(state, Move(0, "a1", (5, 4), F.S), Move(0, "a3", (8, 4), F.S))
    assert state.phase is Phase.FINAL and state.active == 0
    why = _why_final(events)
    first = why.lines[0]
    for unit in ("b1", "b2"):  # held by the engine's reckoning, with these partners
        assert "L" in marks(state, unit)
        assert f"{unit}: Locked In Battle with {', '.join(sorted(_partners(state, unit)))}" in first
    assert "a1:" not in first and "a3:" not in first  # Ann's minis are not what stops Bob
    assert "final turn" in " ".join(why.lines)
    assert why.cite == "Ending The Game"
    assert why.section == "The end (*Ending The Game*)"
    assert f"## {why.section}\n" in help_text("plasto_latros")  # a heading the help has


def test_the_held_side_is_found_after_a_pass_too():
    # b1 is Bob's only mini; Ann locks it and passes.  Ann's a1 is Locked as
    # well, but a2 is free: Bob's side is the one held.
    state = position(mini("a1", (5, 2), F.S), mini("a2", (0, 9), F.N), mini("b1", (5, 5), F.N))
    state, events = play(state, Move(0, "a1", (5, 4), F.S), Pass(0))
    assert state.phase is Phase.FINAL and state.active == 0
    first = _why_final(events).lines[0]
    assert "b1: Locked In Battle with a1" in first and "a1:" not in first
