"""From the template's cut-out to the battlefield another ruleset fights on.

Each ruleset brings its own profile (``Ruleset.battlefield_profile``): how
many battlefield cells a small square becomes (each way), and what a map
kind means in its terms where it differs from the base terrain below
(elevation, blocking, sight, cover, cost).  No ruleset is named here; the
profiles are documented in ``docs/optio-maps.md``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

from core.board import Battlefield, Cell, Rect, Terrain, Zone
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


# The least room, in cells a figure may stand on, each deployment zone keeps:
# the largest side any ruleset fought after Optio fields (the rulesets' own
# limits, listed in docs/optio-maps.md; a test keeps it in step with them).
ZONE_ROOM = 12

# What blocking ground becomes where it must be opened (docs/rulings.md,
# "Optio: a battleground both sides can cross"): water a shallow ford
# (marsh), anything else open ground; the first of these kinds that does not
# block movement on the ruleset's battlefield.
_OPENED_AS: dict[str, tuple[str, ...]] = {"water": ("marsh", "open")}
_KIND_GLYPH = {kind: glyph for glyph, (kind, _) in GLYPHS.items() if kind != "hill"}
_STEPS = ((0, -1), (-1, 0), (1, 0), (0, 1))  # side to side: a path every ruleset's figures can follow


def opened_glyph(profile: BattlefieldProfile, glyph: str) -> str:
    """The glyph a blocking cell of ``glyph`` (a map glyph or the edge's)
    turns into when it is opened."""
    kind = "edge" if glyph == EDGE_GLYPH else GLYPHS[glyph][0]
    for wanted in _OPENED_AS.get(kind, ()) + ("open",):
        if not kind_terrain(profile, wanted).blocks_move:
            return _KIND_GLYPH[wanted]
    raise ValueError(f"no ground lets figures through on this battlefield (opening {kind})")


def _row_order(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def _components(grid: list[list[str]], blocks: Callable[[str], bool]) -> dict[Cell, int]:
    """Each cell that does not block movement -> the number of its group of
    such cells joined side to side, numbered in row order."""
    height, width = len(grid), len(grid[0])
    label: dict[Cell, int] = {}
    n = -1
    for y in range(height):
        for x in range(width):
            if (x, y) in label or blocks(grid[y][x]):
                continue
            n += 1
            label[(x, y)] = n
            todo = [(x, y)]
            while todo:
                cx, cy = todo.pop()
                for dx, dy in _STEPS:
                    nx, ny = cx + dx, cy + dy
                    if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in label \
                            and not blocks(grid[ny][nx]):
                        label[(nx, ny)] = n
                        todo.append((nx, ny))
    return label


def _cheapest_path(grid: list[list[str]], cost: Callable[[str], int], sources: Iterable[Cell],
                   targets: frozenset[Cell]) -> list[Cell]:
    """The path of side-to-side steps from a cell of ``sources`` to one of
    ``targets`` whose cells (the first included) cost least, the shortest
    of those, and of equals the first found in row order: Dijkstra on
    (cost, steps, cell), so the same grid always gives the same path."""
    height, width = len(grid), len(grid[0])
    best: dict[Cell, tuple[int, int]] = {}
    before: dict[Cell, Cell | None] = {}
    queue: list[tuple[int, int, int, int, Cell | None]] = []
    for x, y in sources:
        best[(x, y)] = (cost(grid[y][x]), 0)
        heapq.heappush(queue, (*best[(x, y)], y, x, None))
    while queue:
        spent, steps, y, x, came = heapq.heappop(queue)
        if (x, y) in before:
            continue
        before[(x, y)] = came
        if (x, y) in targets:
            path = [(x, y)]
            while (prior := before[path[-1]]) is not None:
                path.append(prior)
            return path[::-1]
        for dx, dy in _STEPS:
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in before:
                key = (spent + cost(grid[ny][nx]), steps + 1)
                if (nx, ny) not in best or key < best[(nx, ny)]:
                    best[(nx, ny)] = key
                    heapq.heappush(queue, (*key, ny, nx, (x, y)))
    raise ValueError("no targets to reach")  # a grid is joined side to side: only an empty target set


def crossable_rows(rows: tuple[str, ...], profile: BattlefieldProfile, depth: int,
                   room: int = ZONE_ROOM) -> tuple[tuple[str, ...], int]:
    """``rows`` (a cut-out at the ruleset's scale: side 0's zone the top
    ``depth`` rows, side 1's the bottom ``depth``) with cells of blocking
    ground opened so that every cell of either zone a figure may stand on
    is joined, side to side over ground that does not block movement, to
    the other zone, and each zone has ``room`` such cells (or all its
    cells); and the number of cells opened.  Rows that need none come back
    as they were.

    1. The ground of the two zones (the cells a figure may stand on) is
       joined by the path that opens fewest cells.
    2. Each group of a zone's open cells still cut off from the other zone
       (a pocket) is joined by its own cheapest path to ground reaching both.
    3. A zone short of room opens its blocking cells beside that ground,
       those nearest the middle of the battlefield first, then left to right.

    Ground beyond the map's edge is opened only where nothing else would do
    (it never needs to be on a template the shift rule allows).
    """
    grid = [list(row) for row in rows]
    height, width = len(grid), len(grid[0])
    bands = (range(min(depth, height)), range(max(height - depth, 0), height))
    zones = tuple(sorted(((x, y) for y in band for x in range(width)), key=_row_order) for band in bands)
    blocking: dict[str, bool] = {}
    last_resort = width * height + 1  # dearer than opening every other cell

    def blocks(glyph: str) -> bool:
        if glyph not in blocking:
            blocking[glyph] = glyph_terrain(profile, glyph).blocks_move
        return blocking[glyph]

    def cost(glyph: str) -> int:
        return 0 if not blocks(glyph) else last_resort if glyph == EDGE_GLYPH else 1

    opened = 0

    def open_cells(cells: Iterable[Cell]) -> None:
        nonlocal opened
        for x, y in cells:
            if blocks(grid[y][x]):
                grid[y][x] = opened_glyph(profile, grid[y][x])
                opened += 1

    while True:  # steps 1 and 2
        label = _components(grid, blocks)
        reached = [{label[c] for c in zone if c in label} for zone in zones]
        both = reached[0] & reached[1]
        if not both:  # from the ground of one zone to the ground of the other (a zone of none: any cell)
            ground = [[c for c in zone if c in label] or zone for zone in zones]
            open_cells(_cheapest_path(grid, cost, ground[0], frozenset(ground[1])))
            continue
        cut_off = next((c for zone in zones for c in zone if c in label and label[c] not in both), None)
        if cut_off is None:
            break
        pocket = sorted((c for c, n in label.items() if n == label[cut_off]), key=_row_order)
        open_cells(_cheapest_path(grid, cost, pocket, frozenset(c for c, n in label.items() if n in both)))
    # step 3: every open cell of a zone now reaches the other zone
    joined = {c for c, n in label.items() if n in both}
    middle = (height - 1) / 2
    for zone in zones:
        free = sum(not blocks(grid[y][x]) for x, y in zone)
        while free < min(room, len(zone)):
            beside = [(x, y) for x, y in zone if blocks(grid[y][x])
                      and any((x + dx, y + dy) in joined for dx, dy in _STEPS)]
            cell = min(beside, key=lambda c: (cost(grid[c[1]][c[0]]), abs(c[1] - middle), c[0]))
            open_cells([cell])
            joined.add(cell)
            free += 1
    return tuple("".join(row) for row in grid), opened


def battlefield_for(result: TemplateResult, ruleset: Ruleset | str) -> Battlefield:
    """The battlefield ``ruleset`` (or the ruleset of that name) fights on:
    the cut-out scaled by its profile, side 0 deploying along the top edge
    and side 1 along the bottom, each in the first two small squares' depth
    of its edge; where blocking ground would keep a zone from the other,
    the fewest cells of it are opened (``crossable_rows``)."""
    if isinstance(ruleset, str):
        # imported here: the registry imports every ruleset
        from core.registry import find_ruleset

        ruleset = find_ruleset(ruleset)
    profile = profile_of(ruleset)
    s = profile.scale
    depth = ZONE_DEPTH * s
    rows, opened = crossable_rows(
        tuple("".join(g * s for g in row) for row in result.rows for _ in range(s)), profile, depth)
    width, height = len(rows[0]), len(rows)
    used = sorted({g for row in rows for g in row})
    green, red = SIDE_NAMES
    mx, my = result.meeting
    ford = (f" {opened} cell{'s' if opened != 1 else ''} of blocking ground opened so that both sides "
            "can deploy and reach each other." if opened else "")
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
            f"{green} deploys along the top, {red} along the bottom ({ruleset.title} scale).{ford}"
        ),
    )
