"""Legality edges of the eleven actions (R2, R4, R5, R17-R28).

Red usually stands at (5, 5), covering (5, 5)-(6, 6); its 12 ring cells are cols 4-7 x
rows 4-7 minus its own four. Positions are built with tests.helpers.scenario.
"""

from __future__ import annotations

import itertools

import pytest

from game.board import BoardSpec
from game.decisions import IllegalAnswer
from game.geometry import adjacent, rect_gap, ring_cells
from game.match import Match
from tests.helpers import coins, kinds, scenario

RED_AT = (5, 5)
FAR = (15, 15)


def own_cells(at):
    return {(at[0] + dc, at[1] + dr) for dr in range(2) for dc in range(2)}


def ring12(at):
    """The cells at Chebyshev distance exactly 1 from a 2x2 footprint (unclipped)."""
    c, r = at
    return {(x, y) for x in range(c - 1, c + 3) for y in range(r - 1, r + 3)} - own_cells(at)


def ring_dist2(at):
    c, r = at
    box = {(x, y) for x in range(c - 2, c + 4) for y in range(r - 2, r + 4)}
    return box - ring12(at) - own_cells(at)


def refused(m, answer, *words):
    """The answer raises IllegalAnswer and leaves the game exactly as it was."""
    before = m.snapshot()
    n = len(m.events)
    with pytest.raises(IllegalAnswer) as info:
        m.submit(answer)
    assert m.snapshot() == before
    assert len(m.events) == n
    reason = str(info.value)
    assert reason
    for w in words:
        assert w.lower() in reason.lower(), reason
    return reason


def snap(m):
    return m.snapshot()


def of(m, do):
    return [a for a in m.legal_answers() if a.get("do") == do]


def cells_of(answers, key):
    return {tuple(a[key]) for a in answers}


# ===== R2 adjacency ===================================================================


@pytest.mark.parametrize("cell", sorted(ring12(RED_AT)))
def test_each_of_the_12_ring_cells_is_adjacent(cell):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 settlements=[("town", cell, None)])
    assert of(m, "claim") == [{"do": "claim", "at": list(cell)}]
    m.submit({"do": "claim", "at": list(cell)})
    assert snap(m)["settlements"] == [{"kind": "town", "at": list(cell), "claim": "red"}]
    assert snap(m)["dragons"]["red"]["rings_in_supply"] == 9


@pytest.mark.parametrize("cell", sorted(ring_dist2(RED_AT)))
def test_cells_at_distance_2_are_not_adjacent(cell):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 settlements=[("town", cell, None)])
    assert of(m, "claim") == []
    assert of(m, "destroy") == []
    refused(m, {"do": "claim", "at": list(cell)}, "not adjacent")
    refused(m, {"do": "destroy", "at": list(cell)}, "not adjacent")


def test_ring_has_exactly_12_cells_and_distance_2_has_20():
    assert len(ring12(RED_AT)) == 12
    assert len(ring_dist2(RED_AT)) == 20
    assert set(ring_cells(RED_AT, 2, 20, 20)) == ring12(RED_AT)
    assert set(ring_cells((0, 0), 2, 20, 20)) == {(2, 0), (2, 1), (0, 2), (1, 2), (2, 2)}


@pytest.mark.parametrize(("a", "asize", "b", "bsize", "expected"), [
    ((5, 5), 2, (7, 5), 1, True), ((5, 5), 2, (4, 4), 1, True), ((5, 5), 2, (7, 7), 1, True),
    ((5, 5), 2, (8, 5), 1, False), ((5, 5), 2, (3, 3), 1, False), ((5, 5), 2, (6, 6), 1, False),
    ((5, 5), 2, (7, 7), 2, True), ((5, 5), 2, (3, 3), 2, True), ((5, 5), 2, (3, 7), 2, True),
    ((5, 5), 2, (8, 8), 2, False), ((5, 5), 2, (6, 6), 2, False), ((5, 5), 2, (5, 5), 2, False),
    ((5, 5), 2, (2, 5), 2, False), ((0, 0), 1, (1, 1), 1, True), ((0, 0), 1, (0, 0), 1, False),
])
def test_geometry_adjacent(a, asize, b, bsize, expected):
    """R2: footprints that do not overlap and come within one king step."""
    assert adjacent(a, asize, b, bsize) is expected
    assert adjacent(b, bsize, a, asize) is expected


