"""Regenerate the golden transcripts after an intended rule change. Review the diff
before committing: every changed line is a changed game.

    python tools/make_golden.py

- tests/golden/seed7.jsonl: seed 7, four random dragons, cards off (the core game);
- tests/golden/seed7-cards.jsonl: the same with power cards on (the default).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import argparse  # noqa: E402

from game.match import Match  # noqa: E402
from game.players import RandomPlayer, play_out  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "seed7.jsonl"
GOLDEN_CARDS = ROOT / "tests" / "golden" / "seed7-cards.jsonl"
GOLDENS = {GOLDEN: False, GOLDEN_CARDS: True}


def golden_events(cards: bool = False) -> list[dict]:
    match = Match([None, None, None, None], seed=7, options={"round_cap": 6, "cards": cards})
    play_out(match, RandomPlayer(7))
    return match.events


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                            formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    for path, cards in GOLDENS.items():
        lines = [json.dumps(e, sort_keys=True) for e in golden_events(cards)]
        path.write_text("\n".join(lines) + "\n")
        print(f"wrote {len(lines)} events to {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
