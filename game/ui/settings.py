"""Window settings, remembered between runs.

Stored as JSON in the user's config directory (platformdirs), or in $NARBY_CONFIG_DIR
when set (tests point it at a temporary folder). A missing, unreadable or hand-broken
file never stops the game: bad values fall back to their defaults one by one.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from platformdirs import user_config_dir

from game.i18n import LANGUAGES
from game.persistence.files import read_regular, set_aside_name, write_atomic
from game.persistence.json_file import too_deep

log = logging.getLogger(__name__)

APP_NAME = "narby-conquest"
FILE_NAME = "settings.json"

PACES = ("slow", "normal", "fast", "instant")
PALETTES = ("normal", "colourblind")
WINDOW_SIZES = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
# A window larger than 4K costs hundreds of MB in screen-sized surfaces for no gain (a
# 7680x7680 setting took 1.4 GB); full screen still fills any display.
MIN_WINDOW = (640, 480)
MAX_WINDOW = (3840, 2160)
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
# issue 33: body text (the log, descriptions, tooltips) apart from the UI scale
TEXT_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.15, "larger": 1.3}
VOLUMES = ("master_volume", "effects_volume", "music_volume")
# `narby --lang de`: the language of this run only, over the stored one (never saved)
run_language: str | None = None
# Seconds an animation step lasts, relative to "normal".
PACE_FACTOR = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


@dataclass
class Settings:
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    ui_scale: float = 1.0
    text_size: str = "normal"  # a TEXT_SIZES key
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
    lesson_done: bool = False  # issue 33: the menu stops offering Learn to play first
    # issue 33: board keys the player chose, command -> pygame key name ("a", "page up");
    # game.ui.bindings.use() drops unknown names and conflicts
    keys: dict = field(default_factory=dict)
    # issue 34: the board's faint cell grid; no idle motion and no flying effects
    show_grid: bool = True
    reduce_motion: bool = False
    # issue 38: a game.i18n.LANGUAGES code; "" = not chosen yet (the App follows the
    # system's locale on first start and stores it)
    language: str = ""

    def validated(self) -> Settings:
        """A copy with every bad value replaced by its default."""
        d = Settings()
        out = Settings()
        w = self.window
        if (isinstance(w, (list, tuple)) and len(w) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in w)
                and all(lo <= v for v, lo in zip(w, MIN_WINDOW, strict=True))):
            out.window = fit_window((w[0], w[1]))
        out.fullscreen = self.fullscreen if isinstance(self.fullscreen, bool) else d.fullscreen
        s = self.ui_scale
        out.ui_scale = float(s) if isinstance(s, (int, float)) and 0.5 <= s <= 2.0 else 1.0
        # a hand-edited list or object must not be looked up in a dict (unhashable)
        out.text_size = self.text_size if isinstance(self.text_size, str) \
            and self.text_size in TEXT_SIZES else d.text_size
        out.pace = self.pace if self.pace in PACES else d.pace
        out.palette = self.palette if self.palette in PALETTES else d.palette
        for name in ("hotseat_handover", "show_log", "watch_setup", "confirm_end_turn",
                     "confirm_last_action", "show_coordinates", "lesson_done", "show_grid",
                     "reduce_motion"):
            value = getattr(self, name)
            setattr(out, name, value if isinstance(value, bool) else getattr(d, name))
        for name in VOLUMES:
            v = getattr(self, name)
            ok = isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1
            setattr(out, name, round(float(v), 2) if ok else getattr(d, name))
        out.muted = self.muted if isinstance(self.muted, bool) else d.muted
        out.language = self.language if isinstance(self.language, str) \
            and self.language in LANGUAGES else d.language
        keys = self.keys if isinstance(self.keys, dict) else {}
        out.keys = {k: v for k, v in list(keys.items())[:64]
                    if isinstance(k, str) and isinstance(v, str) and len(v) <= 32}
        return out


def fit_window(size: tuple[int, int]) -> tuple[int, int]:
    """A window size no larger than MAX_WINDOW on either side (the rest kept)."""
    return (max(MIN_WINDOW[0], min(int(size[0]), MAX_WINDOW[0])),
            max(MIN_WINDOW[1], min(int(size[1]), MAX_WINDOW[1])))


def config_dir() -> Path:
    env = os.environ.get("NARBY_CONFIG_DIR")
    if env:
        return Path(env)

    return Path(user_config_dir(APP_NAME))


MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes
MAX_DEPTH = 8


def load() -> Settings:
    """The saved settings; defaults (and one log line) for a file that is not a small
    regular JSON file: a named pipe or device is never opened (no blocking), a huge or
    deeply nested file never parsed."""
    try:
        path = config_dir() / FILE_NAME
        raw = _read(path)
    except Exception as exc:  # nothing about a settings file may stop the window
        if not isinstance(exc, FileNotFoundError):
            log.warning("settings %s ignored, using defaults: %s", FILE_NAME,
                        str(exc)[:200])
        return Settings()
    if not isinstance(raw, dict):
        log.warning("settings %s ignored, using defaults: not a JSON object", path)
        return Settings()
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in raw.items() if k in known})
    if isinstance(s.window, list):
        s.window = tuple(s.window)
    return s.validated()


def _read(path: Path):
    # FileNotFoundError: no settings yet (quietly defaults); a pipe: refused, not waited on
    raw = json.loads(read_regular(path, MAX_BYTES).decode("utf-8-sig"))  # Notepad's BOM too

    if too_deep(raw, MAX_DEPTH):
        raise ValueError(f"{path} is nested too deeply")
    return raw


def _keep_unreadable(path: Path) -> None:
    """A settings file that does not read (a hand edit's stray comma) is set aside as
    settings.json.unreadable before new settings replace it: the player's edit is kept."""
    if not path.is_file():
        return
    try:
        _read(path)
    except (ValueError, OSError):
        os.replace(path, set_aside_name(path))


def save(settings: Settings) -> Path | None:
    """Write atomically (temp file, then replace); returns the path, or None when the
    config directory cannot be written (the game goes on with the settings in memory)."""
    folder = config_dir()
    path = folder / FILE_NAME
    try:
        _keep_unreadable(path)
        data = asdict(settings.validated())
        data["window"] = list(data["window"])
        write_atomic(path, json.dumps(data, indent=1).encode("utf-8"), sync=False)
    except OSError:
        return None
    return path
