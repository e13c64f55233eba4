"""What the board screen draws over the board: the coins and dragons in flight, the
round / phase / turn / attack banners, the tribute summary and the tips.

`Overlays` draws for the board screen it serves (its look, view, shown board and
controller); it changes nothing.
"""

from __future__ import annotations

import math

import pygame
import pytweening

from game import content
from game.i18n import N_, _
from game.log import describe
from game.ui.aiming import CONFIRM
from game.ui.bindings import label
from game.ui.panel import PHASES
from game.ui.scenes.choice import ChoiceDialog
from game.ui.words import dragon


class Overlays:
    def __init__(self, scene):
        self.scene = scene

    @property
    def reduce_motion(self) -> bool:
        return bool(self.scene.app.settings.reduce_motion)

    @property
    def look(self):
        return self.scene.look

    @property
    def view(self):
        return self.scene.view

    @property
    def shown(self) -> dict:
        return self.scene.shown

    @property
    def c(self):
        return self.scene.c

    @property
    def animation(self):
        return self.scene.animation

    @property
    def board_area(self) -> pygame.Rect:
        return self.scene.board_area

    @property
    def bar(self):
        return self.scene.bar

    def anchor(self, who, fallback=None) -> pygame.Rect:
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
        cell = fallback or self.animation.context_cell
        if cell is not None:
            return self.view.cell_rect(tuple(cell))
        return pygame.Rect(self.board_area.centerx, self.board_area.y, 1, 1)

    def draw_coins(self, surface, e: dict, progress: float) -> None:
        a = self.anchor(e["from"]).center
        b = self.anchor(e["to"]).center
        n = min(e["amount"], 6)
        size = max(14, self.view.cell // 2)
        coin = self.look.sprite("coin", size)
        for i in range(n):
            p = max(0.0, min(1.0, progress * 1.4 - i * 0.08))
            if p <= 0 or p >= 1:
                continue
            if self.reduce_motion:  # no flight: the coins wait where they land
                x, y = b[0] + (i - n / 2) * size * 0.3, b[1]
                surface.blit(coin, coin.get_rect(center=(int(x), int(y))))
                continue
            k = pytweening.easeInOutQuad(p)
            x = a[0] + (b[0] - a[0]) * k
            y = a[1] + (b[1] - a[1]) * k - pytweening.easeOutSine(
                1 - abs(2 * p - 1)) * self.view.cell * 1.2
            surface.blit(coin, coin.get_rect(center=(int(x), int(y))))
        amount = self.look.text(f"{'+' if e['to'] in self.shown['dragons'] else ''}"
                                f"{e['amount']}", self.look.fs(18), self.look.colour("gold"),
                                bold=True)
        surface.blit(amount, amount.get_rect(midbottom=(b[0], b[1] - size)))

    def draw_flight(self, surface, e: dict, progress: float) -> None:
        a = self.view.piece_rect(tuple(e["from"]), 2)
        b = self.view.piece_rect(tuple(e["to"]), 2)
        if self.reduce_motion:  # no flight: the dragon shows where it lands
            p, lift = 1.0, 0.0
        else:
            p = pytweening.easeInOutSine(progress)
            lift = pytweening.easeOutSine(1 - abs(2 * progress - 1)) * self.view.cell * 0.6
        x = a.x + (b.x - a.x) * p
        y = a.y + (b.y - a.y) * p - lift
        img = self.look.sprite(f"dragon/{e['dragon']}", round(a.w * 1.04))
        surface.blit(img, img.get_rect(center=(int(x + a.w / 2), int(y + a.h / 2))))

    def banner_text(self, step) -> tuple[str, str]:
        first = step.events[0]
        t = first["type"]
        if t == "round":
            phase = next((e["phase"] for e in step.events if e["type"] == "phase"), None)
            return (_("Round {n}").format(n=first["round"]),
                    _phase_words(phase) if phase else "")
        if t == "phase":
            note = _PHASE_NOTE.get(first["phase"])
            return _phase_words(first["phase"]), _(note) if note else ""
        if t == "turn":
            seat = self.c.seats[first["dragon"]]
            if seat.kind == "human" and not self.c.hotseat():
                head = _("Your turn")
            else:
                # TRANSLATORS: a banner; {dragon} is a dragon's name
                head = _("{dragon}'s turn").format(dragon=dragon(first["dragon"]))
            return head, seat.label()
        if t == "attack":
            # TRANSLATORS: a banner; {attack} and {defence} are the two rolls
            return (_("{attacker} attacks {defender}").format(
                        attacker=dragon(first["attacker"]), defender=dragon(first["defender"])),
                    _("{attack} against {defence}: {winner} wins").format(
                        attack=first["attack"], defence=first["defence"],
                        winner=dragon(first["winner"])))
        if t == "game_over":
            return _("Game over"), _(describe(first).split(": ", 1)[-1].capitalize())
        return _(describe(first)), ""

    def draw_banner(self, surface, step) -> None:
        look = self.look
        head, sub = self.banner_text(step)
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

    def draw_summary(self, surface, tribute: dict, progress: float) -> None:
        look = self.look
        rows = [(n, v) for n, v in tribute.items()]
        line = look.px(34)
        w, h = look.px(380), look.px(84) + line * len(rows)  # the hint line below the rows
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.board_area.center
        summary_card(surface, look, rect, _("Tribute"), look.px(10))
        y = rect.y + look.px(54)
        coin = look.sprite("coin", look.px(20))
        for name, v in rows:
            icon = look.sprite(f"dragon/{name}", line - look.px(4))
            surface.blit(icon, (rect.x + look.px(16), y))
            surface.blit(look.text(dragon(name), look.fs(17), look.colour("text"), bold=True),
                         (rect.x + look.px(20) + icon.get_width(), y + look.px(5)))
            # TRANSLATORS: {n} is the number a dragon rolled for tribute
            gain = f"+{v['coins']}" + ("  " + _("treasure {n}").format(n=v["treasure"])
                                       if v["treasure"] else "")
            g = look.text(gain, look.fs(18), look.colour("gold"), bold=True)
            # the roll between the name and the gain: its number alone where the words
            # would run into the gain (a long language)
            room = rect.right - look.px(30) - g.get_width() - coin.get_width() \
                - (rect.x + look.px(150))
            words = look.first_fit([_("rolled {n}").format(n=v["roll"]), str(v["roll"])],
                                   look.font(look.fs(14)), room)
            roll = look.text(words, look.fs(14), look.colour("text_dim"))
            surface.blit(roll, (rect.x + look.px(150), y + look.px(8)))
            surface.blit(g, g.get_rect(topright=(rect.right - look.px(16), y + look.px(4))))
            surface.blit(coin, coin.get_rect(topright=(rect.right - look.px(20) - g.get_width(),
                                                        y + look.px(7))))
            y += line
        # TRANSLATORS: {skip} is the key that skips ("Space", or the player's own)
        hint = look.text(_("{skip} skips").format(skip=label("skip")), look.fs(12),
                         look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - look.px(4))))

    def draw_setup_summary(self, surface, lines: list[str]) -> None:
        """Setup in one card (the rolls are in the log; Settings can show each one)."""
        look = self.look
        font = look.font(look.fs(16))
        w = min(self.board_area.w - look.px(40), look.px(460))
        wrapped = _setup_card_lines(look, lines, w - look.px(40), font)
        h = look.px(96) + font.get_linesize() * len(wrapped)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.board_area.center
        summary_card(surface, look, rect, _("The board is set"), look.px(12))
        y = rect.y + look.px(54)
        for line in wrapped:
            surface.blit(look.text(line, look.fs(16), look.colour("text")),
                         (rect.x + look.px(20), y))
            y += font.get_linesize()
        hint = look.text(_("{skip} skips · every roll is in the log").format(
            skip=label("skip")), look.fs(13), look.colour("text_dim"))
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - look.px(8))))

    def draw_mark(self, surface, view, cells, area, t: float) -> None:
        """A pulsing gold frame round `cells` (the hint's target), with a small "Hint"
        tag above it, so the suggestion is found on the board."""
        if not cells:
            return
        look = self.look
        rect = view.cell_rect(tuple(cells[0])).unionall([view.cell_rect(tuple(c))
                                                          for c in cells[1:]])
        grow = round(look.px(3) * (0.5 + 0.5 * math.sin(t * 5.0)))
        rect = rect.inflate(2 * grow, 2 * grow).clip(area)
        if not (rect.w and rect.h):
            return
        pygame.draw.rect(surface, look.colour("gold"), rect, max(2, look.px(3)),
                         border_radius=look.px(6))
        # TRANSLATORS: a small tag over the hinted target on the board
        tag = look.text(_("Hint"), look.fs(13), look.colour("key"), bold=True)
        box = tag.get_rect().inflate(look.px(10), look.px(2))
        box.midbottom = (rect.centerx, rect.y - look.px(1))
        box.clamp_ip(area)
        pygame.draw.rect(surface, look.colour("key_bg"), box, border_radius=look.px(4))
        surface.blit(tag, tag.get_rect(center=box.center))

    def draw_tip(self, surface, lines: list[str], pos, left_of: bool = False) -> pygame.Rect:
        """A tooltip at `pos` (its top-left; with `left_of`, its top-right); its rect."""
        look = self.look
        font = look.font(look.body(14))
        bold = look.font(look.body(15), bold=True)
        width = min(look.px(420 * look.text_scale), max(bold.size(lines[0])[0],
                                      *(font.size(x)[0] for x in lines[1:]), 50) + 20)
        wrapped = []
        for i, line in enumerate(lines):
            f = bold if i == 0 else font
            for part in look.wrap(line, f, width - 20):
                wrapped.append((part, f, i == 0))
        h = sum(f.get_linesize() for _t, f, _h in wrapped) + 14
        x, y = pos
        if left_of:
            x -= width
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
        return rect



