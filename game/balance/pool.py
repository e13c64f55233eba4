"""`narby balance-pool DIR...`: turn-order effects pooled over several reports.

One map's few hundred games call a turn-order effect only where it is large; the same
effect on every map adds up. This reads the `results` of finished `narby balance`
reports (their balance.json; nothing is played again) and pools, over all of them:
the dragon moving first and the one moving last in round 1, and, on maps that roll
their caverns (R7, where a seat differs only by its place in the turn order), the first
seat and the last seat. Positions are pooled by their place from the start and from the
end, so maps with different numbers of dragons pool ("last" is the 3rd of 3 or the 6th
of 6).

The test: each pooled group's wins against the sum of its maps' fair shares, an exact
binomial test at the pooled fair share (the games' mean fair share), Holm's correction
over the pooled groups. With fair shares that differ between maps the true spread of
the wins is narrower than that binomial's, so the test errs on the side of "chance".
Standard library only: no Dask or matplotlib needed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.balance import stats
from game.balance.report_rows import p_cell
from game.persistence.files import read_regular

PROG = "narby balance-pool"
REPORT_MOST = 256 * 1024 * 1024  # a balance.json holds groups, not games: a few MiB
# (label, kind in results' groups, place: 0 = first, -1 = last, rolled caverns only)
POOLED = (("first mover in round 1", "turn", 0, False),
          ("last mover in round 1", "turn", -1, False),
          ("first seat", "spawn", 0, True),
          ("last seat", "spawn", -1, True))
LAST_MOVER = ("moving last in round 1, a dragon answers every other dragon's first "
              "moves, and R16 gives the next round's first turn to the poorest")
FIRST_MOVER = ("moving first in round 1 (R16: Green, else the poorest, ties by rings "
               "and then the lowest seat), a dragon shows its hand to everyone")


class PoolError(Exception):
    """A report that cannot be pooled: one line, naming it."""


def load(folders: list[Path]) -> list[dict]:
    """Each folder's `results` (from its balance.json), refusing a folder given twice or
    the same run twice (the same games would count double)."""
    out, seen_runs, seen_dirs = [], set(), set()
    for folder in folders:
        path = folder / "balance.json" if folder.is_dir() else folder
        if path.resolve() in seen_dirs:
            raise PoolError(f"{folder} is given twice")
        seen_dirs.add(path.resolve())
        try:
            # read_regular: a pipe given as a report is refused, never waited on
            results = json.loads(read_regular(path, REPORT_MOST).decode("utf-8"))["results"]
            plan = results["plan"]
            # the same seed's games are the same games, however many were played
            same = {k: v for k, v in plan.items() if k not in ("games", "chunk")}
            run = json.dumps([results["map"], same], sort_keys=True)
            results["groups"], results["games"]  # noqa: B018 (present, or KeyError)
        except FileNotFoundError:
            raise PoolError(f"{folder}: no balance.json (a `narby balance --out` folder?)") \
                from None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise PoolError(f"{folder}: not a balance report ({type(exc).__name__})") \
                from None
        if run in seen_runs:
            raise PoolError(f"{folder}: the same run as an earlier report (same map, seats "
                            "and seed, perhaps fewer games); its games would count twice")
        seen_runs.add(run)
        out.append(results)
    return out


def _pick(results: dict, kind: str, place: int) -> dict | None:
    groups = sorted((g for g in results["groups"] if g["kind"] == kind),
                    key=lambda g: g["key"])
    return groups[place] if groups else None


def pool(reports: list[dict]) -> dict:
    """The pooled groups (tested) and, per report, its own figure of each."""
    rows, groups = [], []
    for label, kind, place, rolled_only in POOLED:
        wins = expected = 0.0
        games = 0
        per_map: list[dict | None] = []
        for results in reports:
            if rolled_only and results["map"].get("cavern_spots"):
                per_map.append(None)  # fixed caverns: a seat is also its spawn's ground
                continue
            g = _pick(results, kind, place)
            if g is None or not g["games"]:
                per_map.append(None)
                continue
            wins += g["wins"]
            games += g["games"]
            expected += g["fair"] * g["games"]
            per_map.append(g)
        rows.append(per_map)
        if games:
            maps = {r["plan"].get("map") for r, g in zip(reports, per_map, strict=True) if g}
            groups.append({"kind": kind, "label": label, "key": place, "wins": wins,
                           "games": games, "fair": expected / games, "maps": len(maps)})
    return {"groups": stats.fairness(groups) if groups else [], "per_map": rows,
            "maps": [r["map"]["title"] for r in reports],
            "games": sum(r["games"] for r in reports)}


def findings(pooled: dict) -> list[str]:
    out = []
    for g in pooled["groups"]:
        text = stats.sentence(g)
        text = f"Pooled over {g['maps']} map{'s' if g['maps'] > 1 else ''}, the " \
               f"{text[0].lower()}{text[1:]}"
        if g["unfair"]:
            text += "; " + (LAST_MOVER if g["key"] == -1 and g["kind"] == "turn"
                            else FIRST_MOVER if g["kind"] == "turn" else
                            "on maps that roll their caverns, a seat is only its place in "
                            "the turn order (R16: ties for the poorest go to the lowest "
                            "seat, and turns go clockwise from it)")
        out.append(text + ".")
    if pooled["groups"] and not any(g["unfair"] for g in pooled["groups"]):
        out.append("No turn-order effect differs from fair by more than chance over these "
                   "reports.")
    return out


def markdown(pooled: dict) -> str:
    maps = pooled["maps"]
    lines = [f"# Turn order pooled over {len(maps)} reports ({pooled['games']} games)", "",
             "## Findings", ""]
    lines += [f"- {line}" for line in findings(pooled)]
    lines += ["", "## Pooled", "", "| group | win rate | 95% interval | games | fair | "
              "p (Holm) | verdict |", "| --- | ---: | --- | ---: | ---: | ---: | --- |"]
    for g in pooled["groups"]:
        low, high = g["ci95"]
        lines.append(f"| {g['label']} | {stats.pct(g['rate'])} | {100 * low:.0f}–"
                     f"{100 * high:.0f}% | {g['games']} | {stats.pct(g['fair'])} | "
                     f"{p_cell(g['p_holm'])} | "
                     f"{'**unfair**' if g['unfair'] else 'fair'} |")
    lines += ["", "## Each report", "", "| report | " + " | ".join(
        label for label, *_ in POOLED) + " |", "| --- |" + " ---: |" * len(POOLED)]
    for i, title in enumerate(maps):
        cells = []
        for per_map in pooled["per_map"]:
            g = per_map[i]
            cells.append("–" if g is None else
                         f"{stats.pct(g['wins'] / g['games'])} of {g['games']} "
                         f"(fair {stats.pct(g['fair'])})")
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    lines += ["", "(–: not pooled: the map fixes its caverns, so its seats are also its "
              "spawns' ground.)", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(allow_abbrev=False, prog=PROG, description=__doc__.splitlines()[0])
    p.add_argument("reports", nargs="+", type=Path, help="narby balance --out folders")
    p.add_argument("--out", type=Path, default=None, help="also write the Markdown here")
    args = p.parse_args(argv)
    try:
        text = markdown(pool(load(args.reports)))
    except PoolError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    print(text, end="")
    if args.out:
        try:
            args.out.write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"{PROG}: cannot write {args.out} ({exc.strerror or 'error'})",
                  file=sys.stderr)
            return 2
    return 0
