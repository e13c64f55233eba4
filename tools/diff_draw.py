"""Random maps drawn by the board and by Tiled's own `tmxrasterizer`, compared.

    python -m tools.diff_draw --maps 200 --seed 1          # needs tmxrasterizer
    python -m tools.diff_draw --maps 50 --keep /tmp/diffs  # keep the maps that differ

Each map is 8x8 cells of 16 px built from the drawing corpus's tilesets and images
(tests/maps/drawing): a ground layer, then tile layers, groups, object layers and image
layers in a random mix of what Tiled 1.8 saves (flips, opacity, tint, offsets, hidden
layers, repeat, transparent colours, drawing order, tile objects stretched, flipped and
turned by quarter turns). The board's picture is painted over its ground, as the board
paints it, and Tiled's is laid on the same ground; a map differs when a pixel is more
than 3 levels off, as in tests/test_map_drawing.py. The corpus covers each feature
alone; this looks for the mixes.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.ui.tiled_draw import render_map  # noqa: E402
from tests.test_map_drawing import (  # noqa: E402
    GROUND,
    RASTERIZER,
    TOLERANCE,
    on_ground,
    rasterize,
)

DRAWING = Path(__file__).resolve().parent.parent / "tests" / "maps" / "drawing"
N, T = 8, 16
H, V, D = 0x80000000, 0x40000000, 0x20000000
# (file, firstgid, tile ids): every corpus tileset, numbered one after another
TILESETS = (("arrows.tsx", 1, range(4)), ("collection.tsx", 5, (0, 1, 2, 5)),
            ("spaced.tsx", 11, range(4)), ("centred.tsx", 15, range(4)),
            ("big.tsx", 19, range(4)), ("soft.tsx", 23, range(5)),
            ("keyed.tsx", 28, range(4)), ("blue-clear.tsx", 32, range(4)))
GIDS = [first + tid for _, first, ids in TILESETS for tid in ids]
IMAGES = (('backdrop.png', 24, 20, ""), ('keyed-glow.png', 40, 24, ' trans="ff00ff"'))
# no see-through tints: Tiled 1.8 draws an opaque tile under one replacing what lies
# beneath (a flaw the board does not copy; the corpus's opacity-tint.tmx has one on
# tiles with see-through pixels, which Tiled draws as the board does)
TINTS = ("#ffe0c0", "#a0c0ff", "#ff8060", "#ffffff")


ORDERS = ("right-down", "right-down", "right-up", "left-down", "left-up")


def _attrs(rng: random.Random, *, free: bool = False) -> str:
    out = []
    if rng.random() < 0.3:
        out.append(f'opacity="{rng.choice((0.25, 0.5, 0.8))}"')
    if rng.random() < 0.3:
        out.append(f'tintcolor="{rng.choice(TINTS)}"')
    if rng.random() < 0.3:
        if free and rng.random() < 0.5:  # a layer dragged by hand
            out.append(f'offsetx="{rng.choice((0.5, -2.25, 3.75))}" '
                       f'offsety="{rng.choice((0.5, 1.25, -6))}"')
        else:
            out.append(f'offsetx="{rng.randint(-12, 12)}" offsety="{rng.randint(-12, 12)}"')
    if rng.random() < 0.08:
        out.append('visible="0"')
    return (" " + " ".join(out)) if out else ""


def _gid(rng: random.Random) -> int:
    flags = rng.choice((0, 0, 0, H, V, D, H | V, H | D, V | D, H | V | D))
    return rng.choice(GIDS) | flags


class Builder:
    def __init__(self, rng: random.Random, free: bool = False) -> None:
        self.rng, self.lid, self.oid = rng, 1, 1
        # quarter turns at whole pixels, or (free) any turn at fractions of a pixel
        self.turns = (0, 0, 0, 90, 180, 270) + ((30, 200, 10, 75, 123.5) if free else ())
        self.fractions = free

    def next_id(self) -> int:
        self.lid += 1
        return self.lid

    def tile_layer(self, ground: bool = False) -> str:
        rng = self.rng
        if ground:  # arrows with see-through notches, and the opaque soft tile
            gids = [1 + (c + r) % 4 if rng.random() < 0.8 else 27
                    for r in range(N) for c in range(N)]
        else:
            fill = rng.uniform(0.1, 0.6)
            gids = [_gid(rng) if rng.random() < fill else 0 for _ in range(N * N)]
        rows = ",\n".join(",".join(map(str, gids[r * N:(r + 1) * N])) for r in range(N))
        attrs = "" if ground else _attrs(rng, free=self.fractions)
        return (f' <layer id="{self.next_id()}" name="l{self.lid}" width="{N}" height="{N}"'
                f'{attrs}>\n  <data encoding="csv">\n{rows}\n</data>\n </layer>\n')

    def object_layer(self) -> str:
        rng = self.rng
        order = ' draworder="index"' if rng.random() < 0.4 else ""
        objects = []
        for _ in range(rng.randint(1, 6)):
            self.oid += 1
            gid = _gid(rng) & ~D  # a tile object has no diagonal flag
            w, h = rng.choice((16, 16, 24, 32, 8, 40)), rng.choice((16, 16, 24, 32, 12))
            turn = rng.choice(self.turns)
            extra = f' rotation="{turn}"' if turn else ""
            if rng.random() < 0.1:
                extra += ' visible="0"'
            x, y = rng.randint(0, N * T), rng.randint(0, N * T)
            if self.fractions:  # where a hand-placed object lands off the pixel grid
                x, y = x + rng.choice((0, 0.25, 0.5, 0.75)), y + rng.choice((0, 0.5, 0.3333))
            objects.append(f'  <object id="{self.oid}" gid="{gid}" x="{x}" y="{y}" '
                           f'width="{w}" height="{h}"{extra}/>\n')
        return (f' <objectgroup id="{self.next_id()}" name="o{self.lid}"{order}'
                f'{_attrs(rng, free=self.fractions)}>\n' + "".join(objects)
                + ' </objectgroup>\n')

    def image_layer(self) -> str:
        rng = self.rng
        source, w, h, trans = rng.choice(IMAGES)
        repeat = rng.choice(("", "", ' repeatx="1"', ' repeaty="1"',
                             ' repeatx="1" repeaty="1"'))
        attrs = _attrs(rng, free=self.fractions)
        return (f' <imagelayer id="{self.next_id()}" name="i{self.lid}"{attrs}{repeat}>\n'
                f'  <image source="{source}"{trans} width="{w}" height="{h}"/>\n'
                ' </imagelayer>\n')

    def group(self, depth: int) -> str:
        inner = "".join(self.any_layer(depth + 1) for _ in range(self.rng.randint(1, 3)))
        attrs = _attrs(self.rng, free=self.fractions)
        return (f' <group id="{self.next_id()}" name="g{self.lid}"{attrs}>\n'
                f'{inner} </group>\n')

    def any_layer(self, depth: int = 0) -> str:
        pick = self.rng.random()
        if pick < 0.45:
            return self.tile_layer()
        if pick < 0.7:
            return self.object_layer()
        if pick < 0.85:
            return self.image_layer()
        return self.group(depth) if depth < 2 else self.tile_layer()

    def map(self) -> str:
        tilesets = "".join(f' <tileset firstgid="{first}" source="{name}"/>\n'
                           for name, first, _ in TILESETS)
        layers = self.tile_layer(ground=True) + "".join(
            self.any_layer() for _ in range(self.rng.randint(1, 4)))
        order = self.rng.choice(ORDERS)  # drawn last: the layers stay as earlier seeds made them
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" '
                f'tiledversion="1.8.2" orientation="orthogonal" renderorder="{order}" '
                f'width="{N}" height="{N}" tilewidth="{T}" tileheight="{T}" infinite="0" '
                f'nextlayerid="{self.lid + 1}" nextobjectid="{self.oid + 1}">\n <properties>\n'
                '  <property name="max_players" type="int" value="2"/>\n </properties>\n'
                f'{tilesets}{layers}</map>\n')


def differing(ours: pygame.Surface, theirs: pygame.Surface) -> tuple[int, int]:
    """(pixels more than TOLERANCE off, the worst difference), both on the same ground."""
    a = pygame.image.tobytes(on_ground(ours), "RGB")
    b = pygame.image.tobytes(on_ground(theirs), "RGB")
    worst, count = 0, 0
    for i in range(0, len(a), 3):
        d = max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
        worst = max(worst, d)
        count += d > TOLERANCE
    return count, worst


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.diff_draw",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--maps", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep", type=Path, default=None, help="copy maps that differ here")
    p.add_argument("--free", action="store_true",
                   help="also turn decorations by any angle, place them and offset layers "
                   "by fractions of a pixel (one to three edge pixels of a turned "
                   "decoration may differ: docs/MAPS.md)")
    args = p.parse_args(argv)
    if RASTERIZER is None:
        print("tmxrasterizer is not installed: run tools/ci_install_tiled.sh", file=sys.stderr)
        return 2
    found = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "drawing"
        shutil.copytree(DRAWING, folder)
        for n in range(args.maps):
            seed = args.seed + n
            path = folder / f"random-{seed}.tmx"
            path.write_text(Builder(random.Random(seed), args.free).map(), encoding="utf-8")
            theirs = rasterize(path, Path(tmp) / "tiled.png", Path(tmp))
            # painted over the ground as the board paints it: every blend exact
            count, worst = differing(render_map(path, ground=GROUND), theirs)
            if count:
                found += 1
                print(f"seed {seed}: {count} pixels differ, worst {worst}")
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    shutil.copy(path, args.keep / path.name)
    print(f"{args.maps} maps from seed {args.seed}: {found} differ")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
