"""Settings: window size, full screen, UI scale, animation pace, colour-blind palette,
hot-seat hand-over, log. Applied at once and remembered (game.ui.settings). There is
no sound in this version, so there is no volume."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import settings as settings_mod
from game.ui.app import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.widgets import Cycler, KeyNav, button, label
from game.ui.settings import PACES, UI_SCALES, WINDOW_SIZES, Settings


class SettingsScene(Scene):
    def enter(self) -> None:
        look = self.look
        s = self.app.settings
        w, h = self.app.screen.get_size()
        cw, rh, gap = look.px(520), look.px(42), look.px(10)
        rows = 10
        # rows shrink a little when the window is short (the list grew with issue 16)
        rh = max(look.px(30), min(rh, (h - look.px(190)) // rows - gap))
        self.frame = pygame.Rect(0, 0, cw + look.px(80), rows * (rh + gap) + look.px(170))
        self.frame.center = (w // 2, h // 2)
        x = self.frame.x + look.px(40)
        y = self.frame.y + look.px(80)
        self.title = label(self.ui, (x, self.frame.y + look.px(16), look.px(500), look.px(60)),
                           "Settings", cls="@title")
        sizes = list(WINDOW_SIZES)
        if tuple(s.window) not in sizes:
            sizes.append(tuple(s.window))
        self.cyclers = {}

        def add(key, values, labels, value, prefix, tip):
            nonlocal y
            idx = values.index(value) if value in values else 0
            self.cyclers[key] = Cycler(self.ui, (x, y, cw, rh), values, labels, idx,
                                       prefix=prefix, tip=tip)
            y += rh + gap

        add("window", sizes, [f"{a} × {b}" for a, b in sizes], tuple(s.window), "Window  ",
            "Window size (drag the window edge for any other size)")
        add("fullscreen", [False, True], ["off", "on"], s.fullscreen, "Full screen  ", "F11")
        add("ui_scale", list(UI_SCALES), [f"{round(v * 100)}%" for v in UI_SCALES],
            s.ui_scale, "UI scale  ", "Size of text and controls")
        add("pace", list(PACES), list(PACES), s.pace, "Animation pace  ",
            "How fast rolls and AI turns play (P on the board; Space skips)")
        add("palette", ["normal", "colourblind"], ["normal", "colour-blind safe"], s.palette,
            "Dragon colours  ", "A palette told apart with any colour vision")
        add("hotseat_handover", [True, False], ["on", "off"], s.hotseat_handover,
            "Hot-seat hand-over  ", "Default for new games with two or more people")
        add("show_log", [True, False], ["shown", "hidden"], s.show_log, "Game log  ",
            "L on the board")
        # issue 16: the guard-rail questions and the board's edge coordinates
        add("confirm", ["both", "end", "last", "off"],
            ["both", "ending a turn early", "the last action", "never"],
            _confirm_value(s), "Ask first  ",
            "Ask before ending a turn with actions left, and before spending the last "
            "action while a turn card or power is unused")
        add("show_coordinates", [False, True], ["off", "on"], s.show_coordinates,
            "Cell coordinates  ", "Column and row numbers on the board edges, as in the log")
        self.note = label(self.ui, (x, y, cw, rh), "Sound: this version has no sound.",
                          cls="@note")
        y += rh + gap
        bw = (cw - gap) // 2
        self.back = button(self.ui, (x, y + gap, bw, rh + 4), "Back", tip="Esc")
        self.apply = button(self.ui, (x + bw + gap, y + gap, bw, rh + 4), "Apply",
                            cls="@primary", tip="Enter")
        self.nav = KeyNav()
        self.nav.set_items(list(self.cyclers.values()) + [self.back, self.apply])
        self.nav.focus(0)

    def leave(self) -> None:
        for c in self.cyclers.values():
            c.kill()
        for el in (self.title, self.note, self.back, self.apply):
            el.kill()

    def chosen(self) -> Settings:
        s = Settings(**vars(self.app.settings))
        for key, c in self.cyclers.items():
            if key == "confirm":
                s.confirm_end_turn = c.value in ("both", "end")
                s.confirm_last_action = c.value in ("both", "last")
            else:
                setattr(s, key, c.value)
        return s

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for c in self.cyclers.values():
                if c.handle(event):
                    return True
            if event.ui_element is self.back:
                self.app.pop()
                return True
            if event.ui_element is self.apply:
                self.save()
                return True
        if self.nav.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
                return True
        return False

    def save(self) -> None:
        new = self.chosen()
        self.app.pop()
        self.app.apply_settings(new)

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, self.look)
        where = self.look.text(f"Saved in {settings_mod.config_dir()}", self.look.fs(12),
                               self.look.colour("text_dim"))
        surface.blit(where, where.get_rect(midbottom=(self.frame.centerx,
                                                      self.frame.bottom - self.look.px(10))))


def _confirm_value(s: Settings) -> str:
    end, last = s.confirm_end_turn, s.confirm_last_action
    return "both" if end and last else "end" if end else "last" if last else "off"
