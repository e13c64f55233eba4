"""Setup rules: dragon draw (R6), caverns and dragon placement (R7), the Undead (R8),
claim rings (R9), seat and option validation, and the fresh chest (R15).

Dice are scripted in the order the rules roll them: every R6 draw (seats given as None)
first, then each seat's cavern location (column die, then row die; face f = index f-1).
Only the setup dice are scripted unless a test says otherwise; the populate phase of
round 1 then uses the seeded generator and is ignored by the assertions, which look at
the events before the first `round` event and at the dragons and caverns.
"""

from __future__ import annotations

import pytest

from game.board import BoardSpec, Preplaced
from game.dice import DiceScriptError
from game.match import Match, SetupError

# The Dragon table, written out from the rule book (R6): last digit of the d20.
DIGIT_TO_DRAGON = {1: "white", 2: "black", 3: "green", 4: "blue", 5: "red", 6: "purple",
                   7: "iron", 8: "gold", 9: "copper", 0: "undead"}

# R7, in the ruling's words: top-left offsets clockwise from east.
R7_ORDER = [(1, 0), (1, 1), (0, 1), (-1, 1), (-2, 1), (-2, 0), (-2, -1), (-2, -2),
            (-1, -2), (0, -2), (1, -2), (1, -1)]


def faces(*cells) -> list[int]:
    """Dice faces naming 0-based cells (column die, then row die; face = index + 1)."""
    out: list[int] = []
    for c, r in cells:
        out += [c + 1, r + 1]
    return out


def setup_events(m) -> list[dict]:
    out = []
    for e in m.events:
        if e["type"] == "round":
            break
        out.append(e)
    return out


def rolls(events, purpose: str, dragon: str | None = "any") -> list[int]:
    return [e["face"] for e in events if e["type"] == "roll" and e["purpose"] == purpose
            and (dragon == "any" or e["dragon"] == dragon)]


def dragon_doc(m, name):
    return m.snapshot()["dragons"][name]


def footprint(at):
    c, r = at
    return {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)}


# --------------------------------------------------------------------------- R6 draw
@pytest.mark.parametrize("face", range(1, 21))
def test_r6_last_digit_of_the_d20_picks_the_dragon(face):
    expected = DIGIT_TO_DRAGON[face % 10]
    other = "white" if expected != "white" else "black"
    m = Match([None, other], seed=3, dice=[face] + faces((3, 3), (12, 12)))
    events = setup_events(m)
    assert rolls(events, "dragon_draw") == [face]
    assert m.seat_names == [expected, other]
    assert dragon_doc(m, expected)["seat"] == 0
    assert [e["dragon"] for e in events if e["type"] == "dragon"] == [expected, other]


def test_r6_faces_10_and_20_are_undead_and_9_and_19_copper():
    m = Match([None, None, None, None], seed=3,
              dice=[10, 9] + [20, 19, 5] + [1]
              + faces((1, 1), (5, 5), (9, 9), (13, 13)))
    # seat 0: 10 -> undead; seat 1: 9 -> copper; seat 2: 20 (undead, taken), 19 (copper,
    # taken), 5 -> red; seat 3: 1 -> white.
    assert m.seat_names == ["undead", "copper", "red", "white"]
    assert rolls(setup_events(m), "dragon_draw") == [10, 9, 20, 19, 5, 1]


def test_r6_a_dragon_already_taken_is_rerolled():
    m = Match([None, None], seed=3, dice=[13, 3, 5] + faces((3, 3), (12, 12)))
    assert m.seat_names == ["green", "red"]
    assert rolls(setup_events(m), "dragon_draw") == [13, 3, 5]


def test_r6_rerolls_until_a_free_dragon_comes_up():
    m = Match([None, None, None], seed=3,
              dice=[10, 20, 10, 7, 17, 7, 8] + faces((1, 1), (6, 6), (12, 12)))
    assert m.seat_names == ["undead", "iron", "gold"]
    assert rolls(setup_events(m), "dragon_draw") == [10, 20, 10, 7, 17, 7, 8]


def test_r6_fixed_seats_are_reserved_before_any_draw():
    # Seat 0 draws before seat 1 is set up, yet Green (fixed at seat 1) is already taken.
    m = Match([None, "green"], seed=3, dice=[3, 13, 4] + faces((3, 3), (12, 12)))
    assert m.seat_names == ["blue", "green"]
    assert rolls(setup_events(m), "dragon_draw") == [3, 13, 4]


