"""New game offers the even dragons house rule and shows the balance lab's dragon
figures for the chosen map (issue 37): the book's, or the house rule's, and the game
started is played under the rule chosen."""

import pygame
import pytest

from game.balance import figures
from game.ui.scenes.game import GameScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.widgets import Cycler, press
from tests.ui.conftest import run


def _on_map(scene, name: str) -> None:
    key = next(c.key for c in scene.choices if c.entry.path.name == name)
    scene.map_cycle.set_value(key)
    scene._set_map(key)


def test_the_figures_follow_the_map_and_the_rule(app):
    scene = app.push(NewGameScene(app))
    run(app, 1)
    _on_map(scene, "riverfell.tmx")
    path = scene.choice.entry.path
    assert scene.figures.text == figures.line(path) != ""
    assert scene.figures.text.startswith("Under AI play here: Copper wins")
    scene.even.step(1)
    assert scene.setup.even_dragons is True
    assert scene.figures.text == (figures.line(path, True)
                                  or "Even dragons: not yet measured on this map")
    scene.even.step(1)
    assert scene.figures.text == figures.line(path)
    _on_map(scene, "")  # the open plain: not measured, nothing said
    assert scene.figures.text == ""
    run(app, 2)  # it draws


@pytest.mark.parametrize("name", ["dragonmarch3.tmx", "dragonmarch2.tmx", "dragonmarch.tmx"])
def test_the_dragonmarch_shows_its_even_dragons_figures(app, name):
    # the Dragonmarches said "not yet measured" under Even dragons until the lab's
    # runs of the house rule there were merged into dragon_figures.json
    scene = app.push(NewGameScene(app))
    run(app, 1)
    _on_map(scene, name)
    path = scene.choice.entry.path
    scene.even.step(1)
    assert scene.setup.even_dragons is True
    shown = figures.lines(path, True)
    assert shown and shown[0].startswith("With even dragons here:")
    assert scene.figures.text in shown
    assert "6 Normal AIs" in figures.tip(path, True)


def test_the_game_started_plays_the_rule(app):
    scene = app.push(NewGameScene(app))
    run(app, 1)
    scene.even.step(1)
    scene.seed.set_text("3")
    scene.start()
    run(app, 2)
    assert isinstance(app.top, GameScene)
    assert app.top.c.match.options["even_dragons"] is True
    pygame.event.clear()


def test_the_command_lines_reach_new_game(app):
    from game.cli import _play_parser  # noqa: PLC0415
    from game.maps.commands import _setup  # noqa: PLC0415
    from game.net.cli import _host_parser, _window_options  # noqa: PLC0415

    p = _play_parser()
    setup, _code = _setup(p, p.parse_args(["--house", "even-dragons"]), "narby play")
    assert setup.even_dragons and setup.options()["even_dragons"] is True
    assert "even_dragons" not in _setup(p, p.parse_args([]), "narby play")[0].options()
    h = _host_parser()
    setup, _bind, _net = _window_options(h, h.parse_args(["--house", "even-dragons"]))
    scene = app.push(NewGameScene(app, setup))
    run(app, 1)
    assert scene.even.value is True


def _cyclers_on(scene) -> list:
    """Every Cycler the screen holds, found by looking, not by its own list."""
    found = []
    for value in vars(scene).values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            for x in (item if isinstance(item, tuple | list) else [item]):
                if isinstance(x, Cycler) and x not in found:
                    found.append(x)
    return found


def test_a_click_steps_every_option_on_the_screen(app):
    # Even dragons once drew and took keys but ignored the mouse (it was missing from
    # the click handler's list); a click on each cycler must step it
    scene = app.push(NewGameScene(app))
    run(app, 1)
    cyclers = _cyclers_on(scene)
    assert scene.even in cyclers and len(cyclers) >= 9
    for cyc in cyclers:
        if len(cyc.values) < 2 or not cyc.button.is_enabled:
            continue
        before = cyc.value
        press(cyc.button)
        run(app, 1)
        assert cyc.value != before, cyc.prefix
    assert scene.setup.even_dragons is True


def test_three_leaders_in_a_narrow_column_keep_the_biggest_whole():
    # Polish at 200% in a 1024x640 window: "Miedziany wygrywa 47%, Złoty 28%, Czerwony
    # 22% (uczciwie: 17%)" ran past the column on The Dragonmarch (2nd edition)
    from game import i18n  # noqa: PLC0415
    from game.ui import settings as settings_mod  # noqa: PLC0415
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.settings import Settings  # noqa: PLC0415

    a = App(Settings(language="pl", ui_scale=2.0), size=(1024, 640), fullscreen=False)
    try:
        scene = a.push(NewGameScene(a))
        run(a, 1)
        _on_map(scene, "dragonmarch2.tmx")
        shown = figures.lines(scene.choice.entry.path)
        assert len(shown) == 5 and scene.figures.text in shown[3:]  # leaders dropped
        room = scene.figures.rect.w - scene.look.px(8)
        assert scene.figures.font.size(scene.figures.text)[0] <= room
        assert scene.figures.text.startswith("Miedziany")  # the biggest stays
    finally:
        a.close()
        i18n.set_language("en")
        settings_mod.run_language = None
