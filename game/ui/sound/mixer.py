"""The effects mixer: channel limits, priorities, per-category volumes, summaries.

`Mixer.play(cue)` starts a sound on a channel of its category's pool, or not at all:
a group never has more than GROUP_LIMIT of its sounds at once nor starts twice within
its gap, and a full pool gives its least important channel to a more important cue
(a coin never cuts off the "your turn" chime). `play_batch` takes the cues of one
frame: at the instant pace a whole AI turn arrives at once and is summarised
(game.ui.sound.cues.summarise) into a couple of sounds, and no other summary starts
within INSTANT_GAP (chimes and the end excepted): one short summary, never fifty
overlapping clinks.

Time is the mixer's own clock, advanced by `update(dt)` (the frame time), so the same
frames give the same decisions in a test with a fake backend as in the window.

The backend is pygame.mixer (`PygameBackend`), or `NullBackend` when there is no audio
device or the mixer fails to open: then the game is silent, with one line on stderr.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pygame

from game import resources
from game.ui.sound.cues import EFFECTS, UI, Cue, summarise

SOUNDS = resources.asset("sounds")
FREQUENCY, BUFFER = 44100, 1024
POOLS = {UI: range(0, 2), EFFECTS: range(2, 12)}  # channel numbers of each category
CHANNELS = 12
GROUP_LIMIT = {"coins": 2, "dice": 2, "tick": 1, "turn": 1, "end": 1, "phase": 1,
               "round": 1, "ui_click": 1, "ui_refuse": 1}
DEFAULT_GROUP_LIMIT = 2
MIN_GAP = 0.05        # seconds between two starts of one group at a playing pace
INSTANT_GAP = 0.45    # ... at the instant pace
ALWAYS = 85           # cues this important skip the gaps (chimes, the end)


class NullBackend:
    """Plays nothing: no device, a failed mixer, or tests that only count."""

    available = False

    def length(self, name: str) -> float:
        return 0.0

    def play(self, channel: int, name: str, volume: float) -> None:
        pass

    def stop(self, channel: int) -> None:
        pass

    def music_play(self, name: str, fade_ms: int) -> None:
        pass

    def music_volume(self, volume: float) -> None:
        pass

    def music_fadeout(self, ms: int) -> None:
        pass

    def music_stop(self) -> None:
        pass


class PygameBackend:
    """pygame.mixer: one Sound per file, loaded on first use; music streamed."""

    available = True

    def __init__(self, folder: Path = SOUNDS):
        self.pg = pygame
        self.folder = folder
        self.sounds: dict[str, object] = {}
        pygame.mixer.set_num_channels(CHANNELS)
        pygame.mixer.set_reserved(CHANNELS)  # nobody else takes our channels

    def _sound(self, name: str):
        if name not in self.sounds:
            try:
                self.sounds[name] = self.pg.mixer.Sound(str(self.folder / f"{name}.wav"))
            except (self.pg.error, FileNotFoundError, OSError):
                self.sounds[name] = None
        return self.sounds[name]

    def length(self, name: str) -> float:
        snd = self._sound(name)
        return snd.get_length() if snd is not None else 0.0

    def play(self, channel: int, name: str, volume: float) -> None:
        snd = self._sound(name)
        if snd is None:
            return
        ch = self.pg.mixer.Channel(channel)
        ch.set_volume(max(0.0, min(1.0, volume)))
        ch.play(snd)

    def stop(self, channel: int) -> None:
        self.pg.mixer.Channel(channel).stop()

    def music_play(self, name: str, fade_ms: int) -> None:
        if _silent_device():  # SDL's dummy device hears nothing: skip decoding the loop
            return
        try:
            self.pg.mixer.music.load(str(self.folder / f"{name}.wav"))
            self.pg.mixer.music.play(loops=-1, fade_ms=fade_ms)
        except (self.pg.error, FileNotFoundError, OSError):
            pass

    def music_volume(self, volume: float) -> None:
        self.pg.mixer.music.set_volume(max(0.0, min(1.0, volume)))

    def music_fadeout(self, ms: int) -> None:
        self.pg.mixer.music.fadeout(ms)

    def music_stop(self) -> None:
        self.pg.mixer.music.stop()


def _silent_device() -> bool:
    """SDL's `dummy` audio driver (headless runs, the UI tests) discards every sample;
    the `disk` driver, which records, and real devices do not."""
    try:
        return pygame.mixer.get_driver() == "dummy"
    except pygame.error:
        return True


@contextlib.contextmanager
def _quiet_stderr():
    """Audio libraries (ALSA, PulseAudio) print lines of their own when there is no
    device; the game says it in one line instead."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_backend(enabled: bool = True):
    """(backend, None) with a working mixer, or (NullBackend(), why) when there is none.
    Call before pygame.init(): on failure SDL's audio is pointed at its dummy driver so
    pygame.init() does not try the device again (and print the library noise)."""
    if not enabled:
        return NullBackend(), None

    try:
        with _quiet_stderr():
            if not pygame.mixer.get_init():
                pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
        return PygameBackend(), None
    except Exception as exc:  # pygame.error, or a broken audio stack
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        with contextlib.suppress(Exception):
            pygame.mixer.quit()
        return NullBackend(), str(exc).strip().splitlines()[0] if str(exc).strip() else \
            type(exc).__name__


