"""What a newcomer playing Plasto Latros at 80x24 reported: the facing
compass promising shots the rules refuse, a legend whose ``*`` meant two
things and spoke of cover levels this ruleset has not, artifact ids in the
log and panel, and a cursor card on a gate that said only "ground"."""

from __future__ import annotations

import attrs

from core.board import Facing
from core.deployment import Deploy, Ready
from core.game import Game, start
from core.registry import find_ruleset
from core.rulesets.plasto_latros.events import ArtifactDestroyed
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Destroy, Move, Pass, Turn
from saves.library import battlefield_named
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, play, prepared
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.picture import legend_text
from tui.rulesets import adapter_for

RULES = find_ruleset("plasto_latros")


def notes_for(game: Game, side: int, unit: str, label_part: str) -> dict:
    """The facing compass's notes for the menu entry of ``unit`` naming ``label_part``."""
    adapter = adapter_for(RULES)
    orders = [o for o in game.legal_orders(side) if RULES.order_unit(o) == unit]
    for label, step in adapter.entries(game, game.view(side), orders):
        if label_part in label:
            return step.notes
    raise AssertionError(f"no entry {label_part!r}")


# -- 1. "can target" only when the rules would let that mini shoot ------------------

def test_a_facing_that_locks_the_shooter_in_battle_offers_no_target():
    # a1, a shooter at 6,4; b1 at 5,7.  At 5,6 facing S it attacks b1 in
    # contact: Locked In Battle, it cannot shoot (rulings: Locked, no shot).
    game = prepared(shooters=1)
    notes = notes_for(game, 0, "a1", "moves to 5,6")
    assert "attacks b1" in notes[Facing.S]
    assert "can target" not in notes[Facing.S]
    assert "no shot" in notes[Facing.S]
    # Two cells back, nothing touches it: the same facing may shoot b1.
    notes = notes_for(game, 0, "a1", "moves to 5,5")
    assert "can target b1" in notes[Facing.S]


def test_a_defending_free_movement_offers_no_target():
    # Bo's b1 is Doomed by a1 behind it; Bo's shooter b2 takes the free
    # Movement in Ann's turn: it is not Bo's turn to shoot.
    options = PlastoOptions(minis=2, shooters_0=0, shooters_1=2)
    game = start("plasto_latros", options, battlefield_named("pl-open"), seed=1, players=("Ann", "Bo"))
    game = play(
        game,
        Deploy(0, "a1", (6, 1)), Deploy(0, "a2", (0, 0)), Ready(0),
        Deploy(1, "b1", (5, 10)), Deploy(1, "b2", (6, 11)), Ready(1),
        Move(0, "a1", (6, 4), Facing.S), Pass(0), Move(1, "b1", (5, 7), Facing.N), Pass(1),
        Move(0, "a1", (6, 8), Facing.NW),
    )
    assert game.state.pending_free == (1,)
    notes = notes_for(game, 1, "b2", "moves to 6,10")
    assert not any("can target" in note for note in notes.values()), notes
    assert "no shot" in notes[Facing.N] and "Ann" in notes[Facing.N]


def test_a_shooter_that_has_shot_is_offered_no_second_target():
    game = prepared(shooters=1)
    shot = next(o for o in game.legal_orders(0) if o.verb == "shoot")
    game = play(game, shot)
    notes = notes_for(game, 0, "a1", "moves to 5,5")
    assert "can target" not in notes[Facing.S]


# -- 2. the legend: one meaning a symbol, no cover levels ---------------------------

def shrine(goal: str = "artifacts") -> Game:
    options = PlastoOptions(minis=2, shooters_0=0, shooters_1=0, goal=goal)
    game = start(RULES, options, battlefield_named("pl-shrine"), seed=1, players=("Ann", "Bo"))
    return play(game, Deploy(0, "a1", (6, 1)), Deploy(0, "a2", (7, 1)), Ready(0),
                Deploy(1, "b1", (5, 10)), Deploy(1, "b2", (6, 11)), Ready(1))


