"""Peacemaker (R38): stops an attack by sending the attacker or the defender home
(the engine's targets and effect: game.systems.cards.peace_targets, _cancel)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card

CARD = Card(key="peacemaker", title=N_("Peacemaker"), timing="cancel", cancels=("attack",),
            words=N_("Stop an attack: send the attacker or the defender home to its "
                     "cavern."))
