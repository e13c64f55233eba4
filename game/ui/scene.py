"""The base of every screen: a Scene lives on the App's stack (game.ui.app), which
hands it events, time and a surface. Its own module so that scenes and the app that
opens them do not import each other."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.theme import Look

if TYPE_CHECKING:
    from pygame_gui.core.interfaces import IUIElementInterface

    from game.ui.app import App

IDLE_LOOK = 0.25  # seconds between updates of an idle screen that keeps no timetable


class Scene:
    """One screen. `overlay` scenes are drawn over the scene beneath them."""

    overlay = False
    # draws every pixel of the window itself: the App need not clear it first
    covers_screen = False
    # the widgets of the scenes beneath, hidden while this one is on top (set by the App)
    hidden_below: list[IUIElementInterface]

    def __init__(self, app: App):
        self.app = app

    @property
    def ui(self) -> pygame_gui.UIManager:
        return self.app.ui

    @property
    def look(self) -> Look:
        return self.app.look

    def enter(self) -> None:
        """Build widgets (called on push, and again after a resize or a theme change)."""

    def leave(self) -> None:
        """Kill this scene's widgets."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def update(self, dt: float) -> bool:
        """Advance animations; return True while the scene needs redrawing."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until this screen wants a frame though nothing moved and no input
        came (a poll, a message's end); None: only on input. An idle window sleeps
        until the soonest (game.ui.idle). A screen that says nothing is looked at four
        times a second, as the old heartbeat did, but redrawn only when update() asks;
        covered by another (the main menu under a game), it waits for the one on top,
        whose frames update it too."""
        return IDLE_LOOK if self.app.top is self else None

    def changed_area(self) -> pygame.Rect | None:
        """The part of the window the last update() changed, when that part is all it
        changed (the board's ambient layer): the App then redraws that rectangle alone.
        None: the whole window."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def covered(self) -> None:
        """Another scene was pushed on top (hide widgets that would poke through)."""

    def uncovered(self) -> None:
        """The scene above was popped."""
