"""End to end through the window: a whole game of AI seats from the menu to the end
screen, and a human turn played with posted mouse and key events."""

import pygame

from game.persistence.replay_file import play, start
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from tests.helpers import scenario
from tests.ui.conftest import run, until


def key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))


def click(pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def test_four_ai_seats_play_from_menu_to_end_screen(app):
    app.settings.pace = "instant"
    app.push(MenuScene(app))
    key(pygame.K_n)
    run(app, 2)
    ng = app.top
    assert isinstance(ng, NewGameScene)
    ng.setup.seats = [Seat("ai", lvl) for lvl in ("easy", "normal", "hard", "normal")]
    ng._rebuild()
    ng.seed.set_text("4")  # the field is what Start reads (a rebuild reads it back)
    ng.setup.target = 20  # P7: a quick game; the menu offers 50/75/100
    ng.target.values.append(20)
    ng.target.labels.append("20")
    ng.target.set_value(20)
    key(pygame.K_RETURN)
    run(app, 2)
    game = app.top
    assert isinstance(game, GameScene)
    until(app, lambda: isinstance(app.top, EndScene))
    end = app.top
    m = game.c.match
    assert m.finished and end.winner == m.winner
    scores = {n: d["coins"] + sum(d["treasure"]) for n, d in end.doc["dragons"].items()}
    assert end.standings[0][1] == max(scores.values())
    assert max(d["coins"] for d in end.doc["dragons"].values()) > 20  # R33
    # the log shows every event the engine produced, in order
    assert len(game.log.lines) == len(m.events) + 2  # + the seed notes: hidden, then at the end
    run(app, 3)  # the end screen draws


def _human_turn_scene(app):
    m = scenario({"red": dict(at=(5, 5), cavern=(2, 2)), "blue": dict(at=(15, 15))},
                 settlements=[("town", (10, 5), None)])
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    scene = app.push(GameScene(app, c))
    run(app, 3)
    return scene, m


def test_human_moves_then_claims_a_town_with_mouse_and_keys(app):
    scene, m = _human_turn_scene(app)
    assert scene.slots and scene.slots[0].key == "move" and scene.slots[0].enabled
    key(pygame.K_1)  # Move
    run(app)
    assert scene.slot_key == "move"
    target = scene.view.cell_rect((8, 5)).center  # the landing's top-left cell
    click(target)
    run(app, 2)
    doc = m.snapshot()
    assert doc["dragons"]["red"]["at"] == [8, 5]  # R18: three steps east
    assert doc["actions_left"] == 2
    until(app, lambda: scene.animation.idle and scene.prepared not in (None, "ai"))
    claim = scene.bar.rects[scene.bar.index_of("claim")].center
    click(claim)  # choose Claim on the action bar
    run(app)
    assert scene.slot_key == "claim"
    assert scene._highlights() == {(10, 5): "target"}
    click(scene.view.cell_rect((10, 5)).center)  # the town
    run(app, 2)
    doc = m.snapshot()
    assert doc["settlements"] == [{"kind": "town", "at": [10, 5], "claim": "red"}]  # R19
    assert doc["dragons"]["red"]["rings_in_supply"] == 9
    assert doc["actions_left"] == 1
    assert [a["do"] for a in scene.c.answers] == ["move", "claim"]


def test_keyboard_alone_can_aim_and_confirm(app):
    scene, m = _human_turn_scene(app)
    key(pygame.K_1)
    run(app)
    key(pygame.K_TAB)  # first landing
    run(app)
    assert scene.hover_value is not None and scene.tip is not None
    chosen = list(scene.hover_value)
    key(pygame.K_RETURN)
    run(app, 2)
    assert m.snapshot()["dragons"]["red"]["at"] == chosen
    until(app, lambda: scene.animation.idle and scene.prepared not in (None, "ai"))
    key(pygame.K_e)  # end the turn; Blue (AI) plays on
    run(app, 2)
    assert scene.c.answers[-1] == {"do": "end_turn"} or m.round > 2


def test_illegal_action_shows_its_reason_and_changes_nothing(app):
    scene, m = _human_turn_scene(app)
    key(pygame.K_8)  # Attack: Blue is far away
    run(app)
    assert scene.slot_key is None
    assert "not adjacent to Blue" in scene.banner_error
    assert scene.c.answers == []


def test_escape_cancels_a_chosen_action(app):
    scene, m = _human_turn_scene(app)
    key(pygame.K_1)
    run(app)
    key(pygame.K_ESCAPE)
    run(app)
    assert scene.slot_key is None and scene.picker is None
    assert app.top is scene


def test_the_answers_replay_to_the_same_position():
    """The controller's history (for saves, issue 8) reproduces the game exactly."""
    c = GameController(GameSetup(seats=[Seat("ai"), Seat("ai"), Seat("ai", "easy")],
                                 seed=12, target=30), ai_mode="sync")
    for _ in range(60):
        c.step_ai(True)
    doc = c.replay_doc()
    m = start(doc, "test")
    play(m, doc["decisions"], "test")
    mine, theirs = c.match.snapshot(), m.snapshot()
    assert theirs == mine
    c.close()
    m.close()


def test_mouse_click_on_the_board_skips_animations(app):
    app.settings.pace = "slow"
    scene, m = _human_turn_scene(app)
    key(pygame.K_e)
    run(app, 3)
    assert not scene.animation.idle
    click(scene.board_area.center)
    run(app)
    assert scene.animation.current is None or scene.animation.current.t == 0


def test_losing_a_claim_is_chosen_on_the_board(app):
    """R31 0-4: the dialog names the situation; the claims to lose light up and a click
    on one answers."""
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 2))},
                 settlements=[("town", (10, 10), "red"), ("town", (14, 14), "red")],
                 order=["blue", "red"], turn="red", dice=[3])
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    app.settings.pace = "instant"
    scene = app.push(GameScene(app, c))
    run(app, 3)
    key(pygame.K_e)
    until(app, lambda: scene.choice is not None)
    assert "rolled 3 for tribute and must lose one claim" in scene.choice.prompt
    assert scene.choice.labels == ["Lose the town at (11, 11)", "Lose the town at (15, 15)"]
    assert scene._highlights() == {(10, 10): "danger", (14, 14): "danger"}
    click(scene.view.cell_rect((14, 14)).center)
    run(app, 2)
    assert c.answers[1] == {"choose": [14, 14]}
    towns = {tuple(s["at"]): s["claim"] for s in m.snapshot()["settlements"]
             if tuple(s["at"]) in ((10, 10), (14, 14))}
    assert towns == {(10, 10): "red", (14, 14): None}


