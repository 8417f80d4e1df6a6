"""The board's legend says what each ruleset's own rules do with the ground
(``Ruleset.terrain_words``), on the shipped battlefields, and every word it
says is checked here against the function of the rules that does it.

A tester read the generic words: Waylights' mud costs double to cross but
its legend said nothing; Spheres of War's legend on the copse battlefield
said "woods (cover 2)" where its rules know no cover or slow ground
(docs/rulings.md, *Optio's ground*); Platemail's said "cart (blocks,
cover 2)" though a cart gives no Cover to anyone (nobody stands in it)."""

from __future__ import annotations

import attrs

from core.dice import Dice
from core.game import start
from core.registry import find_ruleset
from core.rulesets.plasto_latros.grid import grid as plasto_grid
from core.rulesets.plasto_latros.grid import open_ray_count, step_cells
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.platemail.combat import feet_between, ranged_modifiers
from core.rulesets.platemail.equipment import WEAPONS
from core.rulesets.platemail.ruleset import make_character
from core.rulesets.platemail.senses import Work, sight
from core.rulesets.spheres_of_war.movement import blockers_near, destinations_near
from core.rulesets.waylights.combat import cover_avoid_faces, cover_level, cover_sources, reaches
from core.rulesets.waylights.movement import reachable, step_cost
from core.rulesets.waylights.state import WaylightsOptions, WaylightsState, new_fighter
from saves.library import battlefield_named
from tests.tui.test_glance import SIZE, open_game
from tui.app import SkirmishApp
from tui.picture import legend_text
from tui.rulesets import adapter_for

SOW = find_ruleset("spheres_of_war")
WAYLIGHTS = find_ruleset("waylights")
PLASTO = find_ruleset("plasto_latros")
PLATEMAIL = find_ruleset("platemail")


def items(text: str) -> set[str]:
    """The legend's items ("~ mud (costs 2 movement)"), its board key left out."""
    return {part.strip() for part in text.split("  ") if part.strip()}


# -- Spheres of War: walls, and open ground everywhere else (rules 25-27) ----------


def test_spheres_of_war_copse_woods_are_open_ground_and_the_wall_blocks():
    bf = battlefield_named("copse-16")
    assert bf.terrain((3, 5)).kind == "woods" and bf.terrain((3, 5)).cover == 2  # the generic fields claim cover
    shown = items(legend_text(bf, board_key="", rules=SOW))
    assert shown == {'" woods (open ground)', "# wall (blocks)", ". grass"}, shown
    # A Move of 2 inches straight at the opponent ends in the woods as it
    # would on grass: no slow ground.
    p, woods, grass, opponent = (3, 7), (3, 5), (3, 6), (3, 0)
    assert [bf.terrain(c).kind for c in (p, grass)] == ["grass", "grass"]
    ends = destinations_near(bf, p, opponent, blockers_near(bf, p, [opponent]))
    assert woods in ends and grass in ends
    # The wall: no Move ends on it or crosses it.
    p, wall, opponent = (7, 9), (7, 7), (7, 2)
    assert bf.terrain(wall).kind == "wall"
    ends = destinations_near(bf, p, opponent, blockers_near(bf, p, [opponent]))
    assert (7, 8) in ends and wall not in ends and (7, 6) not in ends


# -- Waylights: cost to move, cover levels (Sequence; Equipment and environment) ---


def waylights_state(bf, archer, target) -> WaylightsState:
    fighters = (attrs.evolve(new_fighter("a1", 0, "archer"), pos=archer, split=2, split_round=1),
                attrs.evolve(new_fighter("b1", 1, "fighter"), pos=target, split=2, split_round=1))
    return WaylightsState(options=WaylightsOptions(), battlefield=bf, dice=Dice(1), players=("P0", "P1"),
                          fighters=fighters, phase="battle", round=1, order=("a1", "b1"), index=0,
                          active="a1", pending="")