def _place_adjacent(a, b):
    """Two 2x2 footprints at top-lefts a, b: adjacent iff not overlapping and within 1."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) == 2


PLACE_SPOTS = [(x, y) for x in range(1, 10) for y in range(1, 10)
               if max(abs(x - 5), abs(y - 5)) >= 2]


@pytest.mark.parametrize("at", PLACE_SPOTS)
def test_adjacency_between_two_2x2_pieces(at):
    """A 2x2 place of power (and a 2x2 dragon, below) is adjacent to Red exactly when the
    footprints touch, diagonal corners included."""
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 places=[("soul_mine", at, None)])
    adjacent = _place_adjacent(RED_AT, at)
    assert (of(m, "claim") == [{"do": "claim", "at": list(at)}]) is adjacent
    if not adjacent:
        refused(m, {"do": "claim", "at": list(at)}, "not adjacent")


@pytest.mark.parametrize("at", PLACE_SPOTS)
def test_attack_needs_touching_dragons(at):
    m = scenario({"red": dict(at=RED_AT, coins=5), "blue": dict(at=at, coins=5)},
                 dice=[15, 3])
    adjacent = _place_adjacent(RED_AT, at)
    assert (of(m, "attack") == [{"do": "attack", "dragon": "blue"}]) is adjacent
    if adjacent:
        m.submit({"do": "attack", "dragon": "blue"})
        assert (coins(m, "red"), coins(m, "blue")) == (8, 2)
    else:
        refused(m, {"do": "attack", "dragon": "blue"}, "not adjacent")


@pytest.mark.parametrize(("at", "expected"), [
    ((0, 0), {(2, 0), (2, 1), (0, 2), (1, 2), (2, 2)}),
    ((18, 18), {(17, 17), (18, 17), (19, 17), (17, 18), (17, 19)}),
    ((18, 0), {(17, 0), (17, 1), (17, 2), (18, 2), (19, 2)}),
    ((0, 9), {(2, 8), (2, 9), (2, 10), (2, 11), (0, 8), (1, 8), (0, 11), (1, 11)}),
])
def test_ring_at_board_edges(at, expected):
    m = scenario({"red": dict(at=at), "blue": dict(at=(9, 9))})
    assert cells_of(of(m, "gamble"), "at") == expected
    for cell in ring12(at) - expected:
        refused(m, {"do": "gamble", "at": list(cell)}, "off the board")


@pytest.mark.parametrize("cell", [(2, 0), (2, 2), (0, 2)])
def test_claim_at_board_corner(cell):
    m = scenario({"red": dict(at=(0, 0)), "blue": dict(at=(9, 9))},
                 settlements=[("city", cell, None)])
    m.submit({"do": "claim", "at": list(cell)})
    assert snap(m)["settlements"][0]["claim"] == "red"


# ===== Move (R18) =====================================================================


def expected_moves(at, occupied, blocked=frozenset(), size=20, steps=3):
    """Top-lefts a 2x2 dragon at `at` may move to, computed from R4/R5/R18."""
    out = set()
    mine = own_cells(at)
    for dx in range(-steps, steps + 1):
        for dy in range(-steps, steps + 1):
            to = (at[0] + dx, at[1] + dy)
            if to == at or not (0 <= to[0] <= size - 2 and 0 <= to[1] <= size - 2):
                continue
            cells = own_cells(to)
            if cells & blocked or (cells & occupied) - mine:
                continue
            out.add(to)
    return out


def test_open_field_moves():
    m = scenario({"red": dict(at=RED_AT, cavern=(0, 19)), "blue": dict(at=FAR, cavern=(2, 19))})
    legal = cells_of(of(m, "move"), "to")
    assert legal == expected_moves(RED_AT, set())
    assert len(legal) == 48


@pytest.mark.parametrize("to", [(9, 5), (1, 5), (5, 9), (5, 1), (9, 9), (1, 1), (8, 9)])
def test_move_of_4_is_refused(to):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)})
    refused(m, {"do": "move", "to": list(to)}, "at most 3")


@pytest.mark.parametrize("to", [(8, 5), (2, 2), (8, 8), (5, 2), (6, 5), (5, 6), (4, 4)])
def test_move_up_to_3_king_steps(to):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)})
    events = m.submit({"do": "move", "to": list(to)})
    assert snap(m)["dragons"]["red"]["at"] == list(to)
    (move,) = kinds(events, "move")
    assert (move["from"], move["to"]) == ([5, 5], list(to))
    assert m.actions_left == 2


def test_move_must_change_position():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)})
    refused(m, {"do": "move", "to": list(RED_AT)}, "change")


@pytest.mark.parametrize(("piece", "cell"), [
    ("town", (8, 5)), ("city", (8, 6)), ("ruin", (7, 5)), ("cavern", (8, 5)),
    ("place", (8, 4)), ("dragon", (8, 6)), ("chest", (7, 6)),
])
def test_landing_cells_must_be_free_of_pieces(piece, cell):
    kw: dict = {}
    dragons = {"red": dict(at=RED_AT), "blue": dict(at=FAR)}
    if piece in ("town", "city", "ruin"):
        kw["settlements"] = [(piece, cell, None)]
    elif piece == "cavern":
        dragons["blue"]["cavern"] = cell
    elif piece == "place":
        kw["places"] = [("madhouse", cell, None)]  # covers (8,4)-(9,5)
    elif piece == "dragon":
        dragons["blue"]["at"] = cell  # covers (8,6)-(9,7)
    else:
        kw["chest"] = cell
    m = scenario(dragons, **kw)
    refused(m, {"do": "move", "to": [7, 5]}, "cannot land")
    assert [7, 5] not in [a["to"] for a in of(m, "move")]


def test_own_cells_count_as_free():
    """A move by one step overlaps the dragon's own current cells."""
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)})
    for to in [(6, 5), (6, 6), (4, 4), (5, 4)]:
        assert {"do": "move", "to": list(to)} in m.legal_answers()
    m.submit({"do": "move", "to": [6, 6]})
    assert snap(m)["dragons"]["red"]["at"] == [6, 6]


def test_may_fly_over_pieces():
    """A wall of towns across column 7 and row 7 does not stop a 3-step flight."""
    wall = [("town", (7, r), None) for r in range(20)]
    wall += [("town", (c, 7), None) for c in range(20) if c != 7]
    m = scenario({"red": dict(at=RED_AT, cavern=(0, 0)), "blue": dict(at=(15, 15))},
                 settlements=wall)
    legal = cells_of(of(m, "move"), "to")
    occupied = {at for _, at, _ in wall} | {(0, 0)}
    assert legal == expected_moves(RED_AT, occupied)
    assert (8, 5) in legal and (8, 8) in legal and (5, 8) in legal
    m.submit({"do": "move", "to": [8, 8]})
    assert snap(m)["dragons"]["red"]["at"] == [8, 8]


