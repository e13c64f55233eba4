import os

# No display in unit tests (docs/ARCHITECTURE.md); UI tests get the dummy drivers too.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.ai import decide  # noqa: E402


@pytest.fixture(autouse=True)
def ai_searches_to_a_node_budget(monkeypatch):
    """Every AI in tests searches to a node budget, never to the clock (issue 19): a
    search that only a deadline stops gives answers that depend on the machine's load.
    An AI asked without a budget (so its level's time limit would stop it) fails the
    test at once; `pytest.fail` is not an Exception, so the AI's safety net cannot
    swallow it. Pass `budget=game.ai.node_budget(level)` as `narby --headless` does."""
    real = decide.Ctx.__init__

    def guarded(self, view, board, level, seed, budget, time_limit):
        real(self, view, board, level, seed, budget, time_limit)
        if budget is None and self.deadline is not None:
            pytest.fail(f"a {level} AI searched to the clock: give it a node budget "
                        "(game.ai.node_budget), as narby --headless does")

    monkeypatch.setattr(decide.Ctx, "__init__", guarded)
