"""Expectimax over the dragon's own turn (Normal and Hard).

A node is a Pos with some actions left. Its value is the best of ending the turn (the
Evaluator's value) and each candidate action, where an action's value is the
probability-weighted value of its outcomes: deterministic actions have one outcome;
Destroy branches on its chart rows (exact probabilities, rows with the same board
merged); Steal and Attack change only coins, so their exact expected coins are carried
into one child (the value is linear in coins, so this is the same expectation).

Moves are pruned to the `width` best landings by a spot score computed once at the
root (what is next to the landing now, and what the next turn could reach from it).
`budget` caps the nodes searched, so a search is reproducible without clocks; a
`deadline` (seconds, from time.perf_counter) may cut it shorter.

Actions are tuples inside the search and answers (FORMATS.md) at the door:
("move", to), ("claim", tl), ("claim2", tl, tl2), ("take", tl), ("destroy", tl),
("steal_cavern", d), ("steal_chest",), ("steal_for_thief", d), ("attack", d),
("abandon", cell), ("gamble", cell), turn powers ("power", answer-as-tuple), and
actions registered with a model hook (key, answer-as-tuple): see MODELLED.
"""

from __future__ import annotations

import time
from typing import Any, cast

from game import registry
from game.ai import model
from game.ai.evaluate import Evaluator
from game.ai.model import (
    KEEP,
    Pos,
    attack_win,
    beside_town,
    can_destroy,
    cancelled,
    destroy_child,
    destroy_effects,
    destroy_outcomes,
    hostile_destroy_mod,
    own_mod,
    steal_outcome,
)
from game.geometry import rect_gap
from game.systems.setup import cavern_offsets
from game.tables import (
    ACTION_COST,
    CAVERN_OFFSETS,
    OWN_ROLL_CARDS,
    OWN_ROLL_POWERS,
    TURN_CARDS,
    TURN_POWERS,
)

COST = {"move": 1, "claim": 1, "claim2": 1, "take": 2, "destroy": 1, "steal_cavern": 1,
        "steal_chest": 1, "steal_for_thief": 2, "attack": 1, "abandon": 1, "gamble": 1}
assert all(ACTION_COST[k] == v for k, v in COST.items() if k in ACTION_COST)
# Actions the search has no code of its own for (Action.search is empty: one registered
# from its module alone) are modelled by their registry hooks: `options` lists the answers
# to try, `model` applies one to a child position. Their search tuple is (key, answer).
MODELLED: dict[str, Any] = {
    a.key: hooks for a in registry.actions() if not a.search and a.hooks is not None
    if (hooks := registry.action_hooks(a.key)).model and hooks.options}
COST.update({key: ACTION_COST[key] for key in MODELLED})


class OutOfBudget(Exception):
    pass


class _Coins:
    """What Evaluator.coin_part reads of a position: its coins and treasure."""

    __slots__ = ("coins", "treasure")

    def __init__(self, coins: dict, treasure: dict):
        self.coins, self.treasure = coins, treasure


# ----- answers <-> search actions --------------------------------------------------------
def to_action(answer: dict):
    """The search's tuple for an action answer, or None if the model does not know it."""
    do = answer.get("do")
    if do == "move":
        return ("move", tuple(answer["to"]))
    if do == "claim":
        if "also" in answer:
            return ("claim2", tuple(answer["at"]), tuple(answer["also"]))
        return ("claim", tuple(answer["at"]))
    if do == "claim_settlement":
        return ("take", tuple(answer["at"]))
    if do in ("destroy", "abandon", "gamble"):
        return (do, tuple(answer["at"]))
    if do in ("steal_cavern", "steal_for_thief", "attack"):
        return (do, answer["dragon"])
    if do == "steal_chest":
        return ("steal_chest",)
    if do == "end_turn":
        return ("end",)
    if do in MODELLED:
        return (do, _freeze(answer))
    if "do" not in answer and answer.get("power") in POWERS:
        return ("power", answer["power"], _freeze(answer))
    if "do" not in answer and answer.get("as", answer.get("play")) in TURN_CARDS:
        return ("card", answer.get("as", answer.get("play")), _freeze(answer))
    return None