@pytest.mark.parametrize(("at", "to"), [
    ((0, 0), (-1, 0)), ((0, 0), (0, -1)), ((0, 0), (-1, -1)), ((18, 18), (19, 18)),
    ((18, 18), (18, 19)), ((17, 17), (19, 19)), ((17, 0), (17, -2)), ((16, 5), (19, 5)),
])
def test_cannot_leave_the_board(at, to):
    m = scenario({"red": dict(at=at, cavern=(10, 10)), "blue": dict(at=(8, 8), cavern=(11, 11))})
    refused(m, {"do": "move", "to": list(to)}, "leave the board")
    assert cells_of(of(m, "move"), "to") == expected_moves(at, {(10, 10), (11, 11)} | own_cells(
        (8, 8)))


def test_gamble_rings_do_not_block():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 gambles=[((8, 5), "blue"), ((7, 6), "red")])
    assert {"do": "move", "to": [7, 5]} in m.legal_answers()
    m.submit({"do": "move", "to": [7, 5]})
    assert snap(m)["dragons"]["red"]["at"] == [7, 5]
    assert snap(m)["gambles"] == [{"at": [8, 5], "owner": "blue"},
                                  {"at": [7, 6], "owner": "red"}]


@pytest.mark.parametrize("to", [(7, 5), (7, 4), (8, 4), (8, 5), (6, 3), (4, 2), (8, 6), (6, 5)])
def test_blocked_cells_refuse_landing(to):
    board = BoardSpec(width=20, height=20, blocked=frozenset({(8, 5), (7, 4)}))
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)}, board=board)
    if own_cells(to) & {(8, 5), (7, 4)}:
        refused(m, {"do": "move", "to": list(to)}, "blocked")
    else:
        m.submit({"do": "move", "to": list(to)})
        assert snap(m)["dragons"]["red"]["at"] == list(to)


def test_legal_moves_match_independent_computation():
    blocked = frozenset({(2, 2), (9, 9), (3, 7)})
    board = BoardSpec(width=20, height=20, blocked=blocked)
    settlements = [("town", (8, 5), None), ("city", (4, 2), "blue"), ("ruin", (2, 6), None)]
    places = [("soul_mine", (6, 8), None)]
    m = scenario({"red": dict(at=RED_AT, cavern=(7, 3)),
                  "blue": dict(at=(3, 4), cavern=(12, 12))},
                 settlements=settlements, places=places, chest=(8, 7), board=board,
                 gambles=[((5, 7), "blue"), ((4, 6), "red")])
    occupied = {at for _, at, _ in settlements} | own_cells((6, 8)) | own_cells((3, 4))
    occupied |= {(7, 3), (12, 12), (8, 7)}
    legal = cells_of(of(m, "move"), "to")
    assert legal == expected_moves(RED_AT, occupied, blocked)
    assert (5, 6) in legal  # over a gamble ring, overlapping itself
    # Everything else within 4 steps is refused.
    for dx in range(-4, 5):
        for dy in range(-4, 5):
            to = (RED_AT[0] + dx, RED_AT[1] + dy)
            if to not in legal:
                refused(m, {"do": "move", "to": list(to)})


def test_move_on_a_small_board():
    board = BoardSpec.plain(8, 8)
    m = scenario({"red": dict(at=(5, 5), cavern=(0, 0)), "blue": dict(at=(0, 5), cavern=(0, 7))},
                 board=board)
    legal = cells_of(of(m, "move"), "to")
    assert legal == expected_moves((5, 5), {(0, 0), (0, 7)} | own_cells((0, 5)), size=8)
    refused(m, {"do": "move", "to": [7, 5]}, "leave the board")


# ===== Claim (R19) ====================================================================


@pytest.mark.parametrize("kind", ["town", "city", "ruin", "place"])
def test_claim_adjacent_unclaimed(kind):
    kw = ({"places": [("citadel_of_torture", (7, 5), None)]} if kind == "place"
          else {"settlements": [(kind, (7, 5), None)]})
    m = scenario({"red": dict(at=RED_AT, rings=4), "blue": dict(at=FAR)}, **kw)
    assert of(m, "claim") == [{"do": "claim", "at": [7, 5]}]
    events = m.submit({"do": "claim", "at": [7, 5]})
    key = "places" if kind == "place" else "settlements"
    assert snap(m)[key][0]["claim"] == "red"
    assert snap(m)["dragons"]["red"]["rings_in_supply"] == 3
    assert [e["at"] for e in kinds(events, "claim")] == [[7, 5]]
    assert m.actions_left == 2


@pytest.mark.parametrize("cell", [(7, 5), (8, 5), (7, 6), (8, 6)])
def test_any_cell_of_a_place_names_it(cell):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 places=[("soul_mine", (7, 5), None)])
    m.submit({"do": "claim", "at": list(cell)})
    assert snap(m)["places"][0]["claim"] == "red"


def test_claim_refused_when_not_adjacent():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 settlements=[("town", (8, 5), None)], places=[("soul_mine", (5, 8), None)])
    refused(m, {"do": "claim", "at": [8, 5]}, "not adjacent")
    refused(m, {"do": "claim", "at": [5, 8]}, "not adjacent")
    assert of(m, "claim") == []


def test_claim_refused_on_empty_cell_or_non_settlement():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=(7, 5), cavern=(4, 4))},
                 chest=(5, 4))
    for cell in [(4, 5), (7, 5), (4, 4), (5, 4), (5, 5)]:
        refused(m, {"do": "claim", "at": list(cell)}, "no settlement or place")


@pytest.mark.parametrize("owner", ["red", "blue"])
@pytest.mark.parametrize("kind", ["town", "place"])
def test_claim_refused_when_already_claimed(owner, kind):
    kw = ({"places": [("madhouse", (7, 5), owner)]} if kind == "place"
          else {"settlements": [("town", (7, 5), owner)]})
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR, rings=9)}, **kw)
    reason = refused(m, {"do": "claim", "at": [7, 5]}, "already claims")
    if owner == "blue":
        assert "Claim Settlement" in reason
    assert of(m, "claim") == []


