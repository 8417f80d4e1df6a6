"""The rules help read against the printed rules and the game (a tester's
report): Platemail's help says how a battle ends, what each Action does
(with the Favor and Disfavor the engine really gives), the weapon
properties, and that its spells and its ending are Skirmish's own;
Waylights' *Endgame* says which of its rules are not printed, and its
*Keys* give `o` one meaning and say what `p` does inside the Actions menu."""

from __future__ import annotations

import re

import pytest

from core.events import Rolled
from core.options import describe_options
from core.rulesets.platemail.equipment import PASSIVE_BASE, SPELLS, WEAPONS
from core.rulesets.platemail.state import READY, TITLES, Action, PlatemailOptions
from core.rulesets.waylights.state import WaylightsOptions
from tests.rulesets.platemail.helpers import act, order, play, position
from tui.help import help_text


def sections(name: str) -> dict[str, str]:
    """Each `## ` section of a help page by its heading, its text joined
    into one line (a sentence may wrap anywhere)."""
    parts = re.split(r"^## ", help_text(name), flags=re.MULTILINE)[1:]
    return {part.split("\n", 1)[0].strip(): " ".join(part.split("\n", 1)[1].split()) for part in parts}


def section(name: str, heading_start: str) -> str:
    found = [text for heading, text in sections(name).items() if heading.startswith(heading_start)]
    assert len(found) == 1, (name, heading_start, list(sections(name)))
    return found[0]


def round_limit(options_type: type):
    return next(info for info in describe_options(options_type) if info.name == "round_limit")


# -- Platemail: how the battle ends ---------------------------------------------------------

def test_platemail_help_says_how_the_battle_ends_with_the_cores_round_limit():
    # The seed has no ending at all (docs/rulings.md, Platemail, Wounds:
    # round_limit and "a side with no one able to fight loses").
    ending = section("platemail", "How the battle ends")
    heading = next(h for h in sections("platemail") if h.startswith("How the battle ends"))
    assert "Skirmish's own" in heading
    limit = round_limit(PlatemailOptions)
    assert limit.default == PlatemailOptions().round_limit
    said = re.search(r"Round limit\* option of the new-game form \(default (\d+) Rounds, (\d+) to (\d+)\)", ending)
    assert said, ending
    assert [int(n) for n in said.groups()] == [limit.default, limit.minimum, limit.maximum]
    assert "more characters still fighting wins, and equal numbers are a draw" in ending
    assert "nobody left able to fight" in ending and "loses" in ending
    assert "concede" in ending and "draw" in ending


# -- Platemail: every Action, (R)/(NR) and what it does -------------------------------------

def action_lines() -> dict[Action, str]:
    """Each Action's line in the help's *Actions* section: `- **Title**
    (R...) or (NR...): what it does`."""
    text = section("platemail", "Actions")
    lines = {}
    for kind in Action:
        found = re.search(rf"- \*\*{re.escape(TITLES[kind])}\*\* \((R|NR)[^)]*\): (.*?)(?= - | ###|$)", text)
        if found:
            lines[kind] = found.group(1) + "|" + found.group(2)
    return lines


@pytest.mark.parametrize("kind", list(Action), ids=lambda k: k.value)
def test_every_platemail_action_is_named_ready_or_not_and_what_it_does(kind):
    lines = action_lines()
    assert kind in lines, f"the help's Actions do not describe {TITLES[kind]}"
    marker, effect = lines[kind].split("|", 1)
    assert marker == ("R" if READY[kind] else "NR"), (kind, marker)
    assert len(effect.split()) >= 6, effect


# The help's words for what an Action does to Attacks at its taker.
def said_favor(line: str) -> tuple[int, int]:
    """(melee, ranged): +1 Favor, -1 Disfavor, 0 neither, as ``line`` says."""
    every = "every Attack at you has Favor" in line
    melee = 1 if every or "melee at you has Favor" in line else -1 if "melee at you has Disfavor" in line else 0
    ranged = 1 if every else -1 if "shots and spells at you have Disfavor" in line else 0
    return melee, ranged


