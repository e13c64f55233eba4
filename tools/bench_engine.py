"""Engine benchmark: seeded random games on one core, and catanatron side by side.

    python tools/bench_engine.py                      # the table + restore + catanatron
    python tools/bench_engine.py --games 20 --rounds 5
    python tools/bench_engine.py --only-ratio --rounds 3 [--cpu]
    python tools/bench_engine.py --only-session --rounds 5   # Session / Match
    python tools/bench_engine.py --profile            # cProfile of 4 seats, 20x20

Every decision is played as a random player plays: the full list of legal answers is
generated (`Match.legal_answers`), one is picked and submitted (`Match.submit`); cards
on, no rule skipped. The table gives decisions/s and games/s for 2, 4 and 8 seats on
the built-in 20x20 plain and a 40x40 map (docs/maps/frontier-40x40.tmx), and the cost
of restoring a mid-game 4-seat position from its state document.

catanatron (the best-known pure-Python board-game engine) is not a dependency: install
it in a separate venv (`python3 -m venv /tmp/catan && /tmp/catan/bin/pip install
catanatron`) and point `--catanatron` or NARBY_CATANATRON at that venv's python
(default /tmp/catan/bin/python when it exists). Its random 4-player games and ours (4
seats, 20x20) then alternate in the same run, `--rounds` times, so both see the same
load on a shared machine; the ratio of each round is printed and the median reported.

Session / Match (issue 32): everything a player runs plays through game.session's
Session (history, undo), not the bare Match. The same seeded games are played both
ways, alternating in one run, `--rounds` times, by CPU time; the ratio of each round is
printed and the median reported (target: at least 0.85). Computer seats take no undo
checkpoints; human seats (driven by the same random player) do, one every fourth round
start (game.session.CHECKPOINT_ROUNDS).

A benchmark, not a test: timing is never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cProfile  # noqa: E402
import pstats  # noqa: E402

from game.board import BoardSpec  # noqa: E402
from game.maps.loader import load_board  # noqa: E402
from game.match import Match  # noqa: E402
from game.players import RandomPlayer, play_out  # noqa: E402
from game.session import Session  # noqa: E402

BIG_MAP = ROOT / "docs" / "maps" / "frontier-40x40.tmx"
CATAN_SCRIPT = ROOT / "tools" / "bench_catanatron.py"
DEFAULT_CATAN = Path("/tmp/catan/bin/python")


def big_board() -> tuple[str, BoardSpec]:
    if BIG_MAP.exists():
        return "40x40 Frontier", load_board(str(BIG_MAP))
    return "40x40 plain", BoardSpec.plain(40, 40)


def play_games(games: int, seats: int, seed: int, board: BoardSpec | None = None,
               clock=time.perf_counter):
    """(decisions, games, seconds) of `games` seeded random games; `clock`:
    time.process_time for CPU seconds (the comparison's --cpu)."""
    decisions = 0
    start = clock()
    for g in range(games):
        m = Match([None] * seats, seed=seed + g, board=board)
        decisions += play_out(m, RandomPlayer(seed + g))
        m.close()
    return decisions, games, clock() - start


def play_sessions(games: int, seats: int, seed: int, player: str = "random",
                  clock=time.process_time):
    """play_games through a Session (its seats all `player`): the same games, answers
    and decisions."""
    decisions = 0
    start = clock()
    for g in range(games):
        s = Session.new([{"player": player}] * seats, seed=seed + g)
        chooser = RandomPlayer(seed + g)
        while not s.match.finished:
            s.submit(chooser.choose(s.match))
            decisions += 1
        s.close()
    return decisions, games, clock() - start


def session_ratio(args) -> None:
    print(f"Session / bare Match, 4 seats, 20x20, {args.games} games a round, "
          f"{args.rounds} rounds, alternating, CPU time:")
    play_games(2, 4, args.seed)  # warm up
    ratios: dict[str, list[float]] = {"random": [], "human": []}
    for k in range(args.rounds):
        seed = args.seed + 1000 * k
        d, _, s = play_games(args.games, 4, seed, clock=time.process_time)
        line = f"  round {k + 1}: match {d / s:8,.0f} dec/s"
        for player, out in ratios.items():
            sd, _, ss = play_sessions(args.games, 4, seed, player)
            assert sd == d, "a Session played other games than the Match"
            out.append(sd / ss / (d / s))
            line += f"   session ({player} seats) {sd / ss:8,.0f} dec/s, ratio {out[-1]:.2f}"
        print(line)
    for player, out in ratios.items():
        print(f"  median ratio, {player} seats: {statistics.median(out):.2f}")


def count_choices(games: int, seats: int, seed: int, board: BoardSpec | None = None) -> int:
    """The decisions with at least two legal answers in the same seeded games as
    play_games, replayed untimed (the per-choice comparison with catanatron, whose
    forced one-action ticks are decisions too: see tools/bench_catanatron.py)."""
    choices = 0
    for g in range(games):
        m = Match([None] * seats, seed=seed + g, board=board)
        player = RandomPlayer(seed + g)
        while not m.finished:
            legal = m.legal_answers()
            choices += len(legal) > 1
            m.submit(player.pick(legal))
        m.close()
    return choices


def midgame_doc(seed: int = 3, rounds: int = 8) -> dict:
    """The state document of a 4-seat game at its first decision of round `rounds`."""
    m = Match([None] * 4, seed=seed)
    player = RandomPlayer(seed)
    while m.round < rounds and not m.finished:
        m.submit(player.choose(m))
    doc = m.snapshot()
    m.close()
    return doc


def restore_us(doc, how, n: int = 400) -> float:
    """Median of 5 batches: microseconds per restore, closing each copy included (as
    undo and scrubbing drop the match they replace)."""
    out = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            how(doc).close()
        out.append((time.perf_counter() - start) / n * 1e6)
    return statistics.median(out)


def catanatron_python(flag: str | None) -> Path | None:
    path = flag or os.environ.get("NARBY_CATANATRON")
    if path:
        p = Path(path)
        return p if p.exists() else None
    return DEFAULT_CATAN if DEFAULT_CATAN.exists() else None


def run_catanatron(python: Path, games: int, seed: int, cpu: bool = False):
    """(decisions, choices, games, seconds) of catanatron's seeded random games."""
    out = subprocess.run([str(python), str(CATAN_SCRIPT), "--games", str(games),
                          "--seed", str(seed)], capture_output=True, text=True, check=True)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    return (got["decisions"], got["choices"], got["games"],
            got["cpu_seconds" if cpu else "seconds"])


def table(args) -> None:
    big_name, big = big_board()
    boards = [("20x20 plain", None), (big_name, big)]
    play_games(2, 4, args.seed)  # warm up (imports, memoized geometry) before timing
    print(f"{'map':<16}{'seats':>6}{'decisions/s':>14}{'games/s':>10}{'dec/game':>10}")
    for name, board in boards:
        for seats in (2, 4, 8):
            d, g, s = play_games(args.games, seats, args.seed, board)
            print(f"{name:<16}{seats:>6}{d / s:>14,.0f}{g / s:>10.2f}{d / g:>10.0f}")
    doc = midgame_doc()
    print(f"restore a mid-game 4-seat position (round 8, {len(doc['settlements'])} "
          f"settlements, {len(doc['places'])} places):")
    print(f"  Match.restore (checked, for files)   {restore_us(doc, Match.restore):8.1f} µs")
    trusted = getattr(Match, "restore_trusted", None)
    if trusted:
        print(f"  Match.restore_trusted (engine's own) {restore_us(doc, trusted):8.1f} µs")
        m = Match.restore(doc)
        print(f"  Match.copy                           "
              f"{restore_us(m, lambda x: x.copy()):8.1f} µs")
        m.close()


def compare(args, python: Path) -> None:
    how = "CPU time of each process" if args.cpu else "wall-clock time"
    print(f"side by side with catanatron ({python}), {args.rounds} rounds, alternating, "
          f"{how}.\nPer decision: every decision each engine asks. Per choice: only the "
          f"decisions with at least two answers (each engine's whole time, divided by its "
          f"choices; most of catanatron's\ndecisions are forced one-action ROLL and "
          f"END_TURN ticks, where ours asks nothing):")
    clock = time.process_time if args.cpu else time.perf_counter
    rows = []  # (ours dec/s, theirs dec/s, ours choices/s, theirs choices/s)
    play_games(2, 4, args.seed)  # warm up
    for k in range(args.rounds):
        seed = args.seed + 1000 * k
        d, g, s = play_games(args.games, 4, seed, clock=clock)
        cd, cc, cg, cs = run_catanatron(python, args.catan_games, seed, cpu=args.cpu)
        c = count_choices(args.games, 4, seed)
        rows.append((d / s, cd / cs, c / s, cc / cs))
        print(f"  round {k + 1}: narby {d / s:8,.0f} dec/s {c / s:8,.0f} choices/s "
              f"({c / d:4.0%} of decisions, {g / s:5.1f} games/s)   catanatron "
              f"{cd / cs:8,.0f} dec/s {cc / cs:8,.0f} choices/s ({cc / cd:4.0%}, "
              f"{cg / cs:5.1f} games/s)   ratio per decision {d / s / (cd / cs):5.2f}, "
              f"per choice {c / s / (cc / cs):5.2f}")
    med = [statistics.median(r[i] for r in rows) for i in range(4)]
    per_dec = statistics.median(r[0] / r[1] for r in rows)
    per_choice = statistics.median(r[2] / r[3] for r in rows)
    print(f"  median per decision: narby {med[0]:,.0f} dec/s, catanatron {med[1]:,.0f} "
          f"dec/s, ratio {per_dec:.2f}")
    print(f"  median per choice:   narby {med[2]:,.0f} choices/s, catanatron "
          f"{med[3]:,.0f} choices/s, ratio {per_choice:.2f}")


def profile(args) -> None:
    prof = cProfile.Profile()
    prof.enable()
    play_games(args.games, args.seats, args.seed)
    prof.disable()
    pstats.Stats(prof).sort_stats(args.sort).print_stats(30)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20, help="our games per cell or round")
    p.add_argument("--catan-games", type=int, default=6, help="catanatron games per round")
    p.add_argument("--rounds", type=int, default=3, help="alternating comparison rounds")
    p.add_argument("--seats", type=int, default=4, help="seats for --profile")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--catanatron", help="python of a venv with catanatron installed")
    p.add_argument("--only-ratio", action="store_true", help="skip the table")
    p.add_argument("--only-session", action="store_true",
                   help="only the Session / Match ratio")
    p.add_argument("--cpu", action="store_true",
                   help="compare CPU seconds of each process, not wall-clock seconds "
                        "(steadier on a shared, busy machine)")
    p.add_argument("--profile", action="store_true", help="print a cProfile summary")
    p.add_argument("--sort", default="tottime", help="cProfile sort key")
    args = p.parse_args()
    if args.profile:
        profile(args)
        return
    if args.only_session:
        session_ratio(args)
        return
    if not args.only_ratio:
        table(args)
        session_ratio(args)
    python = catanatron_python(args.catanatron)
    if python is None:
        print("catanatron: no venv found (see --catanatron); comparison skipped")
        return
    compare(args, python)


if __name__ == "__main__":
    main()
