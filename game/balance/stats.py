"""Statistics of win counts: Wilson 95% intervals and the fairness test.

The fairness test asks, for each group (a cavern spawn, a dragon, a first-turn
position), whether its win rate differs from its fair share by more than chance: an
exact two-sided binomial test per group, then Holm's correction over all the groups
of a report, so looking at a dozen groups does not find one "unfair" by luck.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054
ALPHA = 0.05


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion wins/n (95% by default)."""
    if n <= 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def binomial_p(wins: float, n: int, p: float) -> float:
    """Exact two-sided binomial p-value of `wins` in n at rate p: the chance of an
    outcome no likelier than the one seen (shared wins are rounded to whole ones)."""
    if n <= 0:
        return 1.0
    k = min(n, max(0, round(wins)))
    seen = _log_pmf(k, n, p)
    total = 0.0
    for i in range(n + 1):
        lp = _log_pmf(i, n, p)
        if lp <= seen + 1e-9:
            total += math.exp(lp)
    return min(1.0, total)


def holm(pvalues: list[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def fairness(groups: list[dict], alpha: float = ALPHA) -> list[dict]:
    """groups: [{"label", "wins", "games", "fair"}]; each comes back with its rate, its
    95% interval, its p-value, Holm's adjusted p-value and `unfair` (adjusted p < alpha)."""
    raw = [binomial_p(g["wins"], g["games"], g["fair"]) for g in groups]
    out = []
    for g, p, adj in zip(groups, raw, holm(raw), strict=True):
        low, high = wilson(g["wins"], g["games"])
        rate = g["wins"] / g["games"] if g["games"] else 0.0
        out.append({**g, "rate": rate, "ci95": [low, high], "p": p, "p_holm": adj,
                    "unfair": adj < alpha})
    return out


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def p_text(p: float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.2g}"


def sentence(g: dict) -> str:
    """'seat 3 wins 41% [37–45] where 25% is fair' (and whether that is chance)."""
    low, high = g["ci95"]
    text = (f"{g['label']} wins {pct(g['rate'])} [{100 * low:.0f}–{100 * high:.0f}] of "
            f"{g['games']} games where {pct(g['fair'])} is fair")
    if g["unfair"]:
        return text + f": more than chance ({p_text(g['p_holm'])} after Holm's correction)"
    return text + ": within chance"
