"""A plain drawn stand-in for a place, card or action that ships no art file yet.

A place or card registered from a module of its own (game/registry, or a test's) names
its art key in its spec; until tools/make_art.py draws that key, the window draws this
instead, so the new item stands on the board and lies in a hand without a file. The
drawing is deterministic and needs no font: a stone tower for a piece, a blank framed
card, a badge for an action, each marked with a pattern taken from the key so two new
items do not look alike.
"""

from __future__ import annotations

import zlib

import pygame

PIECE = 256          # the shipped place sprites' size
CARD = (160, 224)    # and the cards'
ICON = 128           # and the actions'
INK = (40, 34, 30)
STONE = (176, 168, 152)
PARCH = (236, 226, 200)
GOLD = (214, 170, 60)


def _hue(name: str) -> tuple[int, int, int]:
    """A colour of the key's own, the same every run (crc32, not hash())."""
    h = zlib.crc32(name.encode("utf-8"))
    return (80 + h % 140, 80 + (h >> 8) % 140, 80 + (h >> 16) % 140)


def _marks(surface: pygame.Surface, name: str, centre: tuple[int, int], r: int) -> None:
    """Up to eight dots round `centre`, a pattern read from the key."""
    h = zlib.crc32(name.encode("utf-8"))
    for i in range(8):
        if h >> i & 1:
            v = pygame.math.Vector2(0, -r).rotate(45 * i)
            pygame.draw.circle(surface, INK, (centre[0] + v.x, centre[1] + v.y), max(2, r // 5))


def piece(name: str) -> pygame.Surface:
    """A stone tower on a round base, its banner in the key's colour."""
    s = pygame.Surface((PIECE, PIECE), pygame.SRCALPHA)
    pygame.draw.ellipse(s, STONE, (28, 176, 200, 56))
    pygame.draw.ellipse(s, INK, (28, 176, 200, 56), 4)
    pygame.draw.rect(s, STONE, (78, 64, 100, 140))
    pygame.draw.rect(s, INK, (78, 64, 100, 140), 4)
    for x in (78, 112, 146):  # battlements
        pygame.draw.rect(s, STONE, (x, 38, 24, 30))
        pygame.draw.rect(s, INK, (x, 38, 24, 30), 4)
    pygame.draw.polygon(s, _hue(name), [(128, 86), (160, 100), (128, 114)])
    pygame.draw.line(s, INK, (128, 80), (128, 150), 4)
    _marks(s, name, (128, 164), 22)
    return s


def card(name: str) -> pygame.Surface:
    """A framed card face in the key's colour."""
    w, h = CARD
    s = pygame.Surface(CARD, pygame.SRCALPHA)
    pygame.draw.rect(s, _hue(name), (4, 4, w - 8, h - 8), border_radius=12)
    pygame.draw.rect(s, INK, (4, 4, w - 8, h - 8), 4, border_radius=12)
    pygame.draw.rect(s, PARCH, (16, 16, w - 32, h - 32), border_radius=8)
    pygame.draw.circle(s, _hue(name), (w // 2, h // 2 - 10), 40)
    pygame.draw.circle(s, INK, (w // 2, h // 2 - 10), 40, 3)
    _marks(s, name, (w // 2, h // 2 - 10), 26)
    return s


def icon(name: str) -> pygame.Surface:
    """A round badge (an action's icon)."""
    s = pygame.Surface((ICON, ICON), pygame.SRCALPHA)
    pygame.draw.circle(s, (70, 74, 90), (64, 64), 58)
    pygame.draw.circle(s, GOLD, (64, 64), 54, 4)
    _marks(s, name, (64, 64), 30)
    return s


def draw(name: str) -> pygame.Surface:
    """The stand-in for sprite `name` ("place/...", "card/...", "action/...")."""
    family = name.split("/")[0]
    if family == "card":
        return card(name)
    if family == "action":
        return icon(name)
    return piece(name)
