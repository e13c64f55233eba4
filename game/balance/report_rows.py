"""The report's tables as rows of plain text cells, shared by the Markdown and the HTML
page so the two always say the same."""

from __future__ import annotations

from game.balance import stats
from game.balance.findings import spawn_geography
from game.board import BoardSpec

RATE_HEAD = ("group", "win rate", "95% interval", "games", "fair", "p (Holm)", "verdict")
SPAWN_HEAD = ("seat", "cavern", "dragon starts", "towns / cities / places within 4 cells",
              "nearest town / city / place", "nearest rival (steps)",
              "open cells nearest to it", "moved first in round 1 (its turns predict)")
SPAWN_NOTE = "From where each dragon starts (R7: beside its cavern, east first); " \
             "1 cell = adjacent. Moved first: how often R16 gave the seat round 1's first " \
             "turn, and the win rate the round-1 positions it moved at predict from the " \
             "other seats' games there."


def p_cell(p: float) -> str:
    return "< 0.0001" if p < 0.0001 else f"{p:.2g}"


def rate_rows(results: dict) -> list[tuple[list[str], bool]]:
    """Each group's cells, and whether it is called unfair."""
    rows = []
    for g in results["groups"]:
        low, high = g["ci95"]
        rows.append(([g["label"], stats.pct(g["rate"]), f"{100 * low:.0f}–{100 * high:.0f}%",
                      str(g["games"]), stats.pct(g["fair"]), p_cell(g["p_holm"]),
                      "unfair" if g["unfair"] else "fair"], bool(g["unfair"])))
    return rows


def spawn_rows(board: BoardSpec, results: dict) -> list[list[str]]:
    """Per fixed cavern spot (none on a map that rolls its caverns)."""
    rows = []
    turns = {g["key"]: g for g in results["groups"] if g["kind"] == "spawn"}
    for row in spawn_geography(board, len(results["plan"]["levels"])):
        near, nearest = row["near"], row["nearest"]
        start = tuple(row["start"]) if row["start"] else "-"
        rows.append([str(row["seat"]), str(tuple(row["cavern"])), str(start),
                     f"{near['town']} / {near['city']} / {near['place_of_power']}",
                     f"{nearest['town']} / {nearest['city']} / {nearest['place_of_power']}",
                     str(row["rival"]), str(row["territory"]),
                     _moved_first(turns.get(row["seat"] - 1, {}))])
    return rows


def _moved_first(g: dict) -> str:
    if "moved_first" not in g:  # a report of an earlier version
        return "-"
    predicted = f" ({stats.pct(g['turn_expected'])})" if "turn_expected" in g else ""
    return stats.pct(g["moved_first"]) + predicted


def dragons_text(plan: dict) -> str:
    return "fixed: " + ", ".join(plan["dragons"]) if plan["dragons"] else "drawn (R6)"


def plan_line(results: dict) -> str:
    plan = results["plan"]
    return (f"{results['games']} games, seats {', '.join(plan['levels'])}, seed "
            f"{plan['seed']}, target {plan['target']}, round cap {plan['round_cap']}, "
            f"dragons {dragons_text(plan)}"
            + (f", house rules: {', '.join(plan['house'])}." if plan.get("house") else "."))


def workers(n) -> str:
    return f"{n} worker{'' if n == 1 else 's'}" if isinstance(n, int) else "? workers"


def run_line(run_info: dict) -> str:
    return (f"{run_info.get('games_played_now', 0)} games played in this run in "
            f"{run_info.get('seconds', 0)} s ({run_info.get('games_per_second', 0)} games/s)"
            f" on {workers(run_info.get('workers'))}.")
