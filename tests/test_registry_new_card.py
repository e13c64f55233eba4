"""Proof that a power card is one module: tests/registry_samples/a_new_card.py
(Tailwind, not shipped) registers itself, and with no other file touched it is dealt and
played in a seeded game, an AI seat decides holding it and its model knows the card's
effect, the registry's card contract holds for it, and it has its words and log lines.

Each check runs in a fresh interpreter: a card registers before game.tables is built
(a registry built once per process), so the sample never leaks into the other tests.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.registry_samples import run_with

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = "tests.registry_samples.a_new_card"


def run(code: str) -> subprocess.CompletedProcess:
    return run_with(SAMPLE, code)


PLAY = """
    import json
    from game import content, tables
    from game.ai import STATS
    from game.ai.search import apply_card, to_action
    from game.ai.model import from_view
    from game.log import describe
    from game.match import Match
    from game.players import AIPlayer, RandomPlayer
    from game.seat_view import seat_view
    from game.systems import cards
    from tests.helpers import scenario
    from tests.test_model_diff import engine_after, summary

    out = {"cards": list(tables.CARDS), "turn": list(tables.TURN_CARDS),
           "engine": "tailwind" in cards.TURN,
           "title": tables.CARD_TITLES.get("tailwind"),
           "words": content.card("tailwind").lines()}

    # a seeded game of random players, cards on: Black is dealt it and plays it
    m = Match([None] * 4, seed=5, options={"round_cap": 40, "cards": True})
    player = RandomPlayer(5)
    for _ in range(120):
        m.submit(player.choose(m))
    out["events"] = [[e["type"], describe(e)] for e in m.events
                     if "tailwind" in json.dumps(e) and e["type"] != "card_dealt"][:2]
    m.close()

    # an AI seat (Normal) decides holding it: a legal answer, no fallback; its model
    # moves the dragon where the engine does
    m = scenario({"red": dict(at=(5, 5), rings=6, card="tailwind"), "blue": dict(at=(9, 5))})
    offered = [a for a in m.legal_answers() if a.get("play") == "tailwind"]
    answer = AIPlayer("normal", seed=1).choose(m)
    pos = from_view(seat_view(m, "red"), m.board, "red")
    child, extra, spent = apply_card(pos, "red", offered[-1])
    after = engine_after(m, "red", offered[-1])
    engine = summary(from_view(seat_view(after, "red"), after.board, "red"))
    after.close()
    out["ai"] = {"offered": len(offered), "legal": answer in m.legal_answers(),
                 "fallbacks": STATS["fallbacks"], "known": to_action(offered[-1])[0],
                 "same": summary(child, pos.actions + extra - spent) == engine,
                 "changed": summary(child) != summary(pos)}
    m.close()
    print(json.dumps(out))
"""


def test_a_new_card_from_one_module_plays_through_engine_ai_and_words():
    done = run(PLAY)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["cards"][-1] == "tailwind" and len(out["cards"]) == 21
    assert out["turn"][-1] == "tailwind" and out["engine"]
    assert out["title"] == "Tailwind"
    title, effect, timing = out["words"]
    assert title == "Tailwind" and "up to 2 king steps" in effect
    assert "On your turn" in timing
    assert out["events"] == [["card", "Black plays Tailwind"],
                             ["displaced", "Black's Tailwind puts Black at (12, 2)"]]
    ai = out["ai"]
    assert ai["offered"] > 0 and ai["legal"] and ai["fallbacks"] == 0
    assert ai["known"] == "card" and ai["same"] and ai["changed"]


def test_the_registry_contract_holds_for_the_new_card():
    """tests/test_registry_cards.py, run with the sample registered: its parametrized
    checks (listings, engine = AI model, words, art, the deck) include it."""
    done = run("""
        import sys
        import pytest
        sys.exit(pytest.main(["-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
                              "-k", "tailwind or tables",
                              "tests/test_registry_cards.py"]))
    """)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = [line.split("::")[1].strip() for line in done.stdout.splitlines()
              if line.startswith("PASSED") and "tailwind" in line]
    assert sorted(passed) == sorted(
        [f"test_turn_card_listings_and_effects_agree[tailwind-{i}]" for i in range(4)]
        + ["test_every_card_has_its_words_title_art_and_sound[tailwind]"])
    assert "FAILED" not in done.stdout


def test_a_card_module_is_the_only_file_that_names_it():
    named = [p.relative_to(ROOT).as_posix() for d in ("game", "tools", "assets", "docs")
             for p in (ROOT / d).rglob("*") if p.is_file() and p.suffix in (".py", ".md", ".json")
             and "tailwind" in p.read_text(encoding="utf-8", errors="replace")]
    assert named == []


def test_a_taken_key_is_refused_in_one_line():
    done = run("""
        from game import registry
        spec = registry.card("tailwind")
        try:
            registry.register_card(spec)
        except registry.RegistryError as exc:
            print(exc)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "cannot register tailwind: the key tailwind is taken"]
