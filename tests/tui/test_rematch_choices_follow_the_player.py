"""A rematch swaps the players' sides; an option that names a side follows
its player (a tester: a hosted Optio game whose form said "Who moves first
◀ Ann ▶" was followed by `r`, and the rematch's log said "Bob moves first,
as chosen for this game").  Whoever the form named to move first (Optio),
to be the Instigator (Spheres of War rule 7), to raid the artifacts (Plasto
Latros), to catch the other by surprise or to be the PCs' side (Waylights
Sequence) is still that player; each player keeps the force chosen for
them.  Checked on what each ruleset's setup makes of the options, not on
the options alone."""

from __future__ import annotations

import attrs

from core.game import start
from core.options import choice_label, describe_options, option_label
from core.registry import find_ruleset, rulesets
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import FirstPlayer
from saves.library import battlefield_named
from saves.maps import shipped_maps
from tui.result import rematch

PLAYERS = ("Ann", "Bob")


def game_of(name: str, **changes):
    rules = find_ruleset(name)
    options = attrs.evolve(rules.default_options(), **changes)
    if name == "optio":
        field = map_battlefield(next(m for m in shipped_maps() if m.name == "open-plain"))
        options = attrs.evolve(options, map_name="open-plain")
    else:
        field = battlefield_named(rules.default_battlefield)
    return start(rules, options, field, seed=5, players=PLAYERS)


def notes(game) -> str:
    return " ".join(str(getattr(event, "text", "")) for event in game.log_for(None))


def test_the_player_the_form_named_to_move_first_moves_first_in_the_optio_rematch():
    for chosen, who in ((FirstPlayer.PLAYER_1, "Ann"), (FirstPlayer.PLAYER_2, "Bob")):
        first = game_of("optio", first_player=chosen)
        assert f"{who} moves first, as chosen for this game" in notes(first)
        again = rematch(first)
        assert again.players == ("Bob", "Ann")  # sides swapped
        assert again.players[again.state.first] == who
        assert f"{who} moves first, as chosen for this game" in notes(again)
    rolled = rematch(game_of("optio"))  # a roll stays a roll
    assert rolled.options.first_player is FirstPlayer.ROLL and "as chosen" not in notes(rolled)


def test_the_instigator_the_players_chose_stays_the_instigator():
    first = game_of("spheres_of_war", instigator="first")
    assert first.players[first.state.instigator] == "Ann"
    again = rematch(first)
    assert again.players == ("Bob", "Ann") and again.players[again.state.instigator] == "Ann"
    assert rematch(game_of("spheres_of_war", instigator="second")).state.instigator == 0  # Bob, now side 0
    assert rematch(game_of("spheres_of_war")).options.instigator == "coin"


def test_each_player_keeps_their_platemail_roster():
    first = game_of("platemail", roster_0="knight,knight", roster_1="archer,archer,rogue")
    again = rematch(first)

    def kinds(game, name):
        side = game.players.index(name)
        return sorted(c.archetype for c in game.state.characters if c.side == side)

    for name in PLAYERS:
        assert kinds(again, name) == kinds(first, name)
    assert kinds(again, "Ann") == ["knight", "knight"]


def test_waylights_teams_surprise_and_the_players_side_follow_their_player():
    first = game_of("waylights", team_0="elites", team_1="beasts", surprise="side 0", players_side=1)
    again = rematch(first)
    assert again.players == ("Bob", "Ann")
    options = again.options
    assert (options.team_1, options.team_0) == ("elites", "beasts")  # Ann's team, at Ann's side
    assert options.surprise == "side 1" and options.players_side == 0  # Ann surprises, Bob is the PCs' side

    def kinds(game, name):
        side = game.players.index(name)
        return sorted(f.kind for f in game.state.fighters if f.side == side)

    for name in PLAYERS:
        assert kinds(again, name) == kinds(first, name)
    both = rematch(game_of("waylights", surprise="both"))
    assert both.options.surprise == "both"


def test_plasto_latros_shooters_and_the_raider_follow_their_player():
    first = game_of("plasto_latros", shooters_0=1, shooters_1=4, raider=1)
    again = rematch(first)
    assert (again.options.shooters_0, again.options.shooters_1, again.options.raider) == (4, 1, 0)  # Bob at side 0


# Every option that names a side, in every ruleset, as a rematch carries it:
# a new one must be added here, with what it means to the swap.
FOLLOWS_THE_PLAYER = {
    ("spheres_of_war", "instigator"), ("plasto_latros", "shooters_0"), ("plasto_latros", "shooters_1"),
    ("plasto_latros", "raider"), ("optio", "first_player"), ("platemail", "roster_0"), ("platemail", "roster_1"),
    ("waylights", "team_0"), ("waylights", "team_1"), ("waylights", "roster_0"), ("waylights", "roster_1"),
    ("waylights", "surprise"), ("waylights", "players_side"),
}


def test_every_option_that_names_a_side_is_swapped_and_no_other():
    found = set()
    for rules in rulesets():
        for info in describe_options(rules.options_type):
            words = " ".join([option_label(info)] + [choice_label(info, c) for c in info.choices]).casefold()
            if "player 1" in words or "player 2" in words or "first" in info.choices:
                found.add((rules.name, info.name))
    assert found == FOLLOWS_THE_PLAYER
    from net.following import options_for_swapped_sides

    for rules in rulesets():
        options = rules.default_options()
        swapped = options_for_swapped_sides(options)
        for info in describe_options(rules.options_type):
            if (rules.name, info.name) not in FOLLOWS_THE_PLAYER:
                assert getattr(swapped, info.name) == getattr(options, info.name), (rules.name, info.name)
