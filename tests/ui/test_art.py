"""The sprites: every name the window asks for exists, has alpha, and the art script
re-draws them pixel for pixel (tools/make_art.py is deterministic)."""

from __future__ import annotations

import hashlib
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game import registry
from game.resources import asset
from game.tables import ACTIONS, CARDS, DRAGONS, PLACES
from game.ui import art
from game.ui.app import App
from game.ui.settings import Settings
from tools import make_art


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    art.clear_cache()


def test_every_named_sprite_is_listed():
    names = set(art.SPRITE_NAMES)
    for d in DRAGONS:
        assert {f"dragon/{d}", f"cavern/{d}", f"ring/{d}", f"gamble/{d}"} <= names
    assert {f"place/{p}" for p in PLACES} <= names
    assert {f"action/{a}" for a in ACTIONS} <= names and len(ACTIONS) == 11
    assert {f"card/{c}" for c in CARDS} <= names and len(CARDS) == 20
    assert {"settlement/town", "settlement/city", "settlement/ruin", "chest", "die/d20",
            "die/d6", "coin", "treasure", "logo"} <= names


@pytest.mark.parametrize("palette", art.PALETTE_NAMES)
def test_every_sprite_loads_with_alpha(palette):
    for name in art.SPRITE_NAMES:
        img = art.sprite(name, 48, palette)
        assert max(img.get_size()) == 48, name
        assert img.get_flags() & pygame.SRCALPHA, name
        w, h = img.get_size()
        corner = img.get_at((0, 0)).a  # drawn on transparency, not a filled square
        assert corner < 40 or name.startswith("card/"), name
        solid = pygame.mask.from_surface(img, 200).count()
        assert 0.12 * w * h < solid < 0.97 * w * h, name  # a shape, neither empty nor a block


def test_paletted_sprites_differ_between_palettes():
    for d in DRAGONS:
        a = pygame.image.tobytes(art.sprite(f"ring/{d}", 32, "normal"), "RGBA")
        b = pygame.image.tobytes(art.sprite(f"ring/{d}", 32, "colourblind"), "RGBA")
        if art.PALETTES["normal"][d] != art.PALETTES["colourblind"][d]:
            assert a != b, d


def test_sprites_are_cached_and_unknown_names_refused():
    assert art.sprite("chest", 40) is art.sprite("chest", 40)
    with pytest.raises(KeyError):
        art.sprite("dragon/pink", 40)


@pytest.mark.parametrize("palette", art.PALETTE_NAMES)
def test_ten_dragon_colours_are_distinct(palette):
    cols = [art.dragon_colour(d, palette) for d in DRAGONS]
    for i, a in enumerate(cols):
        for b in cols[i + 1:]:
            assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 > 40, (a, b)


def test_each_dragon_has_its_own_emblem():
    assert set(art.EMBLEMS) == set(DRAGONS)
    assert len(set(art.EMBLEMS.values())) == len(DRAGONS)


def test_shipped_font_renders():
    assert art.font(20).render("Narby", True, (0, 0, 0)).get_width() > 20
    assert art.font(20, bold=True) is art.font(20, bold=True)


def test_art_script_is_deterministic():
    """Every shipped PNG is exactly what the script draws now: re-running changes nothing
    (and the committed assets are not stale)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout

    drawn = list(make_art.all_sprites())
    assert len(drawn) == len(art.SPRITE_NAMES) + 4 * len(DRAGONS) * (len(art.PALETTES) - 1)
    stale = []
    for rel, make in drawn:
        shipped = pygame.image.load(str(art.SPRITES / f"{rel}.png"))
        if _digest(shipped) != _digest(make()):
            stale.append(rel)
    assert not stale, f"run tools/make_art.py: {stale}"


def _digest(surface: pygame.Surface) -> str:
    return hashlib.sha256(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def test_application_icons_are_the_art_scripts_in_every_size():
    """The window and desktop icon (issue 20): drawn by tools/make_art.py, deterministic,
    one file per usual size, shipped under assets/icons."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout

    made = list(make_art.all_icons())
    assert [rel for rel, _ in made] == [f"narby-conquest-{n}" for n in make_art.ICON_SIZES]
    assert {16, 32, 48, 64, 128, 256} <= set(make_art.ICON_SIZES)
    for (rel, make), n in zip(made, make_art.ICON_SIZES, strict=True):
        shipped = pygame.image.load(str(asset("icons", f"{rel}.png")))
        assert shipped.get_size() == (n, n)
        assert _digest(shipped) == _digest(make()), f"run tools/make_art.py: {rel}"


def test_the_window_has_the_games_title_and_icon(monkeypatch):
    icons = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    a = App(Settings(), size=(1280, 720), fullscreen=False)
    try:
        assert pygame.display.get_caption()[0] == "Narby Conquest"
        assert len(icons) == 1 and icons[0].get_size() == (64, 64)
    finally:
        a.close()


def test_sprites_outlive_a_window_and_fonts_are_opened_again():
    """A new window (a test's own App) finds the sprites already loaded and scaled, with
    the same pixels; fonts, closed by pygame.quit(), are opened again."""
    shown = []
    for _ in range(2):
        a = App(Settings(), size=(1280, 720), fullscreen=False)
        try:
            loads = art._original.cache_info().misses
            surf = art.sprite("dragon/red", 61)
            shown.append((pygame.image.tobytes(surf, "RGBA"), surf.get_size(), surf,
                          art._original.cache_info().misses - loads))
            f = art.font(19)
            assert f.render("Narby", True, (0, 0, 0)).get_width() > 20
        finally:
            a.close()
        assert art._font.cache_info().currsize == 0  # f is closed: none is handed out
    (pixels, size, first, _), (again, size2, second, loaded) = shown
    assert second is first and loaded == 0
    assert again == pixels and size2 == size


# ----- the registry's art keys (issue 32) -----------------------------------------------
def test_places_and_cards_are_drawn_by_their_specs_art_key(monkeypatch):
    assert art.place_art("madhouse") == registry.place("madhouse").art_key == "place/madhouse"
    assert art.card_art("jumper") == "card/jumper" and art.action_art("move") == "action/move"
    monkeypatch.setitem(registry._PLACES, "madhouse",
                        replace(registry.place("madhouse"), art="place/soul_mine"))
    monkeypatch.setitem(registry._CARDS, "jumper", replace(registry.card("jumper"),
                                                           art="card/fighter"))
    assert art.place_art("madhouse") == "place/soul_mine"
    assert art.card_art("jumper") == "card/fighter"


def test_a_key_without_a_file_is_drawn_generic(monkeypatch):
    names = ("place/a_new_one", "card/a_new_one", "action/a_new_one")
    monkeypatch.setattr(art, "SPRITE_NAMES", art.SPRITE_NAMES + names)
    art.clear_cache()
    try:
        for name in names:
            assert not art.sprite_path(name).exists()
            img = art.sprite(name, 48)
            assert max(img.get_size()) == 48 and img.get_flags() & pygame.SRCALPHA
            solid = pygame.mask.from_surface(img, 200).count()
            assert 0.12 * img.get_width() * img.get_height() < solid, name
        assert art.generated == set(names)
        # the same stand-in every time, and two keys do not look alike
        again = pygame.image.tobytes(art.generic_art.draw("card/a_new_one"), "RGBA")
        assert again == pygame.image.tobytes(art.generic_art.draw("card/a_new_one"), "RGBA")
        assert again != pygame.image.tobytes(art.generic_art.draw("card/another"), "RGBA")
    finally:
        art.clear_cache()
    with pytest.raises(KeyError):  # a name no item has stays refused
        art.sprite("place/nobody_registered_this", 40)
