"""The content registry's contract (game/registry/): every registered place of power,
by its timing, agrees with itself across the engine's reference and fast listings, the
engine and the AI's model, and has its words, title, art and AI worth.

Parametrized over the registry, so a place added there is checked here with no edit.
"""

from __future__ import annotations

import json

import pytest

from game import content, registry, resources
from game import tables as T
from game.ai.evaluate import POWER_VALUE
from game.ai.model import cancelled, from_view, hostile_destroy_mod, own_mod
from game.ai.search import POWERS, TurnSearch
from game.log import describe
from game.match import Match
from game.seat_view import seat_view
from game.systems import powers
from tests.helpers import scenario
from tests.test_model_diff import engine_after, model_after, summary

PLACES = registry.places()


def of(timing: str) -> list[str]:
    return [p.key for p in PLACES if p.timing == timing]


# Red acts; its place stands next to it. Layouts vary what is crowded: opponents beside
# red, against the board's edge, a ruin and the chest near and far.
LAYOUTS = [
    dict(red=(5, 5), blue=(9, 5), green=(15, 15), place=(7, 5), ruin=(0, 0), chest=(3, 0)),
    dict(red=(0, 0), blue=(2, 2), green=(4, 0), place=(0, 2), ruin=(4, 3), chest=(1, 4)),
    dict(red=(17, 17), blue=(15, 17), green=(18, 15), place=(16, 15), ruin=(19, 19),
         chest=(19, 14)),
    dict(red=(8, 8), blue=(10, 8), green=(8, 10), place=(10, 10), ruin=(12, 12),
         chest=(9, 12)),
]


def held(kind: str, layout: dict, holder: str = "red") -> Match:
    return scenario({"red": dict(at=layout["red"], rings=6), "blue": dict(at=layout["blue"]),
                     "green": dict(at=layout["green"])},
                    settlements=[("ruin", layout["ruin"], None)], chest=layout["chest"],
                    places=[(kind, layout["place"], holder)])


def canonical(answers: list[dict]) -> list[str]:
    return sorted(json.dumps(a, sort_keys=True) for a in answers)


# ----- every place -----------------------------------------------------------------------
def test_d20_faces_are_unique_and_1_to_n():
    assert sorted(p.face for p in PLACES) == list(range(1, len(PLACES) + 1))
    assert tuple(p.key for p in sorted(PLACES, key=lambda p: p.face)) == T.PLACES


@pytest.mark.parametrize("key", [p.key for p in PLACES])
def test_every_place_has_its_words_title_art_and_worth(key):
    place = registry.place(key)
    assert not place.problems()
    assert T.PLACE_TITLES[key] == place.title
    d = content.place(key)
    assert d.title and d.effect.endswith(".") and d.timing and "{" not in d.effect
    assert key in POWER_VALUE and POWER_VALUE[key] == place.worth
    art = resources.asset("sprites", *place.art_key.split("/"))
    assert art.with_suffix(".png").exists() or art.exists(), place.art_key
    assert place.sound


def test_the_timing_tables_are_the_registrys():
    assert tuple(of("turn")) == T.TURN_POWERS and set(POWERS) == set(of("turn"))
    assert set(T.OWN_ROLL_POWERS) == set(of("own_roll"))
    assert set(T.CANCEL_POWERS) == set(of("cancel"))
    assert set(T.ROLL_REACTION_POWERS) == set(of("roll_reaction"))
    assert set(powers.TURN) == set(of("turn"))


def test_a_bad_or_late_place_is_refused_in_one_line():
    spec = registry.place("madhouse")
    with pytest.raises(registry.RegistryError, match="register places before"):
        registry.register(spec)
    problems = registry.Place(key="x", title="X", face=25, timing="soon", words="").problems()
    assert len(problems) == 3 and all("\n" not in p for p in problems)


