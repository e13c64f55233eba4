"""The window's own copy of the board follows the engine exactly, event by event."""

from game.board import BoardSpec
from game.match import Match
from game.players import RandomPlayer
from game.ui import shown_board
from game.ui.controller import load_map


def _norm(doc):
    return {
        "dragons": {n: (d["coins"], sorted(d["treasure"]), d["rings_in_supply"],
                        list(d["at"]), d["cavern"] and list(d["cavern"]))
                    for n, d in doc["dragons"].items()},
        "settlements": sorted((s["kind"], tuple(s["at"]), s["claim"])
                              for s in doc["settlements"]),
        "places": sorted((p["kind"], tuple(p["at"]), p["claim"], p["power_used"])
                         for p in doc["places"]),
        "gambles": sorted((tuple(g["at"]), g["owner"]) for g in doc["gambles"]),
        "chest": (doc["chest"]["at"] and list(doc["chest"]["at"]), doc["chest"]["coins"]),
        "flow": (doc["round"], doc["phase"], doc["turn"], doc["actions_left"],
                 doc["finished"], doc["winner"]),
    }


def _check_game(seed, board, seats):
    m = Match(seats, seed=seed, board=board, options={"target": 30})
    shown = shown_board.empty_doc(board, m.options)
    player = RandomPlayer(seed)
    seen = 0
    for _ in range(3000):
        for e in m.events[seen:]:
            shown_board.apply(shown, e)
        seen = len(m.events)
        assert _norm(shown) == _norm(m.snapshot())
        if m.finished:
            break
        m.submit(player.choose(m))
    m.close()


def test_display_follows_engine_on_plain_board():
    for seed in (1, 2, 3):
        _check_game(seed, BoardSpec.plain(), [None] * 4)


def test_display_follows_engine_on_shipped_maps():
    for i, name in enumerate(("narby-vale", "riverfell", "hearth-hollow", "dragonmarch")):
        board = load_map(f"maps/{name}.tmx")
        _check_game(10 + i, board, [None] * min(6, board.max_players))
