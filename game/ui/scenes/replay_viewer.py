"""The replay viewer: step through a recorded game and see the board and log at each step.

Position i is the game after its first i answers (game.persistence.replay_positions).
Forward by one plays the next answer on the match already held; any other jump rebuilds
from the nearest keyframe of its ReplayPositions. Controls: the buttons under the board, a slider to
scrub, and the keys Left/Right (step), Space (play/pause), Home/End (start/end), Esc (close).

A finished game is shown with every card face up; an unfinished one (a save still being
played, perhaps hot-seat) shows no dragon's card, as a spectator would see it (P42).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from game.i18n import _
from game.match import Match
from game.persistence.replay_positions import ReplayPositions
from game.seat_view import scrub, visible_events
from game.session import answer_words
from game.ui import board_input
from game.ui.board_view import BoardView
from game.ui.controller import seat_for
from game.ui.log_view import LOG_ROWS, LogView
from game.ui.panel import PanelView, panel_model
from game.ui.scene import Scene
from game.ui.scenes.widgets import button
from game.ui.settings import PACE_FACTOR
from game.ui.shown_board import board_doc
from game.words import dragon as dragon_name
from game.words import shown

PLAY_STEP = 0.7   # seconds per answer while playing, at the normal pace
INSTANT_STEP = 0.05


class ReplayScene(Scene):
    def __init__(self, app, session, name: str | None = None):
        super().__init__(app)
        self.positions = ReplayPositions(session)
        dragons = [e["dragon"] for e in session.events if e.get("type") == "dragon"]
        self.dragons = dragons
        # TRANSLATORS: between the dragons' names in a replay's title ("Red vs Blue")
        self.name = name or session.name or _(" vs ").join(dragon_name(d) for d in dragons)
        self.finished = any(e.get("type") == "game_over" for e in session.events)

        self.seats = {d: seat_for(session.players.get(d, "human")) for d in dragons}
        self.view = BoardView(session.board, palette=app.look.palette)
        self.log = LogView(app.look)
        self.panel = PanelView(app.look)
        self.pos = -1
        self.match: Match | None = None
        self.doc: dict | None = None
        self.playing = False
        self.clock = 0.0
        self.time = 0.0
        self.fitted = False
        self.widgets: list = []
        self.go(0)

    def __len__(self) -> int:
        return len(self.positions)

    # ----- positions ---------------------------------------------------------------
    def _events(self, events: list[dict]) -> list[dict]:
        return events if self.finished else visible_events(events, None)

    def go(self, i: int) -> None:
        """Show position i (clamped to the recording)."""
        i = max(0, min(len(self) - 1, int(i)))
        if i == self.pos:
            return
        if self.match is not None and i == self.pos + 1:
            self.match.submit(self.positions.answer(self.pos))
            for e in self._events(self.positions.step_events(self.pos)):
                self.log.add(e)
        else:
            if self.match is not None:
                self.match.close()
            self.match = self.positions.match_at(i)
            before = len(self.positions.events_until(i))
            if i < self.pos and self.log.lines:
                self.log.truncate(1 + before)
            else:
                self.log.reset(self._events(self.positions.events_until(i)),
                               (_("Replay of {name}").format(name=self.name),))
        self.pos = i
        full = self.match.snapshot()
        self.doc = scrub(full, None) if not self.finished else {
            k: v for k, v in full.items() if k not in ("dice", "seed", "deck")}
        if self.pos >= len(self) - 1:
            self.playing = False
        self._sync_controls()

    def board_doc(self) -> dict:
        return board_doc(self.shown_doc())

    def shown_doc(self) -> dict:
        """The document of the position shown (`go` sets it, from the first frame on)."""
        assert self.doc is not None
        return self.doc

    def answer_text(self) -> str:
        """What the answer just given was ('Red: Move to (6, 5)'), or where we are."""
        if self.pos == 0:
            return _("The table is set: the first answer is next")
        i = self.pos - 1
        # TRANSLATORS: a replay step: a dragon and its answer ("Red: Move to (3, 4)")
        return _("{dragon}: {answer}").format(dragon=dragon_name(self.positions.dragons[i]),
                                              answer=shown(answer_words(self.positions.answer(i))))

    def step_text(self) -> str:
        return _("Step {n} of {total}").format(n=self.pos, total=len(self) - 1)

    # ----- layout ------------------------------------------------------------------
    def enter(self) -> None:
        self.app.sound.music.play("game")
        look = self.look
        self.panel.look = look
        self.log.look = look
        self.banner_h, self.board_area, self.panel_rect, self.bar_rect = look.board_layout(
            self.app.screen.get_size(), look.px(96))
        if self.bar_rect.w < look.px(900):
            # a narrow window: the transport bar runs under the panel too, so the step
            # and the answer given read in full (as on the board screen)
            self.bar_rect.w = self.app.screen.get_width()
            self.panel_rect.h -= self.bar_rect.h
        self.view.set_palette(look.palette)
        self.view.set_rect(self.board_area)
        if not self.fitted:
            self.view.fit()
            self.fitted = True
        bh = look.px(30)
        x0 = self.panel_rect.x + look.px(8)
        self.close_btn = button(self.ui, (x0, look.px(6), self.panel_rect.w - look.px(16), bh),
                                _("Close replay"), tip=_("Back") + " (Esc)")
        # transport: buttons on the left of the bar, slider along its top
        b = self.bar_rect
        pad = look.px(12)
        self.slider = UIHorizontalSlider(
            pygame.Rect(b.x + pad, b.y + look.px(6), b.w - 2 * pad,
                        max(26, look.px(28))),  # its arrows' glyphs fit at 85%
            start_value=self.pos, value_range=(0, max(1, len(self) - 1)),
            manager=self.ui, click_increment=1)
        bw, gap = look.px(92), look.px(6)
        y = b.y + look.px(38)
        bh2 = b.bottom - y - look.px(8)
        specs = [("start", "« " + _("Start"), _("Home")), ("back", "‹ " + _("Back"), _("Left")),
                 ("play", _("Play"), _("Space")), ("forward", _("Next") + " ›", _("Right")),
                 ("end", _("End") + " »", _("End"))]
        self.buttons = {}
        for i, (key, text, hint) in enumerate(specs):
            self.buttons[key] = button(self.ui, (b.x + pad + i * (bw + gap), y, bw, bh2), text,
                                       cls="@primary" if key == "play" else None, tip=hint)
        self.text_x = b.x + pad + len(specs) * (bw + gap) + look.px(10)
        self.widgets = [self.close_btn, self.slider, *self.buttons.values()]
        n = len(self.dragons)
        self.panel_top = look.px(6) + bh + look.px(4)
        # the log keeps its six lines as on the board (compact rows when needed)
        self.panel.fit(n, self.panel_rect.h - self.panel_top - look.px(50)
                       - LOG_ROWS * look.font(look.body(14)).get_linesize())
        log_top = self.panel_top + self.panel.height(n)
        self.log_rect = pygame.Rect(self.panel_rect.x + look.px(6), log_top + look.px(22),
                                    self.panel_rect.w - look.px(12),
                                    self.panel_rect.h - log_top - look.px(28))
        if self.log_rect.h > look.px(60):
            self.log.build(self.ui, self.log_rect)
        self._sync_controls()

    def leave(self) -> None:
        for el in self.widgets:
            el.kill()
        self.widgets = []
        self.log.kill()

    def close(self) -> None:
        if self.match is not None:
            self.match.close()
            self.match = None

    def _sync_controls(self) -> None:
        if not self.widgets:
            return
        last = len(self) - 1
        for key, ok in (("start", self.pos > 0), ("back", self.pos > 0),
                        ("forward", self.pos < last), ("end", self.pos < last),
                        ("play", self.pos < last or self.playing)):
            (self.buttons[key].enable if ok else self.buttons[key].disable)()
        self.buttons["play"].set_text(_("Pause") if self.playing else _("Play"))
        if int(self.slider.get_current_value()) != self.pos:
            self.slider.set_current_value(self.pos)

    # ----- input -------------------------------------------------------------------
    def toggle_play(self) -> None:
        if not self.playing and self.pos >= len(self) - 1:
            return
        self.playing = not self.playing
        self.clock = 0.0
        self._sync_controls()

    def act(self, key: str) -> None:
        last = len(self) - 1
        target = {"start": 0, "back": self.pos - 1, "forward": self.pos + 1,
                  "end": last}.get(key)
        if key == "play":
            self.toggle_play()
        elif target is not None:
            if key != "forward":
                self.playing = False
            self.go(target)

    def exit(self) -> None:
        self.close()
        self.app.pop()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_btn:
                self.exit()
                return True
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.act(key)
                    return True
            return False
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and \
                event.ui_element is self.slider:
            self.playing = False
            self.go(int(round(self.slider.get_current_value())))
            return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_SPACE: "play",
                    pygame.K_HOME: "start", pygame.K_END: "end"}
            if event.key in keys:
                self.act(keys[event.key])
                return True
            if event.key == pygame.K_ESCAPE:
                self.exit()
                return True
            if board_input.zoom_key(self.view, event.key):
                return True
            if event.key == pygame.K_f:
                self.view.fit()
                return True
        if self.log.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            board_input.wheel_zoom(self.view, self.board_area, event)
            return True
        return False

    def update(self, dt: float) -> bool:
        self.time += dt
        self.log.update()
        if not self.playing:
            return False
        factor = PACE_FACTOR.get(self.app.settings.pace, 1.0)
        period = PLAY_STEP * factor if factor > 0 else INSTANT_STEP
        self.clock += dt
        while self.playing and self.clock >= period:
            self.clock -= period
            self.go(self.pos + 1)
        return True

    # ----- drawing -----------------------------------------------------------------
    def _highlights(self) -> dict:
        """The cells the last answer touched."""
        out: dict = {}
        if self.pos == 0:
            return out
        for e in self.positions.step_events(self.pos - 1):
            if e.get("type") in ("move", "displaced") and e.get("to") is not None:
                out[tuple(e["to"])] = ("selected", 2)
            elif isinstance(e.get("at"), list) and len(e["at"]) == 2 and \
                    e.get("type") not in ("roll",):
                out.setdefault(tuple(e["at"]), "info")
        return out

    def draw(self, surface) -> None:
        look = self.look
        self.view.draw(surface, self.board_doc(), highlights=self._highlights())
        # the strip over the board: what this is
        r = pygame.Rect(0, 0, self.board_area.w, self.banner_h)
        pygame.draw.rect(surface, look.colour("bar"), r)
        pygame.draw.line(surface, look.colour("edge"), r.bottomleft, r.bottomright, 1)
        tag = look.text(_("REPLAY"), look.fs(13), look.colour("bg"), bold=True)
        tr = tag.get_rect(midleft=(look.px(14), r.centery))
        pygame.draw.rect(surface, look.colour("gold"), tr.inflate(look.px(12), look.px(6)),
                         border_radius=look.px(4))
        surface.blit(tag, tr)
        head = look.fit_text(self.name, look.font(look.fs(17), bold=True),
                             r.w - tr.right - look.px(220), look.colour("text"))
        surface.blit(head, head.get_rect(midleft=(tr.right + look.px(16), r.centery)))
        keys = look.text(_("Left/Right step · Space plays · Home/End"), look.fs(13),
                         look.colour("text_dim"))
        surface.blit(keys, keys.get_rect(midright=(r.right - look.px(10), r.centery)))
        self._draw_bar(surface)
        self._draw_panel(surface)

    def _draw_bar(self, surface) -> None:
        look = self.look
        b = self.bar_rect
        pygame.draw.rect(surface, look.colour("bar"), b)
        pygame.draw.line(surface, look.colour("edge"), b.topleft, b.topright, 2)
        x = self.text_x
        width = b.right - x - look.px(12)
        y = b.y + look.px(40)
        rnd = _("round {n}").format(n=self.shown_doc()["round"])
        step = look.fit_text(f"{self.step_text()} · {rnd}",
                             look.font(look.fs(15), bold=True), width, look.colour("gold"))
        surface.blit(step, (x, y))
        y += step.get_height() + look.px(2)
        if self.pos > 0:
            icon = look.sprite(f"dragon/{self.positions.dragons[self.pos - 1]}", look.px(22))
            surface.blit(icon, (x, y))
            x += icon.get_width() + look.px(6)
            width -= icon.get_width() + look.px(6)
        ans = look.fit_text(self.answer_text(), look.font(look.fs(16)), width,
                            look.colour("text"))
        surface.blit(ans, (x, y + look.px(2)))

    def _draw_panel(self, surface) -> None:
        look = self.look
        pygame.draw.rect(surface, look.colour("bg2"), self.panel_rect)
        pygame.draw.line(surface, look.colour("edge"), self.panel_rect.topleft,
                         self.panel_rect.bottomleft, 2)
        doc = self.shown_doc()
        pending = doc.get("pending") or {}
        model = panel_model(doc, self.seats, deciding=pending.get("dragon"))
        rect = pygame.Rect(self.panel_rect.x, self.panel_top, self.panel_rect.w,
                           self.panel.height(len(model.rows)))
        self.panel.draw(surface, rect, model)
        if self.log.wrapped_for is not None:
            self.log.draw(surface)
            t = look.text(_("Game log"), look.fs(14), look.colour("gold"), bold=True)
            surface.blit(t, (self.log_rect.x + look.px(4), self.log_rect.y - look.px(20)))
