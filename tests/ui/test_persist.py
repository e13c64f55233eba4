"""Issue 8 in the window: save and load, Continue, autosave, undo, the replay viewer, the
crash screen and `narby replay FILE` — all under the dummy driver, with a data folder of
the test's own (conftest sets NARBY_DATA_DIR)."""

import copy
import json
import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import cli, i18n
from game.persistence import saves
from game.persistence.replay_positions import ReplayPositions
from game.players import RandomPlayer
from game.session import Session
from game.ui.app import App
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.scenes.crash import CrashScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.replay_viewer import ReplayScene
from game.ui.scenes.save_dialog import SaveDialog
from game.ui.scenes.widgets import press
from tests.helpers import scenario
from tests.ui.conftest import run, until
from tests.ui.test_e2e import key

CORPUS = Path(__file__).resolve().parents[1] / "saves"


def _human_game(app, seed=3):
    """Menu, then a game of a person (seat 1) and an easy AI, waiting for the person."""
    app.settings.pace = "instant"
    app.push(MenuScene(app))
    c = GameController(GameSetup(seats=[Seat("human"), Seat("ai", "easy")], seed=seed),
                       ai_mode="sync", data_dir=app.data_dir)
    scene = app.push(GameScene(app, c))
    until(app, lambda: scene.prepared not in (None, "ai") and scene.animation.idle)
    return scene, c


def _move(c) -> dict:
    return next(a for a in c.legal_answers() if a.get("do") == "move")


def test_save_from_pause_then_load_gives_the_same_game_which_plays_on(app):
    scene, c = _human_game(app)
    c.submit(_move(c))
    until(app, lambda: scene.prepared not in (None, "ai") and scene.animation.idle)
    before = c.session.snapshot()
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert isinstance(app.top, PauseScene)
    key(pygame.K_s)
    run(app, 2)
    dialog = app.top
    assert isinstance(dialog, SaveDialog)
    assert dialog.entry.get_text() == "Red vs Blue on Narby Vale" or " vs " in \
        dialog.entry.get_text()  # the default name names the dragons and the map
    dialog.entry.set_text("Evening game")
    press(dialog.save_btn)
    run(app, 2)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.note == 'Saved as "Evening game"'
    path = saves.saves_dir(app.data_dir) / "evening-game.json"
    assert path.exists()
    # a second save under the same name asks first
    pause.choose("save")
    run(app)
    dialog = app.top
    dialog.entry.set_text("Evening game")
    press(dialog.save_btn)
    run(app, 2)
    assert dialog.confirming == "Evening game" and dialog.save_btn.text == "Overwrite"
    assert "already exists" in dialog.message.text
    press(dialog.save_btn)
    run(app, 2)
    assert app.top is pause
    # Load from the pause menu: the save is listed with its facts and opens
    pause.choose("load")
    run(app, 2)
    load = app.top
    assert isinstance(load, LoadScene)
    names = [e.name for e in load.entries]
    assert "Evening game" in names
    load.select(names.index("Evening game"))
    e = load.selected()
    assert e.dragons == list(c.match.seat_names) and e.map_title == "Narby Vale"
    assert e.scores == c.match.scores() and e.round == c.match.round
    key(pygame.K_RETURN)
    run(app, 2)
    game = app.top
    assert isinstance(game, GameScene) and game is not scene
    assert [type(s) for s in app.scenes] == [MenuScene, GameScene]
    assert game.c.session.snapshot() == before
    assert {n: s.kind for n, s in game.c.seats.items()} == {
        n: s.kind for n, s in c.seats.items()}  # the seat kinds as saved
    assert game.c.answers == c.answers
    # and it plays on: the person ends the turn, the AI answers
    n = game.c.n_answers
    until(app, lambda: game.prepared not in (None, "ai") and game.animation.idle)
    key(pygame.K_e)
    until(app, lambda: game.c.n_answers > n + 1)


def _failed_save(app, tmp_path):
    """The Save dialog after Save was pressed with a file where the saves folder goes."""
    scene, c = _human_game(app)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    c.data_dir = blocker
    scene.open_pause()
    run(app)
    app.top.choose("save")
    run(app)
    dialog = app.top
    press(dialog.save_btn)
    run(app, 2)
    return dialog


def test_a_save_that_fails_says_why_and_the_game_goes_on(app, tmp_path):
    dialog = _failed_save(app, tmp_path)
    assert app.top is dialog and dialog.error.startswith("Not saved:")
    assert dialog.message.text == dialog.error
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert isinstance(app.top, PauseScene)


