"""Gentle guard rails (issue 16): before an answer a new player may regret, ask first.

- Ending the turn while actions that could still be taken are left.
- Spending the last action while a turn card or an unused turn power is still in hand
  (once the last action is spent the turn is over and they cannot be used this turn).
- A card or an action that can only come to nothing (Robber on a dragon with no coins,
  a steal from an empty cavern or chest): asked always, whatever the settings.

Both can be turned off in Settings (`confirm_end_turn`, `confirm_last_action`). The
question is a small overlay over the board: "Yes" goes on with the answer, "Go back"
(or Esc) changes nothing. Keys: Enter / Y answers yes, Esc / N goes back.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.decisions import answer_kind
from game.i18n import _, n_
from game.tables import ACTION_COST
from game.ui.action_bar import extra_label
from game.ui.scene import Scene
from game.ui.scenes.backdrop import panel_rect
from game.ui.scenes.widgets import KeyNav, button
from game.ui.words import dragon


def _extra_names(legal: list[dict]) -> list[str]:
    """Turn cards and unused turn powers among the legal answers, by their names."""
    names: list[str] = []
    for a in legal:
        kind = answer_kind(a)
        if kind.startswith(("play:", "power:")):
            name = extra_label(kind)
            if name not in names:
                names.append(name)
    return names


def wasted(match, answer: dict) -> str | None:
    """The question before an answer that can only come to nothing (the card or the
    action would be spent for no effect), or None. Asked whatever the settings say."""
    p = match.pending
    if p is None:
        return None
    doc = match.snapshot()
    coins = {n: d["coins"] for n, d in doc["dragons"].items()}
    card = answer.get("as", answer.get("play"))
    victim = str(answer.get("dragon"))
    if card == "robber" and victim in coins and coins[victim] == 0:
        # TRANSLATORS: {dragon} is a dragon's name; Robber is the power card
        return _("{dragon} has no coins: Robber would take nothing, and the card would be "
                 "used up. Play it anyway?").format(dragon=dragon(victim))
    if answer.get("do") == "steal_cavern" and victim in coins and coins[victim] == 0:
        return _("{dragon}'s cavern is empty: a steal can win nothing, and the action would "
                 "be spent. Steal anyway?").format(dragon=dragon(victim))
    if answer.get("do") == "steal_chest" and doc["chest"].get("coins", 0) == 0:
        return _("The thief's chest is empty: a steal can win nothing, and the action "
                 "would be spent. Steal anyway?")
    return None


def question(match, answer: dict, settings) -> str | None:
    """The question to ask before `answer` to the pending action decision, or None."""
    p = match.pending
    if p is None or p.kind != "action":
        return None
    waste = wasted(match, answer)
    if waste is not None:
        return waste
    do = answer.get("do")
    left = match.actions_left
    legal = match.legal_answers()
    if do == "end_turn":
        if not getattr(settings, "confirm_end_turn", True):
            return None
        usable = [a for a in legal if a.get("do") not in (None, "end_turn")]
        if left > 0 and usable:
            # TRANSLATORS: {dragon} is a dragon's name, {n} the actions it has left
            return n_("End {dragon}'s turn with {n} action left?",
                      "End {dragon}'s turn with {n} actions left?", left).format(
                dragon=dragon(p.dragon), n=left)
        return None
    cost = ACTION_COST.get(do or "")
    if not cost or cost < left or not getattr(settings, "confirm_last_action", True):
        return None
    extras = _extra_names(legal)
    if not extras:
        return None
    if len(extras) > 2:
        # TRANSLATORS: {a} and {b} are cards or places of power
        what = _("{a}, {b} and more").format(a=extras[0], b=extras[1])
    elif len(extras) == 2:
        what = _("{a} and {b}").format(a=extras[0], b=extras[1])
    else:
        what = extras[0]
    # TRANSLATORS: {what} names cards or places of power still unused
    return _("This is your last action: after it the turn ends, and {what} cannot be "
             "used this turn. Spend it anyway?").format(what=what)


def ask_first(scene, answer: dict) -> bool:
    """The board scene's hook: when `answer` deserves a question, open it and return
    True (the scene submits later, if the player says yes)."""
    c = scene.c
    p = c.pending
    if p is None or not c.is_human(p.dragon):
        return False
    q = question(c.match, answer, scene.app.settings)
    if q is None:
        return False
    scene.app.push(ConfirmOverlay(scene.app, q,
                                  lambda: scene.submit_answer(answer, confirmed=True),
                                  optional=wasted(c.match, answer) is None))
    return True


class ConfirmOverlay(Scene):
    """A yes / go-back question over the board."""

    overlay = True

    def __init__(self, app, text: str, on_yes, yes: str | None = None, no: str | None = None,
                 optional: bool = True):
        super().__init__(app)
        self.text = text
        self.on_yes = on_yes
        # TRANSLATORS: the buttons of a question before a move a player may regret
        self.labels = (yes or _("Yes"), no or _("Go back"))
        self.optional = optional  # a Settings switch turns this question off

    def enter(self) -> None:
        look = self.look
        w, h = self.app.screen.get_size()
        pw = min(w - look.px(40), look.px(520))
        self.lines = look.wrap(self.text, look.font(look.fs(18), bold=True), pw - look.px(40))
        text_h = len(self.lines) * look.font(look.fs(18), bold=True).get_linesize()
        bh, gap = look.px(42), look.px(12)
        ph = text_h + bh + look.px(96)
        self.rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bw = (pw - look.px(40) - gap) // 2
        y = self.rect.bottom - bh - look.px(20)
        self.no = button(self.ui, (self.rect.x + look.px(20), y, bw, bh), self.labels[1],
                         tip=_("Esc or N: change nothing"))
        self.yes = button(self.ui, (self.rect.x + look.px(20) + bw + gap, y, bw, bh),
                          self.labels[0], cls="@primary", tip=_("Enter or Y"))
        self.nav = KeyNav()
        self.nav.set_items([self.no, self.yes])
        self.nav.focus(1)

    def leave(self) -> None:
        self.no.kill()
        self.yes.kill()

    def answer(self, yes: bool) -> None:
        self.app.pop()
        if yes:
            self.on_yes()

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.yes:
                self.answer(True)
            elif event.ui_element is self.no:
                self.answer(False)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.answer(False)
                return True
            if event.key == pygame.K_y:
                self.answer(True)
                return True
        if self.nav.handle(event):
            return True
        return True  # the board beneath waits

    def draw(self, surface) -> None:
        look = self.look
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        panel_rect(surface, self.rect, look, alpha=245)
        t = look.text(_("Are you sure?"), look.fs(15), look.colour("text_dim"))
        surface.blit(t, (self.rect.x + look.px(20), self.rect.y + look.px(14)))
        font = look.font(look.fs(18), bold=True)
        y = self.rect.y + look.px(40)
        for line in self.lines:
            surface.blit(font.render(line, True, look.colour("gold")),
                         (self.rect.x + look.px(20), y))
            y += font.get_linesize()
        if not self.optional:  # asked whatever the settings say
            return
        hint = look.text(_("Turn these questions off in Settings"), look.fs(12),
                         look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(bottomright=(self.rect.right - look.px(20),
                                                      self.rect.bottom - look.px(66))))
