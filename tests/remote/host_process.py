"""A real host in a process of its own, for tests that stop it (SIGSTOP)
or hang it up: ``python -m tests.remote.host_process RULESET REMOTE_SIDE``
prints its join code and serves a started game until it is killed.  On
SIGHUP it does what the app does: tells everyone connected that it stopped,
removes its socket and folder, and ends."""

from __future__ import annotations

import signal
import sys
import time

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, new_host


def main() -> None:
    rules = find_ruleset(sys.argv[1])
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)
    host = new_host(rules.name, remote_side=int(sys.argv[2]), game=game)

    def hung_up(*_args) -> None:
        host.close("The host stopped; the game is saved.")
        sys.exit(0)

    signal.signal(signal.SIGHUP, hung_up)
    print(host.code, flush=True)
    while True:
        time.sleep(1)


if __name__ == "__main__":
    main()
