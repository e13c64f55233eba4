"""The Credits screen's text, as pygame-gui HTML: where the game comes from, whose fonts,
libraries and tools it is made with, and where the full licences are (issue 31).

The libraries listed are the ones the game ships (tests/ui/test_credits.py checks them
against the runtime dependencies); NOTICE and THIRD_PARTY_NOTICES.txt say the same in
full."""

from __future__ import annotations

import html

from game import __version__, resources
from game.i18n import N_, _
from game.ui.rules_text import in_script

GOLD = "#e2b048"
DIM = "#aaa496"

# (name, what it does here, licence): marked here, translated where shown (a name or
# licence that is a proper name stays as it is)
LIBRARIES = (
    ("pygame-ce", N_("the window, drawing, fonts and sound"), "GNU LGPL 2.1"),
    ("SDL 2, SDL_image, SDL_mixer, SDL_ttf", N_("under pygame-ce: display, images, audio, "
                                                "text"), "zlib"),
    (N_("FreeType, HarfBuzz, libpng, libjpeg-turbo, Ogg, Vorbis, Opus, FLAC and more"),
     N_("the libraries SDL loads, shipped inside pygame-ce"),
     N_("their own licences, in the notices")),
    ("pygame-gui", N_("buttons, lists and text boxes"), "MIT"),
    ("python-i18n", N_("used by pygame-gui"), "MIT"),
    ("esper", N_("the entity-component world the rules run on"), "MIT"),
    ("PyTMX", N_("reads the Tiled maps"), "GNU LGPL 3"),
    ("websockets", N_("online play"), "BSD 3-clause"),
    ("zeroconf", N_("finds games hosted nearby"), N_("GNU LGPL 2.1 or later")),
    ("ifaddr", N_("used by zeroconf"), "MIT"),
    ("cryptography", N_("the host's own certificate: private online play"),
     N_("Apache 2.0 or BSD 3-clause")),
    ("cffi", N_("used by cryptography"), "MIT-0"),
    ("pycparser", N_("used by cffi"), "BSD 3-clause"),
    ("platformdirs", N_("where saves and settings live"), "MIT"),
    ("PyTweening", N_("the easing curves of the board's effects"), "MIT"),
    ("zstandard", N_("reads map layers Tiled saved with zstd"), "BSD 3-clause"),
    ("Python", N_("the language; the standalone game carries its interpreter"),
     "PSF License"),
)

TOOLS = (
    ("Tiled", N_("the map editor the boards are drawn in (mapeditor.org, Thorbjørn "
                 "Lindeijer and contributors)")),
    ("PyInstaller", N_("makes the standalone game for players without Python")),
    (N_("pytest, Hypothesis, ruff and mypy"), N_("test and check the code")),
    ("NumPy", N_("synthesises the sounds and music (tools/make_sounds.py)")),
    ("Babel", N_("extracts, merges and compiles the translations (gettext catalogs)")),
)

# the languages besides English, named in the player's language in the credits
TRANSLATED = (N_("German"), N_("French"), N_("Spanish"), N_("Polish"), N_("Japanese"))


def _h(text: str) -> str:
    return f"<font size=5 color='{GOLD}'><b>{text}</b></font><br>"


def _sub(text: str) -> str:
    return f"<br><font size=4 color='{GOLD}'><b>{text}</b></font><br>"


def _dim(text: str) -> str:
    return f"<font color='{DIM}'>{text}</font>"


def origins() -> str:
    return (
        _h("Narby Conquest")
        + _dim(_("Version {version}").format(version=html.escape(__version__))) + "<br>"
        + _("<i>Narby Conquest</i> is a homebrew variant of <b><i>Dragoon</i></b>, the "
            "board game by <b>Lay Waste Games</b>: dragons competing for settlements that "
            "pay tribute, to hold the most coin. The game design it builds on is theirs; "
            "the homebrew, first played on a table with miniatures, d20s and pennies for "
            "coins, adds its own places of power, power cards and rules.") + "<br>"
        + _sub(_("An unofficial edition"))
        + _("This digital edition is a fan project. It is not made, endorsed or sponsored "
            "by Lay Waste Games and is not affiliated with them. If you enjoy it, play "
            "<i>Dragoon</i> on a real table.")
    )


