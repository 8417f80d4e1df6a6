"""The explicit list of rulesets.  Adding a ruleset adds one line here."""

from __future__ import annotations

import threading

from core.ruleset import Ruleset


def _all() -> list[Ruleset]:
    # Imported here, not at module level, so that core.game can import the
    # registry while ruleset packages import core.game's helpers.
    from core.rulesets.optio import RULESET as optio
    from core.rulesets.plasto_latros import RULESET as plasto_latros
    from core.rulesets.platemail import RULESET as platemail
    from core.rulesets.spheres_of_war import RULESET as spheres_of_war
    from core.rulesets.waylights import RULESET as waylights

    return [
        spheres_of_war,
        plasto_latros,
        optio,
        platemail,
        waylights,
    ]


_CACHE: list[Ruleset] = []
# Filled once, by whichever thread asks first: two threads filling it at
# once (a door's screen and its connection's thread) listed every ruleset
# twice in a tester's new-game form.
_FILLING = threading.Lock()


def rulesets() -> list[Ruleset]:
    if not _CACHE:
        with _FILLING:
            if not _CACHE:
                _CACHE.extend(_all())
    return list(_CACHE)


_BY_NAME: dict[str, Ruleset] = {}


def find_ruleset(name: str) -> Ruleset:
    global _BY_NAME
    try:  # asked for every order (Game.ruleset): one look-up when known
        return _BY_NAME[name]
    except KeyError:  # first use, or a ruleset added since (tests do)
        found = {r.name: r for r in rulesets()}
        _BY_NAME = found  # swapped whole: another thread never reads it half built
    if name in found:
        return found[name]
    known = ", ".join(r.name for r in rulesets())
    raise KeyError(f"no ruleset called {name!r} (known: {known})")
