"""The content registry's contract for power cards (game/registry/cards/): every
registered card, by its timing, agrees with itself across the engine's reference and
fast listings, the engine and the AI's model, and has its words, title, art and sound.

Parametrized over the registry, so a card added there is checked here with no edit.
"""

from __future__ import annotations

import json

import pytest

from game import content, registry, resources, rule_maths
from game import tables as T
from game.ai.decide import CANCELS, REACTION_VALUES
from game.ai.model import from_view, own_mod
from game.ai.search import TurnSearch, to_action
from game.log import describe
from game.seat_view import seat_view
from game.systems import cards
from tests.helpers import scenario
from tests.test_model_diff import engine_after, model_after, summary

CARDS = registry.cards()


def of(timing: str) -> list[str]:
    return [c.key for c in CARDS if c.timing == timing]


def canonical(answers: list[dict]) -> list[str]:
    return sorted(json.dumps(a, sort_keys=True) for a in answers)


# Red holds the card and claims a ruin and a town; layouts vary what is crowded: opponents
# beside red, against the board's edge, the chest near and far.
LAYOUTS = [
    dict(red=(5, 5), blue=(9, 5), green=(15, 15), ruin=(7, 5), town=(5, 8), chest=(3, 0)),
    dict(red=(0, 0), blue=(2, 2), green=(4, 0), ruin=(0, 2), town=(4, 3), chest=(1, 4)),
    dict(red=(17, 17), blue=(15, 17), green=(18, 15), ruin=(16, 15), town=(19, 19),
         chest=(19, 14)),
    dict(red=(8, 8), blue=(10, 8), green=(8, 10), ruin=(10, 10), town=(12, 12),
         chest=(9, 12)),
]


def held(card: str, layout: dict, holder: str = "red"):
    dragons = {"red": dict(at=layout["red"], rings=6), "blue": dict(at=layout["blue"]),
               "green": dict(at=layout["green"])}
    dragons[holder]["card"] = card
    return scenario(dragons, chest=layout["chest"],
                    settlements=[("ruin", layout["ruin"], "red"),
                                 ("town", layout["town"], "red")])


# ----- every card ----------------------------------------------------------------------------
def test_the_deck_and_the_timing_tables_are_the_registrys():
    assert tuple(c.key for c in CARDS) == T.CARDS
    assert tuple(of("turn")) == T.TURN_CARDS and set(cards.TURN) == set(of("turn"))
    assert set(T.OWN_ROLL_CARDS) == set(of("own_roll"))
    assert set(T.TRIBUTE_CARDS) == set(of("tribute"))
    assert set(T.CANCEL_CARDS) == set(of("cancel")) <= set(CANCELS)
    assert set(T.ROLL_CARDS) == set(of("roll"))
    assert {c: v for c, v in REACTION_VALUES.items() if c in T.CARD_TITLES} == T.ROLL_CARDS
    assert of("dice") == [T.PRO_CREATOR] and of("any") == [T.TRICKSTER]
    assert of("copy") == [T.COPIER]


@pytest.mark.parametrize("key", T.CARDS)
def test_every_card_has_its_words_title_art_and_sound(key):
    card = registry.card(key)
    assert not card.problems()
    assert T.CARD_TITLES[key] == card.title
    d = content.card(key)
    assert d.title and d.effect.endswith(".") and d.timing and "{" not in d.effect
    art = resources.asset("sprites", *card.art_key.split("/"))
    assert art.with_suffix(".png").exists() or art.exists(), card.art_key
    assert card.sound


def test_a_bad_or_late_card_is_refused_in_one_line():
    with pytest.raises(registry.RegistryError, match="register cards before"):
        registry.register_card(registry.card("jumper"))
    problems = registry.Card(key="x", title="X", timing="soon", words="").problems()
    assert len(problems) == 2 and all("\n" not in p for p in problems)
    for timing in ("turn", "own_roll", "tribute", "cancel", "roll"):
        assert registry.Card(key="x", title="X", timing=timing, words="w.").problems()