def spend_mods(pos: Pos, child: Pos, name: str, purpose: str) -> None:
    """Mark the roller's own modifiers (as own_mod counts them) used on the child."""
    for place, (p, _v) in OWN_ROLL_POWERS.items():
        if p == purpose and pos.ready(name, place):
            child.powers_used = child.powers_used | {place}
    if name == pos.me and pos.card in OWN_ROLL_CARDS and OWN_ROLL_CARDS[pos.card][0] == purpose:
        child.card = None


def apply_card(pos: Pos, me: str, answer: dict) -> tuple[Pos, int, int]:
    """(child, extra actions, actions spent) after playing a turn card (R38, P21)."""
    card = answer.get("as", answer["play"])
    child = pos.child()
    child.card = None
    child.played = pos.played + (answer["play"],)
    # its effect is its card's model hook (game/registry/cards/)
    extra, spent = registry.card_hooks(card).model(pos, child, me, answer, TOOLS)
    return child, extra, spent


def _freeze(answer: dict):
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in answer.items()))


# ----- turn powers in the model (R37), applied to a child ----------------------------------
def move_piece(pos: Pos, old, new) -> None:
    kind, size, owner = pos.pieces[old]
    pos.changed = pos.changed | {old, new}
    pos.free_key = object()
    pieces = dict(pos.pieces)
    del pieces[old]
    pieces[new] = (kind, size, owner)
    occ = {c: v for c, v in pos.occ.items() if v != old}
    for dr in range(size):
        for dc in range(size):
            occ[(new[0] + dc, new[1] + dr)] = new
    pos.pieces, pos.occ = pieces, occ
    if owner:
        pos.claims = {**pos.claims, owner: (pos.claims[owner] - {old}) | {new}}
    if kind == "immortals_resting_place" and "undead" in pos.cavern:
        pos.cavern = {**pos.cavern, "undead": (new, 2)}


def home_spot(pos: Pos, name: str):
    """R7/P14 placement beside the dragon's cavern (None if none is free or no cavern)."""
    cav = pos.cavern.get(name)
    if cav is None:
        return None
    offsets = CAVERN_OFFSETS if cav[1] == 1 else cavern_offsets(cav[1])
    for dc, dr in offsets:
        at = (cav[0][0] + dc, cav[0][1] + dr)
        if pos.free_for_dragon(at, name):
            return at
    return None


def send_home(pos: Pos, child: Pos, name: str) -> None:
    """Tower of Faces and Horror: the dragon goes next to its cavern (if a spot is free)."""
    spot = home_spot(pos, name)
    if spot is not None:
        child.move_dragon(name, spot)


def apply_power(pos: Pos, me: str, answer: dict) -> tuple[Pos, int]:
    """(child, extra actions) after a turn power; the power is marked used (R36). Its
    effect is its place's model hook (game/registry/places/)."""
    kind = answer["power"]
    child = pos.child()
    child.powers_used = pos.powers_used | {kind}
    return child, registry.hooks(kind).model(pos, child, me, answer, TOOLS)


TOOLS = registry.ModelTools(move_piece, send_home)  # lent to the places' model hooks

# places by standing ability (game.registry.AlwaysHooks; the engine's claims and theft)
PAIRS = tuple(p.key for p in registry.always_places() if registry.always(p.key).model_pairs)
REACH = tuple(p.key for p in registry.always_places() if registry.always(p.key).model_reach)
FAR_THEFT = tuple(p.key for p in registry.always_places() if registry.always(p.key).steal_far)

# The engine's turn powers (game.tables.TURN_POWERS), in the search's own order (by name;
# the order candidates are tried in, kept so a seed plays the same game).
POWERS = tuple(sorted(TURN_POWERS))


