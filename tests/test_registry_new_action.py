"""Proof that an action is one module: tests/registry_samples/a_new_action.py (Forage,
not shipped) registers itself, and with no other file touched it is offered, taken and
refused by the engine, chosen and modelled by the AI (whose seeded games with it run to
the end), answered about by game.questions, named by the words and the log, and shown
on the action bar of a drawn window frame.

Each check runs in a fresh interpreter: an action registers before game.tables is built
(a registry built once per process), so the sample never leaks into the other tests.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.registry_samples import run_with

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = "tests.registry_samples.a_new_action"


def run(code: str) -> subprocess.CompletedProcess:
    return run_with(SAMPLE, code)


def last_json(done: subprocess.CompletedProcess) -> dict:
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


ENGINE = """
    import json
    from game import content, questions, tables
    from game.decisions import IllegalAnswer
    from game.log import describe
    from game.ui.action_bar import why_not
    from tests.helpers import coins, scenario

    out = {"actions": list(tables.ACTIONS), "cost": tables.ACTION_COST.get("forage"),
           "title": tables.ACTION_TITLES.get("forage"),
           "words": content.action("forage").lines()}

    alone = {"red": dict(at=(5, 5)), "blue": dict(at=(12, 12))}
    m = scenario(alone, chest=(15, 3), chest_coins=4)
    legal = m.legal_answers()
    out["legal"] = [a for a in legal if a.get("do") == "forage"]
    out["last_two"] = [legal[-2], legal[-1]]
    out["blockers"] = questions.action_blockers(m, "red", "forage").reasons
    out["rolls"] = questions.roll_plan(m, "red", {"do": "forage"})
    before = (coins(m, "red"), m.snapshot()["chest"]["coins"])
    m.submit({"do": "forage"})
    out["coins"] = [before, (coins(m, "red"), m.snapshot()["chest"]["coins"])]
    out["left"] = m.actions_left
    out["log"] = [describe(e) for e in m.events if e["type"] in ("action", "coins")]

    refusals = {}
    crowded = scenario({"red": dict(at=(5, 5)), "blue": dict(at=(7, 5))}, chest=(15, 3),
                       chest_coins=4)
    empty = scenario(alone, chest=(15, 3), chest_coins=0)
    for label, game in (("crowded", crowded), ("empty", empty)):
        snap, n = game.snapshot(), len(game.events)
        try:
            game.submit({"do": "forage"})
        except IllegalAnswer as exc:
            refusals[label] = [str(exc), game.snapshot() == snap and len(game.events) == n,
                               {"do": "forage"} in game.legal_answers(),
                               questions.action_blockers(game, "red", "forage").reasons,
                               why_not(game, "red", "forage")]
    out["refusals"] = refusals
    print(json.dumps(out))
