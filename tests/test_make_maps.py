"""tools/make_maps.py and the shipped maps it writes: each shipped map is exactly what
the tool writes (so an earlier edition stays byte for byte, as its saves need), and the
Dragonmarch's 3rd edition is one half of the realm turned about the shrine, its caverns in
twin pairs (issue 37)."""

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


def test_the_third_edition_is_one_half_turned_with_twin_caverns():
    path = ROOT / "maps" / "dragonmarch3.tmx"
    assert check_map(path) == []
    board = load_board(path)
    assert board.title == "The Dragonmarch (3rd edition)"
    assert len(board.cavern_spots) == board.max_players == 8

    def turned(cell):
        return (board.width - 1 - cell[0], board.height - 1 - cell[1])

    assert {turned(cell) for cell in board.blocked} == set(board.blocked)
    assert {(p.kind, turned(p.at) if p.kind != "place_of_power" else p.at)
            for p in board.pieces} == {(p.kind, p.at) for p in board.pieces}
    geo = spawn_geography(board, 8)
    starts = [tuple(row["start"]) for row in geo]
    for seat, twin in ((0, 3), (1, 4), (2, 5), (6, 7)):  # a 2x2 start turns onto its twin's
        assert starts[twin] == (board.width - 2 - starts[seat][0],
                                board.height - 2 - starts[seat][1])
    # six dragons: a hexagon, each exactly 10 king steps (flying, R18) from its two
    # neighbours round the ring and farther from the others
    six = starts[:6]
    for i, a in enumerate(six):
        steps = sorted(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for b in six if b != a)
        assert steps[:2] == [10, 10] and steps[2] > 10, (i, steps)
    geo6 = spawn_geography(board, 6)
    assert [row["territory"] for row in geo6][:3] == [row["territory"] for row in geo6][3:]
    # and each 9 cells from the shrine, where the dragons fight
    assert [row["nearest"]["place_of_power"] for row in geo6] == [9] * 6
