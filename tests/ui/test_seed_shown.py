"""Issue 29/30: the window keeps the seed from the players until the game has ended (it
foretells every roll and deal), then shows it in the log and on the end screen; a
joiner's log no longer says "Seed 0"."""

from types import SimpleNamespace

from game.net.protocol import message
from game.persistence.saves import load_save
from game.ui.controller import GameController, GameSetup, Seat
from game.ui.net_window import RemoteController
from game.ui.scenes.end import EndScene, seed_words
from game.ui.scenes.game import GameScene, seed_note
from tests.ui.conftest import until
from tests.ui.test_online import host_game, join, wait_for

SEED = 2**127 + 31_415_926_535_897_932_384


def test_the_log_hides_a_secret_seed_until_the_end_then_shows_it(app):
    app.settings.pace = "instant"
    setup = GameSetup(seats=[Seat("ai", "easy"), Seat("ai", "easy")], map_path=None,
                      round_cap=3)  # no seed typed: a secret one
    c = GameController(setup, ai_mode="sync")
    seed = c.seed
    assert c.session.replay_doc()["rng"] == "blake2b" and seed.bit_length() > 64
    assert c.shown_seed is None and c.ai_root != seed
    game = app.push(GameScene(app, c))
    assert game.log.text_lines()[0].startswith("Seed: hidden until the game ends")
    until(app, lambda: c.match.round >= 2)
    assert not [t for t in game.log.text_lines() if str(seed) in t]
    until(app, lambda: isinstance(app.top, EndScene))
    assert c.match.finished and c.shown_seed == seed
    assert game.log.text_lines()[-1].startswith(f"Seed {seed}: the same seed")


def test_a_typed_seed_is_no_secret_but_a_loaded_games_is(app, data_dir):
    setup = GameSetup(seats=[Seat("human"), Seat("ai", "easy")], map_path=None, seed=SEED)
    c = GameController(setup, ai_mode="sync", data_dir=data_dir)
    assert c.shown_seed == SEED  # the player typed it
    loaded = GameController.from_session(load_save(c.save("typed")), ai_mode="sync")
    assert loaded.seed == SEED and loaded.shown_seed is None


def test_a_joiner_learns_the_seed_only_from_the_hosts_final_message():
    joiner = SimpleNamespace(shown_seed=None)  # RemoteController before "over"
    assert "hidden" in seed_note(joiner) and "Seed 0" not in seed_note(joiner)
    assert seed_note(SimpleNamespace(shown_seed=SEED)) == \
        f"Seed {SEED}: the same seed, seats and choices replay this game"
    assert seed_words(None) == "seed hidden (the game did not end)"
    assert seed_words(7) == "seed 7"


def test_a_joining_window_shows_the_seed_only_once_the_host_sends_it(data_dir):
    host = host_game(data_dir)
    client, got, url = join(host)
    rc = RemoteController(client, got["welcome"], got["lobby"], got["state"], url=url)
    try:
        assert rc.shown_seed is None and "hidden" in seed_note(rc)
        assert host.shown_seed is None  # the host's own players do not see it either
        host.net.send(host.core.end("the host left"))  # stopped early: no seed
        while rc.over is None:
            wait_for(rc.client.inbox)
            rc.poll()
        assert rc.over["reason"] == "the host left" and rc.shown_seed is None
        client.inbox.put(message("over", winner="red", scores={}, rounds=3,
                                 reason="finished", seed=12))  # what a finished game sends
        rc.poll()
        assert rc.shown_seed == 12 and seed_note(rc).startswith("Seed 12:")
    finally:
        rc.close()
        host.close()
