"""Hard's opponent modelling: what the opponents still to act this round will do.

The turn search (game.ai.search) values the end of the dragon's own turn. Hard then
takes its few best first actions, follows each one's principal line to the end of the
turn, and lets the opponents who act before this round's tribute (R16: after it in the
turn order) play their turns on that position, each with a small Normal-style search
of its own in the model. The candidates are ranked again by the position after those
replies: a claim an opponent will take back, a cavern it will rob, a target it will
grab first, now show in the value instead of being guessed.

Opponents' rolls are taken at their most likely result (a destroy) or their expected
coins (steals, attacks), and their hidden cards are ignored: they play only with what
the seat can see.
"""

from __future__ import annotations

from game.ai.evaluate import Evaluator
from game.ai.model import Pos, gap2
from game.ai.search import COST, OutOfBudget, TurnSearch, apply_card, apply_power, thaw

REPLY_WIDTH = (3, 2)   # an opponent's move widths (root, deeper)
REPLY_BUDGET = 600     # nodes per opponent decision
MAX_REPLIERS = 3       # the opponents nearest to the dragon's claims, cavern and itself


def _likely(outcomes):
    return max(outcomes, key=lambda t: t[0])[1]


def principal_leaf(search: TurnSearch, pos: Pos, act, k: int) -> Pos:
    """The end of the turn along `act`'s best line (most likely result at each roll)."""
    if act[0] == "end":
        return pos
    if act[0] == "power":
        child, extra = apply_power(pos, search.me, thaw(act[2]))
        k += extra
    elif act[0] == "card":
        child, extra, spent = apply_card(pos, search.me, thaw(act[2]))
        k += extra - spent
    else:
        child = _likely(search.outcomes(pos, act))
        k -= COST[act[0]]
    while k > 0:
        best, best_v = None, search.ev.value(child)
        for a in search.candidates(child, k):
            cost = COST[a[0]]
            if cost > k:
                continue
            v = sum(p * search.value(c, k - cost) for p, c in search.outcomes(child, a))
            if v > best_v:
                best, best_v = a, v
        if best is None:
            break
        child = _likely(search.outcomes(child, best))
        k -= COST[best[0]]
    return child


def repliers(ev: Evaluator, pos: Pos) -> list[str]:
    """Opponents still to act before this round's tribute, nearest first (at most
    MAX_REPLIERS), kept in turn order."""
    me = pos.me

    def reach(d):
        at = pos.at[d]
        spots = [(pos.at[me], 2)] + [(tl, pos.pieces[tl][1]) for tl in pos.claims[me]]
        cav = pos.cavern.get(me)
        if cav:
            spots.append(cav)
        return min(gap2(at, tl, size) for tl, size in spots)

    near = sorted(ev.to_act, key=lambda d: (reach(d), ev.to_act.index(d)))[:MAX_REPLIERS]
    return [d for d in ev.to_act if d in near and reach(d) <= 7]


def _sync(pos: Pos, name: str) -> None:
    """Put the dragon's occupancy marks where it stands (the search moves its own
    dragon by `at` alone, Pos.move_dragon)."""
    mark = "D:" + name
    occ = {c: v for c, v in pos.occ.items() if v != mark}
    c, r = pos.at[name]
    for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
        occ[cell] = mark
    pos.occ = occ
    pos.free_key = object()


def play_replies(leaf: Pos, me: str, who: list[str], deadline=None) -> Pos:
    """The position after each opponent in `who` plays its turn (greedy in decisions,
    a small search each) on `leaf`."""
    pos = leaf.child()
    _sync(pos, me)
    for d in who:
        sim = pos.child()
        sim.me, sim.card = d, None  # it plays with what this seat can see of it
        search = TurnSearch(sim, None, width=REPLY_WIDTH[0], deep_width=REPLY_WIDTH[1],
                            budget=REPLY_BUDGET, deadline=deadline)
        k = 3
        while k > 0:
            best, best_v = None, search.ev.value(sim)
            for a in search.candidates(sim, k, root=True):
                cost = COST[a[0]]
                if cost > k or a[0] == "destroy":
                    continue
                v = search.score(sim, a, k)
                if v > best_v:
                    best, best_v = a, v
            if best is None:
                break
            sim = _likely(search.outcomes(sim, best))
            k -= COST[best[0]]
            search.budget += REPLY_BUDGET
        if sim.at[d] != pos.at[d]:
            sim.moved = sim.moved | {d}
            _sync(sim, d)
        sim.me, sim.card = me, leaf.card
        pos = sim
    return pos


def rerank(search: TurnSearch, pos: Pos, k: int, scored: list, top: int, deadline=None):
    """`scored` is [(value, answer, action)] from the turn search; returns the answer
    whose line is worth most once the opponents still to act have replied. On running
    out of time or budget, the turn search's best stands."""
    if len(scored) < 2:
        return scored[0][1] if scored else None
    scored = sorted(scored, key=lambda t: -t[0])[:top]
    ev = search.ev
    who = repliers(ev, pos)
    if not who:
        return scored[0][1]
    after_ev = Evaluator(pos, ev.p)  # the same value, the repliers no longer to come
    after_ev.to_act = [d for d in ev.to_act if d not in who]
    best, best_v = scored[0][1], None
    try:
        for value, answer, act in scored:
            search.budget = search.nodes + 20000
            leaf = principal_leaf(search, pos, act, k)
            after = play_replies(leaf, pos.me, who, deadline)
            v = value - ev.value(leaf) + after_ev.value(after)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = answer, v
    except OutOfBudget:
        return scored[0][1]
    return best
