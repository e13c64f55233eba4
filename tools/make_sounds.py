"""Synthesise every sound of the game into assets/sounds/ (re-runnable, deterministic).

    .venv/bin/python tools/make_sounds.py          # writes assets/sounds/*.wav
    .venv/bin/python tools/make_sounds.py --check  # exit 1 if a shipped file differs

Nothing is downloaded or recorded: each effect is built from a few physical ideas
(damped sine partials for struck things, short noise bursts through resonant filters
for clicks, thuds and wings) and each music loop from note events (soft pads, a
harp-like pluck, a round bass) on a modal scale. A loop is rendered circularly: the
tails of notes that ring past its end are added to its start, so it repeats with no
seam. Every random choice comes from a generator seeded by the sound's name, so the
same code writes the same bytes.

Format: WAV, mono, 16-bit (pygame plays it everywhere; it cannot write OGG): effects
at 22.05 kHz, each normalised to its own peak level (a tick is quieter than a gong),
always below 0 dBFS, its inaudible tail cut; the music loops (24 s and 48 s) rendered
at 22.05 kHz and resampled to 16 kHz by their Fourier series (still seamless), to keep
all the sounds under 5 MB.
"""

from __future__ import annotations

import argparse
import io
import sys
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
SR = 22050
MUSIC_SR = 16000  # the loops have nothing above 8 kHz worth the bytes
TAU = 2 * np.pi


# ----- building blocks -----------------------------------------------------------------
def n_of(seconds: float) -> int:
    return int(round(seconds * SR))


def times(n: int) -> np.ndarray:
    return np.arange(n) / SR


def silence(seconds: float) -> np.ndarray:
    return np.zeros(n_of(seconds))


