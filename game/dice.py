"""The one dice object of a match: scripted faces first, then a seeded generator.

Every roll in the game goes through `Dice.roll`, so a scenario can script exact
outcomes and a seed reproduces a whole game. The match records each roll as an event.

Two generators: Python's Mersenne Twister (MT, "mt": every file without an "rng"
field, so 0.1.0 saves, replays and scenarios reproduce exactly) and the keyed-hash
stream of game.stream_random ("blake2b": new games, which record it).
"""

from __future__ import annotations

import argparse
import array
import random

from game import stream_random
from game.stream_random import StreamRandom, new_seed

MT = "mt"
STREAM = stream_random.NAME
GENERATORS = (MT, STREAM)
__all__ = ["GENERATORS", "MT", "STREAM", "Dice", "DiceScriptError", "DiceStateError",
           "ai_seed", "check_state", "new_seed", "parse_seed", "seed_argument"]


SEED_LIMIT = 2**256  # |seed| below this: new games' are 128 bits, files may hold more
SEED_WORDS = "a seed is a whole number of at most 77 digits"


def parse_seed(text: str) -> int:
    """A typed seed (New game's field, --seed): ASCII digits with an optional minus
    sign, at most 77 digits (under SEED_LIMIT); ValueError in plain words otherwise
    (int() alone takes "1_000" and "٣", and fails on its own terms past 4300 digits)."""
    text = text.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 77:  # 10**77 < 2**256
        raise ValueError(f"{text[:20]!r} is not a usable seed: {SEED_WORDS}")
    return int(text)


def seed_argument(text: str) -> int:
    """parse_seed for argparse, which prints the reason in one line."""
    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def ai_seed(seed: int, rng: str) -> int:
    """The root seed of a game's AI seats: the game's seed for MT games (as 0.1.0 did),
    a one-way hash of it for stream games (the AI's choices are public)."""
    return stream_random.ai_seed(seed) if rng == STREAM else seed


def generator(seed: int | None, rng: str = MT) -> random.Random:
    """The seeded generator named `rng` (one of GENERATORS)."""
    if rng == STREAM:
        return StreamRandom(seed)
    if rng != MT:
        raise ValueError(f"unknown dice generator {rng!r}")
    return random.Random(seed)


class DiceScriptError(ValueError):
    """A scripted face does not fit the die it was used for."""


class Dice:
    def __init__(self, seed: int | None = 0, script: list[int] | None = None,
                 rng: str = MT):
        self._rng = generator(seed, rng)
        # The generator's state words and gauss value while they are known without
        # getstate (set from a state, or read by state() since the generator last ran);
        # None once it may have run: every use of the generator goes through `rng`
        # (which forgets them), roll or shuffle.
        self._words: tuple[int, ...] | None = None
        self._gauss: float | None = None
        self.script = list(script or [])
        self.used = 0  # scripted faces consumed so far (for messages)
        # Every use of the dice so far, scripted or drawn, rolls and shuffles: whoever
        # must know whether an answer used the dice (undo) compares two counts, not two
        # 625-word generator states. Not part of the state: a restored match counts anew.
        self.uses = 0

    @property
    def kind(self) -> str:
        """The generator's name: MT or STREAM."""
        return STREAM if isinstance(self._rng, StreamRandom) else MT

    @property
    def rng(self) -> random.Random:
        """The generator; reading it forgets the known state (the reader may use it).
        A draw made straight from it is not counted in `uses`."""
        self._words = None
        return self._rng

    def roll(self, sides: int) -> int:
        """A face from 1 to `sides`: the next scripted face, else the generator's."""
        self.uses += 1
        if self.script:
            face = self.script.pop(0)
            self.used += 1
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
                raise DiceScriptError(
                    f"scripted die {self.used} is {face!r}, but the rules rolled a d{sides} "
                    f"(faces 1-{sides})"
                )
            return face
        self._words = None
        # randint(1, sides) is randrange(1, sides + 1), which returns exactly this; the
        # two wrapper calls cost more than the draw (a test checks the match)
        return 1 + self._rng._randbelow(sides)  # type: ignore[attr-defined]  # noqa: SLF001

    def shuffle(self, items: list) -> None:
        """Shuffle in place with the match's generator (card deck, R11)."""
        self.uses += 1
        self._words = None
        self._rng.shuffle(items)

    # --- snapshot support: the exact generator state and the unused script ---
    def state(self) -> dict:
        """The generator's exact state and the unused script (a snapshot's `dice`). The
        625 words are read with getstate (625 new ints) only when the generator has run
        since they were last known. The stream's state is [STREAM, key, blocks, used]."""
        if isinstance(self._rng, StreamRandom):
            _, key, counter, pos = self._rng.getstate()
            return {"rng": [STREAM, key.hex(), counter, pos], "script": list(self.script)}
        words = self._words
        if words is None:
            _, words, self._gauss = self._rng.getstate()
            self._words = words
        return {"rng": [3, list(words), self._gauss], "script": list(self.script)}

    @classmethod
    def from_state(cls, state: dict) -> Dice:
        """Rebuild from `state()`; raises DiceStateError for a state no generator can have
        (all zeros rolls 1 forever; a wrong length or value cannot be set at all)."""
        check_state(state)
        return cls.set_to(state, checked=True)

    @classmethod
    def set_to(cls, state: dict, checked: bool = False) -> Dice:
        """Dice whose generator is set to `state` (`state()`'s shape), unchecked: for a
        state checked by `check_state` or written by the engine itself. The generator is
        not seeded first (setstate replaces all of its state: the 624 words, the position
        and the gauss value), which is what a seeded one would cost. `checked`: the
        state passed check_state, so its words are what setstate keeps (plain ints below
        2**32) and state() gives them back without getstate."""
        dice = cls.__new__(cls)
        dice._set(state, checked)  # noqa: SLF001 (its own class)
        return dice

    def _set(self, state: dict, checked: bool) -> None:
        if state["rng"][0] == STREAM:
            _, key, counter, pos = state["rng"]
            self._rng = StreamRandom.__new__(StreamRandom)
            self._rng.setstate((STREAM, bytes.fromhex(key), counter, pos))
            self._words = self._gauss = None
            self.script = list(state.get("script") or [])
            self.used = self.uses = 0
            return
        self._rng = random.Random.__new__(random.Random)
        version, internal, gauss = state["rng"]
        words = tuple(internal)
        self._rng.setstate((version, words, gauss))
        # setstate keeps checked words as given (setstate would take a bool or a word
        # above 2**32 too, and getstate give another value back)
        self._words, self._gauss = (words, gauss) if checked else (None, None)
        self.script = list(state.get("script") or [])
        self.used = self.uses = 0


