"""A living backdrop for the menus: a seeded demo position on Narby Vale, dimmed.

Made once per window size (a short random game, drawn by the board renderer), then
blitted; the menus stay cheap to redraw. Making it takes about a third of a second, so
the window's very first frame (the main menu at start) is drawn over `plain_backdrop`
and the board comes the frame after (issue 34: start to menu within a second).
"""

from __future__ import annotations

import pygame

from game.match import Match
from game.players import RandomPlayer
from game.ui.board_view import BoardView
from game.ui.controller import DEFAULT_MAP, load_map

_cache: dict = {}


def _demo_doc():
    if "doc" not in _cache:
        board = load_map(DEFAULT_MAP)
        m = Match([None] * 5, seed=11, board=board)
        player = RandomPlayer(11)
        while not m.finished and m.round < 4:
            m.submit(player.choose(m))
        _cache["doc"], _cache["board"] = m.snapshot(), board
        m.close()
    return _cache["doc"], _cache["board"]


def cached_backdrop(look, size: tuple[int, int]) -> pygame.Surface | None:
    """The backdrop if it is already drawn for this size, else None: never draws (the
    crash screen uses it, and must not allocate a window-sized board after a failure)."""
    return _cache["surface"] if _cache.get("key") == (size, look.palette) else None


def plain_backdrop(look, size: tuple[int, int]) -> pygame.Surface:
    """The backdrop without its board: the same light and shade, at once."""
    key = ("plain", size, look.palette)
    if _cache.get("plain_key") != key:
        surf = pygame.Surface(size)
        surf.fill(look.colour("bg"))
        _finish(surf, look)
        _cache.update(plain_key=key, plain=surf)
    return _cache["plain"]


def backdrop(look, size: tuple[int, int]) -> pygame.Surface:
    key = (size, look.palette)
    if _cache.get("key") == key:
        return _cache["surface"]
    surf = pygame.Surface(size)
    surf.fill(look.colour("bg"))
    try:
        doc, board = _demo_doc()
        view = BoardView(board, palette=look.palette)
        side = 48 * board.width  # cells under 56 px: no coordinates drawn
        art = pygame.Surface((side, side))
        view.set_rect(art.get_rect())
        view.fit()
        view.draw(art, doc)
        cover = max(size)
        art = pygame.transform.smoothscale(art, (cover, cover))
        surf.blit(art, ((size[0] - cover) // 2, (size[1] - cover) // 2))
    except Exception:  # no art yet: a plain gradient
        for y in range(size[1]):
            t = y / max(1, size[1])
            c = [round(a + (b - a) * t) for a, b in zip(look.colour("bg2"), look.colour("bg"),
                                                       strict=True)]
            pygame.draw.line(surf, c, (0, y), (size[0], y))
    _finish(surf, look)
    _cache.update(key=key, surface=surf)
    return surf


def _finish(surf: pygame.Surface, look) -> None:
    """Dimmed, lit from above the title, darker at the edges."""
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((10, 11, 18, 170))
    surf.blit(shade, (0, 0))
    _glow(surf, look.colour("gold"))
    _vignette(surf)


def _glow(surf: pygame.Surface, colour) -> None:
    """A warm light from above the title (the board's light comes from the top left):
    a small soft ellipse, smoothly scaled up and added."""
    w, h = surf.get_size()
    small = pygame.Surface((48, 27))
    for y in range(27):
        for x in range(48):
            d = ((x - 23.5) / 20) ** 2 + ((y - 7) / 11) ** 2
            k = max(0.0, 1 - d) ** 2 * 0.16
            small.set_at((x, y), [round(c * k) for c in colour])
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0),
              special_flags=pygame.BLEND_RGB_ADD)


def _vignette(surf: pygame.Surface) -> None:
    """Darker towards the edges: a small radial mask, smoothly scaled up."""
    w, h = surf.get_size()
    small = pygame.Surface((48, 27), pygame.SRCALPHA)
    for y in range(27):
        for x in range(48):
            d = ((x - 23.5) / 24) ** 2 + ((y - 13) / 13.5) ** 2
            small.set_at((x, y), (0, 0, 0, min(200, round(170 * d ** 1.3))))
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))


def title_block(surface, look, centre_x: int, top: int, subtitle: str | None = None) -> int:
    """The logo (the game's name in gilded letters) and a line under it; returns the y
    below them."""
    y = top
    try:
        logo = look.sprite("logo", look.px(480))
        surface.blit(logo, logo.get_rect(midtop=(centre_x, y)))
        y += logo.get_height() + look.px(8)
    except Exception:  # no art: the name in the shipped font
        big = look.font(look.fs(54), bold=True)
        t = big.render("Narby Conquest", True, look.colour("gold"))
        surface.blit(t, t.get_rect(midtop=(centre_x, y)))
        y += big.get_linesize()
    if subtitle:
        s = look.text(subtitle, look.fs(18), look.colour("text"))
        surface.blit(s, s.get_rect(midtop=(centre_x, y)))
        y += s.get_height()
    return y + look.px(10)


def panel_rect(surface, rect, look, alpha: int = 225) -> None:
    """A dark rounded panel with a gold edge, drawn straight on the surface."""
    r = pygame.Rect(rect)
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*look.colour("panel"), alpha), s.get_rect(),
                     border_radius=look.px(14))
    pygame.draw.rect(s, (*look.colour("gold_dim"), 255), s.get_rect(), 2,
                     border_radius=look.px(14))
    surface.blit(s, r)
