"""The AI's own light copy of a position, read from a seat view (never from a match).

Searching with the engine would mean restoring a match per die face and per action;
this model instead keeps the board as small dicts, applies one action in a few
microseconds, and turns every roll into its exact chart distribution (game.tables), so
the search never samples a roll it can compute. Only the root of a search uses the
engine (through `game.seat_view.determinize`) for its legal answers, so whatever the model
simplifies can cost strength but never legality.

A `Pos` is copied per search node (`child()`), sharing its dicts until one of them
changes (copy on write).
"""

from __future__ import annotations

from functools import cache

from game import registry, rule_maths
from game.board import Cell
from game.geometry import rect_gap
from game.rule_maths import (
    adjacent_worth,
    claim_worth,
    hostile_modifiers,
    own_modifiers,
    result_distribution,
    tribute_expectation,
    win_chance,
)
from game.tables import (
    ATTACK_STAKE,
    CANCEL_POWERS,
    CARD_TITLES,
    DESTROYED,
    NO_SETTLEMENT_DESTROY,
    OWN_ROLL_POWERS,
    PLACES,
    REVOLT_COST,
    ROLL_REACTION_POWERS,
    UNDEAD_HOME,
)

Piece = tuple[str, int, str | None]  # (kind, size, owner) of a settlement or place
SETTLEMENT = frozenset({"town", "city", "ruin"})
PLACE_SET = frozenset(PLACES)
TREASURE_MEAN = float(rule_maths.TREASURE_MEAN)  # a treasure token is worth a d3 (R32)


_new = object.__new__
_FREE: dict = {}
_MISSING = object()
# id(pieces) -> (pieces, {kind: owner of the first piece of that kind}). A pieces dict
# is copied on write (set_piece, move_piece), never changed once shared, so what it
# holds is fixed; the entry keeps the dict alive, so its id is not reused meanwhile.
_OWNERS: dict[int, tuple[dict, dict]] = {}
_MODS: dict = {}  # (purpose, places, card) -> the sum of own_modifiers
_HOSTILE: dict = {}  # hostile_destroy_mod


def place_owners(pieces: dict) -> dict:
    """{kind: owner} of a pieces dict, first piece of a kind first (as a scan finds it);
    computed once per dict: the search asks it for every roll it models."""
    entry = _OWNERS.get(id(pieces))
    if entry is not None and entry[0] is pieces:
        return entry[1]
    owners: dict = {}
    for kind, _size, owner in pieces.values():
        if kind not in owners:
            owners[kind] = owner
    if len(_OWNERS) > 512:
        _OWNERS.clear()
    _OWNERS[id(pieces)] = (pieces, owners)
    return owners


def gap2(at, tl, size: int) -> int:
    """rect_gap between a 2x2 dragon at `at` and a size x size piece at `tl`."""
    a, b = at
    c, d = tl
    dx = c - a - 1 if c > a + 1 else (a - c - size + 1 if a > c + size - 1 else 0)
    dy = d - b - 1 if d > b + 1 else (b - d - size + 1 if b > d + size - 1 else 0)
    return dx if dx > dy else dy


