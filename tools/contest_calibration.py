"""How well Hard's contest model forecasts its claims being taken (issue 36).

    python tools/contest_calibration.py --games 80 --seed 690000 [--budget 4000]
        [--seats hard,normal,normal,normal] [--target 50] [--round-cap 60] [--json]

Plays tools/tournament.py's games (seed `seed + g`, seats rotated by g, the same
decision seeds, no clock). At the end of each of the studied level's turns (the first
entry of --seats), each of its claims not seen at an earlier turn's end gets the
chance the contest model gives it (game.ai.evaluate: 1 - the product over opponents
of 1 - take_chance, from that seat's view); then the game's events say whether an
opponent took it (Claim Settlement) or destroyed it, and when: before the level's
next turn ended, or before the game ended. Claims lost otherwise (the 0-4 tribute
row, abandoned) count as not taken; a claim is followed at the cell it had when
forecast (a claim on Baba Yaga's Hut, which moves, may count as held). The report
bins the forecasts, forecast against what happened: docs/AI.md's calibration check;
then the same claims by the gap to the nearest opponent when forecast (1, within a move,
two moves, further), which showed the model blind to opponents two moves off.

The race term is checked the same way: at each turn's end, every free settlement or
place gets the chance the race model gives an opponent claiming it before the
level's next turn (1 - Evaluator._race); the events say whether one did. A piece the
level claims first is left out.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.decide import LEVEL_SETTINGS  # noqa: E402
from game.ai.evaluate import Evaluator  # noqa: E402
from game.ai.model import from_view, gap2  # noqa: E402
from game.match import Match  # noqa: E402
from game.seat_view import seat_view  # noqa: E402
from tools.loss_report import game_args  # noqa: E402
from tools.tournament import replay  # noqa: E402

BINS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.01)
GAPS = ((1, 1), (2, 4), (5, 7), (8, 10), (11, 99))  # a move is 3 cells (R18)
HOSTILE = ("destroy", "destroyed")  # an unclaim reason an opponent's action gives


def forecasts(m: Match, board, me: str, params: dict) -> dict:
    """{claim's top-left: (kind, the model's chance an opponent takes or destroys it,
    the gap to the nearest opponent)}"""
    pos = from_view(seat_view(m, me), board, me)
    ev = Evaluator(pos, params)
    out = {}
    for tl in pos.claims[me]:
        kind, size, _ = pos.pieces[tl]
        adj = gap2(pos.at[me], tl, size) == 1
        keep = 1.0
        for d in ev.opps:
            keep *= 1.0 - ev.take_chance(d, tl, kind, size, adj)
        out[tuple(tl)] = (kind, 1.0 - keep, min(gap2(pos.at[d], tl, size) for d in ev.opps))
    return out


def race_forecasts(m: Match, board, me: str, params: dict) -> dict:
    """{free piece's top-left: the race model's chance an opponent claims it first}"""
    pos = from_view(seat_view(m, me), board, me)
    ev = Evaluator(pos, params)
    return {tuple(tl): 1.0 - ev._race(pos, tl, size)
            for tl, (_kind, size, owner) in pos.pieces.items() if owner is None}


def play(seats: list[str], seed0: int, g: int, budget: int, target: int,
         cap: int = 60) -> dict:
    """One game's forecasts and outcomes: `claims`, a dict per claim of the studied
    level; `race`, one per free piece at the end of its turns; and the `scores`."""
    m, board, entry_of, steps = replay(seats, seed0, g, budget, target, cap)
    me = next(d for d, e in entry_of.items() if e == 0)
    params = LEVEL_SETTINGS[seats[0]]["params"]
    open_: dict[tuple, dict] = {}  # claims followed, by cell
    done: list[dict] = []
    race: dict[tuple, float] = {}  # free pieces followed until my next turn
    raced: list[dict] = []
    turns = 0
    for new in steps:
        for e in new:
            kind = e.get("type")
            if kind == "claim" and tuple(e["at"]) in race:
                q = race.pop(tuple(e["at"]))
                if e.get("dragon") != me:
                    raced.append({"q": q, "taken": True, "soon": True})
            elif kind == "turn" and e.get("dragon") == me:
                raced.extend({"q": q, "taken": False, "soon": False} for q in race.values())
                race.clear()
            if kind == "unclaim" and e.get("dragon") == me:
                c = open_.pop(tuple(e["at"]), None)
                if c is not None:
                    reason = str(e.get("reason", ""))
                    c["taken"] = reason.startswith("claimed_by_") or reason in HOSTILE
                    c["soon"] = c["taken"] and turns <= c["turn"] + 1
                    done.append(c)
            elif kind == "turn_end" and e.get("dragon") == me:
                turns += 1
                race = race_forecasts(m, board, me, params)
                for tl, (kind, q, gap) in forecasts(m, board, me, params).items():
                    if tl not in open_:
                        open_[tl] = {"kind": kind, "q": q, "turn": turns, "gap": gap}
    for c in open_.values():  # held to the end
        c["taken"] = c["soon"] = False
        done.append(c)
    scores = m.scores()
    m.close()
    return {"claims": done, "race": raced, "scores": scores}


def report(claims: list[dict]) -> list[dict]:
    """Forecast against outcome, by forecast: none (no opponent in reach), then bins."""
    groups = [("none", [c for c in claims if c["q"] == 0.0])]
    for lo, hi in zip(BINS, BINS[1:], strict=False):
        groups.append((f"{lo:.1f}-{min(hi, 1.0):.1f}",
                       [c for c in claims if lo < c["q"] <= hi]))
    rows = []
    for name, group in groups:
        if group:
            n = len(group)
            rows.append({"bin": name, "claims": n,
                         "forecast": sum(c["q"] for c in group) / n,
                         "taken_soon": sum(c["soon"] for c in group) / n,
                         "taken_ever": sum(c["taken"] for c in group) / n})
    return rows


def by_gap(claims: list[dict]) -> list[dict]:
    """Forecast against outcome by the nearest opponent's gap when forecast (GAPS)."""
    rows = []
    for lo, hi in GAPS:
        group = [c for c in claims if lo <= c["gap"] <= hi]
        if group:
            n = len(group)
            rows.append({"gap": f"{lo}" if lo == hi else f"{lo}+" if hi == 99 else
                         f"{lo}-{hi}", "claims": n,
                         "forecast": sum(c["q"] for c in group) / n,
                         "taken_soon": sum(c["soon"] for c in group) / n,
                         "taken_ever": sum(c["taken"] for c in group) / n})
    return rows


