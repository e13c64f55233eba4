"""Watcher (R38): cancels a Steal for the thief or a Robber card against any dragon."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks


def _hooks() -> ReactionHooks:
    from game.words import Words

    def words(m, name, window, act, play):
        return Words("{play} (cancel the theft)", play=play)

    return ReactionHooks(words=words)


CARD = Card(key="watcher", title=N_("Watcher"), timing="cancel",
            cancels=("steal_for_thief", "robber"),
            words=N_("Cancel a Steal for the thief or a Robber card played against any "
                     "dragon."), hooks=_hooks)
