"""`narby check-map FILE...`: check Tiled maps and say what is wrong, for map authors.

Prints `OK  path — summary` for each good map and every problem of each bad one;
returns 0 when all are fine, 1 when any has problems, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.maps.catalog import inspect
from game.maps.loader import map_summary
from game.resources import find_map


def _say(line: str, stream=None) -> None:
    stream = stream or sys.stdout
    try:
        print(line, file=stream)
    except UnicodeEncodeError:  # a legacy console: keep the report, lose the dashes
        enc = getattr(stream, "encoding", None) or "ascii"
        print(line.encode(enc, "replace").decode(enc), file=stream)


def _expand(paths: list[str]) -> list[Path]:
    """Files as given; a folder stands for the .tmx maps inside it (recursively); a
    shipped map can be named without a path ("riverfell")."""
    files: list[Path] = []
    for name in paths:
        path = find_map(name)
        files.extend(sorted(path.rglob("*.tmx")) if _is_dir(path) else [path])
    return files


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # a name too long for the OS: the reader says so
        return False


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="narby check-map",
        description="Check Tiled .tmx maps for Narby Conquest (docs/MAPS.md).")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="a .tmx map, a folder of them, or a shipped map's name")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits; a command returns its status instead
        return int(exc.code or 0)
    files = _expand(args.files)
    if not files:
        _say("narby check-map: no .tmx files found", sys.stderr)
        return 2
    bad = 0
    for path in files:
        spec, problems = inspect(path)
        if spec is not None and not problems:
            _say(f"OK  {path} — {map_summary(spec)}")
            continue
        bad += 1
        for problem in problems:
            _say(str(problem))
    if len(files) > 1:
        _say(f"{len(files) - bad} of {len(files)} maps OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
