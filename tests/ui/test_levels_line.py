"""New game's first-run line names every AI level (Master too, issue 36) and fits its
two lines in the smallest window at the largest UI scale (a third would be dropped)."""

from game.ai import LEVELS
from game.ui.app import App
from game.ui.scenes.new_game import LEVELS_LINE, NewGameScene
from game.ui.settings import Settings


def test_the_levels_line_names_every_level_in_two_lines():
    assert all(level.title() in LEVELS_LINE for level in LEVELS)
    app = App(Settings(window=(1024, 640), ui_scale=1.25), size=(1024, 640),
              fullscreen=False)
    try:
        scene = app.push(NewGameScene(app))
        app.step(0.0)
        _x, _y, w = scene.levels_at
        font = app.look.font(app.look.fs(15), bold=True)
        assert len(app.look.wrap(LEVELS_LINE, font, w)) <= 2
    finally:
        app.close()