def test_continue_resumes_the_autosave_made_at_a_round_start(app):
    c = GameController(GameSetup(seats=[Seat("ai", "easy"), Seat("ai", "normal")], seed=8),
                       ai_mode="sync", data_dir=app.data_dir)
    while c.match.round < 2:
        c.step_ai(True)
    at_round_2 = c.session.snapshot()
    history = list(c.answers)
    c.step_ai(True)  # a little into round 2: not autosaved
    assert c.match.round == 2 and len(c.answers) > len(history)
    c.close()
    latest = saves.latest_game(app.data_dir)
    assert latest is not None and latest.kind == "autosave" and latest.round == 2
    menu = app.push(MenuScene(app))
    assert menu.buttons["continue"].is_enabled and menu.buttons["load"].is_enabled
    assert "round 2" in menu.buttons["continue"].tool_tip_text
    menu.choose("continue")  # (the C key; read before the AI plays on)
    game = app.top
    assert isinstance(game, GameScene)
    assert game.c.session.snapshot() == at_round_2 and game.c.answers == history
    assert {s.level for s in game.c.seats.values()} == {"easy", "normal"}
    # the log shows the game so far at once
    assert len(game.log.lines) == len(game.c.session.events) + 1


def test_quitting_the_window_autosaves_an_unfinished_game(app):
    scene, c = _human_game(app)
    c.submit(_move(c))
    run(app, 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app)
    assert not app.running
    latest = saves.latest_game(app.data_dir)
    resumed = saves.load_save(latest.path)
    assert resumed.history == c.answers and resumed.snapshot() == c.session.snapshot()
    resumed.close()


def test_leaving_to_the_main_menu_autosaves_and_continue_comes_back(app):
    scene, c = _human_game(app)
    c.submit(_move(c))
    run(app, 2)
    answers = list(c.answers)
    scene.open_pause()
    run(app)
    app.top.choose("menu")
    run(app)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.buttons["continue"].is_enabled
    menu.choose("continue")
    run(app)
    assert isinstance(app.top, GameScene) and app.top.c.answers == answers


def test_bad_files_are_listed_as_problems_and_left_untouched(app):
    folder = saves.saves_dir(app.data_dir)
    folder.mkdir(parents=True)
    bad = sorted(CORPUS.glob("bad-*.json"))
    for p in bad + [CORPUS / "good-v2.json", CORPUS / "good-v1.json"]:
        shutil.copy(p, folder / p.name)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    menu = app.push(MenuScene(app))
    assert menu.buttons["load"].is_enabled
    assert f"{len(bad)} unreadable" in menu.buttons["load"].tool_tip_text
    key(pygame.K_l)
    run(app, 3)
    load = app.top
    assert isinstance(load, LoadScene)
    assert {e.path.name for e in load.entries} == {"good-v2.json", "good-v1.json"}
    assert {p.path.name for p in load.problems} == {p.name for p in bad}
    for p in load.problems:
        assert p.path.name in p.message
    assert {p.name: p.read_bytes() for p in folder.iterdir()
            if p.name != saves.INDEX_NAME} == before  # the listing's own index aside


def _undo_scene(app):
    m = scenario({"red": dict(at=(5, 5), cavern=(2, 2)), "blue": dict(at=(15, 15))},
                 settlements=[("town", (7, 5), None)], dice=[15] * 6)
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    app.settings.pace = "instant"
    scene = app.push(GameScene(app, c))
    run(app, 3)
    return scene, c


def test_ctrl_z_takes_back_a_move_and_the_board_shows_the_rebuilt_position(app):
    scene, c = _undo_scene(app)
    assert not scene.undo_btn.is_enabled
    assert scene.undo_btn.tool_tip_text == "Nothing to undo yet"
    before, shown = c.session.snapshot(), copy.deepcopy(scene.shown)
    scene.submit_answer(_move(c))
    assert c.answers
    until(app, lambda: scene.animation.idle and scene.prepared not in (None, "ai"))
    assert scene.undo_btn.is_enabled and "Undo Red's Move" in scene.undo_btn.tool_tip_text
    key(pygame.K_z, pygame.KMOD_CTRL)
    run(app)
    assert c.session.snapshot() == before and c.answers == []
    assert scene.shown == c.display_doc(scene._viewer()) == shown  # reset, not animated
    assert scene.animation.idle and not c.queue
    assert len(scene.log.lines) == len(c.session.events) + 1
    assert scene.banner_error.startswith("Undone: Move")
    run(app, 3)
    assert scene.slots and scene.slots[0].key == "move"  # Red's controls are back


