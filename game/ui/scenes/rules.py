"""Rules reference: tabs on the left, the section in a scrolling text box."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.ui.rules_text import SECTIONS
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.widgets import KeyNav, button, label


class RulesScene(Scene):
    def __init__(self, app, section: int = 0):
        super().__init__(app)
        self.section = section

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pad = look.px(24)
        self.frame = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        f = self.frame
        self.title = label(self.ui, (f.x + pad, f.y + look.px(12), look.px(500), look.px(60)),
                           "Rules", cls="@title")
        tw, th = look.px(180), look.px(42)
        y = f.y + look.px(76)
        self.tabs = []
        for i, (name, _) in enumerate(SECTIONS):
            self.tabs.append(button(self.ui, (f.x + pad, y, tw, th), name,
                                    tip=f"Show the {name.lower()} (key {i + 1})"))
            y += th + look.px(8)
        self.back = button(self.ui, (f.x + pad, f.bottom - th - pad, tw, th), "Back",
                           tip="Back to where you were (Esc)")
        self.box_rect = pygame.Rect(f.x + 2 * pad + tw, f.y + look.px(76),
                                    f.w - 3 * pad - tw, f.h - look.px(76) - pad)
        self.box: UITextBox | None = None
        self.show(self.section)
        self.nav = KeyNav()
        self.nav.set_items(self.tabs + [self.back])

    def show(self, i: int) -> None:
        self.section = i
        for j, t in enumerate(self.tabs):
            if j == i:
                t.select()
            else:
                t.unselect()
        if self.box is not None:
            self.box.kill()
        self.box = UITextBox(SECTIONS[i][1](), self.box_rect, self.ui,
                             object_id=ObjectID(class_id="@rules"))

    def leave(self) -> None:
        for el in self.tabs + [self.back, self.title, self.box]:
            if el is not None:
                el.kill()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
                return True
            for i, t in enumerate(self.tabs):
                if event.ui_element is t:
                    self.show(i)
                    return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if pygame.K_1 <= k < pygame.K_1 + len(SECTIONS):
                self.show(k - pygame.K_1)
                return True
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show((self.section + (1 if k == pygame.K_RIGHT else -1)) % len(SECTIONS))
                return True
            if k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.box is not None \
                    and self.box.scroll_bar:
                bar = self.box.scroll_bar
                step = 0.25 if k == pygame.K_PAGEDOWN else -0.25
                bar.set_scroll_from_start_percentage(
                    max(0.0, min(1.0, bar.start_percentage + step)))
                return True
        return self.nav.handle(event)

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, self.look)
        hint = self.look.text("1-7 or Left/Right: sections · PgUp/PgDn: scroll · Esc: back",
                              self.look.fs(13), self.look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(topright=(self.frame.right - self.look.px(24),
                                                   self.frame.y + self.look.px(30))))
