"""The balance lab's plain-words findings (game/balance/findings.py) on made-up results:
a favoured seat is named with what lies near its dragon's start; a fair map is called fair."""

from __future__ import annotations

from game.balance import findings, stats, summary
from game.board import BoardSpec, Preplaced

# seat 3's cavern (10, 10) has three towns and a city beside it; the others nothing
BOARD = BoardSpec(width=20, height=20, cavern_spots=((1, 1), (18, 1), (10, 10), (1, 18)),
                  pieces=(Preplaced("town", (11, 10)), Preplaced("town", (9, 11)),
                          Preplaced("town", (12, 12)), Preplaced("city", (10, 13))))


def results(wins: tuple[int, ...], games: int = 200) -> dict:
    groups = [{"kind": "spawn", "label": f"seat {s + 1}", "key": s, "wins": w,
               "games": games, "fair": 0.25} for s, w in enumerate(wins)]
    return {"games": games, "fair_share": 0.25, "groups": stats.fairness(groups),
            "plan": {"levels": ["normal"] * 4, "round_cap": 60, "target": 50},
            "ends": {"target": games, "round_cap": 0, "tie": 0, "thief": 0},
            "length": {"mean_rounds": 11.0}, "places_won": {}}


def test_spawn_geography_counts_what_is_near_each_cavern():
    geo = findings.spawn_geography(BOARD)
    assert geo[2]["near"] == {"town": 3, "city": 1, "place_of_power": 0}
    assert geo[2]["start"] == [10, 11]  # R7: east and south-east are taken by towns
    assert geo[2]["nearest"] == {"town": 1, "city": 1, "place_of_power": None}
    assert geo[0]["near"]["town"] == 0


def test_a_favoured_seat_is_named_with_its_reason_and_nothing_else():
    lines = findings.findings(results((40, 40, 82, 38)), BOARD)
    unfair = [line for line in lines if "more than chance" in line]
    assert len(unfair) == 1 and unfair[0].startswith("Seat 3 wins 41% [34–48]")
    assert "3 towns (nearest 1), 1 city (nearest 1) within 4 cells" in unfair[0]
    assert "the nearest and richest surroundings of any start" in unfair[0]


def test_mirror_caverns_do_not_give_mirror_starts():
    # R7 puts each dragon east of its cavern: in the mirror, seat 1's dragon starts next
    # to its town and seat 2's three cells from its own (the lab measured 39% and 21%)
    board = BoardSpec(width=14, height=14, cavern_spots=((2, 2), (11, 2)),
                      pieces=(Preplaced("town", (4, 4)), Preplaced("town", (9, 4))))
    geo = findings.spawn_geography(board)
    assert [row["start"] for row in geo] == [[3, 2], [12, 2]]
    assert [row["nearest"]["town"] for row in geo] == [1, 3]
    assert geo[0]["value"] > geo[1]["value"]


def test_a_fair_map_is_called_fair():
    lines = findings.findings(results((50, 48, 52, 50)), BOARD)
    assert lines[0].startswith("Fair as far as 200 games can tell")
    assert not any(line.startswith("Seat") for line in lines)


def test_seats_below_fair_because_one_is_favoured_are_said_once_as_its_cost():
    lines = findings.findings(results((30, 30, 110, 30)), BOARD)
    assert lines[0].startswith("Seat 3 wins 55%") and "p < 0.0001" in lines[0]
    assert lines[1].startswith("The other seats pay for it: seat 1 wins 15%")
    assert not any(line.startswith(("Seat 1", "Seat 2", "Seat 4")) for line in lines)


def test_a_turn_position_that_follows_from_its_seats_is_said_so():
    group = {"kind": "turn", "label": "first-turn position 3", "key": 2, "wins": 140,
             "games": 400, "fair": 0.25, "seat_expected": 0.34}
    res = results((100, 100, 100, 100), games=400)
    res["groups"] += stats.fairness([group])
    lines = findings.findings(res, BOARD)
    turn = next(line for line in lines if line.startswith("First-turn position 3"))
    assert "it follows from where it sat, not from the order itself" in turn


