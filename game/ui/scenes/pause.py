"""The pause menu over the board: resume, rules, settings, save (with saves), main menu."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.app import Scene
from game.ui.scenes.backdrop import panel_rect
from game.ui.scenes.menu import SAVES_LATER, saves_available
from game.ui.scenes.widgets import KeyNav, button


class PauseScene(Scene):
    overlay = True

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game = game_scene

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        bw, bh, gap = look.px(300), look.px(46), look.px(10)
        entries = [("resume", "Resume", True, "Back to the board (Esc)"),
                   ("rules", "Rules", True, None),
                   ("settings", "Settings", True, None),
                   ("save", "Save game", saves_available(), SAVES_LATER),
                   ("menu", "Leave to main menu", True, "This game is not saved yet"
                    if not saves_available() else None)]
        total = len(entries) * (bh + gap) + look.px(80)
        self.rect = pygame.Rect((w - bw - look.px(60)) // 2, (h - total) // 2,
                                bw + look.px(60), total)
        y = self.rect.y + look.px(64)
        self.buttons = {}
        for key, text, enabled, tip in entries:
            self.buttons[key] = button(self.ui, (self.rect.x + look.px(30), y, bw, bh), text,
                                       cls="@menu_button", tip=tip, enabled=enabled)
            y += bh + gap
        self.nav = KeyNav()
        self.nav.set_items(list(self.buttons.values()))
        self.nav.focus(0)

    def leave(self) -> None:
        for b in self.buttons.values():
            b.kill()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.choose(key)
                    return True
        if self.nav.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        return True

    def choose(self, key: str) -> None:
        if key == "resume":
            self.app.pop()
        elif key == "rules":
            from game.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
        elif key == "settings":
            from game.ui.scenes.settings_scene import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "menu":
            from game.ui.scenes.menu import MenuScene

            self.game.close()
            self.app.reset_to(MenuScene(self.app))

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        panel_rect(surface, self.rect, self.look, alpha=245)
        t = self.look.text("Paused", self.look.fs(30), self.look.colour("gold"), bold=True)
        surface.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.y + self.look.px(14))))
