"""Citadel of Torture (R37.13): once a round, one Claim takes two settlements next to
its holder at once (game.systems.claims; the AI's claim2)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Place

PLACE = Place(key="citadel_of_torture", title=N_("Citadel of Torture"), face=13,
              timing="claim",
              words=N_("One Claim takes two settlements next to you at once (it needs "
                       "two rings in supply)."), worth=0.6)
