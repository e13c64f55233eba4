"""The registry's action contract, over every registered action (game/registry/actions/,
and any registered from outside, such as tests/registry_samples/a_new_action.py): the
fast listing equals the reference listing (check-filtered targets) on seeded positions,
the engine's effect equals the AI model's where the AI models the action, refusals are
the engine's words, and each action has its title, words, art, sound and AI."""

from __future__ import annotations

import json
import re

import pytest

from game import content, flow_checks, registry, resources
from game import tables as T
from game.ai import decide
from game.ai.model import from_view
from game.ai.search import COST, MODELLED, TurnSearch, to_action
from game.seat_view import seat_view
from game.systems import actions
from game.ui import action_bar, bindings, targets
from game.ui.sound.cues import event_cue
from game.words import Words
from tests.test_model_diff import engine_after, model_after, random_scenario, summary

KEYS = [a.key for a in registry.actions() if a.hooks is not None]  # End turn has no rule
SEEDS = range(6)


def canonical(answers) -> list[str]:
    return sorted(json.dumps(a, sort_keys=True) for a in answers)


def test_the_action_tables_are_the_registrys():
    specs = registry.actions()
    assert tuple(a.key for a in specs) == T.ACTIONS and T.ACTIONS[-1] == "end_turn"
    assert {a.key: a.cost for a in specs} == T.ACTION_COST
    assert {a.key: a.title for a in specs} == T.ACTION_TITLES
    listed = sorted((a for a in specs if a.hooks), key=lambda a: a.listed)
    assert list(actions.RULES) == [a.key for a in listed]
    assert {a.key: a.hotkey.upper() for a in specs} == bindings.ACTION_KEYS
    assert set(action_bar.NOTHING_NEAR) == set(KEYS)
    assert [d.key for d in content.all_definitions() if d.kind == "action"] == list(T.ACTIONS)
    hotkeys = [a.hotkey.upper() for a in specs if a.hotkey]
    assert len(hotkeys) == len(set(hotkeys))
    # the legal answers' order of the built-in actions the seeded games were recorded with
    assert list(actions.RULES)[:10] == [
        "move", "claim", "claim_settlement", "abandon", "gamble", "destroy", "steal_cavern",
        "steal_chest", "steal_for_thief", "attack"]


@pytest.mark.parametrize("key", KEYS)
def test_fast_listing_is_the_reference_listing(key):
    """On seeded crowded positions (tests/test_model_diff.random_scenario), the legal
    answers of the action are the same by the fast listing and by the reference one (its
    candidates filtered by its check), and some position offers it."""
    offered = 0
    for seed in range(20):
        m = random_scenario(seed)
        try:
            name = m.pending.dragon
            fast = [a for a in actions.legal_actions(m, name) if a.get("do") == key]
            reference = [a for a in actions.legal_actions(m, name, fast=False)
                         if a.get("do") == key]
            assert canonical(fast) == canonical(reference), seed
            offered += len(fast)
        finally:
            m.close()
    assert offered, f"no seeded position offered {key}"


@pytest.mark.parametrize("key", KEYS)
def test_engine_effect_is_the_ai_model_effect(key):
    """Where the action rolls nothing, the AI model's child position is the engine's
    position after it; a rolled action's outcomes are a probability distribution."""
    spec = registry.action(key)
    rule = actions.RULES[key]
    assert set(spec.charts) <= set(T.CHARTS)
    if rule.rolls is None:
        assert not spec.charts, "an action that rolls nothing has no chart"
    compared = 0
    for seed in range(20):
        m = random_scenario(seed)
        try:
            me = m.pending.dragon
            pos = from_view(seat_view(m, me), m.board, me)
            search = TurnSearch(pos, budget=10)
            offered = [a for a in m.legal_answers() if a.get("do") == key]
            for answer in offered[:3]:
                act = to_action(answer)
                assert act is not None and COST[act[0]] == spec.cost, answer
                if rule.rolls is not None:
                    total = sum(p for p, _c in search.outcomes(pos, act, me, reactions=False))
                    assert abs(total - 1.0) < 1e-9, answer
                    # its rolls use the charts it declares (the odds read them by name)
                    charts = {r["chart"] for r in rule.rolls(m, me, answer)}
                    assert charts <= {*spec.charts, None}, (answer, charts)
                    compared += 1
                    continue
                if spec.cost >= m.actions_left:  # the turn would end: another dragon plays
                    continue
                child, left = model_after(pos, me, answer, search)
                after = engine_after(m, me, answer)
                try:
                    got = summary(from_view(seat_view(after, me), after.board, me))
                finally:
                    after.close()
                assert summary(child, left) == got, answer
                compared += 1
        finally:
            m.close()
        if compared >= 6:
            break
    assert compared, f"no seeded position offered {key}"


