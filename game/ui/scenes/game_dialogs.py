"""The board screen's question dialogs: a decision's choice of answers, a field picked
from a list, a card or power confirmed before it is played; where the dialog opens
(hiding none of the pieces it is about) and what its answer does.

`GameDialogs` reads and changes the board screen it serves (`scene.choice`,
`scene.aim`, `scene.shown`); the open dialog stays on the scene, where the rest of the
screen looks at it.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import explain
from game.ui import overlays as overlays_mod
from game.ui.aiming import CONFIRM
from game.ui.scenes.choice import ChoiceDialog
from game.ui.targets import answer_label, value_label


class GameDialogs:
    def __init__(self, scene):
        self.scene = scene

    def open_choice(self, prompt: str, answers: list[dict], picker_key=None) -> None:
        s = self.scene
        labels = []
        for a in answers:
            labels.append(answer_label(a, s.shown) if picker_key is None
                          else value_label(picker_key, a, s.shown))
        s.choice = ChoiceDialog(s.look, prompt, answers, labels,
                                cancel=picker_key is not None,
                                details=explain.option_details(answers))  # teach hook
        if picker_key is None:  # a choice naming cells (lose_claim) is clickable too
            s.aim.start(None, answers)
        s._build_choice()

    def confirm_extra(self, slot) -> None:
        s = self.scene
        s.choice = overlays_mod.confirm_dialog(s.look, slot)
        s._build_choice()

    def offer_list_if_needed(self) -> None:
        """A field whose values are not on the board is picked from a list."""
        s = self.scene
        if not s.aim.listed():
            return
        k = s.picker.key()
        opts = s.picker.options()
        slot_label = next((slot.label for slot in s.slots if slot.key == s.slot_key), "")
        # TRANSLATORS: {action} is an action's name, {what} what is chosen (to, at, ...)
        s.choice = ChoiceDialog(s.look, _("{action}: choose {what}").format(
                                    action=slot_label, what=k), opts,
                                [value_label(k, v, s.shown) for v in opts], cancel=True,
                                details=explain.option_details(opts))  # teach hook
        s._build_choice()

    def build_choice(self) -> None:
        """Open the question dialog where it hides none of the pieces it is about."""
        s = self.scene
        assert s.choice is not None  # every caller has just set it
        s.choice.build(s.ui, s.board_area, avoid=self.question_pieces())
        if s.choice.cramped:
            # too many answers for the board's width at this scale: the dialog may cover
            # the side panel too, so its answers share two columns and all show
            wide = pygame.Rect(0, s.board_area.y, s.app.screen.get_width(),
                               s.board_area.h)
            s.choice.build(s.ui, wide, avoid=self.question_pieces())

    def question_pieces(self) -> list[pygame.Rect]:
        """Screen rects of what the question is about: the dragon deciding, the cells
        its answers name, and the dragons named in its words."""
        s = self.scene
        rects = []
        p = s.c.pending
        names = set()
        if p is not None:
            names.add(p.dragon)
            words = (p.prompt or "").lower()
            names |= {n for n in s.shown["dragons"] if n in words}
        for n in names:
            d = s.shown["dragons"].get(n)
            if d and d.get("at") is not None:
                rects.append(s.view.piece_rect(tuple(d["at"]), 2))
        if s.picker is not None:
            for cell in list(s.aim.target_map())[:12]:
                rects.append(s.view.cell_rect(cell))
        return rects

    def close_choice(self) -> None:
        s = self.scene
        if s.choice is not None:
            s.choice.kill()
            s.choice = None

    def close_if_cancellable(self) -> None:
        s = self.scene
        if s.choice is not None and s.choice.cancel:
            s._close_choice()

    def choice_made(self, picked) -> None:
        s = self.scene
        if picked == ChoiceDialog.CANCEL:
            s._close_choice()
            s._cancel_selection()
            return
        if s.slot_key is not None:  # a list-picked field, or a confirmed card
            s._close_choice()
            if picked == CONFIRM:
                s.submit_answer(s.picker.answer())
            else:
                s._pick(picked)
        else:
            s.submit_answer(picked)
