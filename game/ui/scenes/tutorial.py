"""Learn to play (issue 16): the board screen with a coach panel.

The coach panel takes the top of the side panel (the game log keeps the rest). It says
what to do next and why, and how by mouse and by keys; the button and the board cells
it asks for pulse in gold on the bar, the board and in question dialogs. Anything else
the player tries is refused with a line in the banner (the board screen's own error
line). A note waits for Enter or its Next button; Esc opens the pause menu, whose
"Leave to main menu" ends the lesson at any time.

`autoplay(app, scene, by=...)` plays the lesson with the inputs a person would give
(keys, or mouse clicks), optionally writing one screenshot per step:
`narby tutorial --autoplay --shots DIR` and tests/ui/test_tutorial.py use it.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from game.decisions import answer_kind, show_cell, title
from game.i18n import N_, _
from game.match import SetupError
from game.ui.action_bar import idle_slots
from game.ui.bindings import label as key_of
from game.ui.log_view import LOG_ROWS
from game.ui.scenes.game import GameScene
from game.ui.scenes.game_pace import PULSE_FPS
from game.ui.settings import Settings
from game.ui.targets import KEY_ORDER, single_target_cells, value_cells, value_label
from game.ui.tutorial import TutorialError, new_game
from game.words import shown

NOTE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n)
MAX_SHRINK = 3  # points the coach's type may lose to hold all its words
# TRANSLATORS: {hint} is the hint key ("H", or the player's own)
DONE_LINE = N_("Lesson complete: play on. {hint} asks for a hint, Esc opens the menu.")


def done_line() -> str:
    return _(DONE_LINE).format(hint=key_of("hint"))


class TutorialScene(GameScene):
    def __init__(self, app, controller):
        super().__init__(app, controller)
        self.coach = controller.coach
        self.coach_rect = pygame.Rect(0, 0, 0, 0)
        self.coach_base = 0
        self.next_rect: pygame.Rect | None = None
        self.leave_rect: pygame.Rect | None = None
        self.log.note(_("Learn to play: a short guided game on Hearth Hollow"))

    # ----- layout: the coach above a shorter log ------------------------------------------
    def enter(self) -> None:
        super().enter()
        look = self.look
        top = self.log_rect.y - look.px(22)
        bottom = self.panel_rect.bottom - look.px(6)
        h = max(look.px(200), int((bottom - top) * (0.72 if look.px(100) < 110 else 0.62)))
        self.coach_rect = pygame.Rect(self.panel_rect.x + look.px(6), top,
                                      self.panel_rect.w - look.px(12), min(h, bottom - top))
        self.coach_base = self.coach_rect.h  # the coach's height when its words fit
        self.coach_top = top  # its own top, under the dragons' rows
        log_top = self.coach_rect.bottom + look.px(28)
        self.log.kill()
        self.log_rect = pygame.Rect(self.log_rect.x, log_top, self.log_rect.w,
                                    max(0, bottom - log_top))
        if self.app.settings.show_log and self.log_rect.h > look.px(60):
            self.log.build(self.ui, self.log_rect)

    def _draw_panel(self, surface) -> None:
        if self.log_rect.h > self.look.px(60):
            super()._draw_panel(surface)
        else:  # too short for a log: only the dragons' rows
            show, self.app.settings.show_log = self.app.settings.show_log, False
            try:
                super()._draw_panel(surface)
            finally:
                self.app.settings.show_log = show

    # ----- the lesson's rules ---------------------------------------------------------
    def submit_answer(self, answer: dict, confirmed: bool = False) -> None:
        # the coach has already said what to do: the guard-rail questions stay quiet
        super().submit_answer(answer, confirmed=True)

    def _prepare(self, pending) -> None:
        """While a note is on screen the bar and questions wait: one thing at a time."""
        if self.coach.is_note() and self.coach.note_showing(True):
            if self.prepared != "note":
                self._idle_controls()
                self.prepared = "note"
                self.bar.set_slots(idle_slots(_("Read the coach's note first (Enter)")))
            return
        super()._prepare(pending)

    def _prompt_text(self):
        p = self.c.pending
        if (self.animation.idle and p is not None and not self.c.is_human(p.dragon)
                and self.coach.note_showing(False) and not self.error_time > 0):
            return _("Read the coach, then click Next (Enter)"), \
                self.look.colour("gold")
        return super()._prompt_text()

    def your_decision(self) -> bool:
        p = self.c.pending
        return (p is not None and self.c.is_human(p.dragon) and self.animation.idle
                and not self.c.queue)  # events not yet shown come first

    def waiting_for_player(self) -> bool:
        """The lesson waits for the person: a note on screen, or the step's decision is
        prepared (controls up, nothing animating)."""
        if self.coach.finished or not self.animation.idle or self.app.top is not self:
            return False
        if self.coach.is_note():
            return self.coach.note_showing(self.your_decision())
        return self.your_decision() and self.prepared not in (None, "ai", "note")

    def expected(self) -> dict | None:
        if not self.your_decision() or self.coach.is_note():
            return None
        return self.coach.expected(self.c.legal_answers())

    def _lesson_done(self) -> None:
        """Remembered in the settings: the menu no longer puts Learn to play first."""
        s = Settings(**vars(self.app.settings))
        s.lesson_done = True
        self.app.apply_settings(s)

    def marked_value(self, key: str):
        """The coach's glowing target: a click anywhere in it picks it."""
        want = self.expected()
        return want.get(key) if want is not None else None

    def next_note(self) -> bool:
        if self.coach.note_showing(self.your_decision()) and self.animation.idle:
            self.coach.done()
            self.prepared = None  # the bar and dialogs come up again for the next step
            return True
        return False

    def handle(self, event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key in NOTE_KEYS and self.coach.is_note()
                and self.next_note()):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.next_rect is not None and self.next_rect.collidepoint(event.pos):
                self.next_note()
                return True
            if self.leave_rect is not None and self.leave_rect.collidepoint(event.pos):
                self.open_pause()
                return True
        return super().handle(event)

    def update(self, dt: float) -> bool:
        busy = super().update(dt)
        moved = self._fit_coach()  # the coach and the log take new room
        if self.coach.finished and not self.app.settings.lesson_done:
            self._lesson_done()
        marks = self._marks_due()  # asked every frame: it keeps the pulse's frame
        if marks or moved:  # drawn beyond the board: the whole window
            self._ambient_only = False
        return busy or marks or moved

    # ----- pace at rest: the board's (game_pace), and the coach's marks pulsing ---------
    def _marks_pulse(self) -> bool:
        """The gold marks are on screen and pulse (never with Reduce motion)."""
        return (not self.app.settings.reduce_motion and self.app.top is self
                and self.expected() is not None)

    def _marks_due(self) -> bool:
        """A new frame of the marks' pulse is due (PULSE_FPS a second, as the board's
        targets while a person aims: the person may read the coach for minutes)."""
        frame = int(self.time * PULSE_FPS)
        due = frame != getattr(self, "_marks_frame", None) and self._marks_pulse()
        self._marks_frame = frame
        return due

    def wake_in(self) -> float | None:
        due = super().wake_in()
        if self._marks_pulse():
            step = (int(self.time * PULSE_FPS) + 1) / PULSE_FPS - self.time
            due = step if due is None else min(due, step)
        return due

    # ----- what the coach says ----------------------------------------------------------
    def how_line(self) -> str:
        """How to do the step, by mouse and by keys (from the bar and the dialog)."""
        s = self.coach.current
        if s is None:
            return ""
        if s.do is None:
            return _("Press Enter or click Next to go on.")
        want = self.expected()
        if want is None:
            return ""
        p = self.c.pending
        if p.kind != "action":
            label = self._option_label(want)
            return _("Click “{answer}” in the question, or Up/Down to it and Enter.").format(
                answer=label)
        kind = answer_kind(want)
        slot = next((x for x in self.slots if x.key == kind), None)
        name = slot.label if slot else kind
        if slot and slot.hotkey:
            # TRANSLATORS: {action} is an action's name, {key} its key ("Move (key 1)")
            name = _("{action} (key {key})").format(action=name, key=slot.hotkey)
        cells = [(k, want[k]) for k in self._asked_fields(want)]
        if not cells:
            return _("Click {action} on the bar.").format(action=name)
        # TRANSLATORS: joins the steps of an answer: "Red dragon, then the glowing square"
        where = _(", then ").join(self._field_words(k, v, kind) for k, v in cells)
        # TRANSLATORS: {next}, {confirm}: the next-target and confirm keys ("Tab", "Enter")
        return _("Click {action}, then {where}. Keys: {next} or the arrows to it, {confirm} "
                 "picks it.").format(action=name, where=where, next=key_of("next_target"),
                                     confirm=key_of("confirm"))

    def _asked_fields(self, want: dict) -> list[str]:
        """The fields of `want` the player clicks on the board. A field with one value
        is picked for the player (Orienteer's only other dragon): asking for a click on
        Red there would land Red beside its own footprint (issue 33 play-through)."""
        slot = next((x for x in self.slots if x.key == answer_kind(want)), None)
        answers = slot.answers if slot is not None and slot.answers else [want]
        return [k for k in KEY_ORDER if k in want and k != "choose"
                and (len(answers) == 1 or len({repr(a.get(k)) for a in answers}) > 1)]

    def _field_words(self, k: str, v, kind: str = "") -> str:
        if k == "dragon":  # a steal's target glows on the cavern, not on the dragon
            return (_("{dragon}'s cavern").format(dragon=title(v)) if kind == "steal_cavern"
                    else title(v))

        if isinstance(v, list):
            if not self.app.settings.show_coordinates:  # no numbers on the board
                return _("the glowing square")
            # TRANSLATORS: {cell} is a board square's coordinates, such as "C 4"
            return _("the glowing {cell}").format(
                cell=show_cell(v).replace(" ", "\u00a0"))  # never broken
        return str(v)

    def _option_label(self, want: dict) -> str:
        if self.choice is not None:
            for value, label in zip(self.choice.values, self.choice.labels, strict=False):
                if value == want:
                    return label
        return value_label("choose", want.get("choose") or want.get("play") or "")

    # ----- drawing ----------------------------------------------------------------------
    def draw_after_ui(self, surface) -> None:
        if self.app.top is self:
            self._draw_marks(surface)
            self._draw_coach(surface)
        else:  # under the pause menu, Save or Help: drawn over them it hid their buttons
            self.next_rect = self.leave_rect = None
        super().draw_after_ui(surface)

    def lesson_hint(self) -> bool:
        """The Hint key in the lesson: the coach's step, not the Hard AI's pick (which
        the coach then refused as "not this one yet"); after the lesson, None (the
        usual hint)."""
        if self.coach.finished:
            return False
        if self.expected() is None:
            self.show_error(_("In the lesson the coach shows each step: read its card, "
                              "then go on"), colour="gold")
        else:
            self.show_error(_("Hint: do as the coach's card says; the gold mark shows "
                              "where"), colour="gold")
        return True

    def _pulse(self) -> float:
        if self.app.settings.reduce_motion:
            return 1.0  # the marks hold still, at their largest
        return 0.5 + 0.5 * math.sin(self.time * 5.0)

    def _draw_marks(self, surface) -> None:
        """Gold pulsing frames round the button, the targets and the option asked for."""
        want = self.expected()
        if want is None:
            return
        look = self.look
        width = max(2, look.px(3))
        colour = look.colour("gold")
        grow = round(look.px(3) * self._pulse())
        p = self.c.pending
        if p.kind == "action":
            i = self.bar.index_of(answer_kind(want))
            if i is not None and i < len(self.bar.rects):
                r = self.bar.rects[i].inflate(4 + 2 * grow, 4 + 2 * grow)
                pygame.draw.rect(surface, colour, r, width, border_radius=look.px(10))
            for k in self._asked_fields(want):
                cells = value_cells(self.shown, k, want[k], want)
                if not cells:
                    continue
                rect = self.view.cell_rect(cells[0]).unionall(
                    [self.view.cell_rect(c) for c in cells[1:]])
                rect = rect.inflate(2 * grow, 2 * grow).clip(self.board_area)
                if rect.w and rect.h:
                    pygame.draw.rect(surface, colour, rect, width, border_radius=look.px(6))
        elif self.choice is not None:
            for value, b in zip(self.choice.values, self.choice.buttons, strict=False):
                if value == want:
                    r = b.rect.inflate(4 + 2 * grow, 4 + 2 * grow)
                    pygame.draw.rect(surface, colour, r, width, border_radius=look.px(8))

    def _draw_coach(self, surface) -> None:
        look = self.look
        r = self.coach_rect
        if r.w <= 0 or r.h <= 0:
            self.next_rect = self.leave_rect = None
            return
        card = pygame.Surface(r.size, pygame.SRCALPHA)
        # opaque when risen over the dragons' rows: no half-read row shows through
        alpha = 255 if r.y < getattr(self, "coach_top", r.y) else 248
        pygame.draw.rect(card, (*look.colour("tip"), alpha), card.get_rect(),
                         border_radius=look.px(10))
        pygame.draw.rect(card, (*look.colour("gold"), 255), card.get_rect(), 2,
                         border_radius=look.px(10))
        surface.blit(card, r)
        pad = look.px(12)
        x, y, w = r.x + pad, r.y + look.px(8), r.w - 2 * pad
        icon = look.sprite("dragon/green", look.px(30))
        surface.blit(icon, (x, y))
        n, total = self.coach.number()
        head = look.text(_("Coach"), look.fs(13), look.colour("text_dim"), bold=True)
        surface.blit(head, (x + icon.get_width() + look.px(6), y))
        step_txt = look.text(_("step {n} of {total}").format(n=n, total=total)
                             if not self.coach.finished else _("lesson complete"), look.fs(12),
                             look.colour("text_dim"))
        surface.blit(step_txt, step_txt.get_rect(topright=(r.right - pad, y + look.px(1))))
        # a progress line under the heading
        bar_y = y + look.px(20)
        bx = x + icon.get_width() + look.px(6)
        bw = r.right - pad - bx
        pygame.draw.rect(surface, look.colour("edge"), (bx, bar_y, bw, look.px(4)),
                         border_radius=2)
        done = self.coach.index / max(1, total)
        pygame.draw.rect(surface, look.colour("gold"),
                         (bx, bar_y, max(2, int(bw * done)), look.px(4)), border_radius=2)
        y += icon.get_height() + look.px(8)
        s = self.coach.current
        showing, heading, body, how = self._coach_words()
        bottom = r.bottom - look.px(8)
        buttons_h = look.px(30)
        room = bottom - buttons_h - look.px(6)
        head_fs, body_fs, how_fs = self._coach_sizes()
        big = look.font(look.fs(head_fs), bold=True)
        for line in look.wrap(heading, big, w)[:2]:
            surface.blit(look.text(line, look.fs(head_fs), look.colour("gold"), bold=True),
                         (x, y))
            y += big.get_linesize()
        y += look.px(4)
        y = self._paragraph(surface, body, look.fs(body_fs), look.colour("text"), x, y, w,
                            room)
        if how:
            y += look.px(6)
            self._paragraph(surface, how, look.fs(how_fs), look.colour("text_dim"), x, y, w,
                            room, italic_key=True)
        # buttons: Next (notes only) and Leave
        self.next_rect = None
        by = bottom - buttons_h
        # each button as wide as its words need ("Verlassen  Esc"), at least as before
        bfont = look.font(look.fs(13), bold=True)
        leave, nxt = _("Leave") + "  Esc", _("Next") + "  Enter"
        lw = max(look.px(92), bfont.size(leave)[0] + look.px(16))
        nw = max(look.px(110), bfont.size(nxt)[0] + look.px(16))
        self.leave_rect = pygame.Rect(x, by, lw, buttons_h)
        self._draw_button(surface, self.leave_rect, leave, primary=False)
        if s is not None and s.do is None and showing:
            self.next_rect = pygame.Rect(r.right - pad - nw, by, nw, buttons_h)
            self._draw_button(surface, self.next_rect, nxt, primary=True)

    def _coach_words(self) -> tuple[bool, str, str, str]:
        """(the step is showing, heading, body, how) as the coach panel says them."""
        s = self.coach.current
        showing = s is not None and (
            self.coach.note_showing(self.your_decision()) if s.do is None
            else self.your_decision())
        if s is None:
            return showing, _("Play on"), done_line(), ""
        if showing:  # the lesson's own words come from game.ui.tutorial (rules catalog)
            return (showing, s.heading(), s.text(self.app.settings.show_coordinates),
                    self.how_line())
        # the others are playing, or the dice are rolling
        prev = self.coach.previous
        body = (prev.after_words() if prev is not None and prev.after else
                _("Watch the board: the game plays on until it is your move."))
        # TRANSLATORS: {skip} is the key that skips ("Space", or the player's own)
        return showing, _("Watch"), body, _("{skip} skips the animations.").format(
            skip=key_of("skip"))

    def _coach_sizes(self, shrink: int | None = None) -> tuple[int, int, int]:
        """The coach's type sizes (heading, body, key hint), a point smaller per step of
        `shrink` (_fit_coach): the longest words at the largest scale still fit whole."""
        k = getattr(self, "coach_shrink", 0) if shrink is None else shrink
        return 18 - k, 15 - k, 13 - k

    def _coach_need(self, shrink: int | None = None) -> int:
        """The coach panel's height for all its words (as _draw_coach lays them out)."""
        look = self.look
        w = self.coach_rect.w - 2 * look.px(12)
        _title, heading, body, how = self._coach_words()
        head_fs, body_fs, how_fs = self._coach_sizes(shrink)
        big = look.font(look.fs(head_fs), bold=True)
        h = look.px(8) + look.px(30) + look.px(8)
        h += big.get_linesize() * len(look.wrap(heading, big, w)[:2]) + look.px(4)
        f = look.font(look.fs(body_fs))
        h += f.get_linesize() * len(look.wrap(body, f, w))
        if how:
            f = look.font(look.fs(how_fs))
            h += look.px(6) + f.get_linesize() * len(look.wrap(how, f, w))
        return h + look.px(6) + look.px(30) + look.px(8)

    def _fit_coach(self) -> bool:
        """The coach grows into the log's room when its words need it (the lesson's
        words come first: the log gives way), so a key hint is never cut short; it
        gives the room back when a later step needs less, and shrinks to its words once
        the lesson is over."""
        look = self.look
        r = self.coach_rect
        if r.w <= 0:
            return False
        bottom = self.panel_rect.bottom - look.px(6)
        # once the lesson is done the coach says two lines: the log takes the room back
        # (played at 100%, issue 33: a half-empty coach above a 3-line log)
        base = self.coach_base if self.coach.current is not None else 0
        # the tallest the coach may be: from the round and target lines down. Words
        # that need more (French or German at 150-200%) are set a point smaller, up to
        # MAX_SHRINK, before anything is cut (a UI audit found the key hint cut)
        tallest = bottom - (self.panel_top + self.panel.header_height())
        shrink = next((k for k in range(MAX_SHRINK + 1) if self._coach_need(k) <= tallest),
                      MAX_SHRINK)
        moved_type = shrink != getattr(self, "coach_shrink", 0)
        self.coach_shrink = shrink
        need, top = self._coach_need(), self.coach_top
        if need > bottom - top:
            # still too tall with the whole log given (a large UI scale in a short
            # window: at 150% in 1280x720 step 2 lost its key hint, issue 33): the coach
            # rises over the dragons' rows, never over the round and target lines
            top = max(self.panel_top + self.panel.header_height(), bottom - need)
        h = min(max(base, min(need, bottom - top)), bottom - top)
        log_top = top + h + look.px(28)
        if self.coach.current is None and bottom - log_top < LOG_ROWS * look.font(
                look.body(14)).get_linesize():
            # the lesson over, its two lines would leave the log no room (at 150% in
            # 1280x720 the log never came back, issue 33): the coach goes, its words
            # stay in the log, and the log takes the coach's place
            if r.h:  # said once, as the coach goes
                self.log.note(done_line())  # in the player's language
            h, log_top = 0, top + look.px(22)
        if (top, h) == (r.y, r.h):
            return moved_type
        self.coach_rect = pygame.Rect(r.x, top, r.w, h)
        self.log.kill()
        self.log_rect = pygame.Rect(self.log_rect.x, log_top, self.log_rect.w,
                                    max(0, bottom - log_top))
        if self.app.settings.show_log and self.log_rect.h > look.px(60):
            self.log.build(self.ui, self.log_rect)
        return True

    def _paragraph(self, surface, text, size, colour, x, y, w, limit,
                   italic_key=False) -> int:
        look = self.look
        font = look.font(size)
        lines = look.wrap(text, font, w)
        for i, line in enumerate(lines):
            if y + font.get_linesize() > limit:
                break
            if i == len(lines) - 1 or y + 2 * font.get_linesize() <= limit:
                surface.blit(look.text(line, size, colour), (x, y))
            else:
                surface.blit(look.fit_text(line + " …", font, w, colour), (x, y))
            y += font.get_linesize()
        return y

    def _draw_button(self, surface, rect, text, primary: bool) -> None:
        look = self.look
        hover = rect.collidepoint(pygame.mouse.get_pos()) if pygame.mouse.get_focused() \
            else False
        fill = look.colour("slot_selected" if primary else ("slot_hover" if hover
                                                                 else "slot_on"))
        pygame.draw.rect(surface, fill, rect, border_radius=look.px(6))
        pygame.draw.rect(surface, look.colour("gold" if primary else "edge"), rect, 1,
                         border_radius=look.px(6))
        t = look.fit_text(text, look.font(look.fs(13), bold=True), rect.w - 8,
                          look.colour("text"))
        surface.blit(t, t.get_rect(center=rect.center))


