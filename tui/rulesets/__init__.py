"""Per-ruleset adapters for the shared game screen.

:data:`ADAPTERS` maps a ruleset name to its adapter class; a ruleset not
listed gets :class:`tui.rulesets.base.RulesetAdapter`, which plays any
ruleset from the protocol alone.  To add one: write
``tui/rulesets/<name>.py`` with a subclass (hooks documented in
:mod:`tui.rulesets.base`) and add one line below.
"""

from __future__ import annotations

from core.ruleset import Ruleset
from tui.rulesets.base import RulesetAdapter
from tui.rulesets.optio import OptioAdapter
from tui.rulesets.platemail import PlatemailAdapter
from tui.rulesets.plasto_latros import PlastoLatrosAdapter
from tui.rulesets.spheres_of_war import SpheresOfWarAdapter
from tui.rulesets.waylights import WaylightsAdapter

ADAPTERS: dict[str, type[RulesetAdapter]] = {
    "spheres_of_war": SpheresOfWarAdapter,
    "plasto_latros": PlastoLatrosAdapter,
    "platemail": PlatemailAdapter,
    "optio": OptioAdapter,
    "waylights": WaylightsAdapter,
}


def adapter_for(ruleset: Ruleset) -> RulesetAdapter:
    return ADAPTERS.get(ruleset.name, RulesetAdapter)(ruleset)
