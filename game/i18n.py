"""Words in the player's language: gettext catalogs made with Babel (issue 38).

Every player-facing string is marked where it is written and translated where it is
shown, so a language picked in Settings applies at once:

    from game.i18n import _, n_, N_
    _("Save game")                                   # a plain string
    _("{dragon} claims {place}").format(dragon=d, place=p)   # values by name, so a
                                                     # translation can reorder them
    n_("{n} town", "{n} towns", n).format(n=n)       # plural forms done by the catalog
    TITLES = {"rob": N_("Robber")}                   # marked only (module constants);
    ...  _(TITLES[key])                              # translated where shown

Catalogs live in `game/locale/<lang>/LC_MESSAGES/<domain>.po` (and the compiled `.mo`
beside it, which is what ships), one domain per part of the game so translators and
tools can work on one part at a time; a lookup tries every domain. The template of each
domain (`game/locale/<domain>.pot`) is extracted by `make translations`
(tools/translations.py), which also updates and compiles the catalogs. docs/TRANSLATING.md is
the one page a contributor follows to add a language.

`qps` is a pseudo-language for tests: every translated string comes back accented and
about 40% longer, placeholders and markup kept, so a screen run in it shows at a glance
(and to a test) any English left unmarked, and any layout that cannot take longer words.

Map titles and descriptions are shown as their author wrote them; the map checker's
messages and the command line's output stay English (docs/TRANSLATING.md says so).
"""

from __future__ import annotations

import gettext
import importlib.resources
import locale
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

# language code -> its own name, as the picker shows it (never translated)
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pl": "Polski",
    "ja": "日本語",
}
PSEUDO = "qps"  # pseudo-language (tests and the audit only; not in the picker)
# one catalog per part of the game (tools/translations.py says which files feed which)
DOMAINS = ("screens", "board", "rules", "game")
# package data, found the way game.resources finds shipped files (checkout, wheel, bundle)
LOCALE_DIR = Path(str(importlib.resources.files("game") / "locale"))

_listeners: list[Callable[[str], None]] = []


class _Pseudo(gettext.NullTranslations):
    """English made accented and ~40% longer: finds unmarked strings and tight layouts."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


_ACCENTS = str.maketrans(
    "aceinoszuyACEINOSZUY",
    "áçéîñöšžûýÁÇÉÎÑÖŠŽÛÝ",
)
# {placeholders}, <markup>, &entities; and %-formats pass through untouched
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-z]+;|%\(?\w*\)?[sd])")


def pseudo(message: str) -> str:
    """The pseudo-language's form of `message` (idempotent: a second pass changes nothing)."""
    if not message or message.startswith("⟦"):
        return message
    parts = _KEEP.split(message)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    letters = sum(ch.isalpha() for ch in message)
    pad = "·" * max(1, round(letters * 0.4)) if letters else ""
    # in words of at most 10: a long paragraph's padding wraps like words, not as one
    # run wider than any panel
    pad = " ".join(pad[i:i + 10] for i in range(0, len(pad), 10))
    return f"⟦{out}{pad}⟧"


class _Catalog(gettext.GNUTranslations):
    """One domain's compiled catalog, asked whether it holds a message at all (a
    translation may equal its English: "Normal" is German too)."""

    def has(self, key: str | tuple[str, int]) -> bool:
        return key in self._catalog  # type: ignore[attr-defined]  # (gettext's own table)


# language in use: None for English; the pseudo-language; or each domain's catalog
_active: _Pseudo | dict[str, _Catalog] | None = None
_language = "en"
_module_domains: dict[str, str] = {}


def domain_of(module: str) -> str:
    """The catalog that owns the strings written in `module` (the same split as
    tools/translations.py's SOURCES; tests/test_i18n.py keeps the two in step)."""
    if module.startswith(("game.ui.rules_text", "game.ui.credits_text", "game.ui.tutorial")):
        return "rules"
    if module.startswith("game.ui.scenes") or module in ("game.ui.settings",
                                                          "game.ui.bindings"):
        return "screens"
    return "board" if module == "game.ui" or module.startswith("game.ui.") else "game"


