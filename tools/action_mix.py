"""The action mix and decision times of each AI level (issue 36).

    python tools/action_mix.py --levels easy,normal,hard,master --games 20 --seed 1
        [--opponents normal] [--map FILE] [--target 50] [--round-cap 60] [--json]

Each level plays `--games` seeded games in seat 1 (game g: seed `seed + g`, the level's
seat rotated by g) against `--opponents` (default: its own level, so a table of one
level). Every action it answers is counted by kind -- move, claim (a free settlement or
place), take (Claim Settlement), destroy, steal (a cavern, the chest, for the Thief),
attack, gamble, abandon, power (a place's turn power), card (a turn card), end (ending
the turn with actions left) -- and every decision it answers is timed (wall clock and
process time). Prints one table of shares per level and one of times, in the
order of --levels. Games run in this process, one after another: a small tool beside
the tournament (tools/tournament.py), whose engine is being replaced.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import LEVELS, choose, node_budget  # noqa: E402
from game.board import BoardSpec  # noqa: E402
from game.maps.loader import load_board  # noqa: E402
from game.match import Match  # noqa: E402
from game.players import RandomPlayer  # noqa: E402
from game.seat_view import seat_view  # noqa: E402

KINDS = ("move", "claim", "take", "destroy", "steal", "attack", "gamble", "abandon",
         "power", "card", "end")
_DO = {"claim_settlement": "take", "steal_cavern": "steal", "steal_chest": "steal",
       "steal_for_thief": "steal", "end_turn": "end"}


def action_kind(answer: dict) -> str:
    """The kind (one of KINDS) of an action decision's answer."""
    do = answer.get("do")
    if do is not None:
        return _DO.get(do, do)
    return "power" if "power" in answer else "card"


def play(level: str, opponents: str, game: int, args) -> tuple[Counter, list, list]:
    """One game: the level's action kinds, its decision times (wall, process)."""
    board = load_board(args.map) if args.map else BoardSpec.plain()
    seed = args.seed + game
    m = Match([None] * args.seats, seed=seed, board=board,
              options={"target": args.target, "round_cap": args.round_cap})
    mine = m.seat_names[game % args.seats]
    rnd = RandomPlayer(seed)
    kinds: Counter = Counter()
    wall: list[float] = []
    cpu: list[float] = []
    k = 0
    while not m.finished:
        dragon = m.pending.dragon
        lvl = level if dragon == mine else opponents
        w, c = time.perf_counter(), time.process_time()
        if lvl == "random":
            answer = rnd.choose(m)
        else:
            answer = choose(seat_view(m, dragon), lvl, seed=seed * 100_003 + k,
                            board=board, budget=node_budget(lvl))
        if dragon == mine:
            wall.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
            if m.pending.kind == "action":
                kinds[action_kind(answer)] += 1
        m.submit(answer)
        k += 1
    m.close()
    return kinds, wall, cpu


def _ms(ts: list[float], q: float) -> float:
    ts = sorted(ts)
    return 1000 * ts[min(len(ts) - 1, int(q * len(ts)))] if ts else 0.0


def measure(args) -> dict:
    out = {}
    for level in args.levels:
        kinds: Counter = Counter()
        wall: list[float] = []
        cpu: list[float] = []
        for g in range(args.games):
            k, w, c = play(level, args.opponents or level, g, args)
            kinds.update(k)
            wall += w
            cpu += c
        total = sum(kinds.values()) or 1
        out[level] = {
            "actions": sum(kinds.values()),
            "mix": {kind: kinds[kind] / total for kind in KINDS},
            "decisions": len(wall),
            "wall_ms": {"p50": 1000 * statistics.median(wall) if wall else 0.0,
                        "p95": _ms(wall, 0.95), "max": _ms(wall, 1.0)},
            "cpu_ms": {"p50": 1000 * statistics.median(cpu) if cpu else 0.0,
                       "p95": _ms(cpu, 0.95), "max": _ms(cpu, 1.0)},
        }
    return out


def table(result: dict) -> str:
    head = f"| level | actions | {' | '.join(KINDS)} |"
    lines = [head, "|" + "---|" * (len(KINDS) + 2)]
    for level, r in result.items():
        shares = " | ".join(f"{100 * r['mix'][k]:.0f}%" for k in KINDS)
        lines.append(f"| {level} | {r['actions']} | {shares} |")
    lines += ["", "| level | decisions | wall p50 | wall p95 | wall max | cpu p50 | cpu p95 |",
              "|---|---|---|---|---|---|---|"]
    for level, r in result.items():
        w, c = r["wall_ms"], r["cpu_ms"]
        lines.append(f"| {level} | {r['decisions']} | {w['p50']:.1f} ms | {w['p95']:.1f} ms"
                     f" | {w['max']:.0f} ms | {c['p50']:.1f} ms | {c['p95']:.1f} ms |")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="action_mix", description=__doc__.split("\n")[0])
    p.add_argument("--levels", default="easy,normal,hard,master")
    p.add_argument("--opponents", default=None, help="the other seats' level (default: "
                   "the measured level)")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--map", default=None)
    p.add_argument("--target", type=int, default=50)
    p.add_argument("--round-cap", type=int, default=60)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.levels = [s.strip() for s in args.levels.split(",") if s.strip()]
    known = (*LEVELS, "random")
    bad = [x for x in [*args.levels, args.opponents or "easy"] if x not in known]
    if bad or not 2 <= args.seats <= 8 or args.games < 1:
        print(f"action_mix: levels are {', '.join(known)}; 2 to 8 seats; at least one "
              "game", file=sys.stderr)
        return 2
    result = measure(args)
    print(json.dumps(result, indent=1) if args.json else table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
