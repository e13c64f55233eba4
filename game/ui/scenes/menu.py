"""Main menu: New game, Continue, Load, Rules, Settings, Quit."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.app import Scene
from game.ui.scenes.backdrop import backdrop, title_block
from game.ui.scenes.widgets import KeyNav, button

SAVES_LATER = "Saved games arrive with issue 8 (saves, autosave and undo)"


def saves_available() -> bool:
    """True once the saves branch provides game.saves (issue 8)."""
    try:
        import game.saves  # noqa: F401
    except ImportError:
        return False
    return True


class MenuScene(Scene):
    def enter(self) -> None:
        w, h = self.app.screen.get_size()
        look = self.look
        bw, bh = look.px(320), look.px(48)
        gap = look.px(10)
        title_h = look.px(250)
        self.top = max(look.px(10), (h - title_h - 6 * (bh + gap)) // 2)
        top = self.top + title_h
        x = (w - bw) // 2
        saves = saves_available()
        entries = [
            ("new", "New game", True, "Set up seats, dragons and a map  (N)"),
            ("continue", "Continue", False, SAVES_LATER if not saves else "Resume the "
             "latest game"),
            ("load", "Load game", False, SAVES_LATER if not saves else "Open a saved game"),
            ("rules", "Rules", True, "Charts, actions, dragons, places and rulings  (R)"),
            ("settings", "Settings", True, "Window, scale, pace, colours  (S)"),
            ("quit", "Quit", True, "Leave the game  (Esc)"),
        ]
        self.buttons = {}
        for i, (key, text, enabled, tip) in enumerate(entries):
            self.buttons[key] = button(self.ui, (x, top + i * (bh + gap), bw, bh), text,
                                       cls="@menu_button", tip=tip, enabled=enabled)
        self.nav = KeyNav()
        self.nav.set_items(list(self.buttons.values()))
        self.nav.focus(0)

    def leave(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.choose(key)
                    return True
            return False
        if self.nav.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            shortcut = {pygame.K_n: "new", pygame.K_r: "rules", pygame.K_s: "settings",
                        pygame.K_ESCAPE: "quit", pygame.K_q: "quit"}.get(event.key)
            if event.key == pygame.K_F1:
                from game.ui.scenes.help import HelpOverlay

                self.app.push(HelpOverlay(self.app))
                return True
            if shortcut:
                self.choose(shortcut)
                return True
        return False

    def choose(self, key: str) -> None:
        if key == "new":
            from game.ui.scenes.new_game import NewGameScene

            self.app.push(NewGameScene(self.app))
        elif key == "rules":
            from game.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
        elif key == "settings":
            from game.ui.scenes.settings_scene import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "quit":
            self.app.quit()

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop(self.look, (w, h)), (0, 0))
        title_block(surface, self.look, w // 2, self.top,
                    "A game of dragons, hoards and stolen coin for 2 to 8 players")
        foot = self.look.text("F1 shortcuts  ·  F11 full screen  ·  arrows + Enter to choose",
                              self.look.fs(14), self.look.colour("text_dim"))
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - self.look.px(14))))
