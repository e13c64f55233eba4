"""The board screen: board, side panel with the log, action bar, prompts, animations.

It reads the match only through the controller: the pending decision, the legal
answers and the (seat) view; a click or a key becomes an answer for the one door.
"""

from __future__ import annotations

import math

import pygame
import pygame_gui

from game.decisions import IllegalAnswer, title
from game.seat_view import visible_events
from game.ui import board_input, odds, shown_board
from game.ui.action_bar import ActionBar, action_slots, idle_slots
from game.ui.app import Scene
from game.ui.board_view import BoardView
from game.ui.dice_anim import draw_location, draw_roll
from game.ui.event_animation import Playback
from game.ui.log_view import LogView
from game.ui.panel import PanelView, panel_model
from game.ui.scenes.choice import ChoiceDialog
from game.ui.scenes.widgets import button
from game.ui.settings import PACE_FACTOR, PACES, Settings
from game.ui.sound.cues import HANDOVER, REFUSE, Listener, decision_cue
from game.ui.targets import (
    AnswerPicker,
    answer_label,
    single_target_cells,
    value_cells,
    value_label,
)

AI_PAUSE = 0.35        # seconds (normal pace) between an AI's answers, to follow its turn
INSTANT_BATCH = 40     # AI answers per frame at the instant pace
PAN_STEP = 60


