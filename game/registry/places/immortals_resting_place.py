"""Immortals Resting Place (R8): the Undead's cavern while it stands; no power. The AI
counts it at 0 (and at a loss to the Undead: game.ai.evaluate)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place

PLACE = Place(key="immortals_resting_place", title=N_("Immortals Resting Place"), face=10,
              timing="home",
              words=N_("The Undead's cavern while it stands: others can steal from it "
                       "there. No power of its own."), worth=0.0)
