"""What every state the engine can reach looks like: the invariants and field types.

The breadth suite (tests/invariants.py) checks these after every decision of every game;
`Match.restore` checks them on every state it rebuilds, so a crafted save, replay `start`
or state document is either a state the engine could have reached or refused with a
reason (`StateError`, raised by game.snapshot; P45):

    problems(doc, board)   # [] for a sound narby-state/1 document (as snapshot() writes it)

The document checked is a full snapshot (every field present), so a restore checks the
snapshot of what it built: types first (a wrong type stops the checks there), then the
board (R4, R5, P2), rings (R9, R13), coins and treasure (R32), cards (R11), the turn
(R16, R17) and the flow stack.
"""

from __future__ import annotations

import contextlib
import itertools
import math

from game.board import BoardSpec
from game.tables import CARDS, DRAGONS, PLACES, RING_COUNT, SETTLEMENT_KINDS

# Generous ceilings no real game comes near; they keep a crafted number from being used.
MAX_COINS = 10**6
MAX_TOKENS = 10_000
MAX_ROUND = 100_000
MAX_ACTIONS_LEFT = 12      # 3 a turn (R17) plus a few from powers and cards
MAX_STACK = 200            # a real flow is a dozen frames deep
MAX_FRAME_INT = 10_000     # indexes and re-roll counters inside frames
TREASURE_FACES = (1, 2, 3)  # R32: each token is a d3
_SORTED_CARDS = sorted(CARDS)
_INT = frozenset({int})
_FACES = frozenset(TREASURE_FACES)
_DICTS = itertools.repeat(dict)  # all(map(isinstance, items, _DICTS)): every item a dict
_STRS = itertools.repeat(str)
PHASES = ("setup", "draw", "populate", "action", "tribute", "finished")


class _Stop(Exception):
    """A type problem: later checks would only repeat it."""


