"""tools/make_maps.py and the shipped maps it writes: each shipped map is exactly what
the tool writes (so an earlier edition stays byte for byte, as its saves need), and the
Dragonmarch's 3rd edition shares its land evenly among six dragons (issue 37)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.balance.findings import spawn_geography
from game.maps.loader import check_map, load_board

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))  # make_maps imports its neighbours bare
import make_maps  # noqa: E402


@pytest.mark.parametrize("name", sorted(make_maps.BUILDERS))
def test_the_tool_writes_each_shipped_map_as_it_is(tmp_path, name):
    painter, props, objects = make_maps.BUILDERS[name]()
    make_maps.write_tmx(tmp_path / name, painter, props, objects)
    assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes()


def test_every_shipped_map_is_built_by_the_tool():
    assert {p.name for p in (ROOT / "maps").glob("*.tmx")} == set(make_maps.BUILDERS)


def test_the_third_edition_shares_the_land_evenly_among_six_dragons():
    path = ROOT / "maps" / "dragonmarch3.tmx"
    assert check_map(path) == []
    board = load_board(path)
    assert board.title == "The Dragonmarch (3rd edition)"
    assert len(board.cavern_spots) == board.max_players == 8
    geo = spawn_geography(board, 6)
    ground = [row["territory"] for row in geo]
    assert max(ground) - min(ground) <= 5, ground  # 123-126 open cells each
    assert all(6 <= row["rival"] <= 7 for row in geo)
    # the 2nd edition's seat 6, alone east of the lake and river, had the most by far
    old = [row["territory"] for row in
           spawn_geography(load_board(ROOT / "maps" / "dragonmarch2.tmx"), 6)]
    assert old.index(max(old)) == 5 and max(old) > 1.5 * max(ground)
    # the east of the lake and river is shared by two dragons in the 3rd edition
    assert sorted(row["seat"] for row in geo if row["start"][0] >= 24) == [2, 3]
