"""Translations, the Babel way (issue 38): `tools/translations.py extract|update|compile|check`.

`make translations` runs extract, update and compile: it extracts each domain's template
(game/locale/DOMAIN.pot) from the files below, merges it into every language's catalog
(game/locale/LANG/LC_MESSAGES/DOMAIN.po: new strings arrive empty, changed ones fuzzy)
and compiles the .mo files that ship. `check` fails when a .mo is older than its .po's
content (tests run the same check).

Marked with: _("..."), n_("one", "many", n), p_("context", "..."), N_("..."), and
game.words' Words("...", ...) / Words.n_("one", "many", n, ...).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import BinaryIO

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAINS, LANGUAGES, LOCALE_DIR  # noqa: E402

# Words(msgid, **values) and Words.n_(one, many, n, ...) are game.words' sentences
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "Words": None}
# domain -> globs (relative to the repository) of the files that feed it. A file matched
# by several belongs to the first in PRIORITY, so a string is owned by one catalog.
SOURCES: dict[str, tuple[str, ...]] = {
    "screens": ("game/ui/scenes/*.py", "game/ui/settings.py", "game/ui/bindings.py"),
    "board": ("game/ui/*.py",),
    "rules": ("game/ui/rules_text.py", "game/ui/credits_text.py",
              "game/ui/tutorial/*.py", "game/ui/tutorial/*.json"),
    "game": ("game/*.py", "game/systems/*.py", "game/ai/*.py", "game/net/*.py",
             "game/persistence/*.py", "game/maps/*.py", "game/balance/*.py",
             "game/registry/*.py", "game/registry/places/*.py", "game/registry/cards/*.py",
             "game/registry/actions/*.py"),
}
PRIORITY = ("rules", "screens", "board", "game")
TARGETS = [c for c in LANGUAGES if c != "en"]


def domain_of(path: Path) -> str | None:
    """The catalog that owns the strings of `path` (None: no catalog reads it)."""
    for domain in PRIORITY:
        if any(path in set(ROOT.glob(g)) for g in SOURCES[domain]):
            return domain
    return None


def files_of(domain: str) -> list[Path]:
    """The source files feeding `domain`."""
    found = {p for g in SOURCES[domain] for p in ROOT.glob(g)}
    return sorted(p for p in found if domain_of(p) == domain)


def extract(domain: str) -> Catalog:
    """The template of `domain`, from its files."""
    cat = Catalog(project="narby-conquest", domain=domain, charset="utf-8")
    wanted = {p.relative_to(ROOT).as_posix() for p in files_of(domain)}
    # the lesson's words are JSON (game/ui/tutorial/extract.py reads them)
    method_map = [("**.py", "python"),
                  ("game/ui/tutorial/*.json", "game.ui.tutorial.extract:extract_lesson")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map=method_map, keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if filename not in wanted:
            continue
        cat.add(message, None, [(filename, lineno)], auto_comments=comments,
                context=context)
    return cat


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def update(domain: str, template: Catalog) -> None:
    for lang in TARGETS:
        path = po_path(lang, domain)
        if path.exists():
            with path.open("rb") as f:
                cat = read_po(f, locale=lang, domain=domain)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=lang, domain=domain, project="narby-conquest")
        cat.update(template, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, cat, width=0, omit_header=False, ignore_obsolete=True)


def compiled(lang: str, domain: str) -> bytes:
    with po_path(lang, domain).open("rb") as f:
        cat = read_po(f, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> None:
    for lang in TARGETS:
        for domain in DOMAINS:
            if po_path(lang, domain).exists():
                po_path(lang, domain).with_suffix(".mo").write_bytes(compiled(lang, domain))


def _messages(mo: BinaryIO) -> dict:
    """A compiled catalog's messages (plural ones as tuples: comparable, hashable)."""
    def flat(x):
        return tuple(x) if isinstance(x, (list, tuple)) else x
    return {(flat(m.id), m.context): flat(m.string) for m in read_mo(mo) if m.id}


def stale() -> list[str]:
    """Catalogs whose shipped .mo does not hold what their .po says."""
    out = []
    for lang in TARGETS:
        for domain in DOMAINS:
            po = po_path(lang, domain)
            if not po.exists():
                continue
            mo = po.with_suffix(".mo")
            if not mo.exists():
                out.append(f"{mo.relative_to(ROOT)} is missing")
                continue
            with mo.open("rb") as f:
                have = _messages(f)
            if have != _messages(io.BytesIO(compiled(lang, domain))):
                out.append(f"{mo.relative_to(ROOT)} is older than its .po")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("step", choices=["extract", "update", "compile", "check", "all"])
    ap.add_argument("--domain", choices=DOMAINS, action="append")
    args = ap.parse_args(argv)
    domains = args.domain or list(DOMAINS)
    if args.step in ("extract", "update", "all"):
        for d in domains:
            template = extract(d)
            with (LOCALE_DIR / f"{d}.pot").open("wb") as f:
                write_po(f, template, width=0)
            print(f"{d}: {len(template)} strings")
            if args.step != "extract":
                update(d, template)
    if args.step in ("compile", "all"):
        compile_all()
    if args.step == "check":
        problems = stale()
        for p in problems:
            print(p)
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