@dataclass
class Playing:
    cue: Cue
    started: float
    ends: float


class Mixer:
    """Effects on a fixed set of channels; see the module doc."""

    def __init__(self, backend=None):
        self.backend = backend or NullBackend()
        self.now = 0.0
        self.channels: dict[int, Playing] = {}
        self.last_start: dict[str, float] = {}
        self.last_summary = -1e9  # when the last instant-pace summary started
        self.volumes = {EFFECTS: 1.0, UI: 1.0}  # master x category, set by configure
        self.lengths: dict[str, float] = {}
        self.played: list[tuple[float, str]] = []  # (time, sound): for tests and measures
        self.dropped = 0
        self.peak_channels = 0

    # ----- time ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.now += max(0.0, dt)
        for ch in [c for c, p in self.channels.items() if p.ends <= self.now]:
            del self.channels[ch]

    def _length(self, sound: str) -> float:
        if sound not in self.lengths:
            self.lengths[sound] = self.backend.length(sound) or 0.5
        return self.lengths[sound]

    # ----- playing ---------------------------------------------------------------------
    def play_batch(self, cues: list[Cue], instant: bool = False) -> list[Cue]:
        """Cues that start in one frame. Instant pace: summarised first. Returns what
        was started."""
        if not cues:
            return []
        if not instant:
            return [c for c in summarise(cues, limit=3) if self.play(c)]
        if self.now - self.last_summary < INSTANT_GAP:  # only chimes and the end now
            cues = [c for c in cues if c.priority >= ALWAYS]
        played = [c for c in summarise(cues) if self.play(c, True)]
        if played:
            self.last_summary = self.now
        return played

    def play(self, cue: Cue, instant: bool = False) -> bool:
        volume = self.volumes.get(cue.category, 1.0) * cue.volume
        if volume <= 0.001:
            return False
        gap = INSTANT_GAP if instant else MIN_GAP
        last = self.last_start.get(cue.key)
        if cue.priority < ALWAYS and last is not None and self.now - last < gap:
            self.dropped += 1
            return False
        pool = POOLS.get(cue.category, POOLS[EFFECTS])
        same = [c for c, p in self.channels.items() if p.cue.key == cue.key]
        limit = GROUP_LIMIT.get(cue.key, DEFAULT_GROUP_LIMIT)
        channel = None
        if len(same) >= limit:  # the group is full: replace its oldest, least important
            victim = min(same, key=lambda c: (self.channels[c].cue.priority,
                                              self.channels[c].started))
            if self.channels[victim].cue.priority > cue.priority:
                self.dropped += 1
                return False
            channel = victim
        if channel is None:
            free = [c for c in pool if c not in self.channels]
            if free:
                channel = free[0]
            else:  # the pool is full: the least important sound gives way, if less
                victim = min(pool, key=lambda c: (self.channels[c].cue.priority,
                                                  self.channels[c].started))
                if self.channels[victim].cue.priority >= cue.priority:
                    self.dropped += 1
                    return False
                channel = victim
        if channel in self.channels:
            self.backend.stop(channel)
        self.backend.play(channel, cue.sound, min(1.0, volume))
        self.channels[channel] = Playing(cue, self.now, self.now + self._length(cue.sound))
        self.last_start[cue.key] = self.now
        self.played.append((self.now, cue.sound))
        self.peak_channels = max(self.peak_channels, len(self.channels))
        return True

    def stop_all(self) -> None:
        for ch in list(self.channels):
            self.backend.stop(ch)
        self.channels.clear()
