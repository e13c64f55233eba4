"""Stealing on the Steal chart: from a cavern (R23), from the chest (R24), and for the
thief (R25). Turnabout sends 1 coin back the other way; R29 caps every payment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import lookups, registry
from game.geometry import adjacent
from game.systems.base import NEAR_CAVERNS, NEAR_CHEST, ActionRule, around, other_dragon
from game.systems.rolls import result_row, roll_spec
from game.words import DragonName, Words

if TYPE_CHECKING:
    from game.match import Match


def _steal_rolls(m: Match, name, answer):
    return [roll_spec("steal", name, "steal", victim=answer.get("dragon", "chest"))]


def stolen(results) -> int:
    """The coins the thief's side takes on the Steal chart (negative: Turnabout)."""
    return result_row(results[0])[3]


def _cavern_reason(m: Match, name, target, anywhere: bool = False) -> str | None:
    cavern = lookups.cavern_of(m, target)
    if cavern is None:
        return Words("{dragon} has no cavern to steal from", dragon=DragonName(target))
    if not anywhere and not lookups.next_to_dragon(m, name, *cavern):
        return Words("{dragon} is not adjacent to {target}'s cavern", dragon=DragonName(name),
                     target=DragonName(target))
    return None


# places whose holder steals for the thief from any dragon with a cavern, adjacent or not
# (their AlwaysHooks.steal_far: Darkheart Cottage, R37.14)
FAR_THEFT = tuple(p.key for p in registry.always_places() if registry.always(p.key).steal_far)


def _far_reach(m: Match, name) -> bool:
    holders = lookups.place_holders(m)
    return name in map(holders.get, FAR_THEFT)  # (no generator: asked at every listing)


def _dragon_targets(do):
    def targets(m, name):
        for other in m.seat_names:
            if other != name:
                yield {"do": do, "dragon": other}
    return targets


def _cavern_check(m: Match, name, answer):
    target, reason = other_dragon(m, name, answer)
    return reason or _cavern_reason(m, name, target)


def _for_thief_check(m: Match, name, answer):
    target, reason = other_dragon(m, name, answer)
    return reason or _cavern_reason(m, name, target, _far_reach(m, name))


def _cavern_resolve(m: Match, name, answer, results):
    victim = answer["dragon"]
    amount = stolen(results)
    if amount < 0:
        lookups.pay(m, name, victim, -amount, "turnabout")
    else:
        lookups.pay(m, victim, name, amount, "steal")


def _chest_targets(m: Match, name):
    yield {"do": "steal_chest"}


def _chest_check(m: Match, name, answer):
    at = lookups.chest_at(m)
    if at is None:
        return Words("the thief's chest is not on the board yet")
    if not lookups.next_to_dragon(m, name, at, 1):
        return Words("{dragon} is not adjacent to the thief's chest", dragon=DragonName(name))
    return None


def _chest_resolve(m: Match, name, answer, results):
    amount = stolen(results)
    if amount < 0:
        lookups.pay(m, name, "chest", -amount, "turnabout")
    else:
        lookups.pay(m, "chest", name, amount, "steal")


def _for_thief_resolve(m: Match, name, answer, results):
    victim = answer["dragon"]
    amount = stolen(results)
    if amount < 0:
        lookups.pay(m, "chest", victim, -amount, "turnabout")
    else:
        lookups.pay(m, victim, "chest", amount, "steal_for_thief")


def fresh_near_caverns(m: Match, name) -> list[str]:
    """The other dragons whose cavern is adjacent to `name`'s dragon, in seat order,
    from the world (the reference for around()'s cached list)."""
    me = lookups.dragon_fp(m, name).at
    found = []
    for other in m.seat_names:
        cavern = lookups.fresh_cavern_of(m, other) if other != name else None
        if cavern and adjacent(me, 2, cavern[0], cavern[1]):
            found.append(other)
    return found


def _victims_fast(do):
    def fast(m, name):
        if do == "steal_for_thief" and _far_reach(m, name):
            return [{"do": do, "dragon": other} for other in m.seat_names
                    if other != name and lookups.cavern_of(m, other)]
        return [{"do": do, "dragon": other} for other in around(m, name)[4]]
    return fast


def _chest_fast(m: Match, name):
    return [{"do": "steal_chest"}] if around(m, name)[5] else []


RULES = {
    "steal_cavern": ActionRule(_dragon_targets("steal_cavern"), _cavern_check, _cavern_resolve,
                               fast=_victims_fast("steal_cavern"), rolls=_steal_rolls,
                               near=NEAR_CAVERNS),
    "steal_chest": ActionRule(_chest_targets, _chest_check, _chest_resolve, fast=_chest_fast,
                              rolls=_steal_rolls, near=NEAR_CHEST),
    "steal_for_thief": ActionRule(_dragon_targets("steal_for_thief"), _for_thief_check,
                                  _for_thief_resolve, fast=_victims_fast("steal_for_thief"),
                                  rolls=_steal_rolls),
}
