"""The runs an action listing records (game.answer_list) are where answer_kind puts each
answer, and RandomPlayer.choose, which reads them, draws exactly as pick, which groups
the answers itself."""

import random

from game.answer_list import Answers
from game.decisions import answer_kind
from game.match import Match
from game.players import RandomPlayer
from game.tables import CARDS
from tests.test_random_games import crowded_start


def grouped(legal) -> dict[str, tuple[int, int]]:
    """{kind: (start, stop)} from answer_kind, failing if a kind is not one run."""
    runs: dict[str, tuple[int, int]] = {}
    for i, answer in enumerate(legal):
        kind = answer_kind(answer)
        if kind in runs:
            assert runs[kind][1] == i, (kind, legal)  # the run goes on here, unbroken
            runs[kind] = (runs[kind][0], i + 1)
        else:
            runs[kind] = (i, i + 1)
    return runs


def check_runs(m: Match) -> None:
    legal = m.legal_answers()
    if m.stack[-1]["step"] == "action":
        assert isinstance(legal, Answers)
        assert legal.runs == grouped(legal)
    for seed in (7, 9):  # the same answer, and the generators left in step
        a, b = RandomPlayer(seed), RandomPlayer(seed)
        assert a.choose(m) == b.pick(list(legal))
        assert a.rng.getstate() == b.rng.getstate()


def test_runs_match_answer_kinds_in_random_games():
    seen = 0
    for seed in range(12):
        m = Match([None] * (2 + seed % 7), seed=seed)
        player = RandomPlayer(seed)
        while not m.finished:
            check_runs(m)
            seen += 1
            m.submit(player.choose(m))
        m.close()
    assert seen > 2000


def test_runs_match_with_every_card_and_power_held():
    """Crowded boards where every place is held, each card tried in the acting hand
    (Copier with every card played, so its copies are listed)."""
    rng = random.Random(3)
    kinds_seen: set[str] = set()
    for seed in range(6):
        m = crowded_start(seed, tuple(CARDS[(seed + k * 7) % 20] for k in range(3)))
        player = RandomPlayer(seed)
        while not m.finished:
            if m.stack[-1]["step"] == "action":
                name = m.stack[-1]["dragon"]
                hand, played = m.hands[name], m.played
                for card in rng.sample(CARDS, 6) + ["copier"]:
                    m.hands[name] = card
                    m.played = list(CARDS) if card == "copier" else played
                    legal = m.legal_answers()
                    assert legal.runs == grouped(legal)
                    kinds_seen.update(legal.runs)
                m.hands[name], m.played = hand, played
            check_runs(m)
            m.submit(player.choose(m))
        m.close()
    assert any(k.startswith("power:") for k in kinds_seen)
    assert "play:copier" in kinds_seen and "end_turn" in kinds_seen
