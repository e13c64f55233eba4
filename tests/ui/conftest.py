"""UI tests: the dummy video driver, a settings folder of their own, an App helper."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.sound import mixer  # noqa: E402

# The dummy audio device closes only after a buffer's worth of (silent) play: ~50 ms a
# pygame.quit with the game's 1024 samples, and most UI tests open and close a window.
mixer.BUFFER = 256


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("NARBY_CONFIG_DIR", str(tmp_path / "config"))
    # saves, autosaves and crash logs never touch the user's own data folder
    monkeypatch.setenv("NARBY_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "config"


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def app():
    # the guard-rail questions (issue 16) are off here: tests/ui/test_guard.py turns
    # them on; elsewhere a test's End turn ends the turn
    a = App(Settings(confirm_end_turn=False, confirm_last_action=False), size=(1280, 720),
            fullscreen=False)
    a.ai_mode = "sync"  # the AI answers in-process: deterministic, no worker process
    a.catch_crashes = False  # a bug fails its test with its own traceback
    yield a
    a.close()


def run(app, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        app.step(dt)


def until(app, cond, limit: int = 5000, dt: float = 1 / 60) -> int:
    for i in range(limit):
        if cond():
            return i
        app.step(dt)
    raise AssertionError("condition not reached")
