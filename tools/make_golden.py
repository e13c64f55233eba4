"""Regenerate the golden transcript (tests/golden/seed7.jsonl) after an intended rule
change. Review the diff before committing it: every changed line is a changed game.

    python tools/make_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.match import Match  # noqa: E402
from game.players import RandomPlayer, play_out  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "seed7.jsonl"


def golden_events() -> list[dict]:
    match = Match([None, None, None, None], seed=7, options={"round_cap": 6})
    play_out(match, RandomPlayer(7))
    return match.events


def main() -> None:
    lines = [json.dumps(e, sort_keys=True) for e in golden_events()]
    GOLDEN.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} events to {GOLDEN.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
