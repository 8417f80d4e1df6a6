"""The computer's reasons are the match's (``match/match.py``): each kept
with the index of the order it preceded, its side and where it stands in
the log, saved beside the game in ``pending["reasons"]``, read back
strictly (an entry that does not fit is dropped, never an error), and
never stored nor sent by a server's match."""

from __future__ import annotations

import json
import random
import shutil
import tempfile
from pathlib import Path

import pytest

import match.match as match_module
from bench.games import battlefield_for
from core.ai import Level
from core.game import start
from core.registry import find_ruleset
from match import Match
from match.match import Reason, checked_reasons
from saves import checks
from saves.store import SaveError, load_for_play, save_game

TINY = Level("tiny", 3, 4)


def new(name: str, seed: int = 11):
    rules = find_ruleset(name)
    return start(rules, None, battlefield_for(rules), seed=seed, players=("North", "South"))


class FileSaver:
    """A save file, as the app's saver writes one (with the match's pending)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, game, pending, kinds) -> None:
        save_game(game, self.path, pending, ("easy", "easy"))  # (the test's own level has no name in a save)


def played(name: str, path: Path, orders: int = 14) -> tuple[Match, tuple[Reason, ...]]:
    """Two computers play ``orders`` orders of ``name``, saved to ``path``
    after each; then they stop.  The match and its reasons at that moment."""
    match = Match(new(name), kinds=(TINY, TINY), saver=FileSaver(path))
    match.start_computers()
    try:
        assert match.wait(lambda: len(match.game.orders) >= orders or match.game.outcome is not None, 120)
    finally:
        match.stop_computers()
    # An order the computer was already giving under the lock is in before
    # this; one still being thought of is dropped once the lock is free.  So
    # the file saved here holds every order the match has (closing first left
    # the saver gone: under load an order could land after the last save).
    with match.lock:
        assert match.save() is None
        reasons = match.reasons()
    match.close()
    return match, reasons


def test_each_computer_order_has_its_reason_kept_and_saved_and_read_back_in_platemail(tmp_path):
    path = tmp_path / "game.json"
    match, reasons = played("platemail", path)
    game = match.game
    assert len(reasons) == len(game.orders)  # two computers: every order was one of theirs
    assert [r.order for r in reasons] == list(range(len(game.orders)))
    assert all(game.orders[r.order].side == r.side and r.text for r in reasons)
    assert [r.at for r in reasons] == sorted(r.at for r in reasons) and reasons[-1].at <= len(game.log)
    loaded, pending, seats = load_for_play(path)
    assert loaded.orders == game.orders and seats == ("easy", "easy")
    assert pending["reasons"] == [r.to_data() for r in reasons]
    again = Match(loaded, kinds=("human", "easy"), reasons=pending["reasons"], computers=False)
    assert again.reasons() == reasons
    assert again.pending()["reasons"] == pending["reasons"]  # and saved again as they came


def test_the_reason_stands_where_the_screen_wrote_it_before_its_orders_events(tmp_path):
    said: list[tuple[str, int]] = []
    match = Match(new("spheres_of_war"), kinds=(TINY, TINY))
    match.subscribe(lambda n: said.append((n.reason[5:], len(match.game.log)))
                    if n.kind == "computer" and n.reason.startswith("why: ") else None)
    match.start_computers()
    try:
        assert match.wait(lambda: len(match.game.orders) >= 8, 120)
    finally:
        match.close()
    with match.lock:
        kept = [(r.text, r.at) for r in match.reasons()]
    assert kept == said[:len(kept)]  # the words and place the screen heard, exactly


def entry(order: int, side: int, at: int, text: str = "a reason") -> dict:
    return {"order": order, "side": side, "at": at, "text": text}


def test_a_saves_reasons_are_read_strictly_and_what_does_not_fit_is_dropped(tmp_path):
    _match, reasons = played("spheres_of_war", tmp_path / "game.json", orders=10)
    game = _match.game
    good = [r.to_data() for r in reasons]
    last = len(game.orders) - 1
    wrong_side = 1 - game.orders[0].side
    odd = [
        "not an object", None, 7, [], {},
        {**good[0], "extra": 1},  # a key it does not know
        {k: v for k, v in good[1].items() if k != "at"},  # a key missing
        entry(True, 0, 0), entry(0, 0, 0.0), entry("1", 0, 0), entry(0, None, 0),  # not whole numbers
        entry(last + 1, 0, 0), entry(-1, 0, 0),  # no such order
        entry(0, wrong_side, 0),  # not the side that gave that order
        entry(0, 2, 0),
        entry(0, game.orders[0].side, len(game.log) + 1), entry(0, game.orders[0].side, -1),  # outside the log
        entry(0, game.orders[0].side, 0, ""), entry(0, game.orders[0].side, 0, "two\nlines"),
        entry(0, game.orders[0].side, 0, "\x1b[2Jwiped"), entry(0, game.orders[0].side, 0, "x" * 501),
        entry(0, game.orders[0].side, 0, 5),
    ]
    assert checked_reasons(odd, game) == []
    assert checked_reasons(odd + good, game) == list(reasons)
    # in the order of the game, one per order: what goes back is dropped
    assert checked_reasons(good + good, game) == list(reasons)
    assert checked_reasons([good[3], good[1], good[4]], game) == [reasons[3], reasons[4]]
    # anything but a list: none
    for raw in (None, "reasons", {"0": good[0]}, 3, True):
        assert checked_reasons(raw, game) == []
    # the newest are kept when there are more than a save holds
    assert checked_reasons(good, game)[-1] == reasons[-1]


def test_a_save_with_odd_reasons_still_loads_and_the_file_is_left_as_it_was(tmp_path):
    path = tmp_path / "game.json"
    _match, reasons = played("spheres_of_war", path, orders=10)
    data = json.loads(path.read_text())
    data["pending"]["reasons"] = [data["pending"]["reasons"][0], {"order": "x"}, 12, None,
                                  entry(10_000, 0, 0)] + data["pending"]["reasons"][1:]
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    game, pending, _seats = load_for_play(path)
    match = Match(game, kinds=("human", "easy"), reasons=pending.get("reasons"), computers=False)
    assert match.reasons() == reasons
    data["pending"]["reasons"] = {"not": "a list"}
    path.write_text(json.dumps(data))
    game, pending, _seats = load_for_play(path)
    assert Match(game, kinds=("human", "easy"), reasons=pending.get("reasons"), computers=False).reasons() == ()
    assert path.read_bytes() != before  # (written by this test, not by loading)
    written = path.read_bytes()
    load_for_play(path)
    assert path.read_bytes() == written


def test_a_bad_save_is_still_refused_with_its_message_and_left_untouched(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    played("spheres_of_war", path, orders=6)
    data = json.loads(path.read_text())
    monkeypatch.setattr(checks, "MAX_LIST", 50)
    data["pending"]["reasons"] = [entry(0, 0, 0)] * 51  # longer than a save's list may be
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_for_play(path)
    assert str(path) in str(caught.value) and "more than the 50 a save may have" in str(caught.value)
    assert path.read_bytes() == before


def test_at_most_max_reasons_are_kept_and_saved_the_newest(tmp_path, monkeypatch):
    monkeypatch.setattr(match_module, "MAX_REASONS", 3)
    _match, reasons = played("spheres_of_war", tmp_path / "game.json", orders=8)
    assert len(reasons) == 3 and reasons[-1].order == len(_match.game.orders) - 1
    saved = json.loads((tmp_path / "game.json").read_text())["pending"]["reasons"]
    assert saved == [r.to_data() for r in reasons]


def test_a_reason_whose_order_is_taken_back_or_refused_goes_with_it():
    game = new("plasto_latros", seed=3)
    saved: list[dict] = []
    match = Match(game, kinds=("human", "human"), saver=lambda g, pending, k: saved.append(pending))
    side = min(match.game.to_act)
    order = next(o for o in match.seat(side).legal_orders() if o.verb == "deploy")
    at = len(match.game.log)
    refused = match.note_reason(side, "an order that will not be taken")
    match.drop_reason(refused)
    kept = match.note_reason(side, "Deploy  there:\tthe best\x07place")
    assert kept.text == "Deploy there: the best place"  # one printable line
    assert not isinstance(match.submit(match.seat(side), order), type(None))
    assert match.reasons() == (Reason(0, side, at, "Deploy there: the best place"),)
    assert saved[-1]["reasons"] == [kept.to_data()]  # saved with its order
    assert match.take_back(side) == order
    assert match.reasons() == () and "reasons" not in saved[-1]


def test_the_next_game_starts_with_no_reasons():
    match = Match(new("spheres_of_war"), kinds=("human", "human"), computers=False)
    side = min(match.game.to_act)
    match.note_reason(side, "why")
    match.submit(match.seat(side), match.seat(side).legal_orders()[0])
    assert match.reasons()
    match.rematch()
    assert match.reasons() == () and "reasons" not in match.pending()


def test_a_servers_match_keeps_its_computers_reasons_to_itself(monkeypatch):
    """net/referee.py: while the game goes on no message to a player
    carries one of its computer's reasons (in Platemail they name its
    secret orders); the server's own store keeps them with the game."""
    import os
    import pwd

    from net.connection import Connection
    from tests.server.helpers import Server, wait_until

    sent: list[str] = []
    real = Connection.send_message

    def spy(self, kind, **fields):
        sent.append(json.dumps(fields, default=repr))
        return real(self, kind, **fields)

    monkeypatch.setattr(Connection, "send_message", spy)
    place = Path(tempfile.mkdtemp(prefix="skr", dir="/tmp"))
    os.chmod(place, 0o755)
    server = Server(place, doors=(pwd.getpwuid(os.getuid()).pw_name,))
    try:
        ann = server.client("Ann")
        gid, _ = ann.create("platemail", None, ("me", "easy"))
        seat = ann.resume(gid)
        rng = random.Random(5)
        live = server.referee.live[gid]
        for _ in range(30):
            if seat.outcome() is not None or len(live.match.reasons()) >= 4:
                break
            if seat.may_act() and seat.legal_orders():
                seat.submit(rng.choice(seat.legal_orders()), wait=5)
            else:
                wait_until(lambda: seat.may_act() or seat.outcome() is not None, 20)
        with live.lock:
            reasons = live.match.reasons()
            stored = json.loads(server.db.game(gid)["save"])
        assert reasons, "the server's computer gave no order"
        # the server's own store keeps them with the game (never sent: net/referee.py), for the end
        assert stored["pending"] == {"reasons": [r.to_data() for r in reasons]}
        everything = "\n".join(sent)
        assert '"view"' in everything and '"legal"' in everything  # the spy did hear the updates sent
        for reason in reasons:
            assert json.dumps(reason.text)[1:-1] not in everything, reason.text
    finally:
        server.stop()
        shutil.rmtree(place, ignore_errors=True)
