"""The board screen: board, side panel with the log, action bar, prompts, animations.

It reads the match only through the controller: the pending decision, the legal
answers and the (seat) view; a click or a key becomes an answer for the one door.

GameScene is the wiring: layout, the frame's update, the decision's controls. Each job
is a helper beside it (game_input, game_select, game_dialogs, game_pace, game_messages,
game_ai, game_undo, game_draw) that reads and changes the scene, whose state it keeps.
"""

from __future__ import annotations

import pygame

from game.decisions import IllegalAnswer, answer_kind
from game.i18n import _, language
from game.seat_view import visible_events
from game.ui import bindings, explain, guard, hints, shown_board
from game.ui.action_bar import HOTKEYS, ActionBar, action_slots, idle_slots
from game.ui.aiming import Aim
from game.ui.board_view import BoardView
from game.ui.chat_view import ChatBox
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
from game.ui.scenes.game_dialogs import GameDialogs
from game.ui.scenes.game_draw import GameDraw
from game.ui.scenes.game_input import GameInput
from game.ui.scenes.game_messages import GameMessages
from game.ui.scenes.game_pace import NET_POLL as NET_POLL  # where tests look for them
from game.ui.scenes.game_pace import PULSE_FPS as PULSE_FPS
from game.ui.scenes.game_pace import GamePace
from game.ui.scenes.game_select import Selection
from game.ui.scenes.game_undo import UndoHandover, seed_note
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.widgets import button
from game.ui.settings import PACE_FACTOR
from game.ui.sound.cues import Listener, decision_cue
from game.words import shown as in_language


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
        self._ambient_only = False  # the last update moved only the ambient layer
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
        self.banner_language = ""  # the language banner_error is worded in
        self.error_time = 0.0
        self.status_rect = pygame.Rect(0, 0, 0, 0)  # where the status line was drawn
        self.status_text = ""  # the words it held
        self.hinted: tuple[int, dict] | None = None  # (answers given then, the hint's answer)
        self.hint_short: tuple[str, str] | None = None  # (the hint's line, its short form)
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
        self.pace = GamePace(self)
        self.messages = GameMessages(self)
        self.dialogs = GameDialogs(self)
        self.selection = Selection(self)
        self.input = GameInput(self)

    # ----- layout ------------------------------------------------------------------
    def enter(self) -> None:
        look = self.look
        if self.banner_error and self.banner_language != language():
            self.banner_error, self.error_time = "", 0.0  # words of another language: gone
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
        self._ambient_only = False  # (changed_area) until the end says otherwise
        busy = self.log.update()  # a scroll arrow held down moves the log, no event
        if self.error_time > 0:
            self.error_time -= dt
            busy |= self.error_time <= 0  # the message goes: draw the bar without it
        self.messages.end_stale_hint()
        self.undo_handover.hide_cards_between_turns()
        if hasattr(self.c, "poll") and self.c.poll():  # an online game (game/ui/net_window.py)
            busy = True
            if self.prepared == "ai":
                self.prepared = "stale"  # the waiting line changed: show it again
        busy |= self.messages.take_ai_notes()
        self.host_keys.sync()
        busy |= self.messages.take_chat()  # chat lines join the log as they come
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
        # Under the pause menu, Save, Rules, Settings or Help nothing is played on in a
        # game at this screen ("Paused" means paused; the AI answered under it, and the
        # end or a hand-over was pushed over the open screen). An online game goes on:
        # the others are not kept waiting, but its end waits for the screen to close.
        covered = self.app.top is not self
        if covered and not hasattr(self.c, "poll"):
            return busy
        if self.c.finished:
            if self.animation.idle and not covered:
                self._finish()
                return True
            return busy or not self.animation.idle
        pending = self.c.pending
        if pending is None:
            return busy
        if not self.c.is_human(pending.dragon):
            shown = self.prepared == "ai"  # the bar already says who plays
            driven = self.ai_driver.drive(dt)
            # a seat played on another machine, or the AI worker thinking: nothing here
            # moves until the answer comes and wakes the window (game.ui.idle.wake), or
            # the pause between an AI's answers ends (wake_in), so no 60 Hz frames
            busy |= driven and not (shown and self.pace.awaiting(pending.dragon))
        elif self.animation.idle and not covered:
            self._prepare(pending)
        # targets pulse while a person aims (who may think for minutes: PULSE_FPS
        # frames a second, none with Reduce motion); otherwise an idle board is redrawn
        # only for its ambient layer (game.ui.ambient), a few times a second
        if busy or not self.animation.idle or self.pace.pulse_due():
            return True
        self._ambient_only = self.view.ambient_due(self.time)
        return self._ambient_only

    def changed_area(self) -> pygame.Rect | None:
        """Only the board's ambient layer moved (water, smoke, banners): the App redraws
        the board's rectangle alone (the panel and the bar stay as drawn)."""
        return self.view.rect if self._ambient_only else None

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
            self.dialogs.open_choice(in_language(pending.prompt), legal)
        self.app.sound.cue(decision_cue(pending.kind, pending.dragon, self.listener()))

    def _idle_controls(self) -> None:
        self._cancel_selection()
        self._close_choice()
        self.prepared = None

    def submit_answer(self, answer: dict, confirmed: bool = False) -> None:
        if not confirmed and guard.ask_first(self, answer):  # teach hook: guard rails
            return
        try:
            self.c.submit(answer)
        except IllegalAnswer as exc:
            self.show_error(in_language(exc))  # the refusal's Words, in the player's language
            self.selection.aim_again()
            return
        self._idle_controls()
        self.bar.set_slots(idle_slots(_("The dice are rolling")))

    def open_pause(self) -> None:
        self.app.push(PauseScene(self.app, self))

    # ----- what is aimed at lives in self.aim (game.ui.aiming); these names stay for callers
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

    def _highlights(self) -> dict:
        return self.aim.highlights()

    # ----- the jobs kept in their own modules (tests and other screens call these) ------
    def handle(self, event) -> bool:
        return self.input.handle(event)

    def wake_in(self) -> float | None:
        return self.pace.wake_in()

    def show_error(self, text: str, colour: str = "red") -> None:
        self.messages.show_error(text, colour)

    def select_slot(self, key: str) -> None:
        self.selection.select_slot(key)

    def _cancel_selection(self) -> None:
        self.selection.cancel()

    def _pick(self, value) -> None:
        self.selection.pick(value)

    def cycle_target(self, delta: int) -> None:
        self.selection.cycle_target(delta)

    def _cursor_step(self, dx: int, dy: int) -> None:
        self.selection.cursor_step(dx, dy)

    def hint_cells(self) -> list:
        return self.selection.hint_cells()

    def marked_value(self, key: str):
        return self.selection.marked_value(key)

    def _build_choice(self) -> None:
        self.dialogs.build_choice()

    def _close_choice(self) -> None:
        self.dialogs.close_choice()

    def _choice_made(self, picked) -> None:
        self.dialogs.choice_made(picked)

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
