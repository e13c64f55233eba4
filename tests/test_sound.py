"""Sound (issue 21) without audio: the event -> cue mapping, the mixer's limits under a
whole instant-pace game (a fake backend counts), the volumes, the silent fallback,
the sound test, and the shipped files against a fresh run of tools/make_sounds.py."""

from __future__ import annotations

import wave
from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame
import pytest

from game import registry
from game.log import TEMPLATES
from game.players import RandomPlayer
from game.session import Session
from game.ui import settings
from game.ui.event_animation import EventAnimation
from game.ui.settings import Settings
from game.ui.sound import SoundSystem
from game.ui.sound import mixer as mixer_mod
from game.ui.sound.cues import (
    EVENT_CUES,
    REACTION,
    Cue,
    Listener,
    coins_cue,
    decision_cue,
    event_cue,
    every_sound,
    summarise,
)
from game.ui.sound.mixer import CHANNELS, GROUP_LIMIT, INSTANT_GAP, POOLS, Mixer
from game.ui.sound.sound_test import run
from tools import make_sounds

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"

# one plausible record of each event kind (fields as docs/FORMATS.md and game/log.py)
SAMPLE = {
    "roll": {"purpose": "destroy", "die": 6, "face": 3, "total": 3, "mods": []},
    "coins": {"from": "bank", "to": "red", "amount": 3, "reason": "tribute"},
    "attack": {"attacker": "red", "defender": "blue", "winner": "red"},
    "game_over": {"round": 9, "winner": "red"},
    "turn": {"dragon": "red"},
    "action": {"dragon": "red", "do": "move"},
    "tribute_claim": {"coins": 2},
    "tribute": {"dragon": "red", "coins": 7},
}


class FakeBackend:
    """Counts what would be heard; every sound lasts as long as its shipped file."""

    available = True

    def __init__(self):
        self.plays: list[tuple[int, str, float]] = []
        self.stops: list[int] = []
        self.music: list[tuple] = []

    def length(self, name: str) -> float:
        with wave.open(str(SOUNDS / f"{name}.wav")) as w:
            return w.getnframes() / w.getframerate()

    def play(self, channel, name, volume):
        self.plays.append((channel, name, volume))

    def stop(self, channel):
        self.stops.append(channel)

    def music_play(self, name, fade_ms):
        self.music.append(("play", name))

    def music_volume(self, volume):
        self.music.append(("volume", round(volume, 3)))

    def music_fadeout(self, ms):
        self.music.append(("fadeout", ms))

    def music_stop(self):
        self.music.append(("stop",))


# ----- the mapping ---------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(TEMPLATES))
def test_each_event_kind_maps_to_a_shipped_sound(kind):
    cue = event_cue({"type": kind, **SAMPLE.get(kind, {})})
    assert isinstance(cue, Cue), kind
    assert cue.sound in every_sound()
    assert (SOUNDS / f"{cue.sound}.wav").is_file()
    assert 0 <= cue.priority <= 100 and 0 < cue.volume <= 1


def test_every_kind_the_log_knows_has_a_cue_and_no_more():
    assert set(EVENT_CUES) == set(TEMPLATES)


def test_every_named_sound_is_shipped_and_every_shipped_sound_is_used():
    shipped = {p.stem for p in SOUNDS.glob("*.wav")}
    assert set(every_sound()) <= shipped
    assert shipped - set(every_sound()) == {"music_menu", "music_game"}


def test_a_place_power_and_a_card_play_sound_as_their_spec_says(monkeypatch):
    # issue 32: the registry's sound keys, defaults "power" and "card_played"
    power = {"type": "power", "dragon": "red", "place": "madhouse", "use": "turn"}
    card = {"type": "card", "dragon": "red", "card": "fighter", "use": "modify"}
    assert event_cue(power).sound == "power" and event_cue(card).sound == "card_played"
    monkeypatch.setitem(registry._PLACES, "madhouse",
                        replace(registry.place("madhouse"), sound="theft"))
    monkeypatch.setitem(registry._CARDS, "fighter",
                        replace(registry.card("fighter"), sound="attack_won"))
    assert event_cue(power).sound == "theft" and event_cue(power).group == "power"
    assert event_cue(card).sound == "attack_won" and event_cue(card).group == "card"
    assert {"theft", "attack_won"} <= set(every_sound())
    assert event_cue({**power, "place": "not_a_place"}).sound == "power"


def test_dice_by_count_and_coins_by_amount():
    col = event_cue({"type": "roll", "purpose": "location_col"})
    row = event_cue({"type": "roll", "purpose": "location_row"})
    assert col.sound == "dice_2" and row is None  # one rattle for the pair of dice
    assert event_cue({"type": "roll", "purpose": "destroy"}).sound == "dice_1"
    assert [coins_cue(n).sound for n in (1, 2, 3, 6, 7, 40)] == [
        "coins_few", "coins_few", "coins_some", "coins_some", "coins_many", "coins_many"]
    theft = event_cue({"type": "coins", "amount": 4, "reason": "steal"})
    assert theft.sound == "theft"


