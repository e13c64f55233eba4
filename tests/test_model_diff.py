"""Differential test of the AI's fast model (game.ai.model, game.ai.search) against the
engine, as OpenSpiel checks its Python games against the C++ ones.

Random positions come from seeded random games (power cards on, every dragon random).
At an action decision, every deterministic legal answer of a sample (moves, claims,
Citadel double claims, Claim Settlement, abandons, gambles, turn powers and turn cards,
none of which rolls a die) is applied twice: by the engine, on a restored copy of the
match (other dragons pass any cancel window: the model is asked without reactions), and
by the model, on the Pos it reads from the same seat view. The two resulting positions
must agree on everything the model keeps: dragons, coins, rings, pieces and their
claims, gamble rings, the chest, powers used, the card held and played, actions left.
"""

from __future__ import annotations

import random

import pytest

from game.ai.decide import CANCELS
from game.ai.model import from_view
from game.ai.search import COST, POWERS, TurnSearch, apply_card, apply_power, to_action
from game.decisions import answer_kind
from game.match import Match
from game.players import RandomPlayer
from game.seat_view import seat_view
from game.tables import (
    ACTION_COST,
    CANCEL_CARDS,
    CANCEL_POWERS,
    CARDS,
    DRAGONS,
    PLACES,
    RING_COUNT,
    TURN_POWERS,
)
from tests.helpers import scenario

DETERMINISTIC = {"move", "claim", "claim_settlement", "abandon", "gamble"}
GAMES = 12          # seeded random games ...
POSITIONS = 25      # ... and up to this many action decisions sampled from each
SCENARIOS = 240     # random crowded positions: places held, cards in hand, rings out
PER_POSITION = 8    # deterministic answers tried per position (every kind first)


def summary(pos, actions=None) -> dict:
    """What the model keeps of a position, in comparable form. The occupancy leaves out
    the searching dragon's own cells: the model reads only `at` for it (a shortcut the
    search relies on, game.ai.model.Pos.move_dragon)."""
    mine = "D:" + pos.me
    return {
        "occ": {c: v for c, v in pos.occ.items() if v != mine},
        "at": dict(pos.at), "coins": {n: float(c) for n, c in pos.coins.items()},
        "rings": dict(pos.rings), "pieces": dict(pos.pieces),
        "claims": {n: set(c) for n, c in pos.claims.items()}, "gambles": dict(pos.gambles),
        "chest": (pos.chest_at, float(pos.chest_coins)), "cavern": dict(pos.cavern),
        "powers_used": set(pos.powers_used), "card": pos.card,
        "played": sorted(pos.played),
        "actions": pos.actions if actions is None else actions,
    }


def engine_after(m: Match, me: str, answer: dict) -> Match:
    copy = Match.restore(m.snapshot(), board=m.board)
    copy.submit(answer)
    while (not copy.finished and copy.pending.dragon != me
           and copy.pending.kind == "react"):
        copy.submit({"pass": True})  # the model is asked without opponents' cancels
    return copy


def model_after(pos, me: str, answer: dict, search: TurnSearch):
    act = to_action(answer)
    assert act is not None, f"the model does not know {answer}"
    if act[0] == "power":
        child, extra = apply_power(pos, me, answer)
        return child, pos.actions + extra
    if act[0] == "card":
        child, extra, spent = apply_card(pos, me, answer)
        return child, pos.actions + extra - spent
    (prob, child), = search.outcomes(pos, act, me, reactions=False)
    assert prob == 1.0
    return child, pos.actions - COST[act[0]]


def deterministic(legal: list[dict]) -> list[dict]:
    return [a for a in legal
            if a.get("do") in DETERMINISTIC or ("do" not in a and ("power" in a or "play" in a))]


def sample(answers: list[dict], rng: random.Random) -> list[dict]:
    """Every kind once (rare ones are the interesting ones), then random others."""
    by_kind: dict[str, list[dict]] = {}
    for a in answers:
        by_kind.setdefault(answer_kind(a) + ("2" if "also" in a else ""), []).append(a)
    picked = [rng.choice(group) for _k, group in sorted(by_kind.items())]
    rest = [a for a in answers if a not in picked]
    rng.shuffle(rest)
    return (picked + rest)[:max(PER_POSITION, len(picked))]


def positions(seed: int):
    """(match, dragon) at sampled action decisions of one seeded random game."""
    m = Match([None, None, None, None], seed=seed, options={"round_cap": 10, "cards": True})
    player = RandomPlayer(seed)
    rng = random.Random(seed)
    found = 0
    while not m.finished and found < POSITIONS:
        p = m.pending
        if p.kind == "action" and rng.random() < 0.35:
            found += 1
            yield m, p.dragon
        m.submit(player.choose(m))


