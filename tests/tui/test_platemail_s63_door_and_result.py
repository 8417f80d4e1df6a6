"""What tester t1 found at 80x24 on Platemail (stop 63): the barn door of
*Walled farmyard* was drawn ``+ doorway`` open or shut, the cursor's line
said only "doorway", and the new-game form called the doorway idle,
though a shut door blocks movement and sight (seed: Use Item, Cover and
Concealment; core/rulesets/platemail/senses.py)."""

from __future__ import annotations

import attrs

from core.game import submit
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.senses import effective_battlefield
from core.rulesets.platemail.state import Action, Condition
from saves.library import battlefield_named
from tests.tui.test_keys import game_screen
from tests.tui.test_platemail import SIZE, deployed_game
from tests.tui.test_platemail_s61_screens import moved
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.newgame_parts import battlefield_about
from tui.picture import legend_text
from tui.rulesets.platemail import PlatemailAdapter

DOOR = (12, 5)  # the barn door, in the barn's east wall


def opened_by_use_item(game):
    """a1 stands outside the door (13,5) and Uses Item on it; everyone
    else Defends: the engine opens it."""
    game = moved(game, a1=(13, 5))
    defend = Act(0, Action.DEFEND)
    game = submit(game, Write(0, "a1", Act(0, Action.USE_ITEM, item="door"), Condition.HIT, defend, defend)).game
    game = submit(game, Commit(0)).game
    game = submit(game, Commit(1)).game
    assert game.state.round == 2 and game.state.open_doors == ("barn-door",)
    return game


def test_the_board_draws_the_door_shut_then_open_and_the_legend_says_which():
    game = deployed_game()
    adapter = PlatemailAdapter(game.ruleset)
    shut = adapter.battlefield(game, game.view(0))
    assert effective_battlefield(game.state).terrain(DOOR).blocks_move  # the rules: shut at the start
    assert shut.terrain(DOOR).kind == "closed door" and shut.rows[DOOR[1]][DOOR[0]] == "+"
    text = legend_text(shut, board_key="", rules=game.ruleset)
    assert "+ closed door (blocks)" in text and "doorway" not in text, text
    game = opened_by_use_item(game)
    assert not effective_battlefield(game.state).terrain(DOOR).blocks_move  # the rules: open now
    for side in (0, 1, None):
        opened = adapter.battlefield(game, game.view(side))
        assert opened.terrain(DOOR).kind == "open door" and opened.rows[DOOR[1]][DOOR[0]] == "/"
        text = legend_text(opened, board_key="", rules=game.ruleset)
        assert "/ open door" in text and "closed door" not in text, text
    assert adapter.battlefield(game, game.view(0)) is adapter.battlefield(game, game.view(1))  # made once
    # Only the door's cell changed.
    changed = [(x, y) for y, (a, b) in enumerate(zip(shut.rows, opened.rows)) for x in range(len(a)) if a[x] != b[x]]
    assert changed == [DOOR]


