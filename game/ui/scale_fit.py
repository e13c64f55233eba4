"""The UI scale a window can hold.

Every screen is laid out to fit a 1024x640 window at a drawing scale of FIT (the UI
audit checks it there); a larger window holds proportionally more. A UI-scale setting
the window cannot hold is lowered to the largest that fits, in whole 5% steps, and
Settings says so ("200% needs a larger window: 140% is used"): a screen whose buttons
overlap or fall off the window is worse than smaller text.
"""

from __future__ import annotations

import math

from game.i18n import _

BASE = (1024, 640)
FIT = 1.15  # the drawing scale every screen fits at 1024x640


def auto_scale(size: tuple[int, int]) -> float:
    """Text and controls grow gently with the window: 1.0 at 1280x720, about 1.27 at
    1920x1080, 1.5 at 2560x1440 (times the UI-scale setting)."""
    w, h = size
    return round(max(0.9, min(1.5, (min(w / 1280, h / 720)) ** 0.6)), 2)


def room(size: tuple[int, int]) -> float:
    """The largest drawing scale `size` holds."""
    return FIT * min(size[0] / BASE[0], size[1] / BASE[1])


def used_scale(ui_scale: float, size: tuple[int, int]) -> float:
    """The UI scale actually used for the setting `ui_scale` in a window of `size`: the
    setting, or the largest 5% step below it that fits (never below 85%)."""
    auto = auto_scale(size)
    if ui_scale * auto <= room(size) + 1e-9:
        return ui_scale
    return max(0.85, min(ui_scale, math.floor(room(size) / auto * 20 + 1e-9) / 20))


def look_scale(ui_scale: float, size: tuple[int, int]) -> float:
    """The drawing scale (the Look's) for the setting `ui_scale` in a window of `size`."""
    return used_scale(ui_scale, size) * auto_scale(size)


def note(ui_scale: float, size: tuple[int, int]) -> str:
    """What Settings says when the window cannot hold the chosen scale, else ""."""
    used = used_scale(ui_scale, size)
    if used >= ui_scale:
        return ""
    # TRANSLATORS: Settings' note; {asked} and {used} are percentages such as 200 and 140
    return _("{asked}% needs a larger window: {used}% is used").format(
        asked=round(ui_scale * 100), used=round(used * 100))