@pytest.mark.parametrize("key", KEYS)
def test_refusals_are_words(key):
    """Every refused candidate, every ready test's refusal and the refusal of an answer
    aimed at nothing is the engine's Words: a message id and its values, rendered in
    the player's language."""
    rule = actions.RULES[key]
    refused = 0
    for seed in SEEDS:
        m = random_scenario(seed)
        try:
            name = m.pending.dragon
            reasons = [rule.ready(m, name)] if rule.ready else []
            reasons += [rule.check(m, name, a) for a in rule.targets(m, name)]
            # and an answer aimed at nothing (off the board, no such dragon)
            reasons.append(rule.check(m, name, {"do": key, "at": [-3, -3], "to": [-3, -3],
                                                "dragon": "nobody"}))
            for reason in reasons:
                if reason is not None:
                    assert isinstance(reason, Words), (key, reason)
                    assert "\n" not in str(reason) and str(reason)
                    refused += 1
        finally:
            m.close()
    assert refused, f"no seeded position refused a {key}"


@pytest.mark.parametrize("key", list(T.ACTIONS))
def test_every_action_has_its_words_title_art_sound_and_ai(key):
    spec = registry.action(key)
    assert not spec.problems()
    d = content.action(key)
    assert d.title == spec.title and d.effect.endswith(".") and d.timing
    assert "{" not in d.effect and not re.search(r"(?<![d\d])\d", spec.words)
    if key != "end_turn":
        why = spec.unavailable.format(d="Red", n=T.MOVE_STEPS)
        assert why and "{" not in why
    art = resources.asset("sprites", *spec.art_key.split("/"))
    assert art.with_suffix(".png").exists() or art.exists(), spec.art_key
    assert resources.asset("sounds", spec.sound + ".wav").exists(), spec.sound
    # the AI: the search knows it natively (its kinds) or through its module's hooks
    assert spec.search or key in MODELLED
    assert all(kind in COST or kind == "end" for kind in spec.search)
    assert spec.taste_kind == decide._TASTE_KIND.get(key, key)


def test_a_bad_or_late_action_is_refused_in_one_line():
    with pytest.raises(registry.RegistryError, match="register actions before"):
        registry.register_action(registry.action("move"))
    problems = registry.Action(key="x", title="", cost=-1, words="", hotkey="ab").problems()
    assert len(problems) == 5 and all("\n" not in p for p in problems)


def test_what_the_window_and_the_restored_frames_read_from_the_specs_is_as_before():
    """The built-ins' aim, sounds, restored-frame checks and the AI's Blade Miller keep
    value, now read from the registry, are the values once written out by hand."""

    assert targets.AIM == {"steal_cavern": "cavern", "steal_for_thief": "cavern",
                           "steal_chest": "chest"}
    assert targets.TO_SIZE == {"darkheart_cottage": 1}
    assert flow_checks.windowed() == {"attack", "claim", "claim_settlement", "destroy",
                                      "steal_cavern", "steal_chest", "steal_for_thief"}
    assert flow_checks.rolled() == {"attack", "destroy", "steal_cavern", "steal_chest",
                                    "steal_for_thief"}
    assert set(flow_checks.ROLL_PURPOSES) == {"attack", "defend", "steal", "tribute",
                                              "destroy"}
    assert decide.KEEP["blade_miller"] == 0.05
    for key in T.ACTIONS:
        cue = event_cue({"type": "action", "dragon": "red", "do": key})
        assert cue is not None
        want = ("theft", 0.9) if key.startswith("steal") else ("tick", 0.5)
        assert (cue.sound, cue.volume) == want
    assert registry.Action(key="x", title="X", cost=1, words="X.", unavailable="no",
                           hooks=lambda: None, aim="sky").problems() == [
        "aim 'sky' is not piece, cavern or chest"]