def test_r6_fixed_undead_later_seat_rerolls_face_ten():
    m = Match([None, "red", "undead"], seed=3,
              dice=[10, 5, 20, 2] + faces((3, 3), (12, 12), (6, 15)))
    assert m.seat_names == ["black", "red", "undead"]


def test_r6_only_none_seats_roll_and_all_draws_come_before_caverns():
    m = Match([None, "red", None], seed=3,
              dice=[1, 2] + faces((3, 3), (12, 12), (6, 15)))
    events = setup_events(m)
    assert m.seat_names == ["white", "red", "black"]
    purposes = [e["purpose"] for e in events if e["type"] == "roll"]
    assert purposes == ["dragon_draw", "dragon_draw"] + ["cavern_col", "cavern_row"] * 3
    caverns = [(e["dragon"], e["at"]) for e in events if e["type"] == "cavern"]
    assert caverns == [("white", [3, 3]), ("red", [12, 12]), ("black", [6, 15])]


# --------------------------------------------------------------------------- R7 caverns
def test_r7_caverns_are_rolled_in_seat_order_column_die_first():
    m = Match(["red", "blue"], seed=3, dice=[4, 9, 15, 2])
    assert dragon_doc(m, "red")["cavern"] == [3, 8]
    assert dragon_doc(m, "blue")["cavern"] == [14, 1]
    events = setup_events(m)
    assert [(e["purpose"], e["dragon"], e["face"]) for e in events if e["type"] == "roll"] == [
        ("cavern_col", "red", 4), ("cavern_row", "red", 9),
        ("cavern_col", "blue", 15), ("cavern_row", "blue", 2)]


def test_r7_cavern_on_an_occupied_cell_is_rerolled():
    # Red: cavern (10,10), dragon (11,10). Blue rolls Red's cavern, then a quarter of
    # Red's dragon, then a free cell.
    m = Match(["red", "blue"], seed=3,
              dice=faces((10, 10)) + faces((10, 10), (12, 11), (0, 0)))
    assert dragon_doc(m, "red")["cavern"] == [10, 10]
    assert dragon_doc(m, "red")["at"] == [11, 10]
    assert dragon_doc(m, "blue")["cavern"] == [0, 0]
    assert dragon_doc(m, "blue")["at"] == [1, 0]
    assert rolls(setup_events(m), "cavern_col", "blue") == [11, 13, 1]
    assert rolls(setup_events(m), "cavern_row", "blue") == [11, 12, 1]


@pytest.mark.parametrize("board", [
    BoardSpec(blocked=frozenset({(5, 5)})),
    BoardSpec(pieces=(Preplaced("town", (5, 5)),)),
    BoardSpec(pieces=(Preplaced("ruin", (5, 5)),)),
    BoardSpec(pieces=(Preplaced("chest", (5, 5)),)),
    BoardSpec(pieces=(Preplaced("place_of_power", (4, 4), "soul_mine"),)),
], ids=["blocked", "town", "ruin", "chest", "place-quarter"])
def test_r7_cavern_on_blocked_or_piece_cell_is_rerolled(board):
    m = Match(["red", "blue"], seed=3, board=board,
              dice=faces((5, 5), (8, 8), (14, 14)))
    assert dragon_doc(m, "red")["cavern"] == [8, 8]
    assert dragon_doc(m, "blue")["cavern"] == [14, 14]
    assert rolls(setup_events(m), "cavern_col", "red") == [6, 9]


