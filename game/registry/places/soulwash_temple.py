"""Soulwash Temple (R37.8): cancels an attack declared on its holder."""

from __future__ import annotations

from game.i18n import N_
from game.registry.spec import CancelHooks, Place

KEY = "soulwash_temple"


def _hooks() -> CancelHooks:
    return CancelHooks(
        applies=lambda m, name, act: act["answer"]["dragon"] == name,
        model=lambda pos, me, tl, target: target is not None and pos.ready(target, KEY))


PLACE = Place(key=KEY, title=N_("Soulwash Temple"), face=8, timing="cancel",
              cancels="attack", words=N_("Cancel an attack on you."), worth=0.3,
              hooks=_hooks)
