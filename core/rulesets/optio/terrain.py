"""From the template's cut-out to the battlefield another ruleset fights on.

Rulesets are named by string and never imported here.  Each has a profile:
how many battlefield cells a small square becomes (each way), and what each
map kind means in its terms (elevation, blocking, sight, cover, cost).  The
table is documented in ``docs/optio-maps.md``.
"""

from __future__ import annotations

import re

import attrs

from core.board import Battlefield, Rect, Terrain, Zone
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


@attrs.frozen
class Profile:
    key: str
    title: str
    scale: int  # battlefield cells per small square, each way
    terrain: tuple[tuple[str, Terrain], ...]  # kind -> terrain, over the base
    note: str = ""

    def kind_terrain(self, kind: str, height: int = 0) -> Terrain:
        if kind == "hill":
            return Terrain("hill", elevation=height)
        return dict(self.terrain).get(kind, _BASE[kind])


PROFILES: tuple[Profile, ...] = (
    Profile(
        "spheres", "Spheres of War", 1,
        (("woods", Terrain("woods", cover=1, move_cost=2)),),
        "1 cell = 1 inch; a small square is an inch, so the field is 16 x 8 inches. "
        "Woods slow and give light cover but do not hide (Matches go by distance).",
    ),
    Profile(
        "plasto", "Plasto Latros", 2, (),
        "a small square is 2 x 2 cells (32 x 16); hills keep their levels for climbing and sight; "
        "woods block sight, so the 50% visibility test sees through their edge only.",
    ),
    Profile(
        "waylights", "Waylights", 2, (),
        "a small square is 2 x 2 cells (32 x 16); woods and marsh cost double to enter.",
    ),
    Profile(
        "platemail", "Platemail", 2,
        (("woods", Terrain("woods", blocks_sight=True, cover=1, move_cost=2)),),
        "5-foot cells; a small square is 10 feet, so the field is 160 x 80 feet; woods give half cover.",
    ),
)
DEFAULT = Profile("default", "any other ruleset", 1, (), "one cell a small square, the base terrain")


def _norm(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def profile_for(ruleset_name: str) -> Profile:
    """The profile whose key the ruleset's name contains (so 'spheres',
    'spheres-of-war' and 'Spheres of War' all match); the default otherwise."""
    norm = _norm(ruleset_name)
    for profile in PROFILES:
        if profile.key in norm:
            return profile
    return DEFAULT


def scale_for(ruleset_name: str) -> int:
    return profile_for(ruleset_name).scale


def glyph_terrain(profile: Profile, glyph: str) -> Terrain:
    if glyph == EDGE_GLYPH:
        return profile.kind_terrain("edge")
    kind, height = GLYPHS[glyph]
    return profile.kind_terrain(kind, height)


def battlefield_for(result: TemplateResult, ruleset_name: str) -> Battlefield:
    """The battlefield a ruleset fights on: the cut-out scaled up, side 0
    deploying along the top edge and side 1 along the bottom, each in the
    first two small squares' depth of its edge."""
    profile = profile_for(ruleset_name)
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
            f"{green} deploys along the top, {red} along the bottom ({profile.title} scale)."
        ),
    )
