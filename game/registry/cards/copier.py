"""Copier (R38, P27): played as a copy of any card already played this round, with
that card's timing (the copy itself is the windows' generic machinery:
game.systems.cards.copyable and the answers' "as")."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks


def _hooks() -> ReactionHooks:
    from game.words import Words

    return ReactionHooks(when=lambda: Words("whenever the card it copies could be played"),
                         keep=0.3)


CARD = Card(key="copier", title=N_("Copier"), timing="copy",
            words=N_("Play it as a copy of any card already played this round."),
            hooks=_hooks)
