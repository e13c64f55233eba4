"""One definition per action, place and card (game.content): every number a player reads
comes from the engine's constants, and no text shows a rule code."""

from __future__ import annotations

import re

import pytest

from game import content
from game import tables as T
from game.cli import main
from game.registry.actions import attack as attack_action
from game.registry.actions import destroy as destroy_action
from game.registry.actions import move as move_action
from game.registry.cards import orienteer, robber, sheriff, speedster, trickster, vigor
from game.registry.places import angelstar_shrine, baba_yagas_hut, darkheart_cottage, madhouse
from game.systems import cards, powers
from game.ui import rules_text

CODE = re.compile(r"\b[RP]\d{1,2}\b")


def test_every_action_place_and_card_has_one_definition():
    keys = [(d.kind, d.key) for d in content.all_definitions()]
    assert keys == ([("action", a) for a in T.ACTIONS] + [("place", p) for p in T.PLACES]
                    + [("card", c) for c in T.CARDS])
    for d in content.all_definitions():
        assert d.title and d.timing and d.effect, d.key
        assert d.effect.endswith("."), d.key


def test_templates_type_no_numbers_of_their_own():
    """A digit in a template would be a number typed twice: it must be a {placeholder}
    filled from game.tables."""
    for defs in (content._ACTION_DEFS, content._PLACE_DEFS, content._CARD_DEFS):
        for key, (template, _nums) in defs.items():
            assert not re.search(r"(?<![d\d])\d", template), f"{key}: {template}"


@pytest.mark.parametrize("kind, key, constant, where", [
    # an action's numbers live in its registry module
    ("action", "move", "STEPS", move_action),
    ("action", "attack", "STAKE", attack_action),
    ("action", "destroy", "REVOLT", destroy_action),
    # a place's numbers live in its registry module
    ("place", "baba_yagas_hut", "STEPS", baba_yagas_hut),
    ("place", "darkheart_cottage", "STEPS", darkheart_cottage),
    ("place", "madhouse", "STEPS", madhouse),
    ("place", "angelstar_shrine", "ACTIONS", angelstar_shrine),
    # and a card's in its own
    ("card", "speedster", "STEPS", speedster),
    ("card", "orienteer", "STEPS", orienteer),
    ("card", "robber", "TAKE", robber),
    ("card", "trickster", "STEP", trickster),
    ("card", "pro_creator", "STEP", trickster),
    ("card", "vigor", "ACTIONS", vigor),
    ("card", "sheriff", "BONUS", sheriff),
    ("card", "mayor", "BONUS", sheriff),
])
def test_texts_follow_the_engine_constants(monkeypatch, kind, key, constant, where):
    build = getattr(content, kind)
    before = build(key)
    home = where or T
    assert str(getattr(home, constant)) in before.effect or "one" in before.effect
    monkeypatch.setattr(home, constant, 7)
    after = build(key)
    assert "7" in after.effect, (key, after.effect)


@pytest.mark.parametrize("kind, key, table", [
    ("place", "arch_of_triumph", "OWN_ROLL_POWERS"),
    ("place", "soul_mine", "OWN_ROLL_POWERS"),
    ("place", "chrysotas_chapel", "OWN_ROLL_POWERS"),
    ("place", "blade_miller", "ROLL_REACTION_POWERS"),
    ("card", "fighter", "OWN_ROLL_CARDS"),
    ("card", "sneaker", "OWN_ROLL_CARDS"),
    ("card", "destroyer", "OWN_ROLL_CARDS"),
    ("card", "governor", "OWN_ROLL_CARDS"),
])
def test_modifiers_follow_the_engine_tables(monkeypatch, kind, key, table):
    purpose, value = getattr(T, table)[key]
    text = getattr(content, kind)(key).effect
    assert content.signed(value) in text
    monkeypatch.setitem(getattr(T, table), key, (purpose, 5))
    assert "+5" in getattr(content, kind)(key).effect


@pytest.mark.parametrize("card", ["defender", "inciter"])
def test_reaction_cards_follow_the_engine(monkeypatch, card):
    assert content.signed(T.ROLL_CARDS[card]) in content.card(card).effect
    monkeypatch.setitem(T.ROLL_CARDS, card, -4)
    assert "−4" in content.card(card).effect


def test_action_costs_follow_the_engine(monkeypatch):
    monkeypatch.setitem(T.ACTION_COST, "attack", 2)
    assert "costs 2 actions" in content.action("attack").timing
    assert "2 actions" in rules_text.actions()


def test_every_number_on_the_rules_screen_follows_the_constants(monkeypatch):
    """The rules screen builds from the definitions: a changed constant shows there."""
    monkeypatch.setattr(orienteer, "STEPS", 9)  # a card's number lives in its module
    monkeypatch.setattr(baba_yagas_hut, "STEPS", 8)
    text = rules_text.plain_text()
    assert "Move another dragon up to 9 king steps" in text
    assert "Move the hut up to 8 king steps" in text


def test_engine_uses_the_lifted_constants(monkeypatch):
    """Vigor and Angelstar Shrine add the constants' actions (no literal in the rule)."""
    class M:
        actions_left = 1
        events: list = []

        def emit(self, *a, **k):
            pass

    monkeypatch.setattr(vigor, "ACTIONS", 2)
    monkeypatch.setattr(angelstar_shrine, "ACTIONS", 3)
    m = M()
    cards.TURN["vigor"].apply(m, "red", {}, "vigor")
    assert m.actions_left == 3
    powers.TURN["angelstar_shrine"].apply(m, "red", {})
    assert m.actions_left == 6


def test_plain_words_no_rule_codes_and_no_bad_plurals():
    text = rules_text.plain_text()
    for d in content.all_definitions():
        for line in d.lines():
            assert not CODE.search(line), line
            assert not re.search(r"\b1 (coins|actions|steps)\b", line), line
    assert not CODE.search(text), CODE.findall(text)
    assert "1 coins" not in text
    for place in T.PLACES:
        d = content.place(place)
        assert d.title in text and d.effect in text
    for card in T.CARDS:
        d = content.card(card)
        assert d.title in text and d.effect in text


def test_plural():
    assert content.plural(1, "coin") == "1 coin"
    assert content.plural(0, "coin") == "0 coins"
    assert content.plural(3, "coin") == "3 coins"


def test_answers_find_their_definition():
    assert content.for_answer({"do": "move", "to": [1, 1]}).title == "Move"
    assert content.for_answer({"power": "madhouse"}).kind == "place"
    assert content.for_answer({"react": "blade_miller"}).title == "Blade Miller"
    assert content.for_answer({"play": "fighter"}).kind == "card"
    assert content.for_answer({"choose": "soul_mine"}).title == "Soul Mine"
    assert content.for_answer({"pass": True}) is None
    assert content.for_answer_kind("play:orienteer").key == "orienteer"


def test_card_refusal_reads_the_definition():
    assert content.card_when("fighter") == "before your own attack roll"
    assert cards.card_when is content.card_when


def test_narby_rules_text_prints_every_place_and_card(capsys):
    assert main(["rules", "--text"]) == 0
    out = capsys.readouterr().out
    assert "PLACES" in out and "POWER CARDS" not in out or "Power cards" in out
    for place in T.PLACES:
        assert content.place(place).effect in out
    for card in T.CARDS:
        assert content.card(card).effect in out
    assert not CODE.search(out)
    assert "<br>" not in out and "<b>" not in out
