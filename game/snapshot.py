"""The state document (FORMATS.md `narby-state/1`): match -> JSON and back.

Beyond FORMATS.md's fields a snapshot carries `stack` (the flow's frames), `dice` (the
generator's exact state and any unused scripted faces), `seed`, `powers_used` (the
places whose power was used this round, on the board or not, R36) and `deck` (the cards
not dealt, secret like `dice`), so a restored match continues exactly. A hand-written
document may leave those out if it is taken at an action decision; the flow is then
derived from `order` and `turn`, and the deck holds every card not held or played.
"""

from __future__ import annotations

import copy
import logging
import operator
from typing import TYPE_CHECKING

import esper

from game import flow_checks, lookups, state_checks
from game.board import BoardSpec
from game.components import (
    Cavern,
    Chest,
    Claim,
    Coins,
    Dragon,
    Footprint,
    Gamble,
    PlaceOfPower,
    Rings,
    Settlement,
    Treasure,
)
from game.dice import MT, Dice, DiceStateError
from game.json_shapes import StateDoc, copy_json
from game.state_checks import cut, short
from game.tables import ACTIONS_PER_TURN, CARDS, DRAGONS, PLACES, SETTLEMENT_KINDS, UNDEAD_HOME
from game.words import Words

if TYPE_CHECKING:
    from game.match import Match

FORMAT = "narby-state/1"
log = logging.getLogger(__name__)


class StateError(ValueError):
    """A state document that cannot be restored; the message says what is wrong."""


def to_document(m: Match) -> StateDoc:
    pending = m.pending
    doc: StateDoc = {
        "format": FORMAT,
        "map": m.board.source,
        "options": dict(m.options),
        "round": m.round,
        "phase": m.phase,
        "order": list(m.order),
        "turn": m.turn,
        "actions_left": m.actions_left,
        "pending": (
            {"dragon": pending.dragon, "kind": pending.kind, **copy_json(pending.context)}
            if pending else None
        ),
        "finished": m.finished,
        "winner": copy.copy(m.winner),
        "played": list(m.played),
        "deck": list(m.deck),
        "powers_used": sorted(m.powers_used),
        "dragons": {},
        "settlements": [],
        "places": [],
        "gambles": [],
        "chest": {"at": _cell(lookups.chest_at(m)), "coins": lookups.chest(m).coins},
        "seed": m.seed,
        "stack": copy_json(m.stack),
        "dice": m.dice.state(),
    }
    component = esper.component_for_entity
    for name in m.seat_names:
        ent = m.dragon_ents[name]
        cavern = m.cavern_ents.get(name)
        fp = component(ent, Footprint)
        doc["dragons"][name] = {
            "seat": component(ent, Dragon).seat,
            "coins": component(ent, Coins).amount,
            "treasure": list(component(ent, Treasure).tokens),
            "rings_in_supply": component(ent, Rings).supply,
            "at": [fp.col, fp.row],
            "cavern": list(component(cavern, Footprint).at) if cavern else None,
            "card": m.hands.get(name),
        }
    # every claim ring's owner at once (one look-up per piece was half of this function)
    owner = {ent: claim.owner for ent, claim in esper.get_component(Claim)}.get
    doc["settlements"] = [{"kind": s.kind, "at": [fp.col, fp.row], "claim": owner(ent)}
                          for ent, s, fp in lookups.settlements(m)]
    doc["places"] = [{"kind": p.kind, "at": [fp.col, fp.row], "claim": owner(ent),
                      "power_used": p.power_used} for ent, p, fp in lookups.places(m)]
    doc["gambles"] = [{"at": [g.col, g.row], "owner": g.owner} for _, g in lookups.gambles(m)]
    return doc


def _cell(cell):
    return list(cell) if cell is not None else None


def from_document(cls, doc, *, board: BoardSpec | None, seed, dice, rng: str = MT):
    """Build a match from `doc`; raises StateError naming what is wrong, in words."""
    try:
        m = _build(cls, doc, board, seed, dice, rng)
    except StateError:
        raise
    except ValueError as exc:
        if exc.args and isinstance(exc.args[0], Words):  # worded refusal (its options)
            raise StateError(exc.args[0]) from None
        raise StateError(_malformed(exc)) from None
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError,
            RecursionError) as exc:
        raise StateError(_malformed(exc)) from None
    try:
        _check_reachable(m, doc)
    except BaseException:
        m.close()
        raise
    return m


