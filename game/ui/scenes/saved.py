"""The saved games as the menus list them (the main menu's Continue, the Load screen)."""

from __future__ import annotations

from datetime import datetime

from game.i18n import N_, _
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
    # TRANSLATORS: a save's date: {day} 1-31, {month} a short month name, {time} 18:04
    return _("{day} {month} {year}, {time}").format(
        day=d.day, month=_(MONTHS[d.month - 1]), year=d.year,
        time=f"{d:%H:%M}")


# short month names (the C locale's %b, whatever the system's locale)
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))
