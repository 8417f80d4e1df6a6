"""The piercer ("Equipment and environment": an armour-piercing weapon
takes away all or some of what the armour gives).  Our
reading (docs/rulings.md, Waylights, "The piercing weapons"): the armour's
bonus to the defence score is ignored, the Threshold the armour gives is
not.  The attack preview and Why? on the defence roll say so."""

from __future__ import annotations

from types import SimpleNamespace

from core.events import Rolled
from core.explain import explain
from core.rulesets.waylights.combat import defence_mods, threshold
from core.rulesets.waylights.orders import Attack
from core.rulesets.waylights.roster import WEAPONS
from tests.rulesets.waylights.helpers import R, do, position, script
from tui.rulesets import adapter_for

FAR = ("b9", 1, "mook", (9, 9))


def spearman_shot():
    # a1 the Elite marksman (piercer in hand, primed) five cells from b1,
    # a Spearman: polearm 2 + strength 1 + spear parry 1, armour T+1 D+1.
    return position([("a1", 0, "marksman", (2, 2)), ("b1", 1, "spear", (2, 7)), FAR], "a1")


def test_the_piercer_takes_the_armours_defence_bonus_and_leaves_its_threshold():
    s = spearman_shot()
    b1 = s.get("b1")
    plain = sum(v for _, v in defence_mods(b1, WEAPONS["sword"]))
    pierced = sum(v for _, v in defence_mods(b1, WEAPONS["piercer"]))
    assert (plain, pierced) == (2 + 1 + 1 + 1, 2 + 1 + 1)
    assert threshold(b1) == 2 + 1  # the armour's Threshold stays whatever the weapon


def test_the_preview_says_the_piercer_ignores_the_armour_defence_bonus():
    s = spearman_shot()
    game = SimpleNamespace(state=s, players=("Ann", "Bo"), orders=[])
    text = adapter_for(R).preview(game, Attack(0, "a1", "b1")).shown_text()
    flat = " ".join(text.split())
    assert "+4, Threshold 3" in flat, flat
    assert "The piercer ignores b1's armour defence bonus (+1" in flat and "not the Threshold" in flat
    fighter = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "spear", (2, 3)), FAR], "a1")
    game = SimpleNamespace(state=fighter, players=("Ann", "Bo"), orders=[])
    assert "ignores" not in adapter_for(R).preview(game, Attack(0, "a1", "b1")).shown_text()


def test_why_on_the_defence_roll_names_the_ignored_bonus():
    s = script(spearman_shot(), 1, 3, 3, 4, 4)  # a cover die for nothing, then the rolls
    s, events = do(s, "attack side=0 unit=a1 target=b1")
    if s.pending == "response":
        s, more = do(s, "defend side=1 unit=b1")
        events = list(events) + list(more)
    events = list(events)
    i = next(i for i, e in enumerate(events) if isinstance(e, Rolled) and e.purpose.startswith("defence"))
    why = explain("waylights", events, i)
    text = "\n".join(why.lines)
    assert "+0 armour +1 ignored by the piercer (not its Threshold)" in text, text
    assert "ignores the armour's bonus to the defence score, not the Threshold" in text