def _malformed(exc: BaseException) -> str:
    """What a field the rebuild tripped on means, in words (never the exception's own
    text, which goes to the log only)."""
    log.info("state document refused: %s: %s", type(exc).__name__, cut(str(exc), 200))
    if isinstance(exc, KeyError) and exc.args:
        return f"the saved state is malformed: it lacks its {short(exc.args[0], 40)} field"
    if isinstance(exc, RecursionError):
        return "the saved state is malformed: it is nested too deeply"
    return ("the saved state is malformed: it holds a value of the wrong kind (text, a "
            "number, a list or an object where the game keeps another)")


def _check_reachable(m, doc) -> None:
    """The rebuilt match must be a state the engine could reach (game.state_checks), its
    stored flow stack one the engine builds (game.flow_checks), and its pending decision
    askable: a crafted state is refused here, not on first use (where the emergency save
    would only replay it again)."""
    flow = None
    if "stack" in doc:  # (a derived stack is the engine's own); its words first
        flow = flow_checks.problem(m.stack, flow_checks.Game(
            seats=m.seat_names, order=m.order, turn=m.turn, phase=m.phase,
            actions_left=m.actions_left, width=m.board.width, height=m.board.height,
            placed={p["kind"] for p in doc.get("places", [])}, round_no=m.round,
            round_cap=m.options["round_cap"]), m.finished)
    found = [flow] if flow else state_checks.stack_problems(m.stack, m.seat_names, m.finished)
    if found:  # before anything asks the top frame (a junk frame would trip it)
        raise StateError(_impossible(found))
    try:
        found = state_checks.problems(m.snapshot(), m.board, exact_rings=False, placed=True)
    except Exception as exc:  # the pending decision could not even be described
        raise StateError(_stuck(exc)) from None
    if found:
        raise StateError(_impossible(found))
    try:
        pending = m.pending
        if pending is not None:
            if pending.dragon not in m.seat_names:
                raise StateError(f"the pending decision is for {short(pending.dragon)}, "
                                 "who is not in this game")
            m.legal_answers()
        disagreement = flow_checks.disagreement(m) if "stack" in doc else None
        if disagreement:
            raise StateError(disagreement)
    except StateError:
        raise
    except Exception as exc:  # a junk flow frame: whatever the rules code tripped on
        raise StateError(_stuck(exc)) from None
    _check_pending(doc.get("pending"), pending)


def _impossible(found: list[str]) -> str:
    more = f" (and {len(found) - 1} more problem(s))" if len(found) > 1 else ""
    text = found[0] if found[0].startswith(flow_checks.PREFIX) else "impossible state: " + found[0]
    return cut(text, 240) + more


def _stuck(exc: BaseException) -> str:
    log.info("stored flow refused: %s: %s", type(exc).__name__, cut(str(exc), 200))
    return "the saved game cannot continue from its stored decision"


def _check_pending(saved, pending) -> None:
    """The document's own `pending` (when it has one) names the decision its stack asks."""
    if saved is None:
        if pending is not None:
            raise StateError("the saved state says no decision is pending, but its game "
                             "waits for one")
        return
    if not isinstance(saved, dict):
        raise StateError("the saved pending decision is not an object")
    if pending is None or saved.get("dragon") != pending.dragon \
            or saved.get("kind") != pending.kind:
        raise StateError("the saved pending decision does not match its decision stack "
                         f"(saved {short(saved.get('kind'), 30)} for "
                         f"{short(saved.get('dragon'), 30)})")


