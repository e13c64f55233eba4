"""Places of power (R36, R37): who may use which power now, and what each one does.

A place's holder is the dragon whose ring is on it. Its power works once a round,
whoever holds it (`Match.powers_used`, which outlives the piece: a place removed or
taken over mid-round stays used). Powers come in three timings (R36, R40):

- own pre-roll modifiers (Arch of Triumph, Chrysota's Chapel, Soul Mine), offered to the
  roller in the roll's `modify` window: `own_options`;
- reactions to an opponent's action: cancels when it is declared (Pearlthorn Castle,
  Soulwash Temple): `cancel_options`; modifiers after its roll (Blade Miller):
  `roll_options`;
- turn powers, answers of the holder's action decision at no action cost (Baba Yaga's
  Hut, Angelstar Shrine, Tower of Faces, Tower of Unquenched Flame, Madhouse, Darkheart
  Cottage): `TURN`.

Each option is applied by REACTIONS[kind](m, dragon, frame, answer), which marks the
power used, records a `power` event and changes the frame it answers (the pending roll
or the declared action). The windows themselves live in game.systems.rolls.
"""

from __future__ import annotations

import esper

from game import state
from game.components import PlaceOfPower
from game.decisions import title
from game.tables import (
    CANCEL_POWERS,
    OWN_ROLL_POWERS,
    PLACE_TITLES,
    ROLL_REACTION_POWERS,
)


def mark_used(m, kind: str) -> None:
    """R36: the place's power is spent until the next round, wherever the piece goes."""
    m.powers_used.add(kind)
    found = state.place_on_board(m, kind)
    if found:
        esper.component_for_entity(found[0], PlaceOfPower).power_used = True


def holder_reason(m, name: str, kind: str) -> str | None:
    """Why `name` cannot use `kind`'s power now (not on the board, not its holder, used)."""
    place = PLACE_TITLES[kind]
    if state.place_on_board(m, kind) is None:
        return f"{place} is not on the board"
    holder = state.place_holders(m).get(kind)
    if holder != name:
        who = f"{title(holder)} does" if holder else "nobody does"
        return f"{title(name)} does not hold {place} ({who})"
    if kind in m.powers_used:
        return f"{place}'s power has already been used this round"
    return None


# ----- own pre-roll modifiers (R40: asked before the holder's own roll) ----------------
def own_options(m, name: str, roll: dict) -> list[str]:
    purpose = roll["purpose"]
    return [k for k, (p, _) in OWN_ROLL_POWERS.items()
            if p == purpose and state.power_ready(m, k, name)]


def _own_modifier(m, name, roll, answer) -> None:
    kind = answer["power"]
    value = OWN_ROLL_POWERS[kind][1]
    mark_used(m, kind)
    m.emit("power", dragon=name, place=kind, use="modify", purpose=roll["purpose"],
           value=value)
    roll["mods"].append([kind, value])


# ----- cancels (R40: asked when an opponent's action is declared) ----------------------
def cancel_options(m, name: str, act: dict) -> list[str]:
    do = act["do"]
    if do == "destroy" and state.power_ready(m, "pearlthorn_castle", name):
        # R37.5: against a settlement or place the holder has claimed
        ent = state.occupancy(m).get(tuple(act["answer"]["at"]))
        if ent is not None and state.claim_owner(ent) == name:
            return ["pearlthorn_castle"]
    elif (do == "attack" and act["answer"]["dragon"] == name
          and state.power_ready(m, "soulwash_temple", name)):
        return ["soulwash_temple"]  # R37.8: an attack on the holder
    return []


def _cancel(m, name, act, answer) -> None:
    kind = answer["react"]
    mark_used(m, kind)
    m.emit("power", dragon=name, place=kind, use="cancel", against=act["dragon"])
    m.emit("cancelled", dragon=act["dragon"], do=act["do"], by=name, source=kind)
    act["cancelled"] = True


# ----- modifiers after an opponent's roll (R40) -----------------------------------------
def roll_options(m, name: str, roll: dict) -> list[str]:
    if roll["dragon"] == name:
        return []
    return [k for k, (p, _) in ROLL_REACTION_POWERS.items()
            if p == roll["purpose"] and state.power_ready(m, k, name)]


def _roll_modifier(m, name, roll, answer) -> None:
    kind = answer["react"]
    value = ROLL_REACTION_POWERS[kind][1]
    mark_used(m, kind)
    m.emit("power", dragon=name, place=kind, use="roll", against=roll["dragon"],
           purpose=roll["purpose"], value=value)
    roll["mods"].append([kind, value])


REACTIONS = {
    **{k: _own_modifier for k in OWN_ROLL_POWERS},
    **{k: _cancel for k in CANCEL_POWERS},
    **{k: _roll_modifier for k in ROLL_REACTION_POWERS},
}
