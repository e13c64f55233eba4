"""The rules catalog (issue 38): the rules reference, the credits and the lesson in every
language: every string extracted is translated (no fuzzy, every plural form), its
{placeholders} and markup kept, the glossary's names used, nothing player-facing left
unmarked in the rules files, and the lesson's JSON read by its own extractor."""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import content, i18n, resources, tables
from game.decisions import title
from game.ui import credits_text, rules_text, tutorial
from game.ui.tutorial.extract import extract_lesson
from game.ui.unmarked import outside
from tests.i18n_scan import VALUE, every_literal, unmarked
from tools import translations

ROOT = Path(__file__).resolve().parent.parent
LANGS = [code for code in i18n.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{\w*\}")
MARKUP = re.compile(r"</?\w+[^<>]*>|&\w+;")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _catalog(lang):
    with translations.po_path(lang, "rules").open("rb") as f:
        return read_po(f, locale=lang, domain="rules")


def _glossary(lang: str) -> dict[str, str]:
    """The glossary's proper names (English capitalised: actions, places, cards,
    dragons, AI levels) -> this language's word."""
    out = {}
    for line in (ROOT / "docs" / "glossary" / f"{lang}.md").read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not cells[0][:1].isupper() or cells[0] == "English":
            continue
        english = re.sub(r"\s*\(.*\)$", "", cells[0])
        if "(" in cells[0] and "dragon" not in cells[0] and "AI level" not in cells[0]:
            continue  # "Green dragon (a dragon's full name)" and the like
        out[english] = re.sub(r"\s*\(.*\)$", "", cells[1])
    return out


def _uses(translation: str, word: str, lang: str) -> bool:
    if lang == "ja":
        return word in translation
    # the word's stem: German and Polish decline names ("Kapliczkę", "den Schleicher")
    low = translation.lower()
    return all(w.lower()[:4] in low for w in word.split() if len(w) > 2)


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossarys_names_are_used(lang):
    words = _glossary(lang)
    assert len(words) > 50
    bad = []
    for m in _catalog(lang):
        if not m.id or not isinstance(m.id, str) or not m.string:
            continue
        for english, word in words.items():
            if re.search(rf"\b{re.escape(english)}\b", m.id) and not _uses(m.string, word,
                                                                            lang):
                bad.append(f"{english!r} -> {word!r} not in {m.string!r}")
    assert not bad, "\n".join(bad)


# ----- nothing left unmarked ------------------------------------------------------------
# the rules files whose literals are checked (the extractor's own notes are for
# translators, not players)
FILES = ["game/ui/rules_text.py", "game/ui/credits_text.py", "game/ui/tutorial/__init__.py"]
# proper names shown as they are (libraries, licences, the game's name)
NAMES = {"SDL 2, SDL_image, SDL_mixer, SDL_ttf", "PSF License", "GNU LGPL 2.1", "GNU LGPL 3",
         "Narby Conquest"}
WORDS = re.compile(r"[A-Za-z]{2,}[,;:.'’]*\s+[A-Za-z]{2,}")  # two words: a phrase


def _english(text: str) -> bool:
    bare = MARKUP.sub(" ", PLACEHOLDER.sub(" ", text.replace(VALUE, " ")))
    return bool(WORDS.search(bare)) and text not in NAMES


def _unmarked(path: Path) -> list[str]:
    """Every literal but docstrings and marked ones; a broken lesson file's diagnostics
    (TutorialError) are English, like the map checker's: the lesson file ships with
    the game."""
    return unmarked(path, every_literal({"TutorialError"}), _english)


def test_no_player_facing_string_is_left_unmarked():
    found = [f for name in FILES for f in _unmarked(ROOT / name)]
    assert not found, "\n".join(found)


def test_the_check_finds_an_unmarked_sentence(tmp_path):
    src = tmp_path / "x.py"
    src.write_text('"""Doc string here."""\nA = _("Marked words")\n'
                   'B = "Left in English"\nC = f"<b>{A}</b>"\nD = f"Pay {A} coins"\n')
    assert [f.split(": ", 1)[1] for f in _unmarked(src)] == ["'Left in English'",
                                                             "'Pay {} coins'"]


def _foreign() -> list[str]:
    """Words other parts of the game give the rules screen (game.content, game.tables,
    the notices' folder): their catalogs translate them, not this one."""
    try:
        folder = str(resources.notices().parent)
    except resources.ResourceError:
        folder = ""
    out = [content.PLACE_INTRO, content.CARD_INTRO, folder, "Narby Conquest"]
    for key in tables.ACTION_COST:
        d = content.action(key)
        out += [d.title, d.effect, content.cost_words(tables.ACTION_COST[key])]
    for kind in tables.PLACES:
        d = content.place(kind)
        out += [d.title, d.effect, d.timing]
    for card in tables.CARDS:
        d = content.card(card)
        out += [d.title, d.effect, d.timing]
    out += [row[2] for row in tables.STEAL + tables.TRIBUTE]
    out += [title(name) for name in tables.DRAGONS]
    return sorted((html.unescape(s) for s in out if s), key=len, reverse=True)


def test_every_word_of_the_rules_and_credits_goes_through_the_catalog():
    foreign = _foreign()
    i18n.set_language(i18n.PSEUDO)
    left = []
    for name, build in rules_text.SECTIONS + credits_text.SECTIONS:
        assert i18n.pseudo(name) == i18n._(name)
        text = html.unescape(re.sub(r"<[^<>]*>", " ", build()))
        rest = outside(text)
        for s in foreign:
            rest = rest.replace(s, " ")
        if re.search(r"[A-Za-z]{2,}", rest):
            left.append(f"{name}: {' '.join(rest.split())[:200]}")
    assert not left, "\n".join(left)


def test_the_lesson_speaks_the_players_language():
    i18n.set_language(i18n.PSEUDO)
    for step in tutorial.load()["steps"]:
        for words in (step.heading(), step.text(True), step.text(False), step.after_words()):
            assert not re.search(r"[A-Za-z]{2,}", outside(words)), (step.id, words)
    assert tutorial.load()["steps"][0].after_words() == ""  # never the catalog's header
    i18n.set_language("de")
    move = {s.id: s for s in tutorial.load()["steps"]}["move"]
    assert move.heading() == "Bewegen"
    assert "dem leuchtenden Feld" in move.text(False)
    assert re.search(r"\(\d+,\u00a0\d+\)", move.text(True))


def test_the_lesson_extractor_yields_every_title_say_and_after():
    data = (ROOT / "game" / "ui" / "tutorial" / "first_game.json").read_bytes()
    found = list(extract_lesson(io.BytesIO(data), ["_"], [], {}))
    steps = tutorial.load()["steps"]
    want = [t for s in steps for t in (s.title, s.say, s.after) if t]
    assert [m for _, _, m, _ in found] == want
    lines = data.decode().splitlines()
    for lineno, funcname, message, notes in found:
        assert funcname == "_" and notes[0].startswith("Lesson step")
        assert message.replace('"', '\\"')[:30] in lines[lineno - 1]
        for name in PLACEHOLDER.findall(message):
            assert any(n.startswith(name) for n in notes[1:]), (message, notes)


def test_a_long_pseudo_paragraph_wraps_like_words():
    i18n.set_language(i18n.PSEUDO)
    say = i18n._(tutorial.load()["steps"][0].say)
    assert max(len(word) for word in say.split()) <= 24  # its padding too


def test_japanese_sections_use_a_japanese_face_and_may_break_after_punctuation():
    i18n.set_language("ja")
    for name, build in rules_text.SECTIONS + credits_text.SECTIONS:
        text = build()
        assert text.startswith("<font face='narby_jp'>"), name
        assert not re.search(r"[、。][^\s<]", text), name
    i18n.set_language("de")
    assert "face=" not in rules_text.SECTIONS[0][1]()
