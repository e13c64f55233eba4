"""Write the balance lab's validation maps in tests/maps/balance/ (output is committed).

mirror.tmx: 14x14, four caverns in the corners, each with the same town two cells
away, mirror-symmetric: the control we first meant, which the lab found unfair (R7
starts dragons east of their caverns; see docs/BALANCE.md). even.tmx: the control
that is fair by construction, each quarter the same picture moved. favoured.tmx: the same, but
seat 3's cavern also has three towns and a city within 3 cells: the lab must name seat 3
and its surroundings, and nothing else.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
from tests.maps.make_test_maps import GRASS, layer, obj, spot, tmx  # noqa: E402

W = H = 14
CAVERNS = [(2, 2), (11, 2), (2, 11), (11, 11)]  # seats 0..3, the four corners
TOWNS = [(4, 4), (9, 4), (4, 9), (9, 9)]  # one town two cells in from each cavern


def balance_map(title: str, extra: list[tuple[str, tuple[int, int]]],
                caverns: list[tuple[int, int]] = CAVERNS,
                towns: list[tuple[int, int]] = TOWNS) -> str:
    objects = "".join(spot(1 + s, str(s), c, r) for s, (c, r) in enumerate(caverns))
    pieces = [("town", t) for t in towns] + extra
    objects += "".join(obj(10 + i, kind, c * 32, r * 32) for i, (kind, (c, r))
                       in enumerate(pieces))
    props = {"title": ("string", title), "min_players": ("int", "4"),
             "max_players": ("int", "4")}
    return tmx(w=W, h=H, layers=layer([GRASS] * (W * H), w=W, h=H), objects=objects,
               props=props)


# even.tmx: every seat's corner is the same picture moved (not mirrored): R7 starts
# each dragon east of its cavern, so only a translation gives every dragon the same
# surroundings (mirror.tmx does not: its seat 1 dragon starts next to its town)
EVEN_CAVERNS = [(2, 2), (9, 2), (2, 9), (9, 9)]
EVEN_TOWNS = [(c + 3, r + 2) for c, r in EVEN_CAVERNS]

MAPS = {
    "even.tmx": balance_map("Even Quarters", [], EVEN_CAVERNS, EVEN_TOWNS),
    "mirror.tmx": balance_map("Mirror Meadow", []),
    # seat 3 (index 2, bottom left): three more towns and a city near its cavern
    "favoured.tmx": balance_map("Favoured Corner", [("town", (5, 11)), ("town", (5, 13)),
                                                    ("town", (0, 13)), ("city", (2, 8))]),
}


def main() -> None:
    (HERE / "balance").mkdir(exist_ok=True)
    for name, text in MAPS.items():
        (HERE / "balance" / name).write_text(text)


if __name__ == "__main__":
    main()
