"""Platemail through the app by key presses: secret orders for both sides
(with an IF/ELSE), the handover between them, commit, and the resolution
checked in the game state and in the playback."""

from __future__ import annotations

from core.deployment import Deploy, DeployAll, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.platemail.events import ActionTaken, AttackMade, PhaseBegan
from saves.library import battlefield_named
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm, Handover
from tui.rulesets.platemail_menus import CellPicker, KeyMenu
from tui.rulesets.platemail_playback import Playback
from tui.rulesets.platemail_review import SideOrders
from tui.rulesets.platemail_writer import OrderWriter

SIZE = (80, 24)


def deployed_game(seed: int = 4):
    """Both sides deployed by the core's own deploy-for-me (a1 2,1; a2 8,1;
    a3 13,1 against b1 2,10; b2 8,10; b3 13,10 on the yard)."""
    rules = find_ruleset("platemail")
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed=seed, players=("Ann", "Bo"))
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    assert game.state.stage == "orders"
    return game


def phase_actions(log, round_: int) -> dict[tuple[int, str], ActionTaken]:
    """ActionTaken events of a Round keyed by (phase, unit)."""
    out, phase, inside = {}, 0, False
    for event in log:
        if isinstance(event, PhaseBegan):
            inside = event.round == round_
            phase = event.phase
        elif inside and isinstance(event, ActionTaken):
            out[(phase, event.unit)] = event
    return out


async def open_game(pilot, game) -> GameScreen:
    app = pilot.app
    app.start_game(game)
    await pilot.pause()
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def open_orders(pilot, side: int) -> SideOrders:
    """From the board: o, then 1 (the side's orders screen)."""
    await pilot.press("o", "1")
    review = pilot.app.screen
    assert isinstance(review, SideOrders) and review.side == side
    return review


async def write_side_zero(pilot) -> None:
    """Ann: a1 moves 3 cells down (cursor on the board), IF it reached its
    destination THEN Defend ELSE Full Attack the closest hostile."""
    app = pilot.app
    await open_orders(pilot, 0)
    assert isinstance(app.screen, SideOrders) and app.screen.side == 0
    await pilot.press("enter")  # the highlighted character: a1
    assert isinstance(app.screen, KeyMenu)
    labels = [label for _, label, _ in app.screen.entries]
    assert "Move (R)" in labels and "Charge (NR)" in labels  # R / NR on every Action
    await pilot.press("m", "l")  # Move, to a location picked on the board
    assert isinstance(app.screen, CellPicker)
    await pilot.press("down", "down", "down", "enter")
    await pilot.press("r")  # IF I reached my target (destination)
    await pilot.press("d")  # THEN Defend
    await pilot.press("a", "c")  # ELSE Full Attack the closest hostile
    await pilot.pause()
    assert isinstance(app.screen, SideOrders)
    assert any("a1: Move to 2,4" in line for line in app.screen.lines())


async def test_both_sides_write_commit_and_the_round_resolves():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")
        await write_side_zero(pilot)
        await pilot.press("p")  # commit Ann's orders: asked first
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.state.committed == (True, False)
        assert isinstance(app.screen, Handover)  # the board hides before Bo's turn
        await pilot.press("enter")
        await open_orders(pilot, 1)
        # Bo: b1 Defends, IF an enemy is adjacent THEN Full Attack ELSE Counter;
        # b2 shoots at the closest hostile, IF hit THEN Defend ELSE Defend.
        await pilot.press("enter", "d", "a", "a", "c", "o", "c")
        await pilot.press("down", "enter", "r", "c", "h", "d", "d")
        await pilot.pause()
        assert isinstance(app.screen, SideOrders)
        assert screen.game.state.round == 1
        await pilot.press("p", "y")
        await pilot.pause()
        state = screen.game.state
        assert state.round == 2 and state.committed == (False, False)
        # What happened, in the game state and its log
        assert state.char("a1").pos == (2, 4)
        acts = phase_actions(screen.game.log, 1)
        assert acts[(2, "a1")].action == "Defend" and "true, THEN" in acts[(2, "a1")].why
        assert acts[(2, "b1")].action.startswith("Counter") and "false, ELSE" in acts[(2, "b1")].why
        assert any(isinstance(e, AttackMade) and e.attacker == "b2" for e in screen.game.log)
        # Hand back to Ann: the playback comes first
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Playback)
        await pilot.press("a")
        text = app.screen.shown_text()
        assert "a1: Defend [R] — IF I reached my target → true: THEN fired" in text
        assert "b1: Counter a1 [R] — IF an enemy is adjacent → false: ELSE fired" in text
        assert "a1 moves from 2,3 to 2,4" in text
        assert "b2 rolls 1d20 for ranged attack" in text  # every roll with its breakdown
        if any(isinstance(e, AttackMade) and e.hit for e in screen.game.log):
            assert "Wounds tallied" in text
        await pilot.press("escape")
        assert app.screen is screen and screen.keyboard_side == 0
        await open_orders(pilot, 0)  # Round 2's orders are empty again
        assert all("not written yet" in line for line in app.screen.lines())
        await pilot.press("escape")
        panel = str(screen.query_one("#panel").content)
        assert "Round 1 results, 1st → 2nd:" in panel and " a1: " in panel and "(THEN)" in panel


