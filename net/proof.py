"""Who knows the join code, shown without sending it: the hello's proofs.

The joiner never sends the code.  Its hello carries a fresh random
``challenge``; the host answers with its own fresh ``host_nonce`` and
``mac = HMAC-SHA256(code, "host|challenge|host_nonce")``.  Only once that
checks out does the joiner answer with ``HMAC-SHA256(code,
"joiner|host_nonce|challenge")``, and only once that checks out does the
host welcome it.  Someone posing as the host (it made the game's socket
after the real host stopped) learns neither the code nor anything that
would let it answer another hello; a joiner without the code learns
nothing about the game.  The proofs differ by role and by the order of the
two tokens, so neither side can hand the other's proof back to it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

_TOKEN = re.compile(r"^[0-9a-f]{64}$")


def new_token() -> str:
    """A fresh random challenge or nonce: 32 bytes as hex."""
    return secrets.token_hex(32)


def is_token(text: object) -> bool:
    return isinstance(text, str) and bool(_TOKEN.match(text))


def _mac(code: str, *parts: str) -> str:
    return hmac.new(code.encode(), "|".join(parts).encode(), hashlib.sha256).hexdigest()


def host_proof(code: str, challenge: str, host_nonce: str) -> str:
    return _mac(code, "host", challenge, host_nonce)


def joiner_proof(code: str, host_nonce: str, challenge: str) -> str:
    return _mac(code, "joiner", host_nonce, challenge)


def same(mac: object, expected: str) -> bool:
    return isinstance(mac, str) and hmac.compare_digest(mac.encode(), expected.encode())
