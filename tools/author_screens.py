"""Screenshots of the map authors' loop for docs/MAPS.md (issue 17), no display needed.

    .venv/bin/python tools/author_screens.py [--out docs/screenshots]

The New game picker with a user map and a broken one (greyed, first problem), the
"Show problems" view, the live preview of a broken map (problems marked) and of a good
one, and games on a 40x40 and a non-square map (docs/maps/, made by
tools/make_author_maps.py). The broken map is a copy of Riverfell with a ruin pushed
off the map and a misspelt place of power, in a throw-away data folder.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("NARBY_CONFIG_DIR", tempfile.mkdtemp(prefix="narby-cfg-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.maps.catalog import shipped_maps_dir, shipped_tileset  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.preview import PreviewScene  # noqa: E402
from game.ui.screenshot import take  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

SIZE = (1280, 720)


def user_maps(data: Path) -> None:
    folder = data / "maps"
    folder.mkdir(parents=True, exist_ok=True)
    tsx = os.path.relpath(shipped_tileset(), folder)

    def copy(name: str, new: str, title: str, edit=lambda s: s) -> None:
        text = (shipped_maps_dir() / name).read_text().replace("../assets/tiles/terrain.tsx",
                                                               tsx)
        text = re.sub(r'name="title" value="[^"]*"', f'name="title" value="{title}"', text)
        (folder / new).write_text(edit(text))

    copy("hearth-hollow.tmx", "copper-downs.tmx", "Copper Downs")

    def breakage(text: str) -> str:
        text = text.replace('type="ruin" x="320" y="512"', 'type="ruin" x="672" y="512"')
        return text.replace("</objectgroup>", '  <object id="9" name="Deep Mine" '
                            'type="place_of_power" x="256" y="256" width="64" height="64">'
                            '<properties><property name="kind" value="soul_mien"/>'
                            "</properties></object>\n </objectgroup>")

    copy("riverfell.tmx", "stormy-fen.tmx", "Stormy Fen", breakage)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="docs/screenshots")
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="narby-data-"))
    user_maps(data)

    def step(app, n=3):
        for _ in range(n):
            app.step(1 / 60)

    shots = []
    app = App(Settings(window=SIZE), size=SIZE, fullscreen=False, data_dir=data)
    ng = app.push(NewGameScene(app))
    step(app)
    i = next(i for i, c in enumerate(ng.choices) if not c.ok)
    ng.map_cycle.set_value(ng.choices[i].key)
    ng._set_map(ng.choices[i].key)
    ng._select_list(i)
    step(app)
    shots.append(out / "maps-picker-1280x720.png")
    app.screenshot(shots[-1])
    ng.show_problems()
    step(app)
    shots.append(out / "maps-problems-1280x720.png")
    app.screenshot(shots[-1])
    app.reset_to(PreviewScene(app, data / "maps" / "stormy-fen.tmx"))
    step(app)
    shots.append(out / "preview-problems-1280x720.png")
    app.screenshot(shots[-1])
    app.reset_to(PreviewScene(app, ROOT / "docs" / "maps" / "long-coast-32x14.tmx"))
    step(app)
    shots.append(out / "preview-ok-1280x720.png")
    app.screenshot(shots[-1])
    app.close()
    for name, seed in (("frontier-40x40", 4), ("long-coast-32x14", 3)):
        shots.append(out / f"play-{name}-1280x720.png")
        take(str(shots[-1]), seed=seed, rounds=3, size=SIZE,
             map_path=str(ROOT / "docs" / "maps" / f"{name}.tmx"), seats=4)
    for s in shots:
        print(f"wrote {s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