async def test_the_second_side_never_sees_the_first_sides_orders():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")
        await write_side_zero(pilot)
        await pilot.press("escape")  # back to the board: Ann's panel shows her order queue
        await pilot.pause()
        panel = str(screen.query_one("#panel").content)
        # (the IF in the writer's words: tests/tui/test_platemail_pm57.py)
        assert "a1 Move →2,4 R; IF I reached my target: Defend R / Full Attack closest NR" in panel
        assert "(pending)" in panel
        assert "Bo: not committed yet" in panel
        await open_orders(pilot, 0)  # again, to commit
        await pilot.press("p", "y")
        await pilot.pause()
        # Handover: nothing of the game is drawn until Bo presses Enter.
        assert isinstance(app.screen, Handover)
        assert screen.query_one("BoardView").picture.hidden
        await pilot.press("enter")
        review = await open_orders(pilot, 1)
        seen = "\n".join(review.lines())
        assert "a1" not in seen and "2,4" not in seen
        assert all(p.side == 1 for p in review.view.plans)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.keyboard_side == 1
        panel = str(screen.query_one("#panel").content)
        assert "Ann: committed" in panel
        assert "a1 Move" not in panel and "→2,4" not in panel and "Full Attack" not in panel
        assert all(p.side == 1 for p in screen.view_state.plans)
        # Bo's orders menu lists only his own characters and orders.
        await pilot.press("o")
        menu = app.screen
        labels = " ".join(label for label, _ in menu.choices)
        assert "a1: " not in labels and "→2,4" not in labels and "b1: " in labels
        await pilot.press("escape")
        # Enter on his own selected character opens its writer.
        await pilot.press("tab")
        unit = screen.selected
        assert unit.startswith("b")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OrderWriter) or isinstance(app.screen, KeyMenu)
        writer = next(s for s in app.screen_stack if isinstance(s, OrderWriter))
        assert writer.unit == unit


async def test_writer_refuses_impossible_actions_and_escape_goes_back():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")
        review = await open_orders(pilot, 0)
        await pilot.press("enter")  # a1, a Footman: no spell, a sword
        menu = app.screen
        entries = {key: (label, value) for key, label, value in menu.entries}
        # Every Action shows R or NR; what a1 cannot do first is shown, not offered.
        assert all("(R" in label or "(NR)" in label for label, _ in entries.values())
        # a Footman knows no spell: no spell Action is listed (issue 29)
        assert "e" not in entries and "n" not in entries and "u" not in entries
        await pilot.press("e")  # no such entry: the menu stays
        assert app.screen is menu
        await pilot.press("c", "escape")  # Charge, then back from the target list
        assert isinstance(app.screen, KeyMenu) and app.screen.entries[0][1] is not None
        assert "1st Action" in app.screen.menu_title
        await pilot.press("c", "1")  # Charge the first listed enemy by name
        conditions = {key: label for key, label, _ in app.screen.entries}
        assert "(never: a1 knows no spell)" in conditions["s"]  # a Footman's spell is never ready
        assert "never" not in conditions["w"]
        await pilot.press("escape")  # back from the condition to the 1st Action
        assert "1st Action" in app.screen.menu_title
        await pilot.press("d", "w", "d", "d")  # Defend; IF wounded THEN Defend ELSE Defend
        await pilot.pause()
        assert app.screen is review
        assert any(line.startswith("[new] a1: Defend (R); either way (IF I am wounded") for line in review.lines())
        await pilot.press("escape")  # back to the board: the written order is submitted, not committed
        await pilot.pause()
        plan = screen.game.state.plan("a1")
        assert plan is not None and plan.condition.value == "wounded"
        assert screen.game.state.committed == (False, False)
        # Escape on the writer's first step cancels: nothing changes.
        await open_orders(pilot, 0)
        await pilot.press("enter", "escape")
        assert isinstance(app.screen, SideOrders)
        await pilot.press("escape")
        assert screen.game.state.plan("a1") == plan


