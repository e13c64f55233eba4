"""The game's look: dragon colours, sprites and the shipped font.

    >>> dragon_colour("red")                       # (r, g, b)
    >>> sprite("dragon/red", 96)                   # a cached 96x96 Surface with alpha
    >>> sprite("card/fighter", 200)                # non-square art fits a 200x200 box
    >>> font(18, bold=True)

Every sprite is a PNG under assets/sprites/ made by tools/make_art.py (re-run it after
changing the drawings). A place's or card's sprite is its registry spec's `art_key`
(`place_art`, `card_art`; an action's: `action_art`); a place, card or action whose key
has no file yet (a new one, registered from a module of its own) is drawn by
game.ui.generic_art instead, so it shows without a file (`generated` names them).
Sprites that carry a dragon's colour (dragon, cavern, ring, gamble) also exist per
palette under assets/sprites/<palette>/; `sprite(..., palette=)` picks that version.
Scaled copies are cached per (name, size, palette): loading and smooth-scaling happen
once, a frame only blits.

The caches outlive a window: the files' pixels (`_original`) are plain surfaces that
pygame.quit() leaves alone, and the scaled copies are kept per display pixel format (a
window opened in another format gets copies converted for it). Fonts are different:
pygame.quit() closes every font, so `forget_fonts()` must follow it (game.ui.app does).
"""

from __future__ import annotations

import os
from functools import cache, lru_cache
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game import i18n, registry  # noqa: E402
from game.resources import asset  # noqa: E402
from game.tables import ACTIONS, CARDS, DRAGONS, PLACES, SETTLEMENT_KINDS  # noqa: E402
from game.ui import generic_art, scripts  # noqa: E402

SPRITES = asset("sprites")
FONT_PATH = str(asset("fonts", "NotoSans-Regular.ttf"))
FONT_BOLD_PATH = str(asset("fonts", "NotoSans-Bold.ttf"))

# Normal palette: ten hues spread round the wheel plus white/black/iron greys; the
# colour-blind one follows Okabe & Ito (2008), with white, black and grey for the rest.
# Emblems (EMBLEMS) tell the dragons apart without colour at all. Every colour is at
# least ΔE2000 15 from every terrain tile's colour and from each other (issue 34,
# tests/ui/test_colours.py), nudged as little as that needs; White is the one exception
# against snow and peaks (white on snow: its dark outline and emblem carry it).
# Issue 33, as the three colour-vision deficiencies see them (Machado 2009): Purple is
# a lighter violet (142, 78, 196 was Blue's twin for protans, ΔE 1.9) and the
# colour-blind Iron a dark warm grey (132, 132, 140 sat between Purple and Green for
# deutans, ΔE 7 and 10): no pair of the colour-blind palette is under ΔE 11 for any eye.
PALETTES: dict[str, dict[str, tuple[int, int, int]]] = {
    "normal": {
        "white": (236, 238, 242), "black": (52, 50, 62), "green": (54, 220, 106),
        "blue": (52, 88, 190), "red": (214, 56, 48), "purple": (168, 119, 217),
        "iron": (136, 142, 156), "gold": (248, 182, 6), "copper": (220, 114, 62),
        "undead": (96, 196, 178),
    },
    "colourblind": {
        "white": (242, 242, 242), "black": (34, 34, 34), "green": (16, 166, 131),
        "blue": (24, 90, 130), "red": (213, 94, 0), "purple": (204, 121, 167),
        "iron": (100, 94, 82), "gold": (240, 228, 58), "copper": (230, 159, 0),
        "undead": (86, 212, 249),
    },
}
PALETTE_NAMES = tuple(PALETTES)
# Each dragon's emblem (drawn on its body, cavern and rings): shape, not colour.
EMBLEMS = {
    "white": "snowflake", "black": "moon", "green": "leaf", "blue": "drop", "red": "flame",
    "purple": "crown", "iron": "anvil", "gold": "sun", "copper": "bolt", "undead": "skull",
}
# Sprite families drawn once per palette (they carry a dragon's colour).
PALETTED = ("dragon", "cavern", "ring", "gamble")



# ----- each item's art key: the registry's (issue 32) --------------------------------
def place_art(key: str) -> str:
    """The sprite of place of power `key`: its spec's art key ("place/<key>" unless the
    spec names another)."""
    try:
        return registry.place(key).art_key
    except KeyError:
        return f"place/{key}"


def card_art(key: str) -> str:
    """The sprite of power card `key`: its spec's art key."""
    try:
        return registry.card(key).art_key
    except KeyError:
        return f"card/{key}"


def action_art(key: str) -> str:
    """The sprite of action `key` (the action bar's icon): its registry spec's art key."""
    try:
        return registry.action(key).art_key
    except KeyError:
        return f"action/{key}"


# the families a missing file is drawn for (game.ui.generic_art) rather than refused
GENERIC = ("place", "card", "action")