@pytest.mark.parametrize("cavern, expected", [
    ((10, 10), (11, 10)),   # (1,0) fits
    ((0, 0), (1, 0)),       # top-left corner: (1,0) fits
    ((10, 0), (11, 0)),     # top edge
    ((0, 10), (1, 10)),     # left edge
    ((19, 10), (18, 11)),   # right edge: (1,0) (1,1) (0,1) leave the board -> (-1,1)
    ((19, 0), (18, 1)),     # top-right corner -> (-1,1)
    ((10, 19), (8, 18)),    # bottom edge: the first six leave the board -> (-2,-1)
    ((19, 19), (17, 18)),   # bottom-right corner -> (-2,-1)
    ((0, 19), (0, 17)),     # bottom-left corner: only (0,-2) (1,-2) (1,-1) fit -> (0,-2)
])
def test_r7_dragon_takes_first_fitting_offset(cavern, expected):
    far = (5, 5) if cavern != (5, 5) else (14, 5)
    m = Match(["red", "blue"], seed=3, dice=faces(cavern, far))
    assert dragon_doc(m, "red")["cavern"] == list(cavern)
    assert dragon_doc(m, "red")["at"] == list(expected)
    placed = [e for e in setup_events(m) if e["type"] == "dragon_placed"]
    assert placed[0] == {"type": "dragon_placed", "dragon": "red", "at": list(expected)}


def _blockers_before(k: int, cavern=(10, 10)) -> frozenset:
    """Blocked cells that rule out offsets 0..k-1 of R7 but leave offset k free."""
    cx, cy = cavern
    keep = footprint((cx + R7_ORDER[k][0], cy + R7_ORDER[k][1]))
    blocked = set()
    for dc, dr in R7_ORDER[:k]:
        cells = footprint((cx + dc, cy + dr))
        if cells & blocked:
            continue
        blocked.add(min(cells - keep, key=lambda c: (c[1], c[0])))
    return frozenset(blocked)


@pytest.mark.parametrize("k", range(12))
def test_r7_offsets_are_tried_in_clockwise_order(k):
    board = BoardSpec(blocked=_blockers_before(k))
    m = Match(["red", "blue"], seed=3, board=board, dice=faces((10, 10), (2, 2)))
    dc, dr = R7_ORDER[k]
    assert dragon_doc(m, "red")["at"] == [10 + dc, 10 + dr]


def test_r7_early_offsets_occupied_by_pieces_and_another_dragon():
    # Red: cavern (10,10) -> dragon (11,10). Blue's cavern (10,9): (1,0) (1,1) hit Red,
    # (0,1) is Red's cavern, (-1,1) holds Red's cavern too; (-2,1) = (8,10) is free.
    m = Match(["red", "blue"], seed=3, dice=faces((10, 10), (10, 9)))
    assert dragon_doc(m, "red")["at"] == [11, 10]
    assert dragon_doc(m, "blue")["cavern"] == [10, 9]
    assert dragon_doc(m, "blue")["at"] == [8, 10]


def test_r7_towns_push_the_dragon_to_a_later_offset():
    board = BoardSpec(pieces=(Preplaced("town", (11, 10)), Preplaced("town", (11, 12))))
    m = Match(["red", "blue"], seed=3, board=board, dice=faces((10, 10), (2, 2)))
    assert dragon_doc(m, "red")["at"] == [9, 11]  # (-1,1)


def test_r7_fallback_nearest_free_footprint_in_a_corner():
    # Cavern in the corner, its three neighbours blocked: no adjacent footprint exists.
    # Nearest free 2x2 (distance 2), lowest row first: top-left (2,0).
    board = BoardSpec(blocked=frozenset({(1, 0), (0, 1), (1, 1)}))
    m = Match(["red", "blue"], seed=3, board=board, dice=faces((0, 0), (12, 12)))
    assert dragon_doc(m, "red")["cavern"] == [0, 0]
    assert dragon_doc(m, "red")["at"] == [2, 0]


def test_r7_fallback_nearest_by_distance_then_row_then_column():
    # All eight neighbours of the cavern blocked: the footprints at Chebyshev distance 2
    # from the cavern are the nearest; lowest row (7), then lowest column (7).
    ring = {(10 + dc, 10 + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)} - {(10, 10)}
    board = BoardSpec(blocked=frozenset(ring))
    m = Match(["red", "blue"], seed=3, board=board, dice=faces((10, 10), (2, 2)))
    assert dragon_doc(m, "red")["at"] == [7, 7]


def test_map_cavern_spots_replace_the_cavern_roll():
    board = BoardSpec(cavern_spots=((3, 3), (15, 15), (8, 2)))
    m = Match(["red", "blue", "white"], seed=3, board=board)
    events = setup_events(m)
    assert not [e for e in events if e["type"] == "roll"]  # no cavern dice at all
    assert [dragon_doc(m, n)["cavern"] for n in ("red", "blue", "white")] == [
        [3, 3], [15, 15], [8, 2]]
    assert [dragon_doc(m, n)["at"] for n in ("red", "blue", "white")] == [
        [4, 3], [16, 15], [9, 2]]


