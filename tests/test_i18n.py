"""The translation core (issue 38): language choice, the pseudo-language, the catalogs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("env", "want"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({"LANGUAGE": "pt:fr", "LANG": "pt_BR.UTF-8"}, "fr"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "ja"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "pl_PL", "LANG": "es_ES"}, "pl"),
    ({}, "en"),
])
def test_the_system_locale_picks_the_language(env, want):
    assert i18n.system_language(env) == want


def test_unknown_language_falls_back_to_english():
    assert i18n.set_language("xx") == "en"
    assert i18n._("Save game") == "Save game"


def test_pseudo_language_is_longer_accented_and_keeps_placeholders_and_markup():
    i18n.set_language(i18n.PSEUDO)
    out = i18n._("<b>{dragon}</b> claims {place} & wins")
    assert "{dragon}" in out and "{place}" in out and "<b>" in out and "</b>" in out
    assert "çláîmš" in out
    assert len(out) >= len("<b>{dragon}</b> claims {place} & wins") * 1.2
    assert i18n.pseudo(out) == out  # idempotent
    assert i18n.n_("{n} town", "{n} towns", 2).startswith("⟦{n} töwñš")


def test_listeners_hear_a_change():
    heard = []
    i18n.on_change(heard.append)
    try:
        i18n.set_language("de")
        assert heard[-1] == "de" and i18n.language() == "de"
    finally:
        i18n._listeners.remove(heard.append)


def test_every_shipped_catalog_is_compiled():
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "translations.py"), "check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_each_module_reads_its_own_catalog_first():
    # tools/translations.py files each source under one domain; game.i18n must find the
    # same domain for the module at run time, or its words would come from another part
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import translations  # noqa: PLC0415 (a tool, not a package)
    finally:
        sys.path.remove(str(ROOT / "tools"))
    for domain in i18n.DOMAINS:
        for path in translations.files_of(domain):
            rel = path.relative_to(ROOT).with_suffix("")
            module = ".".join(p for p in rel.parts if p != "__init__")
            assert i18n.domain_of(module) == domain, module


def test_the_same_english_is_told_apart_by_the_part_that_shows_it():
    # "the glowing square": the lesson's sentences want "dem leuchtenden Feld", the
    # lesson screen's step list "das leuchtende Feld" (found merging issue 38's catalogs)
    i18n.set_language("de")
    from game.ui import tutorial  # noqa: PLC0415
    from game.ui.scenes import tutorial as scene  # noqa: PLC0415
    assert i18n.domain_of(tutorial.__name__) == "rules"
    assert i18n.domain_of(scene.__name__) == "screens"
    assert i18n._("Save game") == "Spiel speichern"  # another part's words still found


def test_every_file_that_marks_words_feeds_a_catalog():
    # a module moved to a new folder (the registry's places) must not drop its words
    # from the catalogs: make translations would mark them obsolete
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import translations  # noqa: PLC0415 (a tool, not a package)
    finally:
        sys.path.remove(str(ROOT / "tools"))
    marked = re.compile(r"\b(_|N_|n_|p_|Words)\(")
    orphans = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("*.py"))
               if marked.search(p.read_text(encoding="utf-8"))
               and translations.domain_of(p) is None]
    assert orphans == []


# ----- every catalog, every language (issue 38): one check for the four catalogs -----
TRANSLATED = ["de", "fr", "es", "pl", "ja"]
PLURALS = {"de": 2, "fr": 2, "es": 2, "pl": 3, "ja": 1}  # Babel's locale data
_FIELD = re.compile(r"\{[^{}]*\}")
_MARKUP = re.compile(r"</?\w+[^<>]*>|&\w+;")


def _tool():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import translations  # noqa: PLC0415 (a tool, not a package)
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return translations


def _ids(cat) -> set:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in cat if m.id}


@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_each_committed_template_is_what_the_sources_say(domain):
    from babel.messages.pofile import read_po  # noqa: PLC0415 (a test extra)
    tool = _tool()
    with (tool.LOCALE_DIR / f"{domain}.pot").open("rb") as f:
        committed = _ids(read_po(f))
    assert _ids(tool.extract(domain)) == committed, \
        f"run: .venv/bin/python tools/translations.py all --domain {domain}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_every_message_is_translated_with_its_placeholders_and_markup(domain, lang):
    from babel.messages.pofile import read_po  # noqa: PLC0415 (a test extra)
    tool = _tool()
    with tool.po_path(lang, domain).open("rb") as f:
        cat = read_po(f, locale=lang, domain=domain)
    assert cat.num_plurals == PLURALS[lang]
    problems = []
    for msg in tool.extract(domain):
        if not msg.id:
            continue
        have = cat.get(msg.id, context=msg.context)
        forms = () if have is None else (
            have.string if isinstance(have.string, tuple) else (have.string,))
        if have is None or have.fuzzy or not all(s and s.strip() for s in forms):
            problems.append(f"untranslated: {msg.id!r}")
            continue
        if isinstance(msg.id, tuple) and len(forms) != cat.num_plurals:
            problems.append(f"{len(forms)} plural forms, not {cat.num_plurals}: {msg.id!r}")
        english = msg.id[-1] if isinstance(msg.id, tuple) else msg.id
        want = set(_FIELD.findall(english))
        for form in forms:
            got = set(_FIELD.findall(form))
            # a plural form may say its number in words (Japanese "1回", Polish "jedną")
            if got != want and got | {"{n}"} != want | {"{n}"}:
                problems.append(f"placeholders {sorted(got)} != {sorted(want)}: {form!r}")
            if sorted(_MARKUP.findall(form)) != sorted(_MARKUP.findall(english)):
                problems.append(f"markup differs: {form!r}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_count_takes_the_languages_own_forms(lang):
    i18n.set_language(lang)
    forms = {i18n.n_("{n} coin", "{n} coins", n) for n in (1, 2, 5)}
    assert len(forms) == min(PLURALS[lang], 3)


# ----- one register per language, in every catalog (docs/TRANSLATING.md, Conventions) -----
# French says "vous", German "du", Spanish "tú", Polish "ty": the words of the other
# register, as whole words (the French game catalog said "tu" where the rest said "vous")
_FR_INFORMAL = re.compile(
    r"(?<![\w'’-])(tu|te|toi|ton|ta|tes|tien|tienne|tiens|tiennes)(?![\w'’])"
    r"|(?<![\w-])t['’](?=\w)"                            # t'attaque, t'aide
    r"|\b\w+[^\Wz]-(le|la|les|en|toi|moi|lui|leur)\b",   # vérifie-le, envoie-en (vous: -ez-)
    re.IGNORECASE)
# German "Sie"/"Ihr" in the middle of a sentence is the formal address ("sie", she/they,
# is lower case there), and "Klicken Sie" is its imperative
_DE_FORMAL = re.compile(r"(?<=[a-zäöüß,] )(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b"
                        r"|\b\w+(en|ern|eln) Sie\b")
_ES_FORMAL = re.compile(r"\b(usted|ustedes|Ud|Uds|Vd|Vds)\b", re.IGNORECASE)
_PL_FORMAL = re.compile(r"\b(Pan|Pana|Panu|Panem|Pani|Panią|Państwo|Państwa|Państwu)\b")
REGISTER = {"fr": (_FR_INFORMAL, re.compile(r"\bvous\b", re.I)),
            "de": (_DE_FORMAL, re.compile(r"\b(du|dich|dir|dein\w*)\b", re.I)),
            "es": (_ES_FORMAL, re.compile(r"\b(tú|te|ti|tu|tus)\b", re.I)),
            "pl": (_PL_FORMAL, re.compile(r"\b(ty|cię|ciebie|twój|twoja|twoje|swoje)\b", re.I))}


def _translations(lang: str, domain: str) -> list[str]:
    from babel.messages.pofile import read_po  # noqa: PLC0415 (a test extra)
    with _tool().po_path(lang, domain).open("rb") as f:
        cat = read_po(f, locale=lang, domain=domain)
    return [form for m in cat if m.id
            for form in (m.string if isinstance(m.string, tuple) else (m.string,)) if form]


@pytest.mark.parametrize("lang", sorted(REGISTER))
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_every_catalog_addresses_the_player_in_its_languages_register(domain, lang):
    other, own = REGISTER[lang]
    wrong = [f"{m.group(0)!r} in {s!r}" for s in _translations(lang, domain)
             for m in [other.search(s)] if m]
    assert not wrong, "\n".join(wrong[:20])
    assert any(own.search(s) for s in _translations(lang, domain)), "no address at all?"


@pytest.mark.parametrize(("lang", "text"), [
    ("fr", "Tu as obtenu 12"), ("fr", "{dragon} t'attaque"), ("fr", "à côté de toi."),
    ("fr", "vérifie-le avec l'hôte"), ("fr", "Ton tour"), ("fr", "envoie-en une"),
    ("de", "Dann klicken Sie auf OK"), ("de", "prüf Ihre Adresse"),
    ("es", "compruebe, usted"), ("pl", "Czy Pan chce"),
])
def test_the_register_check_sees_the_other_form(lang, text):
    assert REGISTER[lang][0].search(text)


@pytest.mark.parametrize(("lang", "text"), [
    ("fr", "Tour de {dragon}"), ("fr", "tuer, statut, tenter, l'attaque"),
    ("fr", "vérifiez-le, envoyez-en une, Cœur-Sombre, peut-être, ce tour-ci"),
    ("fr", "Arrêtez-vous ici ; les actions restantes"), ("de", "Sie greift an"),
    ("de", "die Stadt, die sie hält"), ("es", "Tu turno"), ("pl", "Twoja tura"),
])
def test_the_register_check_leaves_the_own_form_alone(lang, text):
    assert not REGISTER[lang][0].search(text)


@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_german_names_the_host_of_an_online_game_one_way(domain):
    # the Join screen said "Gastgeber" in its lobby and "Host" in its refusals
    wrong = [s for s in _translations("de", domain) if re.search(r"\bHosts?\b", s)]
    assert not wrong, wrong
