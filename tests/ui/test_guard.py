"""Guard rails (issue 16): ending a turn with actions left, or spending the last action
while a turn card or power is unused, asks first; both can be turned off in Settings."""

from __future__ import annotations

import pygame

from game.decisions import answer_kind
from game.match import Match
from game.ui import guard
from game.ui.action_bar import action_slots
from game.ui.controller import GameController, Seat
from game.ui.scenes.game import GameScene
from game.ui.scenes.new_game import LEVELS_LINE, NewGameScene
from game.ui.settings import Settings
from tests.helpers import scenario
from tests.ui.conftest import run
from tests.ui.test_e2e import click


def _to_action(m: Match, want_extra: bool = False) -> Match:
    """Play the first legal answers until an action decision (with a card or power in
    the legal answers when asked)."""
    for _ in range(500):
        p = m.pending
        legal = m.legal_answers()
        if p.kind == "action" and (not want_extra or any(
                answer_kind(a).startswith(("play:", "power:")) for a in legal)):
            return m
        m.submit(next((a for a in legal if a.get("do") == "end_turn"), legal[0]))
    raise AssertionError("no such decision")


def test_ending_the_turn_early_asks_and_can_be_turned_off():
    m = _to_action(Match(["green", "red"], seed=3))
    assert m.actions_left == 3
    q = guard.question(m, {"do": "end_turn"}, Settings())
    assert q and "3 actions left" in q
    assert guard.question(m, {"do": "end_turn"}, Settings(confirm_end_turn=False)) is None
    move = next(a for a in m.legal_answers() if a.get("do") == "move")
    assert guard.question(m, move, Settings()) is None  # not the last action


def test_the_last_action_with_a_turn_card_in_hand_asks():
    m = _to_action(Match(["green", "red"], seed=3), want_extra=True)
    while m.actions_left > 1:
        m.submit(next(a for a in m.legal_answers() if a.get("do") == "move"))
    move = next(a for a in m.legal_answers() if a.get("do") == "move")
    q = guard.question(m, move, Settings())
    assert q and "last action" in q and "1 coins" not in q
    assert guard.question(m, move, Settings(confirm_last_action=False)) is None


def test_the_board_asks_before_ending_a_turn_early(app):
    m = _to_action(Match(["green", "red"], seed=3))
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    app.settings = Settings()  # the questions on, as for a player
    scene = app.push(GameScene(app, c))
    scene.factor_override = 0.0
    run(app, 5)
    before = c.n_answers
    scene.select_slot("end_turn")
    assert isinstance(app.top, guard.ConfirmOverlay) and c.n_answers == before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    run(app, 2)
    assert app.top is scene and c.n_answers == before
    scene.select_slot("end_turn")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    run(app, 3)
    assert app.top is scene and c.n_answers > before  # ended (and the AI played on)


def test_first_run_new_game_proposes_easy_seats(app):
    scene = app.push(NewGameScene(app))
    assert scene.first_run
    assert {s.level for s in scene.setup.seats if s.kind == "ai"} == {"easy"}
    assert "Easy" in LEVELS_LINE and "Hard" in LEVELS_LINE and "Normal" in LEVELS_LINE
    run(app, 1)


def test_the_hint_button_and_edge_coordinates(app):
    m = _to_action(Match(["green", "red"], seed=3))
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    app.settings.show_coordinates = True
    scene = app.push(GameScene(app, c))
    scene.factor_override = 0.0
    run(app, 3)

    click(scene.hint_btn.rect.center)
    run(app, 3)
    assert scene.banner_error.startswith("Hint: ") and scene.tip is not None
    assert scene.tip[0][0].startswith("Hint: ")


def _robber_match(blue_coins: int) -> Match:
    return scenario({"red": dict(at=(5, 5), card="robber"),
                     "blue": dict(at=(15, 15), coins=blue_coins)}, chest=(10, 10))


def test_a_card_or_action_that_can_only_come_to_nothing_asks_first():
    m = _robber_match(0)
    off = Settings(confirm_end_turn=False, confirm_last_action=False)
    q = guard.question(m, {"play": "robber", "dragon": "blue"}, off)
    assert q and "Blue has no coins" in q and "used up" in q  # whatever the settings
    assert guard.question(_robber_match(2), {"play": "robber", "dragon": "blue"}, off) is None
    assert "chest is empty" in guard.question(m, {"do": "steal_chest"}, off)


def test_robber_on_a_dragon_with_no_coins_warns_and_the_log_says_it_took_nothing(app):
    m = _robber_match(0)
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    scene = app.push(GameScene(app, c))
    scene.factor_override = 0.0
    run(app, 3)
    before = c.n_answers
    scene.submit_answer({"play": "robber", "dragon": "blue"})
    assert isinstance(app.top, guard.ConfirmOverlay) and c.n_answers == before
    assert not app.top.optional  # no Settings switch turns this one off: none is named
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    run(app, 5)
    assert c.n_answers > before
    assert any("Robber takes nothing: Blue has no coins" in line
               for line in scene.log.text_lines())


def test_a_held_power_with_nothing_to_aim_at_says_why_on_the_bar():
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))},
                 places=[("tower_of_unquenched_flame", (8, 8), "red")])
    slots = action_slots(m, "red", m.legal_answers())
    slot = next(s for s in slots if s.key == "power:tower_of_unquenched_flame")
    assert not slot.enabled and "nothing to aim at now" in slot.reason
