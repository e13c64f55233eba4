"""Destroy (R21) on the Destroy and Destroyed charts; places of power (R22)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import lookups
from game.components import Footprint, PlaceOfPower, Settlement
from game.systems.base import NEAR_CLAIMABLES, ActionRule, adjacent_claimables, claimable_at
from game.systems.claims import remove_claim
from game.systems.rolls import result_row, roll_spec
from game.tables import DESTROYED, NO_SETTLEMENT_DESTROY, REVOLT_COST
from game.words import DragonName, Words

if TYPE_CHECKING:
    from game.match import Match


def _targets(m: Match, name):
    for _ent, fp in adjacent_claimables(m, name):
        yield {"do": "destroy", "at": [fp.col, fp.row]}


def _check(m: Match, name, answer):
    ent, reason = claimable_at(m, name, answer)
    if reason:
        return reason
    assert ent is not None  # claimable_at gives a piece or a reason
    if name in NO_SETTLEMENT_DESTROY and esper.has_component(ent, Settlement):
        return Words("{dragon} shall not destroy settlements (it may still destroy places "
                     "of power)", dragon=DragonName(name))
    return None


def _rolls(m: Match, name, answer):
    ent = lookups.occupancy(m)[tuple(answer["at"])]
    claimed = lookups.claim_owner(ent) is not None  # the destroyer's own ring counts (R21)
    at = list(esper.component_for_entity(ent, Footprint).at)
    place = "place_" if esper.has_component(ent, PlaceOfPower) else ""
    chart = f"destroy_{place}{'claimed' if claimed else 'unclaimed'}"
    return [roll_spec("destroy", name, chart, target=at, claimed=claimed)]


def _resolve(m: Match, name, answer, results):
    ent = lookups.occupancy(m)[tuple(answer["at"])]
    claimed = results[0]["chart"].endswith("_claimed")
    at = list(esper.component_for_entity(ent, Footprint).at)
    result = result_row(results[0])[2]
    if result == "revolt":
        m.emit("revolt", dragon=name, at=at)
        lookups.pay(m, name, "bank", REVOLT_COST, "revolt")
    elif result == "nothing":
        m.emit("destroy_failed", dragon=name, at=at)
    elif result == "unclaim":
        remove_claim(m, ent, "destroy")
    elif esper.has_component(ent, PlaceOfPower):  # "removed": back to the supply (R22)
        remove_claim(m, ent, "destroyed")
        kind = esper.component_for_entity(ent, PlaceOfPower).kind
        esper.delete_entity(ent, immediate=True)
        m.emit("place_removed", dragon=name, place=kind, at=at)
    else:
        _settlement_result(m, name, ent, at, result, claimed)


def _settlement_result(m: Match, name, ent, at, result, claimed) -> None:
    settlement = esper.component_for_entity(ent, Settlement)
    kind = settlement.kind
    if result == "ruin":
        if kind == "ruin":  # R21: ruining a ruin changes nothing and pays nothing
            m.emit("destroy_failed", dragon=name, at=at)
            return
        settlement.kind = "ruin"  # a claim stays on the ruin
        m.emit("ruined", dragon=name, at=at, was=kind)
        lookups.pay(m, "bank", name, DESTROYED["ruin"][kind], "destroy")
        return
    remove_claim(m, ent, "destroyed")
    esper.delete_entity(ent, immediate=True)
    m.emit("destroyed", dragon=name, at=at, piece=kind)
    row = "destroyed_claimed" if claimed else "destroyed"
    lookups.pay(m, "bank", name, DESTROYED[row][kind], "destroy")
    if result == "destroyed_treasure":
        lookups.gain_treasure(m, name, "destroy")


def _fast(m: Match, name):
    spare = name in NO_SETTLEMENT_DESTROY
    return [{"do": "destroy", "at": [fp.col, fp.row]} for ent, fp in adjacent_claimables(m, name)
            if not (spare and esper.has_component(ent, Settlement))]


RULES = {"destroy": ActionRule(_targets, _check, _resolve, fast=_fast, rolls=_rolls,
                               near=NEAR_CLAIMABLES)}
