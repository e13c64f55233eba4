"""`narby balance MAP`: is this map fair? Seeded AI games on every core (or a Dask
cluster), then a report: balance.json, balance.png, balance.md and report.html in --out."""

from __future__ import annotations

import argparse
import importlib.util
import logging
import re
import sys
import time
import warnings
from dataclasses import asdict
from pathlib import Path

from game import house_rules
from game.balance.games import SEAT_KINDS
from game.balance.plan import DEFAULT_ROUND_CAP, Plan
from game.maps.loader import MapError, load_board
from game.resources import find_map
from game.tables import DRAGONS

PROG = "narby balance"
INSTALL = 'pip install "narby-conquest[balance]"'
NEEDS = ("distributed", "matplotlib")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(allow_abbrev=False, prog=PROG, description=__doc__.splitlines()[0])
    p.add_argument("map", help="a .tmx map, or a shipped map's name (riverfell)")
    p.add_argument("--seats", default=None,
                   help="AI level per seat: normal,normal,easy or normalx4 (levels: "
                        f"{', '.join(SEAT_KINDS)}; default: 4 Normal, or as many as the "
                        "map allows)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", type=int, default=None,
                   help="coins to win (default: the map's, else 50)")
    p.add_argument("--round-cap", type=int, default=DEFAULT_ROUND_CAP)
    p.add_argument("--dragons", default=None,
                   help="fixed dragons (copper,red,...), rotated over the seats; "
                        "default: drawn by the dice as the rules draw them (R6)")
    p.add_argument("--chunk", type=int, default=4, help="games per task (default 4)")
    house_rules.add_argument(p)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None,
                       help="local worker processes (default: one per core)")
    where.add_argument("--cluster", metavar="ADDRESS", default=None,
                       help="a running Dask scheduler, e.g. tcp://10.0.0.5:8786")
    p.add_argument("--out", default=None, help="report folder (default: balance-MAPNAME)")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    return p


def parse_seats(text: str) -> list[str] | None:
    """'normal,normal,easy', 'normalx4' or 'normal×4' (and mixes: 'hard,normalx3')."""
    levels: list[str] = []
    for token in text.replace(" ", "").lower().split(","):
        found = re.fullmatch(r"([a-z]+)(?:[x×](\d))?", token)
        if not found or found.group(1) not in SEAT_KINDS:
            return None
        levels += [found.group(1)] * int(found.group(2) or 1)
    return levels


def _fail(text: str, code: int = 2) -> int:
    print(f"{PROG}: {text}", file=sys.stderr)
    return code


def main(argv: list[str]) -> int:
    p = parser()
    args = p.parse_args(argv)
    missing = [m for m in NEEDS if importlib.util.find_spec(m) is None]
    if missing:
        return _fail(f"the balance lab needs Dask and matplotlib; install them with: {INSTALL}")
    plan, board, problem = _plan(args)
    if problem:
        return _fail(problem)
    assert plan is not None and board is not None
    out = Path(args.out or f"balance-{Path(plan.map or 'plain').stem}")
    if out.exists() and not out.is_dir():
        return _fail(f"--out {out} is a file, not a folder")
    return _run(plan, board, out, args)