def main(argv: list[str] | None = None) -> int:
    a = game_args(__doc__.splitlines()[0], 40, 690000).parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",")]
    bad = [s for s in seats if s not in LEVEL_SETTINGS]
    if bad or len(seats) < 2 or not LEVEL_SETTINGS[seats[0]]["params"].get("contest_k"):
        print(f"contest_calibration: --seats {a.seats}: 2 or more of "
              f"{', '.join(LEVEL_SETTINGS)}, the first a level with the contest model "
              "(hard, master)", file=sys.stderr)
        return 2
    claims: list[dict] = []
    free: list[dict] = []
    for g in range(a.games):
        game = play(seats, a.seed, g, a.budget, a.target, a.round_cap)
        claims.extend(game["claims"])
        free.extend(game["race"])
    rows, race_rows, gap_rows = report(claims), report(free), by_gap(claims)
    if a.json:
        print(json.dumps({"contest": rows, "contest_by_gap": gap_rows, "race": race_rows}))
        return 0
    print(f"{a.games} games, seed {a.seed}, {len(claims)} claims of {seats[0]}")
    print(f"{'forecast bin':<14}{'claims':>8}{'forecast':>10}{'by next turn':>14}{'ever':>8}")
    for r in rows:
        print(f"{r['bin']:<14}{r['claims']:>8}{r['forecast']:>10.2f}"
              f"{r['taken_soon']:>14.2f}{r['taken_ever']:>8.2f}")
    print(f"{'nearest opponent':<18}{'claims':>8}{'forecast':>10}{'by next turn':>14}{'ever':>8}")
    for r in gap_rows:
        print(f"{r['gap'] + ' cells':<18}{r['claims']:>8}{r['forecast']:>10.2f}"
              f"{r['taken_soon']:>14.2f}{r['taken_ever']:>8.2f}")
    print(f"the race: {len(free)} free pieces at the end of {seats[0]}'s turns")
    print(f"{'forecast bin':<14}{'pieces':>8}{'forecast':>10}{'claimed first':>14}")
    for r in race_rows:
        print(f"{r['bin']:<14}{r['claims']:>8}{r['forecast']:>10.2f}{r['taken_soon']:>14.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
