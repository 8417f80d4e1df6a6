"""What the terminal driver hands the app: bytes that are not UTF-8 become
U+FFFD instead of an exception, and a bracketed paste is one Paste event
even when the pasted text holds the paste end marker (it used to end the
paste early, and the rest of the text was read as keys)."""

from __future__ import annotations

from textual import events
from textual._xterm_parser import XTermParser

from tui.input_driver import GuardedDecoder


def parse(*reads: bytes) -> list:
    decoder = GuardedDecoder()
    parser = XTermParser()
    out = []
    for blob in reads:
        text = decoder.decode(blob)
        if text:  # as the driver: an empty read is the end of input
            out += list(parser.feed(text))
    out += list(parser.feed(decoder.decode(b"", final=True) or ""))
    return [e for e in out if isinstance(e, (events.Key, events.Paste))]


def keys(found) -> list[str]:
    return [e.key for e in found if isinstance(e, events.Key)]


def pastes(found) -> list[str]:
    return [e.text for e in found if isinstance(e, events.Paste)]


def test_bytes_that_are_not_utf8_become_the_replacement_character():
    found = parse(b"\xff", b"\xe9a", b"\xc3")
    assert "a" in keys(found)
    assert all(k in ("replacement_character", "a") for k in keys(found)), keys(found)


def test_a_paste_holding_the_end_marker_never_acts_as_keys():
    found = parse(b"\x1b[200~hello\x1b[201~qn\x1b[201~")
    assert keys(found) == [], keys(found)
    assert pastes(found) == ["helloqn"]


def test_a_paste_split_over_reads_stays_one_paste():
    found = parse(b"\x1b[200~abc", b"def\x1b[201~xyz", b"ghi\x1b[201~")
    assert keys(found) == []
    assert "".join(pastes(found)) == "abcdefxyzghi"


def test_keys_typed_after_a_paste_still_act():
    found = parse(b"\x1b[200~text\x1b[201~", b"q")
    assert pastes(found) == ["text"] and keys(found) == ["q"]
    assert keys(parse(b"\x1b[200~a\x1b[201~\x1b[200~b\x1b[201~")) == []


def test_an_end_marker_split_across_two_reads_inside_a_paste_is_still_pasted_text():
    for cut in range(1, len(b"\x1b[201~")):
        marker = b"\x1b[201~"
        found = parse(b"\x1b[200~abc" + marker[:cut], marker[cut:] + b"qn\x1b[201~")
        assert keys(found) == [], (cut, keys(found))
        assert "".join(pastes(found)) == "abcqn", cut


def test_a_paste_ending_on_a_read_boundary_still_ends():
    found = parse(b"\x1b[200~abc\x1b[20", b"1~", b"q")
    assert pastes(found) == ["abc"] and keys(found) == ["q"]


def test_a_paste_holding_a_terminal_code_stays_one_paste_in_order():
    """A tester pasted "alpha \\e[1mbold\\e[0m omega" into the chat: the
    field got "^[1mbold^[0m omegaalpha" (the Esc began a key's code, the
    rest went as keys, ahead of the text before it).  The pasted Esc comes
    through as a control character the field can refuse by name."""
    found = parse(b"\x1b[200~alpha \x1b[1mbold\x1b[0m omega\x1b[201~")
    assert keys(found) == [], keys(found)
    assert "".join(pastes(found)) == "alpha \x9b[1mbold\x9b[0m omega"
