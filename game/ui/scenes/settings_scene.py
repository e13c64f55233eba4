"""Settings: window size, full screen, UI scale, animation pace, colour-blind palette,
hot-seat hand-over, log; and sound: on/off (M on the board), master, effects and music
volume, each with a Test button. Applied at once and remembered (game.ui.settings);
the volumes are heard while they change, and Back without Apply restores them."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game import i18n
from game.i18n import _, p_
from game.ui import scale_fit
from game.ui import settings as settings_mod
from game.ui.scene import Scene
from game.ui.scenes.backdrop import backdrop, panel_rect
from game.ui.scenes.keys_scene import KeysScene
from game.ui.scenes.widgets import (
    PACE_NAMES,
    TEXT_SIZE_NAMES,
    Cycler,
    KeyNav,
    button,
    dialog_key,
    label,
)
from game.ui.settings import PACES, TEXT_SIZES, UI_SCALES, WINDOW_SIZES, Settings
from game.ui.sound.cues import Cue

LEVELS = [round(i / 10, 1) for i in range(11)]  # volume steps, 0% .. 100%
# what each Test button plays
TESTS = {"master_volume": Cue("your_turn", 95, 1.0, "test"),
         "effects_volume": Cue("dice_2", 95, 1.0, "test")}


def nearest_level(volume: float) -> float:
    """The volume step shown for a saved volume (a hand-edited 0.33 shows as 30%)."""
    return min(LEVELS, key=lambda v: abs(v - volume))


class SettingsScene(Scene):
    # choices not yet applied, kept while the screen is built again (a language picked,
    # a resize); and the control that had the keyboard focus
    draft: Settings | None = None
    focused: str | None = None

    def enter(self) -> None:
        look = self.look
        s = self.draft or self.app.settings
        w, h = self.app.screen.get_size()
        cw, rh, gap = look.px(430), look.px(42), look.px(10)
        col_gap = look.px(40)
        rows = 13  # the longer column (12 settings) and the row of buttons
        room = h - look.px(16) - look.px(170)
        if rows * (rh + gap) > room:  # a short window at a large UI scale: closer rows
            gap = look.px(5)
            rh = max(look.px(26), room // rows - gap)
        self.frame = pygame.Rect(0, 0, 2 * cw + col_gap + look.px(80),
                                 rows * (rh + gap) + look.px(170))
        self.frame.center = (w // 2, h // 2)
        x = self.frame.x + look.px(40)
        top = self.frame.y + look.px(120)
        y = top
        self.title = label(self.ui, (x, self.frame.y + look.px(16), look.px(500), look.px(60)),
                           _("Settings"), cls="@title")
        self.headings = [
            label(self.ui, (x, top - look.px(40), cw, look.px(34)), _("Window and play"),
                  cls="@heading"),
            label(self.ui, (x + cw + col_gap, top - look.px(40), cw, look.px(34)), _("Sound"),
                  cls="@heading")]
        sizes: list[tuple[int, ...]] = list(WINDOW_SIZES)
        if tuple(s.window) not in sizes:
            sizes.append(tuple(s.window))
        self.cyclers: dict[str, Cycler] = {}
        self.tests: dict[str, UIButton] = {}

        def add(key, values, labels, value, name, tip, width=cw, on_change=None):
            nonlocal y
            idx = values.index(value) if value in values else 0
            self.cyclers[key] = Cycler(self.ui, (x, y, width, rh), values, labels, idx,
                                       prefix=f"{name}  ", tip=tip, on_change=on_change)
            y += rh + gap

        # TRANSLATORS: a setting's state (Full screen on/off, Sound on/off ...)
        on, off = _("on"), _("off")

        # issue 38: each language in its own name; a pick applies at once
        codes = list(i18n.LANGUAGES)
        add("language", codes, [i18n.LANGUAGES[c] for c in codes], i18n.language(),
            _("Language"), _("The language of every word in the game (applies at once)"),
            on_change=self._language)
        add("window", sizes, [f"{a} × {b}" for a, b in sizes], tuple(s.window), _("Window"),
            _("Window size (drag the window edge for any other size)"),
            on_change=self._scale_note)
        add("fullscreen", [False, True], [off, on], s.fullscreen, _("Full screen"), "F11")
        add("ui_scale", list(UI_SCALES), [f"{round(v * 100)}%" for v in UI_SCALES],
            s.ui_scale, _("UI scale"), _("Size of text and controls (a window too small for "
                                         "it uses the largest that fits)"),
            on_change=self._scale_note)
        add("text_size", list(TEXT_SIZES), [_(TEXT_SIZE_NAMES[k]) for k in TEXT_SIZES],
            s.text_size, _("Text size"),
            _("The log, descriptions and tooltips, apart from the UI scale"))
        add("pace", list(PACES), [_(PACE_NAMES[p]) for p in PACES], s.pace,
            _("Animation pace"), _("How fast rolls and AI turns play (P on the board; "
                                   "Space skips)"))
        # TRANSLATORS: the dragons' colours: the usual ones, or a colour-blind safe set
        add("palette", ["normal", "colourblind"], [_("normal"), _("colour-blind safe")],
            s.palette, _("Dragon colours"), _("A palette told apart with any colour vision"))
        add("hotseat_handover", [True, False], [on, off], s.hotseat_handover,
            _("Hot-seat hand-over"), _("Default for new games with two or more people"))
        add("show_log", [True, False], [_("shown"), _("hidden")], s.show_log, _("Game log"),
            _("L on the board"))
        add("watch_setup", [False, True], [_("summarised"), _("every roll")], s.watch_setup,
            _("Setup rolls"), _("Caverns and the first settlements: one summary card, or "
                                "watch each roll"))
        # issue 16: the guard-rail questions and the board's edge coordinates
        add("confirm", ["both", "end", "last", "off"],
            [_("both"), _("ending a turn early"), _("the last action"), _("never")],
            _confirm_value(s), _("Ask first"),
            _("Ask before ending a turn with actions left, and before spending the last "
              "action while a turn card or power is unused"))
        add("show_coordinates", [False, True], [off, on], s.show_coordinates,
            _("Cell coordinates"),
            _("Column and row numbers on the board edges, as in the log"))
        bottom = y
        # the sound column: on/off, then each volume with its Test button
        x, y = x + cw + col_gap, top
        preview = self._preview
        add("muted", [False, True], [on, off], s.muted, _("Sound"),
            _("M on the board turns the sound on and off"), on_change=preview)
        tw = look.px(90)
        # TRANSLATORS: the volume of everything (not the Master AI level)
        for key, name, tip in (("master_volume", p_("volume", "Master"),
                                _("Everything you hear")),
                               ("effects_volume", _("Effects"), _("Dice, coins, chimes, clicks")),
                               ("music_volume", _("Music"),
                                _("The menu theme and the game loop"))):
            # TRANSLATORS: a button that plays a sound at the volume beside it
            self.tests[key] = button(self.ui, (x + cw - tw, y, tw, rh), _("Test"),
                                     tip=_("Play a sound at this volume"))
            add(key, LEVELS, [f"{round(v * 100)}%" for v in LEVELS],
                nearest_level(getattr(s, key)),
                name, tip, width=cw - tw - gap, on_change=preview)
        # issue 34: the board's look
        add("show_grid", [True, False], [on, off], s.show_grid, _("Show grid"),
            _("The faint lines between the board's cells"))
        add("reduce_motion", [False, True], [off, on], s.reduce_motion, _("Reduce motion"),
            _("No idle motion on the board, and effects appear in place instead of flying"))
        note = (_("Every sound is also shown on the board.") if self.app.sound.available
                else _("No audio device: the game plays silently."))
        self.note = label(self.ui, (x, y, cw, rh), note, cls="@note")
        # issue 33: a scale the window cannot hold is lowered, and said so here
        self.scale_label = label(self.ui, (x, y + rh + gap, cw, rh), "", cls="@note")
        self._scale_note()
        y = max(y + 2 * rh + gap, bottom)
        x = self.frame.x + look.px(40)
        full = 2 * cw + col_gap
        bw = (full - 2 * gap) // 3
        self.back = button(self.ui, (x, y + gap, bw, rh + 4), _("Back"), tip="Esc")
        self.keys_btn = button(self.ui, (x + bw + gap, y + gap, bw, rh + 4), _("Keys…"),
                               tip=_("Rebind the board's keys (saved at once)"))
        self.apply = button(self.ui, (x + 2 * (bw + gap), y + gap, bw, rh + 4), _("Apply"),
                            cls="@primary", tip="Enter")
        self.frame.h = y + gap + rh + 4 + look.px(44) - self.frame.y
        self.frame.centery = h // 2
        self.nav = KeyNav()
        order: list[Cycler | UIButton] = [c for k, c in self.cyclers.items()]
        for key, test in self.tests.items():  # each Test right after its volume
            order.insert(order.index(self.cyclers[key]) + 1, test)
        self.nav.set_items(order + [self.back, self.keys_btn, self.apply])
        keep = self.cyclers.get(self.focused or "")
        self.nav.focus(self.nav.items.index(keep) if keep else 0)

    def _scale_note(self, _value=None) -> None:
        """Say when the chosen window cannot hold the chosen UI scale."""
        if "ui_scale" not in self.cyclers or not hasattr(self, "scale_label"):
            return
        chosen = self.chosen()
        size = self.app.screen.get_size() if chosen.fullscreen else \
            (chosen.window[0], chosen.window[1])
        self.scale_label.set_text(scale_fit.note(chosen.ui_scale, size))

    def _language(self, code: str) -> None:
        """Show the game in `code` at once: this screen (and those beneath) built again
        in it, the other choices kept as they are."""
        self.focused = "language"
        self.app.set_language(code)

    def leave(self) -> None:
        self.draft = self.chosen()
        for c in self.cyclers.values():
            c.kill()
        for el in (self.title, self.note, self.scale_label, self.back, self.apply,
                   self.keys_btn, *self.headings,
                   *self.tests.values()):
            el.kill()

    def chosen(self) -> Settings:
        s = Settings(**vars(self.app.settings))
        for key, c in self.cyclers.items():
            if key == "language":
                continue  # applied the moment it is picked (App.set_language)
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
            for key, test in self.tests.items():
                if event.ui_element is test:
                    self.test(key)
                    return True
            if event.ui_element is self.back:
                self.cancel()
                return True
            if event.ui_element is self.apply:
                self.save()
                return True
            if event.ui_element is self.keys_btn:
                self.app.push(KeysScene(self.app))
                return True
        if self.nav.handle(event):
            return True
        return dialog_key(event, self.save, self.cancel)

    def _preview(self, _value=None) -> None:
        """Hear the volumes as they are chosen (Apply keeps them, Back does not)."""
        self.app.sound.configure(self.chosen())

    def test(self, key: str) -> None:
        """Play a sound at the chosen volumes: a chime (master), dice (effects) or the
        music (which starts if none plays)."""
        self._preview()
        sound = self.app.sound
        if key == "music_volume":
            if sound.music.track is None:
                sound.music.play("menu")
            sound.music.unduck()
            return
        sound.cue(TESTS[key])

    def cancel(self) -> None:
        self.app.sound.configure(self.app.settings)
        self.app.pop()

    def save(self) -> None:
        new = self.chosen()
        self.app.pop()
        self.app.apply_settings(new)

    def draw(self, surface) -> None:
        surface.blit(backdrop(self.look, surface.get_size()), (0, 0))
        panel_rect(surface, self.frame, self.look)
        where = self.look.text(_("Saved in {folder}").format(folder=settings_mod.config_dir()),
                               self.look.fs(12),
                               self.look.colour("text_dim"))
        surface.blit(where, where.get_rect(midbottom=(self.frame.centerx,
                                                      self.frame.bottom - self.look.px(10))))

    def draw_after_ui(self, surface) -> None:
        """A level bar along the bottom of each volume control (dim when muted)."""
        look = self.look
        muted = self.cyclers["muted"].value
        for key in self.tests:
            c = self.cyclers[key]
            r = c.button.rect
            # along the bottom edge, under the words' descenders: at 150-200% the rows are
            # squeezed, and a bar higher up ran through the label (a UI audit)
            h = max(2, look.px(2))
            bar = pygame.Rect(r.x + look.px(16), r.bottom - look.px(2) - h, r.w - look.px(32), h)
            pygame.draw.rect(surface, look.colour("text_dim"), bar, border_radius=2)
            fill = bar.copy()
            fill.w = round(bar.w * c.value)
            if fill.w:
                pygame.draw.rect(surface, look.colour("text_dim" if muted else "gold"), fill,
                                 border_radius=2)


def _confirm_value(s: Settings) -> str:
    end, last = s.confirm_end_turn, s.confirm_last_action
    return "both" if end and last else "end" if end else "last" if last else "off"
