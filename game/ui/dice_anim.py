"""Drawing a roll: the die tumbles (faces flicker, the die spins and bounces), lands on
its face, then the modifiers, the total and the chart row it hit appear.

The dice roll in a tray beside the board, never over it (issue 34): in the wider free
strip left or right of the board when it is wide enough, else over the foot of the side
panel (the game log's place, for the second a roll takes). `tray_rect` picks it.

Pure drawing from a roll event and a progress in [0, 1]; the flicker is seeded by the
event so a frame drawn twice looks the same (screenshots, tests).
"""

from __future__ import annotations

import math
import random

import pygame

from game.decisions import show_cell
from game.i18n import N_, _
from game.log import row_words
from game.tables import CARD_TITLES, PLACE_TITLES
from game.ui.words import dragon

TUMBLE = 0.55  # share of the step spent tumbling
ROW_PACE = 0.9  # a location's row die tumbles this much slower than its column die

# what a roll is for, as "{who} rolls for {purpose}" and "Location for the {what}" say it
PURPOSE_WORDS = {
    "steal": N_("steal"), "destroy": N_("destroy"), "attack": N_("attack"),
    "defend": N_("defence"), "tribute": N_("tribute"), "treasure": N_("treasure token"),
    "dragon_draw": N_("dragon draw"), "place_kind": N_("place of power"),
    "settlement": N_("settlement"), "place": N_("place of power"),
    "chest": N_("thief's chest"), "cavern": N_("cavern"),
}


def _words(purpose: str) -> str:
    return _(PURPOSE_WORDS.get(purpose, purpose.replace("_", " ")))


def _who(event: dict) -> str:
    return dragon(event["dragon"]) if event.get("dragon") else _("The table")


def _source(src: str) -> str:
    """A roll modifier's source (a place or a card) by its name."""
    return _(PLACE_TITLES.get(src) or CARD_TITLES.get(src) or src.replace("_", " ").title())


def _rolls_for(event: dict) -> str:
    # TRANSLATORS: {who} is a dragon's name or "The table"; {purpose} such as "steal"
    return _("{who} rolls for {purpose}").format(who=_who(event),
                                                 purpose=_words(event["purpose"]))


def _die_sprite(look, sides: int, size: int) -> pygame.Surface:
    return look.sprite("die/d6" if sides <= 6 else "die/d20", size)


def _flicker_face(event: dict, progress: float, sides: int) -> int:
    tick = int(progress * 40)
    rng = random.Random(hash((event.get("purpose"), event.get("face"), tick)) & 0xFFFFFFFF)
    return rng.randint(1, sides)