SPRITE_NAMES: tuple[str, ...] = tuple(dict.fromkeys((
    *(f"{fam}/{d}" for fam in PALETTED for d in DRAGONS),
    *(f"settlement/{k}" for k in SETTLEMENT_KINDS),
    *(place_art(p) for p in PLACES),
    "chest",
    *(action_art(a) for a in ACTIONS),
    *(card_art(c) for c in CARDS),
    "die/d20", "die/d6", "coin", "treasure", "logo",
)))


def dragon_colour(name: str, palette: str = "normal") -> tuple[int, int, int]:
    """The dragon's colour in a palette ("normal" or "colourblind")."""
    return PALETTES.get(palette, PALETTES["normal"])[name]


def text_colour_on(name: str, palette: str = "normal") -> tuple[int, int, int]:
    """Black or white, whichever reads better on the dragon's colour."""
    r, g, b = dragon_colour(name, palette)
    return (20, 18, 24) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (250, 248, 244)


def sprite_path(name: str, palette: str = "normal") -> Path:
    if palette != "normal" and name.split("/")[0] in PALETTED:
        return SPRITES / palette / f"{name}.png"
    return SPRITES / f"{name}.png"


# the sprites drawn by game.ui.generic_art because their key has no file
generated: set[str] = set()


@cache
def _original(name: str, palette: str) -> pygame.Surface:
    path = sprite_path(name, palette)
    if not path.exists():
        if name not in SPRITE_NAMES:
            raise KeyError(f"no sprite named {name!r}")
        if name.split("/")[0] in GENERIC:
            generated.add(name)
            return generic_art.draw(name)
        raise FileNotFoundError(f"{path} is missing: run tools/make_art.py")
    return pygame.image.load(str(path))


def sprite(name: str, size: int, palette: str = "normal") -> pygame.Surface:
    """The sprite smooth-scaled to fit a size x size box (aspect kept), cached."""
    return _scaled(name, max(1, int(size)), palette, _display_format())


@lru_cache(maxsize=4096)
def _scaled(name: str, size: int, palette: str, fmt: tuple | None) -> pygame.Surface:
    image = _original(name, palette)
    w, h = image.get_size()
    k = size / max(w, h)
    dims = (max(1, round(w * k)), max(1, round(h * k)))
    return _ready(image if dims == (w, h) else pygame.transform.smoothscale(image, dims))


def sprite_wh(name: str, dims: tuple[int, int], palette: str = "normal") -> pygame.Surface:
    """The sprite smooth-scaled to exactly dims (w, h), cached."""
    return _exact(name, (max(1, int(dims[0])), max(1, int(dims[1]))), palette,
                  _display_format())


@lru_cache(maxsize=512)
def _exact(name: str, dims: tuple[int, int], palette: str, fmt: tuple | None) -> pygame.Surface:
    return _ready(pygame.transform.smoothscale(_original(name, palette), dims))


def _display_format() -> tuple | None:
    """The open window's pixel format (None without one): the scaled caches' key, so a
    copy converted for one display is never blitted as if made for another."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is None:
        return None
    return (screen.get_bitsize(), screen.get_masks())


def _ready(image: pygame.Surface) -> pygame.Surface:
    # in the display's pixel format when there is one: blits are then plain copies
    return image.convert_alpha() if pygame.display.get_surface() else image


def font_files() -> tuple[str, str]:
    """(regular, bold) files of the window's font in the language in use: Noto Sans,
    which has no kana or kanji, so for Japanese the same design's Noto Sans JP that
    pygame-gui ships (game.ui.scripts finds it)."""
    if i18n.language() == "ja":
        files = scripts.font_files("narby_jp")
        if files:
            return str(files[0]), str(files[1])
    return FONT_PATH, FONT_BOLD_PATH


# Noto Sans JP stands taller than Noto Sans at one size (its line is 1.45 em, Noto
# Sans's 1.36): Japanese is drawn this much smaller, so it keeps the layouts' measure
JP_SCALE = 0.94


def font_scale() -> float:
    """How much smaller than asked the window's font is drawn (1.0 but in Japanese)."""
    return 1.0 if font_files()[0] == FONT_PATH else JP_SCALE


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The window's font (Noto Sans, OFL; Noto Sans JP in Japanese) at a pixel size."""
    regular, heavy = font_files()
    return _font(heavy if bold else regular, max(6, round(int(size) * font_scale())))


@lru_cache(maxsize=64)
def _font(path: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(path, size)


def clear_cache() -> None:
    """Forget loaded sprites (after re-running the art script) and fonts."""
    _original.cache_clear()
    generated.clear()
    _scaled.cache_clear()
    _exact.cache_clear()
    forget_fonts()


def forget_fonts() -> None:
    """Forget the fonts: pygame.quit() (and pygame.font.quit()) close them."""
    _font.cache_clear()
