"""Tribute phase (R31, R32): one roll per dragon for all its claims."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game import geometry, lookups, rule_maths
from game.components import Claim, Footprint, PlaceOfPower, Settlement
from game.decisions import Decision, DecisionStep, IllegalAnswer, cell_of, show_cell
from game.systems.claims import own_ring_record, remove_claim, remove_gamble
from game.systems.rolls import push_roll, roll_spec
from game.tables import (
    TRIBUTE,
    TRIBUTE_ADJACENT,
    TRIBUTE_CARD_BONUS,
    TRIBUTE_CARDS,
    chart_row,
)
from game.words import DragonName, Words

if TYPE_CHECKING:
    from game.match import Match


def run_phase(m: Match, frame) -> None:
    m.stack.pop()
    m.set_phase("tribute")
    m.stack.append({"step": "tribute", "i": 0})


def claims_of(m: Match, name: str) -> list[tuple[int, str, Footprint, bool]]:
    """(entity, kind, footprint, adjacent to its dragon) for each settlement or place
    `name` claims, by row then column; kind is town/city/ruin or 'place'. From the
    dragon's cached ring cells (claims.own_ring_record: its claims' top-left cells by
    row then column): esper's own query of claims is rebuilt after any component
    change anywhere."""
    cells, n = own_ring_record(m, name)
    out: list[tuple[int, str, Footprint, bool]] = []
    if not n:
        return out
    component, try_component = esper.component_for_entity, esper.try_component
    occ = lookups.occupancy(m)
    dragon_at = lookups.dragon_fp(m, name).at
    adjacent = geometry.adjacent
    for i in range(n):
        ent = occ[cells[i]]
        fp = component(ent, Footprint)
        settlement = try_component(ent, Settlement)
        kind = settlement.kind if settlement else "place"
        out.append((ent, kind, fp, adjacent(dragon_at, 2, fp.at, fp.size)))
    return out


def fresh_claims_of(m: Match, name: str) -> list[tuple[int, str, Footprint, bool]]:
    """claims_of() computed from the world, bypassing the cache."""
    out = []
    dragon_at = lookups.dragon_fp(m, name).at
    for ent, claim in esper.get_component(Claim):
        if claim.owner != name:
            continue
        fp = esper.component_for_entity(ent, Footprint)
        settlement = esper.try_component(ent, Settlement)
        kind = settlement.kind if settlement else "place"
        out.append((ent, kind, fp, geometry.adjacent(dragon_at, 2, fp.at, fp.size)))
    out.sort(key=_by_row)
    return out


def _by_row(claim) -> tuple[int, int]:
    return (claim[2].row, claim[2].col)


def _claims_any(m: Match, name: str) -> bool:
    """Whether `name` has a claim ring on the board (claims_of is not empty)."""
    return own_ring_record(m, name)[1] > 0


def tribute_value(name: str, kind: str, values: dict, even: bool = False) -> tuple[int, int]:
    """(coins, treasure tokens) one scored claim pays, with R31's order of bonuses:
    chart value, then Copper doubles towns, then Gold +1 on a city that paid
    (game.rule_maths, the one source of rule maths); `even`: the even dragons house rule."""
    return rule_maths.tribute_value(name, kind, values, even)


def run_tribute(m: Match, frame) -> None:
    """One dragon at a time, in turn order: a pending roll (its own modifiers such as
    Soul Mine are asked first, R40), then its claims are scored with the result."""
    if frame.get("results"):
        result = frame.pop("results")[0]
        score(m, frame.pop("dragon"), result["total"], result.get("extras", ()))
        return
    i = frame["i"]
    if i >= len(m.order):
        m.stack.pop()
        return
    frame["i"] = i + 1
    name = m.order[i]
    if not _claims_any(m, name):
        return  # R31: a dragon with only gamble rings (or nothing) does not roll
    frame["dragon"] = name
    frame["results"] = []
    push_roll(m, roll_spec("tribute", name, "tribute"), actor=name)


def score(m: Match, name: str, total: int, extras=()) -> None:
    """R31 for one dragon whose tribute roll came out at `total`. `extras` are the cards
    played before the roll that add coins: Sheriff +1 per scored town, Mayor +1 per
    scored city (R38), after every other bonus (R31)."""
    claims = claims_of(m, name)
    chart_values = chart_row(TRIBUTE, total)[3]
    even = m.options.get("even_dragons", False)  # the house rule (off: not in options)
    got_coins = got_tokens = 0
    for ent, kind, fp, adjacent in claims:
        values = TRIBUTE_ADJACENT if adjacent else chart_values
        if values is None:
            continue  # 0-4: non-adjacent claims score nothing
        coins, tokens = rule_maths.tribute_value(name, kind, values, even)
        bonus = (sum(TRIBUTE_CARD_BONUS for card in extras if TRIBUTE_CARDS[card] == kind)
                 if extras else 0)
        coins += bonus
        m.emit("tribute_claim", dragon=name, at=list(fp.at), piece=_piece(ent, kind),
               adjacent=adjacent, coins=coins, tokens=tokens,
               **({"card_bonus": bonus} if bonus else {}))
        got_coins += lookups.pay(m, "bank", name, coins, "tribute")
        for _ in range(tokens):
            got_tokens += lookups.gain_treasure(m, name, "tribute")
    m.log({"type": "tribute", "dragon": name, "roll": total, "coins": got_coins,
           "treasure": got_tokens})
    if chart_values is None:
        choices = loss_choices(m, name, claims)
        answers = loss_answers(m, name, choices)
        if len(answers) == 1:
            lose(m, name, tuple(answers[0]["choose"]), answers[0].get("ring", False))
        elif choices:
            m.stack.append({"step": "lose_claim", "dragon": name, "roll": total,
                            "choices": choices})


def _piece(ent: int, kind: str) -> str:
    return esper.component_for_entity(ent, PlaceOfPower).kind if kind == "place" else kind


def loss_choices(m: Match, name: str, claims) -> list[list[int]]:
    """R31 0-4 (P5): any non-adjacent claim (its top-left cell), or any gamble ring (its
    cell, under a piece too: P3). loss_answers says how each is answered."""
    cells = [list(fp.at) for _, _, fp, adjacent in claims if not adjacent]
    for _, g in lookups.gambles(m):
        if g.owner == name and [g.col, g.row] not in cells:
            cells.append([g.col, g.row])
    return cells


def loss_answers(m: Match, name: str, choices) -> list[dict]:
    """The answers to a lost claim: {"choose": cell} for a claim (its top-left) or a ring
    not under a settlement or place; {"choose": cell, "ring": true} for a gamble ring
    under one (P3), whose cell would name the piece (a plain {"choose": cell} for such
    a ring is taken too, when that cell names no claim it may lose)."""
    out = []
    occupied = lookups.occupancy(m)
    for c in choices:
        claim = _losable_claim(m, name, tuple(c))
        under = occupied.get(tuple(c))
        piece = under is not None and (esper.has_component(under, Settlement)
                                       or esper.has_component(under, PlaceOfPower))
        out.append({"choose": c} if claim is not None or not piece
                   else {"choose": c, "ring": True})
        if claim is not None and _ring_at(m, name, c) is not None:
            out.append({"choose": c, "ring": True})  # a ring under that claim's corner
    return out


def _ring_at(m: Match, name: str, cell) -> int | None:
    return next((g_ent for g_ent, g in lookups.gambles(m)
                 if g.owner == name and [g.col, g.row] == list(cell)), None)


def _losable_claim(m: Match, name: str, cell) -> int | None:
    """The dragon's claim whose top-left is `cell`, when R31 lets it be lost (not next
    to the dragon); else None."""
    ent = lookups.occupancy(m).get(tuple(cell))
    if ent is None or lookups.claim_owner(ent) != name:
        return None
    fp = esper.component_for_entity(ent, Footprint)
    if tuple(fp.at) != tuple(cell) or geometry.adjacent(lookups.dragon_fp(m, name).at, 2,
                                                        fp.at, fp.size):
        return None
    return ent


def lose(m: Match, name: str, cell, ring: bool = False) -> None:
    """Lose the claim a cell names (P5), or the gamble ring there: a ring under a piece
    (P3) is lost when the piece's claim cannot be (it is next to the dragon, or the ring
    is under another of its cells) or when asked for by "ring"."""
    ent = None if ring else _losable_claim(m, name, cell)
    if ent is not None:
        remove_claim(m, ent, "tribute_loss")
        return
    g_ent = _ring_at(m, name, cell)
    if g_ent is not None:
        remove_gamble(m, g_ent, "tribute_loss")


def _ask(m: Match, frame) -> Decision:
    name = frame["dragon"]
    return Decision(name, "lose_claim",
                    Words("{dragon} rolled {roll} for tribute and must lose one claim",
                          dragon=DragonName(name), roll=frame["roll"]),
                    {"roll": frame["roll"], "choices": frame["choices"]})


def _legal(m: Match, frame) -> list[dict]:
    return loss_answers(m, frame["dragon"], frame["choices"])


def _answer(m: Match, frame, answer) -> None:
    cell = cell_of(answer, "choose")
    if list(cell) not in frame["choices"]:
        shown = ", ".join(show_cell(c) for c in frame["choices"])
        # TRANSLATORS: {cells} are the claims it may lose, {cell} the one answered
        raise IllegalAnswer(Words("{dragon} must lose a claim that is not next to it (one "
                                  "of {cells}), not {cell}", dragon=DragonName(frame["dragon"]),
                                  cells=shown, cell=show_cell(cell)))
    ring = answer.get("ring", False)
    if ring is not False and {"choose": list(cell), "ring": ring} not in \
            loss_answers(m, frame["dragon"], frame["choices"]):
        # TRANSLATORS: "ring": true is the answer's own word (not translated)
        raise IllegalAnswer(Words("\"ring\": true names a gamble ring under a claim it may "
                                  "lose; there is none at {cell}", cell=show_cell(cell)))
    m.stack.pop()
    lose(m, frame["dragon"], cell, ring)


LOSE_CLAIM = DecisionStep(_ask, _legal, _answer)