# ----- playing the lesson by its expected inputs -------------------------------------------
def _post_key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def _post_click(pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _frames(app, n: int = 2, dt: float = 1 / 60) -> None:
    for _step in range(n):
        app.step(dt)


def _wait(app, scene, limit: int) -> None:
    for _step in range(limit):
        app.step(1 / 30)
        if not scene.animation.idle:
            scene.animation.skip(scene.apply_event)  # as Space does
            continue
        if scene.waiting_for_player() or scene.coach.finished:
            app.step(1 / 30)  # widgets built this frame are drawn from the next one
            return
    raise RuntimeError(f"the lesson stopped at step {scene.coach.number()[0]} "
                       f"({scene.coach.current.id if scene.coach.current else 'end'})")


def _do_step(app, scene, by: str) -> None:
    """The inputs a person gives for the current step, by keys or by mouse."""
    s = scene.coach.current
    app.draw()  # the coach panel (and its buttons) as the person sees it
    if s.do is None:
        if by == "keys":
            _post_key(pygame.K_RETURN)
        else:
            _post_click(scene.next_rect.center if scene.next_rect else (0, 0))
        _frames(app)
        return
    want = scene.expected()
    if want is None:
        raise RuntimeError(f"step '{s.id}': what it asks for is not a legal answer now")
    if scene.c.pending.kind != "action":
        _answer_choice(app, scene, want, by)
        return
    kind = answer_kind(want)
    i = scene.bar.index_of(kind)
    slot = scene.bar.slots[i]
    start = scene.c.n_answers
    if by == "keys":
        _post_key(pygame.key.key_code(slot.hotkey.lower()))
    else:
        _post_click(scene.bar.rects[i].center)
    _frames(app)
    for _step in range(40):  # one field at a time, until the answer is given
        if scene.c.n_answers != start:
            return
        if scene.choice is not None:  # a field picked from a list
            _answer_choice(app, scene, None, by, field_value=True)
            continue
        picker = scene.picker
        if picker is None:
            raise RuntimeError(f"step '{s.id}': the action did not start")
        k = picker.key()
        value = "__confirm__" if k is None else want[k]
        if by == "keys":
            for _step in range(200):
                if scene.hover_value == value:
                    break
                _post_key(pygame.K_TAB)
                _frames(app, 1)
            _post_key(pygame.K_RETURN)
        else:
            _post_click(_value_point(scene, k, value, want))
        _frames(app)
    raise RuntimeError(f"step '{s.id}': the answer was not accepted")


def _value_point(scene, k, value, want):
    if value == "__confirm__":
        cells = single_target_cells(scene.shown, want)
    else:
        cells = value_cells(scene.shown, k, value, scene.picker.remaining[0])
    if len(cells) == 4 and k == "to":  # a landing: a point in its top-left cell
        r = scene.view.cell_rect(tuple(value))
        return (r.x + r.w // 4, r.y + r.h // 4)
    return scene.view.cell_rect(cells[0]).center


def _answer_choice(app, scene, want, by: str, field_value: bool = False) -> None:
    ch = scene.choice
    if field_value:
        k = scene.picker.key()
        # no field left: the "Play this card?" / "Use this power?" question (its Play)
        want_value = ("__confirm__" if k is None else
                      scene.coach.expected(scene.c.legal_answers())[k])
    else:
        want_value = want
    i = ch.values.index(want_value)
    if by == "keys":
        for _step in range(len(ch.values) + 1):
            if ch.focus == i:
                break
            _post_key(pygame.K_DOWN)
            _frames(app, 1)
        _post_key(pygame.K_RETURN)
    else:
        _post_click(ch.buttons[i].rect.center)
    _frames(app, 3)


def autoplay(app, scene, *, by: str = "keys", shots: Path | None = None,
             limit: int = 6000) -> list[Path]:
    """Play the whole lesson as a person would (by "keys" or "mouse"); with `shots`,
    one PNG per step (the coach and its highlights, before the input). Returns them."""
    saved: list[Path] = []
    while not scene.coach.finished:
        _wait(app, scene, limit)
        if scene.coach.finished:
            break
        if shots is not None:
            n = scene.coach.number()[0]
            path = Path(shots) / f"tutorial-{n:02d}-{scene.coach.current.id}.png"
            app.screenshot(path)
            saved.append(path)
        before = scene.coach.index
        _do_step(app, scene, by)
        for _step in range(10):
            if scene.coach.index != before:
                break
            _frames(app, 1)
        if scene.coach.index == before:
            raise RuntimeError(f"step '{scene.coach.current.id}' did not take the input")
    if shots is not None:
        _frames(app, 2)
        path = Path(shots) / "tutorial-end.png"
        app.screenshot(path)
        saved.append(path)
    return saved


def start(app):
    """Open the lesson on top of the main menu; an error message, or None."""
    try:
        c = new_game()
    except (TutorialError, SetupError, OSError) as exc:
        return shown(exc)  # a setup refusal's Words in the player's language
    app.push(TutorialScene(app, c))
    return None
