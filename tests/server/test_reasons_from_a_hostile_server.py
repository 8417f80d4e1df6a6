"""A server's ``reasons`` message as the client reads it: the client
trusts nobody, so an entry that is not a reason is dropped and the rest
are kept, never more than ``MAX_REASONS``, each one line of printable
text (net/serverwire.py ``reasons_in``)."""

from __future__ import annotations

from match.match import MAX_REASON_TEXT, MAX_REASONS
from net.serverwire import SeatReason, reasons_in

GOOD = {"side": 1, "at": 4, "seen": 3, "text": "Attack a1 with the stones"}


def test_entries_that_are_not_reasons_are_dropped_and_the_good_kept():
    hostile = [
        "not an object", None, [1, 2],
        {**GOOD, "extra": 1},  # a key too many
        {k: v for k, v in GOOD.items() if k != "seen"},  # one missing
        {**GOOD, "side": 2}, {**GOOD, "side": True},  # no such side; a bool is no side
        {**GOOD, "at": -1}, {**GOOD, "seen": 5},  # counts out of order
        {**GOOD, "at": 4.0},  # not whole
        {**GOOD, "text": 7}, {**GOOD, "text": "x" * (MAX_REASON_TEXT + 1)}, {**GOOD, "text": "\x07\n"},  # no words
    ]
    kept = reasons_in((), hostile + [GOOD])
    assert kept == (SeatReason(1, 4, 3, "Attack a1 with the stones"),)


def test_terminal_codes_never_reach_the_log_and_a_flood_is_capped():
    (reason,) = reasons_in((), [{**GOOD, "text": "Move\x1b]0;pwned\x07 on\nnow"}])
    assert "\x1b" not in reason.text and "\x07" not in reason.text and "\n" not in reason.text
    flood = reasons_in((), [GOOD] * (MAX_REASONS * 3))
    assert len(flood) == MAX_REASONS
    assert len(reasons_in(flood, [GOOD] * 5)) == MAX_REASONS