def random_scenario(seed: int) -> Match:
    """A random crowded position at the first dragon's action decision: 2-5 dragons
    (their caverns near them), settlements, places of power with random holders (most
    near the dragon to play, whose card is random), gamble rings, the chest, some powers
    already used this round."""
    rng = random.Random(seed)
    taken: set = set()

    def free(size: int, near=None, spread=6):
        for _ in range(400):
            if near is None:
                c, r = rng.randrange(0, 21 - size), rng.randrange(0, 21 - size)
            else:
                c = min(20 - size, max(0, near[0] + rng.randint(-spread, spread)))
                r = min(20 - size, max(0, near[1] + rng.randint(-spread, spread)))
            cells = {(c + dc, r + dr) for dc in range(size) for dr in range(size)}
            if not cells & taken:
                taken.update(cells)
                return (c, r)
        return None

    names = rng.sample(DRAGONS, rng.randint(2, 5))
    cards = rng.sample(CARDS, len(names) + 2)  # the hands, then two played
    dragons = {}
    for i, name in enumerate(names):
        at = free(2) if i else free(2, (rng.randint(4, 14), rng.randint(4, 14)), 0)
        cavern = None if name == "undead" else free(1, at, 3)
        dragons[name] = dict(at=at, cavern=cavern, coins=rng.choice([0, 1, 2, 3, 5, 9]),
                             rings=rng.randint(0, 7), card=cards[i])
    me_at = dragons[names[0]]["at"]
    settlements = []
    for _ in range(rng.randint(6, 16)):
        at = free(1, me_at, rng.choice([2, 3, 8]))
        if at:
            settlements.append((rng.choice(["town", "town", "city", "ruin"]), at,
                                rng.choice([None, None, *names])))
    places = []
    for kind in rng.sample(PLACES, rng.randint(3, 9)):
        at = free(2, me_at, rng.choice([3, 4, 10]))
        if at:
            places.append((kind, at, rng.choice([names[0], names[0], None, *names])))
    gambles = []
    for _ in range(rng.randint(0, 4)):
        at = free(1, me_at, 3)
        if at:
            gambles.append((at, rng.choice(names)))
    chest = free(1, me_at, 4)
    # R9: a dragon's rings on the board and in supply never exceed its count (a restore
    # refuses more, P45): extra claims are left unclaimed, extra gambles dropped
    out = dict.fromkeys(names, 0)

    def keep(owner) -> bool:
        if owner is None or out[owner] >= RING_COUNT[owner]:
            return False
        out[owner] += 1
        return True

    settlements = [(k, at, c if keep(c) else None) for k, at, c in settlements]
    places = [(k, at, c if keep(c) else None) for k, at, c in places]
    gambles = [(at, c) for at, c in gambles if keep(c)]
    for name in names:
        dragons[name]["rings"] = min(dragons[name]["rings"], RING_COUNT[name] - out[name])
    m = scenario(dragons, settlements=settlements, places=places, gambles=gambles,
                 chest=chest, chest_coins=rng.choice([0, 2, 4]),
                 actions_left=rng.choice([2, 3, 3]), played=cards[len(names):])
    for kind, _at, _c in places:
        if rng.random() < 0.15:
            m.powers_used.add(kind)
    return m


def check_position(m: Match, me: str, rng: random.Random) -> int:
    view = seat_view(m, me)
    pos = from_view(view, m.board, me)
    search = TurnSearch(pos, budget=10)
    left = m.actions_left
    checked = 0
    for answer in sample(deterministic(m.legal_answers()), rng):
        cost = ACTION_COST.get(answer.get("do"), 0)
        if answer.get("play") == "speedster" or answer.get("as") == "speedster":
            cost = 1
        if cost >= left:  # the turn would end: the engine moves on to the next dragon
            continue
        child, actions = model_after(pos, me, answer, search)
        after = engine_after(m, me, answer)
        try:
            got = summary(from_view(seat_view(after, me), after.board, me))
        finally:
            after.close()
        want = summary(child, actions)
        assert want == got, (f"model and engine disagree after {answer} "
                             f"(seed position of {me}): " + ", ".join(
                                 f"{k}: model {want[k]!r} engine {got[k]!r}"
                                 for k in want if want[k] != got[k]))
        checked += 1
    return checked


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_fast_model_agrees_with_the_engine(seed):
    rng = random.Random(1000 + seed)
    total = sum(check_position(m, me, rng) for m, me in positions(seed))
    assert total > 0


@pytest.mark.parametrize("block", range(SCENARIOS // 40))
def test_the_fast_model_agrees_with_the_engine_in_crowded_positions(block):
    total = 0
    for seed in range(block * 40, block * 40 + 40):
        m = random_scenario(seed)
        try:
            total += check_position(m, m.pending.dragon, random.Random(seed))
        finally:
            m.close()
    assert total > 0


def test_the_ai_tables_are_the_engines():
    """The AI's copies of the engine's tables are asserted equal (issue 19)."""
    assert set(POWERS) == set(TURN_POWERS)
    assert all(ACTION_COST[k] == v for k, v in COST.items() if k in ACTION_COST)
    assert set(CANCELS) == set(CANCEL_POWERS) | set(CANCEL_CARDS)