def test_claim_refused_with_no_rings_in_supply():
    m = scenario({"red": dict(at=RED_AT, rings=0), "blue": dict(at=FAR)},
                 settlements=[("town", (7, 5), None)])
    refused(m, {"do": "claim", "at": [7, 5]}, "no claim rings")
    assert of(m, "claim") == [] and of(m, "gamble") == [] and of(m, "claim_settlement") == []


def test_last_ring_can_be_used():
    m = scenario({"red": dict(at=RED_AT, rings=1), "blue": dict(at=FAR)},
                 settlements=[("town", (7, 5), None), ("town", (4, 4), None)])
    m.submit({"do": "claim", "at": [7, 5]})
    assert snap(m)["dragons"]["red"]["rings_in_supply"] == 0
    refused(m, {"do": "claim", "at": [4, 4]}, "no claim rings")


# ===== Claim Settlement (R20) =========================================================


@pytest.mark.parametrize("kind", ["town", "city", "ruin", "place"])
def test_claim_settlement_takes_over(kind):
    kw = ({"places": [("soul_mine", (7, 5), "blue")]} if kind == "place"
          else {"settlements": [(kind, (7, 5), "blue")]})
    m = scenario({"red": dict(at=RED_AT, rings=5), "blue": dict(at=FAR, rings=6)}, **kw)
    assert of(m, "claim_settlement") == [{"do": "claim_settlement", "at": [7, 5]}]
    m.submit({"do": "claim_settlement", "at": [7, 5]})
    key = "places" if kind == "place" else "settlements"
    assert snap(m)[key][0]["claim"] == "red"
    assert snap(m)["dragons"]["red"]["rings_in_supply"] == 4
    assert snap(m)["dragons"]["blue"]["rings_in_supply"] == 7
    assert m.actions_left == 1


def test_claim_settlement_refused_with_one_action_left():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, rings=9)},
                 settlements=[("town", (7, 5), "blue")], actions_left=1)
    refused(m, {"do": "claim_settlement", "at": [7, 5]}, "costs 2")
    assert of(m, "claim_settlement") == []


def test_claim_settlement_allowed_with_two_actions_left_then_turn_passes():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, rings=9)},
                 settlements=[("town", (7, 5), "blue")], actions_left=2)
    m.submit({"do": "claim_settlement", "at": [7, 5]})
    assert m.pending.dragon == "blue"
    assert m.actions_left == 3


@pytest.mark.parametrize("owner", [None, "red"])
def test_claim_settlement_refused_on_unclaimed_or_own(owner):
    m = scenario({"red": dict(at=RED_AT, rings=9), "blue": dict(at=FAR)},
                 settlements=[("town", (7, 5), owner)])
    refused(m, {"do": "claim_settlement", "at": [7, 5]},
            "nobody claims" if owner is None else "already claims")
    assert of(m, "claim_settlement") == []


def test_claim_settlement_needs_adjacency_and_a_ring():
    m = scenario({"red": dict(at=RED_AT, rings=0), "blue": dict(at=FAR, rings=8)},
                 settlements=[("town", (7, 5), "blue"), ("town", (9, 5), "blue")])
    refused(m, {"do": "claim_settlement", "at": [7, 5]}, "no claim rings")
    m2 = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, rings=8)},
                  settlements=[("town", (7, 5), "blue"), ("town", (9, 5), "blue")])
    refused(m2, {"do": "claim_settlement", "at": [9, 5]}, "not adjacent")


# ===== Abandon (R27) ==================================================================


def test_abandon_own_ring_anywhere():
    m = scenario({"red": dict(at=RED_AT, rings=6), "blue": dict(at=FAR, rings=9)},
                 settlements=[("town", (18, 1), "red"), ("city", (0, 12), "blue")],
                 places=[("soul_mine", (12, 3), "red")],
                 gambles=[((17, 17), "red"), ((3, 3), "blue")])
    legal = cells_of(of(m, "abandon"), "at")
    assert legal == {(18, 1), (12, 3), (17, 17)}
    m.submit({"do": "abandon", "at": [18, 1]})
    m.submit({"do": "abandon", "at": [17, 17]})
    m.submit({"do": "abandon", "at": [13, 4]})  # any cell of the place
    s = snap(m)
    assert s["settlements"] == [{"kind": "town", "at": [18, 1], "claim": None},
                                {"kind": "city", "at": [0, 12], "claim": "blue"}]
    assert s["places"][0]["claim"] is None
    assert s["gambles"] == [{"at": [3, 3], "owner": "blue"}]
    assert s["dragons"]["red"]["rings_in_supply"] == 9
    assert s["dragons"]["blue"]["rings_in_supply"] == 9


@pytest.mark.parametrize("cell", [(0, 12), (3, 3), (7, 5), (10, 10), (12, 3)])
def test_abandon_refused_for_others_ring_or_no_ring(cell):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, rings=7)},
                 settlements=[("city", (0, 12), "blue"), ("town", (7, 5), None)],
                 places=[("soul_mine", (12, 3), "blue")], gambles=[((3, 3), "blue")])
    refused(m, {"do": "abandon", "at": list(cell)}, "no claim ring")
    assert of(m, "abandon") == []


def test_abandon_works_with_empty_supply():
    m = scenario({"red": dict(at=RED_AT, rings=0), "blue": dict(at=FAR)},
                 gambles=[((0, 0), "red")])
    m.submit({"do": "abandon", "at": [0, 0]})
    assert snap(m)["gambles"] == []
    assert snap(m)["dragons"]["red"]["rings_in_supply"] == 1


# ===== Gamble (R28) ===================================================================