def test_map_cavern_spots_first_scripted_die_goes_to_populate():
    board = BoardSpec(cavern_spots=((3, 3), (15, 15)))
    m = Match(["red", "blue"], seed=3, board=board, options={"cards": False}, dice=faces((7, 9)))
    first = [e for e in m.events if e["type"] == "roll"][:2]
    assert [(e["purpose"], e["face"]) for e in first] == [("settlement_col", 8),
                                                           ("settlement_row", 10)]


def test_map_cavern_spots_seat_k_uses_spot_k_with_drawn_dragons():
    board = BoardSpec(cavern_spots=((3, 3), (15, 15)))
    m = Match([None, None], seed=3, board=board, dice=[5, 4])
    assert m.seat_names == ["red", "blue"]
    assert dragon_doc(m, "red")["cavern"] == [3, 3]
    assert dragon_doc(m, "blue")["cavern"] == [15, 15]


def test_map_cavern_spots_too_few_is_a_setup_error():
    board = BoardSpec(cavern_spots=((3, 3), (15, 15)))
    with pytest.raises(SetupError, match="cavern spots"):
        Match(["red", "blue", "white"], board=board)


# --------------------------------------------------------------------------- R8 undead
def test_r8_undead_has_no_cavern_and_stands_at_the_rolled_cell():
    m = Match(["undead", "red"], seed=3, dice=faces((6, 7), (12, 12)))
    doc = dragon_doc(m, "undead")
    assert doc["cavern"] is None
    assert doc["at"] == [6, 7]
    events = setup_events(m)
    assert [e["dragon"] for e in events if e["type"] == "cavern"] == ["red"]
    assert {"type": "dragon_placed", "dragon": "undead", "at": [6, 7]} in events
    assert rolls(events, "cavern_col", "undead") == [7]


@pytest.mark.parametrize("rolled, expected", [
    ((19, 4), (18, 4)),
    ((4, 19), (4, 18)),
    ((19, 19), (18, 18)),
    ((0, 0), (0, 0)),
])
def test_r8_undead_footprint_is_shifted_inward_at_the_edge(rolled, expected):
    m = Match(["undead", "red"], seed=3, dice=faces(rolled, (10, 10)))
    assert dragon_doc(m, "undead")["at"] == list(expected)
    assert dragon_doc(m, "undead")["cavern"] is None


def test_r8_undead_rerolls_an_occupied_footprint():
    # Red: cavern (10,10), dragon (11,10)-(12,11). The Undead's roll (11,11) would overlap.
    m = Match(["red", "undead"], seed=3, dice=faces((10, 10), (11, 11), (3, 4)))
    assert dragon_doc(m, "undead")["at"] == [3, 4]
    assert rolls(setup_events(m), "cavern_col", "undead") == [12, 4]


def test_r8_undead_on_a_cavern_spot_map_stands_at_its_spot_shifted_inward():
    board = BoardSpec(cavern_spots=((19, 19), (5, 5)))
    m = Match(["undead", "red"], seed=3, board=board)
    assert dragon_doc(m, "undead")["at"] == [18, 18]
    assert dragon_doc(m, "undead")["cavern"] is None
    assert dragon_doc(m, "red")["cavern"] == [5, 5]


# --------------------------------------------------------------------------- R9 rings
def test_r9_ring_counts_for_all_ten_dragons():
    eight = ["white", "black", "green", "blue", "red", "purple", "iron", "gold"]
    m = Match(eight, seed=3)
    snap = m.snapshot()
    for name in eight:
        assert snap["dragons"][name]["rings_in_supply"] == 10
        assert snap["dragons"][name]["coins"] == 0
        assert snap["dragons"][name]["treasure"] == []
    m2 = Match(["copper", "undead"], seed=3)
    snap2 = m2.snapshot()
    assert snap2["dragons"]["copper"]["rings_in_supply"] == 7
    assert snap2["dragons"]["undead"]["rings_in_supply"] == 10
    assert [(e["dragon"], e["rings"]) for e in m2.events if e["type"] == "dragon"] == [
        ("copper", 7), ("undead", 10)]


