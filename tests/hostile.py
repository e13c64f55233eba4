"""Crafted hostile files for the loader tests and the fuzzer (issue 24). Big ones are
generated at run time into a temporary folder, never kept in the repository."""

from __future__ import annotations

import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
TILES_PNG = HERE / "maps" / "tiles.png"


TWO_PLAYERS = '<property name="max_players" type="int" value="2"/>'


def tmx(width: int = 10, height: int = 10, *, tileset: str | None = None,
        data: str | None = None, props: str = TWO_PLAYERS, objects: str = "",
        extra: str = "") -> str:
    """A small Tiled map: an embedded 4-tile tileset (tile 2 blocked) unless `tileset` is
    given, one CSV layer (all grass unless `data`)."""
    if tileset is None:
        tileset = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" '
                   'columns="4"><image source="tiles.png" width="128" height="32"/>'
                   '<tile id="1"><properties><property name="blocked" type="bool" value="true"/>'
                   '</properties></tile></tileset>')
    if data is None:
        data = ",".join(["1"] * (width * height))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
            f'width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0">'
            f'<properties>{props}</properties>{tileset}'
            f'<layer id="1" name="ground" width="{width}" height="{height}">'
            f'<data encoding="csv">{data}</data></layer>'
            f'<objectgroup id="2" name="setup">{objects}</objectgroup>{extra}</map>\n')


def write_map(folder: Path, name: str, text: str, png: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if png and not (folder / "tiles.png").exists():
        shutil.copy(TILES_PNG, folder / "tiles.png")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def deep_map(depth: int = 280_000) -> str:
    """~280,000 nested elements (1.9 MB): crashed deepcopy with SIGSEGV (issue 24.1)."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map width="10" height="10" '
            'tilewidth="32" tileheight="32">' + "<g>" * depth + "</g>" * depth + "</map>\n")


def wide_map(count: int = 150_000) -> str:
    return ('<?xml version="1.0"?>\n<map width="10" height="10" tilewidth="32" tileheight="32">'
            + "<g/>" * count + "</map>\n")


def huge_image_map() -> str:
    """A 739-byte map whose tileset declares a 3,200,000 x 3,200,000 image (issue 24.2)."""
    ts = ('<tileset firstgid="1" name="t" tilewidth="32" tileheight="32">'
          '<image source="tiles.png" width="3200000" height="3200000"/></tileset>')
    return tmx(tileset=ts)


def checkerboard_map(side: int = 12) -> str:
    """Enough free cells in total, but no free 2x2 anywhere: setup cannot place a dragon."""
    data = ",".join("2" if (r % 2 and c % 2) else "1" for r in range(side) for c in range(side))
    return tmx(side, side, data=data)
