"""What a blow that buys an alternate damage effect does, as the defender is
told and as the log tells it (a tester's report: Mook b1, 4/0, attacks
Fighter a1, 2/2, "grapple (for 1 wound)"; the response menu said "a wound
72%", counting the one-wound hits that buy the grapple and deal none; the
log went from "5 wounds" to "4 wounds" with no line saying where one went).

"Optional: Alternate damage": the named effect costs wounds of the hit;
docs/rulings.md, Alternate damage: those wounds buy it and the rest still
wound.  b1 attacks with 4 dice +3 (brawling 1, strength 1, club 1); a1
defends with 2 dice +4 (blade 2, strength 1, shield 1), Threshold 3, KO at 4."""

import itertools
from fractions import Fraction

from core.events import Note, Struck
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import attack_mods, defence_mods, threshold
from core.rulesets.waylights.events import EffectApplied
from core.rulesets.waylights.orders import Attack, Defend
from core.rulesets.waylights.state import KO, WaylightsOptions
from tests.rulesets.waylights.helpers import do, position, results, script
from tests.rulesets.waylights.test_options import FAR
from tui.rulesets.waylights_menus import response_menu
from tui.rulesets.waylights_preview import attack_preview_of
from tui.rulesets.waylights_words import pct

ALT = WaylightsOptions(alternate_damage=True)
GRAPPLE = "attack side=1 unit=b1 target=a1 effect=grapple"


def start():
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 2), {"split": 4}), FAR], "b1", options=ALT)
    a, t = s.get("b1"), s.get("a1")
    assert sum(v for _, v in attack_mods(a, a.weapon)) == 3 and sum(v for _, v in defence_mods(t, a.weapon)) == 4
    assert threshold(t) == 3 and t.ko_at == 4
    return s


def attacked(*faces: int):
    s, _ = do(script(start(), *faces), GRAPPLE)
    assert s.pending == "response"
    return s


def _chance(above: int) -> Fraction:
    """By every die: b1's 4 dice +3 less a1's 2 dice +4 above ``above``."""
    rolls = list(itertools.product(range(1, 7), repeat=6))
    return Fraction(sum(1 for f in rolls if sum(f[:4]) + 3 - sum(f[4:]) - 4 > above), len(rolls))


def test_the_log_says_which_wound_bought_the_grapple():
    # 19 + 3 - (2 + 4) = 16, above 5 x 3: five wounds; one buys the grapple,
    # four are dealt, and four knock a1 out, so the grapple holds nothing.
    s, ev = do(attacked(6, 6, 6, 1, 1, 1), "defend side=0 unit=a1")
    assert results(ev)[0].margin == 16 and results(ev)[0].wounds == 5
    said = [e.sentence for e in ev if isinstance(e, Note)]
    bought = next(i for i, e in enumerate(ev) if isinstance(e, Note) and "buys grapple" in e.text)
    struck = next(i for i, e in enumerate(ev) if isinstance(e, Struck))
    assert bought < struck, said
    assert "1 of its 5 wounds" in ev[bought].sentence and "4 wounds left" in ev[bought].sentence
    assert ev[struck].detail.startswith("4 wounds")
    assert s.get("a1").status == KO and s.get("a1").wounds == 4
    assert any("out of the fight" in text and "grapple" in text for text in said), said


def test_a_one_wound_hit_buys_the_grapple_and_wounds_nothing():
    # 7 + 3 - (2 + 4) = 4, above 3: one wound, the grapple's price.
    s, ev = do(attacked(1, 1, 1, 4, 1, 1), "defend side=0 unit=a1")
    assert results(ev)[0].wounds == 1
    assert any(isinstance(e, Note) and "no wound left to deal" in e.text for e in ev)
    assert not any(isinstance(e, Struck) for e in ev)
    assert any(isinstance(e, EffectApplied) and e.effect == "grapple" for e in ev)
    assert s.get("a1").wounds == 0 and s.get("a1").grappled_by == "b1"


def test_the_defenders_menu_says_what_the_blow_does():
    s = attacked()
    menu = response_menu(s, "Ann", R.legal_orders(s, 0))
    assert "b1 buys grapple with the first wound of its hit" in menu.pick_title
    defend = next(label for label, value in menu.rows if isinstance(value, Defend) and not value.psi)
    # A wound dealt: a band of two or more (above 6); the grapple: any wound
    # (above 3); KO: four dealt, five in the band (above 15).
    assert f"a wound {pct(_chance(6))}" in defend, defend
    assert f"grapple {pct(_chance(3))}" in defend, defend
    assert f"KO {pct(_chance(15))}" in defend, defend


def test_the_attackers_preview_says_the_wounds_left_to_deal():
    lines = attack_preview_of(start(), Attack(1, "b1", "a1", effect="grapple")).chances
    wound = next(line for line in lines if line.strip().startswith("a wound"))
    assert wound.split()[2] == f"{float(_chance(6)) * 100:.1f}%" and "grapple" in wound
