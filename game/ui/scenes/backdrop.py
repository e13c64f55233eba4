"""A living backdrop for the menus: a seeded demo position on Narby Vale, dimmed.

Made once per window size (a short random game, drawn by the board renderer), then
blitted; the menus stay cheap to redraw.
"""

from __future__ import annotations

import pygame

_cache: dict = {}


def _demo_doc():
    if "doc" not in _cache:
        from game.match import Match
        from game.players import RandomPlayer
        from game.ui.controller import DEFAULT_MAP, load_map

        board = load_map(DEFAULT_MAP)
        m = Match([None] * 5, seed=11, board=board)
        player = RandomPlayer(11)
        while not m.finished and m.round < 4:
            m.submit(player.choose(m))
        _cache["doc"], _cache["board"] = m.snapshot(), board
        m.close()
    return _cache["doc"], _cache["board"]


def backdrop(look, size: tuple[int, int]) -> pygame.Surface:
    key = (size, look.palette)
    if _cache.get("key") == key:
        return _cache["surface"]
    surf = pygame.Surface(size)
    surf.fill(look.colour("bg"))
    try:
        from game.ui.board_view import BoardView

        doc, board = _demo_doc()
        view = BoardView(board, palette=look.palette)
        side = max(size)
        view.set_rect(pygame.Rect((size[0] - side) // 2, (size[1] - side) // 2, side, side))
        view.fit()
        view.draw(surf, doc)
    except Exception:  # no art yet: a plain gradient
        for y in range(size[1]):
            t = y / max(1, size[1])
            c = [round(a + (b - a) * t) for a, b in zip(look.colour("bg2"), look.colour("bg"),
                                                       strict=True)]
            pygame.draw.line(surf, c, (0, y), (size[0], y))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((10, 11, 18, 170))
    surf.blit(shade, (0, 0))
    _vignette(surf)
    _cache.update(key=key, surface=surf)
    return surf


def _vignette(surf: pygame.Surface) -> None:
    w, h = surf.get_size()
    edge = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        a = round(110 * (1 - i / steps) ** 2)
        pygame.draw.rect(edge, (0, 0, 0, a), (i * w // (steps * 5), i * h // (steps * 5),
                                              w - 2 * i * w // (steps * 5),
                                              h - 2 * i * h // (steps * 5)),
                         max(1, w // (steps * 5)))
    surf.blit(edge, (0, 0))


def title_block(surface, look, centre_x: int, top: int, subtitle: str | None = None) -> int:
    """The logo and the game's name; returns the y below it."""
    y = top
    try:
        logo = look.sprite("logo", look.px(120))
        surface.blit(logo, logo.get_rect(midtop=(centre_x, y)))
        y += logo.get_height() + look.px(6)
    except Exception:
        pass
    big = look.font(look.fs(54), bold=True)
    for dx, dy, col in ((3, 3, (0, 0, 0)), (0, 0, look.colour("gold"))):
        t = big.render("Narby Conquest", True, col)
        surface.blit(t, t.get_rect(midtop=(centre_x + dx, y + dy)))
    y += big.get_linesize()
    if subtitle:
        s = look.text(subtitle, look.fs(18), look.colour("text_dim"))
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
