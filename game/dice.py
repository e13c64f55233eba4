"""The one dice object of a match: scripted faces first, then a seeded generator.

Every roll in the game goes through `Dice.roll`, so a scenario can script exact
outcomes and a seed reproduces a whole game. The match records each roll as an event.
"""

from __future__ import annotations

import random


class DiceScriptError(ValueError):
    """A scripted face does not fit the die it was used for."""


class Dice:
    def __init__(self, seed: int | None = 0, script: list[int] | None = None):
        self.rng = random.Random(seed)
        self.script = list(script or [])
        self.used = 0  # scripted faces consumed so far (for messages)

    def roll(self, sides: int) -> int:
        """A face from 1 to `sides`: the next scripted face, else the generator's."""
        if self.script:
            face = self.script.pop(0)
            self.used += 1
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
                raise DiceScriptError(
                    f"scripted die {self.used} is {face!r}, but the rules rolled a d{sides} "
                    f"(faces 1-{sides})"
                )
            return face
        return self.rng.randint(1, sides)

    def shuffle(self, items: list) -> None:
        """Shuffle in place with the match's generator (card deck, R11)."""
        self.rng.shuffle(items)

    # --- snapshot support: the exact generator state and the unused script ---
    def state(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {"rng": [version, list(internal), gauss], "script": list(self.script)}

    @classmethod
    def from_state(cls, state: dict) -> Dice:
        dice = cls(0, state.get("script"))
        version, internal, gauss = state["rng"]
        dice.rng.setstate((version, tuple(internal), gauss))
        return dice