def test_gamble_on_adjacent_empty_cell():
    m = scenario({"red": dict(at=RED_AT, rings=3), "blue": dict(at=FAR)})
    events = m.submit({"do": "gamble", "at": [7, 7]})
    assert snap(m)["gambles"] == [{"at": [7, 7], "owner": "red"}]
    assert snap(m)["dragons"]["red"]["rings_in_supply"] == 2
    assert [e["at"] for e in kinds(events, "gamble")] == [[7, 7]]


def test_gamble_targets_exclude_pieces_rings_and_blocked():
    board = BoardSpec(width=20, height=20, blocked=frozenset({(4, 6)}))
    m = scenario({"red": dict(at=RED_AT, cavern=(4, 4)), "blue": dict(at=(7, 6))},
                 settlements=[("town", (5, 4), None)], chest=(7, 4),
                 gambles=[((6, 4), "blue"), ((4, 7), "red")], board=board)
    legal = cells_of(of(m, "gamble"), "at")
    assert legal == {(4, 5), (7, 5), (5, 7), (6, 7)}
    refused(m, {"do": "gamble", "at": [4, 4]}, "holds")       # own cavern
    refused(m, {"do": "gamble", "at": [5, 4]}, "holds")       # a town
    refused(m, {"do": "gamble", "at": [7, 4]}, "holds")       # the chest
    refused(m, {"do": "gamble", "at": [7, 6]}, "holds")       # another dragon
    refused(m, {"do": "gamble", "at": [6, 4]}, "already a ring")
    refused(m, {"do": "gamble", "at": [4, 7]}, "already a ring")
    refused(m, {"do": "gamble", "at": [4, 6]}, "blocked")
    refused(m, {"do": "gamble", "at": [5, 5]}, "not adjacent")  # own cell
    refused(m, {"do": "gamble", "at": [8, 5]}, "not adjacent")
    refused(m, {"do": "gamble", "at": [3, 3]}, "not adjacent")


def test_gamble_needs_a_ring():
    m = scenario({"red": dict(at=RED_AT, rings=0), "blue": dict(at=FAR)})
    refused(m, {"do": "gamble", "at": [7, 7]}, "no claim rings")


# ===== Stealing: who and where ========================================================


@pytest.mark.parametrize(("cavern", "adjacent"), [
    ((7, 5), True), ((4, 4), True), ((7, 7), True), ((5, 7), True), ((8, 5), False),
    ((3, 3), False), ((5, 8), False), ((9, 9), False),
])
def test_steal_cavern_needs_adjacency_to_that_cavern(cavern, adjacent):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, cavern=cavern, coins=5)},
                 dice=[12])
    assert (of(m, "steal_cavern") == [{"do": "steal_cavern", "dragon": "blue"}]) is adjacent
    if adjacent:
        m.submit({"do": "steal_cavern", "dragon": "blue"})
        assert coins(m, "blue") == 4
    else:
        refused(m, {"do": "steal_cavern", "dragon": "blue"}, "not adjacent")


def test_adjacent_dragon_is_not_its_cavern():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=(7, 5), cavern=(12, 12), coins=5)})
    refused(m, {"do": "steal_cavern", "dragon": "blue"}, "not adjacent")
    refused(m, {"do": "steal_for_thief", "dragon": "blue"}, "not adjacent")


def test_cannot_steal_from_own_cavern():
    m = scenario({"red": dict(at=RED_AT, cavern=(7, 5), coins=5), "blue": dict(at=FAR)})
    refused(m, {"do": "steal_cavern", "dragon": "red"}, "itself")
    refused(m, {"do": "steal_for_thief", "dragon": "red"}, "itself")
    refused(m, {"do": "attack", "dragon": "red"}, "itself")
    assert of(m, "steal_cavern") == []


def test_undead_without_resting_place_has_no_cavern():
    m = scenario({"red": dict(at=RED_AT), "undead": dict(at=(7, 5), coins=9)})
    assert snap(m)["dragons"]["undead"]["cavern"] is None
    refused(m, {"do": "steal_cavern", "dragon": "undead"}, "no cavern")
    refused(m, {"do": "steal_for_thief", "dragon": "undead"}, "no cavern")
    assert of(m, "steal_cavern") == [] and of(m, "steal_for_thief") == []
    assert of(m, "attack") == [{"do": "attack", "dragon": "undead"}]  # still attackable


@pytest.mark.parametrize(("place_at", "adjacent"), [
    ((7, 5), True), ((7, 7), True), ((3, 3), True), ((5, 3), True), ((4, 7), True),
    ((8, 5), False), ((2, 2), False), ((5, 8), False), ((8, 8), False),
])
def test_immortals_resting_place_is_the_undead_cavern(place_at, adjacent):
    m = scenario({"red": dict(at=RED_AT), "undead": dict(at=FAR, coins=9)},
                 places=[("immortals_resting_place", place_at, None)], dice=[17, 17])
    assert (of(m, "steal_cavern") == [{"do": "steal_cavern", "dragon": "undead"}]) is adjacent
    assert (of(m, "steal_for_thief") == [{"do": "steal_for_thief", "dragon": "undead"}]
            ) is adjacent
    if adjacent:
        m.submit({"do": "steal_cavern", "dragon": "undead"})
        assert (coins(m, "red"), coins(m, "undead")) == (3, 6)
        m.submit({"do": "steal_for_thief", "dragon": "undead"})
        assert (coins(m, "undead"), snap(m)["chest"]["coins"]) == (3, 3)
    else:
        refused(m, {"do": "steal_cavern", "dragon": "undead"}, "not adjacent")


