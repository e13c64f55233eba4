"""Plain data for the esper world: one dataclass per fact (no behaviour)."""

from game.components.dragon import Coins, Dragon, Rings, Treasure
from game.components.pieces import Cavern, Chest, Claim, Footprint, Gamble, PlaceOfPower, Settlement

__all__ = [
    "Cavern", "Chest", "Claim", "Coins", "Dragon", "Footprint", "Gamble", "PlaceOfPower",
    "Rings", "Settlement", "Treasure",
]
