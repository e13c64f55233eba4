"""The look past the turn with rolls carried as expectations (issue 36, for Hard).

Master's look (game.ai.master.Lookahead) draws each roll, a few samples a line; a
round in which one roll can pay 20 coins makes those samples noisy. This look plays the
same lines with every roll's outcomes kept with their probabilities instead: a line is
a distribution over positions (at most `beam` of them, the likeliest, renormalized),
so it has no sampling noise and needs no seed.

1. its own turn to the end from the first action, each next action the best by the
   turn search's own values;
2. the replies (`who`): "lead", only the opponent its value weighs most (the strongest);
   "all", every opponent in turn order -- each a whole turn by a small Normal-like
   search (no card assumed), on every position of the distribution;
3. each position valued by the decision's evaluator; the line scores the mean.
"""

from __future__ import annotations

from typing import Any

from game.ai.master import Lookahead, best_next, rebase, replies_order
from game.ai.model import Pos
from game.ai.search import COST, OutOfBudget, TurnSearch
from game.tables import ACTIONS_PER_TURN

Dist = list[tuple[float, Pos]]


def _cap(dist: list, beam: int) -> list:
    """The `beam` likeliest entries ((probability, ...) tuples), renormalized, in
    their order."""
    if len(dist) <= beam:
        return dist
    kept = sorted(sorted(range(len(dist)), key=lambda i: (-dist[i][0], i))[:beam])
    total = sum(dist[i][0] for i in kept)
    return [(dist[i][0] / total, *dist[i][1:]) for i in kept]


def play_turn(search: TurnSearch, dist: Dist, k: int, beam: int, first=None) -> Dist:
    """Every position of `dist` played to the end of its turn by `search`'s values,
    outcomes kept with their probabilities (at most `beam` positions)."""
    live = [(p, pos, k) for p, pos in dist]
    if first is not None:
        cost = COST[first[0]]
        live = [(p * q, c, kk - cost) for p, pos, kk in live
                for q, c in search.outcomes(pos, first)]
    done: Dist = []
    while live:
        step: list[tuple[float, Pos, int]] = []
        for p, pos, kk in live:
            best = best_next(search, pos, kk) if kk > 0 else None
            if best is None:
                done.append((p, pos))
            else:
                cost = COST[best[0]]
                step.extend((p * q, c, kk - cost) for q, c in search.outcomes(pos, best))
        live = _cap(step, beam)
    return _cap(done, beam)


class ExpectedLook(Lookahead):
    """Scores Hard's best first actions by play past the turn, in expectation (the
    node budget and deadline as Master's Lookahead)."""

    def __init__(self, search: TurnSearch, params: dict, cfg: dict[str, Any], seed: int,
                 deadline: float | None):
        super().__init__(search, params, cfg, seed, deadline)
        self.beam = int(cfg.get("beam", 4))

    def repliers(self, pos: Pos) -> list[str]:
        order = replies_order(pos)
        if self.cfg.get("who", "lead") == "all":
            return order
        w = self.search.ev.w
        return [max(order, key=lambda d: (w.get(d, 0.0), -order.index(d)))] if order else []

    def score(self, pos: Pos, act, k: int, line: int) -> float:
        me = pos.me
        dist = play_turn(self.search, [(1.0, pos)], k, self.beam, first=act)
        for d in self.repliers(pos):
            after: Dist = []
            for p, end in dist:
                root = rebase(end, d)
                root.turn, root.phase = d, "action"
                root.actions = ACTIONS_PER_TURN
                reply = self.reply_search(root)
                try:
                    out = play_turn(reply, [(1.0, root)], ACTIONS_PER_TURN, self.beam)
                except OutOfBudget:
                    out = [(1.0, root)]  # a reply too big for its budget: it stands still
                self._spend(reply.nodes)
                after.extend((p * q, c) for q, c in out)
            dist = _cap(after, self.beam)
        return sum(p * self.leaf_value(pos_, me) for p, pos_ in dist)
