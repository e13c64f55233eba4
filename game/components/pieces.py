"""Components of the pieces on the board (and the gamble ring markers)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Footprint:
    """Where an entity sits: top-left cell and side (1, or 2 for dragons and places, R4)."""

    col: int
    row: int
    size: int = 1

    @property
    def at(self) -> tuple[int, int]:
        return (self.col, self.row)

    def cells(self) -> list[tuple[int, int]]:
        n = self.size
        return [(self.col + dc, self.row + dr) for dr in range(n) for dc in range(n)]


@dataclass(slots=True)
class Settlement:
    """A town, city or ruin (the book counts ruins as settlements)."""

    kind: str


@dataclass(slots=True)
class PlaceOfPower:
    """A 2x2 place of power; power_used marks its once-per-round power (R36)."""

    kind: str
    power_used: bool = False


@dataclass(slots=True)
class Claim:
    """A claim ring of `owner` on a settlement or place of power."""

    owner: str


@dataclass(slots=True)
class Gamble:
    """A claim ring of `owner` on an otherwise empty cell (R28). A marker, not a piece,
    so it has no Footprint and never blocks (R18)."""

    owner: str
    col: int
    row: int


@dataclass(slots=True)
class Cavern:
    """The cavern of dragon `owner` (1x1 piece)."""

    owner: str


@dataclass(slots=True)
class Chest:
    """The thief's treasure chest (1x1 piece once placed)."""

    coins: int = 0
