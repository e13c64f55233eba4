"""Hints: what the Hard AI would do now, and why, in one line from its own evaluation.

The Hard AI sees only the asking seat's view (the same honesty as an AI seat) and searches
to its node budget with no clock, so a hint is the same every time it is asked. For an
action the reason is the part of the evaluation it gains most, in words (game.ui.why),
and its search scores the pick against ending the turn now, in coins (the evaluation's
unit): "Claim the town at (9, 11) — +1.6 coins a round in tribute (about +5 coins in
all, by the Hard AI's count)". The board marks the hint's target until the next answer.
"""

from __future__ import annotations

from game import content
from game.ai import board_for, node_budget
from game.ai.decide import Ctx, decide
from game.ai.search import OutOfBudget, TurnSearch, to_action
from game.i18n import _
from game.seat_view import seat_view
from game.ui import why
from game.ui.bindings import label
from game.ui.scenes.widgets import button as make
from game.ui.targets import answer_label


def hint(match, dragon: str, board=None, seed: int = 0) -> tuple[dict, str]:
    """(the Hard AI's answer, the hint line) for `dragon`'s pending decision."""
    answer, label, why = hint_parts(match, dragon, board, seed)
    return answer, _head(label) + (f" — {why}" if why else "")


def _head(label: str) -> str:
    # TRANSLATORS: {what} is the answer the Hard AI suggests, such as "Move (5, 6)"
    return _("Hint: {what}").format(what=label)


def is_hint(line: str) -> bool:
    """Whether a banner line or a tip's first line is a hint's, in the language in use
    (the board clears it after the next answer)."""
    return bool(line) and line.startswith(_head("").rstrip())


def hint_parts(match, dragon: str, board=None, seed: int = 0) -> tuple[dict, str, str]:
    """(the Hard AI's answer, the answer in words, why) for `dragon`'s pending decision."""
    view = seat_view(match, dragon)
    ctx = Ctx(view, _board(view, board), "hard", seed, node_budget("hard"), None)
    answer = decide(ctx)
    return answer, answer_label(answer, view), _why(ctx, answer)


def _board(view, board):
    return board_for(view, board)


def _why(ctx, answer: dict) -> str:
    """One reason a player can learn from: the evaluation part the answer gains most
    (game.ui.why), then the Hard AI's count against stopping now."""
    if answer.get("do") == "end_turn":
        return _("nothing left is worth an action this turn")
    if ctx.pending.get("kind") == "action":
        search = _search(ctx)
        words = None
        try:
            k = ctx.view.get("actions_left", ctx.pos.actions)
            words = why.reason(search, ctx.pos, answer, ctx.view, search.me, k)
        except Exception:  # a model gap must never cost the player a hint
            words = None
        gain = _gain(ctx, answer, search)
        if gain is not None and abs(gain) >= 0.05:
            n = f"{gain:+.0f}" if abs(gain) >= 2 else f"{gain:+.1f}"
            # TRANSLATORS: {n} is a signed number of coins, such as +5 or +1.6
            total = _("about {n} coins in all, by the Hard AI's count").format(n=n)
            return f"{words} ({total})" if words else total
        if words:
            return words
    d = content.for_answer(answer)
    if answer.get("pass") is True:
        return _("keep it: it is worth more later")
    return _(d.effect) if d is not None else ""


def _search(ctx) -> TurnSearch:
    cfg = ctx.cfg
    search = TurnSearch(ctx.pos, cfg["params"], width=cfg["width"],
                        deep_width=cfg["deep_width"], budget=ctx.budget, deadline=None)
    search.ev = ctx.ev
    return search


def _gain(ctx, answer: dict, search: TurnSearch) -> float | None:
    t = to_action(answer)
    if t is None:
        return None
    pos = ctx.pos
    k = ctx.view.get("actions_left", pos.actions)
    try:
        return search.score(pos, t, k) - search.score(pos, ("end",), k)
    except (OutOfBudget, Exception):
        return None


