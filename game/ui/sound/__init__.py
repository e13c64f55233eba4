"""Sound: effects driven by the match's events, music, volumes (issue 21).

`cues` maps events to sounds (pure), `mixer` plays them on limited channels, `music`
loops the menu and game themes. `SoundSystem` ties them to the settings (master,
effects and music volume, mute) and is what the window holds (`App.sound`).
"""

from __future__ import annotations

from game.ui.sound.cues import EFFECTS, UI, Cue, Listener, event_cues
from game.ui.sound.mixer import Mixer, NullBackend, open_backend
from game.ui.sound.music import Music


class SoundSystem:
    def __init__(self, backend=None, settings=None):
        self.backend = backend or NullBackend()
        self.mixer = Mixer(self.backend)
        self.music = Music(self.backend)
        self.muted = False
        self.configure(settings)

    @classmethod
    def open(cls, settings=None, *, enabled: bool = True) -> SoundSystem:
        """The device's mixer, or a silent one (with one line on stdout saying why: no
        audio device is not an error, and Tiled counts every stderr line of its Preview
        and Play commands as one)."""
        backend, why = open_backend(enabled)
        if why:
            print(f"narby: no sound ({why}); playing silently")
        return cls(backend, settings)

    @property
    def available(self) -> bool:
        return bool(getattr(self.backend, "available", False))

    def configure(self, settings) -> None:
        """Take the volumes and mute from the settings (None: full volume)."""
        master = getattr(settings, "master_volume", 1.0)
        effects = getattr(settings, "effects_volume", 1.0)
        music = getattr(settings, "music_volume", 1.0)
        self.muted = bool(getattr(settings, "muted", False))
        m = 0.0 if self.muted else master
        self.mixer.volumes = {EFFECTS: m * effects, UI: m * effects}
        self.music.set_volume(m * music)

    def events(self, events, listener: Listener | None = None, *, instant: bool = False
               ) -> list[Cue]:
        """The sounds of events whose animation starts now (one frame's worth)."""
        return self.mixer.play_batch(event_cues(events, listener or Listener()), instant)

    def cue(self, cue: Cue | None) -> bool:
        return cue is not None and self.mixer.play(cue)

    def update(self, dt: float) -> None:
        self.mixer.update(dt)
        self.music.update(dt)

    def close(self) -> None:
        self.mixer.stop_all()
        self.music.stop()