def test_undo_is_refused_after_a_roll_with_the_reason(app):
    scene, c = _undo_scene(app)
    scene.submit_answer({"do": "destroy", "at": [7, 5]})
    until(app, lambda: scene.animation.idle and scene.prepared not in (None, "ai"))
    assert c.match.pending.dragon == "red"  # still Red's turn
    assert not scene.undo_btn.is_enabled
    assert "rolled" in scene.undo_btn.tool_tip_text
    n = c.n_answers
    scene.undo_btn.enable()  # a click that slips through is refused too
    press(scene.undo_btn)
    run(app)
    key(pygame.K_z, pygame.KMOD_CTRL)
    run(app)
    assert c.n_answers == n and "rolled" in scene.banner_error


def _finished_session(seed=5) -> Session:
    s = Session.new([{"player": "random"}, {"player": "human"}, {"player": "easy"}],
                    seed=seed, options={"target": 15})
    player = RandomPlayer(seed)
    while not s.match.finished:
        s.submit(player.choose(s.match))
    return s


def test_replay_viewer_steps_and_shows_the_replay_position(app):
    session = _finished_session()
    t = ReplayPositions(session)
    viewer = app.push(ReplayScene(app, session))
    run(app, 2)
    assert viewer.pos == 0 and viewer.step_text() == f"Step 0 of {len(t) - 1}"

    def same(i):
        m = t.match_at(i)
        full = m.snapshot()
        m.close()
        return viewer.doc == {k: v for k, v in full.items() if k not in ("dice", "seed",
                                                                         "deck")}

    for _ in range(3):
        key(pygame.K_RIGHT)
    run(app)
    assert viewer.pos == 3 and same(3)
    assert viewer.answer_text().startswith(f"{t.dragons[2].capitalize()}: ")
    assert len(viewer.log.lines) == 1 + len(t.events_until(3))
    key(pygame.K_LEFT)
    run(app)
    assert viewer.pos == 2 and same(2)
    assert len(viewer.log.lines) == 1 + len(t.events_until(2))
    key(pygame.K_END)
    run(app)
    assert viewer.pos == len(t) - 1 and same(len(t) - 1)
    assert not viewer.buttons["forward"].is_enabled
    key(pygame.K_HOME)
    run(app)
    assert viewer.pos == 0 and same(0) and not viewer.buttons["back"].is_enabled
    press(viewer.buttons["forward"])
    run(app)
    assert viewer.pos == 1
    assert len(t) > 41
    viewer.slider.set_current_value(40)  # the slider scrubs to any step
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                         {"ui_element": viewer.slider, "value": 40}))
    run(app)
    assert viewer.pos == 40 and same(40)
    app.settings.pace = "instant"
    key(pygame.K_SPACE)
    run(app)
    assert viewer.playing and viewer.buttons["play"].text == "Pause"
    until(app, lambda: not viewer.playing)
    assert viewer.pos == len(t) - 1 and same(len(t) - 1)
    key(pygame.K_ESCAPE)
    run(app)
    assert app.top is None or not isinstance(app.top, ReplayScene)


def test_an_unfinished_replay_shows_no_card(app):
    s = Session.new([{"player": "human"}, {"player": "human"}], seed=4,
                    options={"cards": True})
    player = RandomPlayer(4)
    while s.match.round < 2:
        s.submit(player.choose(s.match))
    viewer = app.push(ReplayScene(app, s))
    viewer.go(len(viewer) - 1)
    cards = [d.get("card") for d in viewer.doc["dragons"].values()]
    assert cards and all(c in (None, "hidden") for c in cards)


def test_watch_replay_from_the_load_screen_and_the_end_screen(app, data_dir):
    session = _finished_session(seed=6)
    saves.save_game(session, "Finished", data_dir)
    app.push(MenuScene(app))
    load = app.push(LoadScene(app))
    assert load.selected().finished and not load.buttons["open"].is_enabled
    key(pygame.K_r)
    run(app, 2)
    assert isinstance(app.top, ReplayScene) and app.top.finished
    key(pygame.K_ESCAPE)
    run(app)
    assert app.top is load
    # any finished game: Easy seats (no search) play it ten times as fast as Normal
    c = GameController(GameSetup(seats=[Seat("ai", "easy"), Seat("ai", "easy")], seed=2,
                                 target=10),
                       ai_mode="sync")
    while not c.finished:
        c.step_ai(True)
    end = app.push(EndScene(app, c))
    run(app, 2)
    press(end.buttons["replay"])
    run(app, 2)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and len(viewer) == c.n_answers + 1


