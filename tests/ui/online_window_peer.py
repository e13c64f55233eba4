"""A joining window in its own process, for tests/ui/test_online.py: the real App with the
dummy video driver, Join game, then the board screen, where this "player" answers through
the screen's own submit path with a random legal answer. Prints the end as JSON."""

import json
import os
import random
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.ui.app import App  # noqa: E402
from game.ui.scenes.end import EndScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.online import JoinScene  # noqa: E402
from game.ui.settings import Settings  # noqa: E402


def main(address: str, data: str) -> int:
    os.environ["NARBY_CONFIG_DIR"] = os.path.join(data, "config")
    os.environ["NARBY_DATA_DIR"] = os.path.join(data, "data")

    app = App(Settings(), size=(1024, 640), fullscreen=False)
    app.catch_crashes = False
    app.settings.pace = "instant"
    # the guard-rail questions (issue 16) would wait for a person: this player never hesitates
    app.settings.confirm_end_turn = app.settings.confirm_last_action = False
    scene = JoinScene(app, address)
    app.push(scene)
    app.step(1 / 60)
    scene.join()
    rng = random.Random(1)
    answers = 0
    for _ in range(2_000_000):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, EndScene):
            print(json.dumps({"winner": top.winner, "answers": answers}))
            app.close()
            return 0
        if isinstance(top, JoinScene) and top.client is None and top.status_colour == "red":
            print(top.status, file=sys.stderr)
            return 1
        if isinstance(top, GameScene) and top.c.human_to_play() and top.prepared:
            top.submit_answer(rng.choice(top.c.legal_answers()))
            answers += 1
        elif isinstance(top, GameScene) and (top.c.human_to_play() or top.c.queue
                                             or not top.animation.idle):
            continue  # our turn is being set up, or the board is catching up
        elif isinstance(top, (GameScene, JoinScene)):
            client = top.c.client if isinstance(top, GameScene) else top.client
            if client is not None:
                try:  # wait for the host (never spin): the next message, left in place
                    item = client.inbox.get(timeout=60)
                except Exception:
                    print("the host went quiet", file=sys.stderr)
                    return 1
                with client.inbox.mutex:
                    client.inbox.queue.appendleft(item)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
