"""Screenshots (game.ui.png): the PNG written is the window's pixels exactly, read back
by pygame (libpng) as the same image; other extensions keep pygame's own formats."""

import pygame
import pytest

from game.ui import png
from game.ui.scenes.menu import MenuScene


def _picture(flags=0):
    surf = pygame.Surface((37, 23), flags)
    surf.fill((20, 22, 30, 255))
    for x in range(37):
        for y in range(0, 23, 3):
            surf.set_at((x, y), ((x * 7) % 256, (y * 11) % 256, (x * y) % 256, (x * 5) % 256))
    return surf


@pytest.mark.parametrize("flags, mode", [(0, "RGB"), (pygame.SRCALPHA, "RGBA")])
def test_a_png_reads_back_as_the_same_pixels(tmp_path, flags, mode):
    surf = _picture(flags)
    png.save(surf, tmp_path / "shot.png")
    back = pygame.image.load(str(tmp_path / "shot.png"))
    assert back.get_size() == surf.get_size()
    assert pygame.image.tobytes(back, mode) == pygame.image.tobytes(surf, mode)
    assert bool(back.get_flags() & pygame.SRCALPHA) == bool(flags)


def test_the_window_screenshot_is_the_screen(app, tmp_path):
    app.push(MenuScene(app))
    app.screenshot(tmp_path / "menu.PNG")
    back = pygame.image.load(str(tmp_path / "menu.PNG"))
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(app.screen, "RGB")


def test_other_extensions_and_unwritable_paths(tmp_path):
    png.save(_picture(), tmp_path / "shot.bmp")
    assert (tmp_path / "shot.bmp").read_bytes()[:2] == b"BM"
    with pytest.raises(OSError):
        png.save(_picture(), tmp_path / "no" / "such" / "shot.png")