def short(value, limit: int = 60) -> str:
    """repr(value), cut to `limit` characters: messages never echo a huge string."""
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - repr of JSON values does not fail
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def cut(text: str, limit: int = 200) -> str:
    """`text` cut to `limit` characters (with "...")."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _is_int(v) -> bool:
    return type(v) is int or (isinstance(v, int) and not isinstance(v, bool))


def problems(doc, board: BoardSpec, exact_rings: bool = True,
             placed: bool = False) -> list[str]:
    """Every way `doc` is not a state the engine could reach; [] when it is sound.

    `exact_rings`: each dragon's rings in supply plus those on the board are exactly its
    R9 count (after every decision of a game). Without it (a restored document: rule
    tests and scenarios set a supply directly) the supply and the rings on the board
    may each be anything up to that count, never more.

    `placed`: `doc` is the snapshot of a match game.snapshot rebuilt and checked: its
    footprints are whole numbers, on the board and on cells of their own (_check_board
    passed), so of the pieces' cells only the blocked ones are looked for, and its flow
    stack (the match's, copied) passed stack_problems, which is not run again: those
    checks could find nothing. The result is the same list."""
    found: list[str] = []
    with contextlib.suppress(_Stop):
        _check(doc, board, found, exact_rings, placed)
    return found


class _Doc:
    """One document under check: what its sections share (the problems found, the
    cells taken so far, the rings on the board by owner) and the two ways to fail."""

    __slots__ = ("doc", "board", "found", "exact_rings", "placed", "dragons", "names",
                 "finished", "cells", "rings_out")

    def __init__(self, doc, board: BoardSpec, found: list[str], exact_rings: bool,
                 placed: bool):
        self.doc, self.board, self.found = doc, board, found
        self.exact_rings, self.placed = exact_rings, placed
        self.dragons: dict = {}
        self.names: list[str] = []
        self.finished = False
        self.cells: dict[tuple, str] = {}
        self.rings_out: dict[str, int] = {}

    # Every check is `if not <condition>: c.fail(<message>)`: a message is built only for
    # a problem found (this runs after every decision of the breadth suite and on every
    # checked restore).
    def fail(self, message: str, stop: bool = False) -> None:
        self.found.append(message)
        if stop:
            raise _Stop

    def occupy(self, at, size: int, what: str) -> None:
        """The piece `what` of `size` x `size` cells at `at` [col, row]: on the board, on
        unblocked cells (R5) no other piece holds (R4)."""
        fail, blocked, cells = self.fail, self.board.blocked, self.cells
        if self.placed:  # [col, row] of whole numbers, on the board, on cells of its own
            if blocked:  # the cells as below (an int subclass kept in the first cell)
                col, row = at
                for cell in (((col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1))
                             if size == 2 else
                             [(col + dc, row + dr) for dr in range(size) for dc in range(size)]):
                    if cell in blocked:
                        fail(f"{what} stands on blocked cell {list(cell)} (R5)")
            return
        # the hot path of every restore: a footprint wholly on the board (the usual case)
        # is looked up cell by cell without a bounds check each
        if not (isinstance(at, list) and len(at) == 2 and _is_int(at[0]) and _is_int(at[1])):
            fail(f"{what}: a cell must be [col, row], not {short(at)}", True)
        col, row = at
        width, height = self.board.width, self.board.height
        if col >= 0 and row >= 0 and col + size <= width and row + size <= height:
            footprint = (((col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1))
                         if size == 2 else
                         [(col + dc, row + dr) for dr in range(size) for dc in range(size)])
            for cell in footprint:
                if cell in blocked:
                    fail(f"{what} stands on blocked cell {list(cell)} (R5)")
                if cell in cells:
                    fail(f"{what} and {cells[cell]} share {list(cell)}")
                cells[cell] = what
            return
        for dr in range(size):
            for dc in range(size):
                cell = (col + dc, row + dr)
                if not (0 <= cell[0] < width and 0 <= cell[1] < height):
                    fail(f"{what} at {at} leaves the {width}x{height} board", True)
                if cell in blocked:
                    fail(f"{what} stands on blocked cell {list(cell)} (R5)")
                if cell in cells:
                    fail(f"{what} and {cells[cell]} share {list(cell)}")
                cells[cell] = what

    def claim(self, owner, what: str) -> None:
        """A claim ring of `owner` (None: unclaimed) on `what`: one of this game's."""
        if owner is None:
            return
        if not (isinstance(owner, str) and owner in self.dragons):
            self.fail(f"{what} is claimed by {short(owner)}, who is not in this game", True)
        self.rings_out[owner] += 1


def _check(doc, board: BoardSpec, found: list[str], exact_rings: bool,
           placed: bool = False) -> None:
    """The sections in order; a type problem stops them (_Stop), as later ones would
    only repeat it."""
    c = _Doc(doc, board, found, exact_rings, placed)
    for section in SECTIONS:
        section(c)


def _check_dragons(c: _Doc) -> None:
    """The dragons: 2 to 8 known ones, each with a seat, coins, treasure (R32), rings and
    at most one card; seats 0 to n-1 once each."""
    fail, doc = c.fail, c.doc
    if not isinstance(doc, dict):
        fail("the state is not a JSON object", True)
    dragons = doc.get("dragons")
    if not (isinstance(dragons, dict) and 2 <= len(dragons) <= 8):
        fail("a game has 2 to 8 dragons", True)
    for name, d in dragons.items():
        if name not in DRAGONS:
            fail(f"unknown dragon {short(name)}", True)
        if not isinstance(d, dict):
            fail(f"{name}: not an object", True)
        seat = d.get("seat")
        if not _is_int(seat):
            fail(f"{name}: seat {short(seat)} is not a number", True)
        coins = d.get("coins")
        if not (_is_int(coins) and 0 <= coins <= MAX_COINS):
            fail(f"{name}: coins {short(coins)} are not 0 to {MAX_COINS}", True)
        tokens = d.get("treasure")
        # plain ints are checked as a set at once; anything else token by token
        if not (isinstance(tokens, list) and len(tokens) <= MAX_TOKENS
                and ((set(map(type, tokens)) <= _INT and set(tokens) <= _FACES)
                     or all(_is_int(t) and t in TREASURE_FACES for t in tokens))):
            fail(f"{name}: treasure must be tokens worth 1 to 3 (R32), not {short(tokens)}",
                 True)
        supply = d.get("rings_in_supply")
        if not (_is_int(supply) and supply >= 0):
            fail(f"{name}: rings in supply {short(supply)}", True)
        card = d.get("card")
        if not (card is None or card in CARDS):
            fail(f"{name}: unknown card {short(card)}", True)
    names = list(dragons)
    seats = sorted(d["seat"] for d in dragons.values())
    if seats != list(range(len(names))):
        fail(f"seats must be 0 to {len(names) - 1}, once each, not {short(seats)}", True)
    c.dragons, c.names = dragons, names
    c.rings_out = dict.fromkeys(names, 0)


def _check_turn(c: _Doc) -> None:
    """The round, phase, turn order, whose turn (R16), actions left (R17) and winner."""
    fail, doc, dragons = c.fail, c.doc, c.dragons
    rnd = doc.get("round")
    if not (_is_int(rnd) and 0 <= rnd <= MAX_ROUND):
        fail(f"round {short(rnd)} is not 0 to {MAX_ROUND}", True)
    if doc.get("phase") not in PHASES:
        fail(f"phase {short(doc.get('phase'))} is not one of {', '.join(PHASES)}", True)
    finished = doc.get("finished")
    if not isinstance(finished, bool):
        fail(f"finished {short(finished)} is not true or false", True)
    c.finished = finished
    order = doc.get("order")
    if not (isinstance(order, list) and all(isinstance(n, str) for n in order)):
        fail(f"order {short(order)} is not a list of dragons", True)
    if not (all(n in dragons for n in order) and len(set(order)) == len(order)):
        fail(f"the turn order {short(order)} must name this game's dragons, once each")
    elif doc.get("phase") in ("action", "tribute") and len(order) != len(dragons):
        # R16 orders every dragon for the round (a dragon left out never had a turn);
        # only before round 1's roll (populate, draw) may it still be empty
        missing = ", ".join(n for n in dragons if n not in order)
        fail(f"the turn order {short(order)} leaves out {missing}: in the {doc['phase']} "
             "phase it names every dragon once (R16)")
    turn = doc.get("turn")
    if not (turn is None or (isinstance(turn, str) and turn in order)):
        fail(f"the turn {short(turn)} is not a dragon in the turn order")
    left = doc.get("actions_left")
    if not (_is_int(left) and 0 <= left <= MAX_ACTIONS_LEFT):
        fail(f"actions left {short(left)} are not 0 to {MAX_ACTIONS_LEFT}")
    _check_winner(c, doc.get("winner"))


def _check_winner(c: _Doc, winner) -> None:
    """A finished game's winner: the thief, a dragon, or two or more tied dragons."""
    dragons = c.dragons
    if c.finished:
        ok = (winner == "thief" or (isinstance(winner, str) and winner in dragons)
              or (isinstance(winner, list) and len(winner) >= 2
                  and all(isinstance(w, str) and w in dragons for w in winner)
                  and len(set(winner)) == len(winner)))
        if not ok:
            c.fail(f"the winner {short(winner)} is not a dragon of this game")
        options = c.doc.get("options")
        if winner == "thief" and not (isinstance(options, dict) and options.get("thief_wins")):
            c.fail("the thief won, but the thief cannot win in this game (thief_wins is off)")
    elif winner is not None:
        c.fail(f"an unfinished game has a winner ({short(winner)})")


def _check_piece_lists(c: _Doc) -> None:
    """Settlements, places and gamble rings are lists of objects (before any is read)."""
    doc = c.doc
    for key in ("settlements", "places", "gambles"):
        if not (isinstance(doc.get(key), list) and all(map(isinstance, doc[key], _DICTS))):
            c.fail(f"{key} must be a list of objects", True)


def _check_settlements(c: _Doc) -> None:
    """Each settlement a known kind on a cell of its own (R4, R5), claimed by a dragon
    of this game or by nobody."""
    fail, cells, placed = c.fail, c.cells, c.placed
    blocked = c.board.blocked
    width, height = c.board.width, c.board.height
    for s in c.doc["settlements"]:
        kind = s.get("kind")
        if kind not in SETTLEMENT_KINDS:
            fail(f"unknown settlement kind {short(kind)}", True)
        # occupy(at, 1, kind) inline for the usual [col, row] of plain ints on the board
        # (most pieces are settlements); anything else takes occupy and its messages
        at = s.get("at")
        if placed:
            if blocked:  # the only problem occupy could find (see `placed`)
                c.occupy(at, 1, kind)
        elif (type(at) is list and len(at) == 2 and type(at[0]) is int
                and type(at[1]) is int and 0 <= at[0] < width and 0 <= at[1] < height):
            cell = (at[0], at[1])
            if cell in blocked:
                fail(f"{kind} stands on blocked cell {list(cell)} (R5)")
            if cell in cells:
                fail(f"{kind} and {cells[cell]} share {list(cell)}")
            cells[cell] = kind
        else:
            c.occupy(at, 1, kind)
        owner = s.get("claim")
        if owner is not None:
            c.claim(owner, kind)


def _check_places(c: _Doc) -> None:
    """Each place of power known, on the board once (R14), on 2x2 cells of its own."""
    places = c.doc["places"]
    for p in places:
        if p.get("kind") not in PLACES:
            c.fail(f"unknown place of power {short(p.get('kind'))}", True)
        c.occupy(p.get("at"), 2, p["kind"])
        c.claim(p.get("claim"), p["kind"])
        if not isinstance(p.get("power_used"), bool):
            c.fail(f"{p['kind']}: power_used must be true or false", True)
    kinds = [p.get("kind") for p in places]
    if len(set(kinds)) != len(kinds):
        c.fail("a place of power is on the board twice (R14)")


def _check_gambles(c: _Doc) -> None:
    """Gamble rings: on dry land of the board (P2), one a cell, owned by this game's
    dragons (a ring counted against its owner's R9 total)."""
    fail, board, dragons, rings_out = c.fail, c.board, c.dragons, c.rings_out
    ring_cells: set[tuple] = set()
    for g in c.doc["gambles"]:
        at = g.get("at")
        if not ((type(at) is list and len(at) == 2 and type(at[0]) is int
                 and type(at[1]) is int)
                or (isinstance(at, list) and len(at) == 2 and all(_is_int(v) for v in at))):
            fail(f"gamble ring: a cell must be [col, row], not {short(at)}", True)
        cell = tuple(at)
        if not board.on_board(cell):
            fail(f"a gamble ring at {at} is off the board", True)
        if cell in board.blocked:
            fail(f"a gamble ring at {at} is in the water (P2)")
        if cell in ring_cells:
            fail(f"two gamble rings share the cell {at}")
        ring_cells.add(cell)
        owner = g.get("owner")
        if owner is not None:  # c.claim(owner, f"the gamble ring at {at}"), its message lazy
            if not (isinstance(owner, str) and owner in dragons):
                fail(f"the gamble ring at {at} is claimed by {short(owner)}, who is not in "
                     "this game", True)
            rings_out[owner] += 1


def _check_chest(c: _Doc) -> None:
    """The chest: its coins (R32) and, when on the board, a cell of its own."""
    chest = c.doc.get("chest")
    if not isinstance(chest, dict):
        c.fail("chest must be an object", True)
    if not (_is_int(chest.get("coins")) and 0 <= chest["coins"] <= MAX_COINS):
        c.fail(f"chest coins {short(chest.get('coins'))} are not 0 to {MAX_COINS}")
    if chest.get("at") is not None:
        c.occupy(chest["at"], 1, "chest")


def _check_dragon_pieces(c: _Doc) -> None:
    """Each dragon and its cavern on cells of their own; its rings in supply plus on the
    board are its R9 count (exact_rings), or each at most that (a restored document)."""
    for name, d in c.dragons.items():
        c.occupy(d.get("at"), 2, name)
        if d.get("cavern") is not None:
            c.occupy(d["cavern"], 1, name + " cavern")
        supply, out = d["rings_in_supply"], c.rings_out[name]
        total = supply + out
        if not (total == RING_COUNT[name] if c.exact_rings else
                max(supply, out) <= RING_COUNT[name]):
            c.fail(f"{name} has {supply} rings in supply and {out} on the board: {total}, "
                   f"not {RING_COUNT[name]} in all (R9)")


def _check_cards(c: _Doc) -> None:
    """R11: with cards on, each card in exactly one place (a hand, played or the deck);
    with them off, none anywhere."""
    fail, doc = c.fail, c.doc
    options = doc.get("options")
    if not isinstance(options, dict):
        fail("options must be an object", True)
    deck, played = doc.get("deck"), doc.get("played")
    if not (isinstance(deck, list) and isinstance(played, list)):
        fail("deck and played must be lists of cards", True)
    hands = [d["card"] for d in c.dragons.values() if d["card"] is not None]
    every = deck + hands + played
    if not all(map(isinstance, every, _STRS)):
        fail("cards must be names", True)
    if options.get("cards"):
        if sorted(every) != _SORTED_CARDS:
            fail("each card must be in exactly one place: a hand, played or the deck")
    elif every != []:
        fail("cards in a game without cards")


def _check_flow(c: _Doc) -> None:
    """The flow stack (stack_problems), the phase of a finished game, the pending
    decision's shape."""
    fail, doc = c.fail, c.doc
    if not c.placed:
        c.found.extend(stack_problems(doc.get("stack"), c.names, c.finished))
    if c.finished:
        if doc.get("phase") != "finished":
            fail("a finished game is not in phase 'finished'")
    elif doc.get("phase") == "finished":
        fail(f"an unfinished game in phase {short(doc.get('phase'))}")
    if not (doc.get("pending") is None or isinstance(doc.get("pending"), dict)):
        fail("pending must be an object")


# The named section checks, in the order their messages come: types first (a wrong type
# stops the checks there), then the board, rings, coins and treasure, cards, the flow.
SECTIONS = (_check_dragons, _check_turn, _check_piece_lists, _check_settlements,
            _check_places, _check_gambles, _check_chest, _check_dragon_pieces,
            _check_cards, _check_flow)


def _check_frame(frame: dict, dragons: dict, fail) -> None:
    """Values inside one flow frame: dragons of this game, small counters, JSON depth."""
    for key, value in frame.items():
        if not isinstance(key, str):
            fail("a flow frame has a key that is not a string", True)
        if key == "dragon" and value is not None and not (isinstance(value, str)
                                                           and value in dragons):
            fail(f"a {frame['step']} frame names {short(value)}, who is not in this game",
                 True)
        if key in ("i", "k", "tries") and not (_is_int(value) and 0 <= value <= MAX_FRAME_INT):
            fail(f"a {frame['step']} frame has {key}={short(value)}", True)
        if _depth(value) > 6:
            fail(f"a {frame['step']} frame is nested too deeply", True)
        if isinstance(value, float) and not math.isfinite(value):
            fail(f"a {frame['step']} frame holds {value}", True)


def _depth(value, limit: int = 8) -> int:
    if limit <= 0:
        return 99
    if isinstance(value, dict):
        return 1 + max((_depth(v, limit - 1) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v, limit - 1) for v in value), default=0)
    return 0


def stack_problems(stack, names, finished: bool) -> list[str]:
    """The flow stack's shape: known frames, this game's dragons, small counters; a
    finished game has none, an unfinished one waits for a decision on top."""
    from game.match import DECISIONS, STEPS  # noqa: PLC0415 (match imports this module)

    found: list[str] = []

    def fail(message: str, stop: bool = False) -> None:
        found.append(message)
        if stop:
            raise _Stop

    with contextlib.suppress(_Stop):
        if not (isinstance(stack, list) and len(stack) <= MAX_STACK):
            fail(f"the flow stack must be a list of at most {MAX_STACK} frames", True)
        for frame in stack:
            if not (isinstance(frame, dict) and isinstance(frame.get("step"), str)
                    and (frame["step"] in STEPS or frame["step"] in DECISIONS)):
                fail(f"the flow stack holds an unknown frame {short(frame)}", True)
            _check_frame(frame, names, fail)
        if finished:
            if stack != []:
                fail("a finished game still has steps to run")
        elif not (bool(stack) and stack[-1]["step"] in DECISIONS):
            fail("an unfinished game must wait for a decision (the flow stack)")
    return found
