"""Rules reference: tabs on the left, the section in a scrolling text box. Other
reference screens (Credits) are the same scene with their own title and sections."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.i18n import N_, _
from game.ui.rules_text import SECTIONS
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.widgets import KeyNav, button, label


class RulesScene(Scene):
    TITLE = N_("Rules")  # N_: translated where shown, in the language of the moment
    SECTIONS: Sequence[tuple[str, Callable[[], str]]] = SECTIONS  # (tab, its HTML)
    BACK_TIP = N_("Back to where you were (Esc)")

    def tab_tip(self, i: int, name: str) -> str:
        # TRANSLATORS: {section} is a tab's name (Charts, Actions ...), {n} its number key
        return _("Show {section} (key {n})").format(section=_(name), n=i + 1)

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
                           _(self.TITLE), cls="@title")
        tw, th = look.px(180), look.px(42)
        y = f.y + look.px(76)
        self.tabs = []
        for i, (name, _html) in enumerate(self.SECTIONS):
            self.tabs.append(button(self.ui, (f.x + pad, y, tw, th), _(name),
                                    tip=self.tab_tip(i, name)))
            y += th + look.px(8)
        self.back = button(self.ui, (f.x + pad, f.bottom - th - pad, tw, th), _("Back"),
                           tip=_(self.BACK_TIP))
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
        self.box = UITextBox(self.SECTIONS[i][1](), self.box_rect, self.ui,
                             object_id=ObjectID(class_id="@rules"))

    def leave(self) -> None:
        for el in self.tabs + [self.back, self.title, self.box]:
            if el is not None:
                el.kill()

    def scroll(self, step: float) -> None:
        bar = self.box.scroll_bar if self.box is not None else None
        if bar:
            bar.set_scroll_from_start_percentage(
                max(0.0, min(1.0, bar.start_percentage + step)))

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
            if pygame.K_1 <= k < pygame.K_1 + len(self.SECTIONS):
                self.show(k - pygame.K_1)
                return True
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if k == pygame.K_RIGHT else -1
                self.show((self.section + step) % len(self.SECTIONS))
                return True
            if k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll(0.25 if k == pygame.K_PAGEDOWN else -0.25)
                return True
        return self.nav.handle(event)

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, self.look)
        # TRANSLATORS: {keys} is a range of number keys such as 1-6
        hint = self.look.text(_("{keys} or Left/Right: sections · PgUp/PgDn: scroll · "
                                "Esc: back").format(keys=f"1-{len(self.SECTIONS)}"),
                              self.look.fs(13),
                              self.look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(topright=(self.frame.right - self.look.px(24),
                                                   self.frame.y + self.look.px(30))))
