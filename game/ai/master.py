"""Master: Hard's turn search, then a look past its own turn (issue 36).

Hard ranks its first actions by its own turn alone. Master takes Hard's best few
(`lines`) and plays each out past the turn on the fast model (game.ai.model), several
times (`samples`) with the chance drawn from a generator seeded by the decision's seed:

1. its own turn to the end: each roll's result is drawn from its exact distribution,
   and the next action is the best by the turn search's values (already memoized);
2. the opponents' replies: every other dragon, in turn order from the one after it
   (the rest of this round, then the next round's turns before its own), plays a whole
   turn chosen by a small Normal-like search of its own (their hidden cards unknown,
   so none are assumed), or with `reply_own` one with Master's own value (Hard's),
   with its rolls drawn the same way;
3. the position after the replies is valued by Hard's value function.

A line scores the mean of its samples; Master plays the best line's first action. It
reads only the seat view (the Pos the model built from it), and spends a budget of
search nodes, not seconds, so the same view, seed and budget give the same answer; in
the window a time limit may stop it, and Hard's choice stands.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.ai.model import Pos
from game.ai.search import COST, OutOfBudget, TurnSearch, apply_card, apply_power, thaw
from game.tables import ACTIONS_PER_TURN

# The opponents' own search: Normal's value, a narrower width, a small node budget.
REPLY_WIDTH, REPLY_DEEP = 3, 2


def rebase(pos: Pos, me: str) -> Pos:
    """A copy of `pos` as a fresh root for `me`: the evaluator and the search diff
    positions against their root's lineage, so a new root needs a new lineage."""
    new = pos.child()
    new.me = me
    new.lineage = object()
    new.changed = frozenset()
    new.moved = frozenset()
    new.free_key = object()
    new.gambles = dict(pos.gambles)
    if me != pos.me:
        new.card = None  # an opponent's card is hidden from the seat
    return new


def _draw(rng: random.Random, outcomes: list) -> Pos:
    """One outcome of an action, drawn by its probability."""
    if len(outcomes) == 1:
        return outcomes[0][1]
    x = rng.random()
    for p, child in outcomes:
        x -= p
        if x <= 0:
            return child
    return outcomes[-1][1]


def best_next(search: TurnSearch, pos: Pos, k: int):
    """The action the turn search's own values rank best from `pos` with `k` actions
    left (its transposition table already holds them), or None when stopping is best."""
    best, best_v = None, search.ev.value(pos)
    for act in search.candidates(pos, k):
        cost = COST[act[0]]
        if cost > k:
            continue
        v = sum(q * search.value(c, k - cost) for q, c in search.outcomes(pos, act))
        if v > best_v + 1e-9:
            best, best_v = act, v
    return best

def _play_turn(search: TurnSearch, pos: Pos, k: int, rng: random.Random,
               first=None) -> Pos:
    """Play a turn to its end by `search`'s values, rolls drawn by `rng`."""
    if first is not None:
        cost = COST[first[0]]
        pos = _draw(rng, search.outcomes(pos, first))
        k -= cost
    while k > 0:
        best = best_next(search, pos, k)
        if best is None:
            break
        pos = _draw(rng, search.outcomes(pos, best))
        k -= COST[best[0]]
    return pos


def replies_order(pos: Pos) -> list[str]:
    """Every opponent once, in turn order from the dragon after `pos.me`."""
    order = [d for d in pos.order if d in pos.names] or list(pos.names)
    if pos.me not in order:
        return [d for d in order if d != pos.me]
    i = order.index(pos.me)
    return [d for d in order[i + 1:] + order[:i] if d != pos.me]


