"""Records (issue 36): wins, losses and best score per AI level and map, read from the
data folder's records.json (game.records), strongest level first."""

from __future__ import annotations

import pygame
import pygame_gui

from game import records
from game.i18n import N_, _
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.widgets import KeyNav, button, kind_name, label

EMPTY = N_("No records yet: finish a game against AI dragons and it counts here.")


class RecordsScene(Scene):
    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pad = look.px(24)
        self.frame = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        f = self.frame
        self.records, self.problem = records.load(self.app.data_dir)
        self.rows = records.rows(self.records)
        self.title = label(self.ui, (f.x + pad, f.y + look.px(12), look.px(500), look.px(60)),
                           _("Records"), cls="@title")
        tw, th = look.px(180), look.px(42)
        self.back = button(self.ui, (f.x + pad, f.bottom - th - pad, tw, th), _("Back"),
                           tip="Esc")
        self.nav = KeyNav()
        self.nav.set_items([self.back])
        self.first = 0  # the first row shown (Up/Down scroll a long table)

    def leave(self) -> None:
        self.back.kill()
        self.title.kill()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.first = max(0, min(max(0, len(self.rows) - 1), self.first + step))
                return True
        return self.nav.handle(event)

    def _columns(self) -> list[int]:
        f, px = self.frame, self.look.px
        x = f.x + px(40)
        return [x, x + px(130), f.right - px(360), f.right - px(250), f.right - px(140)]

    def draw(self, surface) -> None:
        look = self.look
        surface.blit(backdrop(look, surface.get_size()), (0, 0))
        f = self.frame
        panel_rect(surface, f, look)
        hint = look.text(_("Up/Down: scroll · Esc: back"), look.fs(13), look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(topright=(f.right - look.px(24),
                                                   f.y + look.px(30))))
        y = f.y + look.px(90)
        width = f.w - look.px(80)
        if self.problem:
            y = self._lines(surface, _(self.problem), look.font(look.fs(15)), width, y,
                            "text_dim") + look.px(8)
        if not self.rows:
            self._lines(surface, _(EMPTY), look.font(look.fs(18)), width, y + look.px(20), "text")
            return
        cols = self._columns()
        head_font = look.font(look.fs(17), bold=True)
        row_font = look.font(look.fs(17))
        name_w = cols[2] - cols[1] - look.px(16)
        for x, text in zip(cols, (_("Level"), _("Map"), _("Wins"), _("Losses"),
                                  _("Best score")), strict=True):
            surface.blit(head_font.render(text, True, look.colour("gold")), (x, y))
        y += head_font.get_linesize() + look.px(6)
        bottom = f.bottom - look.px(90)
        for level, name, wins, losses, best in self.rows[self.first:]:
            if y + row_font.get_linesize() > bottom:
                break
            colour = look.colour("text")
            surface.blit(row_font.render(kind_name(level), True, colour), (cols[0], y))
            for x, n in zip(cols[2:], (wins, losses, "—" if best is None else best),
                            strict=True):
                surface.blit(row_font.render(str(n), True, colour), (x, y))
            # a long map title wraps in its column (never cut)
            for text in look.wrap(name, row_font, name_w):
                surface.blit(row_font.render(text, True, colour), (cols[1], y))
                y += row_font.get_linesize()
            y += look.px(4)

    def _lines(self, surface, text: str, font, width: int, y: int, colour: str) -> int:
        """Draw `text` wrapped to `width` at y; returns the y below it."""
        for line in self.look.wrap(text, font, width):
            surface.blit(font.render(line, True, self.look.colour(colour)),
                         (self.frame.x + self.look.px(40), y))
            y += font.get_linesize()
        return y
