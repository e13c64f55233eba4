"""The crash screen: an unexpected error never makes the window vanish.

App.crash() has already written an emergency save (game.crash) and a log; this screen
says so in words, shows both paths, and offers the main menu (whose Continue finds the
emergency save) or Quit. It draws with plain shapes and text only, so a broken piece of
art or a broken board cannot break it too.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.app import Scene
from game.ui.scenes.backdrop import panel_rect
from game.ui.scenes.widgets import KeyNav, button


class CrashScene(Scene):
    def __init__(self, app, exc: BaseException | None, save_path, log_path):
        super().__init__(app)
        self.error = f"{type(exc).__name__}: {exc}" if exc is not None else "unknown error"
        self.save_path = save_path
        self.log_path = log_path
        self.buttons: dict = {}

    def lines(self) -> list[tuple[str, str]]:
        """(style, text) rows of the message; tests read them."""
        out = [("head", "Something went wrong"),
               ("text", "Narby Conquest hit an unexpected error and stopped the game.")]
        if self.save_path is not None:
            out += [("text", "Your game was saved first, so nothing is lost. Choose "
                             "Continue on the main menu (now or next time) to play on."),
                    ("label", "Emergency save"), ("path", str(self.save_path))]
        else:
            out.append(("text", "No game was in progress, so there was nothing to save."))
        if self.log_path is not None:
            out += [("label", "Error report (please attach it to a bug report)"),
                    ("path", str(self.log_path))]
        out += [("label", "The error"), ("error", self.error)]
        return out

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        fw, fh = min(w - look.px(80), look.px(900)), min(h - look.px(60), look.px(560))
        self.frame = pygame.Rect((w - fw) // 2, (h - fh) // 2, fw, fh)
        bw, bh = look.px(220), look.px(44)
        y = self.frame.bottom - bh - look.px(22)
        x = self.frame.right - look.px(28) - 2 * bw - look.px(12)
        self.buttons = {
            "menu": button(self.ui, (x, y, bw, bh), "Main menu", cls="@primary",
                           tip="Continue from the emergency save"),
            "quit": button(self.ui, (x + bw + look.px(12), y, bw, bh), "Quit",
                           tip="Close the game (Esc)"),
        }
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
        if self.nav.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q):
            self.choose("quit")
            return True
        return False

    def choose(self, key: str) -> None:
        if key == "quit":
            self.app.quit()
        elif key == "menu":
            from game.ui.scenes.menu import MenuScene

            self.app.crashed = False
            self.app.reset_to(MenuScene(self.app))

    def draw(self, surface) -> None:
        look = self.look
        surface.fill(look.colour("bg"))
        panel_rect(surface, self.frame, look, alpha=250)
        f = self.frame
        x, width = f.x + look.px(34), f.w - look.px(68)
        y = f.y + look.px(26)
        styles = {"head": (look.fs(30), "gold", True), "text": (look.fs(17), "text", False),
                  "label": (look.fs(14), "gold_dim", True),
                  "path": (look.fs(15), "text", False), "error": (look.fs(15), "red", False)}
        for style, text in self.lines():
            size, colour, bold = styles[style]
            font = look.font(size, bold=bold)
            if style == "label":
                y += look.px(10)
            for part in look.wrap(text, font, width):
                surface.blit(font.render(part, True, look.colour(colour)), (x, y))
                y += font.get_linesize()
            if style == "head":
                y += look.px(10)