def test_attack_winner_victory_defeat_and_turn_chimes():
    me = Listener(frozenset({"red"}))
    atk = {"type": "attack", "attacker": "red", "defender": "blue"}
    assert event_cue({**atk, "winner": "red"}).sound == "attack_won"
    assert event_cue({**atk, "winner": "blue"}).sound == "attack_held"
    assert event_cue({"type": "game_over", "winner": "red"}, me).sound == "victory"
    assert event_cue({"type": "game_over", "winner": "blue"}, me).sound == "defeat"
    assert event_cue({"type": "game_over", "winner": ["red", "blue"]}, me).sound == "victory"
    assert event_cue({"type": "game_over", "winner": "thief"}).sound == "victory"  # AI only
    assert event_cue({"type": "turn", "dragon": "red"}, me).sound == "your_turn"
    assert event_cue({"type": "turn", "dragon": "blue"}, me).sound == "turn"
    hot = Listener(frozenset({"red", "blue"}), handover=True)
    assert event_cue({"type": "turn", "dragon": "red"}, hot).sound == "turn"  # hand-over chimes
    assert decision_cue("reaction", "red", me) == REACTION
    assert decision_cue("action", "red", me) is None
    assert decision_cue("reaction", "blue", me) is None


def test_fifty_coin_events_summarise_into_one_pour():
    cues = [coins_cue(1) for _ in range(50)] + [event_cue({"type": "claim"})]
    out = summarise(cues)
    assert len(out) == 2
    coins = next(c for c in out if c.key == "coins")
    assert coins.sound == "coins_many" and coins.amount == 50
    assert len(summarise([event_cue({"type": k, **SAMPLE.get(k, {})}) for k in TEMPLATES
                          if event_cue({"type": k, **SAMPLE.get(k, {})})])) == 2


# ----- the mixer -----------------------------------------------------------------------
def test_group_and_pool_limits_and_priorities():
    fb = FakeBackend()
    mx = Mixer(fb)
    for _ in range(5):
        mx.play(coins_cue(3))
        mx.update(0.06)
    assert sum(1 for p in mx.channels.values() if p.cue.key == "coins") <= GROUP_LIMIT["coins"]
    filler = [Cue(f"dice_{1 + i % 3}", 20, 1.0, f"g{i}") for i in range(20)]
    for c in filler:
        mx.play(c)
    assert len(mx.channels) <= len(POOLS["effects"]) + len(POOLS["ui"])
    assert all(ch in POOLS["effects"] for ch in mx.channels)
    assert mx.play(Cue("your_turn", 90, 1.0, "turn"))  # takes a channel from a lesser cue
    assert not mx.play(Cue("tick", 5, 1.0, "tick2"))   # a lesser cue finds none
    assert mx.play(Cue("ui_click", 10, 1.0, "ui_click", "ui"))  # the UI has its own


def test_muted_or_zero_volume_plays_nothing_and_music_follows():
    fb = FakeBackend()
    sound = SoundSystem(fb, Settings(muted=True))
    assert not sound.cue(coins_cue(3))
    assert sound.events([{"type": "claim"}]) == []
    assert ("volume", 0.0) in fb.music
    sound.configure(Settings(master_volume=0.5, effects_volume=0.4, music_volume=0.6))
    assert sound.cue(Cue("ring_place", 50, 1.0))
    assert fb.plays[-1][2] == pytest.approx(0.2)
    assert fb.music[-1] == ("volume", 0.3)
    sound.configure(Settings(effects_volume=0.0))
    assert not sound.cue(Cue("build", 50, 1.0))


def test_music_fades_ducks_and_plays_once():
    fb = FakeBackend()
    sound = SoundSystem(fb, Settings(master_volume=1.0, music_volume=1.0))
    sound.music.play("menu")
    sound.music.play("menu")
    assert [m for m in fb.music if m[0] == "play"] == [("play", "music_menu")]
    sound.music.duck()
    for _ in range(60):
        sound.update(1 / 60)
    assert fb.music[-1] == ("volume", 0.35)
    sound.music.unduck()
    for _ in range(60):
        sound.update(1 / 60)
    assert fb.music[-1] == ("volume", 1.0)
    sound.music.fade_out()
    assert fb.music[-1][0] == "fadeout" and sound.music.track is None
    with pytest.raises(ValueError):
        sound.music.play("jazz")


