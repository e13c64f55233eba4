"""Proof that a reaction card and a place's standing ability are one module each:
tests/registry_samples/a_new_reaction.py (Bulwark, a cancel card, and Lookout Tower, a
place whose holder claims one cell further; not shipped) registers them, and with no
other file touched the contract of tests/test_registry_reactions.py runs them: the
engine offers and plays the card where its hooks say and the AI knows it as a cancel,
and the engine's Claims through the tower are the AI's, on seeded positions.

Each check runs in a fresh interpreter (a registry is built once per process), so the
sample never leaks into the other tests.
"""

from __future__ import annotations

from pathlib import Path

from tests.registry_samples import run_with

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = "tests.registry_samples.a_new_reaction"


def test_the_reaction_contract_holds_for_a_new_card_and_place():
    done = run_with(SAMPLE, """
        import sys
        import pytest
        sys.exit(pytest.main(["-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
                              "-k", "bulwark or lookout_tower or registered",
                              "tests/test_registry_reactions.py"]))
    """)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = sorted(line.split("::")[1].strip() for line in done.stdout.splitlines()
                    if line.startswith("PASSED") and ("bulwark" in line or "lookout" in line))
    assert passed == sorted(
        ["test_cancel_card_engine_and_ai_agree[bulwark]",
         "test_reaction_card_has_words_art_sound_and_ai_value[bulwark]",
         "test_standing_ability_is_used_and_logged_on_a_claim[lookout_tower]",
         "test_standing_ability_place_has_its_words_art_and_worth[lookout_tower]"]
        + [f"test_standing_ability_engine_and_ai_agree[lookout_tower-{i}]" for i in range(8)])
    assert "FAILED" not in done.stdout


def test_the_sample_is_the_only_file_that_names_them():
    named = [p.relative_to(ROOT).as_posix() for d in ("game", "tools", "assets", "docs")
             for p in (ROOT / d).rglob("*") if p.is_file() and p.suffix in (".py", ".md", ".json")
             and any(k in p.read_text(encoding="utf-8", errors="replace")
                     for k in ("bulwark", "lookout_tower"))]
    assert named == []
