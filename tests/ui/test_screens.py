"""Every screen opens, draws, answers its keys and closes under the dummy driver."""

import json

import pygame
import pytest

from game.cli import main
from game.match import Match, SetupError
from game.persistence import saves
from game.ui import hints
from game.ui import screenshot as screenshot_mod
from game.ui import settings as settings_mod
from game.ui.app import App
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.rules_text import charts
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.settings import Settings
from tests.helpers import scenario
from tests.ui.conftest import run, until
from tests.ui.test_e2e import click, key


def test_menu_keys_open_each_screen_and_come_back(app):
    app.push(MenuScene(app))
    for k, scene in ((pygame.K_n, NewGameScene), (pygame.K_r, RulesScene),
                     (pygame.K_s, SettingsScene), (pygame.K_F1, HelpOverlay)):
        key(k)
        run(app, 2)
        assert isinstance(app.top, scene)
        key(pygame.K_ESCAPE)
        run(app, 2)
        assert isinstance(app.top, MenuScene)
    key(pygame.K_ESCAPE)
    run(app)
    assert not app.running


def test_menu_arrows_and_enter_choose(app):
    app.push(MenuScene(app))
    key(pygame.K_DOWN)  # Continue and Load are disabled with no saves: skipped
    key(pygame.K_DOWN)  # past Join game (online play)
    key(pygame.K_RETURN)
    run(app, 3)
    assert isinstance(app.top, RulesScene)


def test_menu_left_and_right_cross_its_two_columns(app):
    """Played by keys at 1280x720 (issue 33): the menu stands in two columns and
    "arrows + Enter to choose", but Right from Learn to play did nothing."""
    menu = app.push(MenuScene(app))
    keys = list(menu.buttons)
    assert menu.nav.column  # two columns at this size
    menu.nav.focus(keys.index("learn"))
    key(pygame.K_RIGHT)
    run(app, 2)
    assert keys[menu.nav.index] == "settings"
    key(pygame.K_LEFT)
    run(app, 2)
    assert keys[menu.nav.index] == "learn"
    menu.nav.focus(keys.index("records"))  # beside Continue, disabled with no saves
    key(pygame.K_LEFT)
    run(app, 2)
    assert keys[menu.nav.index] == "learn"  # the nearest usable one in that column
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    run(app, 3)
    assert isinstance(app.top, SettingsScene)


def test_continue_and_load_say_why_they_are_disabled_with_no_saves(app):
    menu = app.push(MenuScene(app))
    assert "No unfinished game" in menu.buttons["continue"].tool_tip_text
    assert "No saved games yet" in menu.buttons["load"].tool_tip_text
    for name in ("continue", "load"):
        assert not menu.buttons[name].is_enabled
        menu.choose(name)  # a disabled choice (by its key) does nothing
        assert app.top is menu


def test_new_game_shows_setup_errors_instead_of_crashing(app):
    ng = app.push(NewGameScene(app))
    ng.setup.seats[0].dragon = ng.setup.seats[1].dragon = "red"
    ng._rebuild()
    key(pygame.K_RETURN)
    run(app, 2)
    assert isinstance(app.top, NewGameScene)
    assert "only one seat" in ng.error  # the engine's SetupError, in the dialog
    assert ng.error_label.text == ng.error
    ng.seed.set_text("x1")
    ng.start()
    assert "seed" in ng.error


def test_new_game_cards_option_starts_or_says_why(app):
    try:  # until the cards branch lands, the engine refuses cards: true
        Match([None, None], options={"cards": True}).close()
        refused = None
    except SetupError as exc:
        refused = str(exc)
    ng = app.push(NewGameScene(app))
    ng.cards.set_value(True)
    ng.start()
    if refused:
        assert isinstance(app.top, NewGameScene) and "power cards" in ng.error.lower()
    else:
        assert isinstance(app.top, GameScene) and app.top.c.match.options["cards"]