"""


def test_a_new_action_from_one_module_plays_through_the_engine_questions_and_words():
    out = last_json(run(ENGINE))
    assert out["actions"][-2:] == ["forage", "end_turn"] and len(out["actions"]) == 12
    assert out["cost"] == 1 and out["title"] == "Forage"
    title, effect, timing = out["words"]
    assert title == "Forage" and "Take 1 coin from the thief's chest" in effect
    assert timing == "Your turn, costs 1 action of your 3"
    # offered once, listed after the built-in actions and before End turn
    assert out["legal"] == [{"do": "forage"}]
    assert out["last_two"] == [{"do": "forage"}, {"do": "end_turn"}]
    assert out["blockers"] == [] and out["rolls"] is None
    assert out["coins"] == [[0, 4], [1, 3]] and out["left"] == 2
    assert out["log"] == ["Red: Forage", "the thief's chest pays 1 coin to Red (forage)"]
    crowded, empty = out["refusals"]["crowded"], out["refusals"]["empty"]
    assert crowded[0] == "Red cannot forage with Blue next to it"
    assert empty[0] == "the thief's chest is empty"
    for reason, unchanged, offered, blockers, bar in (crowded, empty):
        assert unchanged and not offered and blockers == [reason]
        assert bar == reason  # the bar's greyed slot says the engine's reason


AI = """
    import json
    from game.ai import STATS
    from game.ai.model import from_view
    from game.ai.search import COST, TurnSearch, to_action
    from game.match import Match
    from game.players import AIPlayer
    from game.seat_view import seat_view
    from tests.helpers import scenario
    from tests.test_model_diff import engine_after, summary

    out = {}
    # nothing else worth a coin within reach: every level forages
    m = scenario({"red": dict(at=(5, 5), rings=0), "blue": dict(at=(12, 12))},
                 chest=(15, 3), chest_coins=4)
    out["chosen"] = {lv: AIPlayer(lv, seed=1).choose(m) for lv in ("normal", "hard")}
    out["easy_legal"] = AIPlayer("easy", seed=1).choose(m) in m.legal_answers()  # (noisy)
    pos = from_view(seat_view(m, "red"), m.board, "red")
    act = to_action({"do": "forage"})
    search = TurnSearch(pos)
    out["candidate"] = act in search.candidates(pos, 3)
    (prob, child), = search.outcomes(pos, act, reactions=False)
    after = engine_after(m, "red", {"do": "forage"})
    engine = summary(from_view(seat_view(after, "red"), after.board, "red"))
    out["model"] = {"known": act[0], "prob": prob, "cost": COST[act[0]],
                    "same": summary(child, pos.actions - COST[act[0]]) == engine,
                    "changed": summary(child) != summary(pos)}
    after.close()
    m.close()

    # seeded games of AI seats with it run to the end, foraging on the way
    games = []
    for seed, levels in ((3, ("easy", "normal")), (8, ("normal", "easy", "hard"))):
        m = Match([None] * len(levels), seed=seed, options={"round_cap": 6, "cards": True})
        players = dict(zip(m.seat_names, (AIPlayer(lv, seed=seed) for lv in levels)))
        while not m.finished:
            m.submit(players[m.pending.dragon].choose(m))
        games.append([m.finished, sum(1 for e in m.events if e["type"] == "action"
                                      and e["do"] == "forage")])
        m.close()
    out["games"] = games
    out["fallbacks"] = STATS["fallbacks"]
    print(json.dumps(out))
"""


def test_an_ai_seat_chooses_and_models_the_new_action_and_its_games_end():
    out = last_json(run(AI))
    assert out["chosen"] == {"normal": {"do": "forage"}, "hard": {"do": "forage"}}
    assert out["easy_legal"]
    assert out["candidate"]
    assert out["model"] == {"known": "forage", "prob": 1.0, "cost": 1, "same": True,
                            "changed": True}
    assert all(finished for finished, _n in out["games"])
    assert sum(n for _f, n in out["games"]) > 0
    assert out["fallbacks"] == 0


FRAME = """
    import json
    import pygame
    from game.ui.app import App
    from game.ui.scenes.game import GameScene
    from game.ui.screenshot import played
    from game.ui.settings import Settings

    app = App(Settings(confirm_end_turn=False, confirm_last_action=False), size=(1280, 720),
              fullscreen=False)
    app.ai_mode = "sync"
    app.catch_crashes = False
    scene = app.push(GameScene(app, played(2, 1)))
    scene.factor_override = 0.0
    for _ in range(3):
        app.step(1 / 60)
    bar = scene.bar
    i = next(i for i, s in enumerate(bar.slots) if s.key == "forage")
    slot, rect = bar.slots[i], bar.rects[i]
    shot = app.screen.subsurface(rect).copy()
    pygame.image.save(app.screen, "/tmp/narby_new_action_frame.png")
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, rect.w, 3)
               for y in range(0, rect.h, 3)}
    out = {"keys": [s.key for s in bar.slots][:12], "label": slot.label,
           "hotkey": slot.hotkey, "cost": slot.cost, "icon": slot.icon,
           "inside": app.screen.get_rect().contains(rect), "colours": len(colours),
           "enabled": slot.enabled}
    # its key plays it: the seat forages, the log says so, and the emptied chest greys it
    c = scene.c
    me, n = c.match.pending.dragon, len(c.match.events)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
    app.step(1 / 60)
    # aimed at the thief's chest (its Action.aim), as Steal from the chest is: Enter plays it
    out["aimed"] = [list(cell) for cell in scene.aim.target_map()]
    out["chest"] = c.match.snapshot()["chest"]["at"]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    for _ in range(3):
        app.step(1 / 60)
    out["played"] = [[e["type"], e["dragon"] == me if "dragon" in e else e["to"] == me]
                     for e in c.match.events[n:] if e["type"] in ("action", "coins")]
    after = next(s for s in scene.bar.slots if s.key == "forage")
    out["after"] = [after.enabled, after.reason]
    pygame.image.save(app.screen, "/tmp/narby_new_action_played.png")
    app.close()
    print(json.dumps(out))
