"""At 80x24 the banner of a server's game whose opponent has gone lost the
turn and the Match or phase, the very thing its player looks at (tester 57:
"Waiting for Ann (not connected: q claims it after 5 minutes away) · Turn
1/1" and no "Match 4: r4's action 1 of 5"): the words on the opponent are
said shorter so that the turn and phase keep their place, the claim's
instruction whole."""

from __future__ import annotations

from rich.cells import cell_len

from tests.tui.test_banner_claim_time import ann_left_waiting
from tests.tui.test_claim import waiting_for_bob
from tests.tui.test_lobby import SIZE, real_server, settle
from tui.app import SkirmishApp
from tui.banner import fit_pieces, heading_piece

MATCH = "Turn 1/1 · Match 4: r4's action 1 of 5"  # Spheres of War's turn and phase, as the tester saw them


class Seat:
    claim_after = 300.0


def row(who: str, heading: str = MATCH, width: int = 78) -> str:
    return fit_pieces(f"{who} · {heading} · Spheres of War", width)


def test_the_turn_and_match_stay_beside_the_claims_instruction_in_80_columns():
    from tui.banner import away_words

    room = 78 - cell_len(f" · {MATCH}")
    banner = row(away_words(Seat(), "Ann", None, 78, room))
    assert banner == f"Ann is away: q claims after 5 min · {MATCH}"
    assert row(away_words(Seat(), "Ann", 300.0, 78, room)) == f"Ann is away: q to claim the game · {MATCH}"
    # a long name is shortened, never the instruction nor the Match
    long = away_words(Seat(), "Annabelle of the Western Marches", None, 78, room)
    assert long.endswith(" is away: q claims after 5 min") and long.startswith("Annabe")
    assert MATCH in row(long) and cell_len(row(long)) <= 78
    # with room enough, the words are whole, as before
    assert away_words(Seat(), "Ann", None, 200, 200) == "Waiting for Ann (not connected: q claims it after 5 minutes away)"


def test_a_row_too_narrow_for_both_keeps_the_instruction_whole():
    from tui.banner import away_words

    assert away_words(Seat(), "Ann", None, 60, 10) == "Waiting for Ann (not connected: q claims it after 5 minutes away)"


async def test_the_banner_of_a_game_whose_opponent_went_keeps_its_heading_at_80_columns():
    with real_server() as server:
        server.referee.claim_after = 300.0
        gid, theirs = waiting_for_bob(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen, banner = await ann_left_waiting(pilot, server, gid, theirs)
            await settle(pilot, lambda: "away" in banner() or "not connected" in banner(), 10)
            game = screen.game
            heading = heading_piece(game, screen.view_state, game.ruleset.situation(screen.view_state))
            assert "q claims" in banner() and heading in banner(), banner()
            assert cell_len(banner()) <= SIZE[0] - 2
