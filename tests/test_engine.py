"""The one door: legal answers, refusals, determinism and snapshots."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.decisions import IllegalAnswer
from game.match import Match, SetupError
from game.players import RandomPlayer
from game.snapshot import StateError
from game.systems.actions import legal_actions, why_not
from tests.helpers import scenario, state_doc


def _key(answers):
    return sorted(json.dumps(a, sort_keys=True) for a in answers)


def _play(match, player, decisions):
    for _ in range(decisions):
        if match.finished:
            break
        match.submit(player.choose(match))


@pytest.mark.parametrize("seed", range(12))
def test_fast_legal_answers_equal_the_checked_candidates(seed):
    m = Match([None] * (2 + seed % 7), seed=seed, options={"round_cap": 6})
    player = RandomPlayer(seed)
    while not m.finished:
        if m.pending.kind == "action":
            name = m.pending.dragon
            assert _key(m.legal_answers()) == _key(legal_actions(m, name, fast=False))
        m.submit(player.choose(m))


CELL = st.lists(st.integers(-2, 21), min_size=2, max_size=2)
ANSWER = st.one_of(
    st.builds(lambda d, c: {"do": d, "at": c},
              st.sampled_from(["claim", "claim_settlement", "destroy", "abandon", "gamble"]), CELL),
    st.builds(lambda c: {"do": "move", "to": c}, CELL),
    st.builds(lambda a, b: {"do": "claim", "at": a, "also": b}, CELL, CELL),
    st.builds(lambda d, n: {"do": d, "dragon": n},
              st.sampled_from(["attack", "steal_cavern", "steal_for_thief"]),
              st.sampled_from(["red", "blue", "gold", "undead", "nobody"])),
    st.just({"do": "steal_chest"}), st.just({"do": "end_turn"}),
    # turn powers of places of power (R37)
    st.builds(lambda p, c: {"power": p, "to": c},
              st.sampled_from(["baba_yagas_hut", "darkheart_cottage"]), CELL),
    st.builds(lambda n, c: {"power": "madhouse", "dragon": n, "to": c},
              st.sampled_from(["red", "blue", "gold", "undead"]), CELL),
    st.builds(lambda n: {"power": "tower_of_faces", "dragon": n},
              st.sampled_from(["red", "blue", "gold", "undead", "nobody"])),
    st.builds(lambda c: {"power": "tower_of_unquenched_flame", "at": c}, CELL),
    st.just({"power": "angelstar_shrine"}), st.just({"power": "soul_mine"}),
)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 40), steps=st.integers(0, 60), answer=ANSWER)
def test_an_answer_is_accepted_exactly_when_it_is_legal(seed, steps, answer):
    m = Match(["red", "blue", "gold", "undead"], seed=seed, options={"round_cap": 3})
    _play(m, RandomPlayer(seed), steps)
    if m.finished or m.pending.kind != "action":
        return
    legal = _key(m.legal_answers())
    before = m.snapshot()
    try:
        m.submit(answer)
        accepted = True
    except IllegalAnswer as exc:
        accepted = False
        assert str(exc), "a refusal must say why"
        assert m.snapshot() == before, "an illegal answer changed the game"
    assert accepted == (json.dumps(_anchored(m, answer), sort_keys=True) in legal)


def _anchored(m: Match, answer: dict) -> dict:
    """The answer with any cell of a 2x2 place written as the place's top-left cell (R4),
    the form the legal answers use; the engine takes either."""
    at = answer.get("at")
    if "do" not in answer or not isinstance(at, list):
        return answer
    for p in m.snapshot()["places"]:
        c, r = p["at"]
        if c <= at[0] <= c + 1 and r <= at[1] <= r + 1:
            return {**answer, "at": [c, r]}
    return answer


@pytest.mark.parametrize("answer", [
    {"do": "fly"}, {"do": "move"}, {"do": "move", "to": "x"}, {"do": "move", "to": [1]},
    {"do": "claim", "at": [True, 2]}, {"do": "attack"}, {"do": "steal_cavern", "dragon": 3},
    {}, {"choose": "soul_mine"},
])
def test_malformed_answers_are_refused_with_a_reason(answer):
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(9, 9))})
    with pytest.raises(IllegalAnswer) as err:
        m.submit(answer)
    assert len(str(err.value)) > 5


def test_refusal_names_dragon_and_target():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12))},
                 settlements=[("town", (10, 10), None)])
    with pytest.raises(IllegalAnswer, match="Red is not adjacent to the town at"):
        m.submit({"do": "claim", "at": [10, 10]})
    assert why_not(m, "red", {"do": "claim", "at": [10, 10]}).startswith("Red is not adjacent")


def test_answer_that_is_not_an_object_is_refused():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(12, 12))})
    with pytest.raises(IllegalAnswer):
        m.submit("end_turn")


def test_same_seed_same_game_different_seed_different_game():
    def transcript(seed):
        m = Match([None] * 4, seed=seed, options={"round_cap": 10})
        _play(m, RandomPlayer(seed), 10_000)
        return m.events

    assert transcript(3) == transcript(3)
    assert transcript(3) != transcript(4)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_restore_continues_identically_rng_included(seed):
    m = Match([None] * 5, seed=seed, options={"round_cap": 12})
    player = RandomPlayer(seed)
    _play(m, player, 40)
    doc = json.loads(json.dumps(m.snapshot()))  # through real JSON
    twin = Match.restore(doc)
    twin_player = RandomPlayer(0)
    twin_player.rng.setstate(player.rng.getstate())
    start = len(m.events)
    _play(m, player, 10_000)
    _play(twin, twin_player, 10_000)
    assert twin.events == m.events[start:]
    assert twin.snapshot() == m.snapshot()


def test_snapshot_at_every_kind_of_decision_restores():
    seen = set()
    for seed in range(60):
        m = Match([None] * 6, seed=seed, options={"round_cap": 6})
        player = RandomPlayer(seed)
        while not m.finished:
            kind = m.pending.kind
            if kind not in seen:
                seen.add(kind)
                assert Match.restore(m.snapshot()).snapshot() == m.snapshot()
            m.submit(player.choose(m))
    assert seen == {"action", "choose_place", "lose_claim", "modify", "react"}


def test_two_matches_live_side_by_side_in_separate_worlds():
    a = Match(["red", "blue"], seed=1, options={"cards": False})
    b = Match(["gold", "green"], seed=2, options={"cards": False})
    assert a.pending.dragon in ("red", "blue")
    assert b.pending.dragon == "green"  # Narby first in round 1
    a.submit({"do": "end_turn"})
    assert set(b.snapshot()["dragons"]) == {"gold", "green"}
    assert a.world != b.world


def test_hand_written_state_document_is_a_valid_start():
    doc = state_doc({"red": dict(at=(5, 5), coins=4), "blue": dict(at=(9, 9))})
    m = Match.restore(doc)
    assert m.pending.dragon == "red" and m.actions_left == 3
    m.submit({"do": "end_turn"})
    assert m.pending.dragon == "blue"


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="x"), "not a state document"),
    (lambda d: d["dragons"]["red"].update(coins=-1), "red coins"),
    (lambda d: d["dragons"]["red"].update(at=[19, 19]), "off the 20x20 board"),
    (lambda d: d["dragons"]["blue"].update(at=[6, 6]), "share the cell"),
    (lambda d: d["settlements"].append({"kind": "village", "at": [1, 1], "claim": None}),
     "unknown settlement kind"),
    (lambda d: d["gambles"].append({"at": [1, 1], "owner": "white"}), "not in this game"),
    (lambda d: d.update(phase="tribute"), "must be taken at an action decision"),
    (lambda d: d.pop("dragons"), "malformed"),
])
def test_bad_state_documents_are_refused_clearly(mutate, message):
    doc = state_doc({"red": dict(at=(5, 5)), "blue": dict(at=(9, 9))})
    mutate(doc)
    with pytest.raises(StateError, match=message):
        Match.restore(doc)


@pytest.mark.parametrize("seats, options, message", [
    (["red"], {}, "2 to 8 dragons"),
    ([None] * 9, {}, "2 to 8 dragons"),
    (["red", "red"], {}, "only one seat"),
    (["red", "puce"], {}, "unknown dragon"),
    (["red", "blue"], {"target": 0}, "target"),
    (["red", "blue"], {"cards": "yes"}, "cards must be true or false"),
    (["red", "blue"], {"colour": 1}, "unknown option"),
])
def test_bad_setup_is_refused(seats, options, message):
    with pytest.raises(SetupError, match=message):
        Match(seats, options=options)



def test_any_cell_of_a_place_is_the_place_as_its_top_left_names_it():
    """R4 names a 2x2 place by its top-left cell, and the legal answers do; an answer
    naming another of its cells means the same place (a player clicking any part of it,
    tests/test_actions.py) and has the same effect. Found by the hypothesis test above,
    which now compares answers by the piece they name."""
    m = Match(["red", "blue", "gold", "undead"], seed=1, options={"round_cap": 3})
    _play(m, RandomPlayer(1), 33)
    assert m.pending.dragon == "red" and {"do": "claim", "at": [12, 16]} in m.legal_answers()
    results = []
    for cell in ([12, 16], [13, 16], [12, 17], [13, 17]):
        copy = Match.restore(m.snapshot(), board=m.board)
        copy.submit({"do": "claim", "at": cell})
        doc = copy.snapshot()
        results.append(([p["claim"] for p in doc["places"]], doc["dragons"]["red"]))
    assert results[0][0].count("red") == 1 and all(r == results[0] for r in results)