def _build(cls, doc, board, seed, dice, rng):
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise StateError(f"not a state document (expected \"format\": \"{FORMAT}\")")
    if board is None:
        board = _board_for(doc.get("map"))
    m = cls.__new__(cls)
    if "dice" in doc:
        try:
            rolled = Dice.from_state(doc["dice"])
        except DiceStateError as exc:
            raise StateError(str(exc)) from None
        if dice is not None:
            rolled.script = list(dice)
    else:
        rolled = Dice(seed, dice, rng)
    m._init_common(board, doc.get("options"), rolled, doc.get("seed", seed))
    m.activate()
    chest = doc.get("chest") or {"at": None, "coins": 0}
    m.chest_ent = esper.create_entity(Chest(_count(chest["coins"], "chest coins")))
    if chest["at"] is not None:
        esper.add_component(m.chest_ent, Footprint(*_at(chest["at"], "chest")))
    _add_dragons(m, doc)
    settled: list = []
    create = esper.create_entity
    for s in doc.get("settlements", []):
        kind = s["kind"]
        if kind not in SETTLEMENT_KINDS:
            raise StateError(f"unknown settlement kind {short(kind)}")
        at = s["at"]
        # _at's checks, with a [col, row] of plain ints (every sound piece) let through
        # inline; the claim ring's owner checked (_owner) before the piece is made, so it
        # is made with its Claim at once (a failed check fails the whole restore)
        fp = (Footprint(at[0], at[1]) if type(at) is list and len(at) == 2
              and type(at[0]) is int and type(at[1]) is int else Footprint(*_at(at, kind)))
        piece = Settlement(kind)
        owner = s.get("claim")
        if owner is None:
            ent = create(piece, fp)
        else:
            _owner(m, owner)
            ent = create(piece, fp, Claim(owner))
        settled.append((ent, piece, fp))
    used = doc.get("powers_used", [])
    if not isinstance(used, list) or not all(isinstance(k, str) and k in PLACES for k in used):
        raise StateError(f"powers_used must list places of power, not {short(used)}")
    m.powers_used = set(used)
    placed: list = []
    for p in doc.get("places", []):
        if p["kind"] not in PLACES:
            raise StateError(f"unknown place of power {short(p['kind'])}")
        if p.get("power_used"):
            m.powers_used.add(p["kind"])
        place, fp = (PlaceOfPower(p["kind"], p["kind"] in m.powers_used),
                     Footprint(*_at(p["at"], p["kind"]), 2))
        ent = esper.create_entity(place, fp)
        placed.append((ent, place, fp))
        _claim(m, ent, p.get("claim"))
    rings: list = []
    for g in doc.get("gambles", []):
        _owner(m, g["owner"])
        ring = Gamble(g["owner"], *_at(g["at"], "gamble ring"))
        rings.append((esper.create_entity(ring), ring))
    m.round = doc["round"]
    m.phase = doc["phase"]
    m.order = list(doc.get("order") or [])
    m.turn = doc.get("turn")
    # left out of a hand-written state at an action decision: a turn's start (R17)
    m.actions_left = doc.get("actions_left",
                             ACTIONS_PER_TURN if doc["phase"] == "action" else 0)
    m.finished = bool(doc.get("finished"))
    m.winner = doc.get("winner")
    _restore_cards(m, doc)
    m.stack = copy_json(doc["stack"]) if "stack" in doc else _derive_stack(m, doc)
    occupied = _check_board(m)
    _seed_caches(m, settled, placed, rings)
    # the pieces' cells, as lookups.occupancy computes them (the same pass over the
    # footprints, cell order included): the restore's legal_answers() reads them
    if occupied is not None:
        lookups.layout_cache(m)["occ"] = occupied
    return m


def _add_dragons(m, doc) -> None:
    """The dragons (in seat order) and their caverns, checked as _build's pieces are."""
    dragons = sorted(doc["dragons"].items(), key=lambda kv: kv[1]["seat"])
    for name, d in dragons:
        if name not in DRAGONS:
            raise StateError(f"unknown dragon {short(name)}")
        m.seat_names.append(name)
        # _count's and _at's checks, a plain int >= 0 and a [col, row] of plain ints let
        # through inline (their messages built only for a value they refuse); the
        # values are read and checked in the same order as before
        seat, coins = d["seat"], d["coins"]
        if not (type(coins) is int and coins >= 0):
            coins = _count(coins, f"{name} coins")
        treasure = Treasure(list(d.get("treasure", [])))
        supply = d["rings_in_supply"]
        if not (type(supply) is int and supply >= 0):
            supply = _count(supply, f"{name} rings")
        at = d["at"]
        col, row = (at if type(at) is list and len(at) == 2 and type(at[0]) is int
                    and type(at[1]) is int else _at(at, name))
        m.dragon_ents[name] = esper.create_entity(
            Dragon(name, seat), Coins(coins), treasure, Rings(supply), Footprint(col, row, 2))
        if name == "undead" and d.get("cavern") is not None:
            # R8: no cavern of its own. A document may name Immortals Resting Place's
            # cell, its cavern while on the board (read as null); any other is refused
            home = [p.get("at") for p in doc.get("places", ()) if isinstance(p, dict)
                    and p.get("kind") == UNDEAD_HOME]
            if [d["cavern"]] != home:
                raise StateError(_impossible([
                    "undead has no cavern of its own: its cavern is null (R8; Immortals "
                    "Resting Place is its cavern while on the board)"]))
        elif d.get("cavern") is not None:
            m.cavern_ents[name] = esper.create_entity(Cavern(name),
                                                      Footprint(*_at(d["cavern"], name)))


