"""Components of a dragon entity."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Dragon:
    """A player's dragon. name: FORMATS.md dragon name; seat: 0-based seat index."""

    name: str
    seat: int


@dataclass(slots=True)
class Coins:
    """Coins in the dragon's cavern (victory points, R33)."""

    amount: int = 0


@dataclass(slots=True)
class Treasure:
    """Treasure tokens won, each a value 1-3 (R32); scored only at the end."""

    tokens: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Rings:
    """Claim rings still in the dragon's supply (R9)."""

    supply: int = 10