def draw_die(surface, look, centre, size: int, sides: int, face: int, progress: float,
             event: dict) -> None:
    """One die: tumbling while progress < TUMBLE, then still on `face`."""
    tumbling = progress < TUMBLE
    img = _die_sprite(look, sides, size)
    cx, cy = centre
    if tumbling:
        p = progress / TUMBLE
        angle = (1 - p) * 540
        img = pygame.transform.rotozoom(img, angle, 1.0)
        cy -= int(abs(math.sin(p * math.pi * 3)) * size * 0.25 * (1 - p))
        shown = _flicker_face(event, progress, sides)
    else:
        shown = face
    surface.blit(img, img.get_rect(center=(cx, cy)))
    font = look.font(max(10, size // 3), bold=True)
    colour = (30, 24, 20) if tumbling else (20, 14, 10)
    txt = font.render(str(shown), True, colour)
    if sides > 6:
        _blank_face(surface, (cx, cy + size // 20), size, txt)
    surface.blit(txt, txt.get_rect(center=(cx, cy + size // 20)))


D20_FACE = (252, 248, 240)  # the d20 sprite's front face (tools/make_art.py)
D20_INK = (38, 30, 34)


def _blank_face(surface, centre, size: int, text: pygame.Surface) -> None:
    """Cover the d20 sprite's printed "20" with a blank disc under the rolled number,
    so only that number shows on the die."""
    r = max(text.get_width(), text.get_height()) // 2 + max(2, size // 24)
    r = max(r, size * 16 // 100)  # at least the printed "20"
    pygame.draw.circle(surface, D20_FACE, centre, r)
    pygame.draw.circle(surface, D20_INK, centre, r, max(1, size // 50))


def _card(surface, look, rect: pygame.Rect) -> None:
    s = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*look.colour("tip"), 235), s.get_rect(), border_radius=look.px(14))
    pygame.draw.rect(s, (*look.colour("gold"), 255), s.get_rect(), 2, border_radius=look.px(14))
    surface.blit(s, rect)


def tray_rect(look, area: pygame.Rect, board: pygame.Rect, panel: pygame.Rect,
              tall: bool = True) -> pygame.Rect:
    """Where the dice tray goes: beside the board in the board area's wider free strip
    (left or right of the board's frame), or, where neither is wide enough, over the
    foot of the side panel. `tall`: a single roll's tray (die, then its words below)."""
    pad = look.px(12)
    frame = board.inflate(2 * max(4, look.px(8)), 2 * max(4, look.px(8)))
    left = pygame.Rect(area.left, area.top, max(0, frame.left - area.left), area.h)
    right = pygame.Rect(frame.right, area.top, max(0, area.right - frame.right), area.h)
    strip = max(left, right, key=lambda r: r.w)
    h = look.px(224 if tall else 190)
    if strip.w - 2 * pad >= look.px(150) and strip.h >= h + 2 * pad:
        w = min(strip.w - 2 * pad, look.px(230))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = strip.center
        return rect
    return pygame.Rect(panel.x + pad, panel.bottom - pad - h, panel.w - 2 * pad, h)


def draw_roll(surface, look, rect: pygame.Rect, event: dict, progress: float) -> None:
    """A roll event (d20 or dN) with its modifiers, total and chart row, in the tray
    `rect` (tray_rect): die left of its words where the tray is wide, above them where
    it is narrow."""
    if rect.w < look.px(300):
        _draw_roll_narrow(surface, look, rect, event, progress)
        return
    _card(surface, look, rect)
    head = look.fit_text(_rolls_for(event),
                         look.font(look.fs(17), True), rect.w - look.px(16), look.colour("text"))
    surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + look.px(10))))
    die = look.px(92)
    draw_die(surface, look, (rect.x + look.px(70), rect.y + look.px(105)), die, event["die"],
             event["face"], progress, event)
    if progress < TUMBLE:
        return
    x = rect.x + look.px(135)
    y = rect.y + look.px(50)
    small = look.font(look.fs(15))
    line = small.get_linesize()
    surface.blit(small.render(f"d{event['die']}: {event['face']}", True,
                              look.colour("text_dim")), (x, y))
    y += line
    for source, value in event.get("mods") or ():
        name = _source(source)
        colour = look.colour("green" if value > 0 else "red")
        surface.blit(small.render(f"{value:+d}  {name}", True, colour), (x, y))
        y += line
    big = look.font(look.fs(30), bold=True)
    total = big.render(str(event["total"]), True, look.colour("gold"))
    surface.blit(total, (x, y))
    if event.get("row"):
        row = look.fit_text(row_words(event["row"]), look.font(look.fs(17), bold=True),
                            rect.right - x - look.px(8), look.colour("text"))
        surface.blit(row, (x, y + total.get_height()))


def head_lines(look, words: str, font, width: int) -> list[str]:
    """A tray's headline wrapped to its width: "The table rolls / for place of po…" and
    "Location for the…" were cut at 100% (issue 33 play-through); up to three lines."""
    lines = look.wrap(words, font, width)
    return lines[:2] + [" ".join(lines[2:])] if len(lines) > 3 else lines


def _draw_roll_narrow(surface, look, rect: pygame.Rect, event: dict, progress: float) -> None:
    """The tray beside the board: who rolls, the die, then (landed) the sum and row."""
    _card(surface, look, rect)
    inner = rect.w - look.px(16)
    y = rect.y + look.px(8)
    bold = look.font(look.fs(15), True)
    for words in head_lines(look, _rolls_for(event), bold, inner):
        img = look.fit_text(words, bold, inner, look.colour("text"))
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += bold.get_linesize()
    die = min(look.px(80), inner)
    draw_die(surface, look, (rect.centerx, y + look.px(8) + die // 2), die, event["die"],
             event["face"], progress, event)
    if progress < TUMBLE:
        return
    y += look.px(12) + die
    small = look.font(look.fs(14))
    mods = "".join(f" {v:+d}" for _s, v in event.get("mods") or ())
    big = look.font(look.fs(26), bold=True)
    total = big.render(str(event["total"]), True, look.colour("gold"))
    sum_words = look.fit_text(f"d{event['die']}: {event['face']}{mods}  =", small,
                              inner - total.get_width() - look.px(6), look.colour("text_dim"))
    x = rect.centerx - (sum_words.get_width() + look.px(6) + total.get_width()) // 2
    surface.blit(sum_words, sum_words.get_rect(midleft=(x, y + total.get_height() // 2)))
    surface.blit(total, (x + sum_words.get_width() + look.px(6), y))
    y += total.get_height()
    if event.get("row"):
        row = look.fit_text(row_words(event["row"]), look.font(look.fs(15), bold=True), inner,
                            look.colour("text"))
        surface.blit(row, row.get_rect(midtop=(rect.centerx, y)))


def draw_location(surface, look, rect: pygame.Rect, events: list[dict], what: str,
                  progress: float) -> None:
    """A location roll: column and row dice together (R3), in the tray `rect`."""
    col, row = events
    _card(surface, look, rect)
    inner = rect.w - look.px(16)
    bold = look.font(look.fs(15), True)
    y = rect.y + look.px(8)
    # TRANSLATORS: {what} is what the location dice place, such as "settlement"
    for words in head_lines(look, _("Location for the {what}").format(what=_words(what)),
                            bold, inner):
        head = look.fit_text(words, bold, inner, look.colour("text"))
        surface.blit(head, head.get_rect(midtop=(rect.centerx, y)))
        y += bold.get_linesize()
    die = min(look.px(66), inner // 2 - look.px(6))
    gap = die // 2 + look.px(6)
    cy = y + look.px(8) + die // 2
    draw_die(surface, look, (rect.centerx - gap, cy), die,
             col["die"], col["face"], progress, col)
    draw_die(surface, look, (rect.centerx + gap, cy), die,
             row["die"], row["face"], min(1.0, progress * ROW_PACE), row)
    if progress >= TUMBLE:
        cell = show_cell((col["face"] - 1, row["face"] - 1))
        f = look.font(look.fs(14), True)
        y = cy + die // 2 + look.px(10)
        for words in (_("column {col}, row {row}").format(col=col["face"], row=row["face"]),
                      # TRANSLATORS: {cell} is a board cell such as (3, 4)
                      _("cell {cell}").format(cell=cell)):
            t = look.fit_text(words, f, inner, look.colour("gold"))
            surface.blit(t, t.get_rect(midtop=(rect.centerx, y)))
            y += f.get_linesize()


def rolling_words(kind: str, events: list[dict], progress: float, what: str = "") -> str | None:
    """The status line while a die still tumbles: who rolls for what, never the result
    before the die shows it; None once it has landed (or for other steps)."""
    # the location's second die lands a little later (draw_location)
    if progress >= (TUMBLE / ROW_PACE if kind == "dice2" else TUMBLE) or not events:
        return None
    if kind == "dice":
        return _rolls_for(events[0]) + "…"
    if kind == "dice2":
        return _("Rolling the location for the {what}…").format(what=_words(what))
    return None


def landed_words(event: dict) -> str:
    """The status line once a roll has landed: who rolled what, the chart row, then
    the sum ("  ·  " parts, dropped from the end where the line is short)."""
    # TRANSLATORS: {who} is a dragon's name or "The table", {total} the number rolled
    parts = [_("{who} rolls {total} for {purpose}").format(
        who=_who(event), total=event["total"], purpose=_words(event["purpose"]))]
    if event.get("row"):
        parts.append(row_words(str(event["row"])))
    mods = event.get("mods") or ()
    if mods:
        names = ", ".join(f"{v:+d} {_source(src)}" for src, v in mods)
        parts.append(f"d{event['die']}: {event['face']}, {names}")
    return "  ·  ".join(parts)
