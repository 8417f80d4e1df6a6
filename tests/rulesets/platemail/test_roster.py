"""A roster names archetypes and, if the players choose, their gear from the
seed's tables ("Equipment", "Armor", "Shields"): the game sets them up with
exactly that gear, and what cannot be chosen is refused in words."""

from __future__ import annotations

from core.game import start
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.roster import (
    WIELDABLE,
    Figure,
    figure_stats,
    parse_roster,
    roster_text,
)
from core.rulesets.platemail.ruleset import make_character
from core.rulesets.platemail.senses import absorb, defense
from core.rulesets.platemail.state import PlatemailOptions
from tests.rulesets.platemail.helpers import battlefield


def test_a_bare_archetype_keeps_its_own_gear_as_before():
    assert parse_roster("footman, knight") == (Figure("footman", "sword", "chain", "shield"),
                                               Figure("knight", "great-sword", "half-plate", None))


def test_gear_is_named_after_the_archetype_and_an_empty_part_keeps_its_own():
    figs = parse_roster("footman:spear::none,knight:great-axe:full-plate,rogue::chain:buckler")
    assert figs == (Figure("footman", "spear", "chain", None),
                    Figure("knight", "great-axe", "full-plate", None),
                    Figure("rogue", "dagger", "chain", "buckler"))
    assert roster_text(figs) == "footman:spear::none,knight:great-axe:full-plate,rogue::chain:buckler"
    assert roster_text(parse_roster("footman:sword:chain:shield")) == "footman"


def test_what_cannot_be_chosen_is_refused_in_words():
    assert "not an archetype" in parse_roster("footman,dragon")
    assert "not a weapon" in parse_roster("footman:halberd")
    assert "not an armour" in parse_roster("footman::mithril")
    assert "not a shield" in parse_roster("footman:::pavise")
    # Thrown weapons (Bolo/Net, Dart, Javelin) are thrown from what is carried.
    assert "thrown" in parse_roster("footman:javelin")
    assert not {"net", "dart", "javelin"} & set(WIELDABLE)
    assert {"dagger", "long-bow", "heavy-crossbow", "sling", "great-axe"} <= set(WIELDABLE)
    assert "between 1 and 8" in parse_roster(",".join(["rogue"] * 9))


def test_the_game_is_set_up_with_the_chosen_gear():
    options = PlatemailOptions(roster_0="footman:spear::none,archer:short-bow:chain", roster_1="knight:mace:full-plate:shield")
    game = start(RULESET, options, battlefield(), seed=3)
    a1, a2, b1 = game.state.characters
    assert (a1.archetype, a1.wielding, a1.armour, a1.shield) == ("footman", "spear", "chain", None)
    assert (a2.wielding, a2.armour, a2.carried) == ("short-bow", "chain", ("dagger",))  # the archer's dagger stays
    assert (b1.wielding, b1.armour, b1.shield) == ("mace", "full-plate", "shield")
    assert RULESET.check_options(PlatemailOptions(roster_1="knight:javelin"), battlefield()).startswith(
        "Player 2's roster")


def test_defense_and_absorb_follow_the_printed_tables():
    """Defense is "10 + the Deflection" of shields or armor; shields only
    while Ready (and, our ruling, with a one-handed weapon in hand)."""
    rogue = make_character(0, 1, Figure("rogue", "sword", "leather", "buckler"), 3)
    # Leather +2, Buckler +2 (Ready Only), Sword +1 when Ready.
    assert defense(rogue, True) == 15 and defense(rogue, False) == 12
    assert absorb(rogue, True) == 1  # Leather 1, Buckler 0
    knight = make_character(0, 1, Figure("knight", "great-sword", "full-plate", "shield"), 3)
    # Full Plate +3 / Absorb 3; the shield does nothing beside a two-handed weapon.
    assert defense(knight, True) == 13 and absorb(knight, True) == 3
    line = figure_stats(Figure("rogue", "sword", "leather", "buckler"), 3)
    assert "Defense 15 (12 NR)" in line and "Absorb 1" in line and "Wounds 3" in line
    # "Requires Str 3", "-1 Attack for each Strength below": a Strength 0 spellcaster is at -3.
    assert "-3 to hit" in figure_stats(Figure("spellcaster", "great-axe", "unarmored", None), 3)


def test_random_loadouts_play_to_the_end_with_every_listed_order_accepted():
    import random

    import attrs

    from core.game import submit
    from core.ruleset import Rejection
    from core.rulesets.platemail.equipment import ARCHETYPES, ARMOUR, SHIELDS
    from saves.library import battlefield_named

    for seed in (0, 3):
        rng = random.Random(seed)

        def side():
            return roster_text([Figure(rng.choice(list(ARCHETYPES)), rng.choice(WIELDABLE), rng.choice(list(ARMOUR)),
                                       rng.choice([None, *SHIELDS])) for _ in range(4)])

        options = attrs.evolve(RULESET.default_options(), round_limit=3, roster_0=side(), roster_1=side())
        game = start(RULESET, options, battlefield_named("pm-yard"), seed)
        for _ in range(2000):
            if game.outcome is not None:
                break
            order = rng.choice(game.legal_orders(rng.choice(sorted(game.to_act))))
            result = submit(game, order)
            assert not isinstance(result, Rejection), (order.to_text(), result)
            game = result.game
        assert game.outcome is not None
