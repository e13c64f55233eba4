"""The board spec: what a map tells the rules, as a plain immutable value.

The Tiled loader (`game.maps.loader`) produces one from a `.tmx` file; `BoardSpec.plain()` is
the built-in empty 20x20 board (FORMATS.md: `"map": null`). The engine never reads a
map file itself, only this object.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Cell = tuple[int, int]  # (col, row), 0-based (R1)

MIN_SIDE = 8
MAX_SIDE = 40

PIECE_KINDS = ("town", "city", "ruin", "place_of_power", "chest")


@dataclass(frozen=True, slots=True)
class Preplaced:
    """A piece a map puts on the board before round 1.

    kind:  one of PIECE_KINDS.
    at:    its cell; for a place of power, the top-left of its 2x2 footprint.
    place: the place-of-power name (FORMATS.md) when kind == "place_of_power".
    """

    kind: str
    at: Cell
    place: str | None = None


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """Everything the rules need to know about a map.

    width, height:  grid size in cells (R1; a side of N uses a dN, R3).
    blocked:        cells that hold no piece and no dragon (R5).
    pieces:         pieces placed before round 1.
    cavern_spots:   cavern_spots[k] is seat k's cavern cell, replacing R7's roll;
                    empty when the map leaves caverns to the dice.
    title, description, min_players, max_players, target: the map's properties
                    (target None = the match option decides).
    source:         the file it came from, or None for the built-in board.
    """

    width: int = 20
    height: int = 20
    blocked: frozenset[Cell] = field(default_factory=frozenset)
    pieces: tuple[Preplaced, ...] = ()
    cavern_spots: tuple[Cell, ...] = ()
    title: str = "Open Plain"
    description: str = "The built-in empty 20x20 board."
    min_players: int = 2
    max_players: int = 8
    target: int | None = None
    source: str | None = None

    @classmethod
    def plain(cls, width: int = 20, height: int = 20) -> BoardSpec:
        """The built-in board: no blocked cells, nothing preplaced."""
        return cls(width=width, height=height)

    def on_board(self, cell: Cell) -> bool:
        c, r = cell
        return 0 <= c < self.width and 0 <= r < self.height

    def free_cells(self) -> int:
        return self.width * self.height - len(self.blocked)