class Pos:
    """One position as the AI sees it. Cells are (col, row) tuples.

    pieces: top-left -> (kind, size, owner) for settlements and places (claimables);
    occ:    cell -> a claimable's top-left, or "D:name" (dragon), "C:name" (cavern),
            "chest" for the other pieces (R5);
    at, coins (floats: the search adds expected coins), treasure, rings: per dragon;
    cavern: name -> (cell, size) or None (R8); gambles: cell -> owner;
    claims: name -> frozenset of the top-lefts it claims; actions: actions left.
    """

    __slots__ = ("width", "height", "blocked", "names", "seats", "me", "at", "coins",
                 "treasure", "rings", "cavern", "pieces", "occ", "gambles", "chest_at",
                 "chest_coins", "powers_used", "actions", "claims", "round", "target",
                 "order", "turn", "lineage", "changed", "moved", "free_key",
                 "phase", "card", "played", "even")
    # the slots' types (annotations only: __slots__ makes the attributes)
    width: int
    height: int
    blocked: frozenset[Cell]
    names: tuple[str, ...]
    seats: dict[str, int]
    me: str
    at: dict[str, Cell]
    coins: dict[str, float]
    treasure: dict[str, float]
    rings: dict[str, int]
    cavern: dict[str, tuple[Cell, int] | None]
    pieces: dict[Cell, Piece]
    occ: dict[Cell, Cell | str]
    gambles: dict[Cell, str]
    chest_at: Cell | None
    chest_coins: float
    powers_used: frozenset[str]
    actions: int
    claims: dict[str, frozenset[Cell]]
    round: int
    target: int
    order: tuple[str, ...]
    turn: str | None
    lineage: object
    changed: frozenset[Cell]
    moved: frozenset[str]
    free_key: object
    phase: str | None
    card: str | None
    played: tuple[str, ...]
    even: bool  # the even dragons house rule: tribute bonuses trimmed

    def child(self) -> Pos:
        new = _new(Pos)
        (new.width, new.height, new.blocked, new.names, new.seats, new.me, new.at,
         new.coins, new.treasure, new.rings, new.cavern, new.pieces, new.occ, new.gambles,
         new.chest_at, new.chest_coins, new.powers_used, new.actions, new.claims,
         new.round, new.target, new.order, new.turn, new.lineage, new.changed, new.moved,
         new.free_key, new.phase, new.card, new.played, new.even) = (
            self.width, self.height, self.blocked, self.names, self.seats, self.me,
            self.at, self.coins, self.treasure, self.rings, self.cavern, self.pieces,
            self.occ, self.gambles, self.chest_at, self.chest_coins, self.powers_used,
            self.actions, self.claims, self.round, self.target, self.order, self.turn,
            self.lineage, self.changed, self.moved, self.free_key, self.phase, self.card,
            self.played, self.even)
        return new

    # ----- queries ---------------------------------------------------------------
    def holders(self) -> dict[str, str]:
        return {p[0]: p[2] for p in self.pieces.values() if p[2] and p[0] in PLACE_SET}

    def holds(self, name: str, place: str) -> bool:
        return place_owners(self.pieces).get(place, _MISSING) == name

    def ready(self, name: str, place: str) -> bool:
        """`name` holds `place` and its once-a-round power is unused (R36)."""
        return place not in self.powers_used and self.holds(name, place)

    def place_at(self, place: str):
        for tl, p in self.pieces.items():
            if p[0] == place:
                return tl
        return None

    def adjacent(self, name: str, tl, size: int) -> bool:
        return rect_gap(self.at[name], 2, tl, size) == 1

    def free_for_dragon(self, tl, name: str) -> bool:
        c, r = tl
        if not (0 <= c <= self.width - 2 and 0 <= r <= self.height - 2):
            return False
        mine = "D:" + name
        occ, blocked = self.occ, self.blocked
        for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
            if cell in blocked:
                return False
            holder = occ.get(cell)
            if holder is not None and holder != mine:
                return False
        return True

    def landings(self, name: str, steps: int = 3) -> list:
        """Top-lefts the dragon may move to (R18)."""
        c0, r0 = self.at[name]
        free = self.free_spots(name)
        return [(c, r)
                for r in range(max(0, r0 - steps), min(self.height - 2, r0 + steps) + 1)
                for c in range(max(0, c0 - steps), min(self.width - 2, c0 + steps) + 1)
                if (c, r) in free and (c, r) != (c0, r0)]

    def free_spots(self, name: str) -> frozenset:
        """Every top-left where the dragon could stand (its own cells count as free).
        Cached per board layout: a removed piece keeps the key (it only frees cells,
        which the search may ignore); a piece moved by a power makes a new key."""
        key = (self.free_key, name)
        found = _FREE.get(key)
        if found is None:
            found = frozenset((c, r) for r in range(self.height - 1)
                              for c in range(self.width - 1)
                              if self.free_for_dragon((c, r), name))
            if len(_FREE) > 64:
                _FREE.clear()
            _FREE[key] = found
        return found

    def near_pieces(self, name: str) -> list:
        """Top-lefts of claimables adjacent to the dragon."""
        c, r = self.at[name]
        occ = self.occ
        seen = []
        for rr in range(r - 1, r + 3):
            for cc in range(c - 1, c + 3):
                v = occ.get((cc, rr))
                if v is not None and v.__class__ is tuple and v not in seen:
                    seen.append(v)
        return seen

    def cavern_near(self, name: str, victim: str) -> bool:
        cav = self.cavern.get(victim)
        return cav is not None and rect_gap(self.at[name], 2, cav[0], cav[1]) == 1

    def dragons_near(self, name: str) -> list[str]:
        me = self.at[name]
        return [n for n in self.names if n != name and rect_gap(me, 2, self.at[n], 2) == 1]

    def pieces_key(self):
        return frozenset(self.pieces.items())

    # ----- changes (each on a child: dicts are copied before writing) ---------------
    def set_piece(self, tl, piece) -> None:
        old = self.pieces.get(tl)
        self.changed = self.changed | {tl}
        self.pieces = dict(self.pieces)
        if piece is None:
            assert old is not None  # only a piece on the board is removed
            del self.pieces[tl]
            self.occ = occ = dict(self.occ)
            for dr in range(old[1]):
                for dc in range(old[1]):
                    occ.pop((tl[0] + dc, tl[1] + dr), None)
        else:
            self.pieces[tl] = piece
        old_owner = old[2] if old else None
        new_owner = piece[2] if piece else None
        if old_owner != new_owner:
            self.claims = dict(self.claims)
            if old_owner:
                self.claims[old_owner] = self.claims[old_owner] - {tl}
                self.rings = {**self.rings, old_owner: self.rings[old_owner] + 1}
            if new_owner:
                self.claims[new_owner] = self.claims[new_owner] | {tl}
                self.rings = {**self.rings, new_owner: self.rings[new_owner] - 1}

    def add_coins(self, name: str, amount: float) -> None:
        if amount:
            if name == "chest":
                self.chest_coins = max(0.0, self.chest_coins + amount)
            elif name != "bank":
                self.coins = {**self.coins, name: max(0.0, self.coins[name] + amount)}

    def move_dragon(self, name: str, to) -> None:
        if name == self.me:  # the search reads only `at` for its own dragon (free_spots
            self.at = {**self.at, name: to}  # ignores its marks): no occupancy update
            return
        self.moved = self.moved | {name}
        self.free_key = object()
        mark = "D:" + name
        occ = {c: v for c, v in self.occ.items() if v != mark}
        c, r = to
        for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
            occ[cell] = mark
        self.occ = occ
        self.at = {**self.at, name: to}


