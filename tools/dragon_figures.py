"""Write game/balance/dragon_figures.json (New game's dragon figures) from the balance
lab's reports: each report folder's balance.json gives its map's dragon figures under
the book's rules, or under the even dragons house rule when the run had
`--house even-dragons`. Reports are merged into the file one at a time.

    narby balance riverfell --games 140 --seed 1 --out /tmp/riverfell
    narby balance riverfell --games 140 --seed 1 --house even-dragons --out /tmp/riverfell-even
    python tools/dragon_figures.py /tmp/riverfell /tmp/riverfell-even

Only runs with dragons drawn by the dice (no --dragons) are taken: New game's figure
says how each dragon fares as the rules deal them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.balance.figures import FILE, FORMAT  # noqa: E402
from game.persistence.saves import write_json_atomic  # noqa: E402


def figures_of(report: Path) -> tuple[str, str, dict]:
    """(map file name, "book" or "even_dragons", figures) of one report folder."""
    results = json.loads((report / "balance.json").read_text(encoding="utf-8"))["results"]
    plan = results["plan"]
    if plan.get("dragons"):
        raise SystemExit(f"{report}: the run fixed its dragons (--dragons); New game's "
                         "figures need dragons drawn by the dice")
    house = plan.get("house") or []
    if house not in ([], ["even-dragons"]):
        raise SystemExit(f"{report}: house rules {house} are not New game's")
    levels = sorted(set(plan["levels"]))
    dragons = {g["key"]: [g["wins"], g["games"]]
               for g in results["groups"] if g["kind"] == "dragon"}
    fig = {"games": results["games"], "seats": len(plan["levels"]),
           "level": levels[0] if len(levels) == 1 else "mixed",
           "fair": results["fair_share"], "seed": plan["seed"], "dragons": dragons}
    return plan["map"], "even_dragons" if house else "book", fig


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("reports", nargs="+", type=Path, help="narby balance --out folders")
    p.add_argument("--out", type=Path, default=FILE)
    p.add_argument("--maps", type=Path, default=ROOT / "maps",
                   help="the shipped maps the reports measured (their digests are kept)")
    args = p.parse_args(argv)
    doc: dict = {"format": FORMAT, "maps": {}}
    if args.out.exists():
        doc = json.loads(args.out.read_text(encoding="utf-8"))
    for report in args.reports:
        name, rules, fig = figures_of(report)
        digest = hashlib.sha256((args.maps / name).read_bytes()).hexdigest()
        entry = doc["maps"].setdefault(name, {})
        if entry.get("sha256") not in (None, digest):  # the map changed: old figures go
            entry.clear()
        entry["sha256"] = digest
        entry[rules] = fig
        print(f"{name}: {rules}, {fig['games']} games")
    doc["maps"] = dict(sorted(doc["maps"].items()))
    write_json_atomic(args.out, doc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
