"""End-of-game figures, read from the event log alone (so a replay gives the same).

- per dragon, coins gained by source: tribute, destroy, steal (caverns and the chest),
  attack (won), and coins lost (stolen, attacks lost, revolts);
- coins over rounds: each dragon's coins at the end of every round (the value when the
  next `round` event starts, and at `game_over`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SOURCES = ("tribute", "destroy", "steal", "attack")
# coins-event reasons counted under each source (Turnabout refunds count as steals)
REASON_SOURCE = {"tribute": "tribute", "destroy": "destroy", "steal": "steal",
                 "turnabout": "steal", "attack": "attack"}


@dataclass
class DragonStats:
    name: str
    gained: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0))
    lost: int = 0
    treasure: int = 0
    claims: int = 0          # claim events (rings placed on pieces)
    destroyed: int = 0       # settlements ruined or destroyed, places toppled
    attacks_won: int = 0
    attacks_lost: int = 0


def dragon_stats(events: list[dict], names: list[str]) -> dict[str, DragonStats]:
    out = {n: DragonStats(n) for n in names}
    for e in events:
        t = e["type"]
        if t == "coins":
            src, dst, amount = e["from"], e["to"], e["amount"]
            if dst in out:
                source = REASON_SOURCE.get(e["reason"])
                if source:
                    out[dst].gained[source] += amount
            if src in out:
                out[src].lost += amount
        elif t == "treasure" and e["dragon"] in out:
            out[e["dragon"]].treasure += e["value"]
        elif t == "claim" and e["dragon"] in out:
            out[e["dragon"]].claims += 1
        elif t in ("ruined", "destroyed", "place_removed") and e["dragon"] in out:
            out[e["dragon"]].destroyed += 1
        elif t == "attack":
            loser = e["defender"] if e["winner"] == e["attacker"] else e["attacker"]
            if e["winner"] in out:
                out[e["winner"]].attacks_won += 1
            if loser in out:
                out[loser].attacks_lost += 1
    return out


def coins_by_round(events: list[dict], names: list[str]) -> dict[str, list[int]]:
    """{dragon: [coins after round 1, after round 2, ...]}, starting with 0 (before round
    1). Follows every `coins` event, so it agrees with the engine's totals (R29 caps are
    already in the amounts)."""
    now = dict.fromkeys(names, 0)
    series = {n: [0] for n in names}
    seen_round = False
    for e in events:
        t = e["type"]
        if t == "coins":
            if e["from"] in now:
                now[e["from"]] -= e["amount"]
            if e["to"] in now:
                now[e["to"]] += e["amount"]
        elif t == "round":
            if seen_round:
                for n in names:
                    series[n].append(now[n])
            seen_round = True
        elif t == "game_over":
            for n in names:
                series[n].append(now[n])
            seen_round = False
    return series


def standings(scores: dict[str, int], doc: dict) -> list[tuple[str, int, int, int]]:
    """[(dragon, final score, coins, treasure)], best first (R33); ties keep seat order."""
    rows = []
    for name, d in doc["dragons"].items():
        treasure = sum(d["treasure"])
        rows.append((name, scores.get(name, d["coins"] + treasure), d["coins"], treasure,
                     d["seat"]))
    rows.sort(key=lambda r: (-r[1], r[4]))
    return [r[:4] for r in rows]
