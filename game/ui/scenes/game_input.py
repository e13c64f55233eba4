"""The board screen's input: its buttons, the keys (game.ui.bindings' table of
commands, a question dialog's digits, the action bar's slot keys) and the mouse (the
bar's and the board's clicks, hover tips, dragging the board, the wheel).

`GameInput` turns each event into what the board screen does; it reads and changes the
screen it serves (`scene.drag`, `scene.tip`, `scene.hover_cell`, `scene.ai_wait`), whose
state stays on the scene.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import _
from game.ui import bindings, board_input, explain, hints
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.widgets import PACE_NAMES
from game.ui.settings import PACES, Settings

PAN_STEP = 60
PAN_STEPS = {"pan_left": (1, 0), "pan_right": (-1, 0), "pan_up": (0, 1), "pan_down": (0, -1)}
CURSOR_STEPS = {"cursor_left": (-1, 0), "cursor_right": (1, 0), "cursor_up": (0, -1),
                "cursor_down": (0, 1)}


class GameInput:
    def __init__(self, scene):
        self.scene = scene

    def handle(self, event) -> bool:
        s = self.scene
        if s.chat.handle(event) or s.host_keys.handle(event):
            return True
        if s.chat.wants(event):
            s.chat.show()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.button(event)
        if event.type == pygame.KEYDOWN:
            online = getattr(s.c, "host_key", None)  # the host's drop controls
            if online is not None and online(event.key):
                s.prepared = None
                return True
            return self.key(event)
        if event.type == pygame.MOUSEMOTION:
            self.motion(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.click(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            moved = s.drag and s.drag[1]
            s.drag = None
            if event.button == 3 and not moved:
                s.dialogs.close_if_cancellable()
                s._cancel_selection()
            return True
        if s.log.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if s.choice is not None and s.choice.wheel(pygame.mouse.get_pos(), event.y):
                return True
            board_input.wheel_zoom(s.view, s.board_area, event)
            return True
        return False

    def button(self, event) -> bool:
        s = self.scene
        el = event.ui_element
        if el is s.menu_btn:
            s.open_pause()
            return True
        if el is s.undo_btn:
            s.undo()
            return True
        if el is s.rules_btn:
            s.app.push(RulesScene(s.app))
            return True
        if el is s.hint_btn:  # teach hook
            return hints.clicked(s)
        if el is s.help_btn:
            self.open_help()
            return True
        if s.choice is not None:
            picked = s.choice.clicked(el)
            if picked is not None:
                s._choice_made(picked)
                return True
        return False

    def open_help(self) -> None:
        s = self.scene
        s.app.push(HelpOverlay(s.app))

    def key(self, event) -> bool:
        """A key: a question dialog's digits first, then the table of commands
        (game.ui.bindings), then the action bar's slot keys."""
        s = self.scene
        command = bindings.command_for(event)
        if command in ("help", "skip", "back", "undo"):
            return self.command(command, event)
        if s.choice is not None and s.choice.handle_key(event):
            picked = s.choice.take()
            if picked is not None:
                s._choice_made(picked)
            return True
        if command is not None:
            return self.command(command, event)
        letter = bindings.slot_key_code(event)
        if letter is not None:
            for slot in s.slots:
                if slot.hotkey and slot.hotkey == letter:
                    s.select_slot(slot.key)
                    return True
        return False

    def command(self, command: str, event) -> bool:
        s = self.scene
        if command == "help":
            self.open_help()
        elif command == "skip":
            s.animation.skip(s.apply_event)
            s.ai_wait = 0
        elif command == "back":
            if s.slot_key or (s.choice is not None and s.choice.cancel):
                s.dialogs.close_if_cancellable()
                s._cancel_selection()
            else:
                s.open_pause()
        elif command == "undo":
            s.undo()
        elif command == "next_target":
            s.cycle_target(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif command == "confirm":
            if s.picker is not None and s.slot_key:
                s.selection.confirm_key()
        elif command.startswith("cursor_"):
            s._cursor_step(*CURSOR_STEPS[command])
        elif command.startswith("pan_"):
            s.view.pan(*(PAN_STEP * v for v in PAN_STEPS[command]))
        elif command in ("zoom_in", "zoom_out"):
            board_input.zoom_key(s.view, event.key)
        elif command == "fit":
            s.view.fit()
        elif command == "pace":
            st = Settings(**vars(s.app.settings))
            st.pace = PACES[(PACES.index(st.pace) + 1) % len(PACES)]
            s.app.apply_settings(st)
            s.show_error(_("Animation pace: {pace}").format(pace=_(PACE_NAMES[st.pace])),
                         "gold")
        elif command == "hint":  # teach hook: the Hard AI's choice, and why
            return hints.clicked(s)
        elif command in ("log_up", "log_down", "log_end"):
            page = max(1, s.log.visible_rows() - 1)
            s.log.scroll({"log_up": -page, "log_down": page,
                          "log_end": len(s.log.rows)}[command])
        elif command == "mute":
            st = Settings(**vars(s.app.settings))
            st.muted = not st.muted
            s.app.apply_settings(st)
            s.show_error(_("Sound off (M turns it on)") if st.muted else _("Sound on"),
                         "gold")
        elif command == "log":
            st = Settings(**vars(s.app.settings))
            st.show_log = not st.show_log
            s.app.apply_settings(st)
            if st.show_log:
                s.log.build(s.ui, s.log_rect)
            else:
                s.log.kill()
        return True

    def motion(self, event) -> None:
        s = self.scene
        pos = event.pos
        if s.drag is not None:
            start, _moved = s.drag
            dx, dy = pos[0] - start[0], pos[1] - start[1]
            if abs(dx) + abs(dy) > 2:
                s.view.pan(dx, dy)
                s.drag = (pos, True)
            return
        if s.choice is not None:
            s.choice.hover(pos)  # the description follows the mouse
        i = s.bar.slot_at(pos)
        s.bar.hover = i
        s.tip = None
        if i is not None:
            slot = s.bar.slots[i]
            lines = explain.slot_lines(slot)  # teach hook: what it does, when, cost
            r = s.bar.rects[i]
            s.tip = (lines, (r.x, r.y - 8))
            return
        panel_tip = s.panel.tip_at(pos)  # a card or the crown on the side panel
        if panel_tip is not None:
            s.tip = (panel_tip, (pos[0] - 12, pos[1] + 16), True)
            s.hover_cell = None
            return
        s.hover_cell = s.view.cell_at(pos) if s.board_area.collidepoint(pos) else None
        if s.picker is not None and s.hover_cell is not None:
            s.hover_value = s.aim.value_at(pos)
            a = s.aim.hover_answer()
            if a is not None:
                s.tip = (s.aim.tip_for(a), (pos[0] + 18, pos[1] + 12))
        elif s.hover_cell is not None and s.choice is None:  # teach hook: info card
            s.tip = explain.tip_at(s.shown, s.hover_cell, s._viewer(),
                                   (pos[0] + 18, pos[1] + 12))

    def click(self, event) -> bool:
        s = self.scene
        if event.button in (2, 3):
            s.drag = (event.pos, False)
            return True
        if event.button != 1:
            return False
        if not s.animation.idle and s.board_area.collidepoint(event.pos):
            s.animation.skip(s.apply_event)  # a click on the board skips, like Space
            s.ai_wait = 0
            return True
        i = s.bar.slot_at(event.pos)
        if i is not None:
            s.select_slot(s.bar.slots[i].key)
            return True
        if s.board_area.collidepoint(event.pos) and s.picker is not None:
            value = s.aim.value_at(event.pos)
            if value is None:
                return True
            if s.slot_key is None:  # a choice (lose_claim) answered on the board
                answers = s.picker.with_value(value)
                if len(answers) == 1:
                    s.submit_answer(answers[0])
                return True
            s._pick(value)
            return True
        return False
