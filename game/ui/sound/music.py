"""Music: a menu theme and an in-game loop (assets/sounds/music_*.wav, seamless loops
made by tools/make_sounds.py), streamed by the backend.

`play(track)` fades the track in (nothing happens when it already plays); `duck()`
lowers it smoothly while the game is paused, `unduck()` brings it back; `fade_out()`
lets it die away (the end screen). Volume changes ramp in `update(dt)`, on the same
frame clock as the effects.
"""

from __future__ import annotations

TRACKS = {"menu": "music_menu", "game": "music_game"}
FADE_IN_MS = 1800
FADE_OUT_MS = 2500
DUCKED = 0.35          # share of the volume left while paused
RAMP = 1.5             # volume share per second while ducking / unducking


class Music:
    def __init__(self, backend):
        self.backend = backend
        self.track: str | None = None
        self.volume = 1.0      # master x music, set by the sound system
        self.share = 1.0       # ducking: 1.0 normal, DUCKED while paused
        self.target = 1.0

    def _apply(self) -> None:
        self.backend.music_volume(self.volume * self.share)

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self._apply()

    def play(self, track: str) -> None:
        if track not in TRACKS:
            raise ValueError(f"no music track {track!r}")
        self.target = 1.0
        if self.track == track:
            return
        self.track = track
        self.share = 1.0
        self._apply()
        self.backend.music_play(TRACKS[track], FADE_IN_MS)
        self._apply()

    def duck(self) -> None:
        self.target = DUCKED

    def unduck(self) -> None:
        self.target = 1.0

    def fade_out(self, ms: int = FADE_OUT_MS) -> None:
        if self.track is not None:
            self.backend.music_fadeout(ms)
        self.track = None

    def stop(self) -> None:
        self.backend.music_stop()
        self.track = None

    def update(self, dt: float) -> None:
        if self.share == self.target:
            return
        step = RAMP * max(0.0, dt)
        if self.share < self.target:
            self.share = min(self.target, self.share + step)
        else:
            self.share = max(self.target, self.share - step)
        self._apply()
