"""The crash screen: an unexpected error never makes the window vanish.

App.crash() has already written an emergency save (game.persistence.crash) and a log; this screen
says so in words, shows both paths, and offers the main menu (whose Continue finds the
emergency save) or Quit. It draws with plain shapes and text only, so a broken piece of
art or a broken board cannot break it too.
"""

from __future__ import annotations

import contextlib

import pygame

from game.i18n import _
from game.ui.scenes.backdrop import cached_backdrop, panel_rect
from game.ui.scenes.button_menu import ButtonMenu
from game.ui.scenes.widgets import button

MAX_ERROR_CHARS = 300  # a megabyte-long error message must not stall the wrap


def crash_line(app) -> str | None:
    """The first line of the error when the app is showing (or showed) its crash
    screen, else None: scripted runs (--frames, --screenshot, preview --once) exit
    non-zero with it rather than "saved" over a crash screen."""
    for scene in reversed(getattr(app, "scenes", ())):
        if isinstance(scene, CrashScene):
            return scene.error.splitlines()[0] if scene.error else "unknown error"
    return "unknown error" if getattr(app, "crashed", False) else None


class CrashScene(ButtonMenu):
    shortcuts = {pygame.K_ESCAPE: "quit", pygame.K_q: "quit"}

    def __init__(self, app, exc: BaseException | None, save_path, log_path,
                 kept_by_host: bool = False):
        super().__init__(app)
        self.kept_by_host = kept_by_host  # a joining window: the host keeps the game
        error = "unknown error"
        with contextlib.suppress(Exception):  # str() of a broken exception may fail too
            error = f"{type(exc).__name__}: {exc}" if exc is not None else error
        self.error = error if len(error) <= MAX_ERROR_CHARS else error[:MAX_ERROR_CHARS] + "…"
        self.save_path = save_path
        self.log_path = log_path

    def lines(self) -> list[tuple[str, str]]:
        """(style, text) rows of the message; tests read them."""
        out = [("head", _("Something went wrong")),
               ("text", _("Narby Conquest hit an unexpected error and stopped the game."))]
        if self.save_path is not None:
            out += [("text", _("Your game was saved first, so nothing is lost. Choose "
                               "Continue on the main menu (now or next time) to play on.")),
                    ("label", _("Emergency save")), ("path", str(self.save_path))]
        elif self.kept_by_host:
            out.append(("text", _("The online game goes on at its host, which keeps it: "
                                  "choose Join game on the main menu to rejoin your seat.")))
        else:
            out.append(("text", _("No game was in progress, so there was nothing to save.")))
        if self.log_path is not None:
            out += [("label", _("Error report (please attach it to a bug report)")),
                    ("path", str(self.log_path))]
        out += [("label", _("The error")), ("error", self.error)]
        return out

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        fw = min(w - look.px(80), look.px(900))
        fh = min(h - look.px(60), self._text_height(fw - look.px(68)) + look.px(130))
        self.frame = pygame.Rect((w - fw) // 2, (h - fh) // 2, fw, fh)
        bw, bh = look.px(220), look.px(44)
        y = self.frame.bottom - bh - look.px(22)
        x = self.frame.right - look.px(28) - 2 * bw - look.px(12)
        self.set_buttons({
            "menu": button(self.ui, (x, y, bw, bh), _("Main menu"), cls="@primary",
                           tip=_("Continue from the emergency save")),
            "quit": button(self.ui, (x + bw + look.px(12), y, bw, bh), _("Quit"),
                           tip=_("Close the game") + " (Esc)"),
        })
        self.nav.focus(0)

    def choose(self, key: str) -> None:
        if key == "quit":
            self.app.quit()
        elif key == "menu":
            self.app.crashed = False
            self.app.main_menu()

    def _styles(self) -> dict:
        look = self.look
        return {"head": (look.fs(30), "gold", True), "text": (look.fs(17), "text", False),
                "label": (look.fs(14), "gold", True),
                "path": (look.fs(15), "text", False), "error": (look.fs(15), "red", False)}

    def _layout(self, width: int):
        """[(font, colour, text, y offset)] of every line, and the total height."""
        look, out, y = self.look, [], 0
        styles = self._styles()
        for style, text in self.lines():
            size, colour, bold = styles[style]
            font = look.font(size, bold=bold)
            if style == "label":
                y += look.px(12)
            for part in look.wrap(text, font, width):
                out.append((font, colour, part, y))
                y += font.get_linesize()
            if style == "head":
                y += look.px(10)
        return out, y

    def _text_height(self, width: int) -> int:
        return self._layout(width)[1]

    def draw(self, surface) -> None:
        look = self.look
        surface.fill(look.colour("bg"))
        # the menus' dimmed board only if already drawn: after running out of memory (a
        # huge map or window) drawing a new window-sized board could fail again, harder
        with contextlib.suppress(Exception):
            shown = cached_backdrop(look, surface.get_size())
            if shown is not None:
                surface.blit(shown, (0, 0))
        panel_rect(surface, self.frame, look, alpha=250)
        f = self.frame
        x = f.x + look.px(34)
        pygame.draw.rect(surface, look.colour("red"), (f.x + look.px(2), f.y + look.px(20),
                                                       look.px(6), look.px(44)))
        lines, _height = self._layout(f.w - look.px(68))
        for font, colour, text, dy in lines:
            surface.blit(font.render(text, True, look.colour(colour)),
                         (x, f.y + look.px(26) + dy))