def _dealt_lines(game):
    return [t for t in game.log.text_lines() if " is dealt " in t]


def test_the_log_shows_only_the_human_players_own_card(app):
    # P28/P41: AI dragons' deals read "is dealt a card"; the one human sees their own card.

    app.settings.pace = "instant"
    setup = GameSetup(seats=[Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=3,
                      map_path=None)
    c = GameController(setup, ai_mode="sync")
    game = app.push(GameScene(app, c))
    until(app, lambda: len(_dealt_lines(game)) == 3)
    me = c.match.seat_names[0]
    mine = [t for t in _dealt_lines(game) if t.startswith(me.capitalize())]
    others = [t for t in _dealt_lines(game) if not t.startswith(me.capitalize())]
    assert len(mine) == 1 and not mine[0].endswith("a card")
    assert others and all(t.endswith("is dealt a card") for t in others)


def test_with_two_humans_the_log_shows_no_card(app):
    app.settings.pace = "instant"
    setup = GameSetup(seats=[Seat("human"), Seat("human")], seed=3, map_path=None)
    game = app.push(GameScene(app, GameController(setup, ai_mode="sync")))
    until(app, lambda: len(_dealt_lines(game)) == 2)
    assert all(t.endswith("is dealt a card") for t in _dealt_lines(game))
