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

The battle right after a pre-game is chosen in the same form, on the fixed
ground, wherever the pre-game was played: :func:`battle_form` at one
keyboard, :func:`hosted_battle_form` for the host of a hosted one (the
host begins the game it makes), :func:`server_battle_form` after a
server's (the server makes it from the form's ruleset and options).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
from textual.widgets import Static

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from core.rulesets.optio.state import GENERATED, Edge, TemplateResult
from core.rulesets.optio.terrain import battlefield_for
from tui.newgame import HOST_FIELD_HELP, HOST_SEAT_LABELS, JOINER_SEAT, SEATS, NewGameScreen, Preset
from tui.newgame_parts import player_names
from tui.rulesets.optio_fight import OPTIO, handoffs
from tui.widgets import Cycler


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
    return NewGameScreen(_preset(pre_game, battle, seats))


def _preset(pre_game: Any, battle: Any, seats: tuple[str, str] | None) -> Preset:
    return Preset(battle.ruleset_name, battle.options, tuple(battle.players),
                  (seats[0], seats[1]) if seats else None, pre_game.state.result)


def hosted_battle_form(pre_game: Any, battle: Any, seats: tuple[str, str], remote_side: int, begin: Any) -> Any:
    """The battle's form after a hosted pre-game, as at one keyboard (the
    ground fixed, the ruleset, its options and both warbands to choose),
    for the host: the joiner's seat is the joiner's (``remote_side``).
    Start calls ``begin(template, seats)`` with a game made from the form
    (the host begins it with a new fair seed: ``App.host_next``)."""
    return HostedBattleForm(_preset(pre_game, battle, seats), remote_side, begin)


def server_battle_form(pre_game: Any, battle: Any, begin: Any) -> Any:
    """The battle's form after a server's pre-game: the ruleset, its
    options and both warbands on the fixed ground; the names and seats are
    the pre-game's, the server's to give.  Start calls ``begin(rules,
    options)`` (the lobby asks the server, which cuts the ground)."""
    return ServerBattleForm(_preset(pre_game, battle, None), begin)


def _remember_choice(screen: Any, rules: Any, options: Any) -> None:
    """The ruleset and its options open the next form, as a local game's do;
    the names and seats of a game over the network stay as they were."""
    from saves.settings import remember

    try:
        said = remember(rules, options, None, None, None)
    except Exception as exc:  # noqa: BLE001 - remembering never stops a game
        said = str(exc)
    if said:
        screen.app.notify(said, severity="warning", timeout=6, markup=False)


class HostedBattleForm(NewGameScreen):
    """The host's form for the battle after a hosted pre-game (see
    :func:`hosted_battle_form`).  The seats stay where the pre-game had
    them: the joiner's is theirs, the host's the host's or the computer's."""

    def __init__(self, preset: Preset, remote_side: int, begin: Any) -> None:
        super().__init__(preset, hosted=True)
        self.remote_side = remote_side
        self.begin = begin

    def _seat_choices(self, side: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if side == self.remote_side:
            return JOINER_SEAT
        level = self.host_computer()  # skirmish host --computer: its level plays the host's side
        return ((level,), (f"the computer ({level}): you look on",)) if level else (SEATS, HOST_SEAT_LABELS)

    def field_help(self, widget: Any) -> str:
        wid = getattr(widget, "id", None) or ""
        if wid in ("seat0", "seat1"):  # the host's form says it of Player 1 and 2; here the pre-game's seats
            mine = wid == f"seat{1 - self.remote_side}"
            return (HOST_FIELD_HELP["seat0"] if mine else
                    "The other seat is the joiner's, as in the pre-game: they play it.")
        return super().field_help(widget)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Static).update("[b]The battle on the pre-game's ground[/b]  Tab: next · ←/→: change · "
                                      "ctrl+g: begin it (the joiner follows)")

    def action_start(self) -> None:
        problem = self.query_one("#problem", Static)
        chosen = self.checked_choice()
        if chosen is None:
            return
        rules, options, field = chosen
        names = player_names(self.typed_names())
        seats = tuple("human" if i == self.remote_side else self.query_one(f"#seat{i}", Cycler).value
                      for i in (0, 1))
        try:  # a template: the host and the joiner make its seed
            template = start(rules, options, field, seed=random.randrange(2**31), players=names)
        except ValueError as exc:
            problem.update(str(exc))
            return
        _remember_choice(self, rules, options)
        self.begin(template, seats)
        if self.app.screen is self:  # nothing was begun: the game is no longer hosted
            problem.update("This game is no longer hosted, so no battle follows it here.")


class ServerBattleForm(NewGameScreen):
    """The form for the battle after a server's pre-game (see
    :func:`server_battle_form`): no name or seat rows, as the server seats
    the players at the sides they played, under their own names."""

    def __init__(self, preset: Preset, begin: Any) -> None:
        super().__init__(preset)
        self.begin = begin

    def on_mount(self) -> None:
        super().on_mount()
        for wid in ("#p0", "#p1", "#seat0", "#seat1"):
            row = self.query_one(wid).parent
            if row is not None:
                row.display = False
        self.query_one(Static).update("[b]The battle on the pre-game's ground[/b]  Tab: next · ←/→: change · "
                                      "ctrl+g: ask the server")

    def action_start(self) -> None:
        chosen = self.checked_choice()
        if chosen is None:
            return
        rules, options, _field = chosen  # the server cuts the ground itself
        _remember_choice(self, rules, options)
        self.begin(rules, options)


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