# ----- the search -------------------------------------------------------------------------
class TurnSearch:
    def __init__(self, root: Pos, params: dict | None = None, *, width: int = 4,
                 deep_width: int = 3, budget: int = 20000, deadline: float | None = None):
        self.root = root
        self.me = root.me
        self.ev = Evaluator(root, params)
        self.width, self.deep_width = width, deep_width
        self.budget = budget
        self.deadline = deadline
        self.nodes = 0
        self._spot: dict = {}
        self._holders: dict = {}
        self._memo: dict = {}
        self._gcell: dict = {}
        self._moves_at: dict = {}
        self._changed: dict = {}  # _changed_key
        self._near: dict = {}  # _near_pieces
        self._caverns: dict = {}  # _caverns_near
        self._dragons: dict = {}  # _dragons_near

    # spot score: a cheap, root-fixed guess of how good a landing is
    def spot(self, tl) -> float:
        s = self._spot.get(tl)
        if s is None:
            probe = self.root.child()
            probe.at = {**probe.at, self.me: tl}
            s = self.ev.value(probe)
            s += 0.5 * sum(self._near_value(probe, t) for t in probe.near_pieces(self.me))
            self._spot[tl] = s
        return s

    def _near_value(self, pos: Pos, tl) -> float:
        kind, _size, owner = pos.pieces[tl]
        if owner is None and pos.rings[self.me] > 0:
            return self.ev.claim_worth(self.me, kind, True)
        if owner and owner != self.me:
            return 0.5 * self.ev.claim_worth(self.me, kind, True)
        return 0.0

    def holders(self, pos: Pos) -> dict:
        key = (frozenset((tl, pos.pieces.get(tl)) for tl in pos.changed)
               if pos.lineage is self.root.lineage else None)
        found = self._holders.get(key) if key is not None else None
        if found is None:
            found = pos.holders()
            if key is not None:
                self._holders[key] = found
        return found

    def candidates(self, pos: Pos, k: int, root: bool = False) -> list[tuple]:
        me = self.me
        out: list[tuple] = []  # search actions: ("move", cell), ("steal_chest",), ...
        rings = pos.rings[me]
        holders = self.holders(pos)
        at = pos.at[me]
        near = self._near_pieces(pos, at)
        for tl in near:
            kind, size, owner = pos.pieces[tl]
            if owner is None:
                if rings > 0:
                    out.append(("claim", tl))
            elif owner != me and rings > 0 and k >= 2:
                out.append(("take", tl))
            if owner != me and can_destroy(me, kind):
                out.append(("destroy", tl))
        out.extend(self._held_claims(pos, holders, near, rings))
        cottage = any(holders.get(key) == me for key in FAR_THEFT)
        caverns = self._caverns_near(pos, at)
        for d in pos.names:
            if d == me or pos.coins[d] <= 0:
                continue
            if d in caverns:
                out.append(("steal_cavern", d))
            if k >= 2 and (cottage or d in caverns) and pos.cavern.get(d):
                out.append(("steal_for_thief", d))
        if (pos.chest_at is not None and pos.chest_coins >= 1
                and rect_gap(at, 2, pos.chest_at, 1) == 1):
            out.append(("steal_chest",))
        for d in self._dragons_near(pos, at):
            out.append(("attack", d))
        if rings == 0:
            mine = sorted(pos.claims[me], key=lambda tl: self.ev.claim_worth(
                me, pos.pieces[tl][0], False))[:2]
            out.extend(("abandon", tl) for tl in mine)
        if rings > 0:
            cell = self._gamble_cell(pos)
            if cell is not None:
                out.append(("gamble", cell))
        if MODELLED:  # registered actions (none built in)
            out.extend(self._registered(pos, k))
        out.extend(self._moves(pos, self.width if root else self.deep_width))
        return out

    def _registered(self, pos: Pos, k: int) -> list[tuple]:
        """The search actions of the registered actions it models by their hooks."""
        return [(key, _freeze(a)) for key, hooks in MODELLED.items() if COST[key] <= k
                for a in hooks.options(pos, self.me, k)]

    def _held_claims(self, pos: Pos, holders: dict, near, rings: int) -> list[tuple]:
        """The Claims the standing abilities of places held add (their AlwaysHooks): two
        settlements with one Claim (Citadel of Torture, once a round: R36), then a
        Claim's reach (Baba Yaga's Hut)."""
        me = self.me
        out: list[tuple] = []
        if rings > 1:
            for key in PAIRS:
                if holders.get(key) == me and key not in pos.powers_used:
                    out.extend(registry.always(key).model_pairs(pos, me, near))
        if rings > 0:
            for key in REACH:
                if holders.get(key) == me:
                    out.extend(("claim", tl) for tl in registry.always(key).model_reach(
                        pos, me, near))
        return out

    # What is next to the dragon depends on where it stands and on a few of the
    # position's dicts, which are copied on write: kept per (place, the very dict).
    def _near_pieces(self, pos: Pos, at) -> list:
        occ = pos.occ
        key = (at, id(occ))
        found = self._near.get(key)
        if found is None or found[0] is not occ:
            found = (occ, pos.near_pieces(self.me))
            if len(self._near) > 4096:
                self._near.clear()
            self._near[key] = found
        return found[1]

    def _caverns_near(self, pos: Pos, at) -> frozenset:
        cavern = pos.cavern
        key = (at, id(cavern))
        found = self._caverns.get(key)
        if found is None or found[0] is not cavern:
            found = (cavern, frozenset(d for d in pos.names if pos.cavern_near(self.me, d)))
            self._caverns[key] = found
        return found[1]

    def _dragons_near(self, pos: Pos, at) -> list[str]:
        if pos.lineage is not self.root.lineage or pos.moved:
            return pos.dragons_near(self.me)
        found = self._dragons.get(at)  # the others stand where they stood at the root
        if found is None:
            found = self._dragons[at] = pos.dragons_near(self.me)
        return found

    def _moves(self, pos: Pos, width: int) -> list[tuple]:
        """The `width` best landings by spot score (fixed per search), kept per place
        and per free-spots set (the very set free_spots returned, so a set it computes
        afresh is sorted afresh): most nodes stand where another already stood."""
        free = pos.free_spots(self.me)
        key = (pos.at[self.me], width, id(free))
        found = self._moves_at.get(key)
        if found is None or found[0] is not free:
            landings = sorted(pos.landings(self.me), key=lambda tl: (-self.spot(tl), tl))
            found = self._moves_at[key] = (free, [("move", tl) for tl in landings[:width]])
        return found[1]

    def _gamble_cell(self, pos: Pos):
        key = (pos.at[pos.me], pos.gambles is self.root.gambles, pos.changed)
        if key not in self._gcell:
            self._gcell[key] = self._find_gamble_cell(pos)
        return self._gcell[key]

    def _find_gamble_cell(self, pos: Pos):
        c, r = pos.at[pos.me]
        occ = pos.occ
        best = None
        covered = set()
        if self.ev.p["gamble_union"]:  # new cover only: own rings side by side overlap
            covered = {(gc + dc, gr + dr) for (gc, gr), o in pos.gambles.items()
                       if o == pos.me for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
        city = self.ev.p["gamble_city"]  # a cell beside a town catches a city (R12)
        pieces = pos.pieces
        for rr in range(r - 1, r + 3):
            for cc in range(c - 1, c + 3):
                cell = (cc, rr)
                if (c <= cc <= c + 1 and r <= rr <= r + 1) or not (
                        0 <= cc < pos.width and 0 <= rr < pos.height):
                    continue
                if cell in occ or cell in pos.gambles or cell in pos.blocked:
                    continue
                room = 0  # free neighbours (plain loops: no generator per cell)
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        near = (cc + dc, rr + dr)
                        if near not in occ and near not in covered:
                            room += 1
                            if city and beside_town(pieces, near):
                                room += city
                if best is None or room > best[0]:
                    best = (room, cell)
        return best[1] if best else None

    def outcomes(self, pos: Pos, act, actor: str | None = None,
                 reactions: bool = True) -> list:
        """[(probability, child)] of one action by `actor` (default: the dragon to play;
        its cost is paid by the caller); `reactions`: opponents' cancels are expected."""
        me = actor or self.me
        kind = act[0]
        child = pos.child()
        if kind == "move":
            child.move_dragon(me, act[1])
        elif kind == "claim":
            k, size, _ = pos.pieces[act[1]]
            child.set_piece(act[1], (k, size, me))
        elif kind == "claim2":
            holders = self.holders(pos)  # the place that claims two is spent (R36)
            child.powers_used = pos.powers_used | {k for k in PAIRS if holders.get(k) == me}
            for tl in act[1:]:
                k, size, _ = pos.pieces[tl]
                child.set_piece(tl, (k, size, me))
        elif kind == "take":
            if reactions and cancelled(pos, me, "take", act[1]):
                return [(1.0, child)]
            k, size, _ = pos.pieces[act[1]]
            child.set_piece(act[1], (k, size, me))
        elif kind == "destroy":
            if reactions and cancelled(pos, me, "destroy", act[1]):
                return [(1.0, child)]
            mod = hostile_destroy_mod(pos, me) + own_mod(pos, me, "destroy")
            out = destroy_outcomes(pos, me, act[1], mod)
            for _p, c in out:
                spend_mods(pos, c, me, "destroy")
            return out
        elif kind in ("steal_cavern", "steal_chest", "steal_for_thief"):
            victim = act[1] if len(act) > 1 else "chest"
            d_me, d_v, d_chest = steal_outcome(pos, me, victim, own_mod(pos, me, "steal"),
                                               for_thief=kind == "steal_for_thief")
            child.add_coins(me, d_me)
            if victim == "chest":
                child.add_coins("chest", d_v)
            else:
                child.add_coins(victim, d_v)
                child.add_coins("chest", d_chest)
            spend_mods(pos, child, me, "steal")
        elif kind == "attack":
            d = act[1]
            if reactions and cancelled(pos, me, "attack", target=d):
                return [(1.0, child)]
            win = attack_win(own_mod(pos, me, "attack"), own_mod(pos, d, "defend"))
            won = min(model.STAKE, pos.coins[d])
            lost = min(model.STAKE, pos.coins[me])
            child.add_coins(me, win * won - (1 - win) * lost)
            child.add_coins(d, (1 - win) * lost - win * won)
            spend_mods(pos, child, me, "attack")
        elif kind == "abandon":
            tl = act[1]
            if tl in pos.pieces and pos.pieces[tl][2] == me:
                k, size, _ = pos.pieces[tl]
                child.set_piece(tl, (k, size, None))
            elif pos.gambles.get(tl) == me:
                child.gambles = {c: o for c, o in pos.gambles.items() if c != tl}
                child.rings = {**pos.rings, me: pos.rings[me] + 1}
        elif kind == "gamble":
            child.gambles = {**pos.gambles, act[1]: me}
            child.rings = {**pos.rings, me: pos.rings[me] - 1}
        elif kind in MODELLED:  # a registered action: its module's model hook
            out = MODELLED[kind].model(pos, child, me, thaw(act[1]), TOOLS)
            if out is not None:
                return out
        return [(1.0, child)]

    def value(self, pos: Pos, k: int) -> float:
        """Best value with `k` actions left. Values are memoized net of the coins (the
        value is linear in them), so move orders that meet in one position share it."""
        coins = self.ev.coin_part(pos)
        key = (pos.at[self.me], k, pos.rings[self.me], pos.powers_used,
               self._changed_key(pos) if pos.changed else None,
               None if pos.gambles is self.root.gambles else frozenset(pos.gambles.items()))
        found = self._memo.get(key)
        if found is not None:
            return coins + found
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if self.deadline is not None and self.nodes % 64 == 0 and \
                time.perf_counter() > self.deadline:
            raise OutOfBudget
        best = self.ev.value(pos)
        if k > 0:
            # a move of its own dragon changes only where it stands (outcomes, move_dragon):
            # its child's key is this key at the landing, so a known child is read from
            # the memo without being built (same value: coins are the parent's)
            mine = pos.me == self.me
            for act in self.candidates(pos, k):
                cost = COST[act[0]]
                if cost > k:
                    continue
                v = 0.0
                if mine and act[0] == "move":
                    found = self._memo.get((act[1], k - 1) + key[2:])
                    if found is not None:
                        v += 1.0 * (coins + found)
                        if v > best:
                            best = v
                        continue
                elif mine and act[0] == "destroy" and pos.pieces[act[1]][2] != self.me:
                    v = self._destroy_value(pos, act[1], k - cost, key)
                    if v > best:
                        best = v
                    continue
                for prob, child in self.outcomes(pos, act):
                    v += prob * self.value(child, k - cost)
                if v > best:
                    best = v
        self._memo[key] = best - coins
        return best

    def _destroy_value(self, pos: Pos, tl, k: int, key: tuple) -> float:
        """sum(prob * value(child, k)) over outcomes(pos, ("destroy", tl)), in the same
        order and arithmetic, but a row whose position the memo knows is read from its
        key without being built: most rows (nothing, a revolt, the same piece lost by
        another target's roll) meet a known position. A row's key is this position's
        key with its piece (model.destroy_effects) and the own modifiers it spends."""
        me = self.me
        v = 0.0
        if cancelled(pos, me, "destroy", tl):
            for prob, child in self.outcomes(pos, ("destroy", tl)):
                v += prob * self.value(child, k)
            return v
        mod = hostile_destroy_mod(pos, me) + own_mod(pos, me, "destroy")
        spent = pos.powers_used  # as spend_mods marks them on each child
        for place, (purpose, _v) in OWN_ROLL_POWERS.items():
            if purpose == "destroy" and pos.ready(me, place):
                spent = spent | {place}
        for effect in destroy_effects(pos, me, tl, mod):
            prob, piece, gain, treasure = effect
            if piece is KEEP:
                changed = key[4]
            else:  # the child's _changed_key: this position's, with the piece at tl
                changed = frozenset([(t, pos.pieces.get(t)) for t in pos.changed if t != tl]
                                    + [(tl, piece)])
            found = self._memo.get((key[0], k, key[2], spent, changed, key[5]))
            if found is not None:  # value(child) on a memo hit: its coin part + found
                coins, gold = pos.coins, pos.treasure
                if gain:  # as Pos.add_coins
                    coins = {**coins, me: max(0.0, coins[me] + gain)}
                if treasure:
                    gold = {**gold, me: gold[me] + treasure}
                v += prob * (self.ev.coin_part(cast(Pos, _Coins(coins, gold))) + found)
                continue
            child = destroy_child(pos, me, tl, effect)
            spend_mods(pos, child, me, "destroy")
            v += prob * self.value(child, k)
        return v

    def _changed_key(self, pos: Pos) -> frozenset:
        """The pieces that differ from the root's, as a memo key: built once per
        (changed, pieces) pair, which every child of a position shares."""
        changed, pieces = pos.changed, pos.pieces
        key = (id(changed), id(pieces))
        found = self._changed.get(key)
        if found is None or found[0] is not changed or found[1] is not pieces:
            found = (changed, pieces, frozenset((tl, pieces.get(tl)) for tl in changed))
            if len(self._changed) > 4096:
                self._changed.clear()
            self._changed[key] = found
        return found[2]

    def score(self, pos: Pos, act, k: int) -> float:
        """The value of playing `act` now with `k` actions left (including it)."""
        if act[0] == "end":
            self.nodes += 1
            return self.ev.value(pos)
        if act[0] == "power":
            child, extra = apply_power(pos, self.me, thaw(act[2]))
            return self.value(child, k + extra)
        if act[0] == "card":
            child, extra, spent = apply_card(pos, self.me, thaw(act[2]))
            return self.value(child, k + extra - spent)
        cost = COST[act[0]]
        return sum(prob * self.value(child, k - cost) for prob, child in self.outcomes(pos, act))


def thaw(frozen) -> dict:
    return {key: (list(v) if isinstance(v, tuple) else v) for key, v in frozen}
