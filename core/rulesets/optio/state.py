"""Values of the Optio pre-game: options, blocks, the template result and
the state.  Large squares are ``(x, y)`` with x 0..4 to the right and y
0..4 down; side 0 (Green) enters from the top edge (y = 0), side 1 (Red)
from the bottom edge (y = 4)."""

from __future__ import annotations

import enum

import attrs

from core.board import Cell
from core.dice import Dice
from core.options import option
from core.rulesets.optio.maps import OpMap

# Names of the maps shipped in saves/data/maps (a test keeps this in step).
SHIPPED_MAPS = ("forest-marches", "hill-country", "open-plain", "river-crossing", "rocky-pass")
GENERATED = "generated"

SIDE_NAMES = ("Green", "Red")
HOME_ROW = (0, 4)


class Kind(enum.Enum):
    ARMY = "army"
    SCOUT = "scout"
    DUMMY = "dummy"
    UNKNOWN = "unknown"  # what a view shows for an opponent's hidden block


class Edge(enum.Enum):
    """A side of a large square (or of the map), by compass point: north is up."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def delta(self) -> Cell:
        return {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[self.value]

    @property
    def opposite(self) -> Edge:
        return {"N": Edge.S, "E": Edge.W, "S": Edge.N, "W": Edge.E}[self.value]

    @property
    def word(self) -> str:
        return {"N": "north", "E": "east", "S": "south", "W": "west"}[self.value]

    @classmethod
    def home(cls, side: int) -> Edge:
        return cls.N if side == 0 else cls.S


class Phase(enum.Enum):
    SCOUTING = "scouting"  # blocks enter, move and scout
    CLOSING = "closing"  # both armies revealed: close in or pay kudos
    TEMPLATE = "template"  # the first army's player places the template
    DONE = "done"


class FirstPlayer(enum.Enum):
    ROLL = "roll"
    PLAYER_1 = "player-1"
    PLAYER_2 = "player-2"


@attrs.frozen
class OptioOptions:
    map_name: str = option(
        GENERATED, "Operational map",
        "A shipped map (the game's battlefield must be that map) or 'generated' for a map made from the seed below.",
        choices=(GENERATED,) + SHIPPED_MAPS,
    )
    map_seed: int = option(1, "Map generator seed", "Used when the map is 'generated'.", minimum=0,
                           maximum=2**62)
    first_player: FirstPlayer = option(
        FirstPlayer.ROLL, "Who moves first", "Roll a die each (highest moves first) or choose.",
        choices=tuple(FirstPlayer),
    )
    kudos: int = option(6, "Kudo coins each", "Coins a general may pay to avoid closing in.", minimum=0, maximum=12)
    turn_limit: int = option(
        15, "Scouting turns each",
        "After this many turns each, the scouting ends: both armies are revealed and must close in.",
        minimum=1, maximum=99,
    )


@attrs.frozen
class Block:
    id: str
    side: int
    kind: Kind
    pos: Cell | None = None  # large square; None while off the map (or gone)
    entered_from: Edge | None = None  # side of its square it came in by
    arrived: int = 0  # move counter when it came into its square (who was first)
    revealed: bool = False
    gone: bool = False  # removed when the scouting ends

    @property
    def cell(self) -> Cell:
        """Its large square, asked only of a block on the map."""
        if self.pos is None:
            raise ValueError(f"{self.id} is not on the map")
        return self.pos


@attrs.frozen
class TemplateResult:
    """The battlefield cut out of the map by the template.

    ``origin`` is the template's top-left small square in map coordinates
    (it may lie off the map), ``across`` x ``deep`` its size on the map
    (16 x 8 or 8 x 16).  ``rows`` is the cut-out turned so that side 0's
    deployment edge is the top row and side 1's the bottom: 8 rows of 16
    glyphs, ``X`` for ground beyond the map's edge.
    """

    map_name: str
    meeting: Cell
    second_edge: Edge  # side of the meeting square the second army entered by
    second_side: int
    placer: int  # the side whose army arrived first and placed the template
    forward: int
    right: int
    origin: Cell
    across: int
    deep: int
    up: Edge  # the map direction shown at the top of the battlefield
    rows: tuple[str, ...]


@attrs.frozen
class OptioState:
    dice: Dice
    map: OpMap
    players: tuple[str, str]
    blocks: tuple[Block, ...]
    kudos: tuple[int, int]
    turn_limit: int
    first: int  # who moved first
    active: int
    turn: int = 1  # counts every player's turn
    phase: Phase = Phase.SCOUTING
    moved: tuple[str, ...] = ()  # blocks moved this turn
    may_scout: tuple[str, ...] = ()  # blocks that this turn moved in beside an opponent's block
    scouted: tuple[str, ...] = ()  # blocks that scouted this turn
    clock: int = 0  # counts moves, to know who arrived first
    meeting: Cell | None = None
    first_army: int | None = None  # side whose army held the meeting square first
    second_edge: Edge | None = None
    result: TemplateResult | None = None

    def block(self, block_id: str) -> Block | None:
        for b in self.blocks:
            if b.id == block_id:
                return b
        return None

    def get(self, block_id: str) -> Block:
        """``block`` for a block the caller knows is in the game."""
        found = self.block(block_id)
        if found is None:
            raise LookupError(f"no block {block_id!r} in this state")
        return found

    @property
    def met(self) -> tuple[Cell, Edge]:
        """The meeting square and the edge the second army came in by,
        asked only once the armies have met."""
        if self.meeting is None or self.second_edge is None:
            raise ValueError("the armies have not met")
        return self.meeting, self.second_edge

    def army(self, side: int) -> Block:
        for b in self.blocks:
            if b.side == side and b.kind is Kind.ARMY:
                return b
        raise LookupError(f"side {side} has no army in this state")

    def side_blocks(self, side: int) -> list[Block]:
        return [b for b in self.blocks if b.side == side and not b.gone]

    def at(self, square: Cell) -> list[Block]:
        return [b for b in self.blocks if b.pos == square and not b.gone]

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2
