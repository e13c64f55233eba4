"""Writes the save-file corpus beside this script (run from the repository root):

    python tests/saves/make_corpus.py

good-*.json load (current version, the older narby-save/1, a bare replay); bad-*.json
must each be refused with a message naming the file (tests/test_saves.py). Regenerate
only when a rule change makes the short game below play differently.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from game.persistence.saves import save_document
from game.players import RandomPlayer
from game.session import Session

HERE = Path(__file__).resolve().parent


def short_game() -> Session:
    s = Session.new([{"dragon": "red", "player": "human"}, {"dragon": "blue", "player": "easy"}],
                    seed=11)
    player = RandomPlayer(11)
    for _ in range(12):
        s.submit(player.choose(s.match))
    return s


def write(name: str, content) -> None:
    text = content if isinstance(content, str) else json.dumps(content, indent=1) + "\n"
    (HERE / name).write_text(text, encoding="utf-8")


def main() -> None:
    s = short_game()
    good = save_document(s, "Corpus game")
    good["meta"]["created"] = good["meta"]["updated"] = "2025-01-01T12:00:00.000+00:00"
    good["meta"]["game_id"] = "corpus000001"
    good["meta"]["app"] = "narby-conquest"
    write("good-v2.json", good)
    write("good-v1.json", {"format": "narby-save/1", "name": "An old save",
                           "replay": good["replay"]})
    write("good-replay.json", good["replay"])

    text = json.dumps(good, indent=1)
    write("bad-truncated.json", text[: len(text) // 2])
    write("bad-not-json.json", "Narby Conquest save, probably\n<<binary junk>>\n")
    write("bad-empty.json", "")
    write("bad-not-an-object.json", "[1, 2, 3]\n")
    write("bad-wrong-format.json", good["state"])  # a state document is not a save
    future = copy.deepcopy(good)
    future["format"] = "narby-save/3"
    write("bad-future-version.json", future)
    illegal = copy.deepcopy(good)
    illegal["replay"]["decisions"][3] = {"do": "move", "to": [40, 40]}
    write("bad-illegal-history.json", illegal)
    mismatch = copy.deepcopy(good)
    mismatch["state"]["dragons"]["red"]["coins"] += 10
    write("bad-state-mismatch.json", mismatch)
    no_replay = copy.deepcopy(good)
    del no_replay["replay"]
    write("bad-no-replay.json", no_replay)
    s.close()


if __name__ == "__main__":
    main()
