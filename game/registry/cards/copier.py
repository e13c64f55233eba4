"""Copier (R38, P27): played as a copy of any card already played this round, with
that card's timing (game.systems.cards.copyable)."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card

CARD = Card(key="copier", title=N_("Copier"), timing="copy",
            words=N_("Play it as a copy of any card already played this round."))
