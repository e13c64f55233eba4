"""Records (issue 36): a finished game with a human seat is counted at the end screen,
a run of wins suggests the next level, and the Records screen shows the table."""

import json

import pygame

from game import ai, i18n, records
from game.seat_view import seat_view
from game.ui.app import App
from game.ui.audit import Audit
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.scenes.end import EndScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.records_screen import EMPTY, RecordsScene
from game.ui.settings import Settings
from tests.ui.conftest import run
from tests.ui.test_e2e import click, key


def _finished_game(seed=2):
    """Red (the human seat, answered here by Hard) against one Easy dragon."""
    c = GameController(GameSetup(seats=[Seat("human", "normal"), Seat("ai", "easy")],
                                 seed=seed, target=10), ai_mode="sync")
    while not c.finished:
        dragon = c.pending.dragon
        if c.is_human(dragon):
            c.submit(ai.choose(seat_view(c.match, dragon), "hard", seed=c.n_answers,
                               board=c.board, budget=400))
        else:
            c.step_ai(True)
    return c


def test_the_end_screen_counts_the_game_and_suggests_moving_up(app, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    records.save(data_dir, records.add_game(records.add_game(
        records.empty(), "easy", "Somewhere", True, 12), "easy", "Somewhere", True, 15))
    c = _finished_game()
    human = c.humans()[0]
    won = human in (c.match.winner if isinstance(c.match.winner, list) else [c.match.winner])
    end = app.push(EndScene(app, c))
    run(app, 3)
    doc = json.loads(records.path(app.data_dir).read_text())
    entry = doc["levels"]["easy"]
    assert sum(m["wins"] + m["losses"] for m in entry["maps"].values()) == 3
    assert won  # the seed is one the human seat wins
    assert entry["streak"] == 3
    assert end.records_line == "3 wins in a row against Easy: try Normal dragons next time."


def test_an_all_ai_game_is_not_counted(app):
    c = GameController(GameSetup(seats=[Seat("ai", "easy"), Seat("ai", "easy")], seed=2,
                                 target=10), ai_mode="sync")
    while not c.finished:
        c.step_ai(True)
    end = app.push(EndScene(app, c))
    run(app, 2)
    assert end.records_line == "" and not records.path(app.data_dir).exists()


def test_menu_opens_records_and_esc_comes_back(app):
    menu = app.push(MenuScene(app))
    click(menu.buttons["records"].rect.center)
    run(app, 2)
    assert isinstance(app.top, RecordsScene)
    assert app.top.rows == []
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert app.top is menu


def test_records_screen_lists_levels_strongest_first(app, data_dir, tmp_path):
    r = records.empty()
    for level, name, won, score in (("easy", "Narby Vale", True, 52), ("hard", "Open Plain",
                                    False, 38), ("hard", "The Dragonmarch", True, 61)):
        records.add_game(r, level, name, won, score)
    data_dir.mkdir(parents=True, exist_ok=True)
    records.save(data_dir, r)
    scene = app.push(RecordsScene(app))
    run(app, 2)
    assert [row[:2] for row in scene.rows] == [("hard", "Open Plain"),
                                               ("hard", "The Dragonmarch"),
                                               ("easy", "Narby Vale")]
    key(pygame.K_DOWN)
    run(app)
    assert scene.first == 1
    pygame.image.save(app.screen, str(tmp_path / "records.png"))


def test_an_empty_or_damaged_file_shows_a_plain_line(app, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    records.path(data_dir).write_text("{oops")
    scene = app.push(RecordsScene(app))
    run(app, 2)
    assert scene.rows == [] and scene.problem.startswith("The records file is damaged")
    assert EMPTY.startswith("No records yet")


def test_the_deeds_stop_above_the_move_up_line_in_a_long_language():
    """Eight dragons' deeds in French at the smallest window: before, they ran on under
    the suggestion line and the two were drawn over each other."""
    seats = [Seat("human", "normal")] + [Seat("ai", "easy")] * 7
    c = GameController(GameSetup(seats=seats, seed=3, target=10), ai_mode="sync")
    while not c.finished:
        if c.is_human(c.pending.dragon):
            c.submit(ai.choose(seat_view(c.match, c.pending.dragon), "easy", seed=c.n_answers,
                               board=c.board))
        else:
            c.step_ai(True)
    streak = records.empty()
    for _ in range(records.STREAK_TO_MOVE_UP):
        records.add_game(streak, "normal", "Narby Vale", True, 57)
    i18n.set_language("fr")
    a = App(Settings(confirm_end_turn=False), size=(1024, 640), fullscreen=False)
    a.ai_mode = "sync"
    audit = Audit()
    audit.install()
    try:
        end = a.push(EndScene(a, c))
        end.t = 6.5  # the confetti has fallen
        end.records_line = records.suggestion(streak, "normal")
        found = audit.frame(a)
        shown = end.records_line.shown()
    finally:
        audit.uninstall()
        a.close()
        i18n.set_language("en")
    assert shown.startswith("3 victoires d'affilée contre le niveau Normal")
    assert any(t in shown for t in audit.drawn)  # the line is drawn, in French
    assert not [f for f in found if "overlaps" in f.detail], found
