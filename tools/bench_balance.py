"""CPU cost of one balance-lab game by map size and seats (docs/BALANCE.md).

    .venv/bin/python tools/bench_balance.py [--games 3] [--level normal]
    .venv/bin/python tools/bench_balance.py --compare REV [--games 4]

Plays a few seeded games per (map, seats) in this process and prints the CPU seconds
(time.process_time, so a busy machine slows the wall clock, not the figure) per game,
per decision, and the rounds.

`--compare REV` measures a speed-up: the lab's games (game.balance.games.play_game) of
4 Normal on Riverfell, 6 Normal on The Dragonmarch 2nd edition and Hard against three
Normal are played by this tree and by the game code of git revision REV, each in its
own process, game by game in turn (interleaved, so a machine that gets busier slows
both alike), on the same seeds. It prints both costs and checks that every record
(every figure the lab reports) is byte-identical: a speed-up must not change a choice.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASES = [("tests/maps/sizes/smallest-8x8.tmx", 4), ("maps/hearth-hollow.tmx", 3),
         ("maps/riverfell.tmx", 2), ("maps/riverfell.tmx", 4), ("maps/riverfell.tmx", 6),
         ("maps/dragonmarch.tmx", 6), ("tests/maps/sizes/largest-40x40.tmx", 4)]
# --compare: (map, the seats' levels)
COMPARE = [("maps/riverfell.tmx", ("normal",) * 4),
           ("maps/dragonmarch2.tmx", ("normal",) * 6),
           ("maps/riverfell.tmx", ("hard", "normal", "normal", "normal"))]
SEED = 11


def table(games: int, level: str) -> None:
    sys.path.insert(0, str(ROOT))
    from game.balance.games import board_of, play_game  # noqa: PLC0415 (after the path)
    from game.balance.plan import Plan, game_task  # noqa: PLC0415

    print(f"{'map':<22} {'size':>6} {'seats':>5} {'cpu s/game':>10} {'ms/decision':>11} "
          f"{'rounds':>6}")
    for path, seats in CASES:
        full = str(ROOT / path)
        board = board_of(full)
        plan = Plan(map=full, levels=(level,) * seats, games=games, seed=SEED)
        cpu, decisions, rounds = 0.0, 0, 0
        for g in range(games):
            start = time.process_time()
            record = play_game(game_task(plan, g))
            cpu += time.process_time() - start
            decisions += record["decisions"]
            rounds += record["rounds"]
        print(f"{Path(path).stem:<22} {board.width:>3}x{board.height:<3}{seats:>5} "
              f"{cpu / games:>10.2f} {1000 * cpu / max(1, decisions):>11.1f} "
              f"{rounds / games:>6.1f}", flush=True)


def serve(source: str) -> None:
    """Play the games asked on stdin (JSON lines: map, levels, game) with the game code
    under `source`; answer each with its CPU seconds and its record's digest."""
    sys.path.insert(0, source)
    from game.balance.games import board_of, play_game  # noqa: PLC0415 (that code's)
    from game.balance.plan import Plan, game_task  # noqa: PLC0415

    for line in sys.stdin:
        job = json.loads(line)
        board_of(job["map"])  # read once, outside the measured time
        plan = Plan(map=job["map"], levels=tuple(job["levels"]), games=job["game"] + 1,
                    seed=SEED)
        start = time.process_time()
        record = play_game(game_task(plan, job["game"]))
        cpu = time.process_time() - start
        digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
        print(json.dumps({"cpu": cpu, "digest": digest, "decisions": record["decisions"]}),
              flush=True)


def _export(rev: str, into: str) -> str:
    """The game package of git revision `rev`, unpacked under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "game"],
                             capture_output=True, check=True).stdout
    path = Path(into) / "archive.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        tar.extractall(into, filter="data")
    return into


def compare(rev: str, games: int) -> bool:
    """Interleaved before/after costs of the lab's games (see the module doc)."""
    with tempfile.TemporaryDirectory() as tmp:
        sources = {rev: _export(rev, tmp), "this tree": str(ROOT)}
        procs = {name: subprocess.Popen([sys.executable, __file__, "--serve", src],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
                 for name, src in sources.items()}
        same = True
        print(f"{'map':<16} {'seats':<28} {rev + ' s/game':>14} {'now s/game':>11} "
              f"{'speed-up':>8}  records")
        try:
            for path, levels in COMPARE:
                cpu = dict.fromkeys(procs, 0.0)
                digests: dict[str, list[str]] = {name: [] for name in procs}
                for g in range(games):
                    order = list(procs) if g % 2 == 0 else list(reversed(procs))
                    for name in order:
                        job = {"map": str(ROOT / path), "levels": levels, "game": g}
                        procs[name].stdin.write(json.dumps(job) + "\n")  # type: ignore[union-attr]
                        procs[name].stdin.flush()  # type: ignore[union-attr]
                        answer = json.loads(procs[name].stdout.readline())  # type: ignore[union-attr]
                        cpu[name] += answer["cpu"]
                        digests[name].append(answer["digest"])
                before, now = cpu[rev] / games, cpu["this tree"] / games
                identical = digests[rev] == digests["this tree"]
                same = same and identical
                print(f"{Path(path).stem:<16} {','.join(levels):<28} {before:>14.2f} "
                      f"{now:>11.2f} {before / now:>7.2f}x  "
                      f"{'identical' if identical else 'DIFFERENT'}", flush=True)
        finally:
            for p in procs.values():
                p.stdin.close()  # type: ignore[union-attr]
                p.wait()
    return same


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--level", default="normal")
    p.add_argument("--compare", metavar="REV",
                   help="interleaved CPU per game against git revision REV, same seeds")
    p.add_argument("--serve", help=argparse.SUPPRESS)  # a --compare worker process
    args = p.parse_args(argv)
    if args.serve:
        serve(args.serve)
    elif args.compare:
        if not compare(args.compare, args.games):
            sys.exit("some records differ: the change altered the AI's choices")
    else:
        table(args.games, args.level)


if __name__ == "__main__":
    main()
