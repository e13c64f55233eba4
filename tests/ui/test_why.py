"""A hint's reason in words (game.ui.why): the biggest gain said in the game's terms."""

from __future__ import annotations

from game.ui import why

VIEW = {"settlements": [{"kind": "town", "at": [6, 7], "claim": None}],
        "places": [], "dragons": {}}


def test_each_gain_is_said_in_the_games_terms():
    claim = {"do": "claim", "at": [6, 7]}
    assert "coins a round in tribute" in why.say("claims", 3.0, claim, VIEW, "red")
    assert why.say("coins", 2.4, {"do": "steal_chest"}, VIEW, "red") == \
        "about +2 coins now, on average over the dice"
    move = {"do": "move", "to": [4, 6]}
    assert why.say("reach", 1.0, move, VIEW, "red") == \
        "lands beside the town at (7, 8), ready to claim it next"
    assert "Blue" in why.say("rivals", 1.5, {"do": "attack", "dragon": "blue"}, VIEW, "red")
    for term in ("safety", "gambles", "retake"):
        assert why.say(term, 1.0, move, VIEW, "red")
