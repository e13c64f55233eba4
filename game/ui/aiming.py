"""Aiming on the board: the chosen slot, its answer picker, the value under the mouse or
the keyboard cursor, the cells to light up and the odds tip of the answer aimed at.

`Aim` reads the board screen it serves (`scene.shown`, `scene.view`, `scene.c`) and
changes nothing in the match: the screen submits what `pick` returns.
"""

from __future__ import annotations

import math

from game import questions
from game.geometry import rect_gap
from game.i18n import _
from game.ui import odds
from game.ui.targets import (
    AnswerPicker,
    answer_label,
    single_target_cells,
    value_cells,
    value_label,
)
from game.ui.words import dragon

CONFIRM = "__confirm__"  # the value of a lone answer's target cell


class Aim:
    def __init__(self, scene):
        self.scene = scene
        self.slot_key: str | None = None
        self.picker: AnswerPicker | None = None
        self.hover_value = None    # the picker value under the mouse / cursor
        self.cursor: tuple[int, int] | None = None  # the keyboard board cursor

    # ----- state -------------------------------------------------------------------
    def start(self, slot_key: str | None, answers: list[dict]) -> None:
        """Aim with `answer_list` (one slot's, or a question's that names cells); the
        keyboard cursor starts on the dragon that acts, never where it was left."""
        self.slot_key = slot_key
        self.picker = AnswerPicker(answers)
        self.hover_value = None
        self.cursor = self.dragon_cell()

    def cancel(self) -> None:
        self.slot_key = None
        self.picker = None
        self.hover_value = None
        self.cursor = None

    def dragon_cell(self) -> tuple[int, int] | None:
        c = self.scene.c
        d = self.scene.shown["dragons"].get(c.pending.dragon if c.pending else "")
        return tuple(d["at"]) if d and d.get("at") else None

    # ----- where the values are ------------------------------------------------------
    def target_map(self) -> dict:
        """cell -> picker value (for a lone answer: cell -> CONFIRM)."""
        out: dict = {}
        if self.picker is None:
            return out
        shown = self.scene.shown
        k = self.picker.key()
        if k is None:
            a = self.picker.answer()
            if a is not None and self.slot_key:
                for cell in single_target_cells(shown, a):
                    out[cell] = CONFIRM
            return out
        sample = self.picker.remaining[0]
        for v in self.picker.options():
            for cell in value_cells(shown, k, v, sample):
                out.setdefault(cell, v)
        return out

    def is_footprint(self) -> bool:
        """The field is a 2x2 landing (Move's 'to')."""
        if self.picker is None or self.picker.key() != "to":
            return False
        sample = self.picker.remaining[0]
        v = self.picker.options()[0]
        return len(value_cells(self.scene.shown, "to", v, sample)) == 4

    def value_cells(self, value) -> list:
        """The cells of `value` (as target_map gives them: none without a field or a
        lone answer)."""
        if self.picker is None:
            return []
        if value == CONFIRM:
            a = self.picker.answer()
            return single_target_cells(self.scene.shown, a) if a is not None else []
        k = self.picker.key()
        if k is None:
            return []
        return value_cells(self.scene.shown, k, value, self.picker.remaining[0])

    def value_at(self, pos):
        """The picker value a mouse position points at."""
        view = self.scene.view
        cell = view.cell_at(pos)
        if cell is None or self.picker is None:
            return None
        if self.is_footprint():
            return self.footprint_at(tuple(cell), pos)
        return self.target_map().get(cell)

    def footprint_at(self, cell: tuple[int, int], pos=None):
        """The 2x2 landing a click on `cell` picks: the cell under the pointer decides,
        never a landing without it. Among the legal landings holding `cell`: the one
        the screen marks (the coach's glowing box, the hint's), else the one whose
        top-left is `cell`, else the only one, else the one whose centre is nearest
        the pointer (ties: the first in reading order)."""
        if self.picker is None:
            return None
        sample = self.picker.remaining[0]
        holding = [v for v in self.picker.options()
                   if cell in [tuple(c) for c in value_cells(self.scene.shown, "to", v,
                                                               sample)]]
        if not holding:
            return None
        marked = self.scene.marked_value("to")
        if marked is not None and list(marked) in [list(v) for v in holding]:
            return list(marked)
        if list(cell) in [list(v) for v in holding]:
            return list(cell)
        if len(holding) == 1 or pos is None:
            return list(holding[0])
        view = self.scene.view

        def dist(v):
            r = view.piece_rect(tuple(v), 2)
            return math.hypot(r.centerx - pos[0], r.centery - pos[1])
        return list(min(holding, key=dist))

    def listed(self) -> bool:
        """The field's values are not on the board: they are picked from a list."""
        if self.picker is None:
            return False
        k = self.picker.key()
        if k is None:
            return False
        sample = self.picker.remaining[0]
        return not any(value_cells(self.scene.shown, k, v, sample)
                       for v in self.picker.options())

    def pick(self, value) -> dict | None:
        """Take `value` for the current field: the whole answer when it is complete."""
        if self.picker is None or value is None:
            return None
        if value == CONFIRM:
            return self.picker.answer()
        self.picker.pick(value)
        self.hover_value = None
        return self.picker.answer()

    def hover_answer(self) -> dict | None:
        if self.picker is None or self.hover_value is None:
            return None
        if self.hover_value == CONFIRM:
            return self.picker.answer()
        answers = self.picker.with_value(self.hover_value)
        return answers[0] if len(answers) == 1 else None

    # ----- keys --------------------------------------------------------------------
    def cycle(self, delta: int) -> None:
        """Tab / Shift+Tab: the next / previous target, the cursor on it."""
        if self.picker is None:
            return
        if self.picker.key() is None:
            self.hover_value = CONFIRM
            self.cursor_to_value()
            return
        opts = self.picker.options()
        if not opts:
            return
        i = opts.index(self.hover_value) if self.hover_value in opts else -1
        self.hover_value = opts[(i + delta) % len(opts)]
        self.cursor_to_value()

    def cursor_to_value(self) -> None:
        if self.picker is None or self.hover_value is None:
            return
        cells = self.value_cells(self.hover_value)
        if cells:
            self.cursor = tuple(cells[0])

    def cursor_step(self, dx: int, dy: int) -> None:
        b = self.scene.c.board
        if self.cursor is None:
            self.cursor = self.dragon_cell() or (b.width // 2, b.height // 2)
        c, r = self.cursor
        self.cursor = (min(b.width - 1, max(0, c + dx)), min(b.height - 1, max(0, r + dy)))
        if self.picker is not None:
            if self.is_footprint():
                self.hover_value = self.footprint_at(self.cursor)
            else:
                self.hover_value = self.target_map().get(self.cursor)

    # ----- what to show --------------------------------------------------------------
    def highlights(self) -> dict:
        out: dict = {}
        if self.picker is None:
            return out
        footprint = self.is_footprint()
        if footprint:
            for v in self.picker.options():
                for cell in value_cells(self.scene.shown, "to", v, self.picker.remaining[0]):
                    out[cell] = "move"
        else:
            style = "danger" if self.slot_key is None else "target"
            for cell in self.target_map():
                out[cell] = style
        if self.hover_value is not None:
            cells = self.value_cells(self.hover_value)
            if footprint and cells:
                out[tuple(cells[0])] = ("selected", 2)
                for c in cells[1:]:
                    out.pop(c, None)
            else:
                for c in cells:
                    out[c] = "selected"
        return out

    def tip_for(self, answer: dict) -> list[str]:
        """The odds of an answer, or what it does in words."""
        scene = self.scene
        p = scene.c.pending
        o = odds.action_odds(scene.c.match, p.dragon, answer)  # a legal answer: no guard
        if o is not None:
            return o.text_lines()
        do = answer.get("do")
        lines = [answer_label(answer, scene.shown)]
        if do == "move":
            near = self.neighbours(answer["to"], p.dragon)
            # TRANSLATORS: {what} lists what a dragon would land next to
            lines.append(_("Lands beside {what}").format(what=", ".join(near)) if near
                         else _("Lands beside nothing"))
        if do in ("claim", "claim_settlement") or "also" in answer:
            at = answer["at"]  # claims (the only answers with "also") name a cell
            kind = "place"
            for s in scene.shown["settlements"]:
                if list(s["at"]) == list(at):
                    kind = s["kind"]
            lines += odds.tribute_lines(kind, p.dragon,
                                        questions.tribute_modifiers(scene.c.match, p.dragon),
                                        scene.c.match.options.get("even_dragons", False))
        return lines

    def neighbours(self, at, me: str) -> list[str]:
        """What a dragon landing with top-left `at` would stand next to (R2)."""
        doc = self.scene.shown
        out = []
        for s in doc["settlements"]:
            if rect_gap(tuple(at), 2, tuple(s["at"]), 1) == 1:
                out.append(_a_settlement(s["kind"], s["claim"]))
        for p in doc["places"]:
            if rect_gap(tuple(at), 2, tuple(p["at"]), 2) == 1:
                out.append(value_label("choose", p["kind"]))
        for name, d in doc["dragons"].items():
            if name != me and d.get("cavern") and rect_gap(tuple(at), 2,
                                                            tuple(d["cavern"]), 1) == 1:
                out.append(_("{dragon}'s cavern").format(dragon=dragon(name)))
            if name != me and d.get("at") and rect_gap(tuple(at), 2, tuple(d["at"]), 2) == 1:
                # bare "Red" read as a colour (issue 33 play-through)
                out.append(_("the {dragon} dragon").format(dragon=dragon(name)))
        chest = doc["chest"].get("at")
        if chest and rect_gap(tuple(at), 2, tuple(chest), 1) == 1:
            out.append(_("the thief's chest"))
        return out

    def cursor_tip(self):
        """(lines, position) of the tip beside the keyboard cursor, or None."""
        a = self.hover_answer()
        if a is None or self.cursor is None:
            return None
        r = self.scene.view.cell_rect(self.cursor)
        return self.tip_for(a), (r.right + 8, r.y)


def _a_settlement(kind: str, claim: str | None) -> str:
    """'a town', 'a city (Red's)': a settlement a landing would stand next to."""
    if claim:
        # TRANSLATORS: {dragon} is the dragon that claims the settlement
        words = {"town": _("a town ({dragon}'s)"), "city": _("a city ({dragon}'s)"),
                 "ruin": _("a ruin ({dragon}'s)")}
        return words.get(kind, _("a settlement ({dragon}'s)")).format(dragon=dragon(claim))
    return {"town": _("a town"), "city": _("a city"), "ruin": _("a ruin")}.get(
        kind, _("a settlement"))
