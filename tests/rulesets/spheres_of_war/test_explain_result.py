"""Why? on the "Game over" line of Spheres of War, said for what ended the
game: the turn limit (the game's own option, no printed rule), the v0.2 win
the moment a side has nobody left, or rule 22 as printed (v0.1f, when a turn
starts); the counts of the limit's sentence agree with their numbers; the
figures' card words are the rules' capitalised Matched and Inert."""

from __future__ import annotations

from pathlib import Path

from core.events import GameOver
from core.options import describe_options
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.explain import explain
from core.rulesets.spheres_of_war.orders import Fight, Move, Wait
from core.rulesets.spheres_of_war.state import SowOptions

from .helpers import PLAYERS, play, position

HELP = Path(__file__).resolve().parents[3] / "tui" / "help" / "spheres_of_war.md"


def game_over(state, events) -> GameOver:
    """The Game over line as the log has it (``core.game`` adds it from the outcome)."""
    outcome = RULESET.outcome(state)
    assert outcome is not None
    name = PLAYERS[outcome.winner] if outcome.winner is not None else ""
    return GameOver(outcome.winner, name, outcome.reason)


def why(state, events) -> tuple[str, str, str]:
    events = [*events, game_over(state, events)]
    lines, ref = explain(events, len(events) - 1)
    return " ".join(lines), ref.section, ref.cite


def help_sections() -> list[str]:
    return [line[3:].strip() for line in HELP.read_text().splitlines() if line.startswith("## ")]


def waits(state, turns: int):
    everything = []
    for _ in range(5 * turns):
        state, events = play(state, Wait(0, "i1"), Wait(1, "r1"))
        everything += events
    return state, everything


def test_a_draw_at_the_turn_limit_is_explained_as_the_games_own_option_not_rule_22():
    state, events = waits(position({"i1": (2, 2), "r1": (2, 9)}, turn_limit=2)[0], 2)
    over = game_over(state, events)
    # One combatant each: the count agrees with its number.
    assert over.sentence == "Game over with no winner: turn limit of 2 reached with 1 combatant each"
    text, section, cite = why(state, events)
    assert "rule 22" not in text and "rule 22" not in cite
    assert "When a turn starts" not in text
    assert "no printed rule" in text and "Turn limit" in text and "draw" in text
    assert "none printed" in cite
    assert section == "Options" and section in help_sections()  # Why? points where the help explains it


def test_a_win_at_the_turn_limit_is_explained_by_the_limit_and_its_counts_agree():
    # i1-r1 is the only Match; i2 stands apart: 2 against 1 when turn 1 (the last) ends.
    state, events = waits(position({"i1": (2, 2), "i2": (11, 0), "r1": (2, 9)}, turn_limit=1)[0], 1)
    over = game_over(state, events)
    assert over.reason == "turn limit of 1 reached with 2 combatants against 1"
    text, section, cite = why(state, events)
    assert "rule 22" not in cite and "When a turn starts" not in text
    assert "more combatants standing wins" in text and section == "Options"


def test_the_v02_win_is_explained_as_checked_after_every_removal():
    state, events = play(position({"i1": (5, 3), "r1": (5, 6)}, dice=(6,), version="v0.2")[0],
                         Move(0, "i1", (5, 5)), Fight(1, "r1"))
    assert game_over(state, events).reason.endswith("remains (v0.2)")
    text, section, cite = why(state, events)
    assert "When a turn starts" not in text
    assert "after every removal" in text and "v0.2" in text and "v0.2" in cite
    assert section in help_sections()


def test_the_v01f_win_is_still_rule_22_when_a_turn_starts():
    state, events = play(position({"i1": (5, 3), "r1": (5, 6)}, dice=(6,), version="v0.1f")[0],
                         Move(0, "i1", (5, 5)), Fight(1, "r1"))
    text, section, cite = why(state, events)
    assert "When a turn starts with only one side's combatants" in text
    assert cite == "rule 22" and section == "A turn (rules 8-22)"


def test_the_card_and_list_use_the_rules_capitalised_matched_and_inert():
    # i1-r1 (4) is Matched first; after ten Waits both are Inert and i2-r2 is Matched.
    state, _ = position({"i1": (2, 2), "r1": (2, 4), "i2": (9, 2), "r2": (9, 6)})
    status = {u.id: u.status for u in RULESET.units(state)}
    assert (status["i1"], status["r1"]) == ("Matched", "Matched")
    for _ in range(5):
        state, _ = play(state, Wait(0, "i1"), Wait(1, "r1"))
    status = {u.id: u.status for u in RULESET.units(state)}
    assert (status["i1"], status["r1"]) == ("Inert", "Inert")


def test_the_instigator_options_choices_are_shown_as_the_players():
    """A newcomer could not tell that "second" makes Player 2 the Instigator."""
    from core.options import choice_label

    info = next(i for i in describe_options(SowOptions) if i.name == "instigator")
    assert info.choices == ("coin", "first", "second")  # the words saves hold
    assert [choice_label(info, c) for c in info.choices] == ["a coin flip", "Player 1", "Player 2"]