def _restore_cards(m, doc) -> None:
    """Hands, `played` and the secret `deck`: each card in exactly one place (R11). A
    document without `deck` (hand-written, or a seat's view) gets every other card."""
    hands = {name: doc["dragons"][name].get("card") for name in m.seat_names}
    played = doc.get("played", [])
    if not isinstance(played, list):
        raise StateError(f"played must be a list of cards, not {short(played)}")
    held = [c for c in hands.values() if c is not None]
    for card in held + played:
        if card not in CARDS:
            raise StateError(f"unknown card {short(card)} (a seat's view must be determinized "
                             "before it is played)" if card == "hidden" else
                             f"unknown card {short(card)}")
    if (held or played) and not m.options["cards"]:
        raise StateError("a dragon holds or has played a card, but the cards option is off")
    if "deck" in doc:
        deck = doc["deck"]
        if not isinstance(deck, list) or any(c not in CARDS for c in deck):
            raise StateError(f"deck must be a list of cards, not {short(deck)}")
    else:
        taken = set(held) | set(played)
        deck = [c for c in CARDS if c not in taken] if m.options["cards"] else []
    every = held + played + list(deck)
    if len(set(every)) != len(every) or (m.options["cards"] and len(every) != len(CARDS)):
        raise StateError("each card must be in exactly one place: a hand, played or the deck")
    m.hands, m.played, m.deck = hands, list(played), list(deck)


def _board_for(path):
    """The board of a document restored without one: the plain board when it names no
    map. The engine reads no files (issue 32): a document on a map needs its caller
    (persistence, the session, the network client) to load that board and pass it."""
    if path is None:
        return BoardSpec.plain()
    raise StateError(f"this state is on the map {short(path, 80)}: load that map and pass "
                     "it as board= (the engine reads no files)")


def _count(value, what) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StateError(f"{what} must be a whole number >= 0, not {short(value)}")
    return value


def _at(value, what) -> tuple[int, int]:
    if isinstance(value, list) and len(value) == 2:
        col, row = value
        # a plain int passes at once (every piece of every checked restore comes here)
        if (type(col) is int or _whole(col)) and (type(row) is int or _whole(row)):
            return (col, row)
    raise StateError(f"{what}: a cell must be [col, row], not {short(value)}")


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _owner(m, name):
    if name not in m.dragon_ents:
        raise StateError(f"a ring belongs to {short(name)}, who is not in this game")


def _claim(m, ent, owner):
    if owner is not None:
        _owner(m, owner)
        esper.add_component(ent, Claim(owner))


def _derive_stack(m, doc) -> list[dict]:
    if m.finished:
        return []
    pending = doc.get("pending") or {}
    if m.phase != "action" or pending.get("kind") != "action" or m.turn not in m.order:
        raise StateError("a state document without 'stack' must be taken at an action "
                         "decision (phase 'action', pending kind 'action', turn in order)")
    return [{"step": "end_check"}, {"step": "tribute_phase"},
            {"step": "turns", "i": m.order.index(m.turn) + 1},
            {"step": "action", "dragon": m.turn}]


def _check_board(m) -> dict | None:
    """Every piece on the board and on its own cells (R5); returns {cell: entity} of
    every piece's cells, lookups.fresh_occupancy's dict (None if a cell is not a pair
    of plain ints: fresh_occupancy keeps an int subclass where fp.cells() does not)."""
    seen: dict = {}
    on_board = m.board.on_board
    width, height = m.board.width, m.board.height
    plain = True
    for ent, fp in esper.get_component(Footprint):
        col, row, size = fp.col, fp.row, fp.size
        # a footprint of plain ints wholly on the board (every sound piece) skips the
        # per-cell bounds check; any other takes fp.cells() and on_board, as before
        if type(col) is int and type(row) is int:
            inside = col >= 0 and row >= 0 and col + size <= width and row + size <= height
        else:
            inside = plain = False
        if size == 1 and inside:  # a settlement, cavern or the chest: one cell
            cell = (col, row)
            if cell in seen:
                raise StateError(f"{lookups.describe(m, ent)} and "
                                 f"{lookups.describe(m, seen[cell])} "
                                 f"share the cell {list(cell)}")
            seen[cell] = ent
            continue
        cells = (((col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1))
                 if size == 2 and inside else fp.cells())
        for cell in cells:
            if not (inside or on_board(cell)):
                raise StateError(f"{lookups.describe(m, ent)} is off the "
                                 f"{m.board.width}x{m.board.height} board")
            if cell in seen:
                raise StateError(f"{lookups.describe(m, ent)} and "
                                 f"{lookups.describe(m, seen[cell])} "
                                 f"share the cell {list(cell)}")
            seen[cell] = ent
    return seen if plain else None


