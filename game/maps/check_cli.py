"""`narby check-map FILE...`: check Tiled maps and say what is wrong, for map authors.

Prints `OK  path — summary` for each good map (with notes on what the board draws its
own way) and every problem of each bad one; returns 0 when all are fine, 1 when any has
problems, 2 for a usage error. A map that passes is also drawn offscreen as the board
draws it, so a drawing failure is a problem on the list too.
"""

from __future__ import annotations

# Not translated (issue 38): the map checker's messages are for map authors and stay
# English, like the command line's output (docs/TRANSLATING.md says so).
import argparse
import json
import os
import re
import sys
from pathlib import Path

from game.board import BoardSpec
from game.maps.author_notes import author_notes
from game.maps.catalog import inspect
from game.maps.loader import MapError, Problem, map_summary, read_vetted
from game.maps.tiled_json import MAP_SUFFIXES
from game.resources import find_map


def _say(line: str, stream=None) -> None:
    stream = stream or sys.stdout
    try:
        print(line, file=stream)
    except UnicodeEncodeError:  # a legacy console: keep the report, lose the dashes
        enc = getattr(stream, "encoding", None) or "ascii"
        print(line.encode(enc, "replace").decode(enc), file=stream)


def _expand(paths: list[str]) -> tuple[list[Path], list[str]]:
    """Files as given; a folder stands for the .tmx (and Tiled JSON .tmj) maps inside it
    (recursively); a shipped map can be named without a path ("riverfell"). Also each
    folder that could not be read, in words (rglob passed over one without a word)."""
    files: list[Path] = []
    unread: list[str] = []
    for name in paths:
        path = find_map(name)
        if not _is_dir(path):
            files.append(path)
            continue
        found = []
        for folder, _dirs, names in os.walk(path, onerror=lambda e: unread.append(
                f"{e.filename}: cannot be read ({e.strerror or e})")):
            found += [Path(folder) / n for n in names if n.lower().endswith(MAP_SUFFIXES)]
        files.extend(sorted(found))
    return files, unread


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # a name too long for the OS: the reader says so
        return False


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False,
        prog="narby check-map",
        description="Check Tiled .tmx maps for Narby Conquest (docs/MAPS.md).")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="a .tmx map, a folder of them, or a shipped map's name")
    parser.add_argument("--json", action="store_true",
                        help="one JSON document: each file's problems with the object, "
                             "layer and cell they are about (the Tiled extension reads it)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits; a command returns its status instead
        return int(exc.code or 0)
    files, unread = _expand(args.files)
    for line in unread:
        _say(f"narby check-map: {line}", sys.stderr)
    if not files:
        _say("narby check-map: no .tmx files found", sys.stderr)
        return 2
    bad = len(unread)
    report = []
    for path in files:
        spec, problems = inspect(path)
        if spec is not None and not problems:
            problems = drawing_problems(path, spec)
        ok = spec is not None and not problems
        notes = _notes(path) if ok else []
        bad += not ok
        if args.json:
            report.append({"file": str(path), "ok": ok,
                           "summary": map_summary(spec) if ok and spec else None,
                           "problems": [_json_problem(p) for p in problems],
                           "notes": [{"where": w, "what": t, **_about(w, t)}
                                     for w, t in notes]})
        elif ok and spec is not None:
            _say(f"OK  {path} — {map_summary(spec)}")
            for where, what in notes:
                _say(f"    note: {where}: {what}")
        else:
            for problem in problems:
                _say(str(problem))
    if args.json:
        _say(json.dumps({"files": report}, ensure_ascii=False))
    elif len(files) > 1:
        _say(f"{len(files) - bad} of {len(files)} maps OK")
    return 1 if bad else 0


_OBJECT = re.compile(r"^object (\d+)")
_LAYER = re.compile(r"(?:^|in )layer '(.*)'$")
_CELL = re.compile(r"(?:cell|the first at) \((\d+), (\d+)\)")  # "the first at": empty cells


def _about(where: str | None, what: str) -> dict:
    """What a problem is about, for selecting it in Tiled: object id, layer, cell."""
    obj = _OBJECT.match(where or "")
    layer = _LAYER.search(where or "")
    cell = _CELL.search(what)
    return {"object": int(obj.group(1)) if obj else None,
            "layer": layer.group(1) if layer else None,
            "cell": [int(cell.group(1)), int(cell.group(2))] if cell else None}


def _json_problem(p: Problem) -> dict:
    return {"where": p.where, "what": p.what, "fix": p.fix, "text": str(p),
            **_about(p.where, p.what)}


def drawing_problems(path: Path, spec: BoardSpec) -> list[Problem]:
    """Draw the board offscreen as a game would (terrain and preplaced pieces, under
    SDL's dummy driver): a failure is a problem, not a crash screen at New game."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        import pygame  # noqa: PLC0415 (drawing is loaded only for maps that pass)

        from game.ui.board_view import BoardView, preplaced_doc  # noqa: PLC0415

        surface = pygame.Surface((640, 480))
        view = BoardView(spec)
        view.set_rect(surface.get_rect())
        view.draw(surface, preplaced_doc(spec))
    except Exception as exc:  # any failure to draw: the author must hear of it
        first = (str(exc).splitlines() or [""])[0][:200]
        return [Problem(str(path), None, f"cannot be drawn ({type(exc).__name__}: {first})",
                        "this is a bug in the game's drawing; please report it with the map "
                        "and its tilesets")]
    return []


def _notes(path: Path) -> list[tuple[str, str]]:
    try:
        from game.ui.tiled_draw import drawing_notes  # noqa: PLC0415

        return drawing_notes(path) + author_notes(path, read_vetted(path))
    except (ImportError, MapError):
        return []


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