def _order(depth: int = 2) -> tuple[str, ...]:
    """The domains to look in for a call `depth` frames up: its own module's first. The
    same English can be two things in two parts of the game ("the glowing square" as a
    lesson's object, "destroy" as a verb or a noun), so each part's catalog is asked
    before the others (which hold what it shows of theirs: a place's title...)."""
    module = sys._getframe(depth).f_globals.get("__name__", "")  # noqa: SLF001 (the caller's module)
    own = _module_domains.get(module)
    if own is None:
        own = _module_domains[module] = domain_of(module)
    return _ORDERS[own]


_ORDERS = {d: (d, *(o for o in DOMAINS if o != d)) for d in DOMAINS}


def _(message: str) -> str:
    """`message` in the current language. The engine's words (game.words.Words: a
    message id and its values) render themselves: looked up whole they would stay
    English, and the pseudo-language would hide it."""
    render = getattr(message, "shown", None)
    if render is not None:
        return render()
    if _active is None:
        return message
    if isinstance(_active, _Pseudo):
        return _active.gettext(message)
    for domain in _order():
        cat = _active.get(domain)
        if cat is not None and cat.has(message):
            return cat.gettext(message)
    return message


def n_(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for the number `n`, in the current language."""
    if _active is None:
        return singular if n == 1 else plural
    if isinstance(_active, _Pseudo):
        return _active.ngettext(singular, plural, n)
    for domain in _order():
        cat = _active.get(domain)
        if cat is not None and cat.has((singular, 0)):
            return cat.ngettext(singular, plural, n)
    return singular if n == 1 else plural


def p_(context: str, message: str) -> str:
    """`message` in the current language, told apart by `context` ("verb", "card")."""
    if _active is None:
        return message
    if isinstance(_active, _Pseudo):
        return _active.pgettext(context, message)
    key = f"{context}\x04{message}"
    for domain in _order():
        cat = _active.get(domain)
        if cat is not None and cat.has(key):
            return cat.pgettext(context, message)
    return message


def N_(message: str) -> str:
    """Marks `message` for the catalog without translating it (module-level constants:
    they are made once at import, so they are translated with _() where shown)."""
    return message


def _load(code: str) -> _Pseudo | dict[str, _Catalog] | None:
    if code == "en":
        return None
    if code == PSEUDO:
        return _Pseudo()
    found: dict[str, _Catalog] = {}
    for domain in DOMAINS:
        try:
            found[domain] = gettext.translation(domain, LOCALE_DIR, languages=[code],
                                                class_=_Catalog)
        except OSError:  # this part has no catalog in this language yet: English
            continue
    return found


def set_language(code: str) -> str:
    """Make `code` the language of every word shown from now on; returns the code in use
    ("en" for an unknown one). Listeners (the window) are told so they redraw."""
    global _active, _language
    code = code if code in LANGUAGES or code == PSEUDO else "en"
    if code != _language or code == PSEUDO:
        _active = _load(code)
        _language = code
        for listener in list(_listeners):
            listener(code)
    return code


def language() -> str:
    """The code of the language in use."""
    return _language


def on_change(listener: Callable[[str], None]) -> None:
    """Call `listener(code)` after each change of language."""
    _listeners.append(listener)


def match_language(tag: str | None) -> str | None:
    """The supported language a locale tag names ("de_AT.UTF-8" -> "de"), else None."""
    if not tag:
        return None
    code = re.split(r"[_.@\-]", tag.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the system's locale asks for, if we have it; else English.
    LANGUAGE may list several ("fr:de"); the first we have wins."""
    env = os.environ if environ is None else environ
    for tag in (env.get("LANGUAGE") or "").split(":"):
        found = match_language(tag)
        if found:
            return found
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):  # the first one set decides
        if env.get(var):
            return match_language(env[var]) or "en"
    if environ is None:
        try:
            found = match_language(locale.getlocale()[0])
        except ValueError:
            found = None
        if found:
            return found
    return "en"