def _seed_caches(m, settled: list, placed: list, rings: list) -> None:
    """The restored match's sorted piece lists (lookups.settlements, places, gambles)
    from the pieces just created, instead of a pass over the world on first use (its
    first snapshot reads all three). The engine writes each list in that order, so a
    list goes in when its pieces are in strictly increasing order of lookups' sort key
    (then it is exactly the list lookups would compute); else lookups computes it."""
    layout = lookups.layout_cache(m)
    if _increasing([(fp.row, fp.col) for _, _, fp in settled]):
        layout["settlements"] = settled
    if _increasing([(fp.row, fp.col) for _, _, fp in placed]):
        layout["places"] = placed
    if _increasing([(g.row, g.col, g.owner) for _, g in rings]):
        lookups.cache(m)["gambles"] = rings


def _increasing(keys: list) -> bool:
    try:
        return all(map(operator.lt, keys, keys[1:]))
    except TypeError:  # not comparable: not a list lookups could sort either
        return False


# ----- the fast path for the engine's own documents -----------------------------------------
def from_trusted(cls, doc: StateDoc | dict, *, board: BoardSpec | None = None, seed=0):
    """Build a match from a state document the engine itself wrote (undo checkpoints,
    replay keyframes, the AI's determinized seat views): no check at all, so it must
    never see a file's document (those go through `from_document`, whose checks may run
    first and then hand over to this). The result continues exactly like `_build`'s.
    A seat view without `dice`/`deck` gets fresh dice from `seed` and the deck of every
    card not held or played, as `_build` gives it."""
    if board is None:
        board = _board_for(doc.get("map"))
    m = cls.__new__(cls)
    rolled = _trusted_dice(doc["dice"]) if "dice" in doc else Dice(seed)
    m._init_common(board, doc.get("options"), rolled, doc.get("seed", seed))
    m.activate()
    create = esper.create_entity
    chest = doc.get("chest") or {"at": None, "coins": 0}
    m.chest_ent = create(Chest(chest["coins"]))
    if chest["at"] is not None:
        esper.add_component(m.chest_ent, Footprint(chest["at"][0], chest["at"][1]))
    for name, d in sorted(doc["dragons"].items(), key=lambda kv: kv[1]["seat"]):
        m.seat_names.append(name)
        at = d["at"]
        m.dragon_ents[name] = create(Dragon(name, d["seat"]), Coins(d["coins"]),
                                     Treasure(list(d.get("treasure", ()))),
                                     Rings(d["rings_in_supply"]), Footprint(at[0], at[1], 2))
        cavern = d.get("cavern")
        if cavern is not None:
            m.cavern_ents[name] = create(Cavern(name), Footprint(cavern[0], cavern[1]))
        m.hands[name] = d.get("card")
    settled = []
    for s in doc.get("settlements", ()):
        at, owner = s["at"], s.get("claim")
        piece, fp = Settlement(s["kind"]), Footprint(at[0], at[1])
        ent = create(piece, fp) if owner is None else create(piece, fp, Claim(owner))
        settled.append((ent, piece, fp))
    m.powers_used = set(doc.get("powers_used", ()))
    for p in doc.get("places", ()):
        if p.get("power_used"):
            m.powers_used.add(p["kind"])
    placed = []
    for p in doc.get("places", ()):
        at, owner = p["at"], p.get("claim")
        place, fp = PlaceOfPower(p["kind"], p["kind"] in m.powers_used), Footprint(at[0], at[1], 2)
        ent = create(place, fp) if owner is None else create(place, fp, Claim(owner))
        placed.append((ent, place, fp))
    rings = []
    for g in doc.get("gambles", ()):
        ring = Gamble(g["owner"], g["at"][0], g["at"][1])
        rings.append((create(ring), ring))
    _seed_caches(m, settled, placed, rings)
    m.round, m.phase = doc["round"], doc["phase"]
    m.order = list(doc.get("order") or ())
    m.turn = doc.get("turn")
    m.actions_left = doc.get("actions_left", 0)
    m.finished = bool(doc.get("finished"))
    m.winner = copy_json(doc.get("winner"))
    m.played = list(doc.get("played", ()))
    if "deck" in doc:
        m.deck = list(doc["deck"])
    else:
        taken = {c for c in m.hands.values() if c is not None} | set(m.played)
        m.deck = [c for c in CARDS if c not in taken] if m.options["cards"] else []
    m.stack = copy_json(doc["stack"]) if "stack" in doc else _derive_stack(m, doc)
    return m


def _trusted_dice(state: dict) -> Dice:
    """`Dice.from_state` without its check of the generator's 625 words (most of a
    trusted restore's time): the engine wrote this state itself."""
    return Dice.set_to(state)