async def test_the_last_rounds_playback_is_offered_on_the_result_screen():
    import attrs

    from tui.result import ResultScreen

    rules = find_ruleset("platemail")
    options = attrs.evolve(rules.default_options(), round_limit=1)
    game = start(rules, options, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Bo"))
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")
        await open_orders(pilot, 0)
        await pilot.press("p", "y")  # nothing written: everyone Defends
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")
        await open_orders(pilot, 1)
        await pilot.press("p", "y")
        await pilot.pause()
        assert screen.game.outcome is not None  # the Round limit ends the battle
        assert type(app.screen) is ResultScreen
        await pilot.press("e")  # its own entry: watch the last Round again
        await pilot.pause()
        assert isinstance(app.screen, Playback)
        assert app.screen.shown == 1 and "Round 1, 2nd Action Phase" not in app.screen.shown_text()
        await pilot.press("a")
        # Nobody wrote a1's orders: the playback says so, not "IF I was hit".
        assert "a1: Defend [R] — no orders were written: Defends all Round" in app.screen.shown_text()
        assert "IF I was hit" not in app.screen.shown_text()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)  # back to the result
        await pilot.press("b")
        assert app.screen is screen


def skulked_game():
    """Ann's footman against Bo's rogue; in Round 1 the rogue skulks into
    a hedge and its Stealth roll beats the footman's passive Perception.
    Played from a seed whose roll does (no scripted dice: a save of it
    must replay)."""
    import attrs

    from core.rulesets.platemail.state import Act, Action, Commit, Condition, Write

    rules = find_ruleset("platemail")
    options = attrs.evolve(rules.default_options(), roster_0="footman", roster_1="rogue")
    hedge = (3, 8)  # 1 + 2 (hedge) of the Skulk's 3 cells; in Cover from a1
    stay = Act(1, Action.SKULK)
    for seed in range(1, 40):
        game = start(rules, options, battlefield_named(rules.default_battlefield), seed=seed, players=("Ann", "Bo"))
        for order in (Deploy(0, "a1", (0, 0)), Ready(0), Deploy(1, "b1", (3, 10)), Ready(1),
                      Write(1, "b1", Act(1, Action.SKULK, to=hedge), Condition.HIT, stay, stay), Commit(0), Commit(1)):
            game = submit(game, order).game
        if game.state.char("b1").hidden and game.view(0).char("b1").pos is None:
            assert game.state.char("b1").pos == hedge
            return game, hedge
    raise AssertionError("no seed gives the rogue a good Stealth roll")


def pane_text(screen) -> str:
    return "\n".join(strip.text for strip in screen.query_one("#log").lines)


async def test_each_side_reads_only_its_own_secrets_in_the_log_playback_and_full_log():
    game, hedge = skulked_game()
    where = f"{hedge[0]},{hedge[1]}"
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # Ann's handover
        await pilot.pause()
        assert isinstance(app.screen, Playback)
        await pilot.press("a")
        ann = app.screen.shown_text()
        assert "b1 slips out of sight" in ann
        assert "skulks" not in ann and "Stealth" not in ann and where not in ann
        await pilot.press("escape")
        await pilot.pause()
        pane = pane_text(screen)
        assert "b1 slips out of sight" in pane and "skulks" not in pane and "Stealth" not in pane
        await pilot.press("L")
        full = "\n".join(e.sentence for e in app.screen.events)
        assert "Ann commits" in full and "skulks" not in full and "Stealth" not in full
        await pilot.press("escape")
        await open_orders(pilot, 0)
        await pilot.press("p", "y")  # commit (asked first)
        await pilot.pause()
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")  # Bo's turn: his rogue's moves and roll are his to read
        await pilot.pause()
        assert isinstance(app.screen, Playback)
        await pilot.press("a")
        bo = app.screen.shown_text()
        assert "b1 skulks from" in bo and "Stealth" in bo and "slips out of sight" not in bo
        await pilot.press("escape")
        await pilot.pause()
        assert "skulks" in pane_text(screen)


