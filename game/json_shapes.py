"""The JSON shapes the engine speaks, as types (docs/FORMATS.md is their reference).

Answers, stack frames, events and the state document are plain JSON-able dicts: they
go into saves, replays, the AI worker's pipe and the tests as they are. These
`TypedDict`s name their keys for the type checker (mypy, `make test`) and for readers;
at run time they are ordinary dicts. Keys a kind of answer, frame or event may carry
but others do not are optional (`total=False`)."""

from __future__ import annotations

import json
from typing import Any, TypedDict


def copy_json(value):
    """A deep copy of plain JSON-like data (dicts, lists, tuples kept as tuples, scalars),
    several times faster than copy.deepcopy: snapshots, seat views and histories copy
    these shapes at every decision."""
    kind = type(value)
    # a leaf (anything but a dict, list or tuple) is kept as it is, without a call
    if kind is dict:
        return {k: copy_json(v) if type(v) in _NESTED else v for k, v in value.items()}
    if kind is list:
        return [copy_json(v) if type(v) in _NESTED else v for v in value]
    if kind is tuple:
        return tuple(copy_json(v) if type(v) in _NESTED else v for v in value)
    return value


_NESTED = frozenset({dict, list, tuple})
_LEAVES = frozenset({str, int, float, bool, type(None)})


def as_json(value):
    """`value` as a JSON round trip gives it back (tuples become lists), without the
    round trip for plain data: dicts with text keys, lists, tuples, text, numbers,
    true/false and null are copied directly (an answer, at every decision); anything
    else goes through json itself, whose TypeError or ValueError says it cannot be
    stored (RecursionError when nested too deeply)."""
    kind = type(value)
    if kind is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str:  # json makes numbers text, refuses others: its call
                return json.loads(json.dumps(value))
            out[k] = v if type(v) in _LEAVES else as_json(v)
        return out
    if kind is list or kind is tuple:
        return [v if type(v) in _LEAVES else as_json(v) for v in value]
    if kind in _LEAVES:
        return value
    return json.loads(json.dumps(value))


Cell = list[int]  # [col, row] in JSON; the engine also passes (col, row) tuples


# One answer to the pending decision (game.match.Match.submit): an action
# {"do": "move", "to": [c, r]}, a power {"power": place, ...}, a reaction {"react": source},
# a card {"play": card}, {"pass": True}, or a choice. (Functional form: "pass" is a keyword.)
Answer = TypedDict("Answer", {
    "do": str, "to": Cell, "at": Cell, "target": str, "power": str, "react": str,
    "play": str, "option": str, "choice": Any, "pass": bool,
}, total=False)


class Frame(TypedDict, total=False):
    """One step of the match's stack (R39): `step` names its handler in
    game.match.STEPS or DECISIONS; the rest is that step's own data."""

    step: str
    dragon: str
    i: int  # a loop step's place in the turn order
    options: list[str]
    roll: Any  # a roll frame's roll, or a tribute total
    choices: list[Any]
    dice: list[dict[str, Any]]
    k: int  # a settlement step's number in the populate phase
    tries: int  # re-rolls so far (P9)
    place: str  # the place of power being placed
    # an action's `act` frame (game.systems.actions)
    do: str
    answer: dict[str, Any]
    card: str  # Robber's act frame
    stage: str
    cancelled: bool
    rolls: list[dict[str, Any]]
    results: Any  # finished rolls' results, or placement dice totals
    # a pending roll (game.systems.rolls) and its windows
    purpose: str
    chart: str | None
    ctx: dict[str, Any]
    actor: str
    face: int | None
    mods: list[Any]
    window: str
    about: dict[str, Any]
    order: list[str]
    extras: list[str]  # a tribute roll's bonus cards (Sheriff, Mayor)


class Event(TypedDict, total=False):
    """One event of the match's log (game.log.describe words it): `type` names it;
    the other keys depend on the type (docs/FORMATS.md, "events")."""

    type: str
    dragon: str | None
    at: Cell
    to: Cell
    amount: int
    private: str


class DragonDoc(TypedDict):
    seat: int
    coins: int
    treasure: list[int]
    rings_in_supply: int
    at: Cell | None
    cavern: Cell | None
    card: str | None


class SettlementDoc(TypedDict):
    kind: str
    at: Cell
    claim: str | None


class PlaceDoc(TypedDict):
    kind: str
    at: Cell
    claim: str | None
    power_used: bool


class GambleDoc(TypedDict):
    at: Cell
    owner: str


class ChestDoc(TypedDict):
    at: Cell | None
    coins: int


class StateDoc(TypedDict, total=False):
    """The state document (narby-state, docs/FORMATS.md): `Match.snapshot()`; a seat's
    view (game.seat_view) is the same without dice, seed and deck, plus `view`."""

    format: str
    map: str | None
    options: dict[str, Any]
    round: int
    phase: str
    order: list[str]
    turn: str | None
    actions_left: int
    pending: dict[str, Any] | None
    finished: bool
    winner: str | list[str] | None
    played: list[str]
    deck: list[str]
    powers_used: list[str]
    dragons: dict[str, DragonDoc]
    settlements: list[SettlementDoc]
    places: list[PlaceDoc]
    gambles: list[GambleDoc]
    chest: ChestDoc
    seed: int | None
    stack: list[Frame]
    dice: Any
    view: str | None
