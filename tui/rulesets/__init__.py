"""Per-ruleset adapters for the shared game screen.

:data:`ADAPTERS` lists the screen adapter of every ruleset, by the
``Ruleset`` class it shows (Textual code cannot live in ``core``, so this
one hook of the plug-in is kept here).  :func:`adapter_for` refuses a
ruleset that has none, loudly, instead of playing it with a generic screen;
``tests/core/test_ruleset_plugin.py`` checks that every registered ruleset
has one.  A ruleset the protocol alone shows well lists
:class:`tui.rulesets.base.RulesetAdapter` itself.  To add one: write
``tui/rulesets/<name>.py`` with a subclass (hooks documented in
:mod:`tui.rulesets.base`) and add one line below.
"""

from __future__ import annotations

from core.ruleset import Ruleset
from core.rulesets.optio.ruleset import Optio
from core.rulesets.plasto_latros.ruleset import PlastoLatros
from core.rulesets.platemail.ruleset import Platemail
from core.rulesets.spheres_of_war.ruleset import SpheresOfWar
from core.rulesets.waylights.ruleset import WaylightsRuleset
from tui.rulesets.base import RulesetAdapter
from tui.rulesets.optio import OptioAdapter
from tui.rulesets.plasto_latros import PlastoLatrosAdapter
from tui.rulesets.platemail import PlatemailAdapter
from tui.rulesets.spheres_of_war import SpheresOfWarAdapter
from tui.rulesets.waylights import WaylightsAdapter

ADAPTERS: dict[type[Ruleset], type[RulesetAdapter]] = {
    SpheresOfWar: SpheresOfWarAdapter,
    PlastoLatros: PlastoLatrosAdapter,
    Platemail: PlatemailAdapter,
    Optio: OptioAdapter,
    WaylightsRuleset: WaylightsAdapter,
}


class NoAdapter(LookupError):
    """A ruleset the screen has no adapter for."""


def adapter_class(ruleset: Ruleset) -> type[RulesetAdapter]:
    """The adapter class of ``ruleset``'s class (or of the nearest class it
    derives from that has one)."""
    for cls in type(ruleset).__mro__:
        if cls in ADAPTERS:
            return ADAPTERS[cls]
    raise NoAdapter(f"{ruleset.title} ({type(ruleset).__qualname__}) has no screen adapter: "
                    f"add one to tui/rulesets/__init__.py")


def adapter_for(ruleset: Ruleset) -> RulesetAdapter:
    return adapter_class(ruleset)(ruleset)
