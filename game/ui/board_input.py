"""Zoom input shared by every screen that shows a BoardView (the game and the replay)."""

from __future__ import annotations

import pygame

KEY_ZOOM = 1.2     # one press of + or -
WHEEL_ZOOM = 1.15  # one notch of the mouse wheel


def zoom_key(view, key: int) -> bool:
    """+ / - zoom the board; True when the key was one of them."""
    if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        view.zoom(KEY_ZOOM)
        return True
    if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        view.zoom(1 / KEY_ZOOM)
        return True
    return False


def wheel_zoom(view, area: pygame.Rect, event) -> None:
    """The mouse wheel zooms around the pointer while it is over the board."""
    pos = pygame.mouse.get_pos()
    if area.collidepoint(pos):
        view.zoom(WHEEL_ZOOM if event.y > 0 else 1 / WHEEL_ZOOM, around=pos)