def test_destroyed_resting_place_leaves_the_undead_homeless():
    m = scenario({"red": dict(at=RED_AT), "undead": dict(at=FAR, coins=9)},
                 places=[("immortals_resting_place", (7, 5), None)], dice=[18])
    assert of(m, "steal_cavern") == [{"do": "steal_cavern", "dragon": "undead"}]
    m.submit({"do": "destroy", "at": [7, 5]})
    refused(m, {"do": "steal_cavern", "dragon": "undead"}, "no cavern")
    assert of(m, "steal_cavern") == []


def test_other_place_is_not_the_undead_cavern():
    m = scenario({"red": dict(at=RED_AT), "undead": dict(at=FAR, coins=9)},
                 places=[("soul_mine", (7, 5), None)])
    refused(m, {"do": "steal_cavern", "dragon": "undead"}, "no cavern")


@pytest.mark.parametrize(("chest", "adjacent"), [
    ((7, 5), True), ((4, 4), True), ((7, 7), True), ((6, 4), True),
    ((8, 5), False), ((3, 3), False), ((6, 8), False),
])
def test_steal_chest_needs_adjacency(chest, adjacent):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)},
                 chest=chest, chest_coins=5, dice=[16])
    assert (of(m, "steal_chest") == [{"do": "steal_chest"}]) is adjacent
    if adjacent:
        m.submit({"do": "steal_chest"})
        assert (coins(m, "red"), snap(m)["chest"]["coins"]) == (3, 2)
    else:
        refused(m, {"do": "steal_chest"}, "not adjacent")


def test_steal_chest_refused_when_chest_not_on_board():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR)}, chest=None, chest_coins=4)
    refused(m, {"do": "steal_chest"}, "not on the board")
    assert of(m, "steal_chest") == []


def test_steal_for_thief_costs_two():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, cavern=(7, 5), coins=5)},
                 dice=[12])
    m.submit({"do": "steal_for_thief", "dragon": "blue"})
    assert m.actions_left == 1
    refused(m, {"do": "steal_for_thief", "dragon": "blue"}, "costs 2")
    assert of(m, "steal_for_thief") == []
    assert of(m, "steal_cavern") == [{"do": "steal_cavern", "dragon": "blue"}]


@pytest.mark.parametrize(("cavern", "adjacent"), [((7, 5), True), ((8, 5), False)])
def test_steal_for_thief_needs_adjacent_cavern(cavern, adjacent):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR, cavern=cavern, coins=5)},
                 dice=[12])
    if adjacent:
        m.submit({"do": "steal_for_thief", "dragon": "blue"})
        assert (coins(m, "blue"), snap(m)["chest"]["coins"]) == (4, 1)
    else:
        refused(m, {"do": "steal_for_thief", "dragon": "blue"}, "not adjacent")


# ===== R17 turn structure =============================================================


def three_dragons(**kw):
    return scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR), "green": dict(at=(10, 1))},
                    **kw)


def test_three_actions_then_the_turn_passes():
    m = three_dragons()
    for i, to in enumerate([(6, 5), (7, 5), (8, 5)]):
        assert m.pending.dragon == "red"
        assert m.actions_left == 3 - i
        m.submit({"do": "move", "to": list(to)})  # the same action, repeated
    assert m.pending.dragon == "blue"
    assert m.pending.kind == "action"
    assert m.actions_left == 3
    assert snap(m)["turn"] == "blue"
    assert snap(m)["dragons"]["red"]["at"] == [8, 5]
    types = [e["type"] for e in m.events]
    assert types[-2:] == ["turn_end", "turn"]


def test_actions_can_repeat_with_different_kinds():
    m = three_dragons(settlements=[("town", (7, 5), None), ("town", (4, 4), None)])
    m.submit({"do": "gamble", "at": [7, 7]})
    m.submit({"do": "gamble", "at": [4, 7]})
    m.submit({"do": "claim", "at": [7, 5]})
    assert m.pending.dragon == "blue"
    assert len(snap(m)["gambles"]) == 2
    assert snap(m)["dragons"]["red"]["rings_in_supply"] == 7


@pytest.mark.parametrize("first", [0, 1, 2])
def test_end_turn_ends_early(first):
    m = three_dragons()
    for to in [(6, 5), (7, 5)][:first]:
        m.submit({"do": "move", "to": list(to)})
    events = m.submit({"do": "end_turn"})
    assert m.pending.dragon == "blue"
    assert m.actions_left == 3
    assert [e["type"] for e in events if e["type"] in ("turn_end", "turn")] == [
        "turn_end", "turn"]
    m.submit({"do": "end_turn"})
    assert m.pending.dragon == "green"


def test_turn_order_follows_order_not_seats():
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=FAR), "green": dict(at=(10, 1))},
                 order=["blue", "green", "red"], turn="green")
    assert m.pending.dragon == "green"
    m.submit({"do": "end_turn"})
    assert m.pending.dragon == "red"


def test_two_cost_then_one_cost_ends_turn():
    m = three_dragons(settlements=[("town", (7, 5), "blue")])
    m.submit({"do": "claim_settlement", "at": [7, 5]})
    assert m.actions_left == 1
    refused(m, {"do": "claim_settlement", "at": [7, 5]}, "costs 2")
    m.submit({"do": "move", "to": [4, 4]})
    assert m.pending.dragon == "blue"


def test_end_turn_always_legal():
    m = scenario({"red": dict(at=(0, 0), rings=0), "blue": dict(at=FAR)}, actions_left=1)
    assert m.legal_answers()[-1] == {"do": "end_turn"}


# ===== Legal list == accepted answers =================================================


