"""Issue 29, hole 1: unpredictable dice. New games take a 128-bit OS seed and roll with a
keyed-hash stream (game.stream_random), recorded as "rng": "blake2b"; files without
"rng" (0.1.0) keep Mersenne Twister exactly; big seeds round-trip through every format."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter

import pytest

from game.cli import main as cli_main
from game.dice import (
    MT,
    STREAM,
    Dice,
    DiceStateError,
    ai_seed,
    check_state,
    new_seed,
    parse_seed,
)
from game.match import Match
from game.persistence.replay_file import ReplayError
from game.persistence.saves import autosave, autosaves_dir, load_save, write_save
from game.players import RandomPlayer
from game.session import Session
from game.stream_random import StreamRandom, _block, key_of

BIG = 2**127 + 987_654_321_123_456_789  # a 128-bit seed


def play(session: Session, answers: int, seed: int = 1) -> None:
    player = RandomPlayer(seed)
    for _ in range(answers):
        if session.match.finished:
            return
        session.submit(player.choose(session.match))


# ----- the generator ---------------------------------------------------------------
def test_new_seed_is_128_bits_from_the_os():
    seeds = {new_seed() for _ in range(8)}
    assert len(seeds) == 8 and all(0 < s < 2**128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120  # 1..10**6 was 20 bits


def test_the_stream_is_deterministic_and_unlike_mt():
    a, b = StreamRandom(BIG), StreamRandom(BIG)
    faces = [1 + a._randbelow(6) for _ in range(500)]  # noqa: SLF001
    assert faces == [1 + b._randbelow(6) for _ in range(500)]  # noqa: SLF001
    assert faces != [random.Random(BIG).randint(1, 6) for _ in range(500)]
    assert [StreamRandom(BIG + 1).randint(1, 6) for _ in range(50)] != faces[:50]
    assert key_of(-5) != key_of(5) and key_of(0) != key_of(256)


@pytest.mark.parametrize("n", [1, 2, 3, 6, 20, 100, 256, 257, 1000, 2**40 + 3])
def test_draws_stay_in_range_and_cover_it(n):
    r = StreamRandom(n)
    drawn = [r._randbelow(n) for _ in range(3000)]  # noqa: SLF001
    assert all(0 <= x < n for x in drawn)
    if n <= 20:
        assert set(drawn) == set(range(n))


def test_small_draws_take_the_stream_byte_by_byte_across_blocks():
    """Each draw below 256 takes the stream's next byte, drawing again when it is past the
    largest multiple of n (a d200 rejects 56 of 256): no byte is used twice or skipped,
    however the rejections fall at the end of a 64-byte block."""
    key = key_of(99)
    stream = b"".join(_block(key, i) for i in range(300))
    sides = [(3, 6, 20, 100, 200, 255)[i % 6] for i in range(6000)]
    expected, at = [], 0
    for n in sides:
        limit = 256 - 256 % n
        while stream[at] >= limit:
            at += 1
        expected.append(stream[at] % n)
        at += 1
    r = StreamRandom(99)
    assert [r._randbelow(n) for n in sides] == expected  # noqa: SLF001


def test_faces_are_fair():
    r = StreamRandom(42)
    counts = Counter(r.randint(1, 6) for _ in range(60_000))
    assert set(counts) == set(range(1, 7))
    assert all(abs(c - 10_000) < 500 for c in counts.values())  # ~5 sigma


def test_state_round_trips_mid_block_and_across_blocks():
    r = StreamRandom(BIG)
    for _ in range(63):
        r.getrandbits(8)
    state = r.getstate()
    ahead = [r.getrandbits(24) for _ in range(100)] + [r.random(), r.randrange(10**30)]
    r.setstate(state)
    assert [r.getrandbits(24) for _ in range(100)] + [r.random(), r.randrange(10**30)] == ahead
    copy_ = pickle.loads(pickle.dumps(r))
    assert copy_.getstate() == r.getstate() and copy_.random() == r.random()
    items = list(range(52))
    StreamRandom(7).shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))


def test_dice_state_of_a_stream_is_json_and_restores_exactly():
    d = Dice(BIG, rng=STREAM)
    for sides in (6, 20, 6, 3):
        d.roll(sides)
    state = json.loads(json.dumps(d.state()))
    assert state["rng"][0] == STREAM and d.kind == STREAM
    check_state(state)
    again = Dice.from_state(state)
    assert again.kind == STREAM
    assert [again.roll(6) for _ in range(200)] == [d.roll(6) for _ in range(200)]


@pytest.mark.parametrize("rng", [
    [STREAM, "00" * 31, 1, 0],          # a short key
    [STREAM, "zz" * 32, 1, 0],          # not hex
    [STREAM, "00" * 32, -1, 0],         # a negative counter
    [STREAM, "00" * 32, 0, 5],          # a position in no block
    [STREAM, "00" * 32, 1, 65],         # past the block
    [STREAM, "00" * 32, True, 0],       # a bool is no count
    [STREAM, "00" * 32, 2**64, 0],      # beyond the stream
    [STREAM, "00" * 32, 1],             # a value missing
])
def test_crafted_stream_states_are_refused_in_words(rng):
    with pytest.raises(DiceStateError, match="dice state's 'rng' must be"):
        check_state({"rng": rng, "script": []})


# ----- old files keep Mersenne Twister -------------------------------------------------
def test_matches_and_explicit_seeds_default_to_mt_as_in_0_1_0():
    assert Match(["red", "blue"], seed=7).dice.kind == MT
    s = Session.new([{}, {}], seed=7)
    assert s.match.dice.kind == MT and "rng" not in s.replay_doc()
    d, rng = Dice(7), random.Random(7)
    assert [d.roll(6) for _ in range(100)] == [rng.randint(1, 6) for _ in range(100)]


def test_a_file_naming_an_unknown_generator_is_refused_in_one_line():
    with pytest.raises(ReplayError, match="'rng' must be one of mt, blake2b") as info:
        Session.from_replay({"format": "narby-replay/1", "seed": 1, "rng": "rc4",
                             "seats": [{}, {}]})
    assert "\n" not in str(info.value)


# ----- new games ---------------------------------------------------------------------
def test_a_new_game_without_a_seed_gets_a_secret_big_one_and_the_stream():
    s = Session.new([{}, {}])
    doc = s.replay_doc()
    assert doc["rng"] == STREAM and s.match.dice.kind == STREAM
    assert 0 < doc["seed"] < 2**128
    assert s.ai_seed == ai_seed(doc["seed"], STREAM) != doc["seed"]


def test_a_128_bit_game_saves_loads_autosaves_and_replays_identically(tmp_path):
    s = Session.new([{}, {}, {}], seed=BIG, rng=STREAM, options={"round_cap": 4})
    play(s, 120)
    assert any(e.get("type") == "roll" for e in s.events)
    saved = load_save(write_save(s, tmp_path / "big.json"))
    assert saved.seed == BIG and saved.replay_doc()["rng"] == STREAM
    assert saved.snapshot() == s.snapshot()
    auto = load_save(autosave(s, tmp_path))
    assert auto.snapshot() == s.snapshot()
    assert list(autosaves_dir(tmp_path).iterdir())
    text = json.dumps(s.replay_doc())
    replayed = Session.from_replay(json.loads(text))
    assert replayed.snapshot() == s.snapshot() and replayed.events == s.events
    # ... and both go on rolling the same dice
    play(s, 40, seed=9)
    play(replayed, 40, seed=9)
    assert replayed.snapshot() == s.snapshot()


def test_a_stream_game_from_a_position_keeps_its_generator():
    s = Session.new([{}, {}], seed=BIG, rng=STREAM)
    play(s, 30)
    again = Session.from_match(s.match.copy())
    assert again.match.dice.kind == STREAM and again.replay_doc()["rng"] == STREAM
    doc = copy.deepcopy(again.replay_doc())
    assert Session.from_replay(doc).snapshot() == again.snapshot()


def test_narby_replay_plays_a_big_seed_file(tmp_path, capsys):
    s = Session.new([{}, {}], seed=BIG, rng=STREAM, options={"round_cap": 2})
    play(s, 10_000)
    path = tmp_path / "big-replay.json"
    path.write_text(json.dumps(s.replay_doc()))
    assert cli_main(["replay", str(path)]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("seed, ok", [(2**200, True), (-(2**255) + 1, True),
                                      (2**256, False)])
def test_files_take_seeds_up_to_256_bits(seed, ok):
    doc = {"format": "narby-replay/1", "seed": seed, "rng": STREAM, "seats": [{}, {}]}
    if ok:
        assert Session.from_replay(doc).seed == seed
    else:
        with pytest.raises(ReplayError, match="'seed' must be a whole number"):
            Session.from_replay(doc)


# ----- typed seeds -------------------------------------------------------------------
@pytest.mark.parametrize("text, seed", [("5", 5), (" 12 ", 12), ("-3", -3),
                                        (str(BIG), BIG), ("9" * 77, int("9" * 77))])
def test_typed_seeds_take_big_and_small_numbers(text, seed):
    assert parse_seed(text) == seed


@pytest.mark.parametrize("text", ["", "-", "1_000", "٣", "²", "1e9", "9" * 78, "1" * 5000])
def test_typed_seeds_refuse_the_rest_in_words(text):
    with pytest.raises(ValueError, match="not a usable seed: a seed is a whole number"):
        parse_seed(text)


def test_cli_takes_a_big_seed_and_refuses_junk_in_one_line(capsys):
    assert cli_main(["--headless", "--seats", "random,random", "--seed", str(BIG),
                     "--json", "--round-cap", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == BIG
    with pytest.raises(SystemExit):
        cli_main(["--headless", "--seed", "12x"])
    err = capsys.readouterr().err
    assert "not a usable seed" in err and "Traceback" not in err


def test_undo_in_a_stream_game_restores_the_dice_exactly():
    """Undo rebuilds from a round-start snapshot and replays: the stream's state (block,
    position) must come back exactly, and a roll must still be seen as a roll."""
    s = Session.new([{}, {}, {}], seed=BIG, rng=STREAM)
    player, undone = RandomPlayer(3), 0
    for _ in range(300):
        if s.match.finished:
            break
        before = s.snapshot()
        answer = player.choose(s.match)
        s.submit(answer)
        if s.can_undo()[0]:
            s.undo()
            assert s.snapshot() == before
            undone += 1
            s.submit(answer)
    assert undone > 5 and any(step.rolled for step in s.steps)
    assert Session.from_replay(s.replay_doc()).snapshot() == s.snapshot()

