"""Leader (R38, P24): cancels a claim of a town, city or ruin, never of a place of power
(game.systems.cards.leader_applies)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card

CARD = Card(key="leader", title=N_("Leader"), timing="cancel",
            cancels=("claim", "claim_settlement"),
            words=N_("Cancel an opponent's Claim or Claim Settlement of a town, city or "
                     "ruin. A claim of a place of power cannot be cancelled."))
