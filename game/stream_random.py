"""The dice generator of new games: a keyed-hash stream nobody can predict without the seed.

Block i of the stream is BLAKE2b(counter i, key = BLAKE2b(seed)), 64 bytes; every
draw takes the next bytes of the stream. Each output is a hash of the secret seed and
its position, so the generator has no linear state to solve from observed rolls (as
Mersenne Twister has), and the same seed always gives the same stream. docs/ENGINE.md
"Why the dice can't be predicted" says why; `Dice` chooses it for games that record
`"rng": "blake2b"`.
"""

from __future__ import annotations

import hashlib
import random
import secrets

NAME = "blake2b"          # the name files record in "rng"
SEED_BITS = 128           # new_seed's size: 2**128 seeds cannot be searched
BLOCK = 64                # bytes per hash call (BLAKE2b's largest digest)
KEY_BYTES = 32
MAX_COUNTER = 2**64       # blocks a stream can give (far beyond any game)
_PERSON = b"narby-dice/1"  # domain separation: these keys are for the dice only


def new_seed() -> int:
    """A seed of 128 bits from the OS's secure generator (never 0, which reads as "no
    seed" in some places)."""
    return secrets.randbits(SEED_BITS) or 1


def _raw(seed: int) -> bytes:
    return seed.to_bytes(seed.bit_length() // 8 + 1, "little", signed=True)


def key_of(seed: int) -> bytes:
    """The stream's key: a hash of the seed's bytes (any size or sign)."""
    return hashlib.blake2b(_raw(seed), digest_size=KEY_BYTES, person=_PERSON).digest()


def ai_seed(seed: int) -> int:
    """A 64-bit seed for the AI seats of a game with this seed. The AI's choices are
    public and its generators are plain Mersenne Twister, so it never sees the seed
    itself: this hash (another domain than the dice key) tells nothing about the dice."""
    digest = hashlib.blake2b(_raw(seed), digest_size=8, person=b"narby-ai/1").digest()
    return int.from_bytes(digest, "little")


def _block(key: bytes, counter: int) -> bytes:
    return hashlib.blake2b(counter.to_bytes(8, "little"), key=key, digest_size=BLOCK).digest()


class StreamRandom(random.Random):
    """A random.Random whose bits all come from the keyed-hash stream.

    Only `_randbelow` (randint, randrange, choice, shuffle, sample), `getrandbits` and
    `random` are drawn here; everything else random.Random offers is built on them.
    State: (NAME, key, blocks made, bytes used of the last block)."""

    _key: bytes
    _counter: int
    _buf: bytes
    _pos: int

    def seed(self, a=None, version=2) -> None:  # noqa: ARG002 (random.Random's signature)
        if a is None:
            a = new_seed()
        if not isinstance(a, int) or isinstance(a, bool):
            raise TypeError("the dice stream's seed must be a whole number")
        self._reset(key_of(a), 0, 0)

    def _reset(self, key: bytes, counter: int, pos: int) -> None:
        self._key, self._counter, self._pos = key, counter, pos
        self._buf = _block(key, counter - 1) if counter else b""
        self.gauss_next = None

    def _take(self, n: int) -> bytes:
        """The stream's next n bytes."""
        pos, buf = self._pos, self._buf
        if pos + n <= len(buf):
            self._pos = pos + n
            return buf[pos:pos + n]
        out = buf[pos:]
        while len(out) < n:
            self._buf = buf = _block(self._key, self._counter)
            self._counter += 1
            need = n - len(out)
            out += buf[:need]
            self._pos = min(need, BLOCK)
        return out

    def _randbelow(self, n: int) -> int:
        """0 <= r < n, unbiased. Up to 256: one byte, taken when below the largest
        multiple of n that fits (252 of 256 for a d6), as its remainder. Above: the
        fewest whole bytes holding n - 1, masked to its bits, drawn again while >= n."""
        if n <= 256:
            if n <= 1:
                return 0
            limit = 256 - 256 % n
            buf, pos = self._buf, self._pos
            while True:
                if pos < len(buf):
                    r = buf[pos]
                    pos += 1
                else:
                    self._pos = pos  # all of this block is used: _take starts the next
                    r = self._take(1)[0]
                    buf, pos = self._buf, self._pos
                if r < limit:
                    self._pos = pos
                    return r % n
        k = (n - 1).bit_length()
        mask = (1 << k) - 1
        size = (k + 7) // 8
        while True:
            r = int.from_bytes(self._take(size), "little") & mask
            if r < n:
                return r

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        return int.from_bytes(self._take((k + 7) // 8), "little") & ((1 << k) - 1)

    def random(self) -> float:
        return self.getrandbits(53) * 2.0**-53

    def getstate(self) -> tuple:
        return (NAME, self._key, self._counter, self._pos)

    def setstate(self, state) -> None:
        name, key, counter, pos = state
        if name != NAME or not is_state(key, counter, pos):
            raise ValueError("not a dice stream state")
        self._reset(key, counter, pos)


def is_state(key, counter, pos) -> bool:
    """A state the stream can be in: a 32-byte key, 0 <= counter < 2**64, and a position
    within the last block made (0 before the first)."""
    return (isinstance(key, bytes) and len(key) == KEY_BYTES
            and type(counter) is int and 0 <= counter < MAX_COUNTER
            and type(pos) is int and 0 <= pos <= (BLOCK if counter else 0))
