"""Cell coordinates on the board's edges (issue 16, a Settings toggle): column numbers
along the top, row numbers down the left, 1-based as in the log and the coach ("(3, 7)"
is column 3, row 7). They stay on screen when the board is zoomed or panned."""

from __future__ import annotations

import pygame


def draw(surface: pygame.Surface, view, look, area: pygame.Rect) -> None:
    br = view.board_rect()
    cell = view.cell
    font = look.font(max(9, min(look.fs(13), cell // 3)), bold=True)
    h = font.get_linesize()
    # in the frame just outside the cells; over the cells when that edge is off screen
    top = max(area.top + 1, br.top - h + max(2, cell // 10))
    left_edge = br.left
    colour = look.colour("gold")
    shade = (16, 18, 26, 190)
    for c in range(view.board.width):
        r = view.cell_rect((c, 0))
        if r.right < area.left or r.left > area.right:
            continue
        _label(surface, font, str(c + 1), (r.centerx, top + h // 2), colour, shade, area)
    for row in range(view.board.height):
        r = view.cell_rect((0, row))
        if r.bottom < area.top or r.top > area.bottom:
            continue
        w = font.size(str(row + 1))[0]
        x = max(area.left + w // 2 + 3, left_edge - w // 2 - max(3, cell // 10))
        _label(surface, font, str(row + 1), (x, r.centery), colour, shade, area)


def _label(surface, font, text, centre, colour, shade, area) -> None:
    img = font.render(text, True, colour)
    rect = img.get_rect(center=centre)
    if not area.contains(rect):
        return
    back = pygame.Surface(rect.inflate(4, 0).size, pygame.SRCALPHA)
    back.fill(shade)
    surface.blit(back, rect.inflate(4, 0))
    surface.blit(img, rect)
