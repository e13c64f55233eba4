"""Trickster (R38): moves any one die just rolled by 2 up or down, any roll by anyone."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card

STEP = 2  # game.tables.CARD_STEP, shared with Pro-creator

CARD = Card(key="trickster", title=N_("Trickster"), timing="any",
            words=N_("Move any one die just rolled by {step} up or down."),
            numbers={"step": lambda: STEP})
