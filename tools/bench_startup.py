"""Time from starting `narby --lang en` to the main menu's first drawn frame (issue 34:
<= 1 s with the venv built).

    .venv/bin/python tools/bench_startup.py [--runs 5] [--real] [--importtime]

Each run starts a fresh Python process that runs the `narby` command (game.cli.main)
as installed, under the dummy video driver (or the display SDL finds with --real),
with its own empty settings and data folders and its bytecode written (a first run,
not counted, writes it, as installing does); the first pygame.display.flip() (the
menu drawn) reports the time and ends the process. Prints each run and the median, of
wall time from just before the process is started. --importtime also prints the
slowest imports of one more run (python -X importtime), to see what to make lazy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the child: the real command, stopped at its first drawn frame
CHILD = """
import os, sys, time
import pygame
import game
_tree = os.path.dirname(os.path.dirname(os.path.abspath(game.__file__)))
assert _tree == os.getcwd(), game.__file__  # the tree asked for, not the installed one
_flip = pygame.display.flip
def _first_flip(*args):
    _flip(*args)
    print(f"FIRST-FRAME {time.time():.6f}", flush=True)
    os._exit(0)
pygame.display.flip = _first_flip
from game.cli import main
sys.exit(main(["--lang", "en"]))
"""


def _env(real: bool) -> dict:
    env = dict(os.environ)
    env["NARBY_CONFIG_DIR"] = tempfile.mkdtemp(prefix="narby-cfg-")
    env["NARBY_DATA_DIR"] = tempfile.mkdtemp(prefix="narby-data-")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed game has its bytecode
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not real:
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


def one_run(real: bool = False, extra: tuple[str, ...] = (), root: Path = ROOT
            ) -> tuple[float, float, str]:
    """Seconds from starting the process to the menu's first frame, the CPU seconds the
    process used (user + system: what a busy shared machine does not stretch), and its
    stderr."""
    env = _env(real)
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.time()
        proc = subprocess.Popen([sys.executable, *extra, "-c", CHILD], cwd=root, env=env,
                                stdout=out, stderr=err, text=True)
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    for line in stdout.splitlines():
        if line.startswith("FIRST-FRAME "):
            return float(line.split()[1]) - t0, usage.ru_utime + usage.ru_stime, stderr
    raise SystemExit(f"bench_startup: the menu was never drawn: {stderr.strip()[-400:]}")


def slowest_imports(stderr: str, n: int = 15) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of the slowest imports in -X importtime output."""
    rows = []
    for line in stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            parts = line[len("import time:"):].split("|")
            try:
                rows.append((int(parts[1]), parts[2].rstrip()))
            except ValueError:
                continue
    return sorted(rows, reverse=True)[:n]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--real", action="store_true",
                   help="the display SDL finds (Xvfb, a desktop), not the dummy driver")
    p.add_argument("--importtime", action="store_true",
                   help="also list the slowest imports (python -X importtime)")
    p.add_argument("--root", type=Path, default=ROOT,
                   help="the source tree to start (another checkout, to compare)")
    args = p.parse_args()
    one_run(args.real, root=args.root)  # not counted: writes the bytecode an installed venv has
    times, cpus = [], []
    for i in range(args.runs):
        t, cpu, _ = one_run(args.real, root=args.root)
        times.append(t)
        cpus.append(cpu)
        print(f"run {i + 1}: {t * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU)", flush=True)
    print(f"start to menu ({'display' if args.real else 'dummy driver'}, --lang en): "
          f"median {statistics.median(times) * 1000:.0f} ms of {args.runs} runs "
          f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}); "
          f"CPU median {statistics.median(cpus) * 1000:.0f} ms")
    if args.importtime:
        _, _, err = one_run(args.real, ("-X", "importtime"), args.root)
        for us, name in slowest_imports(err):
            print(f"  {us / 1000:7.1f} ms  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