def test_a_dragon_effect_names_what_the_rules_give_it():
    group = {"kind": "dragon", "label": "Copper", "key": "copper", "wins": 80,
             "games": 170, "fair": 0.25}
    res = results((100, 100, 100, 100), games=400)
    res["groups"] += stats.fairness([group])
    line = next(x for x in findings.findings(res, BOARD) if x.startswith("Copper"))
    assert "Copper doubles its towns' tribute coins (R31)" in line


def test_a_dragon_effect_under_the_even_dragons_rule_names_what_the_rule_leaves():
    # 1,200 games on Riverfell with H1 on still found Copper at 31% [28-33]: the finding
    # must not blame the book's doubling, which the house rule has trimmed
    group = {"kind": "dragon", "label": "Copper", "key": "copper", "wins": 80,
             "games": 170, "fair": 0.25}
    res = results((100, 100, 100, 100), games=400)
    res["plan"]["house"] = ["even-dragons"]
    res["groups"] += stats.fairness([group])
    line = next(x for x in findings.findings(res, BOARD) if x.startswith("Copper"))
    assert "Even with the even dragons house rule on" in line
    assert "on a Rich or Lavish roll" in line and "The book's rules" not in line


def test_a_lone_dragon_is_explained_by_its_distance_to_rivals():
    # seat 1 starts alone on the east bank of a wall with one gap; seats 2-4 crowd the west
    wall = frozenset((12, r) for r in range(20) if r != 0)
    board = BoardSpec(width=20, height=20, blocked=wall,
                      cavern_spots=((16, 10), (2, 2), (2, 8), (8, 2)))
    geo = findings.spawn_geography(board, 4)
    assert geo[0]["rival"] > 1.5 * max(r["rival"] for r in geo[1:])
    line = findings.findings(results((100, 33, 33, 34)), board)[0]
    assert line.startswith("Seat 1 wins 50%")
    assert f"its nearest rival starts {geo[0]['rival']} steps away" in line


def test_a_dragon_far_from_the_places_of_power_is_explained_so():
    # the Dragonmarch's lesson: the dragon starting farthest from the only place of power
    # won most in its 1st and 2nd editions; seats 1-3 start 2-5 cells from it, seat 4 at 13
    board = BoardSpec(width=24, height=24, pieces=(Preplaced("place_of_power", (8, 8)),),
                      cavern_spots=((4, 8), (13, 8), (8, 13), (21, 21)))
    geo = findings.spawn_geography(board, 4)
    assert [row["nearest"]["place_of_power"] for row in geo] == [2, 5, 4, 13]
    line = findings.findings(results((33, 33, 34, 100)), board)[0]
    assert line.startswith("Seat 4 wins 50%")
    assert ("its dragon starts farthest from the places of power (13 cells; the other "
            "dragons: 2–5)") in line
    assert "do not explain it alone" not in line
    # a seat below fair is not explained by it, nor one that is merely as far as another
    even = BoardSpec(width=24, height=24, pieces=(Preplaced("place_of_power", (8, 8)),),
                     cavern_spots=((4, 8), (13, 8), (8, 13), (8, 3)))
    assert "farthest from" not in findings.findings(results((33, 33, 34, 100)), even)[0]


def _record(game: int, turns: list[int], winner: int) -> dict:
    return {"game": game, "seed": game, "winners": [winner], "thief": False,
            "end": "target", "tie_rounds": 0, "rounds": 10, "decisions": 1,
            "coins": [[0] * len(turns)], "tribute": {}, "lost": {}, "places_won": [],
            "seats": [{"seat": s, "entry": s, "level": "normal", "dragon": f"d{s}",
                       "cavern": None, "turn": t} for s, t in enumerate(turns)]}


def test_a_seat_is_told_how_often_it_moved_first_and_what_that_predicts():
    """Seat 1 moves first in 3 of 4 games (R16's lowest seat); whoever moves first never
    wins. Its predicted rate comes from the other seats' games at each position only."""
    order = [[0, 1, 2], [0, 2, 1], [0, 1, 2], [1, 2, 0]]  # seat s's round-1 position
    winners = [1, 2, 1, 1]  # seat 2 (index 1) or 3 wins, never the first mover
    records = [_record(g, order[g], w) for g, w in enumerate(winners)]
    res = summary.summarize(records, BoardSpec.plain(),
                            {"levels": ["normal"] * 3, "round_cap": 60, "target": 50})
    seat1 = next(g for g in res["groups"] if g["label"] == "seat 1")
    assert seat1["moved_first"] == 0.75 and seat1["moved_last"] == 0.0
    # seat 1 sat at position 0 three times (the others won 0 of their 1 game there) and
    # at position 1 once (the others won all 3 of theirs there): 1 win in 4 predicted
    assert seat1["turn_expected"] == 0.25
    assert next(g for g in res["groups"] if g["label"] == "seat 3")["moved_first"] == 0.25


