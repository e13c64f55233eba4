"""Window settings, remembered between runs.

Stored as JSON in the user's config directory (platformdirs), or in $NARBY_CONFIG_DIR
when set (tests point it at a temporary folder). A missing, unreadable or hand-broken
file never stops the game: bad values fall back to their defaults one by one.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from platformdirs import user_config_dir

APP_NAME = "narby-conquest"
FILE_NAME = "settings.json"

PACES = ("slow", "normal", "fast", "instant")
PALETTES = ("normal", "colourblind")
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)
VOLUMES = ("master_volume", "effects_volume", "music_volume")
# Seconds an animation step lasts, relative to "normal".
PACE_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


@dataclass
class Settings:
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    ui_scale: float = 1.0
    pace: str = "normal"
    palette: str = "normal"
    hotseat_handover: bool = True
    show_log: bool = True
    # sound (issue 21): volumes 0.0..1.0; M on the board mutes
    master_volume: float = 0.8
    effects_volume: float = 0.8
    music_volume: float = 0.5
    muted: bool = False
    watch_setup: bool = False  # animate every setup roll (else one summary card)
    # issue 16: ask before ending a turn with actions left / spending the last action
    # while a turn card or power is unused; cell coordinates on the board edges
    confirm_end_turn: bool = True
    confirm_last_action: bool = True
    show_coordinates: bool = False

    def validated(self) -> Settings:
        """A copy with every bad value replaced by its default."""
        d = Settings()
        out = Settings()
        w = self.window
        if (isinstance(w, (list, tuple)) and len(w) == 2
                and all(isinstance(v, int) and 640 <= v <= 7680 for v in w)):
            out.window = (int(w[0]), int(w[1]))
        out.fullscreen = self.fullscreen if isinstance(self.fullscreen, bool) else d.fullscreen
        s = self.ui_scale
        out.ui_scale = float(s) if isinstance(s, (int, float)) and 0.5 <= s <= 2.0 else 1.0
        out.pace = self.pace if self.pace in PACES else d.pace
        out.palette = self.palette if self.palette in PALETTES else d.palette
        for name in ("hotseat_handover", "show_log", "watch_setup", "confirm_end_turn",
                     "confirm_last_action", "show_coordinates"):
            value = getattr(self, name)
            setattr(out, name, value if isinstance(value, bool) else getattr(d, name))
        for name in VOLUMES:
            v = getattr(self, name)
            ok = isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1
            setattr(out, name, round(float(v), 2) if ok else getattr(d, name))
        out.muted = self.muted if isinstance(self.muted, bool) else d.muted
        return out


def config_dir() -> Path:
    env = os.environ.get("NARBY_CONFIG_DIR")
    if env:
        return Path(env)

    return Path(user_config_dir(APP_NAME))


def load() -> Settings:
    path = config_dir() / FILE_NAME
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in raw.items() if k in known})
    if isinstance(s.window, list):
        s.window = tuple(s.window)
    return s.validated()


def save(settings: Settings) -> Path | None:
    """Write atomically (temp file, then replace); returns the path, or None when the
    config directory cannot be written (the game goes on with the settings in memory)."""
    folder = config_dir()
    path = folder / FILE_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        data = asdict(settings.validated())
        data["window"] = list(data["window"])
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return None
    return path