# --------------------------------------------------------------------------- R15 chest
def test_r15_chest_starts_the_game_with_zero_coins():
    # Fully scripted: caverns, 2 settlements on free cells, place 1 at (5,14), chest.
    dice = (faces((3, 3), (12, 12)) + faces((8, 8), (15, 2)) + [1] + faces((5, 14))
            + faces((17, 17)))
    m = Match(["red", "blue"], seed=3, options={"cards": False}, dice=dice)
    assert m.dice.script == []
    snap = m.snapshot()
    assert snap["chest"] == {"at": [17, 17], "coins": 0}
    assert not [e for e in m.events if e["type"] == "coins"]


# --------------------------------------------------------------------------- seats, options
@pytest.mark.parametrize("seats, message", [
    (["red"], "2 to 8"),
    ([], "2 to 8"),
    (["white", "black", "green", "blue", "red", "purple", "iron", "gold", "copper"], "2 to 8"),
    (["red", "red"], "only one seat"),
    (["red", None, "red"], "only one seat"),
    (["red", "pink"], "unknown dragon 'pink'"),
    (["Red", "blue"], "unknown dragon 'Red'"),
])
def test_invalid_seats_raise_setup_error(seats, message):
    with pytest.raises(SetupError, match=message):
        Match(seats, seed=1)


def test_setup_error_is_a_value_error_with_a_message():
    with pytest.raises(ValueError) as info:
        Match(["red"], seed=1)
    assert "1" in str(info.value)


def test_two_and_eight_seats_are_accepted():
    assert len(Match(["red", None], seed=1).seat_names) == 2
    assert len(Match([None] * 8, seed=1).seat_names) == 8
    assert len(set(Match([None] * 8, seed=2).seat_names)) == 8


def test_default_options():
    m = Match(["red", "blue"], seed=1)
    opts = m.snapshot()["options"]
    assert opts["target"] == 50
    assert opts["round_cap"] == 200
    assert opts["thief_wins"] is False


@pytest.mark.parametrize("options", [
    {"target": 75}, {"target": 100}, {"round_cap": 5}, {"target": 100, "round_cap": 12},
    {"thief_wins": True},
])
def test_options_are_applied(options):
    m = Match(["red", "blue"], seed=1, options=options)
    opts = m.snapshot()["options"]
    for key, value in options.items():
        assert opts[key] == value


@pytest.mark.parametrize("options, message", [
    ({"target": 0}, "target"),
    ({"target": "50"}, "target"),
    ({"round_cap": 0}, "round_cap"),
    ({"round_cap": 2.5}, "round_cap"),
    ({"thief_wins": "yes"}, "thief_wins"),
    ({"speed": 3}, "unknown option"),
    ({"target": 10**15 + 1}, "target must be at most"),
    ({"round_cap": 10**400}, "round_cap must be at most"),
])
def test_invalid_options_raise_setup_error(options, message):
    with pytest.raises(SetupError, match=message):
        Match(["red", "blue"], seed=1, options=options)


# --------------------------------------------------------------------------- R3 dN
def test_r3_each_axis_uses_a_die_the_size_of_the_board_side():
    board = BoardSpec.plain(12, 16)
    m = Match(["red", "blue"], seed=3, board=board, dice=faces((11, 15), (0, 0)))
    events = setup_events(m)
    assert [(e["purpose"], e["die"]) for e in events if e["type"] == "roll"] == [
        ("cavern_col", 12), ("cavern_row", 16)] * 2
    assert dragon_doc(m, "red")["cavern"] == [11, 15]
    # Bottom-right corner of a 12x16 board: the first fitting offset is (-2,-1).
    assert dragon_doc(m, "red")["at"] == [9, 14]
    assert dragon_doc(m, "blue")["cavern"] == [0, 0]


def test_r3_a_face_beyond_the_board_side_is_not_a_face_of_that_die():
    with pytest.raises(DiceScriptError):
        Match(["red", "blue"], seed=3, board=BoardSpec.plain(12, 16), dice=[13, 1])


def test_r8_undead_shift_inward_on_a_small_board():
    board = BoardSpec.plain(12, 16)
    m = Match(["undead", "red"], seed=3, board=board, dice=faces((11, 15), (3, 3)))
    assert dragon_doc(m, "undead")["at"] == [10, 14]
