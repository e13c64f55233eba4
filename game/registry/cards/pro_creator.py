"""Pro-creator (R38, P25): moves a new settlement's location die by 2 either way."""

from __future__ import annotations

from game.i18n import N_
from game.registry.cards import trickster
from game.registry.spec import Card

CARD = Card(key="pro_creator", title=N_("Pro-creator"), timing="dice",
            words=N_("Move a settlement's location die by {step} either way."),
            numbers={"step": lambda: trickster.STEP})  # one step for both (R38)
