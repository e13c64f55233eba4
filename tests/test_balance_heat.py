"""The balance report's heat maps (game/balance/report.py): a quiet cell is zero."""

from __future__ import annotations

import math

from game.balance.report import heat_grid
from game.board import BoardSpec


def test_a_playable_cell_without_events_is_zero_and_a_blocked_cell_shows_the_map():
    board = BoardSpec(width=8, height=8, blocked=frozenset({(1, 2)}))
    grid = heat_grid(board, {"3,4": 0.25, "9,9": 5.0})  # (an event off the board: dropped)
    assert grid[4, 3] == 0.25
    assert grid[0, 0] == 0.0 and grid[7, 7] == 0.0  # no events: the scale's lowest colour
    assert math.isnan(grid[2, 1])  # blocked: left to the map's own picture
    assert grid.shape == (8, 8)