def _plan(args):
    path = find_map(args.map)
    if not path.is_file():
        return None, None, f"{args.map}: map file not found"
    try:
        board = load_board(path)
    except MapError as exc:
        return None, None, f"{path} cannot be played: {str(exc).splitlines()[-1].strip()}"
    except OSError as exc:
        return None, None, f"{path} cannot be read ({exc.strerror or 'error'})"
    seats = args.seats or f"normalx{max(board.min_players, min(4, board.max_players))}"
    levels = parse_seats(seats)
    if not levels or not 2 <= len(levels) <= 8:
        return None, None, (f"--seats takes 2 to 8 of {', '.join(SEAT_KINDS)} "
                            f"(e.g. normalx4), not {seats!r}")
    if not board.min_players <= len(levels) <= board.max_players:
        return None, None, (f"the map '{board.title}' is for {board.min_players}-"
                            f"{board.max_players} dragons, not {len(levels)}")
    for name, value in (("--games", args.games), ("--chunk", args.chunk),
                        ("--round-cap", args.round_cap), ("--workers", args.workers),
                        ("--target", args.target)):
        if value is not None and value < 1:
            return None, None, f"{name} must be at least 1, not {value}"
    dragons = None
    if args.dragons:
        dragons = tuple(d.strip().lower() for d in args.dragons.split(","))
        bad = [d for d in dragons if d not in DRAGONS]
        if bad or len(dragons) != len(levels) or len(set(dragons)) != len(dragons):
            return None, None, (f"--dragons names {len(levels)} different dragons, one per "
                                f"seat (dragons: {', '.join(DRAGONS)}), not {args.dragons!r}")
    plan = Plan(map=str(path.resolve()), levels=tuple(levels), games=args.games,
                seed=args.seed, target=args.target or board.target or 50,
                round_cap=args.round_cap, dragons=dragons, chunk=args.chunk,
                house=tuple(sorted(set(args.house))))
    return plan, board, None


def _run(plan: Plan, board, out: Path, args) -> int:
    # the heavy modules only now: importing the game never loads Dask or matplotlib
    from game.balance import findings, report, run, summary  # noqa: PLC0415

    results_file = out / "results.jsonl"
    show = None if args.quiet else _progress()
    try:
        client = run.open_client(args.workers, args.cluster)
    except run.RunError as exc:
        return _fail(str(exc))
    interrupted = False
    try:
        records, timing = run.run(plan, results_file, client=client, progress=show)
    except run.RunError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        _close(client, quiet=interrupted)
    if show:
        print(file=sys.stderr)
    if interrupted:  # said last, after the cluster is down
        return _fail(f"stopped; the finished games are kept in {results_file}: the same "
                     f"command resumes from them", 130)
    fields = {k: v for k, v in asdict(plan).items() if k != "map"
              and not (k == "house" and not v)}  # no house rules: the book's, unnamed
    fields["map"] = Path(plan.map).name if plan.map else None
    results = summary.summarize(records, board, fields)
    results["findings"] = findings.findings(results, board)
    timing["cluster"] = args.cluster or "local"
    try:
        paths = report.write(out, results, timing, board, plan.map)
    except OSError as exc:
        return _fail(f"cannot write the report in {out} ({exc.strerror or 'error'}); the games "
                     f"are kept in {results_file}")
    for line in results["findings"]:
        print(f"- {line}")
    print(f"report: {paths['md']} (as one page: {paths['html'].name}; charts "
          f"{paths['png'].name}, figures {paths['json'].name})")
    return 0


def _close(client, quiet: bool = False) -> None:
    """Close the client and, when it is ours, the local cluster. After Ctrl-C the
    workers' own shutdown complaints (already-cancelled tasks) are not the player's
    business: Dask's log and warnings are silenced for it."""
    if quiet:
        logging.getLogger("distributed").setLevel(logging.CRITICAL + 1)
        warnings.simplefilter("ignore")
    cluster = client.cluster
    try:
        client.close()
        if cluster is not None:
            cluster.close()
    except (KeyboardInterrupt, Exception):  # a second Ctrl-C, or a cluster already gone
        if not quiet:
            raise


def _progress():
    start = time.perf_counter()
    tty = sys.stderr.isatty()

    def show(done: int, total: int, seconds: float, played_now: int) -> None:
        rate = played_now / seconds if seconds > 0 else 0.0
        left = (total - done) / rate if rate else 0.0
        line = (f"{done}/{total} games, {rate:.2f} games/s, "
                f"about {_duration(left) if rate else '?'} left, "
                f"{_duration(time.perf_counter() - start)} so far")
        print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr,
              flush=True)

    return show


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"
