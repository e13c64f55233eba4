"""Render map previews: the tiles, plus markers for preplaced pieces and cavern spots.

    .venv/bin/python tools/preview_maps.py                      # maps/*.tmx -> /tmp/narby-previews
    .venv/bin/python tools/preview_maps.py --out docs/maps --scale 0.5
    .venv/bin/python tools/preview_maps.py --blocked my.tmx     # hatch blocked cells

No window: tiles are cut from the tileset PNG by hand (pytmx's default loader gives
each gid's file and rectangle), so this runs under SDL_VIDEODRIVER=dummy.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pytmx  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.board import BoardSpec  # noqa: E402
from game.maps.loader import load_board  # noqa: E402

INK = (40, 34, 30)


def tiles_layer(path: Path) -> pygame.Surface:
    tmx = pytmx.TiledMap(str(path))
    tw, th = tmx.tilewidth, tmx.tileheight
    out = pygame.Surface((tmx.width * tw, tmx.height * th))
    out.fill((30, 30, 30))
    sheets: dict[str, pygame.Surface] = {}
    for layer in tmx.visible_tile_layers:
        for x, y, gid in tmx.layers[layer].iter_data():
            if not gid:
                continue
            file, rect, _ = tmx.images[gid]
            if file not in sheets:
                sheets[file] = pygame.image.load(file)
            out.blit(sheets[file], (x * tw, y * th), rect)
    return out


def draw_pieces(surface: pygame.Surface, spec: BoardSpec, cell: int, hatch: bool) -> None:
    font = pygame.font.Font(None, max(12, int(cell * 0.7)))
    if hatch:
        for c, r in spec.blocked:
            rect = pygame.Rect(c * cell, r * cell, cell, cell)
            pygame.draw.line(surface, (220, 40, 40), rect.topleft, rect.bottomright, 2)
            pygame.draw.line(surface, (220, 40, 40), rect.topright, rect.bottomleft, 2)
    u = cell / 32
    for piece in spec.pieces:
        x, y = piece.at[0] * cell, piece.at[1] * cell
        if piece.kind == "place_of_power":
            rect = pygame.Rect(x + 3 * u, y + 3 * u, 2 * cell - 6 * u, 2 * cell - 6 * u)
            pygame.draw.rect(surface, (120, 70, 170), rect, border_radius=int(8 * u))
            pygame.draw.rect(surface, (250, 210, 90), rect, int(2 * u) or 1,
                             border_radius=int(8 * u))
            cx, cy = rect.center
            pts = [(cx + (14 if i % 2 == 0 else 6) * u * pygame.math.Vector2(0, -1)
                    .rotate(i * 36)[0], cy + (14 if i % 2 == 0 else 6) * u
                    * pygame.math.Vector2(0, -1).rotate(i * 36)[1]) for i in range(10)]
            pygame.draw.polygon(surface, (250, 210, 90), pts)
        elif piece.kind == "chest":
            rect = pygame.Rect(x + 7 * u, y + 10 * u, 18 * u, 13 * u)
            pygame.draw.rect(surface, (200, 150, 40), rect, border_radius=int(2 * u))
            pygame.draw.rect(surface, INK, rect, max(1, int(u)), border_radius=int(2 * u))
            pygame.draw.line(surface, INK, (rect.left, rect.top + 5 * u),
                             (rect.right - 1, rect.top + 5 * u), max(1, int(u)))
        else:
            wall = {"town": (226, 200, 160), "city": (230, 226, 214), "ruin": (150, 146, 140)}
            roof = {"town": (176, 70, 50), "city": (70, 90, 150), "ruin": (110, 104, 98)}
            body = pygame.Rect(x + 8 * u, y + 14 * u, 16 * u, 12 * u)
            pygame.draw.rect(surface, wall[piece.kind], body)
            top = [(x + 5 * u, y + 15 * u), (x + 16 * u, y + 5 * u), (x + 27 * u, y + 15 * u)]
            if piece.kind == "ruin":
                top = [(x + 8 * u, y + 14 * u), (x + 12 * u, y + 9 * u), (x + 15 * u, y + 14 * u)]
            pygame.draw.polygon(surface, roof[piece.kind], top)
            pygame.draw.rect(surface, INK, body, max(1, int(u)))
    for seat, (c, r) in enumerate(spec.cavern_spots):
        center = (c * cell + cell // 2, r * cell + cell // 2)
        pygame.draw.circle(surface, (50, 40, 40), center, int(13 * u))
        pygame.draw.circle(surface, (240, 200, 120), center, int(13 * u), max(1, int(2 * u)))
        text = font.render(str(seat), True, (250, 240, 220))
        surface.blit(text, text.get_rect(center=center))


def render(path: Path, scale: float, hatch: bool) -> pygame.Surface:
    spec = load_board(path)
    surface = tiles_layer(path)
    cell = surface.get_width() // spec.width
    draw_pieces(surface, spec, cell, hatch)
    if scale != 1:
        size = (int(surface.get_width() * scale), int(surface.get_height() * scale))
        surface = pygame.transform.smoothscale(surface, size)
    return surface


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", type=Path)
    parser.add_argument("--out", type=Path, default=Path("/tmp/narby-previews"))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--blocked", action="store_true", help="hatch blocked cells")
    args = parser.parse_args(argv)
    pygame.font.init()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.maps or sorted((ROOT / "maps").glob("*.tmx")):
        target = args.out / (path.stem + ".png")
        pygame.image.save(render(path, args.scale, args.blocked), str(target))
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
