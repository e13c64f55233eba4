"""The registry's contract for the standing abilities of places (AlwaysHooks: Baba Yaga's
Hut's claim reach, Citadel of Torture's two-settlement Claim, Darkheart Cottage's far
Steal for the thief) and for the reaction cards (ReactionHooks: Peacemaker, Leader,
Watcher, Defender, Inciter, Trickster, Pro-creator, Copier): on seeded positions the
engine's listing and the AI's search agree, the engine's effect and the AI's model
agree, and every item has its words, art, sound and AI value.

Parametrized over the registry, so a place or card added there is checked here with no
edit.
"""

from __future__ import annotations

import random

import pytest

from game import content, registry, resources, rule_maths
from game import tables as T
from game.ai.decide import CANCEL_MODELS, CANCELS, KEEP, REACTION_VALUES
from game.ai.model import from_view
from game.ai.search import TOOLS, TurnSearch, to_action
from game.log import describe
from game.seat_view import seat_view
from game.systems import cards, claims, prompts, theft
from tests.helpers import scenario
from tests.test_model_diff import summary

ALWAYS = [p.key for p in registry.always_places()]
REACTIONS = [c.key for c in registry.reaction_cards()]
SEEDS = range(8)


def test_the_hook_kinds_are_registered_where_the_code_asks():
    assert set(ALWAYS) == set(claims.REACH) | set(claims.PAIRS) | set(theft.FAR_THEFT)
    assert {"baba_yagas_hut", "citadel_of_torture", "darkheart_cottage"} <= set(ALWAYS)
    assert set(REACTIONS) == {c for c in T.CARDS if registry.card(c).timing in (
        "cancel", "roll", "dice", "any", "copy")}
    for key in T.CARDS:  # every card but the turn ones has its ReactionHooks in the engine
        if registry.card(key).timing != "turn":
            assert isinstance(cards.REACT[key], registry.ReactionHooks)


# ----- standing abilities of places ------------------------------------------------------------
def crowded(key: str, seed: int, held: bool = True):
    """Red holds `key` (or nobody does) among seeded settlements, some next to red, some
    next to the place, some claimed by others; every dragon has coins and a cavern."""
    rng = random.Random(seed)
    red, place = (6, 6), (rng.randint(9, 12), rng.randint(3, 9))
    taken = {(c + dc, r + dr) for c, r in (red, place) for dc in (0, 1) for dr in (0, 1)}
    taken |= {(16, 16), (17, 16), (16, 17), (17, 17), (2, 16), (3, 16), (2, 17), (3, 17)}
    ring = [(c, r) for c in range(4, 15) for r in range(1, 12) if (c, r) not in taken
            and (abs(c - red[0] - 0.5) <= 2 or abs(c - place[0] - 0.5) <= 2)]
    rng.shuffle(ring)
    settlements = [(rng.choice(T.SETTLEMENT_KINDS), cell,
                    rng.choice([None, None, None, "blue", "red"])) for cell in ring[:9]]
    dragons = {"red": dict(at=red, rings=5, coins=4, cavern=(0, 0)),
               "blue": dict(at=(16, 16), coins=4, cavern=(19, 19)),
               "green": dict(at=(2, 16), coins=4, cavern=(0, 19))}
    return scenario(dragons, settlements=settlements, chest=(19, 0), chest_coins=2,
                    places=[(key, place, "red" if held else None)])


def norm(t: tuple) -> tuple:
    """A search action, a two-settlement Claim's pair unordered."""
    return ("claim2", frozenset(t[1:])) if t[0] == "claim2" else t


def engine_claims(m, reference: bool = False) -> set:
    rule = claims.RULES["claim"]
    answers = ([a for a in rule.targets(m, "red") if rule.check(m, "red", a) is None]
               if reference else rule.fast(m, "red"))
    return {norm(to_action(a)) for a in answers}


def ai_claims(m) -> set:
    pos = from_view(seat_view(m, "red"), m.board, "red")
    search = TurnSearch(pos, budget=10)
    return {norm(t) for t in search.candidates(pos, 3, root=True)
            if t[0] in ("claim", "claim2")}


def ai_thefts(m) -> set:
    pos = from_view(seat_view(m, "red"), m.board, "red")
    return {t[1] for t in TurnSearch(pos, budget=10).candidates(pos, 3, root=True)
            if t[0] == "steal_for_thief"}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("key", ALWAYS)