async def test_the_cell_hint_of_a_move_goes_round_the_barn_not_through_it():
    """Seen in play: a3 (13,1) was offered 10,4 inside the shut barn, three
    cells away as the crow flies; it stopped at the wall. The hint now lights
    only the cells a 3-cell Move reaches."""
    from core.rulesets.platemail.state import Action

    game = deployed_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        writer = OrderWriter(game, 0, "a3")
        assert writer.me.pos == (13, 1)
        app.push_screen(writer)
        await pilot.pause()
        writer.ask_cell(Action.MOVE, lambda _: None)
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, CellPicker)
        lit = picker.picture.highlights
        assert (10, 4) not in lit and (11, 4) not in lit  # inside the barn
        assert (13, 4) in lit and (10, 1) in lit and (13, 1) not in lit


def test_the_results_panel_says_an_if_that_decides_nothing_went_the_same_either_way():
    from tests.rulesets.platemail.helpers import act, order, play, position
    from tui.rulesets.platemail import last_round_results

    d, attack = act(0, "defend"), act(0, "full-attack", "b1")
    orders = [order(0, "a1", d, "hit", d, d), order(0, "a2", d, "hit", attack, d)]
    _, events = play(position([("footman", 0, (5, 2)), ("footman", 0, (7, 2)), ("footman", 1, (5, 9))]),
                     orders, dice=())
    lines = last_round_results(events, {"a1", "a2"})
    assert " a1: Defend → Defend (either way)" in lines
    assert " a2: Defend → Defend (ELSE)" in lines


def test_playback_reads_the_branch_from_the_event_keeping_what_the_character_saw():
    """The playback line is built from the event's branch and condition, not
    by rewriting its log text; the In Range condition keeps its distance."""
    from tests.rulesets.platemail.helpers import act, order, play, position
    from tui.rulesets.platemail_playback import action_line

    st = position([("archer", 0, (5, 0)), ("footman", 1, (5, 7))])  # 7 cells = 35', the bow's Range 30'
    w = order(0, "a1", act(0, "ranged-attack", "b1"), "in-range", act(0, "aim", "b1"), act(0, "defend"))
    _, events = play(st, [w], dice=(2, 2, 2, 2))
    second = [e for e in events if isinstance(e, ActionTaken) and e.unit == "a1"][1]
    assert (second.branch, second.condition) == ("else", "my target is within Range (b1 35' away, Range 30')")
    assert action_line(second) == \
        "a1: Defend [R] — IF my target is within Range (b1 35' away, Range 30') → false: ELSE fired"


def test_the_results_panel_gives_each_character_one_line_from_its_1st_action_to_its_2nd():
    """At 80x24 the side panel has about a dozen rows: a line per character
    (not one per Action) keeps a Round's summary in view."""
    from tests.rulesets.platemail.helpers import act, order, play, position
    from tui.rulesets.platemail import last_round_results

    d, hit = act(0, "defend"), act(0, "full-attack", "b1")
    orders = [order(0, "a2", act(0, "move", to=(7, 3)), "hit", hit, d)]
    _, events = play(position([("footman", 0, (5, 2)), ("footman", 0, (7, 2)), ("footman", 1, (5, 9))]),
                     orders, dice=())
    assert last_round_results(events, {"a1", "a2"}) == [
        " a1: Defend → Defend (no orders)",
        " a2: Move → Defend (ELSE)",
    ]


def test_the_orders_key_after_committing_says_the_orders_cannot_change():
    from core.rulesets.platemail.orders import Commit
    from tui.rulesets import adapter_for
    from tui.rulesets.platemail_review import SideOrders

    game = deployed_game()
    adapter = adapter_for(game.ruleset)
    assert isinstance(adapter.key(game, 0, "orders", None, None), SideOrders)
    game = submit(game, Commit(0)).game
    assert adapter.key(game, 0, "orders", None, None) == \
        "Ann's orders for Round 1 are committed: they cannot change."
