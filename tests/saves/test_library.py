from pathlib import Path

import pytest

from core.board import Rect, Zone
from saves.library import battlefield_named, shipped_battlefield_ids, shipped_battlefields

FOLDER = Path(__file__).resolve().parents[2] / "saves" / "data" / "battlefields"


def test_every_file_in_the_folder_is_shipped():
    assert shipped_battlefield_ids() == sorted(p.stem for p in FOLDER.glob("*.txt"))
    assert len(shipped_battlefields()) == len(shipped_battlefield_ids())


def test_open_12_is_twelve_by_twelve_grass_split_in_halves():
    bf = battlefield_named("open-12")
    assert (bf.width, bf.height) == (12, 12)
    assert {g for row in bf.rows for g in row} == {"."}
    assert bf.terrain((5, 5)).blocks_move is False and bf.terrain((5, 5)).cover == 0
    assert bf.zones == (Zone(0, (Rect(0, 0, 11, 5),)), Zone(1, (Rect(0, 6, 11, 11),)))


@pytest.mark.parametrize("name", ["copse-16", "hill-20x14"])
def test_the_generic_battlefields_have_terrain_and_two_zones(name):
    bf = battlefield_named(name)
    kinds = {bf.terrain(c).kind for c in bf.cells()}
    assert len(kinds) >= 2
    for side in (0, 1):
        assert len(bf.zone_cells(side)) >= 20
        assert not any(bf.terrain(c).blocks_move for c in bf.zone_cells(side))


def test_copse_and_hill_terrain_reads_as_written():
    copse = battlefield_named("copse-16")
    assert copse.terrain((6, 7)).kind == "wall" and copse.terrain((6, 7)).blocks_move
    assert copse.terrain((2, 3)).kind == "woods" and copse.terrain((2, 3)).move_cost == 2
    hill = battlefield_named("hill-20x14")
    assert hill.elevation((9, 6)) == 2 and hill.elevation((7, 4)) == 1 and hill.elevation((0, 0)) == 0


def test_names_are_matched_by_file_or_name_line_and_unknown_ones_listed():
    assert battlefield_named(" OPEN-12 ") is battlefield_named("open-12")
    with pytest.raises(KeyError, match="open-12"):
        battlefield_named("atlantis")
