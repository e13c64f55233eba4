"""Where a level wins and loses: a tournament's games replayed with every event kept.

    python tools/loss_report.py --seats hard,normal,normal,normal --games 60 --seed 430000
        [--budget 4000] [--target 50] [--round-cap 60] [--json]

Game g is the game tools/tournament.py plays as game g (seed `seed + g`, the seats
rotated by g, the same decision seeds; no clock), so the report explains the games a
tournament's --records scored. The first entry of --seats is the level studied.
Per game it prints, for that level, the other seats on average, and the winner in
the games the level lost: free claims and takes (Claim Settlement), claim-rounds that
paid tribute (towns, cities), tribute coins, coins a paying claim, the mean tribute
roll and treasure; then what the others did to it in rounds it began with the most
coins, against the other rounds (claims taken, coins robbed and stolen), its
win rate by whether it led at the start of each round, and the same for the round
that ended the game and for the earlier rounds begun with a score within 10 of the
target (R33). Issue 36's diagnosis (docs/AI.md) was read from this report.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.balance.gc_tuning import fewer_collections  # noqa: E402
from tools.tournament import replay  # noqa: E402

LEVELS = ("easy", "normal", "hard", "master")
PROFILE = ("claims", "takes", "claim_rounds", "towns", "cities", "tribute", "treasure",
           "rolls", "roll_sum")


def play(seats: list[str], seed0: int, g: int, budget: int, target: int, cap: int) -> dict:
    """Tournament game g (tools/tournament.py's seeds and rotation) with its events."""
    m, _board, entry_of, steps = replay(seats, seed0, g, budget, target, cap)
    starts: dict[int, dict] = {m.round: m.scores()}
    for _new in steps:
        if not m.finished:
            starts.setdefault(m.round, m.scores())
    winners = m.winner if isinstance(m.winner, list) else [m.winner]
    record = {"seed": seed0 + g, "target": target, "entry_of": entry_of, "scores": m.scores(),
              "starts": starts,
              "winners": [w for w in winners if w in entry_of],
              "events": [e for e in m.events if isinstance(e, dict)]}
    m.close()
    return record


def profiles(r: dict) -> dict[str, Counter]:
    """Each dragon's figures over one game (PROFILE)."""
    out: dict[str, Counter] = {d: Counter() for d in r["entry_of"]}
    for e in r["events"]:
        kind, d = e.get("type"), e.get("dragon")
        if d not in out:
            continue
        if kind == "action" and e.get("do") in ("claim", "claim_settlement"):
            out[d]["claims" if e["do"] == "claim" else "takes"] += 1
        elif kind == "tribute_claim":
            out[d]["claim_rounds"] += 1
            out[d]["towns" if e["piece"] == "town" else
                   "cities" if e["piece"] == "city" else "other"] += 1
            out[d]["tribute"] += e.get("coins", 0)
        elif kind == "tribute":
            out[d]["rolls"] += 1
            out[d]["roll_sum"] += e.get("roll", 0)
        elif kind == "treasure":
            out[d]["treasure"] += e.get("value", 0)
    return out


def hostile(r: dict, me: str) -> tuple[Counter, Counter]:
    """What the others did to `me` in rounds it began leading (coins and treasure),
    and in the other rounds."""
    lead: Counter = Counter()
    other: Counter = Counter()
    rnd = 0
    for e in r["events"]:
        kind = e.get("type")
        if kind == "round":
            rnd = e["round"]
        start = r["starts"].get(rnd)
        if start is None:
            continue
        c = lead if start[me] > max(v for d, v in start.items() if d != me) else other
        if kind == "phase" and e.get("phase") == "draw":
            c["rounds"] += 1
        elif kind == "unclaim" and e.get("dragon") == me and str(
                e.get("reason", "")).startswith("claimed_by_"):
            c["taken"] += 1
        elif kind == "coins" and e.get("from") == me and e.get("reason") in ("robber",
                                                                             "steal"):
            c[e["reason"]] += e["amount"]
    return lead, other


def report(records: list[dict]) -> dict:
    mine: Counter = Counter()
    others: Counter = Counter()
    winners: Counter = Counter()
    lead: Counter = Counter()
    other: Counter = Counter()
    n_others = lost = wins = 0
    by_round: dict[int, list] = {}
    ends: dict[str, Counter] = {"last": Counter(), "near": Counter()}
    for r in records:
        me = next(d for d, e in r["entry_of"].items() if e == 0)
        prof = profiles(r)
        mine.update(prof[me])
        for d in prof:
            if d != me:
                others.update(prof[d])
                n_others += 1
        won = me in r["winners"]
        wins += won
        if not won:
            lost += 1
            winners.update(prof[r["winners"][0]])
        a, b = hostile(r, me)
        lead.update(a)
        other.update(b)
        last = max(int(rnd) for rnd in r["starts"])
        for rnd, start in r["starts"].items():
            ahead = start[me] > max(v for d, v in start.items() if d != me)
            by_round.setdefault(int(rnd), []).append((ahead, won))
            # the end (R33): rounds that ended the game, and the others begun with a
            # dragon within 10 of the target (the tempo setting's trace, docs/AI.md)
            end = ("last" if int(rnd) == last else
                   "near" if max(start.values()) >= r["target"] - 10 else None)
            if end:
                side = "leading" if ahead else "trailing"
                ends[end][side] += 1
                ends[end]["won_" + side] += won

    def per(c: Counter, n: int) -> dict:
        out = {k: c[k] / n if n else 0.0 for k in PROFILE}
        out["coins_a_claim"] = c["tribute"] / c["claim_rounds"] if c["claim_rounds"] else 0.0
        out["mean_roll"] = c["roll_sum"] / c["rolls"] if c["rolls"] else 0.0
        return out

    def rate(c: Counter) -> dict:
        n = c["rounds"]
        return {k: c[k] / n if n else 0.0 for k in ("taken", "robber", "steal")} | {
            "rounds": n}

    return {
        "games": len(records), "wins": wins,
        "margin": statistics.mean(
            r["scores"][me] - max(v for d, v in r["scores"].items() if d != me)
            for r in records
            for me in [next(d for d, e in r["entry_of"].items() if e == 0)]),
        "level": per(mine, len(records)), "others": per(others, n_others),
        "winner_when_lost": per(winners, lost),
        "against_it_leading": rate(lead), "against_it_otherwise": rate(other),
        "by_round": {rnd: {"leading": sum(a for a, _ in v),
                           "won_leading": sum(w for a, w in v if a),
                           "won_trailing": sum(w for a, w in v if not a), "games": len(v)}
                     for rnd, v in sorted(by_round.items())},
        "end": {k: {f: c[f] for f in ("leading", "won_leading", "trailing", "won_trailing")}
                for k, c in ends.items()},
    }


def show(seats: list[str], rep: dict) -> None:
    print(f"{rep['games']} games, {seats[0]} won {rep['wins']}, "
          f"mean margin {rep['margin']:+.1f}")
    cols = ("level", "others", "winner_when_lost")
    print(f"{'per game':16}" + "".join(f"{c:>18}" for c in cols))
    for k in (*PROFILE[:7], "coins_a_claim", "mean_roll"):
        print(f"{k:16}" + "".join(f"{rep[c][k]:>18.2f}" for c in cols))
    for name in ("against_it_leading", "against_it_otherwise"):
        h = rep[name]
        print(f"{name} ({h['rounds']} rounds), a round: claims taken {h['taken']:.2f}, "
              f"robbed {h['robber']:.2f}, stolen {h['steal']:.2f}")
    print("round  games  leading  won when leading  won when trailing")
    for rnd, v in rep["by_round"].items():
        trailing = v["games"] - v["leading"]
        print(f"{rnd:>5} {v['games']:>6} {v['leading']:>8} "
              f"{v['won_leading'] / v['leading'] if v['leading'] else 0:>17.2f} "
              f"{v['won_trailing'] / trailing if trailing else 0:>18.2f}")
    for k, name in (("last", "the round that ended the game"),
                    ("near", "an earlier round begun with a score within 10 of the target")):
        e = rep["end"][k]
        print(f"{name}: won {e['won_leading']} of {e['leading']} begun leading, "
              f"{e['won_trailing']} of {e['trailing']} trailing")


def game_args(description: str, games: int, seed: int) -> argparse.ArgumentParser:
    """The options of a tool that replays the tournament's games (this one, and
    tools/contest_calibration.py)."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--seats", default="hard,normal,normal,normal")
    p.add_argument("--games", type=int, default=games)
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--budget", type=int, default=4000)
    p.add_argument("--target", type=int, default=50)
    p.add_argument("--round-cap", type=int, default=60)
    p.add_argument("--json", action="store_true")
    return p


def main(argv=None) -> int:
    args = game_args(__doc__.splitlines()[0], 20, 1).parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",")]
    bad = [s for s in seats if s not in LEVELS]
    if bad or len(seats) < 2:
        print(f"loss_report: --seats takes 2 or more of {', '.join(LEVELS)}, "
              f"not {args.seats!r}", file=sys.stderr)
        return 2
    with fewer_collections():
        records = [play(seats, args.seed, g, args.budget, args.target, args.round_cap)
                   for g in range(args.games)]
    rep = report(records)
    if args.json:
        print(json.dumps(rep))
    else:
        show(seats, rep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