_PHASE_NOTE = {
    "populate": N_("Settlements, a place of power and the thief's chest"),
    "action": N_("Three actions each, poorest dragon first"),
    "tribute": N_("Every claim pays — or revolts"),
}


def _phase_words(phase: str) -> str:
    return _(PHASES[phase]) if phase in PHASES else phase.capitalize()



def confirm_dialog(look, slot):
    """A card or power with nothing to aim at is asked about first: what it does, and
    Play / Cancel (Q never spends a card by accident)."""
    head, _sep, name = slot.key.partition(":")
    if head == "play":
        what = _(content.card(name).effect) if name in content.T.CARDS else ""
        # TRANSLATORS: {card} is a power card's name, {effect} what it does
        prompt = _("Play the {card} card? {effect}").format(card=slot.label, effect=what)
        # TRANSLATORS: a button; {card} is a power card's name
        verb = _("Play {card}").format(card=slot.label)
    else:
        what = _(content.place(name).effect) if name in content.T.PLACES else ""
        # TRANSLATORS: {place} is a place of power's name, {effect} what its power does
        prompt = _("Use the {place}? {effect}").format(place=slot.label, effect=what)
        # TRANSLATORS: a button; {place} is a place of power's name
        verb = _("Use {place}").format(place=slot.label)
    return ChoiceDialog(look, prompt.strip(), [CONFIRM], [verb], cancel=True)


def summary_card(surface, look, rect: pygame.Rect, heading: str, top: int) -> None:
    """A summary card over the board: translucent, gold-edged, its heading on top."""
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (*look.colour("tip"), 235), card.get_rect(),
                     border_radius=look.px(14))
    pygame.draw.rect(card, (*look.colour("gold"), 255), card.get_rect(), 2,
                     border_radius=look.px(14))
    surface.blit(card, rect)
    t = look.text(heading, look.fs(24), look.colour("gold"), bold=True)
    surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + top)))


def _setup_card_lines(look, lines, width, font):
    out = []
    for line in lines:
        out += look.wrap(line, font, width)
    return out
