"""The menu-like screens' small base (game.ui.scenes.button_menu): a press, a letter
key or an unknown event each go where they went before the screens shared it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.ui.scenes.button_menu import ButtonMenu  # noqa: E402
from game.ui.scenes.widgets import button  # noqa: E402


class Two(ButtonMenu):
    shortcuts = {pygame.K_ESCAPE: "no"}

    def __init__(self, app):
        super().__init__(app)
        self.chosen: list[str] = []

    def enter(self) -> None:
        self.set_buttons({"yes": button(self.ui, (10, 10, 100, 30), "Yes"),
                          "no": button(self.ui, (10, 50, 100, 30), "No")})

    def choose(self, key: str) -> None:
        self.chosen.append(key)


def _press(element):
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)


def test_a_press_a_shortcut_and_the_focus_keys_choose(app):
    s = Two(app)
    app.push(s)
    assert s.handle(_press(s.buttons["yes"]))
    assert s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert s.chosen == ["yes", "no"]
    assert s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert s.nav.index == 0  # the arrows move the focus over the buttons


def test_what_is_not_its_own_is_left_to_others(app):
    s = Two(app)
    app.push(s)
    other = button(app.ui, (200, 10, 100, 30), "Other")
    assert not s.handle(_press(other))
    assert not s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0))
    assert s.chosen == []


def test_leaving_kills_its_buttons(app):
    s = Two(app)
    app.push(s)
    yes = s.buttons["yes"]
    s.leave()
    assert s.buttons == {} and not yes.alive()