def add(buf: np.ndarray, snd: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix snd into buf starting at `at` seconds (cut at the end of buf)."""
    i = n_of(at)
    if i >= len(buf):
        return
    j = min(len(buf), i + len(snd))
    buf[i:j] += gain * snd[:j - i]


def soft_attack(n: int, attack: float) -> np.ndarray:
    """A raised-cosine rise over `attack` seconds, then 1."""
    env = np.ones(n)
    k = min(n, max(1, n_of(attack)))
    env[:k] = 0.5 - 0.5 * np.cos(np.pi * np.arange(k) / k)
    return env


def fade_out(x: np.ndarray, seconds: float) -> np.ndarray:
    k = min(len(x), max(1, n_of(seconds)))
    x = x.copy()
    x[-k:] *= 0.5 + 0.5 * np.cos(np.pi * np.arange(k) / k)
    return x


def partials(freq: float, parts, seconds: float, attack: float = 0.003,
             glide: float = 0.0) -> np.ndarray:
    """Sum of damped sines: parts = [(ratio, amplitude, decay seconds)]. Partials at or
    above 0.45 of the sample rate are left out (no aliasing). glide: relative pitch
    drop over the sound (a drum's skin loosening)."""
    n = n_of(seconds)
    t = times(n)
    out = np.zeros(n)
    for ratio, amp, decay in parts:
        f = freq * ratio
        if f >= 0.45 * SR:
            continue
        if glide:
            fi = f * (1 - glide * (1 - np.exp(-t / 0.08)))
            phase = TAU * np.cumsum(fi) / SR
        else:
            phase = TAU * f * t
        out += amp * np.sin(phase) * np.exp(-t / decay)
    return out * soft_attack(n, attack)


def bandpass(x: np.ndarray, f0, q: float) -> np.ndarray:
    """RBJ band-pass biquad (0 dB peak); f0 a number or one frequency per sample."""
    f = np.broadcast_to(np.asarray(f0, dtype=float), x.shape)
    w = TAU * np.clip(f, 20, 0.45 * SR) / SR
    alpha = np.sin(w) / (2 * q)
    a0 = 1 + alpha
    b0 = (alpha / a0).tolist()
    a1 = (-2 * np.cos(w) / a0).tolist()
    a2 = ((1 - alpha) / a0).tolist()
    xs = x.tolist()
    y = [0.0] * len(xs)
    x1 = x2 = y1 = y2 = 0.0
    for i, xi in enumerate(xs):
        yi = b0[i] * (xi - x2) - a1[i] * y1 - a2[i] * y2
        x2, x1, y2, y1 = x1, xi, y1, yi
        y[i] = yi
    return np.array(y)


def lowpass(x: np.ndarray, fc: float) -> np.ndarray:
    """One-pole low-pass."""
    a = 1 - np.exp(-TAU * fc / SR)
    y, out = 0.0, [0.0] * len(x)
    for i, xi in enumerate(x.tolist()):
        y += a * (xi - y)
        out[i] = y
    return np.array(out)


def highpass(x: np.ndarray, fc: float) -> np.ndarray:
    return x - lowpass(x, fc)


def noise(rng: np.random.Generator, seconds: float) -> np.ndarray:
    return rng.standard_normal(n_of(seconds))


def burst(rng, seconds: float, decay: float) -> np.ndarray:
    n = noise(rng, seconds)
    return n * np.exp(-times(len(n)) / decay)


def hz(midi: float) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


# ----- instruments ---------------------------------------------------------------------
BELL = [(0.5, 0.22, 1.6), (1.0, 1.0, 1.2), (2.0, 0.42, 0.7), (2.76, 0.26, 0.45),
        (4.07, 0.13, 0.28), (5.4, 0.06, 0.18)]
WARM_BELL = [(0.5, 0.3, 1.8), (1.0, 1.0, 1.4), (2.0, 0.3, 0.7), (3.0, 0.1, 0.4)]
CLINK = [(1.0, 1.0, 0.22), (1.58, 0.75, 0.16), (2.31, 0.55, 0.11), (2.94, 0.4, 0.08),
         (3.7, 0.28, 0.06), (4.63, 0.16, 0.045)]
MARIMBA = [(1.0, 1.0, 0.35), (3.93, 0.18, 0.07), (9.2, 0.05, 0.02)]
HARP = [(1.0, 1.0, 1.5), (2.0, 0.38, 0.8), (3.0, 0.14, 0.45), (4.0, 0.07, 0.3)]
CLASH = [(1.0, 0.7, 0.45), (1.93, 0.6, 0.4), (2.87, 0.5, 0.3), (3.41, 0.45, 0.28),
         (4.62, 0.3, 0.2), (5.93, 0.22, 0.15), (7.21, 0.15, 0.12)]


def bell(freq: float, seconds: float = 1.6, parts=BELL, attack: float = 0.004):
    return partials(freq, parts, seconds, attack)


def clink(rng, freq: float) -> np.ndarray:
    snd = partials(freq, CLINK, 0.45, attack=0.0008)
    tick = highpass(burst(rng, 0.01, 0.0012), 3000)
    out = np.zeros(len(snd))
    out[:len(tick)] += 0.35 * tick
    return out + snd


def knock(rng, freq: float, decay: float = 0.035, seconds: float = 0.18) -> np.ndarray:
    """Wood on wood: two damped body modes and a short low-passed click."""
    body = partials(freq, [(1.0, 1.0, decay), (1.64, 0.5, decay * 0.6),
                           (2.7, 0.2, decay * 0.4)], seconds, attack=0.0005)
    click = lowpass(burst(rng, 0.02, 0.002), 2500)
    body[:len(click)] += 1.5 * click
    return body


def dice_click(rng, strength: float) -> np.ndarray:
    """One die hitting the table: a bright click and two short plastic resonances."""
    n = n_of(0.06)
    out = np.zeros(n)
    hit = highpass(burst(rng, 0.012, 0.0014), 1500)
    out[:len(hit)] += hit * 0.8
    for _ in range(2):
        f = float(rng.uniform(1700, 4300))
        out += partials(f, [(1.0, 0.45, float(rng.uniform(0.005, 0.013)))], 0.06,
                        attack=0.0003)
    out += partials(float(rng.uniform(520, 820)), [(1.0, 0.35, 0.02)], 0.06, attack=0.0005)
    return out * strength


def thud(rng, freq: float = 110, seconds: float = 0.4, decay: float = 0.12):
    body = partials(freq, [(1.0, 1.0, decay), (2.1, 0.25, decay * 0.5)], seconds,
                    attack=0.002, glide=0.35)
    dust = lowpass(burst(rng, 0.08, 0.02), 700)
    body[:len(dust)] += 0.6 * dust
    return body


def crumble(rng, seconds: float, count: int, cutoff: float = 1100) -> np.ndarray:
    """Falling stones: many small low-passed bursts, denser at first."""
    out = silence(seconds + 0.1)
    for i in range(count):
        at = seconds * (i / count) ** 1.6 + float(rng.uniform(0, 0.02))
        g = (1 - i / count) ** 0.7 * float(rng.uniform(0.4, 1.0))
        grain = bandpass(burst(rng, 0.05, float(rng.uniform(0.004, 0.012))),
                         float(rng.uniform(300, cutoff)), 2.5)
        add(out, grain, at, g)
    return out


def swish(rng, seconds: float, f_from: float, f_to: float, q: float = 2.0) -> np.ndarray:
    """Noise through a band-pass sweeping from f_from to f_to, in a smooth hump."""
    x = noise(rng, seconds)
    t = times(len(x)) / seconds
    f = f_from * (f_to / f_from) ** t
    return bandpass(x, f, q) * np.sin(np.pi * t) ** 2


def flick(rng, freq: float = 3200) -> np.ndarray:
    """A card's edge: a very short band-passed noise snap."""
    return bandpass(burst(rng, 0.05, 0.006), freq, 1.2)


def brass(freq: float, seconds: float) -> np.ndarray:
    """A soft horn-like note: few harmonics, slow attack, gentle release."""
    n = n_of(seconds)
    t = times(n)
    out = (np.sin(TAU * freq * t) + 0.35 * np.sin(TAU * 2 * freq * t)
           + 0.12 * np.sin(TAU * 3 * freq * t))
    env = soft_attack(n, 0.04) * np.exp(-t / (seconds * 0.9))
    return fade_out(out * env, min(0.15, seconds / 2))


def glide_tone(f_from: float, f_to: float, seconds: float) -> np.ndarray:
    n = n_of(seconds)
    t = times(n) / seconds
    f = f_from * (f_to / f_from) ** t
    phase = TAU * np.cumsum(f) / SR
    return fade_out(np.sin(phase) * soft_attack(n, 0.03) * np.exp(-t * 1.5), 0.1)


# ----- effects -------------------------------------------------------------------------
def fx_dice(count: int):
    def make(rng):
        out = silence(0.25 + 0.18 * count + 0.35)
        for d in range(count):
            at = 0.01 + 0.05 * d + float(rng.uniform(0, 0.02))
            gap, strength = float(rng.uniform(0.08, 0.11)), 1.0
            for _ in range(int(rng.integers(5, 8))):
                add(out, dice_click(rng, strength), at)
                at += gap * float(rng.uniform(0.8, 1.15))
                gap *= 0.72
                strength *= float(rng.uniform(0.5, 0.7))
            add(out, thud(rng, float(rng.uniform(140, 180)), 0.15, 0.03), 0.01 + 0.05 * d,
                0.25)
        return out
    return make


def fx_coins(count: int):
    def make(rng):
        span = 0.06 * count
        out = silence(span + 0.5)
        for i in range(count):
            at = span * (i / max(1, count)) ** 0.9 + float(rng.uniform(0, 0.02))
            g = float(rng.uniform(0.55, 1.0)) * (1 - 0.4 * i / max(1, count))
            add(out, clink(rng, float(rng.uniform(1800, 2600))), at, g)
        return out
    return make


def fx_tribute(rng):
    out = fx_coins(10)(rng)
    out = np.concatenate([out, silence(1.2)])
    add(out, bell(hz(74), 1.6, WARM_BELL), 0.0, 0.35)
    add(out, bell(hz(81), 1.6, WARM_BELL), 0.08, 0.25)
    return out


def fx_your_turn(rng):
    out = silence(1.8)
    add(out, bell(hz(81)), 0.0, 0.8)     # A5
    add(out, bell(hz(88)), 0.17, 0.6)    # E6
    return out


def fx_handover(rng):
    out = silence(2.2)
    for i, m in enumerate((67, 74, 79)):  # G4 D5 G5: warmer and slower than your turn
        add(out, bell(hz(m), 1.7, WARM_BELL), 0.22 * i, 0.7 - 0.1 * i)
    return out


def fx_prompt(rng):
    out = silence(0.9)
    add(out, partials(hz(76), MARIMBA, 0.6), 0.0, 0.8)   # E5
    add(out, partials(hz(81), MARIMBA, 0.6), 0.13, 0.9)  # A5: a rising question
    return out


def fx_round(rng):
    return bell(hz(62), 2.6, [(0.5, 0.35, 2.2), (1.0, 1.0, 1.8), (1.19, 0.3, 1.2),
                              (1.5, 0.25, 1.0), (2.0, 0.4, 0.8), (2.52, 0.12, 0.5)], 0.006)


def fx_phase(rng):
    out = silence(1.0)
    add(out, swish(rng, 0.35, 600, 2400, 1.5), 0.0, 0.25)
    add(out, bell(hz(86), 0.9), 0.12, 0.5)
    return out


def fx_turn(rng):
    out = silence(0.8)
    add(out, knock(rng, 620, 0.03), 0.0, 0.7)
    add(out, bell(hz(79), 0.7, WARM_BELL), 0.02, 0.25)
    return out


def fx_tick(rng):
    return knock(rng, 1100, 0.015, 0.1)


def fx_ring_place(rng):
    out = silence(0.9)
    add(out, knock(rng, 380, 0.03), 0.0, 0.6)
    add(out, partials(1480, [(1.0, 1.0, 0.45), (2.71, 0.45, 0.22), (5.13, 0.2, 0.1)], 0.8,
                      attack=0.001), 0.005, 0.55)
    add(out, partials(1480, [(1.0, 1.0, 0.2)], 0.3, attack=0.001), 0.1, 0.15)  # settles
    return out


def fx_ring_lost(rng):
    out = silence(1.0)
    add(out, swish(rng, 0.3, 2400, 700, 1.5), 0.0, 0.3)
    for i, f in enumerate((1480, 1110)):
        add(out, partials(f, [(1.0, 1.0, 0.35), (2.71, 0.35, 0.15)], 0.7, attack=0.002),
            0.08 + 0.16 * i, 0.5)
    return out


def fx_build(rng):
    out = silence(0.5)
    add(out, knock(rng, 430), 0.0, 0.9)
    add(out, knock(rng, 690, 0.03), 0.15, 0.7)
    return out


def fx_ruin(rng):
    out = crumble(rng, 0.8, 40)
    add(out, thud(rng, 90, 0.4), 0.0, 0.7)
    return out


def fx_destroyed(rng):
    out = crumble(rng, 1.2, 70, 900)
    add(out, thud(rng, 65, 0.7, 0.25), 0.0, 1.0)
    add(out, lowpass(noise(rng, 1.0), 250) * np.exp(-times(n_of(1.0)) / 0.35), 0.0, 0.8)
    return out


def fx_revolt(rng):
    out = silence(1.4)
    rumble = bandpass(noise(rng, 1.2), 260, 0.8)
    t = times(len(rumble)) / 1.2
    add(out, rumble * np.sin(np.pi * t) ** 1.5, 0.0, 0.5)
    for i in range(3):  # war drums
        add(out, thud(rng, 150 - 10 * i, 0.35, 0.15), 0.12 + 0.26 * i, 0.9)
    return out


def fx_destroy_failed(rng):
    out = silence(0.7)
    add(out, thud(rng, 120, 0.4, 0.1), 0.0, 0.9)
    add(out, glide_tone(330, 250, 0.35), 0.12, 0.2)
    return out


def clash(rng) -> np.ndarray:
    out = partials(640, CLASH, 0.9, attack=0.0008)
    hit = highpass(burst(rng, 0.05, 0.008), 2000)
    out[:len(hit)] += 1.2 * hit
    return out


def fx_attack_won(rng):
    out = silence(1.5)
    add(out, clash(rng), 0.0, 0.8)
    for i, m in enumerate((62, 66, 69)):  # D5 F#5 A5, rising: the attacker wins
        add(out, brass(hz(m + 12), 0.5 if i < 2 else 0.9), 0.32 + 0.12 * i, 0.35)
    return out


def fx_attack_held(rng):
    out = silence(1.4)
    add(out, clash(rng), 0.0, 0.8)
    add(out, thud(rng, 100, 0.4, 0.12), 0.3, 0.8)  # the shield holds
    add(out, brass(hz(57), 0.45), 0.42, 0.3)
    add(out, brass(hz(52), 0.8), 0.58, 0.3)
    return out


def fx_theft(rng):
    out = silence(0.8)
    add(out, swish(rng, 0.28, 900, 4200, 2.5), 0.0, 0.7)
    add(out, clink(rng, 2300), 0.24, 0.45)
    add(out, swish(rng, 0.2, 3000, 1200, 2.5), 0.3, 0.35)
    return out


def fx_flight(rng):
    out = silence(1.0)
    for i in range(3):  # three wing beats, the last the softest
        add(out, swish(rng, 0.2, 250, 900, 1.2), 0.2 * i, 1.0 - 0.22 * i)
    add(out, swish(rng, 0.8, 400, 1600, 0.9), 0.1, 0.35)
    return lowpass(out, 2200)  # air, not hiss


def fx_place_rise(rng):
    out = silence(2.0)
    pad = np.zeros(n_of(1.4))
    t = times(len(pad))
    for m in (50, 57, 62):
        pad += np.sin(TAU * hz(m) * t)
    add(out, pad * np.sin(np.pi * t / 1.4) ** 2, 0.0, 0.12)
    for i, m in enumerate((74, 76, 77, 81, 86)):  # D5 E5 F5 A5 D6
        add(out, bell(hz(m), 1.2), 0.1 + 0.11 * i, 0.45)
    return out


def fx_card_dealt(rng):
    out = silence(0.3)
    add(out, flick(rng, 3400), 0.0, 1.0)
    add(out, flick(rng, 1800), 0.05, 0.5)
    return out


def fx_card_played(rng):
    out = silence(1.1)
    add(out, flick(rng, 2800), 0.0, 1.0)
    add(out, knock(rng, 900, 0.01, 0.08), 0.04, 0.4)
    for i, m in enumerate((81, 85, 88)):  # A5 C#6 E6 sparkle
        add(out, bell(hz(m), 0.9), 0.1 + 0.07 * i, 0.22)
    return out


def fx_shuffle(rng):
    out = silence(0.9)
    at = 0.0
    for i in range(26):
        add(out, flick(rng, float(rng.uniform(2500, 4200))), at, 0.35 + 0.3 * (i % 2))
        at += 0.028 - 0.0006 * i
    add(out, knock(rng, 700, 0.02, 0.12), at + 0.06, 0.6)
    return out


def fx_treasure(rng):
    out = silence(1.5)
    for i, m in enumerate((81, 84, 86, 88, 91, 93)):  # pentatonic sparkle
        add(out, bell(hz(m), 1.0), 0.06 * i, 0.35)
    add(out, clink(rng, 2200), 0.0, 0.4)
    return out


def fx_power(rng):
    n = n_of(1.3)
    t = times(n)
    out = np.zeros(n)
    for m in (69, 76, 81, 85):
        vib = 1 + 0.004 * np.sin(TAU * 5.2 * t + m)
        out += np.sin(TAU * np.cumsum(hz(m) * vib) / SR)
    out *= np.sin(np.pi * np.minimum(1, t / 1.25)) ** 2 * 0.5
    sparkle = silence(1.3)
    for i in range(5):
        add(sparkle, bell(hz(93 + 2 * (i % 3)), 0.6), 0.15 + 0.17 * i, 0.25)
    return out + sparkle


def fx_cancel(rng):
    out = silence(1.0)
    add(out, glide_tone(1200, 480, 0.6), 0.0, 0.6)
    add(out, glide_tone(1800, 720, 0.6), 0.02, 0.3)
    add(out, swish(rng, 0.5, 4000, 900, 1.0), 0.0, 0.3)
    return out


def fx_chest(rng):
    out = silence(0.9)
    at = 0.0
    for i in range(14):  # the hinge creaks
        add(out, bandpass(burst(rng, 0.02, 0.003), 900 + 30 * i, 6), at, 0.5)
        at += 0.022 + 0.0025 * i
    add(out, knock(rng, 160, 0.07, 0.35), at + 0.04, 1.0)  # the lid drops
    return out


def fx_fizzle(rng):
    out = silence(0.8)
    add(out, partials(hz(69), MARIMBA, 0.5), 0.0, 0.6)
    add(out, partials(hz(64), MARIMBA, 0.5), 0.14, 0.5)
    return out


def fx_ui_click(rng):
    out = silence(0.07)
    add(out, highpass(burst(rng, 0.01, 0.0012), 2000), 0.0, 0.6)
    add(out, partials(2600, [(1.0, 0.5, 0.008)], 0.05, attack=0.0003), 0.0)
    return out


def fx_ui_refuse(rng):
    out = silence(0.45)
    for i, f in enumerate((233.1, 196.0)):
        n = n_of(0.14)
        t = times(n)
        tone = (np.sin(TAU * f * t) + 0.3 * np.sin(TAU * 2 * f * t)) * soft_attack(n, 0.01)
        add(out, fade_out(tone, 0.06), 0.13 * i, 0.8)
    return out


def fx_victory(rng):
    out = silence(3.4)
    for i, m in enumerate((62, 66, 69, 74)):  # D5 F#5 A5 D6
        add(out, bell(hz(m + 12), 1.8), 0.14 * i, 0.5)
        add(out, brass(hz(m), 0.6 if i < 3 else 1.6), 0.14 * i, 0.25)
    n = n_of(2.6)
    t = times(n)
    chord = sum(np.sin(TAU * hz(m) * t) for m in (50, 57, 62, 66))
    add(out, chord * soft_attack(n, 0.5) * np.exp(-t / 1.2), 0.5, 0.12)
    return out


def fx_defeat(rng):
    out = silence(3.0)
    for i, m in enumerate((69, 65, 62)):  # A4 F4 D4, slowly down
        add(out, bell(hz(m), 1.8, WARM_BELL), 0.42 * i, 0.6)
    n = n_of(2.4)
    t = times(n)
    chord = sum(np.sin(TAU * hz(m) * t) for m in (38, 50, 53, 57))
    add(out, chord * soft_attack(n, 0.6) * np.exp(-t / 1.1), 0.3, 0.1)
    return out


# name -> (maker, peak dBFS): quiet things stay quiet after normalising
EFFECTS: dict[str, tuple[Callable, float]] = {
    "dice_1": (fx_dice(1), -4.0),
    "dice_2": (fx_dice(2), -3.5),
    "dice_3": (fx_dice(3), -3.0),
    "coins_few": (fx_coins(2), -6.0),
    "coins_some": (fx_coins(5), -5.0),
    "coins_many": (fx_coins(12), -4.0),
    "tribute": (fx_tribute, -4.0),
    "your_turn": (fx_your_turn, -3.0),
    "handover": (fx_handover, -3.0),
    "prompt": (fx_prompt, -4.0),
    "round": (fx_round, -4.0),
    "phase": (fx_phase, -9.0),
    "turn": (fx_turn, -10.0),
    "tick": (fx_tick, -14.0),
    "ring_place": (fx_ring_place, -5.0),
    "ring_lost": (fx_ring_lost, -5.0),
    "build": (fx_build, -6.0),
    "ruin": (fx_ruin, -3.0),
    "destroyed": (fx_destroyed, -2.0),
    "revolt": (fx_revolt, -3.0),
    "destroy_failed": (fx_destroy_failed, -5.0),
    "attack_won": (fx_attack_won, -2.5),
    "attack_held": (fx_attack_held, -2.5),
    "theft": (fx_theft, -4.0),
    "flight": (fx_flight, -6.0),
    "place_rise": (fx_place_rise, -4.0),
    "card_dealt": (fx_card_dealt, -8.0),
    "card_played": (fx_card_played, -5.0),
    "shuffle": (fx_shuffle, -7.0),
    "treasure": (fx_treasure, -5.0),
    "power": (fx_power, -5.0),
    "cancel": (fx_cancel, -5.0),
    "chest": (fx_chest, -5.0),
    "fizzle": (fx_fizzle, -8.0),
    "ui_click": (fx_ui_click, -12.0),
    "ui_refuse": (fx_ui_refuse, -8.0),
    "victory": (fx_victory, -2.0),
    "defeat": (fx_defeat, -3.0),
}


# ----- music ---------------------------------------------------------------------------
def pad(freq: float, seconds: float) -> np.ndarray:
    n = n_of(seconds)
    t = times(n)
    out = np.zeros(n)
    for detune in (-0.0017, 0.0017):  # two voices a hair apart: a slow, soft chorus
        f = freq * (1 + detune)
        out += (np.sin(TAU * f * t) + 0.22 * np.sin(TAU * 2 * f * t)
                + 0.06 * np.sin(TAU * 3 * f * t))
    env = soft_attack(n, min(1.6, seconds / 3))
    return fade_out(out * env, min(2.2, seconds / 2.5))


def pluck(freq: float, seconds: float = 2.2) -> np.ndarray:
    return partials(freq, HARP, seconds, attack=0.006)


def bass(freq: float, seconds: float) -> np.ndarray:
    n = n_of(seconds)
    t = times(n)
    out = np.sin(TAU * freq * t) + 0.18 * np.sin(TAU * 2 * freq * t)
    return fade_out(out * soft_attack(n, 0.35) * np.exp(-t / (seconds * 1.5)), 1.0)


def melody(rng, chords, beat: float, beats_per_chord: int, scale: list[int],
           density: float) -> list[tuple[float, int, float]]:
    """(time, midi, velocity) notes: a gentle random walk on the scale, landing on chord
    tones on the strong beats, with rests."""
    notes = []
    idx = len(scale) // 2
    for c, (_, tones) in enumerate(chords):
        for b in range(beats_per_chord):
            strong = b % 4 == 0
            if rng.random() > (0.85 if strong else density):
                continue
            step = int(rng.choice([-2, -1, -1, 1, 1, 2, 0]))
            idx = min(len(scale) - 1, max(0, idx + step))
            if strong:  # nearest chord tone (any octave)
                cands = [i for i, m in enumerate(scale) if m % 12 in {t % 12 for t in tones}]
                idx = min(cands, key=lambda i: abs(i - idx))
            at = (c * beats_per_chord + b) * beat
            vel = float(rng.uniform(0.55, 0.9)) * (1.0 if strong else 0.8)
            notes.append((at, scale[idx], vel))
            if not strong and rng.random() < 0.18 and idx + 1 < len(scale):  # a grace step
                notes.append((at + beat / 2, scale[idx + 1], vel * 0.7))
    return notes


def render_loop(name: str, chords, beat: float, beats_per_chord: int, scale: list[int],
                density: float, bells_every: int) -> np.ndarray:
    """A seamless loop: every note is mixed into a circular buffer."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    chord_len = beat * beats_per_chord
    length = chord_len * len(chords)
    tail = 4.0
    buf = silence(length + tail)
    for c, (root, tones) in enumerate(chords):
        start = c * chord_len
        for m in tones:  # pads overlap the next chord a little: no gaps
            add(buf, pad(hz(m), chord_len + 1.6), start - 0.3 if c else start, 0.11)
        add(buf, bass(hz(root), chord_len + 1.0), start, 0.3)
        if bells_every and c % bells_every == bells_every - 1:
            add(buf, bell(hz(tones[-1] + 24), 3.0, WARM_BELL), start + beat * 2, 0.08)
    if chords:  # the first chord's pads fade in from the last chord's overlap
        for m in chords[0][1]:
            add(buf, pad(hz(m), 1.9), length - 0.3, 0.11)
    for at, m, vel in melody(rng, chords, beat, beats_per_chord, scale, density):
        add(buf, pluck(hz(m)), at, 0.42 * vel)
    loop = buf[:n_of(length)].copy()
    k = len(buf) - len(loop)
    loop[:k] += buf[len(loop):]  # tails wrap round to the start
    return loop


def dorian(root: int, lo: int, hi: int) -> list[int]:
    steps = (0, 2, 3, 5, 7, 9, 10)
    return [m for m in range(lo, hi + 1) if (m - root) % 12 in steps]


def aeolian(root: int, lo: int, hi: int) -> list[int]:
    steps = (0, 2, 3, 5, 7, 8, 10)
    return [m for m in range(lo, hi + 1) if (m - root) % 12 in steps]


def music_menu() -> np.ndarray:
    # D dorian: Dm9, G(add9), Fmaj7, C(add9); 80 bpm, two bars a chord, 24 s
    chords = [(38, [50, 57, 60, 64, 65]), (43, [55, 59, 62, 69]),
              (41, [53, 57, 60, 64]), (36, [48, 55, 62, 64])]
    return render_loop("menu", chords, 0.75, 8, dorian(62, 69, 88), 0.45, 2)


def music_game() -> np.ndarray:
    # A aeolian, slower and sparser for long play: 48 s
    chords = [(45, [57, 60, 64, 67]), (41, [53, 57, 60, 64]), (36, [48, 55, 60, 64]),
              (43, [55, 59, 62, 67]), (45, [57, 60, 64, 71]), (40, [52, 55, 59, 62]),
              (41, [53, 57, 60, 64]), (43, [55, 60, 62, 67])]
    return render_loop("game", chords, 0.8571428571428571, 7, aeolian(57, 64, 84), 0.32, 4)


MUSIC: dict[str, tuple[Callable, float]] = {
    "music_menu": (music_menu, -4.0),
    "music_game": (music_game, -4.0),
}


# ----- output --------------------------------------------------------------------------
def normalise(x: np.ndarray, peak_db: float) -> np.ndarray:
    peak = float(np.max(np.abs(x)))
    if peak == 0:
        return x
    return x * (10 ** (peak_db / 20) / peak)


def wav_bytes(x: np.ndarray, rate: int = SR) -> bytes:
    pcm = np.clip(np.round(x * 32767), -32767, 32767).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def effect_samples(name: str) -> np.ndarray:
    make, peak = EFFECTS[name]
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    x = make(rng)
    x = normalise(x - float(np.mean(x)), peak)  # no DC
    loud = np.nonzero(np.abs(x) > 10 ** (-60 / 20))[0]  # cut the inaudible tail
    end = min(len(x), int(loud[-1]) + n_of(0.03)) if len(loud) else len(x)
    return fade_out(x[:end], 0.03)  # no click at the end


def resample_loop(x: np.ndarray, rate: int) -> np.ndarray:
    """Resample a loop by its Fourier series: the result is exactly periodic again."""
    n = int(round(len(x) * rate / SR))
    spectrum = np.fft.rfft(x)[:n // 2 + 1]
    return np.fft.irfft(spectrum, n) * (n / len(x))


def music_samples(name: str) -> np.ndarray:
    make, peak = MUSIC[name]
    return normalise(resample_loop(make(), MUSIC_SR), peak)


def all_sounds():
    """(file name, bytes-maker) for every sound, effects then music."""
    for name in EFFECTS:
        yield f"{name}.wav", lambda n=name: wav_bytes(effect_samples(n))
    for name in MUSIC:
        yield f"{name}.wav", lambda n=name: wav_bytes(music_samples(n), MUSIC_SR)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when a shipped file is missing or differs")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    stale, total = [], 0
    for file_name, make in all_sounds():
        data = make()
        total += len(data)
        path = args.out / file_name
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(file_name)
        else:
            path.write_bytes(data)
    if args.check and stale:
        print(f"make_sounds: stale: {', '.join(stale)}", file=sys.stderr)
        return 1
    print(f"{'checked' if args.check else 'wrote'} {len(EFFECTS) + len(MUSIC)} sounds, "
          f"{total / 1e6:.2f} MB, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