def test_the_legend_gives_each_symbol_one_meaning_and_no_cover_levels():
    game = shrine()
    adapter = adapter_for(RULES)
    field = adapter.battlefield(game, game.state)
    text = legend_text(field)
    assert "cover" not in text
    assert text.count("* ") == 1 and "* target" in text  # '*' is the target mark only
    assert "scatter" in text and "blocks sight" in text
    # the scatter is drawn with the glyph the legend names for it
    glyph = next(g for g, t in field.legend if t.kind.startswith("scatter"))
    assert glyph != "*" and f"{glyph} scatter" in text
    assert field.rows[2][2] == glyph and game.battlefield.rows[2][2] == "*"
    # the rules' own battlefield is untouched
    assert field.width == game.battlefield.width and field.height == game.battlefield.height


async def test_the_panel_legend_on_the_shrine(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, shrine(), tmp_path)
        panel = str(screen.query_one("#panel").render())
        assert "cover 2" not in panel
        assert "* scatter" not in panel and "* target" in panel
        assert "(blocks, height 2)" in " ".join(panel.split())  # "h2" meant nothing to a newcomer
        picture = screen.query_one(BoardView).picture
        assert picture.battlefield.terrain((2, 2)).kind.startswith("scatter")
        assert picture.battlefield.rows[2][2] != "*"


# -- 3. artifacts named as a player would ----------------------------------------------

def test_the_log_names_the_artifact_not_its_id():
    event = ArtifactDestroyed("banner", "artifact-wall", ("a5", "a6"))
    assert "artifact-wall" not in event.sentence
    assert event.sentence == "a5 and a6 destroy the banner (a wall artifact)"
    assert ArtifactDestroyed("idol", "artifact-small", ("a1",)).sentence == \
        "a1 destroys the idol (a small artifact)"
    assert ArtifactDestroyed("gate", "door", ("a1", "a2")).sentence == "a1 and a2 destroy the gate (a door)"
    # the event's data is what saves and the wire carry: unchanged
    assert [a.name for a in attrs.fields(ArtifactDestroyed)][-3:] == ["feature", "kind", "by"]
    assert (event.feature, event.kind, event.by) == ("banner", "artifact-wall", ("a5", "a6"))


def test_the_panel_and_orders_name_artifacts_in_words():
    game = shrine()
    adapter = adapter_for(RULES)
    lines = "\n".join(adapter.panel_lines(game, game.state, 0, None))
    assert "artifact-wall" not in lines and "artifact-small" not in lines
    assert "banner (a wall artifact)" in lines and "idol (a small artifact)" in lines
    assert "gate (a door)" in lines
    assert adapter.describe(game, game.state, Destroy(0, "banner")) == "destroy the banner (a wall artifact)"


# -- 4. the cursor card names the artifact on its cell ----------------------------------

def test_the_cursor_lines_name_the_gate_without_a_mini_selected():
    game = shrine()
    adapter = adapter_for(RULES)
    lines = adapter.cursor_lines(game, game.state, None, (7, 6))
    assert lines and "gate (a door)" in lines[0]
    assert adapter.cursor_lines(game, game.state, None, (3, 3)) == []


async def test_the_cursor_card_on_the_gate(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, shrine(), tmp_path)
        await cursor_to(pilot, screen, (7, 6))
        await pilot.pause()
        card = screen.query_one("#cursor-unit").text
        assert "gate (a door)" in card
        # the cursor's own line names it too, and the ground under it (it said "ground" alone)
        line = screen.query_one("#cursor").text
        assert line.startswith("Cursor 7,6: the gate (a door), on "), line
        # with a mini selected the card still names it
        await cursor_to(pilot, screen, (6, 1))
        await pilot.press("enter")
        await cursor_to(pilot, screen, (7, 6))
        await pilot.pause()
        assert "gate (a door)" in screen.query_one("#cursor-unit").text


def test_a_turn_is_still_described():
    game = prepared()
    adapter = adapter_for(RULES)
    assert adapter.describe(game, game.state, Turn(0, "a1", Facing.N)) == "a1: turn to face N"
