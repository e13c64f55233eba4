"""game/log.py: the log's lines name dragons as the rest of the game does."""

from game.log import describe


def test_a_ring_taken_over_names_the_new_owner_with_a_capital():
    """Played (issue 33): "Purple's ring at (6, 12) returns (claimed by copper)"."""
    line = describe({"type": "unclaim", "dragon": "purple", "at": [5, 11],
                     "reason": "claimed_by_copper"})
    assert line == "Purple's ring at (6, 12) returns (claimed by Copper)"
    revolt = describe({"type": "unclaim", "dragon": "red", "at": [0, 0], "reason": "revolt"})
    assert revolt.endswith("returns (revolt)")