def test_standing_ability_engine_and_ai_agree(key, seed):
    """The Claims and thefts the engine lists for the holder are the AI's candidates,
    held or not, and holding the place adds what its hooks say."""
    hooks = registry.always(key)
    listings = {}
    for held in (True, False):
        m = crowded(key, seed, held)
        try:
            assert engine_claims(m) == engine_claims(m, reference=True) == ai_claims(m)
            rule = theft.RULES["steal_for_thief"]
            thefts = {a["dragon"] for a in rule.fast(m, "red")}
            assert thefts == {a["dragon"] for a in rule.targets(m, "red")
                              if rule.check(m, "red", a) is None} == ai_thefts(m)
            listings[held] = (engine_claims(m), thefts)
        finally:
            m.close()
    (claims_held, thefts_held), (claims_not, thefts_not) = listings[True], listings[False]
    assert claims_not <= claims_held or hooks.pairs is None
    if hooks.steal_far:
        assert thefts_held == {"blue", "green"} and thefts_not == set()
    else:
        assert thefts_held == thefts_not


@pytest.mark.parametrize("key", ALWAYS)
def test_standing_ability_is_used_and_logged_on_a_claim(key):
    """Some seeded position lets the holder use the ability; the engine's Claim through
    it names the place in its event, and the AI's model of it agrees with the engine."""
    hooks = registry.always(key)
    if hooks.reach is None and hooks.pairs is None:
        return  # no Claim of its own (Darkheart Cottage: its theft is checked above)
    for seed in range(40):
        plain = _plain_claims(seed, key)  # (first: each match is its own esper world)
        m = crowded(key, seed)
        try:
            extra = engine_claims(m) - plain
            if not extra:
                continue
            answer = min((a for a in claims.RULES["claim"].fast(m, "red")
                          if norm(to_action(a)) in extra), key=str)
            act = to_action(answer)
            pos = from_view(seat_view(m, "red"), m.board, "red")
            child = TurnSearch(pos, budget=10).outcomes(pos, act, reactions=False)[0][1]
            claims.spend_citadel(m, "red", answer)
            claims.RULES["claim"].resolve(m, "red", answer)
            vias = {e["via"] for e in m.events if e["type"] == "claim"}
            assert vias == {key}, vias
            after = summary(from_view(seat_view(m, "red"), m.board, "red"))
            got = summary(child)
            for part in ("pieces", "claims", "powers_used"):
                assert got[part] == after[part], part
            return
        finally:
            m.close()
    pytest.fail(f"no seeded position lets the holder of {key} use it")


def _plain_claims(seed: int, key: str) -> set:
    m = crowded(key, seed, held=False)
    try:
        return engine_claims(m)
    finally:
        m.close()


@pytest.mark.parametrize("key", ALWAYS)
def test_standing_ability_place_has_its_words_art_and_worth(key):
    place = registry.place(key)
    assert isinstance(registry.always(key), registry.AlwaysHooks)
    d = content.place(key)
    assert d.title and d.effect.endswith(".") and "{" not in d.effect
    art = resources.asset("sprites", *place.art_key.split("/"))
    assert art.with_suffix(".png").exists() or art.exists(), place.art_key
    assert place.sound and place.worth > 0


# ----- reaction cards --------------------------------------------------------------------------
def table(card: str, holder: str = "blue"):
    """Red attacks and claims around blue; `holder` holds `card`; Copier's copies are
    played once each this round."""
    dragons = {"red": dict(at=(5, 5), rings=4, coins=4, cavern=(0, 0)),
               "blue": dict(at=(7, 5), coins=4, cavern=(12, 0)),
               "green": dict(at=(15, 15), coins=4, cavern=(19, 19))}
    dragons[holder]["card"] = card
    return scenario(dragons, settlements=[("town", (5, 7), "blue"), ("ruin", (4, 7), None)],
                    places=[("soul_mine", (2, 3), None)], chest=(9, 9))


def declared(do: str) -> dict:
    if do in ("claim", "claim_settlement", "destroy"):  # blue's town, or the free ruin
        answer = {"do": do, "at": [4, 7] if do == "claim" else [5, 7]}
    elif do == "robber":
        answer = {"play": "robber", "dragon": "blue"}
    else:
        answer = {"do": do, "dragon": "blue"}
    return {"step": "act", "do": do, "dragon": "red", "answer": answer}


def rolls() -> list[dict]:
    return [{"step": "roll", "stage": "post", "purpose": p, "dragon": "red", "chart": c,
             "mods": [], "face": 11,
             "ctx": {"other": "blue", "role": "attacker", "target": [5, 7], "victim": "blue"}}
            for p, c in [("attack", None), ("destroy", "destroy_claimed"),
                         ("destroy", "destroy_unclaimed"), ("steal", "steal")]]


def dice() -> list[dict]:
    return [{"step": "dice", "purpose": p, "dice": [
        {"name": n, "die": 20, "face": 9, "mods": []} for n in names]}
        for p, names in [("settlement", ("col", "row")), ("chest", ("col", "row")),
                         ("place_of_power", ("",))]]


