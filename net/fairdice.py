"""Fair dice for a hosted game: the seed is made from both seats' halves.

1. The host draws a secret half and sends only its commitment (a SHA-256
   hash) in its welcome.
2. The joiner, having seen the commitment, sends its own half in the open.
3. The seed is a hash of both halves.  The host could not choose it (its
   half was fixed before it saw the joiner's); the joiner could not either
   (it never saw the host's half).
4. When the game ends the host reveals its half and every order; the joiner
   checks the commitment and replays the game, so dice that did not come
   from that seed would show.  (Revealing earlier would let the joiner work
   out every roll to come.)  Onlookers are sent the same reveal: they
   check the commitment and the replay, and take the joiner's half as the
   host gives it (only the joiner can check that).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def new_half() -> str:
    return secrets.token_hex(32)


def is_half(text: object) -> bool:
    return isinstance(text, str) and bool(_HEX64.match(text))


def commitment(half: str) -> str:
    return hashlib.sha256(b"skirmish-commit:" + bytes.fromhex(half)).hexdigest()


def matches(half: str, commit: str) -> bool:
    return is_half(half) and hmac.compare_digest(commitment(half), commit)


def seed_from(host_half: str, joiner_half: str) -> int:
    digest = hashlib.sha256(b"skirmish-seed:" + bytes.fromhex(host_half) + bytes.fromhex(joiner_half)).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # a non-negative 63-bit seed
