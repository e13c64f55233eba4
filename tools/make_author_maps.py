"""Write the map authors' files (issue 17), then check each one.

    .venv/bin/python tools/make_author_maps.py

* maps/starter/blank-16x16.tmx: the starter map for a new map: 16x16 grass with the
  game's tileset, the `ground` tile layer and the empty `setup` object layer, and the
  map properties (title, description, min_players, max_players) ready to fill in. It
  passes `narby check-map` as it is (R7 rolls the caverns when a map has no spots).
  It sits in a sub-folder so the New game picker does not offer it.
* maps/templates/*.tx: one object template per kind of setup piece (town, city, ruin,
  chest, place of power, cavern spot), for Tiled's Insert Template tool: a place's
  `kind` and a spot's `seat` are set, for the author to change on each instance.
* docs/maps/frontier-40x40.tmx and docs/maps/long-coast-32x14.tmx: a largest-size and a
  non-square map drawn with the real tileset, for the screenshots in docs/MAPS.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_maps as mm  # noqa: E402

ROOT = mm.ROOT
STARTER = ROOT / "maps" / "starter" / "blank-16x16.tmx"
TEMPLATES = ROOT / "maps" / "templates"
# file -> (name, type, cells a side, properties as (name, type, value))
PIECES = {
    "town.tx": ("Town", "town", 1, ()),
    "city.tx": ("City", "city", 1, ()),
    "ruin.tx": ("Ruin", "ruin", 1, ()),
    "chest.tx": ("Thief's Chest", "chest", 1, ()),
    "place-of-power.tx": ("Place of power", "place_of_power", 2,
                          (("kind", "string", "soul_mine"),)),
    "cavern-spot.tx": ("Cavern", "cavern_spot", 1, (("seat", "int", "0"),)),
}
DOC_MAPS = ROOT / "docs" / "maps"


def starter():
    p = mm.Painter(16, 16, seed=5)
    props = {"title": "My New Map", "description": "Say in a sentence what makes this map "
             "different.", "min_players": 2, "max_players": 8}
    return p, props, []


def frontier():
    p = mm.Painter(40, 40, seed=41)
    for cx, cy, r in [(8, 8, 3.5), (30, 30, 4.0), (10, 30, 3.0), (31, 9, 3.0)]:
        p.blob(cx, cy, r, "m")
    for cx, cy, r in [(4, 20, 3.0), (20, 35, 3.2), (35, 20, 3.0), (20, 4, 2.6),
                      (15, 15, 2.0)]:
        p.blob(cx, cy, r, "f", only=".m")
    p.blob(26, 15, 2.2, "p", only=".m")
    p.blob(20, 21, 4.2, "~", rough=0.25)  # the central lake
    p.path([(20, 0), (19, 8), (20, 17)], "~", wiggle=0.5)
    p.path([(0, 33), (5, 30), (9, 27)], "M", width=1.0, only=".m")
    p.path([(30, 39), (33, 34), (39, 32)], "M", width=1.0, only=".m")
    p.roads((0, 12), (12, 12), (12, 28), (28, 28), (28, 12), (39, 12))
    taken: set = set()
    towns = [occupy(taken, p, want) for want in [(6, 6), (33, 7), (7, 34), (34, 34),
                                                  (14, 20), (26, 24)]]
    place = mm.occupy(taken, p.nearest_free((23, 30), mm.free_for(p, taken, 2, 1)), 2)
    props = {"title": "The Frontier", "description": "The largest board: 40x40 cells of "
             "marches around a great lake, for 2 to 8 dragons.",
             "min_players": 2, "max_players": 8}
    objects = [(f"Town {i + 1}", "town", c, {}) for i, c in enumerate(towns)]
    objects.append(("Madhouse", "place_of_power", place, {"kind": "madhouse"}))
    return p, props, objects


def long_coast():
    p = mm.Painter(32, 14, seed=43)
    p.path([(0, 12), (10, 11), (20, 12), (31, 11)], "~", width=1.2, wiggle=0.4)  # the sea
    for cx, cy, r in [(5, 4, 2.2), (16, 6, 2.5), (27, 4, 2.0)]:
        p.blob(cx, cy, r, "m")
    for cx, cy, r in [(10, 2, 1.8), (22, 2, 1.6)]:
        p.blob(cx, cy, r, "f", only=".m")
    p.path([(13, 0), (14, 3)], "M", width=0.8, only=".m")
    p.roads((0, 7), (31, 7))
    taken: set = set()
    city = occupy(taken, p, (16, 5))
    ruin = occupy(taken, p, (3, 9))
    props = {"title": "The Long Coast", "description": "A non-square strip of shore, "
             "32x14, for 2 to 5 dragons.", "min_players": 2, "max_players": 5}
    return p, props, [("Saltmark", "city", city, {}), ("Wreck", "ruin", ruin, {})]


def occupy(taken: set, p, want):
    return mm.occupy(taken, p.nearest_free(want, mm.free_for(p, taken)))


def template(name: str, kind: str, cells: int, props) -> str:
    side = 32 * cells
    typed = {n: "" if t == "string" else f' type="{t}"' for n, t, _v in props}
    body = "".join(f'   <property name="{n}"{typed[n]} value="{v}"/>\n' for n, _t, v in props)
    inner = f">\n  <properties>\n{body}  </properties>\n </object>" if props else "/>"
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
            f' <object name="{name}" type="{kind}" width="{side}" height="{side}"{inner}\n'
            "</template>\n")


def main() -> int:
    argparse.ArgumentParser(description=__doc__.split("\n")[0]).parse_args()
    TEMPLATES.mkdir(exist_ok=True)
    for file, piece in PIECES.items():
        (TEMPLATES / file).write_text(template(*piece), encoding="utf-8")
    print(f"wrote {len(PIECES)} templates in {TEMPLATES.relative_to(ROOT)}")
    bad = 0
    for path, build, tileset in ((STARTER, starter, "../../assets/tiles/terrain.tsx"),
                                 (DOC_MAPS / "frontier-40x40.tmx", frontier,
                                  "../../assets/tiles/terrain.tsx"),
                                 (DOC_MAPS / "long-coast-32x14.tmx", long_coast,
                                  "../../assets/tiles/terrain.tsx")):
        path.parent.mkdir(parents=True, exist_ok=True)
        painter, props, objects = build()
        mm.write_tmx(path, painter, props, objects)
        path.write_text(path.read_text().replace(mm.TILESET, tileset))
        problems = mm.check_map(path)
        print(f"{'OK ' if not problems else 'BAD'} {path.relative_to(ROOT)}")
        for problem in problems:
            print("   ", problem)
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
