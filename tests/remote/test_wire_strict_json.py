"""A message on the wire is read by the same strict JSON reader as a save
(saves/convert.py's strict_json), and says what it refused in a message's
words: a key twice, NaN or Infinity.  A number too large for a float is not
refused on the wire (as before the reader was shared)."""

from __future__ import annotations

import pytest

from net import wire


def _decode(body: bytes) -> dict:
    return wire.decode(body, wire.CLIENT_MESSAGES, wire.CLIENT_MAX)


def test_a_key_twice_is_refused_in_a_message_s_words():
    with pytest.raises(wire.WireError, match=r"^the key 'text' appears twice$"):
        _decode(b'{"v":%d,"type":"order","text":"a","text":"b"}' % wire.VERSION)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_are_refused_in_a_message_s_words(constant):
    with pytest.raises(wire.WireError, match=f"^{constant} is not allowed$"):
        _decode(b'{"v":%d,"type":"order","text":%s}' % (wire.VERSION, constant.encode()))


def test_a_huge_number_is_left_to_the_type_check():
    with pytest.raises(wire.WireError) as refused:
        _decode(b'{"v":%d,"type":"order","text":1e999}' % wire.VERSION)
    assert "allowed" not in str(refused.value) and "JSON" not in str(refused.value)