def _instant_game(seed: int, seats: int = 4, per_frame: int = 10):
    """A whole game of random seats fed to the board animation at the instant pace,
    a batch of answers a frame as the window does (up to 40), the sound listening."""
    session = Session.new([{"dragon": None, "player": "random"}] * seats, seed=seed,
                          options={"target": 30})
    m, player = session.match, RandomPlayer(seed)
    fb = FakeBackend()
    sound = SoundSystem(fb, Settings())
    animation = EventAnimation()
    fed, frames, busiest = 0, 0, 0
    per_second: dict[int, int] = {}
    while True:
        for _ in range(per_frame):
            if m.finished:
                break
            session.submit(player.choose(m))
        animation.feed(m.events[fed:])
        fed = len(m.events)
        animation.update(1 / 60, 0.0, lambda e: None)
        before = len(sound.mixer.played)
        sound.events(animation.take_started(), Listener(), instant=True)
        sec = int(sound.mixer.now)
        per_second[sec] = per_second.get(sec, 0) + len(sound.mixer.played) - before
        busiest = max(busiest, len(sound.mixer.channels))
        for key in {p.cue.key for p in sound.mixer.channels.values()}:
            n = sum(1 for p in sound.mixer.channels.values() if p.cue.key == key)
            assert n <= GROUP_LIMIT.get(key, mixer_mod.DEFAULT_GROUP_LIMIT)
        sound.update(1 / 60)
        frames += 1
        if m.finished and animation.idle:
            break
    return m, sound, busiest, per_second, frames


def test_an_instant_pace_game_never_piles_up():
    m, sound, busiest, per_second, frames = _instant_game(7)
    mx = sound.mixer
    assert m.finished
    assert busiest <= CHANNELS and mx.peak_channels <= len(POOLS["effects"])
    # a summary: a few sounds a second, not hundreds of events' worth
    assert max(per_second.values()) <= 2 * (1 + 1 / INSTANT_GAP) + 2
    assert len(mx.played) < len(m.events) / 3
    # the game still sounds like a game: many kinds of sound, and its end
    heard = {s for _, s in mx.played}
    assert len(heard) >= 3
    assert mx.played[-1][1] == "victory"  # nobody at this screen lost


def test_the_same_game_sounds_the_same():
    a = _instant_game(3, seats=3)[1].mixer.played
    b = _instant_game(3, seats=3)[1].mixer.played
    assert a == b


# ----- no device, the sound test -------------------------------------------------------
def test_no_audio_device_is_silent_with_one_line(monkeypatch, capfd):
    def broken(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sound = SoundSystem.open(Settings())
    got = capfd.readouterr()
    assert not sound.available
    assert got.out.count("\n") == 1 and "no sound" in got.out and "ALSA" in got.out
    assert got.err == ""  # not an error: Tiled shows each stderr line of Play as one
    assert not sound.cue(coins_cue(3)) or True  # plays into nothing, raises nothing
    sound.events([{"type": "claim"}, {"type": "coins", "amount": 9}])
    sound.music.play("game")
    sound.update(0.5)
    sound.close()


def test_sound_test_plays_each_effect_once_then_music():
    fb, waited, lines = FakeBackend(), [], []
    assert run(3.0, backend=fb, wait=waited.append, out=lines.append) == 0
    assert sorted(name for _, name, _ in fb.plays) == every_sound()
    assert ("play", "music_menu") in fb.music and 3.0 in waited
    assert lines[-1] == "Done"


def test_settings_volumes_are_validated_and_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("NARBY_CONFIG_DIR", str(tmp_path))
    bad = Settings(master_volume=3, effects_volume="loud", music_volume=True, muted="yes")
    good = bad.validated()
    assert (good.master_volume, good.effects_volume, good.music_volume, good.muted) == (
        0.8, 0.8, 0.5, False)
    settings.save(Settings(master_volume=0.3, music_volume=0.0, muted=True))
    back = settings.load()
    assert (back.master_volume, back.music_volume, back.muted) == (0.3, 0.0, True)


# ----- the files -----------------------------------------------------------------------
def test_shipped_sounds_are_what_the_tool_makes_now():
    """tools/make_sounds.py is deterministic and the committed files are not stale."""
    stale = [name for name, make in make_sounds.all_sounds()
             if (SOUNDS / name).read_bytes() != make()]
    assert not stale, f"run tools/make_sounds.py: {stale}"


def test_sound_files_are_small_levelled_and_seamless():
    files = sorted(SOUNDS.glob("*.wav"))
    assert sum(p.stat().st_size for p in files) <= 5 * 1024 * 1024
    for p in files:
        with wave.open(str(p)) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            x = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(float) / 32768
        peak_db = 20 * np.log10(np.max(np.abs(x)))
        rms_db = 20 * np.log10(np.sqrt(np.mean(x ** 2)))
        assert peak_db < -1.0, p.name          # no clipping, headroom for the mixer
        assert rms_db > -36.0, p.name          # nothing near silent
        if p.stem.startswith("music_"):         # the loop's seam is no louder than a step
            steps = np.abs(np.diff(x))
            assert abs(x[0] - x[-1]) <= np.percentile(steps, 99.9)
