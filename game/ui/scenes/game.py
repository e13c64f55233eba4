"""The board screen: board, side panel with the log, action bar, prompts, animations.

It reads the match only through the controller: the pending decision, the legal
answers and the (seat) view; a click or a key becomes an answer for the one door.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.decisions import IllegalAnswer, answer_kind
from game.i18n import _
from game.seat_view import visible_events
from game.ui import bindings, board_input, explain, guard, hints, shown_board
from game.ui import overlays as overlays_mod
from game.ui.action_bar import HOTKEYS, ActionBar, action_slots, idle_slots
from game.ui.aiming import CONFIRM, Aim
from game.ui.board_view import BoardView
from game.ui.chat_view import ChatBox, has_chat
from game.ui.effects import Effects
from game.ui.event_animation import EventAnimation
from game.ui.host_keys_view import HostKeyButtons
from game.ui.log_view import LOG_ROWS, LogView
from game.ui.overlays import Overlays
from game.ui.panel import PanelView
from game.ui.scene import Scene
from game.ui.scenes.choice import ChoiceDialog
from game.ui.scenes.end import EndScene
from game.ui.scenes.game_ai import AiDriver
from game.ui.scenes.game_draw import GameDraw
from game.ui.scenes.game_undo import UndoHandover, seed_note
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.widgets import PACE_NAMES, button
from game.ui.settings import PACE_FACTOR, PACES, Settings
from game.ui.sound.cues import REFUSE, Listener, decision_cue
from game.ui.targets import answer_label, single_target_cells, value_cells, value_label
from game.words import shown as in_language

PAN_STEP = 60
NET_POLL = 0.1  # seconds between looks at the network while an online board is at rest
PULSE_FPS = 15  # frames a second of the targets' pulse while a person aims (a slow sine)
PAN_STEPS = {"pan_left": (1, 0), "pan_right": (-1, 0), "pan_up": (0, 1), "pan_down": (0, -1)}
CURSOR_STEPS = {"cursor_left": (-1, 0), "cursor_right": (1, 0), "cursor_up": (0, -1),
                "cursor_down": (0, 1)}


def _share(room: int, gap: int, names, font, pad: int) -> tuple[list[int], list[int]]:
    """Buttons side by side in `room`: equal widths when every name fits in one, else
    each as wide as its name needs and the spare room shared ("Deshacer" is long,
    "Menú" short). -> (x offsets, widths)."""
    n = len(names)
    inner = room - gap * (n - 1)
    need = [font.size(t)[0] + pad for t in names]
    if max(need) <= inner // n:
        widths = [inner // n] * n
    elif sum(need) > inner:  # none fits its need: each short by the same share
        widths = [inner * w // sum(need) for w in need]
    else:
        spare = (inner - sum(need)) // n
        widths = [w + spare for w in need]
    xs = [sum(widths[:i]) + gap * i for i in range(n)]
    return xs, widths


class GameScene(Scene):
    covers_screen = True  # board area, banner strip, action bar and panel tile the window

    def __init__(self, app, controller):
        super().__init__(app)
        self.c = controller
        m = controller.match
        self.shown = shown_board.empty_doc(controller.board, m.options)
        self.view = BoardView(controller.board, palette=app.look.palette)
        self.effects = Effects()  # fire, coins, clash, ring drop (issue 34)
        self.animation = EventAnimation()
        self.log = LogView(app.look)
        self.log.note(seed_note(controller))
        # a resumed game: what happened before this window opened is in the log at once
        past = len(controller.session.events) - len(controller.queue)
        for e in controller.session.events[:max(0, past)]:
            self.log.add(visible_events([e], controller.log_viewer())[0])  # P28
        if past > 0:
            self.animation.in_setup = m.round == 0
        self._setup_animation(controller.session.events[:max(0, past)])
        self.log.seen_by = controller.log_viewer  # a rebuilt log hides cards too
        self.time = 0.0
        self._pulse_frame = -1  # the targets' pulse frame last asked for (PULSE_FPS)
        self.synced = -1          # len(m.events) when the shown board was last synced
        self.prepared = None      # the decision the controls are set up for
        self.slots = []
        self.aim = Aim(self)      # the slot chosen, its targets, the keyboard cursor
        self.overlays = Overlays(self)
        self.extra_keys = bindings.ExtraKeys()  # power / card letters, stable all game
        self.hover_cell = None
        self.choice: ChoiceDialog | None = None
        self.handed: str | None = None   # the human the hand-over screen was last shown to
        self.waiting_handover = False
        self.ai_wait = 0.0
        self.ended = False
        self.drag = None
        self.tip: tuple | None = None  # (lines, position[, left_of])
        self.banner_error = ""
        self.error_time = 0.0
        self.status_rect = pygame.Rect(0, 0, 0, 0)  # where the status line was drawn
        self.status_text = ""  # the words it held
        self.hinted: tuple[int, dict] | None = None  # (answers given then, the hint's answer)
        self.shown_for: str | None = None  # whose eyes self.shown was made for
        self.fitted = False
        self.widgets: list = []
        self.bar = ActionBar(app.look)
        self.panel = PanelView(app.look)
        self.factor_override: float | None = None
        self.undo_state = None    # (key, ok, reason) the Undo button shows
        self.chat = ChatBox(self)  # online games only (T or Enter opens it)
        self.host_keys = HostKeyButtons(self)  # the host's F6/F7/F8, while one is away
        # the screen's jobs, each in its own module
        self.ai_driver = AiDriver(self)
        self.undo_handover = UndoHandover(self)
        self.drawing = GameDraw(self)

    # ----- layout ------------------------------------------------------------------
    def enter(self) -> None:
        look = self.look
        self.bar.look = look
        self.panel.look = look
        self.log.look = look
        self.banner_h, self.board_area, self.panel_rect, bar_rect = look.board_layout(
            self.app.screen.get_size(), look.px(86))
        if bar_rect.w < look.px(13 * 76):
            # a narrow window: the action bar runs under the panel too, so thirteen
            # slots keep readable labels (the log gives up the bar's height)
            bar_rect.w = self.app.screen.get_width()
            self.panel_rect.h -= bar_rect.h
        self.bar.set_rect(bar_rect)
        self.view.set_palette(look.palette)
        self.view.set_rect(self.board_area)
        if not self.fitted:
            self.view.fit()
            self.fitted = True
        self.app.sound.music.play("game")
        bh = look.px(30)
        gap = look.px(6)
        x0 = self.panel_rect.x + look.px(8)
        y0 = look.px(6)
        names = (_("Menu"), _("Undo"), _("Rules"), _("Help"))
        xs, ws = _share(self.panel_rect.w - look.px(8) * 2, gap, names,
                        look.font(look.fs(16)), look.px(10))
        self.menu_btn = button(self.ui, (x0 + xs[0], y0, ws[0], bh), names[0],
                               tip=_("Pause menu: save, load, settings") + " (Esc)")
        self.undo_btn = button(self.ui, (x0 + xs[1], y0, ws[1], bh), names[1],
                               tip=_("Take back your last answer") + " (Ctrl+Z)")
        self.rules_btn = button(self.ui, (x0 + xs[2], y0, ws[2], bh), names[2],
                                tip=_("The rules reference"))
        self.help_btn = button(self.ui, (x0 + xs[3], y0, ws[3], bh), names[3],
                               tip=_("Shortcuts") + " (F1)")
        self.hint_btn = hints.button(self)  # teach hook: the Hint button (H) in the banner
        self.widgets = [self.menu_btn, self.undo_btn, self.rules_btn, self.help_btn,
                        self.hint_btn]
        self.undo_state = None
        self.undo_handover.refresh()
        self.panel_top = y0 + bh + look.px(4)
        n = len(self.c.match.seat_names)
        # the log keeps LOG_ROWS lines: the dragons' rows go compact when they would not
        # leave room for them (many dragons, a short window, a large scale)
        log_line = look.font(look.body(14)).get_linesize()
        self.panel.fit(n, self.panel_rect.h - self.panel_top - look.px(50)
                       - LOG_ROWS * log_line)
        log_top = self.panel_top + self.panel.height(n)
        self.log_rect = pygame.Rect(self.panel_rect.x + look.px(6), log_top + look.px(22),
                                    self.panel_rect.w - look.px(12),
                                    self.panel_rect.h - log_top - look.px(28))
        if self.app.settings.show_log and self.log_rect.h > look.px(60):
            self.log.build(self.ui, self.log_rect)
        if self.choice is not None:
            self._build_choice()
        self.prepared = None  # rebuild controls for the current decision

    def leave(self) -> None:
        self.chat.hide()
        self.host_keys.hide()
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

    def _setup_animation(self, shown: list[dict]) -> None:
        """Setup is summarised on one card unless the player asks to watch each roll;
        when the events already `shown` reach the first turn, setup is over."""
        self.animation.brief_setup = not self.app.settings.watch_setup
        if any(e["type"] == "phase" and e.get("phase") == "action" for e in shown):
            self.animation.briefing = False

    def covered(self) -> None:
        self.tip = None

    # ----- the flow ----------------------------------------------------------------
    def factor(self) -> float:
        if self.factor_override is not None:
            return self.factor_override
        return PACE_FACTOR[self.app.settings.pace]

    def apply_event(self, event: dict) -> None:
        empty = explain.comes_to_nothing(self.shown, event)  # before the event applies
        self.effects.start(event, self.shown, self.factor())  # issue 34: what happened
        shown_board.apply(self.shown, event)
        # The log stays on screen across hand-overs: a private event (a dealt card) shows
        # its card only when one human plays and it is theirs (P28, P41).
        self.log.add(visible_events([event], self.c.log_viewer())[0])
        if empty:  # the engine logs no payment of nothing: the log says the outcome
            self.log.note(empty)

    def update(self, dt: float) -> bool:
        self.time += dt
        self.log.update()
        busy = False
        if self.error_time > 0:
            self.error_time -= dt
            busy = self.error_time <= 0  # the message goes: draw the bar without it
        self._end_stale_hint()
        self.undo_handover.hide_cards_between_turns()
        if hasattr(self.c, "poll") and self.c.poll():  # an online game (game/ui/net_window.py)
            busy = True
            if self.prepared == "ai":
                self.prepared = "stale"  # the waiting line changed: show it again
        for note in self.c.ai_notes:
            self.log.note(note)
        self.c.ai_notes.clear()
        self.host_keys.sync()
        if has_chat(self.c):  # chat lines join the log as they come (game.net.chat)
            for line in self.c.take_chat():
                self.log.add(line)
                busy = True
        if self.widgets:
            self.undo_handover.refresh()
        if self.c.queue:
            self.animation.feed(list(self.c.queue))
            self.c.queue.clear()
        if self.animation.update(dt, self.factor(), self.apply_event):
            busy = True
        busy |= self.effects.update(dt)
        started = self.animation.take_started()
        if started:  # each event is heard when its animation starts (issue 21)
            self.app.sound.events(started, self.listener(), instant=self.factor() == 0)
        if self.animation.idle and self.synced != len(self.c.match.events):
            self._sync()
            busy = True
        if self.ended or self.waiting_handover:
            return busy
        if self.c.finished:
            if self.animation.idle:
                self._finish()
            return True
        pending = self.c.pending
        if pending is None:
            return busy
        if not self.c.is_human(pending.dragon):
            shown = self.prepared == "ai"  # the bar already says who plays
            driven = self.ai_driver.drive(dt)
            # a seat played on another machine: nothing here moves until the network
            # brings its answer (looked at every NET_POLL: wake_in), so no 60 Hz frames
            busy |= driven and not (shown and self._played_elsewhere(pending.dragon))
        elif self.animation.idle:
            self._prepare(pending)
        # targets pulse while a person aims (who may think for minutes: PULSE_FPS
        # frames a second, none with Reduce motion); otherwise an idle board is redrawn
        # only for its ambient layer (game.ui.ambient), a few times a second
        return (busy or not self.animation.idle or self._pulse_due()
                or self.view.ambient_due(self.time))

    def _pulsing(self) -> bool:
        return self.picker is not None and not self.app.settings.reduce_motion

    def _pulse_due(self) -> bool:
        frame = int(self.time * PULSE_FPS)
        due = self._pulsing() and frame != self._pulse_frame
        self._pulse_frame = frame
        return due

    def _played_elsewhere(self, dragon: str) -> bool:
        """An online seat whose answer comes over the network (the top bar waits for
        it: game.ui.net_window's waiting_text), the board having shown all it has."""
        waiting = getattr(self.c, "waiting_text", None)
        return (waiting is not None and self.animation.idle and not self.effects.active
                and waiting(dragon) is not None)

    def wake_in(self) -> float | None:
        """At rest (game.ui.idle): the next ambient frame, the end of a message, the
        next look at the network in an online game; else nothing until input."""
        dues = [self.view.ambient_wake_in(self.time)]
        if self._pulsing():
            dues.append((int(self.time * PULSE_FPS) + 1) / PULSE_FPS - self.time)
        if self.error_time > 0:
            dues.append(self.error_time)
        if hasattr(self.c, "poll"):
            dues.append(NET_POLL)
        return min((d for d in dues if d is not None), default=None)

    def listener(self) -> Listener:
        """The people at this screen: their turn chimes, their defeat sounds as one.
        In hot seat the hand-over screen chimes instead of the turn."""
        return Listener(frozenset(self.c.humans()), handover=self.c.hotseat())

    def _sync(self) -> None:
        self.shown_for = self._viewer()
        self.shown = self.c.display_doc(self.shown_for)
        self.synced = len(self.c.match.events)


    def _finish(self) -> None:
        self.ended = True
        self.log.note(seed_note(self.c))  # the game is over: the seed may be known now

        self.app.replace(EndScene(self.app, self.c))

    # ----- human decisions ---------------------------------------------------------
    def _decision_key(self, pending):
        return (self.c.n_answers, pending.dragon, pending.kind, pending.prompt)

    def _prepare(self, pending) -> None:
        key = self._decision_key(pending)
        if self.prepared == key:
            return
        if self.c.hotseat() and self.handed != pending.dragon:
            self.undo_handover.handover(pending.dragon)
            return
        self.prepared = key
        self._cancel_selection()
        self._close_choice()
        legal = self.c.legal_answers()
        if pending.kind == "action":
            kinds = {answer_kind(a) for a in legal} - set(HOTKEYS)
            keys = self.extra_keys.assign((self.c.match.round, pending.dragon), kinds)
            self.slots = action_slots(self.c.match, pending.dragon, legal, keys)
            self.bar.set_slots(self.slots)
        else:
            self.bar.set_slots(idle_slots(in_language(pending.prompt)))
            self._open_choice(in_language(pending.prompt), legal)
        self.app.sound.cue(decision_cue(pending.kind, pending.dragon, self.listener()))


    def _idle_controls(self) -> None:
        self._cancel_selection()
        self._close_choice()
        self.prepared = None

    def _open_choice(self, prompt: str, answers: list[dict], picker_key=None) -> None:
        labels = []
        for a in answers:
            labels.append(answer_label(a, self.shown) if picker_key is None
                          else value_label(picker_key, a, self.shown))
        self.choice = ChoiceDialog(self.look, prompt, answers, labels,
                                   cancel=picker_key is not None,
                                   details=explain.option_details(answers))  # teach hook
        if picker_key is None:  # a choice naming cells (lose_claim) is clickable too
            self.aim.start(None, answers)
        self._build_choice()

    def submit_answer(self, answer: dict, confirmed: bool = False) -> None:
        if not confirmed and guard.ask_first(self, answer):  # teach hook: guard rails
            return
        try:
            self.c.submit(answer)
        except IllegalAnswer as exc:
            self.show_error(in_language(exc))  # the refusal's Words, in the player's language
            self._aim_again()
            return
        self._idle_controls()
        self.bar.set_slots(idle_slots(_("The dice are rolling")))

    def show_error(self, text: str, colour: str = "red") -> None:
        if colour == "red":
            self.app.sound.cue(REFUSE)
        text = in_language(text)  # the engine's Words (refusals, undo) in the player's language
        self.banner_error = text[:1].upper() + text[1:]
        self.banner_colour = colour
        self.error_time = 4.0

    # ----- action selection and targets --------------------------------------------
    # What is aimed at lives in self.aim (game.ui.aiming); these names stay for callers.
    @property
    def slot_key(self) -> str | None:
        return self.aim.slot_key

    @property
    def picker(self):
        return self.aim.picker

    @property
    def hover_value(self):
        return self.aim.hover_value

    @hover_value.setter
    def hover_value(self, value) -> None:
        self.aim.hover_value = value

    @property
    def cursor(self):
        return self.aim.cursor

    def _human_action(self) -> bool:
        p = self.c.pending
        return (p is not None and p.kind == "action" and self.c.is_human(p.dragon)
                and self.animation.idle and not self.waiting_handover and
                self.prepared is not None and self.prepared != "ai")

    def select_slot(self, key: str) -> None:
        if not self._human_action():
            return
        slot = next((s for s in self.slots if s.key == key), None)
        if slot is None:
            return
        if not slot.enabled:
            self.show_error(slot.reason or _("Not possible now"))
            return
        self._close_choice()
        self._cancel_selection()
        extra = slot.key not in HOTKEYS
        if not extra and len(slot.answers) == 1 and \
                not single_target_cells(self.shown, slot.answers[0]):
            self.submit_answer(slot.answers[0])  # End turn: nothing to aim at
            return
        self.aim.start(key, slot.answers)
        self.bar.selected = key
        if extra and self.picker.key() is None and \
                not single_target_cells(self.shown, slot.answers[0]):
            # a card or power with nothing to aim at: say what it does, then confirm
            self._confirm_extra(slot)
            return
        self._offer_list_if_needed()

    def _confirm_extra(self, slot) -> None:
        self.choice = overlays_mod.confirm_dialog(self.look, slot)
        self._build_choice()

    def _offer_list_if_needed(self) -> None:
        """A field whose values are not on the board is picked from a list."""
        if not self.aim.listed():
            return
        k = self.picker.key()
        opts = self.picker.options()
        slot_label = next((s.label for s in self.slots if s.key == self.slot_key), "")
        # TRANSLATORS: {action} is an action's name, {what} what is chosen (to, at, ...)
        self.choice = ChoiceDialog(self.look, _("{action}: choose {what}").format(
                                       action=slot_label, what=k), opts,
                                   [value_label(k, v, self.shown) for v in opts], cancel=True,
                                   details=explain.option_details(opts))  # teach hook
        self._build_choice()

    def _build_choice(self) -> None:
        """Open the question dialog where it hides none of the pieces it is about."""
        assert self.choice is not None  # every caller has just set it
        self.choice.build(self.ui, self.board_area, avoid=self._question_pieces())
        if self.choice.cramped:
            # too many answers for the board's width at this scale: the dialog may cover
            # the side panel too, so its answers share two columns and all show
            wide = pygame.Rect(0, self.board_area.y, self.app.screen.get_width(),
                               self.board_area.h)
            self.choice.build(self.ui, wide, avoid=self._question_pieces())

    def _question_pieces(self) -> list[pygame.Rect]:
        """Screen rects of what the question is about: the dragon deciding, the cells
        its answers name, and the dragons named in its words."""
        rects = []
        p = self.c.pending
        names = set()
        if p is not None:
            names.add(p.dragon)
            words = (p.prompt or "").lower()
            names |= {n for n in self.shown["dragons"] if n in words}
        for n in names:
            d = self.shown["dragons"].get(n)
            if d and d.get("at") is not None:
                rects.append(self.view.piece_rect(tuple(d["at"]), 2))
        if self.picker is not None:
            for cell in list(self.aim.target_map())[:12]:
                rects.append(self.view.cell_rect(cell))
        return rects

    def _aim_again(self) -> None:
        """After a refused answer the chosen action starts its aiming over: the refused
        pick is never left waiting for a confirmation that would be refused again."""
        slot = next((s for s in self.slots if s.key == self.slot_key), None)
        if slot is None or self.picker is None:
            return
        self._close_choice()
        self.aim.start(slot.key, slot.answers)
        self.tip = None
        self._offer_list_if_needed()

    def marked_value(self, key: str):
        """The value of field `key` the board marks for the player (the hint's target),
        which a click on any of its cells picks; None when nothing is marked."""
        if self.hinted is None or self.slot_key != answer_kind(self.hinted[1]):
            return None
        return self.hinted[1].get(key)

    def _end_stale_hint(self) -> None:
        """A hint is for one decision: once any answer is given (the next dragon's turn
        too) its line, its tip and its mark on the board go."""
        if self.hinted is None or self.hinted[0] == self.c.n_answers:
            return
        self.hinted = None
        if hints.is_hint(self.banner_error):  # "Hint: ..." in the language in use
            self.error_time = 0
            self.banner_error = ""
        if self.tip is not None and self.tip[0] and hints.is_hint(str(self.tip[0][0])):
            self.tip = None

    def hint_cells(self) -> list:
        """The cells of the hint's target, marked on the board."""
        if self.hinted is None:
            return []
        answer = self.hinted[1]
        for key in ("to", "at"):  # where it lands or acts, before whom it moves
            if key in answer:
                cells = value_cells(self.shown, key, answer[key], answer)
                if cells:
                    return cells
        return single_target_cells(self.shown, answer)

    def _close_choice(self) -> None:
        if self.choice is not None:
            self.choice.kill()
            self.choice = None

    def _cancel_selection(self) -> None:
        self.aim.cancel()
        self.bar.selected = None
        self.tip = None

    def _target_map(self) -> dict:
        return self.aim.target_map()

    def _is_footprint_key(self) -> bool:
        return self.aim.is_footprint()

    def _value_at(self, pos):
        return self.aim.value_at(pos)

    def _pick(self, value) -> None:
        if self.picker is None or value is None:
            return
        a = self.aim.pick(value)
        if a is not None:
            self.submit_answer(a)
            return
        self._offer_list_if_needed()

    def _confirm_key(self) -> None:
        """Enter: the target aimed at; with none aimed at, the only one there is (as
        the status line promises), else a word on how to aim."""
        value = self.hover_value
        if value is None:
            opts = self.picker.options() if self.picker.key() is not None else [CONFIRM]
            if len(opts) != 1:
                self.show_error(_("Tab or the arrow keys aim at a target first"), "gold")
                return
            value = opts[0]
        self._pick(value)

    def _hover_answer(self) -> dict | None:
        return self.aim.hover_answer()

    def _tip_for(self, answer: dict) -> list[str]:
        return self.aim.tip_for(answer)

    def cycle_target(self, delta: int) -> None:
        self.aim.cycle(delta)
        self.tip = self.aim.cursor_tip()

    def _cursor_step(self, dx: int, dy: int) -> None:
        self.aim.cursor_step(dx, dy)
        tip = self.aim.cursor_tip() if self.picker is not None else None
        if tip is None and self.aim.cursor is not None:
            # teach hook: the info card under the cursor, with or without an action
            # chosen (issue 33: a cell that is no target is still inspected)
            if self.picker is None:
                self.hover_cell = None  # the keys take over from the mouse
            r = self.view.cell_rect(self.aim.cursor)
            tip = explain.tip_at(self.shown, self.aim.cursor, self._viewer(),
                                 (r.right + 8, r.y))
        self.tip = tip

    def _highlights(self) -> dict:
        return self.aim.highlights()

    # ----- input -------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self.chat.handle(event) or self.host_keys.handle(event):
            return True
        if self.chat.wants(event):
            self.chat.show()
            return True
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
                self._close_choice_if_cancellable()
                self._cancel_selection()
            return True
        if self.log.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.choice is not None and self.choice.wheel(pygame.mouse.get_pos(), event.y):
                return True
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
            self.app.push(RulesScene(self.app))
            return True
        if el is self.hint_btn:  # teach hook
            return hints.clicked(self)
        if el is self.help_btn:
            self.open_help()
            return True
        if self.choice is not None:
            picked = self.choice.clicked(el)
            if picked is not None:
                self._choice_made(picked)
                return True
        return False

    def _choice_made(self, picked) -> None:
        if picked == ChoiceDialog.CANCEL:
            self._close_choice()
            self._cancel_selection()
            return
        if self.slot_key is not None:  # a list-picked field, or a confirmed card
            self._close_choice()
            if picked == CONFIRM:
                self.submit_answer(self.picker.answer())
            else:
                self._pick(picked)
        else:
            self.submit_answer(picked)

    def open_pause(self) -> None:
        self.app.push(PauseScene(self.app, self))

    def open_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def _close_choice_if_cancellable(self) -> None:
        if self.choice is not None and self.choice.cancel:
            self._close_choice()

    def _key(self, event) -> bool:
        """A key: a question dialog's digits first, then the table of commands
        (game.ui.bindings), then the action bar's slot keys."""
        command = bindings.command_for(event)
        if command in ("help", "skip", "back", "undo"):
            return self._command(command, event)
        if self.choice is not None and self.choice.handle_key(event):
            picked = self.choice.take()
            if picked is not None:
                self._choice_made(picked)
            return True
        if command is not None:
            return self._command(command, event)
        letter = bindings.slot_key_code(event)
        if letter is not None:
            for slot in self.slots:
                if slot.hotkey and slot.hotkey == letter:
                    self.select_slot(slot.key)
                    return True
        return False

    def _command(self, command: str, event) -> bool:
        if command == "help":
            self.open_help()
        elif command == "skip":
            self.animation.skip(self.apply_event)
            self.ai_wait = 0
        elif command == "back":
            if self.slot_key or (self.choice is not None and self.choice.cancel):
                self._close_choice_if_cancellable()
                self._cancel_selection()
            else:
                self.open_pause()
        elif command == "undo":
            self.undo()
        elif command == "next_target":
            self.cycle_target(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif command == "confirm":
            if self.picker is not None and self.slot_key:
                self._confirm_key()
        elif command.startswith("cursor_"):
            self._cursor_step(*CURSOR_STEPS[command])
        elif command.startswith("pan_"):
            self.view.pan(*(PAN_STEP * v for v in PAN_STEPS[command]))
        elif command in ("zoom_in", "zoom_out"):
            board_input.zoom_key(self.view, event.key)
        elif command == "fit":
            self.view.fit()
        elif command == "pace":
            s = Settings(**vars(self.app.settings))
            s.pace = PACES[(PACES.index(s.pace) + 1) % len(PACES)]
            self.app.apply_settings(s)
            self.show_error(_("Animation pace: {pace}").format(pace=_(PACE_NAMES[s.pace])),
                            "gold")
        elif command == "hint":  # teach hook: the Hard AI's choice, and why
            return hints.clicked(self)
        elif command in ("log_up", "log_down", "log_end"):
            page = max(1, self.log.visible_rows() - 1)
            self.log.scroll({"log_up": -page, "log_down": page,
                             "log_end": len(self.log.rows)}[command])
        elif command == "mute":
            s = Settings(**vars(self.app.settings))
            s.muted = not s.muted
            self.app.apply_settings(s)
            self.show_error(_("Sound off (M turns it on)") if s.muted else _("Sound on"),
                            "gold")
        elif command == "log":
            s = Settings(**vars(self.app.settings))
            s.show_log = not s.show_log
            self.app.apply_settings(s)
            if s.show_log:
                self.log.build(self.ui, self.log_rect)
            else:
                self.log.kill()
        return True

    def _motion(self, event) -> None:
        pos = event.pos
        if self.drag is not None:
            start, _moved = self.drag
            dx, dy = pos[0] - start[0], pos[1] - start[1]
            if abs(dx) + abs(dy) > 2:
                self.view.pan(dx, dy)
                self.drag = (pos, True)
            return
        if self.choice is not None:
            self.choice.hover(pos)  # the description follows the mouse
        i = self.bar.slot_at(pos)
        self.bar.hover = i
        self.tip = None
        if i is not None:
            slot = self.bar.slots[i]
            lines = explain.slot_lines(slot)  # teach hook: what it does, when, cost
            r = self.bar.rects[i]
            self.tip = (lines, (r.x, r.y - 8))
            return
        panel_tip = self.panel.tip_at(pos)  # a card or the crown on the side panel
        if panel_tip is not None:
            self.tip = (panel_tip, (pos[0] - 12, pos[1] + 16), True)
            self.hover_cell = None
            return
        self.hover_cell = self.view.cell_at(pos) if self.board_area.collidepoint(pos) else None
        if self.picker is not None and self.hover_cell is not None:
            self.hover_value = self._value_at(pos)
            a = self._hover_answer()
            if a is not None:
                self.tip = (self._tip_for(a), (pos[0] + 18, pos[1] + 12))
        elif self.hover_cell is not None and self.choice is None:  # teach hook: info card
            self.tip = explain.tip_at(self.shown, self.hover_cell, self._viewer(),
                                      (pos[0] + 18, pos[1] + 12))

    def _click(self, event) -> bool:
        if event.button in (2, 3):
            self.drag = (event.pos, False)
            return True
        if event.button != 1:
            return False
        if not self.animation.idle and self.board_area.collidepoint(event.pos):
            self.animation.skip(self.apply_event)  # a click on the board skips, like Space
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
                    self.submit_answer(answers[0])
                return True
            self._pick(value)
            return True
        return False

    # ----- the jobs kept in their own modules (tests and other screens call these) ------
    def undo(self) -> bool:
        return self.undo_handover.undo()

    def reset_view(self) -> None:
        self.undo_handover.reset_view()

    def _viewer(self) -> str | None:
        return self.undo_handover.viewer()

    def draw(self, surface) -> None:
        self.drawing.draw(surface)

    def draw_after_ui(self, surface) -> None:
        self.drawing.draw_after_ui(surface)

    def _draw_panel(self, surface) -> None:
        self.drawing.draw_panel(surface)

    def _prompt_text(self) -> tuple[str, tuple]:
        return self.drawing.prompt_text()
