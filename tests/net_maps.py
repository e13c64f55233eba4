"""A map only the host has, for the online tests: a shipped map copied under another
name, with its tileset and image beside it and one tile changed."""

from __future__ import annotations

import shutil
from pathlib import Path

from game.net.map_share import Receiver, parts

ROOT = Path(__file__).resolve().parents[1]


def host_only_map(folder: Path, name: str = "friends-fell.tmx") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    tiles = folder / "tiles"
    tiles.mkdir(exist_ok=True)
    for f in ("terrain.tsx", "terrain.png"):
        shutil.copy(ROOT / "assets" / "tiles" / f, tiles / f)
    text = (ROOT / "maps" / "riverfell.tmx").read_text(encoding="utf-8")
    text = text.replace('source="../assets/tiles/terrain.tsx"', 'source="tiles/terrain.tsx"')
    text = text.replace('value="Riverfell"', 'value="Friends\' Fell"', 1)
    # one tile changed: the first cell of the ground layer (grass 1 -> grass 2)
    head, csv = text.split('<data encoding="csv">\n', 1)
    assert csv.startswith("1,")
    text = head + '<data encoding="csv">\n2,' + csv[2:]
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def received(bundle, folder: Path) -> Path:
    """Where a joiner keeps a bundle after taking each of its `map` messages."""
    receiver = Receiver(bundle.info(), folder)
    got = None
    for msg in parts(bundle):
        got = receiver.take(msg)
    assert got is not None
    return got
