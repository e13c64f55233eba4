"""The Load screen's rows: a save's name, tag and date on the first line, its dragons'
emblems and scores, round and map on the second.

A name too long for its line even in the smallest type goes on over a second line of
that type, and its row grows by that line: "Red vs Green vs Blue vs Gold on Open Plain"
was cut with an ellipsis at 1024x640 at 150% (UI audit), and an auto-name with eight
dragons never fits one line. Rows therefore differ in height: the list scrolls by
whole rows of their own heights. Each row is measured once, when the screen is laid
out, never while it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.scenes.saved import short_date
from game.ui.words import save_name
from game.words import dragon as dragon_name

NAME_SIZES = (17, 15, 13)  # a long name takes a smaller type before a second line
HUGE = 200  # characters: never measured whole (fit_text cuts it cheaply)


@dataclass(frozen=True)
class RowName:
    size: int               # the name's type size (before look.fs)
    lines: tuple[str, ...]  # one line, or two


def _date_and_tag(look, e) -> tuple[pygame.Surface, pygame.Surface | None]:
    date = look.text(short_date(e.date), look.fs(13), look.colour("text_dim"))
    tag = look.text(_("AUTOSAVE"), look.fs(11), look.colour("bg"), bold=True) \
        if e.kind == "autosave" else None
    return date, tag


def _first_room(look, e, width: int) -> int:
    """The first line's room for the name, beside the date and the AUTOSAVE tag."""
    date, tag = _date_and_tag(look, e)
    tag_w = tag.get_width() + look.px(20) if tag is not None else 0
    return width - look.px(28) - date.get_width() - tag_w


def shown_name(e) -> str:
    """The save's name on screen: an automatic one in the player's language."""
    return save_name(e.name, e.dragons, e.map_title)


def name_layout(look, e, width: int) -> RowName:
    """How the row `width` wide shows `e`'s name: the largest type that holds it on the
    first line, else the smallest over two lines (the second as wide as the row)."""
    room = _first_room(look, e, width)
    name = shown_name(e)
    if len(name) > HUGE:
        return RowName(NAME_SIZES[-1], (name,))
    for size in NAME_SIZES:
        if look.font(look.fs(size), bold=True).size(name)[0] <= room:
            return RowName(size, (name,))
    font = look.font(look.fs(NAME_SIZES[-1]), bold=True)
    first = look.wrap(name, font, room)[0]
    rest = name[len(first):].strip() if name.startswith(first) else \
        name.replace(first, "", 1).strip()
    return RowName(NAME_SIZES[-1], (first, rest) if rest else (first,))


def facts_top(look, name: RowName) -> int:
    """The second line's offset in its row: below the name, however many lines."""
    if len(name.lines) == 1:
        return look.px(34)
    line = look.font(look.fs(name.size), bold=True).get_linesize()
    return max(look.px(34), look.px(6) + len(name.lines) * line + look.px(4))


def row_height(look, base: int, name: RowName) -> int:
    return base + facts_top(look, name) - look.px(34)


def rows_from(heights: list[int], top: int, room: int) -> int:
    """How many whole rows from `top` fit `room` pixels (one at least)."""
    n, used = 0, 0
    for h in heights[top:]:
        if used + h > room:
            break
        used, n = used + h, n + 1
    return max(1, n)


def draw_row(look, surface, r: pygame.Rect, e, name: RowName, selected: bool) -> None:
    if selected:
        pygame.draw.rect(surface, look.colour("slot_selected"), r.inflate(-6, -4),
                         border_radius=look.px(6))
        pygame.draw.rect(surface, look.colour("gold"), r.inflate(-6, -4), 1,
                         border_radius=look.px(6))
    else:
        pygame.draw.line(surface, (40, 43, 56), (r.x + look.px(10), r.bottom - 1),
                         (r.right - look.px(10), r.bottom - 1))
    x = r.x + look.px(14)
    icon = look.px(24)
    date, tag = _date_and_tag(look, e)
    surface.blit(date, date.get_rect(topright=(r.right - look.px(14), r.y + look.px(9))))
    if tag is not None:
        tr = tag.get_rect(topright=(r.right - look.px(24) - date.get_width(),
                                    r.y + look.px(10)))
        pygame.draw.rect(surface, look.colour("gold"), tr.inflate(look.px(10), 4),
                         border_radius=look.px(4))
        surface.blit(tag, tr)
    font = look.font(look.fs(name.size), bold=True)
    rooms = (_first_room(look, e, r.w), r.w - look.px(28))  # the second: the row's width
    y = r.y + look.px(6)
    for line, room in zip(name.lines, rooms, strict=False):
        surface.blit(look.fit_text(line, font, room, look.colour("text")), (x, y))
        y += font.get_linesize()
    y2 = r.y + facts_top(look, name)
    for d in e.dragons[:8]:
        surface.blit(look.sprite(f"dragon/{d}", icon), (x, y2))
        score = look.text(str(e.scores.get(d, 0)), look.fs(13), look.colour("text"),
                          bold=True)
        surface.blit(score, (x + icon + look.px(2), y2 + look.px(4)))
        x += icon + score.get_width() + look.px(10)
    state = (_("won by {winner}").format(winner=winner_words(e.winner)) if e.finished
             else _("round {n}").format(n=e.round))
    small, room = look.font(look.fs(13)), max(look.px(40), r.right - look.px(14) - x - look.px(10))
    # beside eight dragons' scores the map goes first (the detail panel names it)
    text = next((t for t in (f"{state} · {e.map_title}", state) if small.size(t)[0] <= room),
                state)
    facts = look.fit_text(text, small, room, look.colour("gold" if e.finished else "text_dim"))
    surface.blit(facts, facts.get_rect(topright=(r.right - look.px(14), y2 + look.px(4))))


def winner_words(w) -> str:
    if isinstance(w, list):
        names = [dragon_name(n) for n in w]
        return _("{rest} and {last}").format(rest=", ".join(names[:-1]), last=names[-1]) \
            if len(names) > 1 else "".join(names)
    return _("the thief") if w == "thief" else dragon_name(w) if w else _("nobody")
