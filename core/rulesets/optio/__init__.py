"""Optio terrain pre-game (seed 003): hidden blocks on an operational map
decide where the battle is fought; the result is a battlefield any
ruleset can use (see :func:`battlefield_for`)."""

from core.rulesets.optio.generator import crossing_exists, generate_map
from core.rulesets.optio.maps import OpMap, format_map, map_battlefield, map_from_battlefield, parse_map
from core.rulesets.optio.rules import Optio, display_cell, operational_battlefield, template_cells
from core.rulesets.optio.state import OptioOptions, OptioState, TemplateResult
from core.rulesets.optio.terrain import battlefield_for, profile_for, scale_for

RULESET = Optio()

__all__ = [
    "RULESET", "Optio", "OptioOptions", "OptioState", "TemplateResult", "OpMap", "parse_map", "format_map",
    "map_battlefield", "map_from_battlefield", "generate_map", "crossing_exists", "battlefield_for",
    "profile_for", "scale_for", "operational_battlefield", "template_cells", "display_cell",
]