# ----- turn powers -------------------------------------------------------------------------
@pytest.mark.parametrize("layout", range(len(LAYOUTS)))
@pytest.mark.parametrize("kind", of("turn"))
def test_turn_power_listings_and_effects_agree(kind, layout):
    m = held(kind, LAYOUTS[layout])
    try:
        fast = powers.turn_answers(m, "red", fast=True)
        assert canonical(fast) == canonical(powers.turn_answers(m, "red", fast=False))
        pos = from_view(seat_view(m, "red"), m.board, "red")
        search = TurnSearch(pos, budget=10)
        for answer in fast[:12]:
            child, actions = model_after(pos, "red", answer, search)
            after = engine_after(m, "red", answer)
            try:
                got = summary(from_view(seat_view(after, "red"), after.board, "red"))
                line = describe(next(e for e in after.events if e["type"] == "power"))
            finally:
                after.close()
            assert summary(child, actions) == got, answer
            assert content.place(kind).title in line
    finally:
        m.close()


# ----- own pre-roll modifiers ---------------------------------------------------------------
@pytest.mark.parametrize("kind", of("own_roll"))
def test_own_roll_modifier_listing_and_value_agree(kind):
    purpose, value = registry.place(kind).roll
    m = held(kind, LAYOUTS[0])
    try:
        frame = {"purpose": purpose, "dragon": "red", "mods": []}
        ready = [k for k in of("own_roll") if T.OWN_ROLL_POWERS[k][0] == purpose
                 and m.powers_used.isdisjoint({k}) and k == kind]
        assert powers.own_options(m, "red", frame) == ready == [kind]
        assert powers.own_options(m, "blue", frame) == []
        pos = from_view(seat_view(m, "red"), m.board, "red")
        assert own_mod(pos, "red", purpose) == value
        powers.REACTIONS[kind](m, "red", frame, {"power": kind})
        assert frame["mods"] == [[kind, value]] and kind in m.powers_used
        assert content.place(kind).title in describe(m.events[-1])
    finally:
        m.close()


# ----- cancels ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", of("cancel"))
def test_cancel_listing_and_model_agree(kind):
    do = registry.place(kind).cancels
    # blue holds the place and the town next to red; red declares `do` against it / blue
    m = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(7, 5))},
                 settlements=[("town", (5, 7), "blue")], places=[(kind, (15, 15), "blue")])
    try:
        at, target = ((5, 7), None) if do == "destroy" else (None, "blue")
        answer = {"do": do, "at": list(at)} if at else {"do": do, "dragon": target}
        act = {"do": do, "dragon": "red", "answer": answer}
        offered = powers.cancel_options(m, "blue", act)
        assert offered == [kind]
        assert powers.cancel_options(m, "red", act) == []
        pos = from_view(seat_view(m, "red"), m.board, "red")
        assert cancelled(pos, "red", do, at, target)
        powers.REACTIONS[kind](m, "blue", act, {"react": kind})
        assert act["cancelled"] and content.place(kind).title in describe(
            next(e for e in m.events if e["type"] == "power"))
        # used: neither the engine nor the model cancels again this round
        assert powers.cancel_options(m, "blue", act) == []
        assert not cancelled(from_view(seat_view(m, "red"), m.board, "red"), "red", do, at,
                             target)
    finally:
        m.close()


# ----- modifiers after an opponent's roll ----------------------------------------------------
@pytest.mark.parametrize("kind", of("roll_reaction"))
def test_roll_reaction_listing_and_model_agree(kind):
    purpose, value = registry.place(kind).roll
    m = held(kind, LAYOUTS[0], holder="blue")
    try:
        roll = {"purpose": purpose, "dragon": "red", "chart": None, "mods": []}
        assert powers.roll_options(m, "blue", roll) == [kind]
        assert powers.roll_options(m, "red", roll) == []
        pos = from_view(seat_view(m, "red"), m.board, "red")
        if purpose == "destroy":
            assert hostile_destroy_mod(pos, "red") == value
        powers.REACTIONS[kind](m, "blue", roll, {"react": kind})
        assert roll["mods"] == [[kind, value]]
        assert content.place(kind).title in describe(m.events[-1])
    finally:
        m.close()
