"""From the template's cut-out to the battlefield another ruleset fights on.

Each ruleset brings its own profile (``Ruleset.battlefield_profile``): how
many battlefield cells a small square becomes (each way), and what a map
kind means in its terms where it differs from the base terrain below
(elevation, blocking, sight, cover, cost).  No ruleset is named here; the
profiles are documented in ``docs/optio-maps.md``.
"""

from __future__ import annotations

from core.board import Battlefield, Rect, Terrain, Zone
from core.ruleset import BattlefieldProfile, Ruleset
from core.rulesets.optio.maps import EDGE_GLYPH, GLYPHS
from core.rulesets.optio.state import SIDE_NAMES, TemplateResult

ZONE_DEPTH = 2  # small squares of each long edge a side deploys in

_BASE: dict[str, Terrain] = {
    "open": Terrain("open"),
    "road": Terrain("road"),
    "woods": Terrain("woods", blocks_sight=True, cover=2, move_cost=2),
    "marsh": Terrain("marsh", move_cost=2),
    "water": Terrain("water", blocks_move=True),
    "rock": Terrain("rock", elevation=2, blocks_move=True, blocks_sight=True, cover=3),
    "edge": Terrain("edge", blocks_move=True, blocks_sight=True),
}


def kind_terrain(profile: BattlefieldProfile, kind: str, height: int = 0) -> Terrain:
    """What a map kind is on ``profile``'s battlefield: its own terrain for
    the kind, or the base one (a hill keeps its height)."""
    if kind == "hill":
        return Terrain("hill", elevation=height)
    return dict(profile.terrain).get(kind, _BASE[kind])


def profile_of(ruleset: Ruleset) -> BattlefieldProfile:
    """``ruleset``'s profile; a ruleset that is never fought on a cut-out
    (Optio itself) is refused loudly rather than given a default."""
    profile = ruleset.battlefield_profile
    if profile is None:
        raise ValueError(f"{ruleset.title} is not fought on an Optio pre-game's ground")
    return profile


def glyph_terrain(profile: BattlefieldProfile, glyph: str) -> Terrain:
    if glyph == EDGE_GLYPH:
        return kind_terrain(profile, "edge")
    kind, height = GLYPHS[glyph]
    return kind_terrain(profile, kind, height)


def battlefield_for(result: TemplateResult, ruleset: Ruleset | str) -> Battlefield:
    """The battlefield ``ruleset`` (or the ruleset of that name) fights on:
    the cut-out scaled by its profile, side 0 deploying along the top edge
    and side 1 along the bottom, each in the first two small squares' depth
    of its edge."""
    if isinstance(ruleset, str):
        # imported here: the registry imports every ruleset
        from core.registry import find_ruleset

        ruleset = find_ruleset(ruleset)
    profile = profile_of(ruleset)
    s = profile.scale
    rows = tuple("".join(g * s for g in row) for row in result.rows for _ in range(s))
    width, height = len(rows[0]), len(rows)
    depth = ZONE_DEPTH * s
    used = sorted({g for row in result.rows for g in row})
    green, red = SIDE_NAMES
    mx, my = result.meeting
    return Battlefield(
        name=f"{result.map_name} {mx},{my}",
        width=width,
        height=height,
        rows=rows,
        legend=tuple((g, glyph_terrain(profile, g)) for g in used),
        zones=(
            Zone(0, (Rect(0, 0, width - 1, depth - 1),)),
            Zone(1, (Rect(0, height - depth, width - 1, height - 1),)),
        ),
        description=(
            f"Cut by the Optio template from {result.map_name}, large square {mx},{my}; "
            f"{green} deploys along the top, {red} along the bottom ({ruleset.title} scale)."
        ),
    )