def show(scene) -> bool:
    """The board scene's Hint key (H): when a person at the screen is to decide, show the
    Hard AI's pick in the prompt line, and select its action on the bar."""
    c = scene.c
    p = c.pending
    if p is None or not c.is_human(p.dragon) or c.finished:
        return False
    viewer = getattr(scene, "_viewer", None)
    if c.hotseat() and viewer is not None and viewer() != p.dragon:
        # hot seat, the board not yet handed over: the last player may still be at the
        # screen, and the hint would show the next one's card and plan
        return False
    lesson = getattr(scene, "lesson_hint", None)
    if lesson is not None and lesson():  # the coach's step (game.ui.scenes.tutorial)
        return True
    answer, line = hint(c.match, p.dragon, c.board, seed=c.ai_seed())
    scene.show_error(line, colour="gold")
    # the answer's own label may hold " — " ("Play Jumper — (8, 10)"): the reason starts
    # after it, not inside it (issue 33 play-through)
    label = answer_label(answer, seat_view(c.match, p.dragon))
    head = _head("")
    body = line[len(head):] if line.startswith(head) else line
    if body.startswith(label):
        what, why = label, body[len(label):].removeprefix(" — ")
    else:
        what, _sep, why = body.partition(" — ")
    scene.error_time = 12.0
    # the hint lasts this one decision: the board marks its target until an answer
    scene.hinted = (c.n_answers, answer)
    # a narrow banner shows "Hint: Claim (16, 13)" (the cell, not the piece's name): the
    # whole line is in the note just under it, and the mark on the board (ui audit)
    scene.hint_short = (scene.banner_error, _head(answer_label(answer)))
    # the whole line, wrapped, under the banner (the banner may be too narrow for it)
    btn = getattr(scene, "hint_btn", None)
    lines = [_head(what)] + ([why[:1].upper() + why[1:]] if why else [])
    top = scene.banner_h + scene.look.px(4)
    panel = getattr(scene, "panel_rect", None)
    if btn is not None and panel is not None:
        # hung from the button's right edge, over the board, never over the side panel
        # (it covered the round and phase there for its 12 seconds)
        right = min(btn.rect.right, panel.x - scene.look.px(6))
        scene.tip = (lines, (right, top), True)
    else:
        x = btn.rect.x if btn is not None else scene.look.px(10)
        scene.tip = (lines, (x, top))
    if btn is not None:  # the note says more than the button's tooltip, which peeked out
        # under it while the mouse stayed on the button (issue 33 play-through)
        if btn.tool_tip is not None:
            btn.tool_tip.kill()
            btn.tool_tip = None
        btn.hover_time = float("-inf")  # back to normal once the mouse leaves and returns
    return True


# ----- the Hint button (beside the H key) ------------------------------------------------
def button(scene):
    """The board scene's Hint button, at the right of the banner, before the pace."""
    look = scene.look
    w, h = look.px(78), max(look.px(24), scene.banner_h - look.px(10))
    x = scene.board_area.w - look.px(170) + look.px(4) - w
    y = (scene.banner_h - h) // 2
    # TRANSLATORS: a small button; {key} is its key ("H", or the player's own)
    btn = make(scene.ui, (x, y, w, h), _("Hint  {key}").format(key=label("hint")),
               tip=_("What the Hard AI would do now, and why ({key})").format(
                   key=label("hint")))
    # as wide as its words need (a language may say "Hint" in ten letters), growing
    # to the left: the pace stays where it is
    font = getattr(btn, "font", None)
    need = font.size(btn.text)[0] + look.px(14) if font is not None else w
    if need > w:
        btn.set_dimensions((need, h))
        btn.set_relative_position((x + w - need, y))
    return btn


def clicked(scene) -> bool:
    """The button or the H key: a hint for a person's decision, else say when it works."""
    if show(scene):
        return True
    c = scene.c
    if c.finished:
        scene.show_error(_("The game is over"))
    else:
        scene.show_error(_("A hint is for your own decisions: wait for your turn"))
    return True
