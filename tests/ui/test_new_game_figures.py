"""New game offers the even dragons house rule and shows the balance lab's dragon
figures for the chosen map (issue 37): the book's, or the house rule's, and the game
started is played under the rule chosen."""

import pygame

from game.balance import figures
from game.ui.scenes.game import GameScene
from game.ui.scenes.new_game import NewGameScene
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