class GameScene(Scene):
    def __init__(self, app, controller):
        super().__init__(app)
        self.c = controller
        m = controller.match
        self.shown = shown_board.empty_doc(controller.board, m.options)
        self.view = BoardView(controller.board, palette=app.look.palette)
        self.playback = Playback()
        self.log = LogView(app.look)
        self.log.note(f"Seed {controller.seed}: the same seed, seats and choices replay "
                      "this game")
        # a resumed game: what happened before this window opened is in the log at once
        past = len(controller.session.events) - len(controller.queue)
        for e in controller.session.events[:max(0, past)]:
            self.log.add(e)
        if past > 0:
            self.playback.in_setup = m.round == 0
        self.time = 0.0
        self.synced = -1          # len(m.events) when the shown board was last synced
        self.prepared = None      # the decision the controls are set up for
        self.slots = []
        self.slot_key: str | None = None
        self.picker: AnswerPicker | None = None
        self.hover_value = None   # the picker value under the mouse / cursor
        self.hover_cell = None
        self.cursor = None        # keyboard board cursor
        self.choice: ChoiceDialog | None = None
        self.handed: str | None = None   # the human the hand-over screen was last shown to
        self.waiting_handover = False
        self.ai_wait = 0.0
        self.ended = False
        self.drag = None
        self.tip: tuple[list[str], tuple[int, int]] | None = None
        self.banner_error = ""
        self.error_time = 0.0
        self.fitted = False
        self.widgets: list = []
        self.bar = ActionBar(app.look)
        self.panel = PanelView(app.look)
        self.factor_override: float | None = None
        self.undo_state = None    # (key, ok, reason) the Undo button shows

    # ----- layout ------------------------------------------------------------------
    def enter(self) -> None:
        look = self.look
        self.bar.look = look
        self.panel.look = look
        self.log.look = look
        self.banner_h, self.board_area, self.panel_rect, bar_rect = look.board_layout(
            self.app.screen.get_size(), look.px(86))
        self.bar.set_rect(bar_rect)
        self.view.set_palette(look.palette)
        self.view.set_rect(self.board_area)
        if not self.fitted:
            self.view.fit()
            self.fitted = True
        self.app.sound.music.play("game")
        bh = look.px(30)
        gap = look.px(6)
        bw = (self.panel_rect.w - look.px(8) * 2 - gap * 3) // 4
        x0 = self.panel_rect.x + look.px(8)
        y0 = look.px(6)
        self.menu_btn = button(self.ui, (x0, y0, bw, bh), "Menu", tip="Pause menu: save, "
                               "load, settings (Esc)")
        self.undo_btn = button(self.ui, (x0 + bw + gap, y0, bw, bh), "Undo",
                               tip="Take back your last answer (Ctrl+Z)")
        self.rules_btn = button(self.ui, (x0 + 2 * (bw + gap), y0, bw, bh), "Rules",
                                tip="The rules reference")
        self.help_btn = button(self.ui, (x0 + 3 * (bw + gap), y0, bw, bh), "Help",
                               tip="Shortcuts (F1)")
        self.widgets = [self.menu_btn, self.undo_btn, self.rules_btn, self.help_btn]
        self.undo_state = None
        self._refresh_undo()
        self.panel_top = y0 + bh + look.px(4)
        n = len(self.c.match.seat_names)
        log_top = self.panel_top + self.panel.height(n)
        self.log_rect = pygame.Rect(self.panel_rect.x + look.px(6), log_top + look.px(22),
                                    self.panel_rect.w - look.px(12),
                                    self.panel_rect.h - log_top - look.px(28))
        if self.app.settings.show_log and self.log_rect.h > look.px(60):
            self.log.build(self.ui, self.log_rect)
        if self.choice is not None:
            self.choice.build(self.ui, self.board_area)
        self.prepared = None  # rebuild controls for the current decision

    def leave(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []
        self.log.kill()
        if self.choice is not None:
            self.choice.kill()

    def close(self) -> None:
        self.c.close()

    def on_quit(self) -> None:
        """The player leaves (window closed, Quit, main menu): autosave (P36)."""
        if not self.ended:
            self.c.autosave()

    # ----- undo --------------------------------------------------------------------
    def _refresh_undo(self) -> None:
        """Enable the Undo button, or disable it with the reason as its tip."""
        key = (self.c.n_answers, self.c.pending.dragon if self.c.pending else None,
               self.c.finished)
        if self.undo_state is not None and self.undo_state[0] == key:
            return
        ok, reason = self.c.can_undo()
        self.undo_state = (key, ok, reason)
        if ok:
            self.undo_btn.enable()
            self.undo_btn.set_tooltip(f"{reason} (Ctrl+Z)")
        else:
            self.undo_btn.disable()
            self.undo_btn.set_tooltip(reason)

    def undo(self) -> bool:
        """Ctrl+Z / the Undo button: take back the last answer (P35), or say why not.
        The board, panel and log are rebuilt from the session at once, not animated."""
        ok, reason = self.c.can_undo()
        if not ok:
            self._error(reason)
            return False
        from game.session import UndoError

        try:
            answer = self.c.undo()
        except (UndoError, ValueError) as exc:
            self._error(str(exc))
            return False
        self.reset_view()
        from game.session import answer_words

        self._error(f"Undone: {answer_words(answer)}", "green")
        return True

    def reset_view(self) -> None:
        """Show the session's position as it is, with no animation: the display copy,
        the log and the controls all come from it again."""
        self.playback = Playback()
        self.playback.in_setup = self.c.match.round == 0
        self.c.queue.clear()
        self.log.reset(self.c.session.events, (f"Seed {self.c.seed}: the same seed, seats "
                                               "and choices replay this game",))
        self._idle_controls()
        self.ai_wait = 0.0
        self.ended = False
        self._sync()
        self.undo_state = None
        self._refresh_undo()

    def covered(self) -> None:
        self.tip = None

    # ----- the flow ----------------------------------------------------------------
    def factor(self) -> float:
        if self.factor_override is not None:
            return self.factor_override
        return PACE_FACTOR[self.app.settings.pace]

    def _apply(self, event: dict) -> None:
        shown_board.apply(self.shown, event)
        # The log stays on screen across hand-overs: a private event (a dealt card) shows
        # its card only when one human plays and it is theirs (P28, P41).
        self.log.add(visible_events([event], self.c.log_viewer())[0])

    def update(self, dt: float) -> bool:
        self.time += dt
        self.log.update()
        if self.error_time > 0:
            self.error_time -= dt
        busy = False
        if hasattr(self.c, "poll") and self.c.poll():  # an online game (game/net/window.py)
            busy = True
            if self.prepared == "ai":
                self.prepared = "stale"  # the waiting line changed: show it again
        for note in self.c.ai_notes:
            self.log.note(note)
        self.c.ai_notes.clear()
        if self.widgets:
            self._refresh_undo()
        if self.c.queue:
            self.playback.feed(list(self.c.queue))
            self.c.queue.clear()
        if self.playback.update(dt, self.factor(), self._apply):
            busy = True
        started = self.playback.take_started()
        if started:  # each event is heard when its animation starts (issue 21)
            self.app.sound.events(started, self.listener(), instant=self.factor() == 0)
        if self.playback.idle and self.synced != len(self.c.match.events):
            self._sync()
            busy = True
        if self.ended or self.waiting_handover:
            return busy
        if self.c.finished:
            if self.playback.idle:
                self._finish()
            return True
        pending = self.c.pending
        if pending is None:
            return busy
        if not self.c.is_human(pending.dragon):
            busy |= self._drive_ai(dt)
        elif self.playback.idle:
            self._prepare(pending)
        # targets pulse while a person aims; otherwise an idle board is not redrawn
        return busy or not self.playback.idle or self.picker is not None

    def listener(self) -> Listener:
        """The people at this screen: their turn chimes, their defeat sounds as one.
        In hot seat the hand-over screen chimes instead of the turn."""
        return Listener(frozenset(self.c.humans()), handover=self.c.hotseat())

    def _sync(self) -> None:
        self.shown = self.c.display_doc(self._viewer())
        self.synced = len(self.c.match.events)

    def _viewer(self) -> str | None:
        if self.c.hotseat():
            # between human turns nobody's card shows; after the hand-over, the player's
            return self.handed if self.handed == self.c.human_to_play() else None
        return self.c.viewer()

    def _drive_ai(self, dt: float) -> bool:
        if self.prepared is not None or self.slot_key:
            self._idle_controls()
        if self.prepared != "ai":
            self.prepared = "ai"
            dragon = self.c.pending.dragon
            online = getattr(self.c, "waiting_text", None)  # remote seats say so
            self.bar.set_slots(idle_slots((online and online(dragon))
                                          or f"{title(dragon)} (AI) is playing"))
        ready = self.playback.idle
        if self.factor() == 0:
            done = 0
            while ready and done < INSTANT_BATCH and self.c.step_ai(True):
                done += 1
                p = self.c.pending
                if p is None or self.c.is_human(p.dragon):
                    break
            return True
        if ready and self.ai_wait > 0:
            self.ai_wait -= dt
            self.c.step_ai(False)  # keep the worker thinking
            return True
        if self.c.step_ai(ready):
            self.ai_wait = AI_PAUSE * self.factor()
        return True

    def _finish(self) -> None:
        self.ended = True
        from game.ui.scenes.end import EndScene

        self.app.replace(EndScene(self.app, self.c))

    # ----- human decisions ---------------------------------------------------------
    def _decision_key(self, pending):
        return (self.c.n_answers, pending.dragon, pending.kind, pending.prompt)

    def _prepare(self, pending) -> None:
        key = self._decision_key(pending)
        if self.prepared == key:
            return
        if self.c.hotseat() and self.handed != pending.dragon:
            self._handover(pending.dragon)
            return
        self.prepared = key
        self._cancel_selection()
        if self.choice is not None:
            self.choice.kill()
            self.choice = None
        legal = self.c.legal_answers()
        if pending.kind == "action":
            self.slots = action_slots(self.c.match, pending.dragon, legal)
            self.bar.set_slots(self.slots)
        else:
            self.bar.set_slots(idle_slots(pending.prompt))
            self._open_choice(pending.prompt, legal)
        self.app.sound.cue(decision_cue(pending.kind, pending.dragon, self.listener()))

    def _handover(self, dragon: str) -> None:
        from game.ui.scenes.handover import HandoverScene

        self.waiting_handover = True
        self._idle_controls()
        self.app.sound.cue(HANDOVER)

        def done():
            self.waiting_handover = False
            self.handed = dragon
            self._sync()
        self.app.push(HandoverScene(self.app, dragon, done))

    def _idle_controls(self) -> None:
        self._cancel_selection()
        if self.choice is not None:
            self.choice.kill()
            self.choice = None
        self.prepared = None

    def _open_choice(self, prompt: str, answers: list[dict], picker_key=None) -> None:
        labels = []
        for a in answers:
            labels.append(answer_label(a, self.shown) if picker_key is None
                          else value_label(picker_key, a, self.shown))
        self.choice = ChoiceDialog(self.look, prompt, answers, labels,
                                   cancel=picker_key is not None)
        self.choice.build(self.ui, self.board_area)
        if picker_key is None:  # a choice naming cells (lose_claim) is clickable too
            self.picker = AnswerPicker(answers)

    def _submit(self, answer: dict) -> None:
        try:
            self.c.submit(answer)
        except IllegalAnswer as exc:
            self._error(str(exc))
            return
        self._idle_controls()
        self.bar.set_slots(idle_slots("The dice are rolling"))

    def _error(self, text: str, colour: str = "red") -> None:
        if colour == "red":
            self.app.sound.cue(REFUSE)
        self.banner_error = text[:1].upper() + text[1:]
        self.banner_colour = colour
        self.error_time = 4.0

    # ----- action selection and targets --------------------------------------------
    def _human_action(self) -> bool:
        p = self.c.pending
        return (p is not None and p.kind == "action" and self.c.is_human(p.dragon)
                and self.playback.idle and not self.waiting_handover and
                self.prepared is not None and self.prepared != "ai")

    def select_slot(self, key: str) -> None:
        if not self._human_action():
            return
        slot = next((s for s in self.slots if s.key == key), None)
        if slot is None:
            return
        if not slot.enabled:
            self._error(slot.reason or "Not possible now")
            return
        if self.choice is not None:
            self.choice.kill()
            self.choice = None
        picker = AnswerPicker(slot.answers)
        if picker.key() is None:
            cells = single_target_cells(self.shown, slot.answers[0])
            if not cells:  # End turn, Angelstar Shrine: nothing to aim at
                self._submit(slot.answers[0])
                return
        self.slot_key = key
        self.bar.selected = key
        self.picker = picker
        self.hover_value = None
        self._offer_list_if_needed()

    def _offer_list_if_needed(self) -> None:
        """A field whose values are not on the board is picked from a list."""
        if self.picker is None or self.picker.key() is None:
            return
        k = self.picker.key()
        sample = self.picker.remaining[0]
        if any(value_cells(self.shown, k, v, sample) for v in self.picker.options()):
            return
        opts = self.picker.options()
        slot_label = next((s.label for s in self.slots if s.key == self.slot_key), "")
        self.choice = ChoiceDialog(self.look, f"{slot_label}: choose {k}", opts,
                                   [value_label(k, v, self.shown) for v in opts], cancel=True)
        self.choice.build(self.ui, self.board_area)

    def _cancel_selection(self) -> None:
        self.slot_key = None
        self.bar.selected = None
        self.picker = None
        self.hover_value = None
        self.tip = None

    def _target_map(self) -> dict:
        """cell -> picker value (for a lone answer: cell -> that answer)."""
        out: dict = {}
        if self.picker is None:
            return out
        k = self.picker.key()
        if k is None:
            a = self.picker.answer()
            if a is not None and self.slot_key:
                for cell in single_target_cells(self.shown, a):
                    out[cell] = "__confirm__"
            return out
        sample = self.picker.remaining[0]
        for v in self.picker.options():
            for cell in value_cells(self.shown, k, v, sample):
                out.setdefault(cell, v)
        return out

    def _is_footprint_key(self) -> bool:
        if self.picker is None or self.picker.key() != "to":
            return False
        sample = self.picker.remaining[0]
        v = self.picker.options()[0]
        return len(value_cells(self.shown, "to", v, sample)) == 4

    def _value_at(self, pos):
        """The picker value a mouse position points at."""
        cell = self.view.cell_at(pos)
        if cell is None or self.picker is None:
            return None
        if self._is_footprint_key():
            # a 2x2 landing follows the mouse by its centre
            half = self.view.cell / 2
            tl = self.view.cell_at((pos[0] - half, pos[1] - half))
            opts = self.picker.options()
            if tl is not None and list(tl) in opts:
                return list(tl)
            best, dist = None, None
            for v in opts:
                r = self.view.piece_rect(tuple(v), 2)
                d = math.hypot(r.centerx - pos[0], r.centery - pos[1])
                if d <= self.view.cell * 1.2 and (dist is None or d < dist):
                    best, dist = v, d
            return best
        return self._target_map().get(cell)

    def _pick(self, value) -> None:
        if self.picker is None or value is None:
            return
        if value == "__confirm__":
            self._submit(self.picker.answer())
            return
        self.picker.pick(value)
        self.hover_value = None
        a = self.picker.answer()
        if a is not None:
            self._submit(a)
            return
        self._offer_list_if_needed()

    def _hover_answer(self) -> dict | None:
        if self.picker is None or self.hover_value is None:
            return None
        if self.hover_value == "__confirm__":
            return self.picker.answer()
        answers = self.picker.with_value(self.hover_value)
        return answers[0] if len(answers) == 1 else None

    def _tip_for(self, answer: dict) -> list[str]:
        p = self.c.pending
        lines: list[str] = []
        try:
            o = odds.action_odds(self.c.match, p.dragon, answer)
        except Exception:
            o = None
        if o is not None:
            return o.text_lines()
        do = answer.get("do")
        lines.append(answer_label(answer, self.shown))
        if do == "move":
            near = self._neighbours(answer["to"], p.dragon)
            lines.append("Lands beside " + (", ".join(near) if near else "nothing"))
        if do in ("claim", "claim_settlement") or "also" in answer:
            at = answer.get("at")
            kind = "place"
            for s in self.shown["settlements"]:
                if list(s["at"]) == list(at):
                    kind = s["kind"]
            lines += odds.tribute_lines(kind, p.dragon)
        return lines

    def _neighbours(self, at, me: str) -> list[str]:
        """What a dragon landing with top-left `at` would stand next to (R2)."""
        from game.geometry import rect_gap

        doc = self.shown
        out = []
        for s in doc["settlements"]:
            if rect_gap(tuple(at), 2, tuple(s["at"]), 1) == 1:
                out.append(f"a {s['kind']}" + (f" ({title(s['claim'])}'s)" if s["claim"]
                                              else ""))
        for p in doc["places"]:
            if rect_gap(tuple(at), 2, tuple(p["at"]), 2) == 1:
                out.append(value_label("choose", p["kind"]))
        for name, d in doc["dragons"].items():
            if name != me and d.get("cavern") and rect_gap(tuple(at), 2,
                                                            tuple(d["cavern"]), 1) == 1:
                out.append(f"{title(name)}'s cavern")
            if name != me and d.get("at") and rect_gap(tuple(at), 2, tuple(d["at"]), 2) == 1:
                out.append(title(name))
        chest = doc["chest"].get("at")
        if chest and rect_gap(tuple(at), 2, tuple(chest), 1) == 1:
            out.append("the thief's chest")
        return out

    def _cycle(self, delta: int) -> None:
        if self.picker is None:
            return
        opts = self.picker.options() or ([self.hover_value] if self.hover_value else [])
        if self.picker.key() is None:
            self.hover_value = "__confirm__"
            self._move_cursor_to_value()
            return
        if not opts:
            return
        i = opts.index(self.hover_value) if self.hover_value in opts else -1
        self.hover_value = opts[(i + delta) % len(opts)]
        self._move_cursor_to_value()

    def _move_cursor_to_value(self) -> None:
        if self.picker is None or self.hover_value is None:
            return
        if self.hover_value == "__confirm__":
            cells = single_target_cells(self.shown, self.picker.answer())
        else:
            cells = value_cells(self.shown, self.picker.key(), self.hover_value,
                                self.picker.remaining[0])
        if cells:
            self.cursor = cells[0]
            self._tip_at_cursor()

    def _tip_at_cursor(self) -> None:
        a = self._hover_answer()
        if a is not None and self.cursor is not None:
            r = self.view.cell_rect(self.cursor)
            self.tip = (self._tip_for(a), (r.right + 8, r.y))
        else:
            self.tip = None

    # ----- input -------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event)
        if event.type == pygame.KEYDOWN:
            online = getattr(self.c, "host_key", None)  # the host's drop controls
            if online is not None and online(event.key):
                self.prepared = None
                return True
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            moved = self.drag and self.drag[1]
            self.drag = None
            if event.button == 3 and not moved:
                self._cancel_selection()
            return True
        if self.log.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            board_input.wheel_zoom(self.view, self.board_area, event)
            return True
        return False

    def _button(self, event) -> bool:
        el = event.ui_element
        if el is self.menu_btn:
            self.open_pause()
            return True
        if el is self.undo_btn:
            self.undo()
            return True
        if el is self.rules_btn:
            from game.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app))
            return True
        if el is self.help_btn:
            from game.ui.scenes.help import HelpOverlay

            self.app.push(HelpOverlay(self.app))
            return True
        if self.choice is not None:
            picked = self.choice.clicked(el)
            if picked is not None:
                self._choice_made(picked)
                return True
        return False

    def _choice_made(self, picked) -> None:
        if picked == ChoiceDialog.CANCEL:
            self.choice.kill()
            self.choice = None
            self._cancel_selection()
            return
        if self.slot_key is not None:  # a list-picked field of an action
            self.choice.kill()
            self.choice = None
            self._pick(picked)
        else:
            self._submit(picked)

    def open_pause(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def _key(self, event) -> bool:
        k = event.key
        mods = event.mod
        if k == pygame.K_F1:
            from game.ui.scenes.help import HelpOverlay

            self.app.push(HelpOverlay(self.app))
            return True
        if k == pygame.K_SPACE:
            self.playback.skip(self._apply)
            self.ai_wait = 0
            return True
        if k == pygame.K_ESCAPE:
            if self.slot_key or (self.choice is not None and self.choice.cancel):
                if self.choice is not None and self.choice.cancel:
                    self.choice.kill()
                    self.choice = None
                self._cancel_selection()
            else:
                self.open_pause()
            return True
        if k == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
            return True
        if self.choice is not None and self.choice.handle_key(event):
            picked = self.choice.take()
            if picked is not None:
                self._choice_made(picked)
            return True
        if k in (pygame.K_TAB,):
            self._cycle(-1 if mods & pygame.KMOD_SHIFT else 1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.picker is not None and self.slot_key:
                self._pick(self.hover_value)
            return True
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
                  pygame.K_DOWN: (0, 1)}
        if k in arrows:
            self._cursor_step(*arrows[k])
            return True
        pans = {pygame.K_a: (PAN_STEP, 0), pygame.K_d: (-PAN_STEP, 0), pygame.K_w: (0, PAN_STEP),
                pygame.K_s: (0, -PAN_STEP)}
        if k in pans and not (mods & pygame.KMOD_CTRL):
            self.view.pan(*pans[k])
            return True
        if board_input.zoom_key(self.view, k):
            return True
        if k == pygame.K_HOME:
            self.view.fit()
            return True
        if k == pygame.K_p:
            s = Settings(**vars(self.app.settings))
            s.pace = PACES[(PACES.index(s.pace) + 1) % len(PACES)]
            self.app.apply_settings(s)
            self._error(f"Animation pace: {s.pace}", "gold")
            return True
        if k == pygame.K_m:
            s = Settings(**vars(self.app.settings))
            s.muted = not s.muted
            self.app.apply_settings(s)
            self._error("Sound off (M turns it on)" if s.muted else "Sound on", "gold")
            return True
        if k == pygame.K_l:
            s = Settings(**vars(self.app.settings))
            s.show_log = not s.show_log
            self.app.apply_settings(s)
            if s.show_log:
                self.log.build(self.ui, self.log_rect)
            else:
                self.log.kill()
            return True
        name = pygame.key.name(k).upper()
        for slot in self.slots:
            if slot.hotkey and slot.hotkey == name:
                self.select_slot(slot.key)
                return True
        return False

    def _cursor_step(self, dx: int, dy: int) -> None:
        b = self.c.board
        if self.cursor is None:
            d = self.shown["dragons"].get(self.c.pending.dragon if self.c.pending else "")
            self.cursor = tuple(d["at"]) if d and d.get("at") else (b.width // 2, b.height // 2)
        c, r = self.cursor
        self.cursor = (min(b.width - 1, max(0, c + dx)), min(b.height - 1, max(0, r + dy)))
        if self.picker is not None:
            if self._is_footprint_key() and list(self.cursor) in self.picker.options():
                self.hover_value = list(self.cursor)
            else:
                self.hover_value = self._target_map().get(self.cursor)
            self._tip_at_cursor()

    def _motion(self, event) -> None:
        pos = event.pos
        if self.drag is not None:
            start, _moved = self.drag
            dx, dy = pos[0] - start[0], pos[1] - start[1]
            if abs(dx) + abs(dy) > 2:
                self.view.pan(dx, dy)
                self.drag = (pos, True)
            return
        i = self.bar.slot_at(pos)
        self.bar.hover = i
        self.tip = None
        if i is not None:
            slot = self.bar.slots[i]
            lines = [f"{slot.label}  [{slot.hotkey}]" + (f"  ·  costs {slot.cost}"
                                                        if slot.cost else "")]
            if slot.enabled:
                n = len(slot.answers)
                lines.append(f"{n} possible target{'s' if n != 1 else ''}"
                             if n > 1 else "Click to choose")
            elif slot.reason:
                lines.append(slot.reason)
            r = self.bar.rects[i]
            self.tip = (lines, (r.x, r.y - 8))
            return
        self.hover_cell = self.view.cell_at(pos) if self.board_area.collidepoint(pos) else None
        if self.picker is not None and self.hover_cell is not None:
            self.hover_value = self._value_at(pos)
            a = self._hover_answer()
            if a is not None:
                self.tip = (self._tip_for(a), (pos[0] + 18, pos[1] + 12))

    def _click(self, event) -> bool:
        if event.button in (2, 3):
            self.drag = (event.pos, False)
            return True
        if event.button != 1:
            return False
        if not self.playback.idle and self.board_area.collidepoint(event.pos):
            self.playback.skip(self._apply)  # a click on the board skips, like Space
            self.ai_wait = 0
            return True
        i = self.bar.slot_at(event.pos)
        if i is not None:
            self.select_slot(self.bar.slots[i].key)
            return True
        if self.board_area.collidepoint(event.pos) and self.picker is not None:
            value = self._value_at(event.pos)
            if value is None:
                return True
            if self.slot_key is None:  # a choice (lose_claim) answered on the board
                answers = self.picker.with_value(value)
                if len(answers) == 1:
                    self._submit(answers[0])
                return True
            self._pick(value)
            return True
        return False

    # ----- drawing -----------------------------------------------------------------
    def _highlights(self) -> dict:
        out: dict = {}
        if self.picker is None:
            return out
        footprint = self._is_footprint_key()
        if footprint:
            for v in self.picker.options():
                for cell in value_cells(self.shown, "to", v, self.picker.remaining[0]):
                    out[cell] = "move"
        else:
            style = "danger" if self.slot_key is None else "target"
            for cell in self._target_map():
                out[cell] = style
        if self.hover_value is not None:
            if self.hover_value == "__confirm__":
                cells = single_target_cells(self.shown, self.picker.answer())
            else:
                cells = value_cells(self.shown, self.picker.key(), self.hover_value,
                                    self.picker.remaining[0])
            if footprint and cells:
                out[tuple(cells[0])] = ("selected", 2)
                for c in cells[1:]:
                    out.pop(c, None)
            else:
                for c in cells:
                    out[c] = "selected"
        return out

    def draw(self, surface) -> None:
        look = self.look
        step = self.playback.current
        hidden = []
        moving = None
        if step is not None and step.kind == "move":
            e = step.events[0]
            hidden.append(f"dragon/{e['dragon']}")
            moving = e
        pulses = {}
        if step is not None and step.kind == "pulse":
            for e in step.events:
                if "at" in e:
                    pulses[tuple(e["at"])] = "info"
        hl = self._highlights() or pulses
        self.view.draw(surface, shown_board.board_doc(self.shown), highlights=hl,
                       hover=self.cursor if self.picker is not None else self.hover_cell,
                       t=self.time if (self.picker is not None or step is not None) else None,
                       hidden=hidden)
        if moving is not None:
            self._draw_flight(surface, moving, step.progress)
        if step is not None and step.kind == "coins":
            self._draw_coins(surface, step.events[0], step.progress)
        self._draw_banner_strip(surface)
        if step is not None:
            if step.kind == "dice":
                draw_roll(surface, look, self.board_area, step.events[0], step.progress)
            elif step.kind == "dice2":
                draw_location(surface, look, self.board_area, step.events, step.data["what"],
                              step.progress)
            elif step.kind == "banner":
                self._draw_banner(surface, step)
            elif step.kind == "summary":
                self._draw_summary(surface, step.data["tribute"], step.progress)
        self.bar.draw(surface)
        self._draw_panel(surface)

    def draw_after_ui(self, surface) -> None:
        if self.tip is not None and self.app.top is self:
            self._draw_tip(surface, *self.tip)

    def _draw_panel(self, surface) -> None:
        look = self.look
        pygame.draw.rect(surface, look.colour("bg2"), self.panel_rect)
        pygame.draw.line(surface, look.colour("edge"), self.panel_rect.topleft,
                         self.panel_rect.bottomleft, 2)
        p = self.c.pending
        deciding = p.dragon if p is not None and p.kind != "action" else None
        viewer = self._viewer()
        model = panel_model(self.shown, self.c.seats, deciding=deciding, viewer=viewer)
        leader = None
        if model.rows:
            best = max(model.rows, key=lambda r: r.coins)
            if best.coins > 0:
                leader = best.name
        rect = pygame.Rect(self.panel_rect.x, self.panel_top, self.panel_rect.w,
                           self.panel.height(len(model.rows)))
        self.panel.draw(surface, rect, model, leader)
        if self.app.settings.show_log:
            self.log.draw(surface)
            t = look.text("Game log", look.fs(14), look.colour("gold"), bold=True)
            surface.blit(t, (self.log_rect.x + look.px(4), self.log_rect.y - look.px(20)))
            hint = look.text("L hides", look.fs(12), look.colour("text_dim"))
            surface.blit(hint, hint.get_rect(topright=(self.log_rect.right - look.px(4),
                                                       self.log_rect.y - look.px(18))))

    def _prompt_text(self) -> tuple[str, tuple]:
        look = self.look
        p = self.c.pending
        if self.error_time > 0 and self.banner_error:
            return self.banner_error, look.colour(getattr(self, "banner_colour", "red"))
        if self.c.finished:
            return "The game is over", look.colour("gold")
        if p is None:
            return "", look.colour("text")
        if not self.playback.idle:
            step = self.playback.current
            if step is not None and step.events:
                from game.log import describe

                return describe(step.events[-1]).strip("=- "), look.colour("text_dim")
            return "…", look.colour("text_dim")
        if not self.c.is_human(p.dragon):
            return f"{title(p.dragon)} (AI) is thinking…", look.colour("text_dim")
        if self.slot_key and self.picker is not None:
            slot = next((s for s in self.slots if s.key == self.slot_key), None)
            k = self.picker.key()
            what = {"to": "where to land", "at": "a target", "dragon": "a dragon",
                    "also": "a second settlement (or none)"}.get(k, "the target")
            if k is None:
                what = "the target to confirm"
            name = slot.label if slot else ""
            return (f"{name}: click {what}  ·  Tab cycles, Enter confirms, Esc cancels",
                    look.colour("gold"))
        if p.kind == "action":
            return f"{p.prompt} · keys 1-0, E ends", look.colour("text")
        return p.prompt, look.colour("gold")

    def _draw_banner_strip(self, surface) -> None:
        look = self.look
        r = pygame.Rect(0, 0, self.board_area.w, self.banner_h)
        pygame.draw.rect(surface, look.colour("bar"), r)
        pygame.draw.line(surface, look.colour("edge"), r.bottomleft, r.bottomright, 1)
        p = self.c.pending
        x = look.px(10)
        if p is not None:
            icon = look.sprite(f"dragon/{p.dragon}", self.banner_h - look.px(8))
            surface.blit(icon, (x, look.px(4)))
            x += icon.get_width() + look.px(8)
        text, colour = self._prompt_text()
        t = look.fit_text(text, look.font(look.fs(17), bold=True), r.w - x - look.px(170),
                          colour)
        surface.blit(t, t.get_rect(midleft=(x, r.centery)))
        pace = look.text(f"pace: {self.app.settings.pace} (P)", look.fs(13),
                         look.colour("text_dim"))
        surface.blit(pace, pace.get_rect(midright=(r.right - look.px(10), r.centery)))

    def _anchor(self, who, fallback=None) -> pygame.Rect:
        """Where coins of `who` live on screen: its cavern, the chest, or the bank's
        source (the settlement paying tribute, the piece destroyed)."""
        d = self.shown["dragons"].get(who)
        if d is not None:
            if d.get("cavern") is not None:
                return self.view.cell_rect(tuple(d["cavern"]))
            if d.get("at") is not None:
                return self.view.piece_rect(tuple(d["at"]), 2)
        if who == "chest" and self.shown["chest"].get("at") is not None:
            return self.view.cell_rect(tuple(self.shown["chest"]["at"]))
        cell = fallback or self.playback.context_cell
        if cell is not None:
            return self.view.cell_rect(tuple(cell))
        return pygame.Rect(self.board_area.centerx, self.board_area.y, 1, 1)

    def _draw_coins(self, surface, e: dict, progress: float) -> None:
        a = self._anchor(e["from"]).center
        b = self._anchor(e["to"]).center
        n = min(e["amount"], 6)
        size = max(14, self.view.cell // 2)
        coin = self.look.sprite("coin", size)
        for i in range(n):
            p = max(0.0, min(1.0, progress * 1.4 - i * 0.08))
            if p <= 0 or p >= 1:
                continue
            x = a[0] + (b[0] - a[0]) * p
            y = a[1] + (b[1] - a[1]) * p - math.sin(p * math.pi) * self.view.cell * 1.2
            surface.blit(coin, coin.get_rect(center=(int(x), int(y))))
        amount = self.look.text(f"{'+' if e['to'] in self.shown['dragons'] else ''}"
                                f"{e['amount']}", self.look.fs(18), self.look.colour("gold"),
                                bold=True)
        surface.blit(amount, amount.get_rect(midbottom=(b[0], b[1] - size)))

    def _draw_flight(self, surface, e: dict, progress: float) -> None:
        a = self.view.piece_rect(tuple(e["from"]), 2)
        b = self.view.piece_rect(tuple(e["to"]), 2)
        p = 0.5 - math.cos(progress * math.pi) / 2
        x = a.x + (b.x - a.x) * p
        y = a.y + (b.y - a.y) * p - math.sin(progress * math.pi) * self.view.cell * 0.6
        img = self.look.sprite(f"dragon/{e['dragon']}", round(a.w * 1.04))
        surface.blit(img, img.get_rect(center=(int(x + a.w / 2), int(y + a.h / 2))))

    def _banner_text(self, step) -> tuple[str, str]:
        first = step.events[0]
        t = first["type"]
        if t == "round":
            phase = next((e["phase"] for e in step.events if e["type"] == "phase"), None)
            return f"Round {first['round']}", (f"{phase.capitalize()} phase" if phase else "")
        if t == "phase":
            return f"{first['phase'].capitalize()} phase", _PHASE_NOTE.get(first["phase"], "")
        if t == "turn":
            seat = self.c.seats[first["dragon"]]
            who = "your" if seat.kind == "human" and not self.c.hotseat() else \
                f"{title(first['dragon'])}'s"
            return f"{who[:1].upper()}{who[1:]} turn", seat.label()
        if t == "attack":
            w = title(first["winner"])
            return (f"{title(first['attacker'])} attacks {title(first['defender'])}",
                    f"{first['attack']} against {first['defence']}: {w} wins")
        if t == "game_over":
            from game.log import describe

            return "Game over", describe(first).split(": ", 1)[-1].capitalize()
        from game.log import describe

        return describe(first), ""

    def _draw_banner(self, surface, step) -> None:
        look = self.look
        head, sub = self._banner_text(step)
        p = step.progress
        alpha = 255 if 0.12 < p < 0.85 else int(255 * (p / 0.12 if p <= 0.12 else
                                                        (1 - p) / 0.15))
        big = look.font(look.fs(34), bold=True)
        t = big.render(head, True, look.colour("gold"))
        s2 = look.text(sub, look.fs(17), look.colour("text")) if sub else None
        w = max(t.get_width(), s2.get_width() if s2 else 0) + look.px(60)
        h = t.get_height() + (s2.get_height() if s2 else 0) + look.px(24)
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(card, (*look.colour("tip"), 225), card.get_rect(),
                         border_radius=look.px(12))
        pygame.draw.rect(card, (*look.colour("gold_dim"), 255), card.get_rect(), 2,
                         border_radius=look.px(12))
        card.blit(t, t.get_rect(midtop=(w // 2, look.px(10))))
        if s2:
            card.blit(s2, s2.get_rect(midtop=(w // 2, look.px(10) + t.get_height())))
        card.set_alpha(max(0, min(255, alpha)))
        surface.blit(card, card.get_rect(center=(self.board_area.centerx,
                                                 self.board_area.y + self.board_area.h // 3)))

    def _draw_summary(self, surface, tribute: dict, progress: float) -> None:
        look = self.look
        rows = [(n, v) for n, v in tribute.items()]
        line = look.px(34)
        w, h = look.px(380), look.px(70) + line * len(rows)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.board_area.center
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(card, (*look.colour("tip"), 235), card.get_rect(),
                         border_radius=look.px(14))
        pygame.draw.rect(card, (*look.colour("gold"), 255), card.get_rect(), 2,
                         border_radius=look.px(14))
        surface.blit(card, rect)
        t = look.text("Tribute", look.fs(24), look.colour("gold"), bold=True)
        surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + look.px(10))))
        y = rect.y + look.px(54)
        coin = look.sprite("coin", look.px(20))
        for name, v in rows:
            icon = look.sprite(f"dragon/{name}", line - look.px(4))
            surface.blit(icon, (rect.x + look.px(16), y))
            surface.blit(look.text(title(name), look.fs(17), look.colour("text"), bold=True),
                         (rect.x + look.px(20) + icon.get_width(), y + look.px(5)))
            roll = look.text(f"rolled {v['roll']}", look.fs(14), look.colour("text_dim"))
            surface.blit(roll, (rect.x + look.px(150), y + look.px(8)))
            gain = f"+{v['coins']}" + (f"  treasure {v['treasure']}" if v["treasure"] else "")
            g = look.text(gain, look.fs(18), look.colour("gold"), bold=True)
            surface.blit(g, g.get_rect(topright=(rect.right - look.px(16), y + look.px(4))))
            surface.blit(coin, coin.get_rect(topright=(rect.right - look.px(20) - g.get_width(),
                                                        y + look.px(7))))
            y += line
        hint = look.text("Space skips", look.fs(12), look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - look.px(4))))

    def _draw_tip(self, surface, lines: list[str], pos) -> None:
        look = self.look
        font = look.font(look.fs(14))
        bold = look.font(look.fs(15), bold=True)
        width = min(look.px(420), max(bold.size(lines[0])[0],
                                      *(font.size(x)[0] for x in lines[1:]), 50) + 20)
        wrapped = []
        for i, line in enumerate(lines):
            f = bold if i == 0 else font
            for part in look.wrap(line, f, width - 20):
                wrapped.append((part, f, i == 0))
        h = sum(f.get_linesize() for _, f, _ in wrapped) + 14
        x, y = pos
        sw, sh = surface.get_size()
        if pos[1] > self.bar.rect.y - 20:  # tips over the bar open upwards
            y = pos[1] - h
        x = max(4, min(x, sw - width - 4))
        y = max(4, min(y, sh - h - 4))
        rect = pygame.Rect(x, y, width, h)
        pygame.draw.rect(surface, look.colour("tip"), rect, border_radius=6)
        pygame.draw.rect(surface, look.colour("gold"), rect, 1, border_radius=6)
        yy = y + 7
        for part, f, head in wrapped:
            colour = look.colour("gold" if head else "text")
            surface.blit(f.render(part, True, colour), (x + 10, yy))
            yy += f.get_linesize()


_PHASE_NOTE = {
    "populate": "Settlements, a place of power and the thief's chest",
    "action": "Three actions each, poorest dragon first",
    "tribute": "Every claim pays — or revolts",
}