# ----- turn cards -----------------------------------------------------------------------------
@pytest.mark.parametrize("layout", range(len(LAYOUTS)))
@pytest.mark.parametrize("key", of("turn"))
def test_turn_card_listings_and_effects_agree(key, layout):
    m = held(key, LAYOUTS[layout])
    try:
        fast = cards.turn_answers(m, "red", fast=True)
        assert fast, key
        assert canonical(fast) == canonical(cards.turn_answers(m, "red", fast=False))
        pos = from_view(seat_view(m, "red"), m.board, "red")
        search = TurnSearch(pos, budget=10)
        for answer in fast[:12]:
            assert to_action(answer) is not None, answer
            child, actions = model_after(pos, "red", answer, search)
            after = engine_after(m, "red", answer)
            try:
                got = summary(from_view(seat_view(after, "red"), after.board, "red"))
                line = describe(next(e for e in after.events if e["type"] == "card"))
            finally:
                after.close()
            assert summary(child, actions) == got, answer
            assert content.card(key).title in line
    finally:
        m.close()


# ----- own cards, before the holder's roll ----------------------------------------------------
@pytest.mark.parametrize("key", of("own_roll"))
def test_own_roll_card_listing_and_value_agree(key):
    purpose, value = registry.card(key).roll
    m = held(key, LAYOUTS[0])
    try:
        frame = {"purpose": purpose, "dragon": "red", "mods": [], "step": "roll", "stage": "pre"}
        assert cards.own_options(m, "red", frame) == [key]
        assert cards.own_options(m, "blue", frame) == []
        assert rule_maths.own_modifiers(purpose, card=key) == [(key, value)]
        pos = from_view(seat_view(m, "red"), m.board, "red")
        assert own_mod(pos, "red", purpose) == value
        cards.play(m, "red", frame, {"play": key})
        assert frame["mods"] == [[key, value]] and m.hands["red"] is None
        assert content.card(key).title in describe(m.events[-1])
    finally:
        m.close()


@pytest.mark.parametrize("key", of("tribute"))
def test_tribute_card_is_offered_for_its_kind_and_noted_on_the_roll(key):
    kind = registry.card(key).per
    m = held(key, LAYOUTS[0])
    try:
        frame = {"purpose": "tribute", "dragon": "red", "mods": [], "step": "roll",
                 "stage": "pre"}
        offered = cards.own_options(m, "red", frame)
        assert offered == ([key] if kind == "town" else []), kind  # red claims a town only
        if offered:
            cards.play(m, "red", frame, {"play": key})
            assert frame["extras"] == [key]
            assert content.card(key).title in describe(m.events[-1])
    finally:
        m.close()


# ----- reactions after an opponent's roll ---------------------------------------------------
@pytest.mark.parametrize("key", of("roll"))
def test_roll_card_value_is_its_modifier(key):
    value = registry.card(key).value
    purpose, chart = ("attack", None) if key == "defender" else ("destroy", "destroy_claimed")
    assert rule_maths.hostile_modifiers(purpose, chart, card=key, attacked=True) == [
        (key, value)]
    m = held(key, LAYOUTS[0], holder="blue")
    try:
        roll = {"purpose": purpose, "dragon": "red", "chart": chart, "mods": [],
                "ctx": {"other": "blue"}}
        assert cards.roll_options(m, "blue", roll) == [key]
        cards.play(m, "blue", {**roll, "step": "roll", "stage": "post"}, {"react": key})
        assert content.card(key).title in describe(m.events[-1])
    finally:
        m.close()


@pytest.mark.parametrize("key", of("cancel"))
def test_cancel_card_answers_its_actions_and_the_ai_knows_it(key):
    assert key in CANCELS
    for do in registry.card(key).cancels:
        assert key in cards.CANCELLERS[do]
