"""Leader (R38, P24): cancels a claim of a town, city or ruin, never of a place of power."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import Card, ReactionHooks

KEY = "leader"
CANCELS = ("claim", "claim_settlement")


def _hooks() -> ReactionHooks:
    import esper

    from game import lookups
    from game import tables as T
    from game.components import Settlement
    from game.words import ActionName, CardName, Words, either

    def usable(m, name, window, act):
        """R38 (end note xv): a claim of a settlement (town, city or ruin) only, never of
        a place of power (P24). A Citadel double Claim names two settlements."""
        ent = lookups.occupancy(m).get(tuple(act["answer"]["at"]))
        return ent is not None and esper.has_component(ent, Settlement)

    def words(m, name, window, act, play):
        return Words("{play} (cancel the claim)", play=play)

    def when():
        names = either([ActionName(a) if a in T.ACTION_TITLES else CardName(a)
                        for a in T.CANCEL_CARDS[KEY]])
        # TRANSLATORS: {names} are actions ("Claim or Claim Settlement")
        return Words("when an opponent declares {names} of a town, city or ruin",
                     names=names)

    return ReactionHooks(usable=usable, words=words, when=when)


CARD = Card(key=KEY, title=N_("Leader"), timing="cancel", cancels=CANCELS,
            words=N_("Cancel an opponent's Claim or Claim Settlement of a town, city or "
                     "ruin. A claim of a place of power cannot be cancelled."), hooks=_hooks)