async def test_the_cursor_line_on_the_door_says_shut_or_open():
    game = deployed_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        board = screen.query_one(BoardView)
        board.focus()
        board.move_cursor(DOOR)
        await pilot.pause(0.2)
        assert screen.query_one("#cursor").text.startswith("Cursor 12,5: closed door"), \
            screen.query_one("#cursor").text
    game = opened_by_use_item(game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        board = screen.query_one(BoardView)
        board.focus()
        board.move_cursor(DOOR)
        await pilot.pause(0.2)
        assert screen.query_one("#cursor").text.startswith("Cursor 12,5: open door"), \
            screen.query_one("#cursor").text


def test_the_new_game_form_says_what_the_door_does_under_platemail_only():
    from core.registry import find_ruleset

    yard = battlefield_named("pm-yard")
    about = battlefield_about(yard, find_ruleset("platemail"))
    assert "no effect" not in about and "doorway" not in about, about
    assert "door (starts shut: blocks movement and sight" in about, about
    # The description's own "the door opens with Use Item" is not said
    # again beside the ground list's words for the door.
    assert about.count("Use Item") == 1, about
    # Under a ruleset without doors the doorway is still idle ground.
    spheres = find_ruleset("spheres_of_war")
    assert "door (starts shut" not in battlefield_about(yard, spheres)


def test_a_door_field_leaves_a_battlefield_without_doors_alone():
    from tui.rulesets.platemail_glance import door_field

    bf = battlefield_named("pm-yard")
    plain = attrs.evolve(bf, features=())
    assert door_field(plain, ()) is plain


# -- the result screen: how each lost character is out (item 5) ---------------------------------


def test_the_result_says_which_lost_character_is_dying_stable_or_dead():
    """b1 Fatally Wounded (bleeding out), b2 Stabilized (alive, out of the
    fight), b3 dead (seed: Wounds): "lost" said all three alike."""
    from core.rulesets.platemail.state import Status
    from tui.result import result_lines, summarise

    game = deployed_game()
    status = {"b1": Status.DYING, "b2": Status.STABLE, "b3": Status.DEAD}
    chars = tuple(attrs.evolve(c, status=status[c.id]) if c.id in status else c for c in game.state.characters)
    game = attrs.evolve(game, state=attrs.evolve(game.state, characters=chars))
    sides = PlatemailAdapter(game.ruleset).result_sides(game)
    lines = result_lines(summarise(game), sides)
    assert "Bo: 0 left, 3 lost" in lines and "Ann: 3 left, 0 lost" in lines, lines
    assert "  lost: b1 (dying), b2 (stable, alive), b3 (dead)" in lines, lines
    assert max(map(len, lines)) <= 76  # the result box's width at 80x24


# -- the card's Absorb, Sprint's line (item 6) ---------------------------------------------------


def card_of(game, uid: str) -> list[str]:
    from tui.rulesets.platemail_figures import character_lines

    view = game.view(0)
    unit = next(u for u in game.ruleset.units(view) if u.id == uid)
    return character_lines(view.char(uid), unit, view)


def test_the_card_gives_absorb_ready_and_not_ready_where_a_shield_makes_them_differ():
    """The Footman: Chain Mail Absorb 2 and a Shield's 1, the Shield's only
    while Ready (seed: Armor and Absorb, Shields): 3, and 2 Not Ready.
    The Knight's Half Plate (Absorb 3, no shield) is 3 either way."""
    game = deployed_game()
    kinds = {c.id: c.archetype for c in game.state.characters}
    footman = next(uid for uid, kind in kinds.items() if kind == "footman" and uid.startswith("a"))
    knight = next(uid for uid, kind in kinds.items() if kind == "knight")
    assert "Defense 14 (11 not Ready) · Absorb 3 (2 not Ready)" in card_of(game, footman)[1], card_of(game, footman)
    assert card_of(game, knight)[1].endswith("· Absorb 3"), card_of(game, knight)
    # Held by a Binding, the Footman is Not Ready whatever it does: 2 first.
    caster = next(c for c in game.state.characters if c.archetype == "spellcaster")
    chars = tuple(attrs.evolve(c, focus="binding", focus_target=footman) if c is caster else c
                  for c in game.state.characters)
    held = attrs.evolve(game, state=attrs.evolve(game.state, characters=chars))
    line = next(x for x in card_of(held, footman) if x.startswith("Wounds"))
    assert line.endswith("Defense 11 (Not Ready; 14 free and Ready) · Absorb 2 (3 free and Ready)"), line


def test_sprints_line_says_the_sprinter_is_not_ready():
    from core.rulesets.platemail.state import READY
    from tui.rulesets.platemail_gists import GISTS

    assert READY[Action.SPRINT] is False  # Sprint (NR)
    assert "Not Ready" in GISTS[Action.SPRINT] and "Disfavor" in GISTS[Action.SPRINT]