def art() -> str:
    return (
        _h(_("Fonts"))
        + _("<b>Noto Sans</b> Regular and Bold, by the Noto Project Authors, under the "
            "SIL Open Font License 1.1 (its text ships beside the fonts, in "
            "assets/fonts/OFL.txt). Map titles in Chinese, Japanese or Korean use "
            "<b>Noto Sans SC, JP and KR</b>, the same authors and licence, as shipped "
            "with pygame-gui.") + "<br>"
        + _sub(_("Art, maps and sound"))
        + _("The tiles, sprites, dragons, icons, logo, maps, sound effects and music are "
            "made for this game by its own tools (tools/make_art.py, make_tileset.py, "
            "make_maps.py, make_sounds.py), and are under the game's MIT License.")
    )


def libraries() -> str:
    out = _h(_("Libraries")) + _("The game is built on free software:") + "<br>"
    for name, what, licence in LIBRARIES:
        out += f"<b>{_(name)}</b>: {_(what)} {_dim('· ' + _(licence))}<br>"
    return out


def tools() -> str:
    out = _h(_("Tools"))
    for name, what in TOOLS:
        out += f"<b>{_(name)}</b>: {_(what)}<br>"
    return out


def translations() -> str:
    out = _h(_("Translations"))
    # TRANSLATORS: the end of a list: {some} is "German, French, Spanish, Polish" and
    # {last} is "Japanese"
    # TRANSLATORS: what stands between the items of a list ("German, French")
    comma = _(", ")
    languages = _("{some} and {last}").format(
        some=comma.join(_(lang) for lang in TRANSLATED[:-1]), last=_(TRANSLATED[-1]))
    # TRANSLATORS: {languages} lists the languages ("German, French, ... and Japanese");
    # "Settings, Language" names the screen and the setting where it is picked
    out += _("Narby Conquest can be played in English and in {languages}: Settings, "
             "Language.").format(languages=languages) + "<br>"
    # TRANSLATORS: put your names here (one line); Credits shows it under Translations.
    # Left as it is, the line is not shown.
    names = _("translator-credits")
    if names != "translator-credits":
        out += _("This translation: {names}").format(names=names) + "<br>"
    out += (_("Every language keeps the rule book's terms to one glossary "
              "(docs/glossary), so a word reads the same on every screen, in the rules "
              "and in the lesson.") + "<br>"
            + _sub(_("Add your language"))
            + _("The texts are gettext catalogs, extracted, merged and compiled with "
                "<b>Babel</b>. A better word, or a new language, is welcome: "
                "docs/TRANSLATING.md is the one page to follow."))
    return out


def licences() -> str:
    try:
        folder = html.escape(str(resources.notices().parent))
    except resources.ResourceError:
        folder = _("the game's data folder")
    return (
        _h(_("Licences"))
        + _("Narby Conquest's code, art and sounds are under the <b>MIT License</b>; its "
            "fonts under the <b>SIL Open Font License 1.1</b>.") + "<br>"
        + _sub(_("Where the full texts are"))
        + _("<b>THIRD_PARTY_NOTICES.txt</b>: every library above with its full "
            "licence.") + "<br>"
        + _("<b>LICENSE</b>: the game's own licence. <b>NOTICE</b>: its origins and what "
            "is licensed how.") + "<br>"
        + _("In this copy of the game they are in:") + f"<br>{_dim(folder)}<br>"
        + _("(the standalone game also keeps them beside its program).") + "<br>"
        + _sub(_("Your rights under the LGPL"))
        + _("pygame-ce, SDL and the other LGPL libraries are used as shared libraries, "
            "unchanged; you may replace them with your own builds (pip installs another "
            "pygame-ce beside the game; in the standalone game they are the files in its "
            "_internal folder). Their sources are at their project pages, listed in the "
            "notices.")
    )


# (tab, its HTML): the tab's name is marked here and translated where shown
SECTIONS = (
    (N_("Origins"), in_script(origins)),
    (N_("Fonts and art"), in_script(art)),
    (N_("Libraries"), in_script(libraries)),
    (N_("Tools"), in_script(tools)),
    (N_("Translations"), in_script(translations)),
    (N_("Licences"), in_script(licences)),
)
