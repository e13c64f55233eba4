"""The board screen's choice of an action and its targets: a slot chosen on the action
bar, a target picked by click, Enter, Tab or the keyboard cursor, aiming again after a
refusal, and the hint's target marked on the board.

What is aimed at lives in `scene.aim` (game.ui.aiming); `Selection` reads and changes
the board screen it serves (`scene.aim`, `scene.bar`, `scene.tip`, `scene.hover_cell`).
"""

from __future__ import annotations

from game.decisions import answer_kind
from game.i18n import _
from game.ui import explain
from game.ui.action_bar import HOTKEYS
from game.ui.aiming import CONFIRM
from game.ui.bindings import label
from game.ui.targets import single_target_cells, value_cells


class Selection:
    def __init__(self, scene):
        self.scene = scene

    def human_action(self) -> bool:
        s = self.scene
        p = s.c.pending
        return (p is not None and p.kind == "action" and s.c.is_human(p.dragon)
                and s.animation.idle and not s.waiting_handover and
                s.prepared is not None and s.prepared != "ai")

    def select_slot(self, key: str) -> None:
        s = self.scene
        if not self.human_action():
            return
        slot = next((sl for sl in s.slots if sl.key == key), None)
        if slot is None:
            return
        if not slot.enabled:
            s.show_error(slot.reason or _("Not possible now"))
            return
        s._close_choice()
        s._cancel_selection()
        extra = slot.key not in HOTKEYS
        if not extra and len(slot.answers) == 1 and \
                not single_target_cells(s.shown, slot.answers[0]):
            s.submit_answer(slot.answers[0])  # End turn: nothing to aim at
            return
        s.aim.start(key, slot.answers)
        s.bar.selected = key
        if extra and s.picker.key() is None and \
                not single_target_cells(s.shown, slot.answers[0]):
            # a card or power with nothing to aim at: say what it does, then confirm
            s.dialogs.confirm_extra(slot)
            return
        s.dialogs.offer_list_if_needed()

    def cancel(self) -> None:
        s = self.scene
        s.aim.cancel()
        s.bar.selected = None
        s.tip = None

    def pick(self, value) -> None:
        s = self.scene
        if s.picker is None or value is None:
            return
        a = s.aim.pick(value)
        if a is not None:
            s.submit_answer(a)
            return
        s.dialogs.offer_list_if_needed()

    def confirm_key(self) -> None:
        """Enter: the target aimed at; with none aimed at, the only one there is (as
        the status line promises), else a word on how to aim."""
        s = self.scene
        value = s.hover_value
        if value is None:
            opts = s.picker.options() if s.picker.key() is not None else [CONFIRM]
            if len(opts) != 1:
                # TRANSLATORS: {next} is the next-target key ("Tab", or the player's own)
                s.show_error(_("{next} or the arrow keys aim at a target first").format(
                    next=label("next_target")), "gold")
                return
            value = opts[0]
        s._pick(value)

    def cycle_target(self, delta: int) -> None:
        s = self.scene
        s.aim.cycle(delta)
        s.tip = s.aim.cursor_tip()

    def cursor_step(self, dx: int, dy: int) -> None:
        s = self.scene
        s.aim.cursor_step(dx, dy)
        tip = s.aim.cursor_tip() if s.picker is not None else None
        if tip is None and s.aim.cursor is not None:
            # teach hook: the info card under the cursor, with or without an action
            # chosen (issue 33: a cell that is no target is still inspected)
            if s.picker is None:
                s.hover_cell = None  # the keys take over from the mouse
            r = s.view.cell_rect(s.aim.cursor)
            tip = explain.tip_at(s.shown, s.aim.cursor, s._viewer(),
                                 (r.right + 8, r.y))
        s.tip = tip

    def aim_again(self) -> None:
        """After a refused answer the chosen action starts its aiming over: the refused
        pick is never left waiting for a confirmation that would be refused again."""
        s = self.scene
        slot = next((sl for sl in s.slots if sl.key == s.slot_key), None)
        if slot is None or s.picker is None:
            return
        s._close_choice()
        s.aim.start(slot.key, slot.answers)
        s.tip = None
        s.dialogs.offer_list_if_needed()

    def hint_cells(self) -> list:
        """The cells of the hint's target, marked on the board."""
        s = self.scene
        if s.hinted is None:
            return []
        answer = s.hinted[1]
        for key in ("to", "at"):  # where it lands or acts, before whom it moves
            if key in answer:
                cells = value_cells(s.shown, key, answer[key], answer)
                if cells:
                    return cells
        return single_target_cells(s.shown, answer)

    def marked_value(self, key: str):
        """The value of field `key` the board marks for the player (the hint's target),
        which a click on any of its cells picks; None when nothing is marked."""
        s = self.scene
        if s.hinted is None or s.slot_key != answer_kind(s.hinted[1]):
            return None
        return s.hinted[1].get(key)
