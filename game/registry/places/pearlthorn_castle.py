"""Pearlthorn Castle (R37.5): cancels a Destroy declared against a settlement or place
its holder has claimed."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import CancelHooks, Place

KEY = "pearlthorn_castle"


def _hooks() -> CancelHooks:
    from game import lookups

    def applies(m, name, act):
        ent = lookups.occupancy(m).get(tuple(act["answer"]["at"]))
        return ent is not None and lookups.claim_owner(ent) == name

    def model(pos, me, tl, target):
        owner = pos.pieces[tl][2] if tl is not None else None
        return bool(owner and owner != me and pos.ready(owner, KEY))

    return CancelHooks(applies, model)


PLACE = Place(key=KEY, title=N_("Pearlthorn Castle"), face=5, timing="cancel",
              cancels="destroy",
              words=N_("Cancel a Destroy aimed at a settlement or place you claim."),
              worth=0.5, hooks=_hooks)
