"""The Credits screen's text, as pygame-gui HTML: where the game comes from, whose fonts,
libraries and tools it is made with, and where the full licences are (issue 31).

The libraries listed are the ones the game ships (tests/ui/test_credits.py checks them
against the runtime dependencies); NOTICE and THIRD_PARTY_NOTICES.txt say the same in
full."""

from __future__ import annotations

import html

from game import __version__, resources

GOLD = "#e2b048"
DIM = "#aaa496"

# (name, what it does here, licence)
LIBRARIES = (
    ("pygame-ce", "the window, drawing, fonts and sound", "GNU LGPL 2.1"),
    ("SDL 2, SDL_image, SDL_mixer, SDL_ttf", "under pygame-ce: display, images, audio, "
     "text", "zlib"),
    ("FreeType, HarfBuzz, libpng, libjpeg-turbo, Ogg, Vorbis, Opus, FLAC and more",
     "the libraries SDL loads, shipped inside pygame-ce", "their own licences, in the notices"),
    ("pygame-gui", "buttons, lists and text boxes", "MIT"),
    ("python-i18n", "used by pygame-gui", "MIT"),
    ("esper", "the entity-component world the rules run on", "MIT"),
    ("PyTMX", "reads the Tiled maps", "GNU LGPL 3"),
    ("websockets", "online play", "BSD 3-clause"),
    ("zeroconf", "finds games hosted nearby", "GNU LGPL 2.1 or later"),
    ("ifaddr", "used by zeroconf", "MIT"),
    ("cryptography", "the host's own certificate: private online play",
     "Apache 2.0 or BSD 3-clause"),
    ("cffi", "used by cryptography", "MIT-0"),
    ("pycparser", "used by cffi", "BSD 3-clause"),
    ("platformdirs", "where saves and settings live", "MIT"),
    ("PyTweening", "the easing curves of the board's effects", "MIT"),
    ("Python", "the language; the standalone game carries its interpreter", "PSF License"),
)

TOOLS = (
    ("Tiled", "the map editor the boards are drawn in (mapeditor.org, Thorbjørn "
     "Lindeijer and contributors)"),
    ("PyInstaller", "makes the standalone game for players without Python"),
    ("pytest, Hypothesis, ruff and mypy", "test and check the code"),
    ("NumPy", "synthesises the sounds and music (tools/make_sounds.py)"),
)


def _h(text: str) -> str:
    return f"<font size=5 color='{GOLD}'><b>{text}</b></font><br>"


def _sub(text: str) -> str:
    return f"<br><font size=4 color='{GOLD}'><b>{text}</b></font><br>"


def _dim(text: str) -> str:
    return f"<font color='{DIM}'>{text}</font>"


def origins() -> str:
    return (
        _h("Narby Conquest")
        + _dim(f"Version {html.escape(__version__)}") + "<br>"
        "<i>Narby Conquest</i> is a homebrew variant of <b><i>Dragoon</i></b>, the board "
        "game by <b>Lay Waste Games</b>: dragons competing for settlements that pay "
        "tribute, to hold the most coin. The game design it builds on is theirs; the "
        "homebrew, first played on a table with miniatures, d20s and pennies for "
        "coins, adds its own places of power, power cards and rules.<br>"
        + _sub("An unofficial edition")
        + "This digital edition is a fan project. It is not made, endorsed or sponsored "
        "by Lay Waste Games and is not affiliated with them. If you enjoy it, play "
        "<i>Dragoon</i> on a real table."
    )


def art() -> str:
    return (
        _h("Fonts")
        + "<b>Noto Sans</b> Regular and Bold, by the Noto Project Authors, under the "
        "SIL Open Font License 1.1 (its text ships beside the fonts, in "
        "assets/fonts/OFL.txt). Map titles in Chinese, Japanese or Korean use "
        "<b>Noto Sans SC, JP and KR</b>, the same authors and licence, as shipped with "
        "pygame-gui.<br>"
        + _sub("Art, maps and sound")
        + "The tiles, sprites, dragons, icons, logo, maps, sound effects and music are "
        "made for this game by its own tools (tools/make_art.py, make_tileset.py, "
        "make_maps.py, make_sounds.py), and are under the game's MIT License."
    )


def libraries() -> str:
    out = _h("Libraries") + "The game is built on free software:<br>"
    for name, what, licence in LIBRARIES:
        out += f"<b>{name}</b>: {what} {_dim('· ' + licence)}<br>"
    return out


def tools() -> str:
    out = _h("Tools")
    for name, what in TOOLS:
        out += f"<b>{name}</b>: {what}<br>"
    return out


def licences() -> str:
    try:
        folder = html.escape(str(resources.notices().parent))
    except resources.ResourceError:
        folder = "the game's data folder"
    return (
        _h("Licences")
        + "Narby Conquest's code, art and sounds are under the <b>MIT License</b>; its "
        "fonts under the <b>SIL Open Font License 1.1</b>.<br>"
        + _sub("Where the full texts are")
        + "<b>THIRD_PARTY_NOTICES.txt</b>: every library above with its full licence.<br>"
        "<b>LICENSE</b>: the game's own licence. <b>NOTICE</b>: its origins and what is "
        "licensed how.<br>"
        f"In this copy of the game they are in:<br>{_dim(folder)}<br>"
        "(the standalone game also keeps them beside its program).<br>"
        + _sub("Your rights under the LGPL")
        + "pygame-ce, SDL and the other LGPL libraries are used as shared libraries, "
        "unchanged; you may replace them with your own builds (pip installs another "
        "pygame-ce beside the game; in the standalone game they are the files in its "
        "_internal folder). Their sources are at their project pages, listed in the "
        "notices."
    )


SECTIONS = (
    ("Origins", origins),
    ("Fonts and art", art),
    ("Libraries", libraries),
    ("Tools", tools),
    ("Licences", licences),
)
