"""Master (issue 36): Hard's search, then its best lines played past its own turn."""

from __future__ import annotations

import json

import pytest

from game import ai
from game.ai import decide, master
from game.ai.model import from_view
from game.cli import SEAT_KINDS
from game.cli import main as cli_main
from game.maps.commands import WINDOW_SEAT_KINDS
from game.net.client import BOT_KINDS
from game.net.host import AI_KINDS
from game.seat_view import seat_view
from game.session import PLAYER_KINDS
from tests.test_ai import BUDGET, _mid_game, ask


@pytest.fixture(scope="module")
def mid_game():
    m = _mid_game(seed=8, decisions=60)
    yield m
    m.close()


def test_master_is_a_level_everywhere_levels_are_listed():
    assert "master" in ai.LEVELS
    assert ai.node_budget("master") == ai.node_budget("hard")
    for kinds in (SEAT_KINDS, WINDOW_SEAT_KINDS, PLAYER_KINDS, BOT_KINDS, AI_KINDS):
        assert "master" in kinds
    from game.ui.scenes.new_game import KINDS  # noqa: PLC0415 (pygame: UI tests only)
    assert ("ai", "master") in KINDS


def test_master_looks_past_its_turn(monkeypatch, mid_game):
    calls = []
    original = master.Lookahead.score

    def spy(self, pos, act, k, line):
        calls.append(act)
        return original(self, pos, act, k, line)

    monkeypatch.setattr(master.Lookahead, "score", spy)
    answer = ask(mid_game, "master", seed=3)
    assert len(calls) >= 2  # several of Hard's first actions were played out
    assert answer in mid_game.legal_answers()


def test_without_budget_for_the_look_master_plays_hards_choice(monkeypatch, mid_game):
    view = seat_view(mid_game, mid_game.pending.dragon)
    cfg = {**decide.LEVEL_SETTINGS["master"]}
    cfg["replies"] = {**cfg["replies"], "reply_nodes": 0}
    monkeypatch.setitem(decide.LEVEL_SETTINGS, "master", cfg)
    assert ai.choose(view, "master", seed=4, budget=BUDGET) == ai.choose(
        view, "hard", seed=4, budget=BUDGET)


def test_replies_come_from_every_opponent_in_turn_order(mid_game):
    view = seat_view(mid_game, mid_game.pending.dragon)
    pos = from_view(view, mid_game.board)
    order = [d for d in pos.order if d in pos.names]
    got = master.replies_order(pos)
    assert sorted(got) == sorted(d for d in pos.names if d != pos.me)
    i = order.index(pos.me)
    assert got == [d for d in order[i + 1:] + order[:i]]


def test_a_play_out_leaves_the_view_position_untouched(mid_game):
    view = seat_view(mid_game, mid_game.pending.dragon)
    pos = from_view(view, mid_game.board)
    before = (dict(pos.at), dict(pos.coins), dict(pos.pieces), dict(pos.gambles))
    ai.choose(view, "master", seed=2, budget=BUDGET)
    other = master.rebase(pos, pos.names[0])
    assert other.lineage is not pos.lineage
    assert (dict(pos.at), dict(pos.coins), dict(pos.pieces), dict(pos.gambles)) == before


def test_a_headless_game_with_a_master_seat_replays_identically(capsys):
    args = ["--headless", "--seats", "master,easy", "--seed", "5", "--json",
            "--round-cap", "2"]
    assert cli_main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["players"] and cli_main(args) == 0
    assert json.loads(capsys.readouterr().out) == first


def test_a_leaf_can_be_valued_from_where_the_replies_left_the_opponents(monkeypatch, mid_game):
    """`leaf` (tried for issue 36, off in every level): a line's end is valued as the
    start of my next turn -- threats from the opponents' new places -- on the root's
    scale, so the lines stay comparable."""
    from game.ai.evaluate import Evaluator  # noqa: PLC0415
    from game.ai.search import TurnSearch  # noqa: PLC0415
    view = seat_view(mid_game, mid_game.pending.dragon)
    pos = from_view(view, mid_game.board)
    search = TurnSearch(pos, decide.LEVEL_SETTINGS["hard"]["params"], budget=BUDGET)
    opp = next(d for d in pos.names if d != pos.me)
    end = pos.child()
    end.at = {**pos.at, opp: (0, 0)}  # the replies moved an opponent to a corner
    seen = []
    original = Evaluator.__init__

    def spy(self, root, params=None, frame=None):
        original(self, root, params, frame)
        seen.append(self)

    monkeypatch.setattr(Evaluator, "__init__", spy)
    look = master.Lookahead(search, {}, {"reply_nodes": 10, "leaf": True}, 1, None)
    look.leaf_value(end, pos.me)
    leaf = seen[-1]
    assert leaf.root.at[opp] == (0, 0) and leaf.root.turn == pos.me
    assert (leaf.h, leaf.w, leaf.final) == (search.ev.h, search.ev.w, search.ev.final)
    seen.clear()
    master.Lookahead(search, {}, {"reply_nodes": 10}, 1, None).leaf_value(end, pos.me)
    assert not seen  # without `leaf`: the decision's own evaluator


def test_master_with_leaf_values_answers_legally_and_the_same_each_time(monkeypatch, mid_game):
    cfg = {**decide.LEVEL_SETTINGS["master"]}
    cfg["replies"] = {**cfg["replies"], "leaf": True}
    monkeypatch.setitem(decide.LEVEL_SETTINGS, "master", cfg)
    first = ask(mid_game, "master", seed=5)
    assert first in mid_game.legal_answers() and ask(mid_game, "master", seed=5) == first


@pytest.mark.parametrize("expect", [False, True])
@pytest.mark.parametrize("own", [False, True])
def test_reply_own_models_the_opponents_with_masters_own_value(monkeypatch, mid_game, own,
                                                               expect):
    """`reply_own`: each opponent's reply turn is searched with Master's own parameters
    (Hard's value); without it, with Normal's (the empty parameter set). The same in
    the look with rolls drawn and in the look in expectation (game.ai.expect)."""
    view = seat_view(mid_game, mid_game.pending.dragon)
    me = mid_game.pending.dragon
    cfg = {**decide.LEVEL_SETTINGS["master"]}
    cfg["replies"] = {**cfg["replies"], "reply_own": own, "expect": expect}
    monkeypatch.setitem(decide.LEVEL_SETTINGS, "master", cfg)
    seen = []
    original = master.TurnSearch

    def spy(root, params=None, **kw):
        if root.me != me:
            seen.append(params)
        return original(root, params, **kw)

    monkeypatch.setattr(master, "TurnSearch", spy)
    answer = ai.choose(view, "master", seed=5, budget=BUDGET)
    assert answer in mid_game.legal_answers()
    assert seen  # replies were searched
    assert cfg["params"]  # Hard's parameters differ from Normal's empty set
    want = cfg["params"] if own else {}
    assert all(p == want for p in seen)