class Lookahead:
    """Scores Hard's best first actions by play past the turn (see the module doc)."""

    def __init__(self, search: TurnSearch, params: dict, cfg: dict[str, Any], seed: int,
                 deadline: float | None):
        self.search, self.params, self.cfg = search, params, cfg
        self.seed, self.deadline = seed, deadline
        self.nodes = 0

    def _spend(self, n: int) -> None:
        self.nodes += n
        if self.nodes > self.cfg["reply_nodes"]:
            raise OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfBudget

    def score(self, pos: Pos, act, k: int, line: int) -> float:
        total = 0.0
        n = self.cfg["samples"]
        for s in range(n):
            # the same draws for every line (common random numbers): lines differ by
            # their play, not by their luck
            rng = random.Random(self.seed * 7_919 + s)
            total += self._sample(pos, act, k, rng)
        return total / n

    def _sample(self, pos: Pos, act, k: int, rng: random.Random) -> float:
        me = pos.me
        end = _play_turn(self.search, pos, k, rng, first=act)
        for d in replies_order(pos):
            root = rebase(end, d)
            root.turn, root.phase = d, "action"
            root.actions = ACTIONS_PER_TURN
            reply = self.reply_search(root)
            try:
                end = _play_turn(reply, root, ACTIONS_PER_TURN, rng)
            except OutOfBudget:
                end = root  # a reply too big for its budget: the dragon stands still
            self._spend(reply.nodes)
        return self.leaf_value(end, me)

    def reply_search(self, root: Pos) -> TurnSearch:
        """The search an opponent's reply turn is played by: Normal's value, or with
        `reply_own` Master's own (Hard's: the opponents modelled as playing like it)."""
        return TurnSearch(root, self.params if self.cfg.get("reply_own") else {},
                          width=REPLY_WIDTH, deep_width=REPLY_DEEP,
                          budget=self.cfg["reply_budget"])

    def leaf_value(self, end: Pos, me: str) -> float:
        """The value of a line's end for `me`. By default one evaluator (the search's,
        from the decision's root) values every line's end alike: it reads a position of
        another lineage in full, but its threats (who can reach a claim, who is still
        to act) are the root's. With `leaf` set, the end is valued as the start of my
        next turn -- the opponents where the replies left them, those after me still to
        act -- on the root's scale (horizon, weights), so the lines stay comparable."""
        mine = rebase(end, me)
        ev = self.search.ev
        if not self.cfg.get("leaf"):
            return ev.value(mine)
        mine.turn, mine.phase, mine.actions = me, "action", ACTIONS_PER_TURN
        return type(ev)(mine, ev.p, frame=ev).value(mine)


def choose_line(ctx, search: TurnSearch, pos: Pos, k: int, scored: list) -> Any:
    """The answer Master plays: of Hard's best `lines` first actions (scored: [(value,
    answer, action)] by the turn search), the one whose play past the turn is worth
    most; Hard's best if the look runs out of budget or time before the first line."""
    cfg = ctx.cfg["replies"]
    ranked = sorted(scored, key=lambda x: -x[0])[:cfg["lines"]]
    if len(ranked) < 2:
        return ranked[0][1] if ranked else None
    kind: type[Lookahead] = Lookahead
    if cfg.get("expect"):  # rolls carried as expectations (game.ai.expect)
        from game.ai.expect import ExpectedLook  # noqa: PLC0415 (it imports this module)
        kind = ExpectedLook
    look = kind(search, ctx.cfg["params"], cfg, ctx.seed, ctx.deadline)
    search.budget = search.nodes + cfg["own_nodes"]  # the turns' play-outs reuse its memo
    best, best_v = ranked[0][1], None
    for i, (_v, a, t) in enumerate(ranked):
        margin = 0.0 if i == 0 else cfg["switch"]  # Hard's choice unless clearly beaten
        if t[0] in ("end", "power", "card") or COST.get(t[0], 1) > k:
            v = _score_other(search, ctx, pos, t, k, look, i)
        else:
            try:
                v = look.score(pos, t, k, i)
            except OutOfBudget:
                break
        if v is None:
            break
        if best_v is None:
            best, best_v = a, v
        elif v > best_v + margin:
            best, best_v = a, v - margin
    return best


def _score_other(search, ctx, pos, t, k, look: Lookahead, line: int) -> float | None:
    """Ending the turn (or a free power/card, applied first) scored the same way."""
    try:
        if t[0] == "end":
            return look.score(pos, None, 0, line)
        if t[0] == "power":
            child, extra = apply_power(pos, search.me, thaw(t[2]))
            return look.score(child, None, k + extra, line)
        child, extra, spent = apply_card(pos, search.me, thaw(t[2]))
        return look.score(child, None, k + extra - spent, line)
    except OutOfBudget:
        return None
