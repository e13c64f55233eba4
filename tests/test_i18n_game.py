"""The `game` catalog (issue 38): the engine's words (places, cards, actions, dragons, the
log, refusals, prompts, effects) in every language, and game.words, the message id plus
named values that lets a window render a host's refusal in its own player's language."""

from __future__ import annotations

import copy
import json
import pickle
import re
import sys
from pathlib import Path

import pytest

from game import i18n
from game.decisions import IllegalAnswer, shape_reason
from game.log import describe
from game.net.host import HostCore, new_game
from game.words import DragonName, PlaceName, Words, from_json, shown
from tests.i18n_scan import returned_or_raised, unmarked

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

LANGS = [c for c in i18n.LANGUAGES if c != "en"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def test_polish_counts_coins_in_three_forms():
    i18n.set_language("pl")
    coins = [i18n.n_("{n} coin", "{n} coins", n).format(n=n) for n in (1, 3, 5, 22)]
    assert coins == ["1 moneta", "3 monety", "5 monet", "22 monety"]


# ----- no English left where it can be found mechanically -------------------------------
# modules whose sentences reach a player (the engine's; the records' lines on the end and
# Records screens; the balance lab's status on the map preview): a string with words
# returned or raised here must be a Words, a _() or an N_() (what a refusal, a prompt
# or a log line is made of)
ENGINE_WORDS = sorted({*ROOT.glob("game/systems/*.py"), ROOT / "game/decisions.py",
                       ROOT / "game/log.py", ROOT / "game/match.py",
                       ROOT / "game/lookups.py", ROOT / "game/net/offered.py",
                       ROOT / "game/records.py", ROOT / "game/balance/launch.py"})
SENTENCE = re.compile(r"[A-Za-z]{2,} [a-z]{2,}")


def unmarked_sentences(path: Path) -> list[str]:
    """Sentences returned or raised as plain text (not through Words or _()): an
    illegal answer's reason, or why a game cannot be set up (New game shows it)."""
    return unmarked(path, returned_or_raised({"IllegalAnswer", "SetupError"}),
                    lambda text: bool(SENTENCE.search(text)))


# English kept on purpose: offered.describe names an answer in the host's log file
ALLOWED = {("offered.py", "'an answer'")}


def test_no_unmarked_sentence_in_the_engine_words():
    found = [f for p in ENGINE_WORDS for f in unmarked_sentences(p)
             if (f.split(":")[0], f.split(": ", 1)[1]) not in ALLOWED]
    assert not found, "\n".join(found)


def test_the_unmarked_finder_finds_one(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('from game.words import Words\n'
                   'def check(m, name):\n    return f"{name} cannot fly there"\n'
                   'def fine(m, name):\n    return Words("{name} cannot fly", name=name)\n')
    found = unmarked_sentences(bad)
    assert len(found) == 1 and "cannot fly there" in found[0]


# ----- Words ---------------------------------------------------------------------------
def test_words_are_their_english_text_and_render_in_the_players_language():
    w = Words("{dragon} is not adjacent to {piece}", dragon=DragonName("red"),
              piece=Words("{place} at {cell}", place=PlaceName("soul_mine"), cell="(3, 4)"))
    assert w == "Red is not adjacent to Soul Mine at (3, 4)"
    assert json.dumps(w) == json.dumps("Red is not adjacent to Soul Mine at (3, 4)")
    i18n.set_language("de")
    assert w.shown() == "Rot ist nicht neben Seelenmine bei (3, 4)"
    assert str(w) == "Red is not adjacent to Soul Mine at (3, 4)"  # never a translation
    assert f"{w}" == "Red is not adjacent to Soul Mine at (3, 4)"


def test_words_survive_copies_pickles_and_json():
    w = Words.n_("{dragon} can fly at most {n} spaces", "{dragon} can fly at most {n} spaces",
                 3, dragon=DragonName("blue"))
    for twin in (copy.deepcopy(w), pickle.loads(pickle.dumps(w))):
        assert twin == w and twin.to_json() == w.to_json()
    back = from_json(json.loads(json.dumps(w.to_json())), str(w))
    assert isinstance(back, Words) and back == w and back.to_json() == w.to_json()


@pytest.mark.parametrize("data", [None, "x", {"id": 3}, {"id": "{a}", "values": {"a": None}},
                                  {"id": "{dragon} wins", "values": {"dragon": {"x": "y"}}},
                                  {"id": "{b}", "values": {}},
                                  {"id": "Red wins", "values": {}},  # disagrees with text
                                  {"id": "{a}", "values": {"a": [[[[[[[]]]]]]]}}])
def test_words_from_an_older_or_odd_host_fall_back_to_its_text(data):
    i18n.set_language("de")
    assert shown(from_json(data, "Blue wins")) == "Blue wins"


def test_a_shape_refusal_is_words_and_english_as_before():
    why = shape_reason("action", "red", {"choose": "x"})
    assert why == ('this decision asks Red for an action; a choice answer {"choose": ...} '
                   'does not fit: answer {"do": ...}, {"power": ...} or {"play": ...}')
    i18n.set_language("fr")
    assert why.shown().startswith("cette décision demande à Rouge une action")


# ----- the message id path: a host in English, a window in German ------------------------
def _host():
    """A host with two remote seats, played on (first legal answers) to an action."""
    session, kinds = new_game([{"dragon": "red", "player": "remote"},
                               {"dragon": "green", "player": "remote"}], seed=2)
    core = HostCore(session, kinds, code="ABC234", auto_start=True)
    for cid, seat in ((1, "red"), (2, "green")):
        core.opened(cid)
        core.receive(cid, json.dumps({"v": 1, "type": "hello", "code": "ABC234",
                                      "seat": seat}))
    while core.match.pending.kind != "action":
        pending = core.match.pending
        core.receive(core.seats[pending.dragon].conn, json.dumps(
            {"v": 1, "type": "answer", "answer": core.match.legal_answers()[0]}))
    return core


def test_a_refusal_by_an_english_host_is_shown_in_german_by_a_german_window():
    core = _host()
    mover = core.match.pending.dragon
    far = {"do": "move", "to": [0, 0]}
    outs = core.receive(core.seats[mover].conn,
                        json.dumps({"v": 1, "type": "answer", "answer": far}))
    error = next(o.msg for o in outs if o.msg["type"] == "error")
    # the host's text is the engine's English refusal, unchanged; the words ride beside
    with pytest.raises(IllegalAnswer) as refused:
        core.match.submit(far)
    assert error["reason"] == str(refused.value)
    assert error["words"]["id"] == refused.value.args[0].msgid
    wire = json.loads(json.dumps(error))  # what the window receives
    i18n.set_language("de")
    seen = shown(from_json(wire.get("words"), wire["reason"]))
    assert seen == shown(refused.value) != error["reason"]
    assert not PLACEHOLDER.search(seen)
    assert i18n._(DragonName(mover).english()) in seen  # the dragon named in German
    # an older host sent no words: its text is shown as it came
    assert shown(from_json(None, wire["reason"])) == wire["reason"]


def test_the_waiting_line_and_the_prompt_carry_words():
    core = _host()
    mover = core.match.pending.dragon
    other = next(d for d in ("red", "green") if d != mover)
    mine = core.state_for(core.conns[core.seats[mover].conn])["pending"]
    theirs = core.state_for(core.conns[core.seats[other].conn])["pending"]
    i18n.set_language("ja")
    assert shown(from_json(theirs["prompt_words"], theirs["prompt"])).endswith(
        "を待っています（アクション）")
    assert "アクション" in shown(from_json(mine["prompt_words"], mine["prompt"]))


# ----- a log line and a refusal in every language ----------------------------------------
EVENTS = [
    {"type": "coins", "from": "bank", "to": "red", "amount": 3, "reason": "tribute"},
    {"type": "tribute_claim", "piece": "soul_mine", "at": [3, 4], "coins": 1, "tokens": 2,
     "adjacent": True, "card_bonus": 1},
    {"type": "card", "dragon": "green", "card": "copier", "as": "trickster", "use": "dice",
     "value": -2, "purpose": "settlement", "die": "col"},
    {"type": "roll", "purpose": "steal", "dragon": "blue", "die": 20, "face": 12,
     "mods": [["chrysotas_chapel", 2]], "total": 14, "row": "10-15 Fair Theft"},
    {"type": "game_over", "round": 9, "winner": ["red", "blue"]},
]


@pytest.mark.parametrize("lang", [*LANGS, i18n.PSEUDO])
def test_a_log_line_and_a_refusal_render_whole_in_every_language(lang):
    english = [describe(e) for e in EVENTS]
    refusal = Words("{dragon} is not adjacent to {target}'s cavern",
                    dragon=DragonName("red"), target=DragonName("undead"))
    i18n.set_language(lang)
    lines = [describe(e) for e in EVENTS] + [refusal.shown()]
    for line, was in zip(lines, [*english, str(refusal)], strict=True):
        assert line and not PLACEHOLDER.search(line), line
        assert line != was, f"{lang} left English: {line}"


# ----- the Join screen's own refusals (issue 38: English there in every language) -----
@pytest.mark.parametrize("typed", ["", "wss//", "wss://h:99999/K7", "http://h/K7", "wss:///K7",
                                   "wss://h/K7#abc", "ws://h/K7", "wss://h/K-7"])
def test_an_invites_refusal_is_english_text_shown_in_the_players_language(typed):
    from game.net.invite import InviteError, parse_invite  # noqa: PLC0415

    with pytest.raises(InviteError) as refused:
        parse_invite(typed)
    english = str(refused.value)  # what `narby join` prints
    i18n.set_language("de")
    assert str(refused.value) == english
    seen = shown(refused.value)
    assert seen != english and not PLACEHOLDER.search(seen), seen


def test_the_pin_and_the_cut_line_are_said_in_the_players_language():
    from game.net.client import NO_PIN  # noqa: PLC0415
    from game.net.tls import MISMATCH, PinMismatch  # noqa: PLC0415
    from game.net.words import connect_failure  # noqa: PLC0415

    english = connect_failure(PinMismatch())
    assert english == MISMATCH[:1].upper() + MISMATCH[1:]
    i18n.set_language("fr")
    assert connect_failure(PinMismatch()).startswith("Le certificat de cet hôte")
    assert NO_PIN.shown().startswith("l'invitation n'a pas d'empreinte")
    assert str(NO_PIN).startswith("the invite has no fingerprint")


def test_japanese_explains_actions_places_and_cards_politely():
    # docs/TRANSLATING.md: Japanese is polite in sentences; the Rules screen showed the
    # game catalog's plain "置く。" beside its own "置きます。"
    from game import content, tables  # noqa: PLC0415

    i18n.set_language("ja")
    texts = [content.PLACE_INTRO, content.CARD_INTRO]
    texts += [content.action(k).effect for k in tables.ACTION_COST]
    texts += [content.place(k).effect for k in tables.PLACES]
    texts += [content.card(k).effect for k in tables.CARDS]
    plain = re.compile(r"(?:(?<![まで])す|[うくつぬぶむる]|ない)。")
    found = [s for t in texts for s in re.findall(r"[^。]*。", i18n._(t)) if plain.search(s)]
    assert not found, found
