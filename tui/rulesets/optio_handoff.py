"""Battlefield sources the new-game form offers besides the shipped
battlefields (issue 6's hand-off):

* the result of the newest finished Optio pre-game in the save folder, and
  only that one, named as such (loaded, and ``battlefield_for(result,
  ruleset)`` cut to the chosen ruleset's scale): the ordinary list does not
  grow by one "generated-NNNN" entry a pre-game.  The battle right after a
  pre-game gets its ground through the hand-off (:func:`ground_source`,
  fixed in the form), and a saved battle keeps its whole battlefield in
  its file, so it loads whatever this list offers;
* "play an Optio pre-game first": the form starts an Optio game with the
  same players; when it ends, its fight screen offers the ruleset (and the
  options) chosen in the form first;
* for Optio itself, the shipped operational maps.

:func:`extra_sources` gives the extra (label, value) entries for the form's
battlefield selector; :func:`start_pre_game` starts the pre-game.  Saved
results are :class:`core.board.Battlefield` values like any other.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import GENERATED, Edge, TemplateResult
from core.rulesets.optio.terrain import battlefield_for
from tui.rulesets.optio_fight import OPTIO, handoffs


@attrs.frozen
class PlayOptioFirst:
    """The form's "battlefield" meaning: decide it by an Optio pre-game."""

    pre_game: bool = True
    name: str = "optio pre-game"
    description: str = ("Play the Optio terrain pre-game first (same players); when it ends, "
                        "fight this battle on the ground it chose.")
    width: int = 0
    height: int = 0


def _last_result(ruleset_name: str) -> tuple[str, Any] | None:
    """The newest finished Optio pre-game that chose a ground, cut for
    ``ruleset_name``, with its label (None: there is none)."""
    from tui.persistence import store

    saves = store()
    for summary in saves.list_saves():  # newest first
        if summary.problem or summary.ruleset != OPTIO or not summary.over:
            continue
        try:
            game = saves.load_game(summary.path)
        except Exception:
            continue
        result = getattr(game.state, "result", None)
        if result is None:  # conceded: no ground was chosen
            continue
        field = battlefield_for(result, ruleset_name)
        players = " v ".join(game.players)
        return f"The last Optio pre-game's ground ({players}, {field.width}x{field.height})", field
    return None


def extra_sources(rules: Any, options: Any, slip: bool = False, typed: bool = True) -> list[tuple[str, Any]]:
    """Extra battlefield choices for ``rules`` in the new-game form (never
    raises).  ``slip``: the options fit no battlefield at all (a field is
    wrong, and the form says so): the pre-game stays offered as the list
    stays, rather than come and go with each keystroke.  ``typed``: False
    when a typed field is no number (a blank map seed), so ``options`` are
    the defaults standing in for the form's."""
    out: list[tuple[str, Any]] = []
    try:
        if rules.name == OPTIO:
            from core.options import option_problem
            from saves.maps import shipped_maps

            if getattr(options, "map_name", None) == GENERATED:  # the map seed draws the only map played on
                if not typed or option_problem(options) is not None:
                    # A seed the form refuses draws nothing: never "drawn from
                    # seed -9" over the line saying -9 is refused.
                    field = attrs.evolve(map_battlefield(generate_map(rules.default_options().map_seed)),
                                         description="No map until the seed is one the generator takes "
                                                     "(the line below says why not).")
                    return [("no map: the map generator seed is refused", field)]
                field = map_battlefield(generate_map(options.map_seed))
                return [(f"the map drawn from seed {options.map_seed} (40x40)", field)]

            for m in shipped_maps():
                field = map_battlefield(m)
                if rules.check_options(options, field) is None:
                    out.append((f"map {m.name} (40x40)", field))
            return out
        last = _last_result(rules.name)
        if last is not None and rules.check_options(options, last[1]) is None:
            out.append(last)
        probe = rules.default_options() if slip else options
        if rules.check_options(probe, open_ground(rules.name)) is None:  # no cut has artifacts, say
            out.append(("Play an Optio pre-game first", PlayOptioFirst()))
    except Exception:  # a broken save folder must not break the form
        pass
    return out


def ground_source(ground: Any, rules: Any) -> tuple[str, Any] | None:
    """The form's first battlefield when it opens for the battle after an
    Optio pre-game: the ground the pre-game chose (its ``TemplateResult``),
    cut to ``rules``' scale (None: no ground, or Optio itself)."""
    if ground is None or rules.name == OPTIO:
        return None
    try:
        field = battlefield_for(ground, rules.name)
    except Exception:  # noqa: BLE001 - a ruleset the cut does not know
        return None
    return f"The Optio pre-game's ground ({field.width}x{field.height})", field


def battle_form(pre_game: Any, battle: Any, seats: tuple[str, str] | None) -> Any:
    """The new-game form for the battle after ``pre_game`` (the Optio game
    that chose the ground): pre-filled with the ruleset, options and
    players of ``battle`` (the fight screen's choice) and the seats, on
    the pre-game's ground, so the players choose their warbands there."""
    from tui.newgame import NewGameScreen, Preset

    return NewGameScreen(Preset(battle.ruleset_name, battle.options, tuple(battle.players),
                                (seats[0], seats[1]) if seats else None, pre_game.state.result))


def plain_battlefields_apply(rules: Any) -> bool:
    """Whether ``rules`` is played on one of the shipped battlefields: an
    Optio pre-game is played on its operational map instead (its own
    options name it), so the form lists only that map."""
    return rules.name != OPTIO


def open_ground(ruleset_name: str) -> Any:
    """A battlefield of open ground the size an Optio template gives
    ``ruleset_name``: to check the battle's options before the pre-game."""
    cut = TemplateResult(map_name="open ground", meeting=(0, 0), second_edge=Edge.S, second_side=1, placer=0,
                         forward=0, right=0, origin=(0, 0), across=16, deep=8, up=Edge.N, rows=("." * 16,) * 8)
    return battlefield_for(cut, ruleset_name)


def start_pre_game(app: Any, rules: Any, options: Any, players: tuple[str, str], replace: Any = None,
                   seats: tuple[str, str] | None = None) -> str | None:
    """Start an Optio pre-game whose result ``rules`` will be fought on;
    returns a problem sentence, or None when the game has started.
    ``seats``: who plays each side (a person or a computer level), in the
    pre-game and then in the battle."""
    problem = rules.check_options(options, open_ground(rules.name))
    if problem:  # a roster no battlefield takes: say so now, not after the pre-game
        return problem
    optio = find_ruleset(OPTIO)
    seed = random.randrange(2**31)
    pre_options = attrs.evolve(optio.default_options(), map_seed=random.randrange(2**31))
    field = map_battlefield(generate_map(pre_options.map_seed))
    try:
        game = start(optio, pre_options, field, seed=seed, players=players)
    except ValueError as exc:
        return str(exc)
    handoffs(app)[game.seed] = (rules.name, options)
    app.start_game(game, replace=replace, seats=seats)
    return None
