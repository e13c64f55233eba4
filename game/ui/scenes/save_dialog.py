"""Save to a named slot (over the pause menu): a name, Save, and Cancel.

The name starts as the game's save name (or "Red vs Blue on Narby Vale"). Saving over
an existing save asks first; anything that goes wrong (a full disk, a folder that cannot
be written) is shown here in words and the game goes on.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.i18n import _
from game.persistence import saves
from game.ui.scene import Scene
from game.ui.scenes.backdrop import panel_rect
from game.ui.scenes.widgets import Message, button
from game.ui.words import save_name
from game.words import shown


class SaveDialog(Scene):
    overlay = True

    def __init__(self, app, controller, pause=None):
        super().__init__(app)
        self.c = controller
        self.pause = pause
        session = controller.session
        # an automatic name in the player's language; a name the player chose as typed
        self.name = save_name(session.name or saves.default_name(session),
                              session.match.seat_names, session.board.title)
        self.error = ""
        self.confirming: str | None = None  # the name whose overwrite was asked about
        self.saved_to = None

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        fw, fh = min(w - look.px(60), look.px(620)), look.px(270)
        self.rect = pygame.Rect((w - fw) // 2, (h - fh) // 2, fw, fh)
        x, inner = self.rect.x + look.px(28), fw - look.px(56)
        row = look.px(40)
        self.entry = UITextEntryLine(pygame.Rect(x, self.rect.y + look.px(74), inner, row),
                                     self.ui, placeholder_text=_("a name for this save"))
        self.entry.set_text(self.name)
        self.entry.focus()
        self.ui.set_focus_set(self.entry)
        self.message = Message(self.ui, (x, self.rect.y + look.px(122), inner, look.px(50)))
        bw = look.px(170)
        y = self.rect.bottom - row - look.px(22)
        self.save_btn = button(self.ui, (self.rect.right - look.px(28) - bw, y, bw, row),
                               _("Save"), cls="@primary", tip="Enter")
        self.cancel_btn = button(self.ui, (self.rect.right - look.px(40) - 2 * bw, y, bw, row),
                                 _("Cancel"), tip="Esc")
        self._show()

    def leave(self) -> None:
        self.name = self.entry.get_text()
        for el in (self.entry, self.message, self.save_btn, self.cancel_btn):
            el.kill()

    def slot_path(self, name: str):
        return saves.slot_path(name, self.c.data_dir) if self.c.data_dir is not None \
            else None

    def _show(self) -> None:
        if self.confirming is not None:
            self.message.set_text(_("A save called \"{name}\" already exists. Press "
                                    "Overwrite to replace it.").format(name=self.confirming))
            self.save_btn.set_text(_("Overwrite"))
        else:
            self.message.set_text(self.error)
            self.save_btn.set_text(_("Save"))

    def save(self) -> None:
        name = self.entry.get_text().strip()
        if not name:
            self.error, self.confirming = _("Type a name for the save"), None
            self._show()
            return
        path = self.slot_path(name)
        if path is not None and path.exists() and self.confirming != name \
                and saves._looks_like_save(path):  # noqa: SLF001 (saves' own test)
            self.confirming = name
            self._show()
            return
        try:
            self.saved_to = self.c.save(name)
        except (saves.SaveError, OSError) as exc:
            self.error, self.confirming = _("Not saved: {reason}").format(
                reason=shown(exc)), None  # the reason in the player's language too
            self._show()
            return
        if self.pause is not None:
            self.pause.note = _("Saved as \"{name}\"").format(name=name)
            self.pause.saved = True
        self.app.pop()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_btn:
                self.save()
            elif event.ui_element is self.cancel_btn:
                self.app.pop()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            if self.confirming is not None or self.error:
                self.confirming, self.error = None, ""
                self._show()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
        return True

    def draw(self, surface) -> None:
        look = self.look
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        panel_rect(surface, self.rect, look, alpha=250)
        x = self.rect.x + look.px(28)
        t = look.text(_("Save game"), look.fs(26), look.colour("gold"), bold=True)
        surface.blit(t, (x, self.rect.y + look.px(18)))
        path = self.slot_path(self.entry.get_text().strip() or "save")
        if path is not None and not self.message.text:
            # where it will go (nothing is saved until Save is pressed)
            font = look.font(look.fs(13))
            width = self.rect.w - look.px(56)
            y = self.rect.y + look.px(122)
            folder = look.elide_middle(str(path.parent), font, width - look.px(20))
            for line in (_("Will be saved as {file}").format(file=path.name),
                         # TRANSLATORS: the folder the save goes in ("in /home/...")
                         _("in {folder}").format(folder=folder)):
                hint = look.text(line if font.size(line)[0] <= width else
                                 look.elide_middle(line, font, width), look.fs(13),
                                 look.colour("text_dim"))
                surface.blit(hint, (x, y))
                y += font.get_linesize()
