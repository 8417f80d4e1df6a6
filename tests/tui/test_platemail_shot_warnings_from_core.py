"""The order writer's warnings about what a shot throws are the core's
(``core.rulesets.platemail.shots``), only worded here: the screen had
worked them out from the resolution's internals and missed two cases
(seed: Rapid Fire; Thrown Weapons; docs/rulings.md, Platemail, "Rapid
Fire with a crossbow in hand", "Which missile a shot throws"):

- a Rapid Fire by a character with a crossbow in hand and one Dart (the
  Dart named without asking) throws once, and was not warned of;
- a Rapid Fire naming a missile carried once ("throwing which?": the
  Bolo/Net) throws once, and the order, once written, said nothing."""

from __future__ import annotations

from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.shots import Shot
from core.rulesets.platemail.state import Action, Condition
from tests.tui.test_platemail import SIZE, open_game
from tests.tui.test_platemail_writer_spent_missiles import labels, rogue_game, writer
from tui.app import SkirmishApp
from tui.rulesets import platemail_notes
from tui.rulesets.platemail_notes import missile_warning, order_warnings

DEFEND = Act(0, Action.DEFEND)


def rapid_fire_order(item: str | None) -> Write:
    return Write(0, "a4", Act(0, Action.RAPID_FIRE, "closest", item=item), Condition.HIT, DEFEND, DEFEND)


async def test_rapid_fire_with_a_crossbow_in_hand_and_one_dart_is_warned_of_one_throw():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = rogue_game(wielding="light-crossbow", carried=("dart",), loaded=True)
        await open_game(pilot, game)
        await writer(pilot, game, "a4")
        assert "Rapid Fire (NR) — warning: only one Dart: one throw, with Disfavor" in labels(app)
        assert "Ranged Attack (R)" in labels(app)  # the crossbow, loaded: nothing to say


def test_a_written_rapid_fire_naming_a_missile_carried_once_is_warned_of():
    """The rogue (Dagger in hand) carries two Darts and one Bolo/Net."""
    view = rogue_game().view(0)
    me = view.char("a4")
    assert me.carried.count("dart") == 2 and me.carried.count("net") == 1
    assert order_warnings(view, me, rapid_fire_order("net")) == [
        "a4's 1st Action, Rapid Fire: only one Bolo/Net: one throw, with Disfavor"]
    assert order_warnings(view, me, rapid_fire_order(None)) == []  # the two Darts


def test_the_warnings_word_what_the_core_says(monkeypatch):
    """Whatever the core's ``shots`` says a shot uses, the writer words
    that: here a Ranged Attack it is told has nothing left, and a Rapid
    Fire it is told throws one Javelin."""
    view = rogue_game().view(0)
    me = view.char("a4")
    told = {
        "first": Shot("first", Action.RAPID_FIRE, "javelin", True, 1, 1, "throwing a Javelin"),
        "otherwise": Shot("otherwise", Action.RANGED, None, False, 0, 0, "no Javelin left to throw"),
    }
    monkeypatch.setattr(platemail_notes, "shot_by", lambda _me, act, slot="first": told[slot])
    monkeypatch.setattr(platemail_notes, "order_shots", lambda _me, _order: tuple(told.values()))
    assert missile_warning(me, Action.RAPID_FIRE) == "only one Javelin: one throw, with Disfavor"
    order = Write(0, "a4", Act(0, Action.RAPID_FIRE, "closest"), Condition.HIT, DEFEND,
                  Act(0, Action.RANGED, "closest"))
    assert order_warnings(view, me, order)[:2] == [
        "a4's 1st Action, Rapid Fire: only one Javelin: one throw, with Disfavor",
        "a4's ELSE Action, Ranged Attack: no Javelin left to throw"]
