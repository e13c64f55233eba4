"""tools/make_maps.py and the shipped maps it writes: each shipped map is exactly what
the tool writes (so an earlier edition stays byte for byte, as its saves need), and the
Dragonmarch's 3rd edition starts six dragons equally far from its shrine (issue 37)."""

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


def test_the_third_edition_starts_six_dragons_equally_far_from_the_shrine():
    path = ROOT / "maps" / "dragonmarch3.tmx"
    assert check_map(path) == []
    board = load_board(path)
    assert board.title == "The Dragonmarch (3rd edition)"
    assert len(board.cavern_spots) == board.max_players == 8
    geo = spawn_geography(board, 6)
    assert [row["nearest"]["place_of_power"] for row in geo] == [10] * 6
    starts = [row["start"] for row in geo]
    assert min(max(abs(a[0] - b[0]), abs(a[1] - b[1]))
               for i, a in enumerate(starts) for b in starts[i + 1:]) >= 8
    # in the editions before, the seat that won most started farthest from the shrine
    for name, seat in (("dragonmarch.tmx", 0), ("dragonmarch2.tmx", 5)):
        gaps = [row["nearest"]["place_of_power"]
                for row in spawn_geography(load_board(ROOT / "maps" / name), 6)]
        assert gaps[seat] == max(gaps) > sorted(gaps)[-2], (name, gaps)
    assert spawn_geography(board, 7)[6]["nearest"]["place_of_power"] == 10