def test_waylights_crossroads_mud_costs_two_movement_and_cover_has_its_levels():
    bf = battlefield_named("wl-crossroads")
    shown = items(legend_text(bf, board_key="", rules=WAYLIGHTS))
    assert shown == {"# ruin (blocks, height 2, full cover)", "& crates (blocks, medium cover)",
                     ", brush (light cover)", ". open", "= low-wall (medium cover)", "~ mud (costs 2 movement)"}, shown
    # Mud at 7,5: the step from 7,4 costs 2, so a budget of 1 stops short of it.
    s = waylights_state(bf, (7, 4), (0, 11))
    assert bf.terrain((7, 5)).kind == "mud"
    assert step_cost(s, (7, 4), (7, 5)) == 2 and step_cost(s, (7, 4), (6, 4)) == 1
    assert (7, 5) not in reachable(s, "a1", 1) and reachable(s, "a1", 2)[(7, 5)] == 2
    # Each cover word as the seed counts it: light avoids a shot on 1-2 of
    # a d6, medium on 1-4, full cannot be shot at (the one terrain named
    # as the cover's source, the target otherwise in full view).
    faces = {"light": 2, "medium": 4, "full": 6}
    for kind, word, archer, target in (("brush", "light", (3, 2), (1, 1)), ("crates", "medium", (9, 2), (7, 1)),
                                       ("low-wall", "medium", (8, 4), (7, 2))):
        s = waylights_state(bf, archer, target)
        a1, b1 = s.get("a1"), s.get("b1")
        assert [source.split(" at ")[0] for source in cover_sources(s, a1, b1)] == [kind]
        assert cover_avoid_faces(cover_level(s, a1, b1)) == faces[word], kind
    # The ruin: from 3,6 the target at 2,3 is beside it on the line of fire,
    # and the shot is refused for full cover.
    s = waylights_state(bf, (3, 6), (2, 3))
    a1, b1 = s.get("a1"), s.get("b1")
    assert any(source.startswith("ruin at 3,4") for source in cover_sources(s, a1, b1))
    assert cover_level(s, a1, b1) == 3 and cover_avoid_faces(3) == faces["full"]
    weapon = next(w for w in a1.weapons if w.ranged)
    assert reaches(s, a1, b1, weapon) == "b1 is in full cover"


# -- Plasto Latros: height to climb and jump, sight, no cover or cost ----------------


def test_plasto_latros_rooftops_heights_are_climbed_and_the_chimney_blocks():
    bf = battlefield_named("pl-rooftops")
    adapter = adapter_for(PLASTO)
    game = start(PLASTO, PlastoOptions(), bf, seed=1, players=("Ann", "Bo"))
    field = adapter.battlefield(game, game.state)
    shown = items(legend_text(field, board_key="", rules=PLASTO))
    assert shown == {"# chimney (blocks, height 3)", "- roof (height 1)", ". street", "= tower (height 2)"}, shown
    g, limit = plasto_grid(bf), PlastoOptions().move_length
    climbs, jumps, _ = step_cells(g, (0, 2), limit)  # a street cell beside a roof
    assert bf.elevation((1, 2)) == 1 and (1, 2) in climbs
    climbs, jumps, _ = step_cells(g, (6, 3), limit)  # a tower: down to a roof, or jump
    assert bf.elevation((5, 3)) == 1 and (5, 3) in climbs and (5, 3) in jumps
    climbs, _, _ = step_cells(g, (10, 2), limit)  # the chimney is 3 levels up, within a climb, yet blocks
    assert bf.elevation((11, 2)) == 3 <= limit and (11, 2) not in climbs


def test_plasto_latros_shrine_scatter_blocks_sight_and_gives_no_cover():
    bf = battlefield_named("pl-shrine")
    adapter = adapter_for(PLASTO)
    game = start(PLASTO, PlastoOptions(), bf, seed=1, players=("Ann", "Bo"))
    field = adapter.battlefield(game, game.state)
    text = legend_text(field, board_key="", rules=PLASTO)
    assert "cover" not in text and "blocks sight (blocks sight)" not in text, text
    scatter = next((x, y) for x, y in bf.cells() if bf.terrain((x, y)).kind == "scatter"
                   and bf.terrain((x, y - 1)).kind == bf.terrain((x, y + 1)).kind == "ground")
    x, y = scatter
    g = plasto_grid(bf)
    assert open_ray_count(g, (x, y - 1), (x, y + 1), frozenset()) == 0  # behind the scatter: unseen
    assert open_ray_count(g, (x - 1, y - 1), (x - 1, y + 1), frozenset()) > 0 or bf.terrain((x - 1, y)).blocks_sight


# -- Platemail: feet to enter, Cover where one stands, high ground -------------------


def platemail_work(bf, archer, target):
    options = PLATEMAIL.default_options()
    state, _ = PLATEMAIL.setup(options, bf, 1, ("North", "South"))
    chars = (attrs.evolve(make_character(0, 1, "archer", options.max_wounds), pos=archer),
             attrs.evolve(make_character(1, 1, "footman", options.max_wounds), pos=target))
    state = attrs.evolve(state, characters=chars, stage="orders")
    return Work(state), state.char("b1")


