"""The saved games as the menus list them (the main menu's Continue, the Load screen)."""

from __future__ import annotations

from datetime import datetime

from game.persistence import saves


def saved_games(app):
    """(entries, problems) of the app's data folder; never raises (a folder that cannot
    be read simply has no saves)."""
    try:
        return saves.list_all(app.data_dir)
    except Exception:
        return [], []


def short_date(iso: str) -> str:
    """'2025-03-01T18:04:05.123+00:00' -> '1 Mar 2025, 18:04' in local time."""
    try:
        d = datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError):
        return str(iso)
    return f"{d.day} {d:%b %Y, %H:%M}"
