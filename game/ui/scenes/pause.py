"""The pause menu over the board: resume, save, load, rules, settings, main menu."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui.scenes.backdrop import panel_rect
from game.ui.scenes.button_menu import ButtonMenu
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.save_dialog import SaveDialog
from game.ui.scenes.settings_scene import SettingsScene
from game.ui.scenes.widgets import button

LEAVE_ASK = N_("This ends the game for everyone: choose again")
SAVED_SHORT = N_("Saved: Load game lists it")


class PauseScene(ButtonMenu):
    overlay = True
    shortcuts = {pygame.K_s: "save", pygame.K_l: "load", pygame.K_q: "quit"}

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game = game_scene
        self.note = ""  # "Saved as ..." after a save
        self.saved = False  # the note says where a save went (a shorter line may stand in)
        self.note_shown = ""  # the words drawn for it
        # hosting an online game: leaving ends it for everyone, so the first press asks
        self.leave_asked: str | None = None

    def enter(self) -> None:
        self.app.sound.music.duck()  # paused: the music steps back
        look = self.look
        w, h = self.app.screen.get_size()
        bw, bh, gap = look.px(300), look.px(46), look.px(10)
        over = self.game.c.finished
        joined = getattr(self.game.c, "keep_seat", None) is not None  # a joining window
        # the lesson keeps no files (no data folder): it offered Save, which then said
        # "not saved", and promised an autosave that Continue never found
        unsaved = getattr(self.game.c, "is_lesson", False)
        entries = [("resume", _("Resume"), True, _("Back to the board") + " (Esc)"),
                   ("save", _("Save game"), not over and not unsaved,
                    _("The game is over: watch its replay from the end screen") if over
                    else _("The lesson's game is not saved") if unsaved
                    else _("The host keeps this game; your seat is kept to rejoin") + "  (S)"
                    if joined else _("Save to a named slot") + "  (S)"),
                   ("load", _("Load game"), True, _("Open a saved game or autosave") + "  (L)"),
                   ("rules", _("Rules"), True, None),
                   ("settings", _("Settings"), True, None),
                   ("menu", _("Leave to main menu"), True,
                    _("Ends the online game for everyone (asked first); Continue hosts it "
                      "again") if self._hosting() else
                    _("Leave this game; Join game on the main menu rejoins your seat")
                    if joined else
                    _("Leave the lesson; Learn to play on the main menu starts it again")
                    if unsaved else
                    _("The game is autosaved: Continue on the main menu resumes it")),
                   ("quit", _("Quit to desktop"), True,
                    (_("Close the game (the lesson is not kept)") if unsaved else
                     _("Close the game; it is autosaved first and Continue resumes it"))
                    + "  (Q)")]
        total = len(entries) * (bh + gap) + look.px(110)
        if total > h - look.px(16):  # a short window: lower buttons, never off the top
            gap = look.px(5)
            bh = max(look.px(30), (h - look.px(16) - look.px(110)) // len(entries) - gap)
            total = len(entries) * (bh + gap) + look.px(110)
        self.rect = pygame.Rect((w - bw - look.px(60)) // 2, (h - total) // 2,
                                bw + look.px(60), total)
        y = self.rect.y + look.px(64)
        buttons = {}
        for key, text, enabled, tip in entries:
            buttons[key] = button(self.ui, (self.rect.x + look.px(30), y, bw, bh), text,
                                  cls="@menu_button", tip=tip, enabled=enabled)
            y += bh + gap
        self.set_buttons(buttons)
        self.nav.focus(0)

    def leave(self) -> None:
        self.app.sound.music.unduck()
        super().leave()

    def handle(self, event) -> bool:
        if not super().handle(event) and event.type == pygame.KEYDOWN \
                and event.key == pygame.K_ESCAPE:
            self.app.pop()
        return True  # a modal menu: nothing reaches the board beneath

    def choose(self, key: str) -> None:
        if key in self.buttons and not self.buttons[key].is_enabled:
            return
        if key in ("menu", "quit") and self._hosting() and self.leave_asked != key:
            self.leave_asked = key
            self.note, self.saved = LEAVE_ASK, False
            return
        if key == "save":
            keep_seat = getattr(self.game.c, "keep_seat", None)
            if keep_seat is not None:  # a joining window holds no game to save
                self.note, self.saved = keep_seat(), False
                return
            self.app.push(SaveDialog(self.app, self.game.c, self))
        elif key == "load":
            self.app.load_screen(leaving=self.game)
        elif key == "resume":
            self.app.pop()
        elif key == "rules":
            self.app.push(RulesScene(self.app))
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "quit":
            self.app.quit()  # P36: autosaved first, as when the window is closed
        elif key == "menu":
            self.game.on_quit()  # P36: autosaved when the player leaves
            self.game.close()
            self.app.main_menu()

    def _hosting(self) -> bool:
        """This window hosts an online game still being played (players are in it)."""
        c = self.game.c
        return getattr(c, "core", None) is not None and not c.finished

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        panel_rect(surface, self.rect, self.look, alpha=245)
        t = self.look.text(_("Paused"), self.look.fs(30), self.look.colour("gold"), bold=True)
        surface.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.y + self.look.px(14))))
        if self.note:
            font, width = self.look.font(self.look.fs(14)), self.rect.w - self.look.px(24)
            # a long game name was cut ('Saved as "Undead vs Blue vs Black vs Gold on …'
            # at 150%, issue 33): then the line says where the save is instead
            note = self.look.first_fit([_(self.note), _(SAVED_SHORT)], font, width) \
                if self.saved else _(self.note)
            self.note_shown = note
            n = self.look.fit_text(note, font, width,
                                   self.look.colour("gold" if self.note == LEAVE_ASK
                                                    else "green"))
            surface.blit(n, n.get_rect(midbottom=(self.rect.centerx,
                                                  self.rect.bottom - self.look.px(14))))
