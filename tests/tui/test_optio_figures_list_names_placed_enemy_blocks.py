"""The figures list (``f``) in Optio lists the enemy's blocks that stand on
the map, by their square (where a block is, is public: the board and the
panel show it), with ``?`` for the kind the view hides; only those still
off the map are counted as "more you cannot see".  A tester read "6 more
you cannot see" with nothing listed while ``?g1`` stood at 0,0."""

from __future__ import annotations

from core.game import submit
from core.rulesets.optio.state import Kind
from tests.tui.test_optio import pre_game
from tui.rulesets import adapter_for
from tui.warband import warband_sections


def test_the_enemys_placed_blocks_are_listed_by_square_and_only_those_off_the_map_are_unseen():
    game = pre_game()
    (mover,) = game.to_act  # Bob (Red) moves first in this game
    assert mover == 1
    for text in ("move side=1 unit=r1 to=0,4", "move side=1 unit=r3 to=2,4", "end-turn side=1"):
        game = submit(game, next(o for o in game.legal_orders(1) if o.to_text() == text)).game
    view = game.view(0)  # Ann's: Red's kinds hidden
    assert {b.kind for b in view.side_blocks(1)} == {Kind.UNKNOWN}
    adapter = adapter_for(game.ruleset)
    sections = warband_sections(adapter, view, adapter.units(game, view), 0, game.players)
    (heading, entries), = [(h, e) for h, e in sections if "as far as you can see" in h]
    assert heading.endswith("· 4 more you cannot see"), heading
    listed = {uid: lines for uid, lines, _pos in entries}
    assert set(listed) == {"r1", "r3"}, listed
    assert listed["r1"][0].startswith("r1 Red ?: 0,4"), listed["r1"]
    assert listed["r3"][0].startswith("r3 Red ?: 2,4"), listed["r3"]
    words = " ".join(" ".join(lines) for lines in listed.values())
    assert not any(kind in words for kind in ("army", "scout", "dummy")), words
