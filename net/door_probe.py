"""Whether the Skirmish server takes this account as a door (``skirmish
serve --door-account NAME``): ``skirmish web`` asks at its start and before
each tab, since every tab says which guest it carries, and a server that
does not list the web door's account refuses them all.

The question is a hello as a made-up guest, then goodbye: the server stores
a guest only once it names itself or plays (net/guests.py), so asking
leaves nothing behind.
"""

from __future__ import annotations

import os
import secrets

NOT_A_DOOR = "who"  # the server's refusal code for an identity from an account that is no door


def not_a_door(path: str | os.PathLike | None = None) -> str | None:
    """The server's refusal when it does not take this account as a door;
    None when it does, or when the question cannot be answered now (no
    server, a busy one: the lobby says so itself, and tries again)."""
    from net.serverclient import ServerClient, ServerError

    try:
        client = ServerClient.connect(path, identity=f"guest:web-{secrets.token_hex(12)}")
    except ServerError as error:
        return str(error) if error.code == NOT_A_DOOR else None
    except Exception:  # noqa: BLE001 - no answer, or not a Skirmish server: not this question's to say
        return None
    client.close()
    return None