def from_view(view: dict, board, me: str | None = None) -> Pos:
    """Read a seat view (game.seat_view.seat_view) into a Pos for `me` (default: the pending
    decision's dragon)."""
    p = Pos.__new__(Pos)
    p.width, p.height, p.blocked = board.width, board.height, board.blocked
    dragons = sorted(view["dragons"].items(), key=lambda kv: kv[1]["seat"])
    p.names = tuple(n for n, _ in dragons)
    p.seats = {n: d["seat"] for n, d in dragons}
    pending = view.get("pending") or {}
    p.me = me or pending.get("dragon") or view.get("view") or p.names[0]
    p.at = {n: tuple(d["at"]) for n, d in dragons}
    p.coins = {n: float(d["coins"]) for n, d in dragons}
    p.treasure = {n: float(sum(d.get("treasure", []))) for n, d in dragons}
    p.rings = {n: d["rings_in_supply"] for n, d in dragons}
    occ: dict = {}
    pieces: dict = {}
    claims: dict = {n: set() for n in p.names}
    for s in view.get("settlements", []):
        tl = tuple(s["at"])
        pieces[tl] = (s["kind"], 1, s.get("claim"))
        occ[tl] = tl
    for pl in view.get("places", []):
        tl = tuple(pl["at"])
        pieces[tl] = (pl["kind"], 2, pl.get("claim"))
        c, r = tl
        for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
            occ[cell] = tl
    for tl, piece in pieces.items():
        if piece[2] in claims:
            claims[piece[2]].add(tl)
    p.cavern = {}
    for n, d in dragons:
        if d.get("cavern") is not None:
            cell = tuple(d["cavern"])
            p.cavern[n] = (cell, 1)
            occ[cell] = "C:" + n
        else:
            p.cavern[n] = None
        c, r = p.at[n]
        for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
            occ[cell] = "D:" + n
    if "undead" in p.cavern:
        home = next((tl for tl, pc in pieces.items() if pc[0] == UNDEAD_HOME), None)
        p.cavern["undead"] = (home, 2) if home else None
    chest = view.get("chest") or {}
    p.chest_at = tuple(chest["at"]) if chest.get("at") else None
    p.chest_coins = float(chest.get("coins", 0))
    if p.chest_at:
        occ[p.chest_at] = "chest"
    p.pieces, p.occ = pieces, occ
    p.claims = {n: frozenset(v) for n, v in claims.items()}
    p.gambles = {tuple(g["at"]): g["owner"] for g in view.get("gambles", [])}
    p.powers_used = frozenset(view.get("powers_used", [])) | frozenset(
        pl["kind"] for pl in view.get("places", []) if pl.get("power_used"))
    p.actions = view.get("actions_left", 0)
    p.round = view.get("round", 1)
    p.target = (view.get("options") or {}).get("target", 50)
    p.even = bool((view.get("options") or {}).get("even_dragons", False))
    p.order = tuple(view.get("order") or p.names)
    p.turn = view.get("turn")
    p.phase = view.get("phase")
    mine = view["dragons"].get(p.me, {}).get("card")
    p.card = mine if mine in CARD_TITLES else None  # only its own card is ever seen
    p.played = tuple(view.get("played", []))
    p.lineage = object()  # children share it; the evaluator diffs only its own lineage
    p.changed = frozenset()  # top-lefts whose piece differs from the lineage's root
    p.moved = frozenset()  # opponents moved (by a power) since the root
    p.free_key = object()
    return p


