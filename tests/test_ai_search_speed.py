"""The AI search's speed-ups change no choice (docs/AI.md "Cost of a decision").

The search keeps what does not change within a decision (what stands next to a place,
the owners of the places, my claims' worths, memo keys) and reads a child from the memo
before building it (a known own move, a known Destroy row). These tests hold it equal,
value for value and node for node, to the plain expectimax that builds every child, and
the evaluator's kept values equal to a fresh evaluator's."""

from __future__ import annotations

import gc
import types

import pytest

from game.ai.decide import LEVEL_SETTINGS
from game.ai.evaluate import Evaluator
from game.ai.model import Pos, destroy_outcomes, from_view
from game.ai.search import COST, OutOfBudget, TurnSearch
from game.balance.gc_tuning import fewer_collections
from game.match import Match
from game.players import RandomPlayer
from game.seat_view import seat_view
from tests.test_random_games import crowded_start


def plain_value(self, pos: Pos, k: int) -> float:
    """TurnSearch.value as it was before the speed-ups: every child built by outcomes()."""
    coins = self.ev.coin_part(pos)
    key = (pos.at[self.me], k, pos.rings[self.me], pos.powers_used,
           frozenset((tl, pos.pieces.get(tl)) for tl in pos.changed) if pos.changed
           else None, None if pos.gambles is self.root.gambles else
           frozenset(pos.gambles.items()))
    found = self._memo.get(key)
    if found is not None:
        return coins + found
    self.nodes += 1
    if self.nodes > self.budget:
        raise OutOfBudget
    best = self.ev.value(pos)
    if k > 0:
        for act in self.candidates(pos, k):
            cost = COST[act[0]]
            if cost > k:
                continue
            v = 0.0
            for prob, child in self.outcomes(pos, act):
                v += prob * plain_value(self, child, k - cost)
            if v > best:
                best = v
    self._memo[key] = best - coins
    return best


def action_positions(m: Match, seed: int, count: int) -> list[tuple[Pos, int]]:
    """(Pos, actions left) at the next `count` action decisions of a randomly played
    game, read from the seat view as the AI reads it."""
    player = RandomPlayer(seed)
    out = []
    while not m.finished and len(out) < count:
        if m.pending.kind == "action":
            view = seat_view(m, m.pending.dragon)
            out.append((from_view(view, m.board), view.get("actions_left", 3)))
        m.submit(player.choose(m))
    return out


def scores(search: TurnSearch, pos: Pos, k: int) -> list:
    """Every root action's score in turn, and where the budget ran out."""
    out: list = []
    for act in [("end",), *search.candidates(pos, k, root=True)]:
        if COST.get(act[0], 0) > k:
            continue
        try:
            out.append((act, search.score(pos, act, k)))
        except OutOfBudget:
            out.append((act, "out of budget"))
            break
    return out


def games():
    yield crowded_start(3)
    m = Match([None] * 4, seed=11, options={"target": 40})
    for _ in range(60):  # into the middle game: claims, gambles, places held
        m.submit(RandomPlayer(5).choose(m))
    yield m


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_fast_search_scores_every_action_as_the_plain_one_node_for_node(level):
    params = LEVEL_SETTINGS[level]["params"]
    checked = destroys = 0
    for g, m in enumerate(games()):
        for pos, k in action_positions(m, seed=g, count=8):
            fast = TurnSearch(pos, params, budget=700)
            plain = TurnSearch(pos, params, budget=700)
            plain.value = types.MethodType(plain_value, plain)  # type: ignore[method-assign]
            fast_scores = scores(fast, pos, k)
            assert fast_scores == scores(plain, pos, k)
            assert fast.nodes == plain.nodes
            checked += len(fast_scores)
            destroys += sum(1 for act, _ in fast_scores if act[0] == "destroy")
    assert checked > 40 and destroys > 0


def test_the_evaluators_kept_values_equal_a_fresh_evaluators():
    params = LEVEL_SETTINGS["normal"]["params"]
    for pos, k in action_positions(crowded_start(4), seed=1, count=6):
        search = TurnSearch(pos, params, budget=400)
        seen: list[Pos] = []
        outcomes = search.outcomes

        def keep(p, act, *args, _outcomes=outcomes, _seen=seen, **kw):
            out = _outcomes(p, act, *args, **kw)
            _seen.extend(child for _, child in out)
            return out

        search.outcomes = keep  # type: ignore[method-assign]
        scores(search, pos, k)
        for child in seen[::7]:  # a fresh evaluator keeps nothing from other positions
            assert search.ev.value(child) == Evaluator(pos, params).value(child)
            assert search.ev.coin_part(child) == Evaluator(pos, params).coin_part(child)


def test_my_claim_turned_to_ruin_is_valued_afresh():
    # a ruined claim keeps its owner, so the claims set is the very same object
    m = crowded_start(1)
    pos = from_view(seat_view(m, m.pending.dragon), m.board)
    me = pos.me
    tl = next(t for t in pos.claims[me] if pos.pieces[t][0] == "town")
    child = pos.child()
    child.set_piece(tl, ("ruin", 1, me))
    assert child.claims[me] is pos.claims[me]
    ev = Evaluator(pos, LEVEL_SETTINGS["normal"]["params"])
    assert ev.value(pos) != ev.value(child)  # the town's worth is not read for the ruin
    assert ev.value(child) == Evaluator(pos, LEVEL_SETTINGS["normal"]["params"]).value(child)


def test_a_place_changing_hands_is_seen_by_the_child_not_the_parent():
    m = crowded_start(1)
    pos = from_view(seat_view(m, m.pending.dragon), m.board)
    tl = pos.place_at("arch_of_triumph")
    assert pos.holds("red", "arch_of_triumph")
    child = pos.child()
    child.set_piece(tl, ("arch_of_triumph", 2, "blue"))
    assert child.holds("blue", "arch_of_triumph") and not child.holds("red", "arch_of_triumph")
    assert pos.holds("red", "arch_of_triumph")  # the parent's pieces are its own


def test_destroy_rows_build_the_children_they_always_built():
    m = crowded_start(2)
    pos = from_view(seat_view(m, m.pending.dragon), m.board)
    me = pos.me
    for tl, (kind, _size, owner) in pos.pieces.items():
        if owner == me:
            continue
        for prob, child in destroy_outcomes(pos, me, tl):
            assert 0 < prob <= 1
            after = child.pieces.get(tl)
            assert after is None or after[0] in (kind, "ruin")
            assert child.coins[me] >= 0 and child.treasure[me] >= pos.treasure[me]
        assert pos.pieces[tl] == (kind, _size, owner)  # the parent is never changed


def test_fewer_collections_restores_the_thresholds_even_after_an_error():
    before = gc.get_threshold()
    with fewer_collections(50_000):
        assert gc.get_threshold()[0] == max(50_000, before[0])
        assert gc.get_threshold()[1:] == before[1:]
    assert gc.get_threshold() == before
    with pytest.raises(ValueError), fewer_collections():
        raise ValueError("a game that fails")
    assert gc.get_threshold() == before