def test_new_game_seats_add_remove_and_cycle(app):
    ng = app.push(NewGameScene(app, GameSetup()))  # usual seats, not the first-run Easy
    n = len(ng.setup.seats)
    click(ng.add_btn.rect.center)
    run(app, 2)
    assert len(ng.setup.seats) == n + 1
    click(ng.seat_rows[0][3].rect.center)  # remove seat 1
    run(app, 2)
    assert len(ng.setup.seats) == n
    kind = ng.seat_rows[0][1]
    r = kind.button.rect
    click((r.right - r.width // 5, r.centery))
    run(app, 2)
    # seat 1 is now the former seat 2 (AI normal): a click on › steps to the next level
    assert ng.setup.seats[0].kind == "ai" and ng.setup.seats[0].level == "hard"


def test_an_added_seat_plays_at_the_last_ai_seats_level(app):
    """Issue 33 play-through: with the dragons set to Easy, + Add seat brought a Normal
    one, two more clicks to make it Easy too."""
    ng = app.push(NewGameScene(app, GameSetup(seats=[Seat("human"), Seat("ai", "easy")])))
    run(app, 2)
    click(ng.add_btn.rect.center)
    run(app, 2)
    assert ng.setup.seats[-1] == Seat("ai", "easy")


def test_a_cycler_steps_back_on_its_left_arrow_and_by_right_click(app):
    ng = app.push(NewGameScene(app, GameSetup()))  # usual seats, not the first-run Easy
    run(app, 2)
    kind = ng.seat_rows[1][1]  # seat 2: AI normal
    r = kind.button.rect
    assert kind.button.text.startswith("‹")
    click((r.x + r.width // 5, r.centery))  # on the ‹ side of '‹  AI · normal  ›'
    run(app, 2)
    assert ng.setup.seats[1].level == "easy"
    click((r.right - r.width // 5, r.centery))  # on the › side
    run(app, 2)
    assert ng.setup.seats[1].level == "normal"
    click(r.center, button=3)
    run(app, 2)
    assert ng.setup.seats[1].level == "easy"
    target = ng.target  # 'Target coins ‹  50  ›': the prefix puts its ‹ right of centre
    b = target.button
    text_left = b.rect.centerx - b.font.size(b.text)[0] / 2
    arrow_x = int(text_left + b.font.size("Target coins ‹")[0])
    assert arrow_x > b.rect.centerx
    before = target.index
    click((arrow_x, b.rect.centery))
    run(app, 2)
    assert target.index == (before - 1) % len(target.values)


def test_new_game_map_picker_changes_map(app):
    ng = app.push(NewGameScene(app))
    ng.map_cycle.step(1)
    assert ng.setup.map_path != "maps/narby-vale.tmx"
    assert "Hearth Hollow" in ng.info.html_text
    run(app, 2)


def test_new_game_starts_a_game_and_shows_the_seed(app):
    ng = app.push(NewGameScene(app))
    ng.seed.set_text("77")
    ng.start()
    game = app.top
    assert isinstance(game, GameScene)
    assert game.c.seed == 77
    assert "Seed 77" in game.log.text_lines()[0]
    run(app, 5)


def test_rules_every_section_renders(app):
    rules = app.push(RulesScene(app))
    for i in range(7):
        key(pygame.K_1 + i)
        run(app)
        assert rules.section == i
        assert rules.box is not None
    key(pygame.K_RIGHT)
    run(app)
    assert rules.section == 0


def test_rules_charts_come_from_the_tables():
    text = charts()
    assert "16–19</b> Theft: +3" in text and "(20% on a plain d20)" in text


def test_settings_apply_and_persist(app, config_dir):
    s = app.push(SettingsScene(app))
    s.cyclers["pace"].set_value("fast")
    s.cyclers["palette"].set_value("colourblind")
    s.cyclers["ui_scale"].set_value(1.15)
    key(pygame.K_RETURN)
    run(app, 2)
    assert app.settings.pace == "fast" and app.look.palette == "colourblind"
    saved = json.loads((config_dir / "settings.json").read_text())
    assert saved["pace"] == "fast" and saved["ui_scale"] == 1.15
    assert settings_mod.load().palette == "colourblind"


def test_broken_settings_file_falls_back_to_defaults(config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text('{"pace": "warp", "window": [1, 2], '
                                             '"ui_scale": 1.3')
    assert settings_mod.load() == settings_mod.Settings()
    (config_dir / "settings.json").write_text('{"pace": "warp", "ui_scale": 1.3}')
    s = settings_mod.load()
    assert s.pace == "normal" and s.ui_scale == 1.3


def test_a_settings_file_with_a_bom_reads_and_a_broken_one_is_kept_aside(config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / "settings.json"
    # Windows Notepad saves UTF-8 with a byte order mark: still the player's settings
    path.write_text('\ufeff{"pace": "fast", "window": [1600, 900]}', encoding="utf-8")
    s = settings_mod.load()
    assert s.pace == "fast" and tuple(s.window) == (1600, 900)
    # a hand edit's stray comma gives defaults, and the file is set aside before the
    # first save replaces it (the window saves at once on a first start), not lost
    broken = '{"pace": "fast", "window": [1600, 900],}'
    path.write_text(broken)
    assert settings_mod.load() == settings_mod.Settings()
    assert settings_mod.save(settings_mod.Settings(language="de")) == path
    assert (config_dir / "settings.json.unreadable").read_text() == broken
    assert settings_mod.load().language == "de"
    path.write_text("{second")  # broken again: the first copy stays, the second joins it
    settings_mod.save(settings_mod.Settings())
    assert (config_dir / "settings.json.unreadable").read_text() == broken
    assert (config_dir / "settings.json.unreadable-2").read_text() == "{second"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440), (1024, 640)])
def test_board_screen_lays_out_at_every_size(app, size):
    app.resize(size)
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("ai")], ai_mode="sync")
    scene = app.push(GameScene(app, c))
    run(app, 3)
    w, h = app.screen.get_size()
    assert scene.board_area.right <= scene.panel_rect.x
    assert scene.bar.rect.bottom == h
    # the bar sits under the board, or (narrow windows) under the board and the panel
    assert scene.bar.rects[-1].right <= scene.panel_rect.x or \
        scene.panel_rect.bottom <= scene.bar.rect.y
    assert scene.view.board_rect().w > 0.3 * scene.board_area.w
    app.resize((1600, 900))  # a window resize re-lays everything out
    run(app, 2)
    assert scene.panel_rect.right == 1600


def test_pause_menu_resume_and_leave(app):
    app.push(MenuScene(app))
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("ai")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    run(app, 2)
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert isinstance(app.top, PauseScene)
    assert not game.menu_btn.visible  # the board's widgets hide under the pause menu
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert app.top is game and game.menu_btn.visible
    game.open_pause()
    run(app)
    app.top.choose("menu")
    run(app)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_help_overlay_closes_on_any_key(app):
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("ai")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    key(pygame.K_F1)
    run(app, 2)
    assert isinstance(app.top, HelpOverlay)
    key(pygame.K_a)
    run(app, 2)
    assert app.top is game


def test_hotseat_hands_over_before_each_human_and_hides_cards(app):
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("human")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    run(app, 3)
    assert isinstance(app.top, HandoverScene) and app.top.dragon == "red"
    assert game._viewer() is None  # nobody's card shows behind the curtain
    click((640, 360))
    run(app, 3)
    assert app.top is game and game._viewer() == "red"
    key(pygame.K_e)  # Red ends its turn
    run(app, 3)
    until(app, lambda: isinstance(app.top, HandoverScene))
    assert app.top.dragon == "blue"


def test_esc_on_the_handover_pauses_without_showing_the_board(app):
    m = scenario({"red": dict(at=(5, 5), card="robber"), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("human")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    run(app, 3)
    assert isinstance(app.top, HandoverScene)
    key(pygame.K_ESCAPE)
    run(app, 3)
    # the pause menu (save, rules, leave) over the curtain: the board stays covered
    assert isinstance(app.top, PauseScene) and isinstance(app.scenes[-2], HandoverScene)
    assert game._viewer() is None
    key(pygame.K_ESCAPE)
    run(app, 3)
    assert isinstance(app.top, HandoverScene)
    click((640, 360))
    run(app, 3)
    assert app.top is game and game._viewer() == "red"


def test_no_hint_for_the_next_player_before_the_hand_over(app):
    """H between two people's turns showed the next one's card and plan ("Hint: Play
    Vigor ...") to the player still at the screen."""
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15), card="vigor")})
    c = GameController.from_match(m, [Seat("human"), Seat("human")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    run(app, 3)
    click((640, 360))  # Red takes the screen
    run(app, 3)
    key(pygame.K_e)  # Red ends its turn: Blue is to act, the board not yet handed over
    run(app, 1)
    assert c.pending.dragon == "blue" and game._viewer() != "blue"
    assert hints.show(game) is False and "Vigor" not in game.banner_error
    until(app, lambda: isinstance(app.top, HandoverScene))
    click((640, 360))  # Blue takes the screen: now the hint is Blue's
    run(app, 3)
    assert hints.show(game) is True


def test_a_loaded_game_keeps_its_own_hand_over_choice(app, tmp_path):
    """A hot-seat game played with hand-overs, loaded while Settings had them off,
    showed each player's card to whoever sat at the screen."""
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("human")], ai_mode="sync")
    assert c.hotseat()
    path = saves.write_save(c.session, tmp_path / "hot.json")
    loaded = saves.load_save(path)
    again = GameController.from_session(loaded, ai_mode="sync", hotseat=False)
    assert again.hotseat()
    loaded.hotseat = None  # a save without the choice (0.2.0's): the Settings' (off)
    cold = GameController.from_session(loaded, ai_mode="sync", hotseat=False)
    assert not cold.hotseat()
    off = saves.load_save(saves.write_save(cold.session, tmp_path / "cold.json"))
    assert not GameController.from_session(off, ai_mode="sync", hotseat=True).hotseat()


def test_hotseat_off_shows_no_handover(app):
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("human")], ai_mode="sync")
    c.setup.hotseat = False
    game = app.push(GameScene(app, c))
    run(app, 3)
    assert app.top is game and game.slots


