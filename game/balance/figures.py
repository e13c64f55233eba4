"""The lab's dragon figures for the shipped maps, as New game shows them (issue 37).

`dragon_figures.json` (format narby-dragon-figures/1, written by tools/dragon_figures.py
from `narby balance` reports) holds, per shipped map file, each dragon's wins and games
under AI play, with the book's rules and with the even dragons house rule. A figure
belongs to the exact file it was measured on (its SHA-256): an edited map or a player's
map of the same name shows none. Light: no Dask, no matplotlib.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from game.i18n import _
from game.resources import package_file
from game.tables import DRAGONS

FORMAT = "narby-dragon-figures/1"
FILE = package_file("balance", "dragon_figures.json")
CALLED_OUT = 0.05  # a dragon more than 5 points above fair is named, the rest are a range


@cache
def _table(path: Path = FILE) -> dict:
    """The file's maps, or {} when it is missing or not what the tool writes."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("format") != FORMAT \
            or not isinstance(doc.get("maps"), dict):
        return {}
    return doc["maps"]


@cache
def _digest(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def measured(map_path: str | None, rules: str = "book", table: dict | None = None) -> dict | None:
    """The figures of `rules` ("book" or "even_dragons") measured on exactly this map file:
    {"games", "seats", "level", "fair", "dragons": {name: [wins, games]}}, or None."""
    if map_path is None:
        return None
    entry = (table if table is not None else _table()).get(Path(map_path).name)
    if not isinstance(entry, dict) or entry.get("sha256") != _digest(str(map_path)):
        return None
    fig = entry.get(rules)
    if not isinstance(fig, dict) or not isinstance(fig.get("dragons"), dict):
        return None
    return fig


def rates(fig: dict) -> list[tuple[str, float]]:
    """(dragon, win rate) of the dragons that played, highest first."""
    out = []
    for name in DRAGONS:
        wins, games = (fig["dragons"].get(name) or (0, 0))[:2]
        if games:
            out.append((name, wins / games))
    return sorted(out, key=lambda nr: -nr[1])


def line(map_path: str | None, even: bool = False, table: dict | None = None) -> str:
    """One line for New game: how the dragons fared under AI play on this map, e.g.
    "Under AI play here: Copper wins 45%, Gold 39%, the rest 13–20% (fair: 25%)";
    "" when the lab has not measured this map (under these rules)."""
    found = lines(map_path, even, table)
    return found[0] if found else ""


def lines(map_path: str | None, even: bool = False, table: dict | None = None) -> list[str]:
    """line()'s text, then shorter forms of it for a narrow column: without its
    heading, without "the rest", then with fewer leaders ([] when the lab has not
    measured this map)."""
    fig = measured(map_path, "even_dragons" if even else "book", table)
    if fig is None:
        return []
    fair = float(fig.get("fair", 0.25))
    ranked = rates(fig)
    if not ranked:
        return []
    named = [(n, r) for n, r in ranked if r - fair > CALLED_OUT][:3]  # who gains most
    rest = [r for n, r in ranked if (n, r) not in named]
    parts = []
    for i, (name, rate) in enumerate(named):
        parts.append((_("{dragon} wins {pct}%") if i == 0 else _("{dragon} {pct}%")).format(
            dragon=_(name.title()), pct=round(100 * rate)))
    if rest:
        low, high = round(100 * min(rest)), round(100 * max(rest))
        span = f"{low}%" if low == high else f"{low}–{high}%"
        parts.append(_("the rest {span}").format(span=span) if named
                     else _("every dragon {span}").format(span=span))
    head = _("With even dragons here:") if even else _("Under AI play here:")
    forms = [(head, parts), ("", parts)]
    if named and rest:
        forms.append(("", parts[:-1]))
    # then fewer of the leaders, the biggest kept (three named ran past a Polish column
    # at 200%); the tooltip and docs/BALANCE.md have them all
    forms += [("", parts[:k]) for k in range(len(named) - 1, 0, -1)]
    return [_("{head} {figures} (fair: {fair}%)").format(
        head=h, figures=", ".join(p), fair=round(100 * fair)).strip() for h, p in forms]


def tip(map_path: str | None, even: bool = False, table: dict | None = None) -> str:
    """Where line()'s figures come from, for its tooltip ("" when there are none)."""
    fig = measured(map_path, "even_dragons" if even else "book", table)
    if fig is None:
        return ""
    return _("Measured by the balance lab: {games} games of {seats} {level} AIs, dragons "
             "drawn by the dice; the book's rules{even} (docs/BALANCE.md)").format(
        games=fig.get("games", "?"), seats=fig.get("seats", "?"),
        level=_(str(fig.get("level", "normal")).title()),
        even=_(" with the even dragons house rule") if even else "")