def test_a_crash_shows_the_error_screen_and_writes_a_loadable_save(app, monkeypatch):
    scene, c = _human_game(app)
    c.submit(_move(c))
    run(app, 2)
    state, answers = c.session.snapshot(), list(c.answers)

    def broken(self, dt):
        raise RuntimeError("the dragon ate the frame")
    monkeypatch.setattr(GameScene, "update", broken)
    app.catch_crashes = True
    run(app)
    crash = app.top
    assert isinstance(crash, CrashScene) and len(app.scenes) == 1 and app.running
    assert "RuntimeError: the dragon ate the frame" in crash.error
    assert crash.save_path.exists() and crash.log_path.exists()
    assert "the dragon ate the frame" in crash.log_path.read_text()
    texts = [t for _, t in crash.lines()]
    assert str(crash.save_path) in texts and str(crash.log_path) in texts
    resumed = saves.load_save(crash.save_path)
    assert resumed.snapshot() == state and resumed.history == answers
    resumed.close()
    run(app, 2)  # the crash screen draws
    monkeypatch.undo()
    # the main menu (now, or at the next start) offers to continue the emergency save
    crash.choose("menu")
    run(app)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.latest.path == crash.save_path
    key(pygame.K_c)
    run(app, 2)
    assert isinstance(app.top, GameScene) and app.top.c.answers == answers


def test_narby_replay_opens_the_viewer_window(tmp_path, monkeypatch):
    session = _finished_session(seed=7)
    path = saves.save_game(session, "For the viewer", tmp_path)
    seen = {}

    def fake_run(self):
        self.step(1 / 60)
        seen["scenes"] = [type(s) for s in self.scenes]
        seen["pos"] = self.top.pos
        self.top.act("end")
        seen["end"] = self.top.pos
        self.close()
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    assert cli.main(["replay", str(path), "--window"]) == 0
    assert seen == {"scenes": [ReplayScene], "pos": 0, "end": len(session.steps)}
    # in a terminal the window is the default; piped or --headless prints the game
    monkeypatch.setattr(cli, "_is_terminal", lambda: True)
    seen.clear()
    assert cli.main(["replay", str(path)]) == 0 and seen["scenes"] == [ReplayScene]
    seen.clear()
    assert cli.main(["replay", str(path), "--headless"]) == 0 and not seen


@pytest.mark.parametrize("kind", ["replay", "save without a name"])
def test_the_viewer_opens_a_file_whose_name_no_screen_can_show(tmp_path, monkeypatch, kind):
    # a file name with a byte that is not UTF-8 (a lone surrogate in Python) titled the
    # viewer as it was, and drawing the title raised UnicodeEncodeError
    session = _finished_session(seed=7)
    doc = session.replay_doc() if kind == "replay" else saves.save_document(session)
    if kind != "replay":
        del doc["meta"]["name"]
    path = tmp_path / "game\udcff.json"
    path.write_text(json.dumps(doc))
    seen = {}

    def fake_run(self):
        self.step(1 / 60)
        self.top.draw(self.screen)
        seen["scenes"] = [type(s) for s in self.scenes]
        self.close()
        return 0
    monkeypatch.setattr(App, "run", fake_run)
    assert cli.main(["replay", str(path), "--window"]) == 0
    assert seen["scenes"] == [ReplayScene]


def test_narby_replay_window_refuses_a_bad_file_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "narby-save/2", "meta": {}')
    assert cli.main(["replay", str(bad), "--window"]) == 1
    err = capsys.readouterr().err
    assert "truncated" in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("flags", [["--window", "--state-json"], ["--window", "--headless"]])
def test_narby_replay_flags_that_contradict(tmp_path, flags, capsys):
    with pytest.raises(SystemExit):
        cli.main(["replay", "x.json", *flags])
    assert "Traceback" not in capsys.readouterr().err


def test_a_failed_save_says_why_in_the_players_language(app, tmp_path):
    i18n.set_language("de")
    try:
        dialog = _failed_save(app, tmp_path)
        assert dialog.error.startswith("Nicht gespeichert: "), dialog.error
        assert "kann nicht geschrieben werden" in dialog.error
    finally:
        i18n.set_language("en")