def _layout_busy():
    board = BoardSpec(width=20, height=20, blocked=frozenset({(4, 5), (9, 9)}))
    return dict(
        dragons={"red": dict(at=RED_AT, coins=5, rings=3, cavern=(2, 2)),
                 "blue": dict(at=(7, 6), coins=4, rings=7, cavern=(4, 4)),
                 "green": dict(at=(10, 10), coins=6, rings=8, cavern=(7, 4))},
        settlements=[("town", (5, 4), None), ("city", (4, 6), "blue"), ("ruin", (6, 7), "red"),
                     ("town", (12, 12), "red"), ("town", (14, 1), "green")],
        places=[("soul_mine", (2, 7), "green"), ("madhouse", (15, 5), None)],
        gambles=[((7, 5), "green"), ((15, 3), "red"), ((5, 7), "blue")],
        chest=(6, 4), chest_coins=3, board=board)


def _layout_tight():
    lay = _layout_busy()
    lay["dragons"]["red"]["rings"] = 0
    lay["actions_left"] = 1
    return lay


def _layout_corner():
    # Gold at the top-left corner: the town (2,0) and Copper's city (2,1) are adjacent,
    # the ruin (4,1) is not; the Undead at (2,2) touches Gold diagonally; the chest (0,2)
    # is adjacent; Copper's cavern (0,5) and the Immortals Resting Place (2,5) are not.
    return dict(
        dragons={"gold": dict(at=(0, 0), coins=2, rings=10, cavern=(10, 0)),
                 "undead": dict(at=(2, 2), coins=3),
                 "copper": dict(at=(18, 18), rings=6, cavern=(0, 5))},
        settlements=[("town", (2, 0), None), ("city", (2, 1), "copper"), ("ruin", (4, 1), None)],
        places=[("immortals_resting_place", (2, 5), None)],
        chest=(0, 2), chest_coins=0)


def _layout_undead_turn():
    lay = _layout_corner()
    lay["turn"] = "undead"
    lay["order"] = ["undead", "gold", "copper"]
    lay["places"] = [("immortals_resting_place", (2, 5), "gold")]
    lay["dragons"]["gold"]["rings"] = 9
    return lay


LAYOUTS = {"busy": _layout_busy, "tight": _layout_tight, "corner": _layout_corner,
           "undead_turn": _layout_undead_turn}


def build(layout):
    lay = LAYOUTS[layout]()
    dragons = lay.pop("dragons")
    return scenario(dragons, **lay)


def canonical(doc, answer):
    """Map a cell of a 2x2 place to the place's top-left (FORMATS.md: any of its cells
    names it) for the actions that target pieces."""
    if answer["do"] not in ("claim", "claim_settlement", "destroy", "abandon"):
        return answer
    cell = tuple(answer["at"])
    for p in doc["places"]:
        if cell in own_cells(tuple(p["at"])):
            return {**answer, "at": list(p["at"])}
    return answer


def all_candidates(doc):
    cells = [[c, r] for r in range(-1, 21) for c in range(-1, 21)]
    for cell in cells:
        yield {"do": "move", "to": cell}
        for do in ("claim", "claim_settlement", "destroy", "abandon", "gamble"):
            yield {"do": do, "at": cell}
    for name in [*doc["dragons"], "nobody"]:
        for do in ("steal_cavern", "steal_for_thief", "attack"):
            yield {"do": do, "dragon": name}
    yield {"do": "steal_chest"}
    yield {"do": "end_turn"}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_legal_answer_is_accepted(layout):
    m = build(layout)
    legal = m.legal_answers()
    assert len({repr(a) for a in legal}) == len(legal), "duplicates in the legal list"
    start = m.snapshot()
    for answer in legal:
        fresh = Match.restore(start, board=m.board)
        fresh.submit(answer)  # must not raise


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_candidate_outside_the_legal_list_is_refused(layout):
    m = build(layout)
    doc = m.snapshot()
    legal = m.legal_answers()
    refusals = 0
    for answer in all_candidates(doc):
        if canonical(doc, answer) in legal:
            continue
        with pytest.raises(IllegalAnswer):
            m.submit(answer)
        refusals += 1
    assert m.snapshot() == doc
    assert m.events == []
    assert refusals > 2000


def test_busy_layout_legal_list_is_what_the_rules_say():
    m = build("busy")
    legal = m.legal_answers()
    by = {do: [a for a in legal if a["do"] == do] for do in {a["do"] for a in legal}}
    # Red (3 rings, 3 actions) at (5,5); blue adjacent at (7,6); blue's cavern (4,4) and
    # green's cavern (7,4) are adjacent; the chest (6,4) is adjacent.
    assert cells_of(by["claim"], "at") == {(5, 4)}
    assert cells_of(by["claim_settlement"], "at") == {(4, 6)}
    assert cells_of(by["destroy"], "at") == {(5, 4), (4, 6), (6, 7)}
    assert cells_of(by["abandon"], "at") == {(6, 7), (12, 12), (15, 3)}
    # Ring of (5,5): (4,4) cavern, (5,4) town, (6,4) chest, (7,4) cavern, (4,5) blocked,
    # (7,5) gamble, (4,6) city, (7,6) blue, (4,7) free, (5,7) gamble, (6,7) ruin,
    # (7,7) blue.
    assert cells_of(by["gamble"], "at") == {(4, 7)}
    assert by["steal_cavern"] == [{"do": "steal_cavern", "dragon": "blue"},
                                  {"do": "steal_cavern", "dragon": "green"}]
    assert by["steal_for_thief"] == [{"do": "steal_for_thief", "dragon": "blue"},
                                     {"do": "steal_for_thief", "dragon": "green"}]
    assert by["attack"] == [{"do": "attack", "dragon": "blue"}]
    assert by["steal_chest"] == [{"do": "steal_chest"}]
    assert by["end_turn"] == [{"do": "end_turn"}]
    occupied = ({(2, 2), (4, 4), (7, 4), (5, 4), (4, 6), (6, 7), (12, 12), (14, 1), (6, 4)}
                | own_cells((7, 6)) | own_cells((10, 10)) | own_cells((2, 7))
                | own_cells((15, 5)))
    assert cells_of(by["move"], "to") == expected_moves(RED_AT, occupied, {(4, 5), (9, 9)})


