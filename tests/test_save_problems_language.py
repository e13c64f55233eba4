"""A save that cannot be loaded is explained in the player's language (issue 38's
promise, kept for the Load screen): the reason is game.words.Words, whose text stays
the English (the command line, logs, the folder's index), and the Load screen renders it
without the path, whose file name it shows above."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game import i18n
from game.persistence import saves
from game.ui.scenes.load import problem_text
from game.words import Words, shown

BAD = Path(__file__).parent / "saves"
# each broken file of tests/saves/ whose reason is the game's own words, and that
# reason in English and in German (without the path)
REASONS = {
    "bad-empty.json": ("the file is empty", "die Datei ist leer"),
    "bad-truncated.json": ("truncated: the JSON stops early", "abgeschnitten: das JSON endet"),
    "bad-not-an-object.json": ("not a Narby Conquest save", "kein Narby-Conquest-Spielstand"),
    "bad-future-version.json": ("saved by a newer or unknown version",
                                "mit einer neueren oder unbekannten Version"),
    "bad-not-json.json": ("not valid JSON (line", "kein gültiges JSON (Zeile"),
    "bad-illegal-history.json": ('decision 3 (Blue, {"do": "move", "to": [40, 40]}) is illegal: '
                                 "Blue can fly at most 3 spaces",
                                 'Entscheidung 3 (Blau, {"do": "move", "to": [40, 40]}) ist '
                                 "nicht erlaubt: Blau kann höchstens 3 Felder weit fliegen"),
    "bad-state-mismatch.json": ("the saved state does not match its history",
                                "der gespeicherte Stand passt nicht zu seinem Verlauf"),
}


@pytest.fixture
def folder(tmp_path):
    for name in REASONS:
        shutil.copy(BAD / name, tmp_path / name)
    yield tmp_path
    i18n.set_language("en")


def _reasons(folder: Path) -> dict[str, str]:
    _entries, problems = saves.list_saves(folder)
    return {p.path.name: problem_text(p)[1] for p in problems}


def test_the_reasons_are_english_text_and_german_on_the_load_screen(folder):
    english = _reasons(folder)
    assert {n: r.startswith(REASONS[n][0]) for n, r in english.items()} == dict.fromkeys(
        REASONS, True)
    i18n.set_language("de")
    for listing in ("checked", "from the index"):
        german = _reasons(folder)
        assert {n: r.startswith(REASONS[n][1]) for n, r in german.items()} == dict.fromkeys(
            REASONS, True), (listing, german)
    index = json.loads((folder / saves.INDEX_NAME).read_text())
    kept = index["files"]["bad-empty.json"]
    assert kept["problem"] == f"{folder / 'bad-empty.json'}: the file is empty"
    assert kept["problem_words"]["id"] == "{path}: the file is empty"


def test_an_index_from_an_older_version_is_checked_again_for_its_words(folder):
    saves.list_saves(folder)
    path = folder / saves.INDEX_NAME
    index = json.loads(path.read_text())
    for fact in index["files"].values():
        fact.pop("problem_words", None)  # as 0.1.0 wrote it: the English only
    path.write_text(json.dumps(index))
    i18n.set_language("fr")
    assert _reasons(folder)["bad-empty.json"] == "le fichier est vide"


def test_a_reason_is_shown_without_its_path_and_plain_text_as_before(tmp_path):
    i18n.set_language("ja")
    try:
        problem = saves.Problem(tmp_path / "x.json", Words(
            "{path}: the file is empty", path=tmp_path / "x.json"))
        assert problem_text(problem) == ("x.json", "ファイルが空")
        plain = saves.Problem(tmp_path / "y.json", f"{tmp_path / 'y.json'}: odd")
        assert problem_text(plain) == ("y.json", "odd")  # plain text: as before
    finally:
        i18n.set_language("en")


def test_a_path_inside_nested_words_is_taken_out_too(tmp_path):
    path = tmp_path / "z.json"
    inner = Words("{path}: the file is empty", path=path)
    problem = saves.Problem(path, Words(
        "{problem}; its saved state cannot be used either ({detail})", problem=inner,
        detail="x"))
    i18n.set_language("fr")  # "{path} : …": the path is cut whatever the punctuation
    try:
        assert problem_text(problem) == (
            "z.json", "le fichier est vide ; son état sauvegardé n'est pas utilisable non plus (x)")
    finally:
        i18n.set_language("en")
    assert problem_text(problem)[1] == "the file is empty; its saved state cannot be used " \
        "either (x)"


def test_a_save_that_breaks_after_its_listing_is_refused_in_the_players_language(tmp_path):
    """Continue and the Load screen open a listed save; if it broke since, the line they
    show is the player's language too (open_game keeps the error's words)."""
    from game.ui.scenes.load import open_game  # noqa: PLC0415

    broken = tmp_path / "later.json"
    shutil.copy(BAD / "bad-empty.json", broken)
    i18n.set_language("de")
    try:
        line = open_game(None, broken)
        assert line == f"{broken}: the file is empty"  # the text: English, as before
        assert shown(line) == f"{broken}: die Datei ist leer"
    finally:
        i18n.set_language("en")
