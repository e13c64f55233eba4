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

What is particular to one place (its turn power's targets, check, fast listing and
effect; a cancel's test) is in its module, game/registry/places/<key>.py; this module
holds the timings' shared machinery and the helpers those modules use.

Each option is applied by REACTIONS[kind](m, dragon, frame, answer), which marks the
power used, records a `power` event and changes the frame it answers (the pending roll
or the declared action). The windows themselves live in game.systems.rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

import esper

from game import lookups, registry, rule_maths
from game.components import Footprint, PlaceOfPower
from game.decisions import show_cell
from game.geometry import Cell, cells_of, chebyshev, fits
from game.i18n import N_
from game.systems import setup
from game.systems.base import not_a_dragon
from game.tables import (
    CANCEL_POWERS,
    CAVERN_OFFSETS,
    OWN_ROLL_POWERS,
    PLACE_TITLES,
    ROLL_REACTION_POWERS,
    TURN_POWERS,
)
from game.words import DragonName, Name, PlaceName, Words

if TYPE_CHECKING:
    from game.json_shapes import Frame
    from game.match import Match


def mark_used(m: Match, kind: str) -> None:
    """R36: the place's power is spent until the next round, wherever the piece goes."""
    m.powers_used.add(kind)
    found = lookups.place_on_board(m, kind)
    if found:
        esper.component_for_entity(found[0], PlaceOfPower).power_used = True


def holder_reason(m: Match, name: str, kind: str) -> str | None:
    """Why `name` cannot use `kind`'s power now (not on the board, not its holder, used)."""
    place = PlaceName(kind)
    if lookups.place_on_board(m, kind) is None:
        return Words("{place} is not on the board", place=place)
    holder = lookups.place_holders(m).get(kind)
    if holder != name:
        if holder:
            # TRANSLATORS: {holder} is the dragon that holds the place
            return Words("{dragon} does not hold {place} ({holder} does)",
                         dragon=DragonName(name), place=place, holder=DragonName(holder))
        return Words("{dragon} does not hold {place} (nobody does)", dragon=DragonName(name),
                     place=place)
    if kind in m.powers_used:
        return Words("{place}'s power has already been used this round", place=place)
    return None


# ----- own pre-roll modifiers (R40: asked before the holder's own roll) ----------------
def own_options(m: Match, name: str, roll: Frame) -> list[str]:
    kinds = own_powers(roll["purpose"])
    if not kinds:
        return []
    holders = lookups.place_holders(m)  # power_ready's test, the holders looked up once
    return [k for k in kinds if holders.get(k) == name and k not in m.powers_used]


@cache
def own_powers(purpose: str) -> tuple[str, ...]:
    """The places whose power may modify its holder's own `purpose` roll, in
    rule_maths.own_modifiers' order (a pure function, remembered)."""
    return tuple(k for k, _v in rule_maths.own_modifiers(purpose, OWN_ROLL_POWERS))


def _own_modifier(m: Match, name, roll, answer) -> None:
    kind = answer["power"]
    value = OWN_ROLL_POWERS[kind][1]
    mark_used(m, kind)
    m.emit("power", dragon=name, place=kind, use="modify", purpose=roll["purpose"],
           value=value)
    roll["mods"].append([kind, value])


# ----- cancels (R40: asked when an opponent's action is declared) ----------------------
def cancel_options(m: Match, name: str, act: dict) -> list[str]:
    """The cancels `name` may use on the declared `act`: a place that cancels its action,
    ready for `name`, whose own test passes (R37.5: a Destroy of what the holder claims;
    R37.8: an attack on the holder)."""
    return [k for k in CANCELLING.get(act["do"], ())
            if lookups.power_ready(m, k, name) and registry.hooks(k).applies(m, name, act)]


def _cancel(m: Match, name, act, answer) -> None:
    kind = answer["react"]
    mark_used(m, kind)
    m.emit("power", dragon=name, place=kind, use="cancel", against=act["dragon"])
    m.emit("cancelled", dragon=act["dragon"], do=act["do"], by=name, source=kind)
    act["cancelled"] = True


# ----- modifiers after an opponent's roll (R40) -----------------------------------------
def roll_options(m: Match, name: str, roll: dict) -> list[str]:
    if roll["dragon"] == name:
        return []
    kinds = roll_powers(roll["purpose"], roll["chart"])
    if not kinds:
        return []
    holders = lookups.place_holders(m)  # power_ready's test, the holders looked up once
    return [k for k in kinds if holders.get(k) == name and k not in m.powers_used]


@cache
def roll_powers(purpose: str, chart: str | None) -> tuple[str, ...]:
    """The places whose power may answer a `purpose` roll on `chart` (roll_options'
    test before the holders; a pure function, remembered)."""
    return tuple(k for k, _v in rule_maths.hostile_modifiers(purpose, chart,
                                                             ROLL_REACTION_POWERS))


def ready_holders(m: Match, kinds: Iterable[str]) -> set[str]:
    """The dragons holding one of the places `kinds` with its power unused this round:
    whom a window of those powers may ask (R36, R40)."""
    holders = lookups.place_holders(m)
    return {holders[k] for k in kinds if k in holders and k not in m.powers_used}


# action -> the places whose power may cancel it when it is declared (R37)
CANCELLING = {do: tuple(k for k, d in CANCEL_POWERS.items() if d == do)
              for do in CANCEL_POWERS.values()}


def _roll_modifier(m: Match, name, roll, answer) -> None:
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


# ----- turn powers: answers of the holder's action decision, at no action cost ---------
def square(at: Cell, steps: int):
    for dr in range(-steps, steps + 1):
        for dc in range(-steps, steps + 1):
            if dc or dr:
                yield (at[0] + dc, at[1] + dr)


# the chest as the subject of a move's refusal (capitalised: it starts the sentence)
CHEST = Words("The thief's chest")


def landing_reason(m: Match, what: Name | Words, to: Cell, size: int,
                   ignore: int) -> str | None:
    """Why the piece `what` (a 2x2 or 1x1 footprint) cannot land at top-left `to`."""
    if not fits(to, size, m.board.width, m.board.height):
        # TRANSLATORS: {what} is a dragon, a place of power or the thief's chest
        return Words("{what} at {cell} would leave the board", what=what,
                     cell=show_cell(to))
    occ = lookups.occupancy(m)
    for cell in cells_of(to, size):
        if cell in m.board.blocked:
            return Words("{what} cannot land on blocked ground at {cell}", what=what,
                         cell=show_cell(cell))
        holder = occ.get(cell)
        if holder is not None and holder != ignore:
            return Words("{what} cannot land on {piece}", what=what,
                         piece=lookups.describe(m, holder))
    return None


def free_landings(m: Match, at: Cell, steps: int, size: int, ignore: int) -> list[Cell]:
    occ = lookups.occupancy(m)
    if occ.get(at) == ignore:
        if size == 2:  # the mover's own 2x2: the row-mask scan
            return lookups.piece_landings(m, at, steps)
        if size == 1:  # the mover's own 1x1: its only cell is `at`, never a landing, so a
            # cell is free exactly when its row-mask bit (blocked or a piece) is clear
            return _free_cells(m, at, steps)
    blocked = m.board.blocked
    w, h = m.board.width - size, m.board.height - size
    out = []
    for row in range(max(0, at[1] - steps), min(h, at[1] + steps) + 1):
        for col in range(max(0, at[0] - steps), min(w, at[0] + steps) + 1):
            if (col, row) == at:
                continue
            for cell in cells_of((col, row), size):
                if cell in blocked or occ.get(cell, ignore) != ignore:
                    break
            else:
                out.append((col, row))
    return out


def _free_cells(m: Match, at: Cell, steps: int) -> list[Cell]:
    rows = lookups.row_masks(m)
    c_lo, c_hi = max(0, at[0] - steps), min(m.board.width - 1, at[0] + steps)
    cols = range(c_lo, c_hi + 1)
    out: list[Cell] = []
    for row in range(max(0, at[1] - steps), min(m.board.height - 1, at[1] + steps) + 1):
        taken = rows[row]
        out.extend((col, row) for col in cols if not taken >> col & 1)
    return out


def move_reason(m: Match, what: Name | Words, at: Cell, to: Cell, steps: int) -> str | None:
    if to == at:
        return Words("{what} must move to a new position", what=what)
    if chebyshev(to, at) > steps:
        return Words.n_("{what} moves at most {n} space", "{what} moves at most {n} spaces",
                        steps, what=what)
    return None


def send_home_refusal(m: Match, target, what: Name) -> str | None:
    """Why `what` (Tower of Faces, or Horror, which is its effect as a card) cannot send
    `target` beside its cavern, or None when it can (P14)."""
    if not isinstance(target, str) or target not in m.dragon_ents:
        return not_a_dragon(target)
    home = setup.home_spot(m, target)
    if home is None:
        # TRANSLATORS: {what} is Tower of Faces or the card Horror
        return Words("{dragon} has no cavern while Immortals Resting Place is off the "
                     "board, so {what} would do nothing", dragon=DragonName(target),
                     what=what)
    if home == lookups.dragon_fp(m, target).at:
        return Words("{dragon} already stands beside its cavern", dragon=DragonName(target))
    return None


# The 2x2 footprints beside the Undead's 2x2 home, in R7's order (P14).
_HOME_OFFSETS_2 = tuple(setup.cavern_offsets(2))


def sent_home(m: Match) -> list[str]:
    """The dragons a send-home effect (Tower of Faces, Horror, Peacemaker) would move,
    in seat order: send_home_refusal(m, d, ...) is None exactly for these (P14), tested
    equal. setup.home_spot's R7 search done on the row masks, stopping at the first free
    footprint beside the cavern, without its per-layout fact (a move near the cavern
    drops that fact, and Horror asks for every dragon at each of its holder's
    decisions); only a cavern with no free footprint beside it asks home_spot (R7's
    nearest free footprint farther away)."""
    rows = lookups.row_masks(m)
    last_c, last_r = m.board.width - 2, m.board.height - 2
    ents = m.dragon_ents
    out = []
    for d in m.seat_names:
        cave = lookups.cavern_of(m, d)
        if cave is None:
            continue  # no cavern, no home (R8)
        (cc, cr), size = cave
        ac, ar = at = esper.component_for_entity(ents[d], Footprint).at
        for dc, dr in (CAVERN_OFFSETS if size == 1 else _HOME_OFFSETS_2):
            c, r = cc + dc, cr + dr
            # on the board, all four cells free (its own count as free: setup._beside)
            if (0 <= c <= last_c and 0 <= r <= last_r
                    and not lookups.taken_tops(rows, r, ac, ar) >> c & 1):
                if c != ac or r != ar:
                    out.append(d)
                break
        else:  # none free beside the cavern: R7's nearest free footprint
            spot = _farther_home(m, rows, cc, cr, size, ac, ar) or setup.home_spot(m, d)
            if spot != at:
                out.append(d)
    return out


def _farther_home(m: Match, rows: list[int], oc: int, or_: int, size: int,
                  ac: int, ar: int) -> Cell | None:
    """setup._fallback's spot for the dragon standing at (ac, ar) whose cavern (or 2x2
    home) at (oc, or_) has no free footprint beside it (gap 1): the first free 2x2 at
    gap 2, 3, ... by row then column, on the row masks (a crowded cavern made Horror's
    listing search the board at every decision: _fallback's fact is dropped by any
    change). Its own cells count as free."""
    width, height = m.board.width, m.board.height
    w, h = width - 2, height - 2
    for gap in range(2, max(width, height) + 1):
        # the ring of top-left cells at this gap: whole rows on top and bottom, only
        # the two side columns in between (geometry.rect_gap)
        top_r, bottom_r = or_ - gap - 1, or_ + size + gap - 1
        left_c, right_c = oc - gap - 1, oc + size + gap - 1
        lo_c, hi_c = max(0, left_c), min(w, right_c)
        if lo_c > hi_c:
            continue
        span = (2 << hi_c) - (1 << lo_c)
        sides = ((1 << left_c if left_c >= 0 else 0)
                 | (1 << right_c if right_c <= w else 0))
        for row in range(max(0, top_r), min(h, bottom_r) + 1):
            free = ((span if row in (top_r, bottom_r) else sides)
                    & ~lookups.taken_tops(rows, row, ac, ar))
            if free:
                return ((free & -free).bit_length() - 1, row)
    return None  # no room (setup's search raises)


def displace(m: Match, name, target, to, via):
    fp = lookups.dragon_fp(m, target)
    before = list(fp.at)
    fp.col, fp.row = to
    m.emit("displaced", dragon=target, **{"from": before}, to=list(to), by=name, via=via)


def turn_answers(m: Match, name: str, fast: bool = True) -> list[dict]:
    """The turn powers `name` may use now, as legal answers of its action decision."""
    holders = lookups.place_holders(m)
    out: list[dict] = []
    if name not in holders.values():
        return out
    for kind in TURN_POWERS:
        if holders.get(kind) == name and kind not in m.powers_used:
            power = TURN[kind]
            if fast and power.fast:
                out.extend(power.fast(m, name))
            else:
                out.extend(a for a in power.targets(m, name) if power.check(m, name, a) is None)
    return out


OWN_ROLL_WHEN = {
    "attack": N_("{place}'s power is used with its holder's own attack roll, when asked "
                 "before rolling"),
    "steal": N_("{place}'s power is used with its holder's own steal roll, when asked "
                "before rolling"),
    "tribute": N_("{place}'s power is used with its holder's own tribute roll, when asked "
                  "before rolling"),
}


def turn_reason(m: Match, name: str, answer: dict) -> str | None:
    """Why a {"power": ...} answer of the action decision is illegal, or None."""
    kind = answer.get("power")
    if not isinstance(kind, str) or kind not in PLACE_TITLES:
        # TRANSLATORS: {name} is what the answer sent; {places} the keys an answer uses
        return Words("unknown place of power {name} (places: {places})", name=repr(kind),
                     places=", ".join(PLACE_TITLES))
    place = PlaceName(kind)
    if kind in OWN_ROLL_POWERS:
        roll = OWN_ROLL_POWERS[kind][0]
        return Words(OWN_ROLL_WHEN[roll], place=place) if roll in OWN_ROLL_WHEN else Words(
            "{place}'s power is used with its holder's own {roll} roll, when asked before "
            "rolling", place=place, roll=roll)
    if kind in CANCEL_POWERS or kind in ROLL_REACTION_POWERS:
        return Words("{place}'s power answers an opponent's action; it is not used on a turn",
                     place=place)
    if kind == "citadel_of_torture":  # P17: a Power, used inside a Claim action
        # TRANSLATORS: the JSON is the answer's own shape (not translated)
        return Words("{place}'s power is used with a Claim action that claims two "
                     "settlements: {{\"do\": \"claim\", \"at\": [c, r], \"also\": [c, r]}}",
                     place=place)
    if kind not in TURN:
        return Words("{place} has no power to use on a turn", place=place) \
            if kind == "immortals_resting_place" else Words(
            "{place} has no power to use on a turn (only a standing control ability)",
            place=place)
    return holder_reason(m, name, kind) or TURN[kind].check(m, name, answer)


def use_turn_power(m: Match, name: str, answer: dict) -> None:
    """Apply a legal turn power (R36: once a round, no action spent)."""
    kind = answer["power"]
    mark_used(m, kind)
    m.emit("power", dragon=name, place=kind, use="turn", answer=dict(answer))
    TURN[kind].apply(m, name, answer)


# Each turn power's code lives in its place's module (game/registry/places/); built last,
# as those modules import this one's helpers.
TURN = {k: registry.hooks(k) for k in TURN_POWERS}