@pytest.mark.parametrize("key", [c for c in REACTIONS if registry.card(c).timing == "cancel"])
def test_cancel_card_engine_and_ai_agree(key):
    """Offered for each action it cancels; played, the engine's position is the AI's
    model of it (or the action simply does not happen)."""
    assert key in CANCELS
    for do in registry.card(key).cancels:
        m = table(key)
        try:
            act = declared(do)
            offered = cards.cancel_options(m, "blue", act)
            hooks = registry.reaction(key)
            if hooks.usable is not None:
                assert hooks.usable(m, "blue", "cancel", act) == bool(offered)
            if not offered:
                continue
            assert offered == [key] and cards.cancel_options(m, "red", act) == []
            words = str(prompts.react(m, "blue", "cancel", act, offered))
            assert registry.card(key).title in words, words
            legal = cards.answers(m, "blue", key, act)
            assert legal
            pos = from_view(seat_view(m, "blue"), m.board, "blue")
            answer = legal[0]
            model = CANCEL_MODELS.get(key)
            cards.play(m, "blue", act, answer)
            assert content.card(key).title in describe(
                next(e for e in m.events if e["type"] == "card"))
            after = summary(from_view(seat_view(m, "blue"), m.board, "blue"))
            if model is None:
                assert act["cancelled"]
                continue
            t = to_action(act["answer"])
            search = TurnSearch(pos, budget=10)
            out = model(pos, "red", "blue", answer,
                        lambda p, s=search, t=t: s.outcomes(p, t, "red", False), TOOLS)
            if act.get("cancelled"):
                assert len(out) == 1
                assert summary(out[0][1])["at"] == after["at"]
        finally:
            m.close()


@pytest.mark.parametrize("key", [c for c in REACTIONS if registry.card(c).timing == "roll"])
def test_roll_card_fits_the_rolls_the_engine_offers_it_on(key):
    """`fits` is the engine's offer, the odds' hostile modifier and the AI's value."""
    hooks = registry.reaction(key)
    value = registry.card(key).value
    assert REACTION_VALUES[key] == value
    for roll in rolls():
        m = table(key)
        try:
            offered = cards.roll_options(m, "blue", roll)
            attacked = roll["ctx"]["other"] == "blue"
            fits = bool(hooks.fits(roll["purpose"], roll["chart"], attacked))
            assert (offered == [key]) == fits, roll["purpose"]
            assert bool(rule_maths.hostile_modifiers(
                roll["purpose"], roll["chart"], card=key, attacked=attacked)) == fits
            assert cards.roll_options(m, "red", roll) == []  # never on its own roll
            if fits:
                words = str(prompts.react(m, "blue", "roll", roll, offered))
                assert registry.card(key).title in words
                cards.play(m, "blue", roll, {"react": key})
                assert roll["mods"] == [[key, value]]
        finally:
            m.close()


@pytest.mark.parametrize("key", [c for c in REACTIONS
                                 if registry.card(c).timing in ("dice", "any")])
def test_die_card_answers_and_effect(key):
    """Offered on the dice its `fits` names (any roll too for an "any" card), each die
    up or down, and the chosen modifier lands on the die."""
    hooks = registry.reaction(key)
    for frame in dice():
        m = table(key)
        try:
            fits = hooks.fits is None or hooks.fits(frame["purpose"], None, False)
            offered = cards.dice_options(m, "blue", frame)
            assert (offered == [key]) == fits
            if not fits:
                continue
            legal = cards.answers(m, "blue", key, frame)
            assert len(legal) == 2 * len(frame["dice"])
            words = str(prompts.react(m, "blue", "dice", frame, offered))
            assert registry.card(key).title in words
            cards.play(m, "blue", frame, legal[-1])
            assert [d["mods"] for d in frame["dice"] if d["mods"]] == [
                [[key, legal[-1]["by"]]]]
        finally:
            m.close()
    if registry.card(key).timing == "any":
        for roll in rolls():
            m = table(key)
            try:
                assert cards.roll_options(m, "blue", roll) == [key]
                legal = cards.answers(m, "blue", key, roll)
                cards.play(m, "blue", roll, legal[0])
                assert roll["mods"] == [[key, legal[0]["by"]]]
            finally:
                m.close()


@pytest.mark.parametrize("key", REACTIONS)
def test_reaction_card_has_words_art_sound_and_ai_value(key):
    card = registry.card(key)
    hooks = registry.reaction(key)
    assert isinstance(hooks, registry.ReactionHooks) and not card.problems()
    d = content.card(key)
    assert d.title and d.effect.endswith(".") and d.timing and "{" not in d.effect
    assert str(content.card_when(key)) != "once"
    art = resources.asset("sprites", *card.art_key.split("/"))
    assert art.with_suffix(".png").exists() or art.exists(), card.art_key
    assert card.sound
    # the AI prices it: a keep worth where it is kept for later, or it is a cancel it models
    assert KEEP.get(key, 0.2) > 0
    if card.timing == "cancel":
        assert key in CANCELS
    if card.timing == "roll":
        assert key in REACTION_VALUES