# What each Action needs to be written (an archetype that can take it, its
# target, its item or spell); a1 is entrapped so that no Action moves it.
NEEDS: dict[Action, tuple[str, dict, dict]] = {
    Action.RANGED: ("archer", {}, {}),
    Action.RAPID_FIRE: ("archer", {}, {}),
    Action.PREPARE: ("spellcaster", {}, {"spell": "firebolt"}),
    Action.RELEASE: ("spellcaster", {"prepared": "firebolt"}, {}),
    Action.FOCUS: ("spellcaster", {"focus": "binding", "focus_target": "b1"}, {}),
    Action.USE_ITEM: ("spellcaster", {"potions": 1}, {"item": "potion"}),
}
MOVERS = (Action.MOVE, Action.SPRINT, Action.FALL_BACK, Action.SKULK, Action.RESCUE)
TO_ALLY = (Action.GUARD, Action.RESCUE, Action.STABILIZE)


def engine_favor(kind: Action) -> tuple[int, int]:
    """(melee, ranged) Favor the engine gives Attacks on a1 while it takes
    ``kind``: b1 beside it Counters it, b2 shoots it from 15 ft.  The
    attackers' Perception is out of scale so that a Skulk leaves them
    aware of a1 (being Hidden is not what this reads)."""
    archetype, changes, extra = NEEDS.get(kind, ("spellcaster", {}, {}))
    written = kind
    if kind in (Action.DAZED, Action.TERROR):  # forced on a character, replacing what it wrote
        changes, written = {kind.value: 1}, Action.DEFEND
    sharp = {"perception": 30}
    state = position([(archetype, 0, (5, 5), {"entrapped": True, **changes}), ("footman", 0, (4, 5)),
                      ("footman", 1, (5, 6), sharp), ("archer", 1, (5, 9), sharp)])
    target = "a2" if written in TO_ALLY else None if written in MOVERS else "b1"
    to = (4, 4) if written in MOVERS else None
    first = act(0, written, target, to, **extra)
    _, events = play(state, [order(0, "a1", first, then=first),
                             order(1, "b1", act(1, "counter", "a1")),
                             order(1, "b2", act(1, "ranged-attack", "a1"))])
    got: dict[str, int] = {}
    for event in events:
        if isinstance(event, Rolled) and event.purpose in ("melee attack on a1", "ranged attack on a1"):
            how = event.purpose.split()[0]
            got[how] = sum(v // 3 for label, v in event.modifiers if label.startswith(("Favor", "Disfavor")))
    assert set(got) == {"melee", "ranged"}, (kind, got)  # both Attacks were made
    return got["melee"], got["ranged"]


FAVOR_KINDS = [k for k in Action if k not in (Action.CRASH, Action.CLASH)]  # those two are no one's Action


@pytest.mark.parametrize("kind", FAVOR_KINDS, ids=lambda k: k.value)
def test_the_favor_the_platemail_help_gives_attacks_on_each_action_is_the_engines(kind):
    # Seed, Actions: Full Attack, Ranged Attack, Rapid Fire and Aim open the
    # taker to melee; Counter, Defend and Fall Back close it; Sprint spoils
    # shots; Prepare, Focus, Rescue and Dazed open the taker to every Attack.
    line = action_lines().get(kind)
    assert line is not None, f"the help's Actions do not describe {TITLES[kind]}"
    assert said_favor(line) == engine_favor(kind), (kind, line)


def test_platemail_help_explains_hidden_prone_and_dazed_as_the_game_plays_them():
    actions = section("platemail", "Actions")
    assert f"passive Perception ({PASSIVE_BASE} + Perception) is below your Stealth roll" in actions
    assert "Unaware of you, you roll your first Attack with Favor" in actions
    assert "cannot pick you as a target" in actions
    assert "**Prone** (a failed Crash save): melee at you has Favor" in actions
    assert "Dazing blow (below) replaces your next 1d4 Actions" in actions


def test_every_weapon_with_a_property_is_in_the_platemail_helps_weapon_properties():
    props = section("platemail", "Weapon properties")
    for weapon in WEAPONS.values():
        if weapon.properties or weapon.silent or weapon.ready_deflection:
            assert weapon.name in props, weapon.name
    for word in ("Severs Limb", "Dazes", "Entraps", "Silent", "Poison", "Protects Limbs"):
        assert word in props, word


def test_platemail_help_says_its_spells_are_skirmishs_own_and_the_casting_actions_printed():
    # Seed: Spellcasting Actions (Prepare, Release, Focus) but no spell list;
    # docs/rulings.md, Platemail, "Spells (our list ...)".
    spells = section("platemail", "Spells")
    head = spells.split(" - **")[0]
    assert "Skirmish's own" in head and "printed rules give only the casting Actions" in head
    for spell in SPELLS.values():
        assert f"**{spell.name}**" in spells, spell.name
    assert "Firebolt** (30 ft): a ranged spell Attack, one Wound, Penetration 2" in spells
    assert SPELLS["firebolt"].range_ft == 30 and SPELLS["firebolt"].penetration == 2


# -- Waylights: Endgame and Keys -------------------------------------------------------------

def test_waylights_endgame_says_which_rules_are_not_printed():
    # Seed, Endgame: KO and the killing blow as a full turn; nothing on
    # how a fight is won, and no round limit (docs/rulings.md, Waylights).
    endgame = section("waylights", "Endgame")
    own = endgame.index("Skirmish's own")
    assert endgame.index("KO") < own  # the printed part first
    assert own < endgame.index("every character KO or dead loses")
    assert own < endgame.index("Round limit")
    limit = round_limit(WaylightsOptions)
    said = re.search(r"\(default (\d+) rounds, (\d+) to (\d+)\)", endgame)
    assert said and [int(n) for n in said.groups()] == [limit.default, limit.minimum, limit.maximum]


def waylights_keys() -> str:
    return help_text("waylights").split("## Keys", 1)[1].split("\n## ", 1)[0]


def test_waylights_keys_give_o_one_meaning():
    keys = waylights_keys()
    entries = re.findall(r"^- `o`:", keys, re.MULTILINE)
    assert len(entries) == 1, keys


def test_waylights_keys_list_the_menus_letters_as_the_menu_gives_them():
    from core.rulesets.waylights import orders as o
    from tui.rulesets.waylights import KIND_KEYS

    words = {o.Move: "Move", o.SplitMove: "Split move", o.Step: "step", o.Attack: "attack", o.Finish: "finish",
             o.TakeCover: "take cover", o.Wield: "wield", o.Reload: "reload", o.Clip: "new clip",
             o.Crystal: "healing crystal", o.Boost: "boost", o.EndTurn: "end the turn", o.Defend: "defend",
             o.Counter: "counterattack"}
    keys = " ".join(waylights_keys().split())
    for kind, key in KIND_KEYS.items():
        assert f"`{key}` {words[kind]}" in keys, (kind, key)


async def test_waylights_p_in_the_actions_menu_is_split_move_as_the_keys_say():
    # The board's footer ("p End turn") stays in sight under the menu; the
    # menu's own p opens the Split move cells and gives no order.
    from core.game import submit
    from core.rulesets.waylights.orders import Split
    from tests.tui.drawn import screen_text
    from tests.tui.test_waylights import SIZE, open_game, prepared
    from tui.app import SkirmishApp
    from tui.rulesets.waylights_modals import PickList

    keys = " ".join(waylights_keys().split())
    assert "in the Actions menu `p` is Split move" in keys and "`e` ends the turn; on the board `p` ends it" in keys
    game = submit(prepared(2), Split(0, "a1", 2)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        for _ in range(4):
            if app.screen is screen:
                break
            await pilot.press("escape")
            await pilot.pause()
        given = len(screen.game.orders)
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PickList) and any(line.startswith("p  Split move") for line in menu.lines())
        assert "p End turn" in screen_text(app)  # the board's footer, beneath the menu
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PickList) and "split move to" in app.screen.pick_title
        assert len(screen.game.orders) == given and screen.game.state.active == "a1"
