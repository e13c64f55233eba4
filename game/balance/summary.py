"""The run's `results`: every figure that depends only on the games (records in game
order), rounded and sorted so the same games give byte-identical JSON anywhere."""

from __future__ import annotations

from game.balance import stats
from game.board import BoardSpec

DIGITS = 4  # floats are rounded to this many places


def rounded(value):
    if isinstance(value, float):
        return round(value, DIGITS)
    if isinstance(value, dict):
        return {str(k): rounded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [rounded(v) for v in value]
    return value


def summarize(records: list[dict], board: BoardSpec, plan_fields: dict) -> dict:
    records = sorted(records, key=lambda r: r["game"])
    games = len(records)
    n = len(plan_fields["levels"])
    seat_wins = [0.0] * n
    by_dragon: dict[str, list[float]] = {}  # name -> [wins, games]
    by_turn: list[list[float]] = [[0.0, 0] for _ in range(n)]
    by_entry = [0.0] * n
    for r in records:
        share = 1.0 / len(r["winners"]) if r["winners"] else 0.0
        for s in r["seats"]:
            won = share if s["seat"] in r["winners"] else 0.0
            seat_wins[s["seat"]] += won
            d = by_dragon.setdefault(s["dragon"], [0.0, 0])
            d[0] += won
            d[1] += 1
            by_turn[s["turn"]][0] += won
            by_turn[s["turn"]][1] += 1
            by_entry[s["entry"]] += won
    # Fair share: the seats' wins spread evenly (a thief's win or a no-winner game is
    # nobody's, so it lowers every seat's fair share alike).
    fair = sum(seat_wins) / (n * games) if games else 1.0 / n
    groups = [_group("spawn", f"seat {s + 1}", seat_wins[s], games, fair, s)
              for s in range(n)]
    groups += [_group("dragon", name.capitalize(), w, int(g), fair, name)
               for name, (w, g) in sorted(by_dragon.items())]
    groups += [_group("turn", f"first-turn position {t + 1}", w, int(g), fair, t)
               for t, (w, g) in enumerate(by_turn) if g]
    if len(set(plan_fields["levels"])) > 1:  # mixed levels: the entries' strength too
        groups += [_group("entry", f"entry {e + 1} ({plan_fields['levels'][e]})",
                          by_entry[e], games, fair, e) for e in range(n)]
    _seat_expected(groups, records, seat_wins, games)
    _turn_expected(groups, records, n)
    tested = stats.fairness(groups)
    results = {
        "plan": plan_fields, "map": {"title": board.title, "width": board.width,
                                     "height": board.height,
                                     "cavern_spots": [list(c) for c in board.cavern_spots]},
        "games": games, "fair_share": fair, "groups": tested,
        "length": _length(records), "coins_by_round": _coins(records),
        "ends": _ends(records), "heat": _heat(records, games),
        "places_won": _places(records),
    }
    return rounded(results)


def _seat_expected(groups: list[dict], records: list[dict], seat_wins: list[float],
                   games: int) -> None:
    """For each first-turn position and dragon: the win rate its seats' own win rates
    predict (a position or dragon that sits at a favoured seat more often wins more for
    that reason alone). Findings use it to tell a turn or dragon effect from a seat's."""
    if not games:
        return
    rate = [w / games for w in seat_wins]
    sums: dict[tuple[str, object], float] = {}
    for r in records:
        for s in r["seats"]:
            for key in (("turn", s["turn"]), ("dragon", s["dragon"])):
                sums[key] = sums.get(key, 0.0) + rate[s["seat"]]
    for g in groups:
        if (g["kind"], g["key"]) in sums and g["games"]:
            g["seat_expected"] = sums[(g["kind"], g["key"])] / g["games"]


def _turn_expected(groups: list[dict], records: list[dict], n: int) -> None:
    """For each seat: how often it moved first and last in round 1, and the win rate the
    round-1 turn positions it moved at predict, each position's rate taken from the
    other seats' games there (so a seat's own strength does not predict itself). R16
    gives round 1's first turn to Green, else, coins and rings being equal, to the lowest
    seat: on a map with fixed caverns seat 1 moves first far more often than 1/n, and
    findings use this to tell a turn-order lean from the map's."""
    wins = [[0.0] * n for _ in range(n)]  # wins[seat][turn]
    played = [[0] * n for _ in range(n)]
    for r in records:
        share = 1.0 / len(r["winners"]) if r["winners"] else 0.0
        for s in r["seats"]:
            wins[s["seat"]][s["turn"]] += share if s["seat"] in r["winners"] else 0.0
            played[s["seat"]][s["turn"]] += 1
    for g in groups:
        if g["kind"] != "spawn" or not g["games"]:
            continue
        me = g["key"]
        predicted = 0.0
        for t in range(n):
            others = sum(played[s][t] for s in range(n) if s != me)
            if played[me][t] and not others:
                break  # a position only this seat moved at predicts nothing
            if played[me][t]:
                predicted += played[me][t] * sum(
                    wins[s][t] for s in range(n) if s != me) / others
        else:
            g["turn_expected"] = predicted / g["games"]
        g["moved_first"] = played[me][0] / g["games"]
        g["moved_last"] = played[me][n - 1] / g["games"]


def _group(kind: str, label: str, wins: float, games: int, fair: float, key) -> dict:
    return {"kind": kind, "label": label, "key": key, "wins": wins, "games": games,
            "fair": fair}


def _length(records: list[dict]) -> dict:
    hist: dict[int, int] = {}
    for r in records:
        hist[r["rounds"]] = hist.get(r["rounds"], 0) + 1
    total = sum(r["rounds"] for r in records)
    return {"mean_rounds": total / len(records) if records else 0.0,
            "histogram": {str(k): hist[k] for k in sorted(hist)},
            "mean_decisions": (sum(r["decisions"] for r in records) / len(records)
                               if records else 0.0)}


def _coins(records: list[dict]) -> dict:
    """Per round: the mean score of all seats and of the game's eventual winner(s), over
    the games still going in that round."""
    longest = max((len(r["coins"]) for r in records), default=0)
    everyone, winners, going = [], [], []
    for i in range(longest):
        rows = [r for r in records if len(r["coins"]) > i]
        scores = [c for r in rows for c in r["coins"][i]]
        won = [r["coins"][i][w] for r in rows for w in r["winners"]]
        everyone.append(sum(scores) / len(scores))
        winners.append(sum(won) / len(won) if won else 0.0)
        going.append(len(rows))
    return {"mean_score": everyone, "winner_score": winners, "games_going": going}


def _ends(records: list[dict]) -> dict:
    out = {"target": 0, "round_cap": 0, "tie": 0, "thief": 0}
    for r in records:
        out[r["end"]] = out.get(r["end"], 0) + 1
    out["extra_tie_rounds"] = sum(1 for r in records if r["tie_rounds"])
    return out


def _heat(records: list[dict], games: int) -> dict:
    """Per cell ("col,row"), per game: coins of tribute earned there, claims lost there."""
    tribute: dict[str, float] = {}
    lost: dict[str, float] = {}
    for r in records:
        for cell, coins in r["tribute"].items():
            tribute[cell] = tribute.get(cell, 0) + coins
        for cell, count in r["lost"].items():
            lost[cell] = lost.get(cell, 0) + count
    per = max(1, games)
    return {"tribute": {k: tribute[k] / per for k in sorted(tribute)},
            "lost": {k: lost[k] / per for k in sorted(lost)}}


def _places(records: list[dict]) -> dict:
    """How many games were won by a dragon holding each place of power at the end."""
    out: dict[str, int] = {}
    for r in records:
        for kind in r["places_won"]:
            out[kind] = out.get(kind, 0) + 1
    return {k: out[k] for k in sorted(out)}