# ----- exact dice: chart distributions (R30), read from game.rule_maths ------------------
def chart_dist(chart: str, mod: int) -> tuple:
    """((row result, probability), ...) of a d20 + mod on a chart, clamped (R30), rows
    merged by result (the amount on the Steal chart)."""
    return result_distribution(chart, mod)


@cache
def attack_win(att_mod: int, def_mod: int) -> float:
    """P(attacker's d20 + att_mod > defender's d20 + def_mod); ties go to the defender."""
    return float(win_chance(att_mod, def_mod))


def tribute_ev(kind: str, owner: str, mod: int = 0, even: bool = False) -> float:
    """Expected tribute of one non-adjacent claim (R31), treasure at its mean; `even`:
    the even dragons house rule."""
    return tribute_expectation(owner, kind, mod, even)


def claim_pay(kind: str, owner: str, values: dict, even: bool = False) -> float:
    """Coins (treasure at its mean) a scored claim pays, with R31's bonuses."""
    return claim_worth(owner, kind, values, even)


def adjacent_pay(kind: str, owner: str, even: bool = False) -> float:
    return adjacent_worth(owner, kind, even)


@cache
def loss_chance(mod: int = 0) -> float:
    """P(a tribute roll lands on 0-4: one non-adjacent claim is lost)."""
    return float(rule_maths.loss_chance(mod))


# ----- expected effects of the rolled actions ------------------------------------------
def steal_outcome(pos: Pos, me: str, victim: str, mod: int, for_thief: bool = False):
    """Expected coins (me, victim side, chest) of one steal (R23-R25), payments capped
    at what the payer holds (R29). victim == "chest" for the chest."""
    have_me = pos.coins[me]
    have_v = pos.chest_coins if victim == "chest" else pos.coins[victim]
    have_chest = pos.chest_coins
    d_me = d_v = d_chest = 0.0
    for amount, prob in chart_dist("steal", mod):
        if amount > 0:
            moved = min(amount, have_v)
            if for_thief:
                d_v -= prob * moved
                d_chest += prob * moved
            else:
                d_v -= prob * moved
                d_me += prob * moved
        elif amount < 0:
            if for_thief:  # Turnabout: the chest pays the target
                moved = min(-amount, have_chest)
                d_chest -= prob * moved
                d_v += prob * moved
            else:
                moved = min(-amount, have_me)
                d_me -= prob * moved
                d_v += prob * moved
    return d_me, d_v, d_chest


def destroy_chart(pos: Pos, tl) -> str:
    kind, _size, owner = pos.pieces[tl]
    place = "place_" if kind in PLACE_SET else ""
    return "destroy_" + place + ("claimed" if owner is not None else "unclaimed")


row_result = rule_maths.row_result


KEEP = "keep"  # a Destroy row that leaves the piece as it was


def destroy_effects(pos: Pos, me: str, tl, mod: int = 0, dist=None) -> list:
    """[(probability, piece after, coins to `me`, treasure to `me`)] for `me`'s Destroy at
    `tl` (R21, R22), one per chart row result (exact coins per row); the piece after is
    a piece, None (removed) or KEEP. `dist` overrides the roll's distribution (e.g.
    [(result, 1.0)] once the die is known). The search reads these to look a row's
    position up before it builds it (game.ai.search)."""
    kind, size, owner = pos.pieces[tl]
    claimed = owner is not None
    out: list[tuple[float, Piece | str | None, float, float]] = []
    for result, prob in dist or chart_dist(destroy_chart(pos, tl), mod):
        if result == "revolt":
            out.append((prob, KEEP, -min(REVOLT_COST, pos.coins[me]), 0.0))
        elif result == "nothing" or (result == "ruin" and kind == "ruin"):
            out.append((prob, KEEP, 0, 0.0))
        elif result == "unclaim":
            out.append((prob, (kind, size, None), 0, 0.0))
        elif result == "removed":
            out.append((prob, None, 0, 0.0))
        elif result == "ruin":
            out.append((prob, ("ruin", 1, owner), DESTROYED["ruin"][kind], 0.0))
        else:  # destroyed, destroyed_treasure
            row = "destroyed_claimed" if claimed else "destroyed"
            out.append((prob, None, DESTROYED[row][kind],
                        TREASURE_MEAN if result == "destroyed_treasure" else 0.0))
    return out


