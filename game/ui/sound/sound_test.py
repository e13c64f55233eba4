"""`narby sound-test`: every effect once, then a few seconds of music, through the
audio device, for players checking their sound. With SDL's disk driver the output is
captured to a file:

    SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=out.raw narby sound-test
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from game.ui.sound.cues import every_sound

GAP = 0.12  # seconds of quiet after each effect


def run(music_seconds: float = 4.0, *, backend=None,
        wait: Callable[[float], None] | None = None, out=None) -> int:
    """Play everything; 0 when the device played it, 1 when there is no device."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 (window code stays out of headless commands)

    say = out or (lambda text: print(text, flush=True))
    own = backend is None
    if own:
        from game.ui.sound.mixer import open_backend  # noqa: PLC0415 (window code stays out of headless commands)

        backend, why = open_backend()
        if why:
            print(f"narby sound-test: no sound: {why}", file=sys.stderr)
            return 1
    if wait is None:
        def wait(seconds: float) -> None:
            pygame.time.wait(int(seconds * 1000))
    try:
        names = every_sound()
        say(f"Playing {len(names)} effects, then {music_seconds:g} s of music")
        for name in names:
            say(f"  {name}")
            backend.play(0, name, 1.0)
            wait(backend.length(name) + GAP)
        say("  music (the menu theme)")
        backend.music_volume(1.0)
        backend.music_play("music_menu", 400)
        wait(music_seconds)
        backend.music_fadeout(700)
        wait(0.8)
        say("Done")
    finally:
        if own:
            pygame.mixer.quit()
    return 0
