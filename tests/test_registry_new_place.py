"""Proof that a place of power is one module: tests/registry_samples/a_new_place.py
(Skyward Spire, d20 face 15, not shipped) registers itself, and with no other file
touched it is placed, claimed and used in a seeded game, an AI seat decides with it
on the board, the registry's contract holds for it, and it has its words and log line.

Each check runs in a fresh interpreter: a place registers before game.tables is built
(a registry built once per process), so the sample never leaks into the other tests.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.registry_samples import run_with

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = "tests.registry_samples.a_new_place"


def run(code: str) -> subprocess.CompletedProcess:
    return run_with(SAMPLE, code)


PLAY = """
    import json
    from game import content, tables
    from game.ai import STATS
    from game.ai.evaluate import POWER_VALUE
    from game.ai.search import POWERS
    from game.log import describe
    from game.match import Match
    from game.players import AIPlayer, RandomPlayer
    from tests.helpers import scenario

    out = {"places": list(tables.PLACES), "turn": list(tables.TURN_POWERS),
           "ai_powers": list(POWERS), "worth": POWER_VALUE.get("skyward_spire"),
           "title": tables.PLACE_TITLES.get("skyward_spire"),
           "words": content.place("skyward_spire").lines()}

    # a seeded game of random players: the d20 face 15 places it; Black claims and uses it
    m = Match([None] * 4, seed=5, options={"round_cap": 40, "cards": False})
    player = RandomPlayer(5)
    for _ in range(65):
        m.submit(player.choose(m))
    out["events"] = [[e["type"], describe(e)] for e in m.events
                     if "skyward_spire" in json.dumps(e)]
    placed = next(e["at"] for e in m.events if e.get("place") == "skyward_spire")
    out["claimed"] = [e["dragon"] for e in m.events
                      if e["type"] == "claim" and e["at"] == placed]
    m.close()

    # an AI seat (Normal) decides holding it, its power unused: a legal answer, no fallback
    m = scenario({"red": dict(at=(5, 5), rings=6), "blue": dict(at=(9, 5))},
                 places=[("skyward_spire", (7, 5), "red")])
    offered = [a for a in m.legal_answers() if a.get("power") == "skyward_spire"]
    answer = AIPlayer("normal", seed=1).choose(m)
    out["ai"] = {"offered": len(offered), "legal": answer in m.legal_answers(),
                 "fallbacks": STATS["fallbacks"]}
    m.close()
    print(json.dumps(out))
"""


def test_a_new_place_from_one_module_plays_through_engine_ai_and_words():
    done = run(PLAY)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["places"][-1] == "skyward_spire" and len(out["places"]) == 15
    assert "skyward_spire" in out["turn"] and "skyward_spire" in out["ai_powers"]
    assert out["worth"] == 0.5 and out["title"] == "Skyward Spire"
    title, effect, timing = out["words"]
    assert title == "Skyward Spire" and "up to 2 king steps" in effect
    assert "on your turn" in timing
    kinds = [k for k, _line in out["events"]]
    assert kinds == ["place_placed", "power", "displaced"]
    assert all("Skyward Spire" in line for _k, line in out["events"])
    assert out["claimed"] == ["black"]
    assert out["ai"] == {"offered": out["ai"]["offered"], "legal": True, "fallbacks": 0}
    assert out["ai"]["offered"] > 0


def test_the_registry_contract_holds_for_the_new_place():
    """tests/test_registry.py, run with the sample registered: its parametrized checks
    (listings, engine = AI model, words, art, worth, faces 1..15) include it."""
    done = run("""
        import sys
        import pytest
        sys.exit(pytest.main(["-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
                              "-k", "skyward_spire or faces or tables",
                              "tests/test_registry.py"]))
    """)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = [line.split("::")[1].strip() for line in done.stdout.splitlines()
              if line.startswith("PASSED") and "skyward_spire" in line]
    assert sorted(passed) == sorted(
        [f"test_turn_power_listings_and_effects_agree[skyward_spire-{i}]" for i in range(4)]
        + ["test_every_place_has_its_words_title_art_and_worth[skyward_spire]"])
    assert "FAILED" not in done.stdout


def test_a_place_module_is_the_only_file_that_names_it():
    named = [p.relative_to(ROOT).as_posix() for d in ("game", "tools", "assets", "docs")
             for p in (ROOT / d).rglob("*") if p.is_file() and p.suffix in (".py", ".md", ".json")
             and "skyward_spire" in p.read_text(encoding="utf-8", errors="replace")]
    assert named == []


def test_a_taken_face_or_key_is_refused_in_one_line():
    done = run("""
        from game import registry
        spec = registry.place("skyward_spire")
        for change in ({"key": "other", "face": 9}, {"face": 16}):
            try:
                registry.register(registry.Place(**{**spec.__dict__, **change}))
            except registry.RegistryError as exc:
                print(exc)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "cannot register other: d20 face 9 is taken by madhouse",
        "cannot register skyward_spire: the key skyward_spire is taken"]
