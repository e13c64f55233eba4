"""Attack (R26): opposed d20 rolls, attacker first, ties to the defender; the loser pays
3 coins to the winner (capped by R29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import lookups
from game.geometry import adjacent
from game.systems.base import NEAR_DRAGONS, ActionRule, around, other_dragon
from game.systems.rolls import roll_spec
from game.tables import ATTACK_STAKE
from game.words import DragonName, Words

if TYPE_CHECKING:
    from game.match import Match


def _targets(m: Match, name):
    for other in m.seat_names:
        if other != name:
            yield {"do": "attack", "dragon": other}


def _check(m: Match, name, answer):
    target, reason = other_dragon(m, name, answer)
    if reason:
        return reason
    assert target is not None  # other_dragon gives a dragon or a reason
    fp = lookups.dragon_fp(m, target)
    if not lookups.next_to_dragon(m, name, fp.at, 2):
        return Words("{dragon} is not adjacent to {target}", dragon=DragonName(name),
                     target=DragonName(target))
    return None


def _rolls(m: Match, name, answer):
    """The attacker rolls first, then the defender (R26); neither is clamped (R30)."""
    defender = answer["dragon"]
    return [roll_spec("attack", name, None, role="attacker", other=defender),
            roll_spec("defend", defender, None, role="defender", other=name)]


def _resolve(m: Match, name, answer, results):
    defender = answer["dragon"]
    a, d = results[0]["total"], results[1]["total"]
    winner, loser = (name, defender) if a > d else (defender, name)
    m.emit("attack", attacker=name, defender=defender, attack=a, defence=d, winner=winner)
    lookups.pay(m, loser, winner, ATTACK_STAKE, "attack")


def _fast(m: Match, name):
    return [{"do": "attack", "dragon": other} for other in around(m, name)[3]]


def fresh_neighbours(m: Match, name) -> list[str]:
    """The dragons adjacent to `name`'s dragon, in seat order, from the world (the
    reference for around()'s cached list)."""
    me = lookups.dragon_fp(m, name).at
    return [other for other in m.seat_names
            if other != name and adjacent(me, 2, lookups.dragon_fp(m, other).at, 2)]


RULES = {"attack": ActionRule(_targets, _check, _resolve, fast=_fast, rolls=_rolls,
                              near=NEAR_DRAGONS)}