class DiceStateError(ValueError):
    """A stored generator state that is not one Python's Mersenne Twister can reach."""


MT_WORDS = 624          # the Mersenne Twister's state words; the 625th is its position
MAX_SCRIPT = 100_000    # scripted faces a document may carry


def _words(values: list[int]) -> bool:
    """Every int of `values` is 0 to 2**32 - 1 (array's "I" refuses any other)."""
    if _UINT32 is None:  # pragma: no cover - a platform whose C unsigned int is not 32 bits
        return min(values) >= 0 and max(values) < 2**32
    try:
        array.array(_UINT32, values)
    except OverflowError:
        return False
    return True


_UINT32 = "I" if array.array("I").itemsize == 4 else None


def check_state(state) -> None:
    """Refuse a crafted generator state before it is used (DiceStateError)."""
    if not isinstance(state, dict):
        raise DiceStateError("the dice state must be an object")
    rng = state.get("rng")
    if isinstance(rng, list) and rng and rng[0] == STREAM:
        _check_stream(rng)
    else:
        _check_mt(rng)
    script = state.get("script")
    if script is not None and not (isinstance(script, list) and len(script) <= MAX_SCRIPT):
        raise DiceStateError(f"the dice script must be a list of at most {MAX_SCRIPT} faces")


def _check_stream(rng: list) -> None:
    ok = len(rng) == 4 and isinstance(rng[1], str) \
        and len(rng[1]) == 2 * stream_random.KEY_BYTES
    try:
        key = bytes.fromhex(rng[1]) if ok else b""
    except ValueError:
        ok = False
    if not (ok and stream_random.is_state(key, rng[2], rng[3])):
        raise DiceStateError(f"the dice state's 'rng' must be [\"{STREAM}\", a key of "
                             f"{2 * stream_random.KEY_BYTES} hex digits, blocks used, bytes "
                             f"used of the last block (0 to {stream_random.BLOCK})]")


def _check_mt(rng) -> None:
    if not (isinstance(rng, list) and len(rng) == 3):
        raise DiceStateError("the dice state's 'rng' must be [3, [625 numbers], null]")
    version, internal, gauss = rng
    if version != 3 or isinstance(version, bool):
        raise DiceStateError(f"unknown dice generator version {str(version)[:20]!r}")
    # every word an int (not a bool), 0 <= v < 2**32: checked in bulk (this runs at
    # every restore of a state document); the range by packing them as 32-bit words
    if not (isinstance(internal, list) and len(internal) == MT_WORDS + 1
            and set(map(type, internal)) == {int} and _words(internal)):
        raise DiceStateError("the dice generator state must be 625 whole numbers "
                             "from 0 to 2**32 - 1")
    if not 0 <= internal[-1] <= MT_WORDS:
        raise DiceStateError(f"the dice generator position {internal[-1]} is not 0 to 624")
    # Seeding always sets the top bit of word 0 (init_by_array); with it clear and every
    # other word zero the generator is stuck (it would roll the same face forever).
    if not any(internal[1:MT_WORDS]) and not internal[0] & 0x80000000:
        raise DiceStateError("the dice generator state is all zeros (it would roll the "
                             "same face forever)")
    if gauss is not None and not (isinstance(gauss, float) and gauss == gauss
                                  and abs(gauss) < 1e6):
        raise DiceStateError("the dice state's gauss value must be null or a number")