def _turn_led_results() -> dict:
    res = results((40, 66, 66, 68), games=240)
    for g in res["groups"]:
        g.update({"turn_expected": 0.25, "moved_first": 0.25, "moved_last": 0.25})
    res["groups"][0].update({"turn_expected": 0.19, "moved_first": 0.62,
                             "moved_last": 0.1})
    return res


def test_a_seat_lean_the_turn_order_predicts_is_said_to_be_the_turn_orders():
    line = findings.findings(_turn_led_results(), BOARD)[0]
    assert line.startswith("Seat 1 wins 17%") and "more than chance" in line
    assert "It moved first in round 1 in 62% of its games and last in 10% (25% each" in line
    assert "predict 19% from the other seats' win rates there: the lean follows from " \
           "the turn order (R16), not from this map's ground" in line
    assert "surroundings" not in line


def test_a_seat_lean_the_turn_order_does_not_predict_stays_the_maps():
    res = _turn_led_results()
    res["groups"][0]["turn_expected"] = 0.24  # predicts almost nothing of the lean
    line = findings.findings(res, BOARD)[0]
    assert "follows from the turn order" not in line
    assert ("its surroundings do not explain it alone, nor does round 1's turn order (it "
            "moved first in 62% of its games; the positions it moved at predict 24% where "
            "25% is fair)") \
        in line
    res["groups"][0]["turn_expected"] = 0.30  # predicts the other way
    assert "follows from the turn order" not in findings.findings(res, BOARD)[0]


def test_dragons_below_fair_because_copper_wins_half_are_said_once_as_its_cost():
    res = results((150, 150, 150, 150), games=600)
    dragons = [("copper", 120, 240), ("white", 28, 240), ("black", 30, 240),
               ("green", 31, 240), ("red", 60, 240)]
    res["groups"] += stats.fairness([
        {"kind": "dragon", "label": name.capitalize(), "key": name, "wins": w, "games": n,
         "fair": 0.25} for name, w, n in dragons])
    lines = findings.findings(res, BOARD)
    assert lines[0].startswith("Copper wins 50%")
    # Green has a rule of its own (R16: it moves first in round 1), said on its own line
    assert lines[1].startswith("Green wins 13%") and "Green moves first in round 1" in lines[1]
    assert lines[2] == ("The other dragons pay for it: White wins 12% [8–16], Black wins 12% "
                        "[9–17], below fair: the wins Copper takes come from the others.")
    assert not any(line.startswith(("White", "Black", "Red")) for line in lines)


def test_a_turn_position_mostly_from_its_seats_says_so_and_gives_the_orders_rest():
    """2,000 games on favoured.tmx: position 3 (mostly the favoured seat 3, R16) won 36%
    where its seats predict 34%; the rest is more than chance and was left unexplained."""
    group = {"kind": "turn", "label": "first-turn position 3", "key": 2, "wins": 716,
             "games": 2000, "fair": 0.25, "seat_expected": 0.335}
    res = results((500, 500, 500, 500), games=2000)
    res["groups"] += stats.fairness([group])
    turn = next(x for x in findings.findings(res, BOARD) if x.startswith("First-turn"))
    assert turn.endswith("The seats it sat at predict 34% from their own win rates: most "
                         "of it follows from where it sat, the rest from the order.")
    group = {**group, "label": "first-turn position 4", "key": 3}  # the last: R16's say
    res["groups"] = res["groups"][:4] + stats.fairness([group])
    turn = next(x for x in findings.findings(res, BOARD) if x.startswith("First-turn"))
    assert "the rest from the order. The dragon moving last in round 1" in turn