def test_tight_layout_has_no_two_cost_and_no_ring_actions():
    m = build("tight")
    dos = {a["do"] for a in m.legal_answers()}
    assert dos == {"move", "destroy", "abandon", "steal_cavern", "steal_chest", "attack",
                   "end_turn"}


def test_corner_layout_gold_and_the_undead():
    m = build("corner")
    legal = m.legal_answers()
    assert {"do": "claim", "at": [2, 0]} in legal
    assert {"do": "claim_settlement", "at": [2, 1]} in legal
    assert {"do": "claim", "at": [4, 1]} not in legal
    assert of(m, "destroy") == []  # Gold: only settlements are adjacent here
    assert of(m, "attack") == [{"do": "attack", "dragon": "undead"}]
    assert of(m, "steal_cavern") == []  # the Undead's cavern (the place) is not adjacent
    assert of(m, "steal_chest") == [{"do": "steal_chest"}]
    m.submit({"do": "move", "to": [0, 3]})
    # Now at (0,3)-(1,4): the place (2,5) touches diagonally, Copper's cavern (0,5) below.
    assert of(m, "steal_cavern") == [{"do": "steal_cavern", "dragon": "undead"},
                                     {"do": "steal_cavern", "dragon": "copper"}]
    assert of(m, "destroy") == [{"do": "destroy", "at": [2, 5]}]  # Gold may destroy a place
    assert of(m, "attack") == [{"do": "attack", "dragon": "undead"}]


# ===== Malformed answers ==============================================================


MALFORMED = [
    {"do": "fly"}, {"do": "move"}, {"do": "move", "to": "x"}, {"do": "move", "to": [1]},
    {"do": "move", "to": [1, 2, 3]}, {"do": "move", "to": [6.0, 5]},
    {"do": "move", "to": [True, 5]}, {"do": "move", "to": None}, {"do": "move", "to": {}},
    {"do": "move", "to": ["6", "5"]}, {"do": "claim"}, {"do": "claim", "at": 7},
    {"do": "destroy", "at": "7,5"}, {"do": "gamble", "at": [7]}, {"do": "abandon"},
    {"do": "claim_settlement", "at": [None, None]}, {"do": "attack"},
    {"do": "attack", "dragon": 3}, {"do": "attack", "dragon": "Blue"},
    {"do": "steal_cavern"}, {"do": "steal_for_thief", "dragon": None}, {}, {"do": None},
    {"do": 1}, {"do": "MOVE", "to": [6, 5]}, {"to": [6, 5]},
    {"do": ["move"], "to": [6, 5]}, {"do": {"move": 1}},
    {"do": "attack", "dragon": ["blue"]}, {"do": "steal_cavern", "dragon": {"name": "blue"}},
    {"do": "steal_for_thief", "dragon": ["blue"]},
    "move", None, ["move", [6, 5]], 3,
]


@pytest.mark.parametrize("answer", MALFORMED, ids=[repr(a) for a in MALFORMED])
def test_malformed_answers_are_refused_with_illegal_answer(answer):
    m = scenario({"red": dict(at=RED_AT), "blue": dict(at=(7, 5), cavern=(4, 4))},
                 settlements=[("town", (5, 4), None)])
    refused(m, answer)


def test_refusal_after_some_actions_leaves_game_unchanged():
    m = scenario({"red": dict(at=RED_AT, coins=3), "blue": dict(at=(7, 5), cavern=(4, 4))},
                 settlements=[("town", (5, 4), None)], dice=[12, 9, 9])
    m.submit({"do": "steal_cavern", "dragon": "blue"})
    for answer in [{"do": "move", "to": [9, 9]}, {"do": "claim", "at": [7, 5]},
                   {"do": "gamble", "at": [5, 4]}, {"do": "steal_chest"},
                   {"do": "claim_settlement", "at": [5, 4]}]:
        refused(m, answer)
    # The unused scripted dice are still there for the next roll.
    m.submit({"do": "attack", "dragon": "blue"})
    rolls = [e for e in kinds(m.events, "roll") if e["purpose"] in ("attack", "defend")]
    assert [r["face"] for r in rolls] == [9, 9]


def test_adjacent_is_exactly_a_gap_of_one():
    """geometry.adjacent (comparisons only, on the rules' hot paths) says the same as
    rect_gap(...) == 1 for every pair of footprints of sizes 1-3 around each other."""
    cells = list(itertools.product(range(-1, 6), repeat=2))
    for a, b in itertools.product(cells, cells):
        for asize, bsize in itertools.product((1, 2, 3), repeat=2):
            assert adjacent(a, asize, b, bsize) == (rect_gap(a, asize, b, bsize) == 1), \
                (a, asize, b, bsize)


def test_an_answer_with_both_a_power_and_a_card_is_refused():
    """Such an answer was checked as the power and then played as the card, unchecked:
    an answer names one thing (a legal power plus a card not held is refused too)."""
    from tests.helpers import refused  # noqa: PLC0415 (test helpers)
    from tests.test_random_games import crowded_start  # noqa: PLC0415

    m = crowded_start(0, ("fighter", None, None))
    while m.stack[-1]["step"] != "action" or not any(
            "power" in a for a in m.legal_answers()):
        m.submit(m.legal_answers()[-1])
    power = next(a for a in m.legal_answers() if "power" in a)
    for card in ("fighter", "speedster", "robber"):
        refused(m, {**power, "play": card}, "power", "card", "not both")
    m.submit(power)  # the power alone is still fine
