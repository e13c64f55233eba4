"""What each map costs to check, list, preview, draw and list in a save (issue 29.5).

    python tools/map_cost.py [--crafted-only | --shipped-only] [--keep DIR]

Builds the crafted cost maps of tests/hostile.py in a temporary folder (9,000 copies of
one tileset, 13,500 layers, one 8160x8160 PNG by 12 spellings, 5,000-digit numbers,
300-character names, deep groups) and takes every shipped map too; then runs each
operation on each map in a fresh process and prints its wall time, its CPU time (the
honest figure on a busy machine) and peak memory
(ru_maxrss of that process, modules imported before the clock starts; the interpreter
with pygame, pygame-gui and pytmx loaded is about 75 MB of it):

  check    loader.check_map (what `narby check-map` does)
  list     catalog.entry (one line of the New game list)
  preview  `narby preview FILE --once --screenshot` (the author's preview, headless)
  draw     the board drawn at 1280x720 and its New game thumbnail
  save     saves.list_all on a folder whose one save names the map (Load, Continue)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OPS = ("check", "list", "preview", "draw", "save")


def crafted(folder: Path) -> dict[str, Path]:
    from tests import hostile as h  # noqa: PLC0415 (only when measuring)

    return {
        "9000-tilesets": h.many_tilesets_map(folder / "tilesets"),
        "13500-layers": h.many_layers_map(folder / "layers"),
        "8160px-png-x12": h.one_image_many_spellings(folder / "png" / "here"),
        "small-png-x12": h.one_image_many_spellings(folder / "small" / "here",
                                                    image=h.TILES_PNG.read_bytes()),
        "5000-digits": h.write_map(folder / "digits", "n.tmx", h.long_number_map()),
        "5000-digit-prop": h.write_map(folder / "prop", "p.tmx", h.long_property_map()),
        "300-char-names": h.write_map(folder / "names", "p.tmx", h.long_path_map()),
        "40-nested-groups": h.write_map(folder / "groups", "g.tmx", h.nested_groups_map()),
        "999-bad-objects": h.write_map(folder / "objects", "o.tmx", h.many_bad_objects_map()),
        "nested-tileset": h.write_map(folder / "nested", "n.tmx", h.nested_tileset_map()),
        "worst-allowed": worst_allowed(folder / "worst"),
    }


def worst_allowed(folder: Path) -> Path:
    """A map just inside every cap that costs the drawing most: a 4080x2048 RGBA tileset
    of 16 px tiles (32,640 distinct tiles), 10 full 40x40 tile layers painted with a
    different tile in every cell (16,000 cells), a PNG whose rows are noise."""
    import random  # noqa: PLC0415
    import struct  # noqa: PLC0415
    import zlib  # noqa: PLC0415

    from tests.hostile import tmx, write_map  # noqa: PLC0415

    w, h = 4080, 2048

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    row = random.Random(1).randbytes(w * 4)
    packer = zlib.compressobj(6)
    body = b"".join(packer.compress(b"\0" + row[i % 7:] + row[:i % 7]) for i in range(h))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "noise.png").write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", body + packer.flush()) + chunk(b"IEND", b""))
    count = (w // 16) * (h // 16)
    ts = (f'<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="{count}" '
          f'columns="{w // 16}"><image source="noise.png" width="{w}" height="{h}"/></tileset>')
    layers = "".join(
        '<layer name="l" width="40" height="40"><data encoding="csv">'
        + ",".join(str((k * 1600 + i) % count + 1) for i in range(1600)) + "</data></layer>"
        for k in range(1, 10))
    text = tmx(40, 40, tileset=ts, data=",".join(str(i + 1) for i in range(1600)),
               extra=layers).replace('tilewidth="32" tileheight="32" infinite',
                                     'tilewidth="16" tileheight="16" infinite')
    return write_map(folder, "worst.tmx", text, png=False)


def shipped() -> dict[str, Path]:
    maps = sorted((ROOT / "maps").glob("*.tmx"))
    maps.append(ROOT / "tests" / "maps" / "sizes" / "largest-40x40.tmx")
    return {p.stem: p for p in maps}


def one(op: str, path: Path, work: Path) -> None:
    """Run one operation in this process (the child) and print its cost as JSON."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("NARBY_CONFIG_DIR", str(work / "config"))
    # the modules are imported before the clock starts: the time is the work itself
    import pygame  # noqa: PLC0415, F401
    import pygame_gui  # noqa: PLC0415, F401

    import game.maps.commands  # noqa: PLC0415, F401
    import game.persistence.saves  # noqa: PLC0415, F401
    import game.ui.app  # noqa: PLC0415, F401
    import game.ui.board_view  # noqa: PLC0415, F401
    import game.ui.scenes.preview  # noqa: PLC0415, F401

    t, cpu = time.perf_counter(), time.process_time()
    result = ""
    if op == "check":
        from game.maps.loader import check_map  # noqa: PLC0415

        found = check_map(path)
        result = str(found[0]) if found else "OK"
    elif op == "list":
        from game.maps.catalog import entry  # noqa: PLC0415

        e = entry(path, "user")
        result = "OK" if e.ok else e.first_problem
    elif op == "preview":
        from game.maps.commands import preview_main  # noqa: PLC0415

        result = f"exit {preview_main([str(path), '--once', '--screenshot', str(work / 'p.png')])}"
    elif op == "draw":
        import pygame  # noqa: PLC0415

        from game.board import BoardSpec  # noqa: PLC0415
        from game.maps.loader import draft_board  # noqa: PLC0415
        from game.ui.board_view import BoardView, preplaced_doc, thumbnail  # noqa: PLC0415

        pygame.display.init()
        screen = pygame.display.set_mode((1280, 720))
        spec = draft_board(path)[0] or BoardSpec(width=10, height=10, source=str(path))
        view = BoardView(spec)
        view.set_rect(screen.get_rect())
        view.fit()
        view.draw(screen, preplaced_doc(spec))
        thumbnail(spec, (240, 240))
        result = f"drawn {spec.width}x{spec.height}"
    elif op == "save":
        from game.persistence import saves  # noqa: PLC0415

        folder = work / "data" / "saves"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "names-map.json").write_text(json.dumps(
            {"format": "narby-replay/1", "map": str(path), "seats": [{}, {}]}))
        entries, problems = saves.list_all(work / "data")
        result = f"{len(entries)} listed, {len(problems)} refused"
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # KiB on Linux
    print(json.dumps({"s": round(seconds, 3), "cpu": round(cpu, 3), "mb": peak,
                      "result": result[:110]}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crafted-only", action="store_true")
    ap.add_argument("--shipped-only", action="store_true")
    ap.add_argument("--keep", metavar="DIR", help="build the crafted maps here and keep them")
    ap.add_argument("--one", nargs=3, metavar=("OP", "MAP", "WORK"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        one(args.one[0], Path(args.one[1]), Path(args.one[2]))
        return 0
    with tempfile.TemporaryDirectory(prefix="narby-cost-") as tmp:
        base = Path(args.keep or tmp)
        maps: dict[str, Path] = {}
        if not args.shipped_only:
            maps.update(crafted(base / "crafted"))
        if not args.crafted_only:
            maps.update(shipped())
        print(f"{'map':18} {'op':8} {'seconds':>8} {'cpu s':>6} {'peak MB':>8}  result")
        worst = (0.0, 0)
        for name, path in maps.items():
            for op in OPS:
                work = Path(tempfile.mkdtemp(dir=base))
                done = subprocess.run([sys.executable, __file__, "--one", op, str(path),
                                       str(work)], capture_output=True, text=True, cwd=work,
                                      timeout=600)
                lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
                if done.returncode or not lines:
                    print(f"{name:18} {op:8} FAILED: {done.stderr.strip()[-300:]}")
                    continue
                got = json.loads(lines[-1])
                worst = (max(worst[0], got["s"]), max(worst[1], got["mb"]))
                print(f"{name:18} {op:8} {got['s']:8.2f} {got['cpu']:6.2f} {got['mb']:8}  "
                      f"{got['result']}")
        print(f"worst: {worst[0]:.2f} s, {worst[1]} MB peak")
    return 0


if __name__ == "__main__":
    sys.exit(main())