def destroy_child(pos: Pos, me: str, tl, effect) -> Pos:
    """The child Pos of one Destroy row (an entry of destroy_effects)."""
    _prob, piece, coins, treasure = effect
    child = pos.child()
    if piece is not KEEP:
        child.set_piece(tl, piece)
    child.add_coins(me, coins)
    if treasure:
        child.treasure = {**child.treasure, me: child.treasure[me] + treasure}
    return child


def destroy_outcomes(pos: Pos, me: str, tl, mod: int = 0, dist=None):
    """[(probability, changed child Pos)] for `me`'s Destroy at `tl` (destroy_effects)."""
    return [(e[0], destroy_child(pos, me, tl, e)) for e in destroy_effects(pos, me, tl, mod,
                                                                           dist)]


def own_mod(pos: Pos, name: str, purpose: str) -> int:
    """The roller's own pre-roll modifiers it would use (R40, game.rule_maths): places it
    holds with their power unused, and its card if it is the dragon to play (the only
    card it can see)."""
    owners, used = place_owners(pos.pieces), pos.powers_used
    places = tuple(p for p in OWN_ROLL_POWERS if p not in used and owners.get(p) == name)
    card = pos.card if name == pos.me else None
    key = (purpose, places, card)
    mod = _MODS.get(key)
    if mod is None:
        mod = _MODS[key] = sum(v for _, v in own_modifiers(purpose, places, card))
    return mod


def held_mod(pos: Pos, name: str, purpose: str) -> int:
    """The modifiers of the places `name` holds on its own `purpose` roll, used or not
    (the tribute roll comes after this round's turns: Soul Mine, R37.11)."""
    return sum(v for _, v in own_modifiers(purpose, [p for p in OWN_ROLL_POWERS
                                                     if pos.holds(name, p)]))


def hostile_destroy_mod(pos: Pos, me: str) -> int:
    """Opponents' places that may lower my destroy roll (Blade Miller, ready): -1.
    Kept per (pieces dict, powers used, roller), all it reads (as place_owners)."""
    pieces = pos.pieces
    key = (id(pieces), pos.powers_used, me)
    found = _HOSTILE.get(key)
    if found is not None and found[0] is pieces:
        return found[1]
    mod = 0
    for kind, _s, owner in pieces.values():
        if kind in ROLL_REACTION_POWERS and owner and owner != me and pos.ready(owner, kind):
            mod += sum(v for _, v in hostile_modifiers("destroy", None, [kind]))
    if len(_HOSTILE) > 512:
        _HOSTILE.clear()
    _HOSTILE[key] = (pieces, mod)
    return mod


def cancelled(pos: Pos, me: str, do: str, tl=None, target: str | None = None) -> bool:
    """An opponent would cancel this action: a cancel place's model test (its module's
    CancelHooks.model: Pearlthorn Castle, Soulwash Temple)."""
    return any(test(pos, me, tl, target) for test in _CANCEL_MODELS.get(do, ()))


# action -> the model tests of the places that cancel it (game/registry/places/)
_CANCEL_MODELS = {do: tuple(registry.hooks(k).model for k, d in CANCEL_POWERS.items() if d == do)
                  for do in set(CANCEL_POWERS.values())}


def beside_town(pieces: dict, cell: Cell) -> bool:
    """Whether a town stands on or next to `cell`: a new settlement there would be a
    city (R12 step 3)."""
    c, r = cell
    return any(pieces.get((c + dc, r + dr), ("",))[0] == "town"
               for dc in (-1, 0, 1) for dr in (-1, 0, 1))


def can_destroy(name: str, kind: str) -> bool:
    return not (name in NO_SETTLEMENT_DESTROY and kind in SETTLEMENT)


STAKE = ATTACK_STAKE