"""


def test_the_window_draws_the_new_action_on_its_bar():
    """A drawn frame (dummy SDL driver): the bar has Forage's button, with its title, its
    key and its art, between the built-in actions and End turn; its key aims it at the
    thief's chest and Enter plays it."""
    out = last_json(run(FRAME))
    assert out["keys"][-2:] == ["forage", "end_turn"]
    assert out["label"] == "Forage" and out["hotkey"] == "F" and out["cost"] == 1
    assert out["icon"] == "action/steal_chest"  # its module's art key
    assert out["inside"] and out["colours"] > 8  # drawn on screen, not a blank box
    assert out["enabled"]  # (the chest holds a coin and no dragon is next to the seat)
    assert out["aimed"] == [out["chest"]]
    assert out["played"] == [["action", True], ["coins", True]]
    assert out["after"] == [False, "the thief's chest is empty"]


def test_the_registry_contract_holds_for_the_new_action():
    """tests/test_registry_actions.py, run with the sample registered: its parametrized
    checks (listings, engine = AI model, words, art, sound, refusals) include it."""
    done = run("""
        import sys
        import pytest
        sys.exit(pytest.main(["-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
                              "-k", "forage or tables", "tests/test_registry_actions.py"]))
    """)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = {line.split("::")[1].split("[")[0].strip() for line in done.stdout.splitlines()
              if line.startswith("PASSED") and "forage" in line}
    assert passed == {"test_fast_listing_is_the_reference_listing",
                      "test_engine_effect_is_the_ai_model_effect",
                      "test_every_action_has_its_words_title_art_sound_and_ai",
                      "test_refusals_are_words"}
    assert "FAILED" not in done.stdout


def test_the_new_actions_bar_key_is_taken_by_nothing_else():
    """tests/ui/test_bindings.py's key check, with the sample registered: its bar key is
    no command's, menu's or window's key, and no other slot's."""
    done = run("""
        import sys
        import pytest
        from game.ui.bindings import ACTION_KEYS
        assert ACTION_KEYS["forage"] == "F"
        sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                              "tests/ui/test_bindings.py::"
                              "test_slot_keys_never_collide_with_commands_menu_or_window_keys"]))
    """)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_an_action_module_is_the_only_file_that_names_it():
    named = [p.relative_to(ROOT).as_posix() for d in ("game", "tools", "assets", "docs")
             for p in (ROOT / d).rglob("*") if p.is_file() and p.suffix in (".py", ".md", ".json")
             and "forage" in p.read_text(encoding="utf-8", errors="replace").lower()]
    assert named == []


def test_an_incomplete_or_late_action_is_refused_in_one_line():
    done = run("""
        from game import registry
        for spec in (registry.action("forage"),
                     registry.Action(key="dig", title="Dig", cost=1, words="Dig.",
                                     hotkey="1")):
            try:
                registry.register_action(spec)
            except registry.RegistryError as exc:
                print(exc)
        import game.tables
        try:
            registry.register_action(registry.Action(key="late", title="Late", cost=1,
                                                     words="Late."))
        except registry.RegistryError as exc:
            print(exc)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "cannot register forage: the key forage is taken; the bar key F is taken by forage",
        "cannot register dig: an action needs hooks (its rule); an action needs its "
        "unavailable words; the bar key 1 is taken by move",
        "cannot register late: register actions before game.tables is imported (the tables "
        "are built from them)"]