def test_platemail_yard_hedges_cost_ten_feet_and_give_cover_the_cart_gives_none():
    bf = battlefield_named("pm-yard")
    shown = items(legend_text(bf, board_key="", rules=PLATEMAIL))
    assert shown == {"# wall (blocks, height 1)", "& cart (blocks)", "+ doorway", ". yard",
                     ": hedge (10 ft to enter, cover)", "^ mound (height 1)"}, shown
    work, b1 = platemail_work(bf, (4, 11), (4, 2))
    # A step into the hedge at 4,2 pays 2 cells of the allowance, 5 feet each.
    assert bf.terrain((4, 2)).kind == "hedge"
    assert (((4, 2), 2) in work.grid.steps[(4, 1)]) and feet_between((4, 1), (4, 2)) == 5
    assert sight(work, (4, 11), b1) == "cover"  # Cover standing in the hedge
    work, b1 = platemail_work(bf, (7, 11), (7, 2))
    assert sight(work, (7, 11), b1) == "clear"  # the same shot on open yard
    # Beside the cart, with the cart on the line of fire: no Cover (the
    # generic legend's "cover 2" was no Platemail rule).
    work, b1 = platemail_work(bf, (8, 5), (3, 5))
    assert bf.terrain((4, 5)).kind == "cart" and (4, 5) not in work.grid.passable
    assert sight(work, (8, 5), b1) == "clear"
    # The mound: High Ground for a shot from it.
    work, b1 = platemail_work(bf, (10, 7), (10, 11))
    bow = WEAPONS["long-bow"]
    assert ("High ground", 2) in ranged_modifiers(work, b1, bow, None, (10, 7), (10, 11))
    assert ("High ground", 2) not in ranged_modifiers(work, b1, bow, None, (10, 11), (10, 9))


# -- the side panel of a game ----------------------------------------------------


async def test_the_game_panel_legend_is_the_rulesets():
    game = start(SOW, SOW.default_options(), battlefield_named("copse-16"), seed=3, players=("Ann", "Bo"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        panel = " ".join(str(screen.query_one("#panel").render()).split())
        assert "woods (open ground)" in panel and "# wall (blocks)" in panel, panel
        assert "cover" not in panel, panel


# -- the new-game form's words for a battlefield ------------------------------------


def test_the_form_offers_the_copse_to_spheres_of_war_without_cover_or_slow_woods():
    from tui.newgame_parts import battlefield_about

    bf = battlefield_named("copse-16")
    assert "give cover" in bf.description  # the shipped text, for the rulesets that have cover
    sow = battlefield_about(bf, SOW)
    assert sow == ("Sixteen by sixteen: four copses of woods and a stretch of wall in the middle. "
                   "Ground: woods (open ground), wall (blocks)."), sow
    wl = battlefield_about(battlefield_named("wl-crossroads"), WAYLIGHTS)
    assert "mud (costs 2 movement)" in wl and "brush (light cover)" in wl, wl
    # Only the ruleset's words speak of what the ground does, for every
    # ruleset on every shipped battlefield.
    from saves.library import shipped_battlefields
    from tui.newgame_parts import GROUND_CLAIM

    for rules in (SOW, WAYLIGHTS, PLASTO, PLATEMAIL):
        for field in shipped_battlefields():
            text = battlefield_about(field, rules)
            layout = text.split(" Ground: ")[0]
            assert not GROUND_CLAIM.search(layout), (rules.name, field.name, text)


async def test_the_new_game_form_offers_spheres_of_war_no_cover_in_the_copse():
    """The form's battlefield text is :func:`battlefield_about`'s, for the
    ruleset chosen: the copse's shipped "woods slow movement and give cover"
    is not what Spheres of War does with woods (rules 25-27)."""
    from textual.widgets import Static

    from tests.tui.test_newgame import open_form, text
    from tui.widgets import Cycler

    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, "spheres_of_war")
        battlefield = form.query_one("#battlefield", Cycler)
        form.set_focus(battlefield)
        await pilot.pause()
        for _ in range(len(battlefield.values)):
            if getattr(battlefield.value, "name", "") == "copse-16":
                break
            await pilot.press("right")
            await pilot.pause()
        assert battlefield.value.name == "copse-16"
        about = text(form.query_one("#bf-about", Static))
        assert "woods (open ground)" in about, about
        assert "cover" not in about.lower() and "slow" not in about.lower(), about


def test_a_battlefield_drawn_for_a_ruleset_keeps_its_own_words_there_and_not_elsewhere():
    """The farmyard was drawn for Platemail: there its description is read
    as written (the door opens with Use Item); under Spheres of War that
    rule, and the ground's effects, are not claimed."""
    from tui.newgame_parts import battlefield_about

    yard = battlefield_named("pm-yard")
    home, away = battlefield_about(yard, PLATEMAIL), battlefield_about(yard, SOW)
    assert "Use Item" in home and "Use Item" not in away, (home, away)
    assert "hedge (open ground)" in away and "Cover" not in away and "cover" not in away, away
    shrine = battlefield_about(battlefield_named("pl-shrine"), SOW)
    assert "raiders" not in shrine and "guardians" not in shrine, shrine


def test_optio_claims_no_cover_for_its_woods_in_the_form():
    """The pre-game's blocks move by squares: the form's ground words for a
    generated map name what blocks and the heights, never the battle's
    cover ("woods (cover 2)" was offered for Optio)."""
    from core.rulesets.optio.maps import MAP_TERRAIN

    optio = find_ruleset("optio")
    assert optio.terrain_words(MAP_TERRAIN["T"]) == []  # woods
    assert optio.terrain_words(MAP_TERRAIN["#"]) == ["blocks", "height 2"]  # rock
    assert optio.terrain_words(MAP_TERRAIN["2"]) == ["height 2"]  # hill
