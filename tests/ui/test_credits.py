"""The Credits screen (issue 31): reached from the main menu, every section shows, it
names the game's origins, every library the game ships and where the full notices are,
and no text is cut off or faint at the smallest window, in both palettes and scales."""

import pygame
import pytest
from packaging.utils import canonicalize_name

from game.ui import credits_text
from game.ui.app import App
from game.ui.audit import Audit
from game.ui.scenes.credits import CreditsScene
from game.ui.scenes.menu import MenuScene
from game.ui.settings import Settings
from tests.ui.conftest import run
from tests.ui.test_e2e import click, key
from tools import third_party_notices as tpn


def test_menu_opens_credits_and_esc_comes_back(app):
    menu = app.push(MenuScene(app))
    click(menu.buttons["credits"].rect.center)
    run(app, 2)
    assert isinstance(app.top, CreditsScene)
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert app.top is menu


def test_every_section_shows_by_key_and_by_tab(app):
    credits = app.push(CreditsScene(app))
    run(app)
    for i in range(len(credits_text.SECTIONS)):
        key(pygame.K_1 + i)
        run(app)
        assert credits.section == i and credits.box is not None
        assert credits.tabs[i].is_selected
    key(pygame.K_RIGHT)
    run(app)
    assert credits.section == 0
    click(credits.tabs[2].rect.center)
    run(app, 2)
    assert credits.section == 2
    key(pygame.K_PAGEDOWN)  # scrolls when the text is longer than the box, else nothing
    run(app)
    click(credits.back.rect.center)
    run(app, 2)
    assert app.top is not credits


def test_long_text_scrolls(app):
    credits = app.push(CreditsScene(app))
    credits.box_rect.height = 120  # a box far smaller than the libraries' list
    credits.show(2)
    run(app)
    bar = credits.box.scroll_bar
    assert bar is not None
    key(pygame.K_PAGEDOWN)
    run(app)
    assert bar.start_percentage > 0


def test_origins_credit_dragoon_and_say_unofficial():
    text = credits_text.origins()
    for words in ("Dragoon", "Lay Waste Games", "homebrew", "not affiliated"):
        assert words in text


def test_libraries_name_every_shipped_dependency():
    text = canonicalize_name(credits_text.libraries().replace(" ", "-"))
    for dist in tpn.closure(tpn.runtime_requirements()):
        assert canonicalize_name(dist.metadata["Name"]) in text, dist.metadata["Name"]
    for words in ("SDL", "LGPL", "Python"):
        assert words in credits_text.libraries()


def test_fonts_tools_and_where_the_notices_are():
    assert "Noto Sans" in credits_text.art() and "Open Font License" in credits_text.art()
    for tool in ("Tiled", "PyInstaller"):
        assert tool in credits_text.tools()
    text = credits_text.licences()
    assert "THIRD_PARTY_NOTICES.txt" in text and "MIT License" in text


@pytest.mark.parametrize("palette", ["normal", "colourblind"])
@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_no_text_cut_or_faint_at_the_smallest_window(palette, scale):
    audit = Audit()
    audit.install()
    app = App(Settings(window=(1024, 640), palette=palette, ui_scale=scale),
              size=(1024, 640), fullscreen=False)
    try:
        found = []
        for section in range(len(credits_text.SECTIONS)):
            app.push(CreditsScene(app, section=section))
            app.step(0.0)
            found += [f"{section}: {f}" for f in audit.frame(app)]
            app.pop()
    finally:
        app.close()
        audit.uninstall()
    assert not found, "\n".join(found)