def test_a_choice_is_asked_with_its_situation_and_answered_by_key(app):
    # Red holds Soul Mine: before its tribute roll it is asked whether to use it (R40)
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))},
                 places=[("soul_mine", (8, 8), "red")], order=["red", "blue"],
                 actions_left=1, dice=[10] * 40)
    c = GameController.from_match(m, [Seat("human"), Seat("ai", "easy")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    app.settings.pace = "instant"
    run(app, 3)
    key(pygame.K_e)
    until(app, lambda: game.choice is not None)
    assert "about to roll for tribute" in game.choice.prompt
    assert game.choice.labels[0] == "Use Soul Mine"
    key(pygame.K_1)
    run(app, 3)
    assert {"power": "soul_mine"} in c.answers  # answered by key; then the AI plays on
    rolls = [e for e in m.events if e["type"] == "roll" and e["purpose"] == "tribute"]
    assert rolls[0]["mods"] == [["soul_mine", 1]]


def test_end_screen_from_a_finished_game(app):
    # any finished game will do: Easy seats (no search) finish one in 0.1 s, Normal
    # ones in 1 s
    c = GameController(GameSetup(seats=[Seat("ai", "easy"), Seat("ai", "easy")], seed=2,
                                 target=10),
                       ai_mode="sync")
    while not c.finished:
        c.step_ai(True)
    end = app.push(EndScene(app, c))
    run(app, 5)
    assert end.headline().endswith("wins!") or "share" in end.headline()
    assert all(len(v) == end.rounds + 1 for v in end.series.values())
    key(pygame.K_ESCAPE)
    run(app)
    assert isinstance(app.top, MenuScene)


def test_space_skips_the_animations(app):
    app.settings.pace = "slow"
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(15, 15))})
    c = GameController.from_match(m, [Seat("human"), Seat("ai")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    run(app, 2)
    key(pygame.K_e)
    run(app, 3)
    assert not game.animation.idle
    key(pygame.K_SPACE)
    run(app, 1)
    assert game.animation.current is None or game.animation.current.kind != "dice"


def test_screenshot_command(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), "--seed", "5", "--rounds", "1",
                 "--size", "1024x640"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 640)


def test_screenshot_command_bad_size(capsys):
    with pytest.raises(SystemExit):
        main(["--screenshot", "x.png", "--size", "huge"])
    assert "--size must look like" in capsys.readouterr().err


def test_screenshot_to_an_unwritable_path_says_so(tmp_path, capsys):
    code = main(["--screenshot", str(tmp_path / "no" / "such" / "dir.png"), "--rounds", "0"])
    err = capsys.readouterr().err
    assert code == 2 and "cannot write" in err and "Traceback" not in err


@pytest.mark.parametrize("size, scale", [((1024, 640), 1.0), ((1024, 640), 1.25),
                                         ((1280, 720), 1.25), ((1920, 1080), 1.0)])
def test_every_menu_button_stands_inside_the_window_above_the_footer(size, scale):
    """Eight entries (Learn to play and Join game joined the menu): on a short window
    they go to two columns rather than under the footer line or off the screen."""
    a = App(Settings(ui_scale=scale), size=size, fullscreen=False)
    try:
        a.push(MenuScene(a))
        run(a)
        scene = a.top
        footer_top = size[1] - scene.look.px(34)
        rects = [b.rect for b in scene.buttons.values()]
        for r in rects:
            assert r.left >= 0 and r.right <= size[0] and r.top >= 0, r
            assert r.bottom <= footer_top, (r, footer_top)
        assert not any(r1.colliderect(r2) for i, r1 in enumerate(rects)
                       for r2 in rects[i + 1:])
    finally:
        a.close()


def test_played_twice_gives_the_same_game_without_searching_again(monkeypatch):
    """game.ui.screenshot.played replays the AI's answers of a game it already played in
    this process: the same position and history, and no search."""
    first = screenshot_mod.played(5, 1)

    def no_search(*args, **kwargs):
        raise AssertionError("the AI searched again")

    monkeypatch.setattr(screenshot_mod, "choose", no_search)
    again = screenshot_mod.played(5, 1)
    assert again.match.snapshot() == first.match.snapshot()
    assert again.answers == first.answers and again.n_answers == first.n_answers


def test_played_to_fewer_or_more_rounds_replays_what_it_has(monkeypatch):
    """A game `played` to some rounds gives the same game to fewer rounds without a
    search, and searches only past where it stopped for more: the same position and
    history as played straight through."""
    more = screenshot_mod.played(5, 1)
    real = screenshot_mod.choose
    asked = []

    def counted(*args, **kwargs):
        asked.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(screenshot_mod, "choose", counted)
    fewer = screenshot_mod.played(5, 0)
    assert not asked and 0 < fewer.n_answers < more.n_answers
    assert fewer.answers == more.answers[:fewer.n_answers]
    # known only to its last two answers: those two are searched again, the same
    (key,) = [k for k in screenshot_mod._PLAYED if k[0] == 5 and k[1] == 4]
    known = screenshot_mod._PLAYED[key]
    monkeypatch.setitem(screenshot_mod._PLAYED, key, known[:more.n_answers - 2])
    again = screenshot_mod.played(5, 1)
    assert len(asked) == 2
    assert again.match.snapshot() == more.match.snapshot() and again.answers == more.answers


def test_hotseat_hides_the_last_players_card_as_soon_as_their_turn_ends(app):
    """Issue 33: not left face up through the animations before the next hand-over."""
    m = scenario({"red": dict(at=(5, 5), card="robber"), "blue": dict(at=(15, 15))},
                 order=["red", "blue"], actions_left=1)
    c = GameController.from_match(m, [Seat("human"), Seat("human")], ai_mode="sync")
    game = app.push(GameScene(app, c))
    run(app, 3)
    click((640, 360))  # Red takes the screen
    run(app, 3)
    assert game.shown["dragons"]["red"]["card"] == "robber"
    key(pygame.K_e)  # Red ends its turn: the round ends, tribute and the next draw
    run(app, 1)
    assert not game.animation.idle or isinstance(app.top, HandoverScene)
    assert game.shown["dragons"]["red"]["card"] != "robber"
    app.draw()
    assert all(r.card in (None, "hidden") for r in game.panel_model.rows)
