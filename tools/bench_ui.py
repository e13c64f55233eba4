"""Frame time of the board view: a mid-game 8-dragon board at 1280x800, dummy driver.

    .venv/bin/python tools/bench_ui.py                       # dragonmarch, 8 seats
    .venv/bin/python tools/bench_ui.py --map maps/narby-vale.tmx --frames 300
    .venv/bin/python tools/bench_ui.py --screenshot /tmp/art_board.png

Plays a seeded game with RandomPlayer for a few rounds, then times BoardView.draw for a
whole frame (backdrop, terrain, pieces, rings, a set of highlights, hover; the pulse
animates so overlay alphas change every frame) and prints the median and the 95th
percentile. The first frame (terrain chunks and sprite scaling, cached after) is
reported apart.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.board import BoardSpec  # noqa: E402
from game.maps.loader import load_board  # noqa: E402
from game.match import Match  # noqa: E402
from game.players import RandomPlayer  # noqa: E402
from game.seat_view import seat_view  # noqa: E402
from game.tables import DRAGONS  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402

SIZE = (1280, 800)
PANEL = 360  # width left for the side panel, as the window lays it out


def midgame(map_path: str | None, seats: int = 8, rounds: int = 6, seed: int = 7):
    """(board, doc, highlights): a seeded RandomPlayer game played to the action phase
    of `rounds` (seats cut to what the map allows), the acting seat's view of it, and
    the highlights of its Move."""
    board = load_board(map_path) if map_path else BoardSpec.plain()
    seats = max(board.min_players, min(seats, board.max_players))
    m = Match(list(DRAGONS[:seats]), seed=seed, board=board)
    player = RandomPlayer(seed)
    try:
        while not m.finished and (m.round < rounds or m.phase != "action"):
            m.submit(player.choose(m))
        doc = seat_view(m, m.pending.dragon if m.pending else None)
        return board, doc, sample_highlights(m, doc)
    finally:
        m.close()


def sample_highlights(m, doc: dict) -> dict:
    """Highlights as the window shows them after choosing Move: every legal landing
    footprint of the acting dragon, and the dragon itself selected. Read from the match
    itself: a seat's view hides the other seats' cards ('hidden') and cannot be played
    on (power cards are on by default)."""
    turn = doc.get("turn") or (doc.get("pending") or {}).get("dragon")
    if not turn or doc["dragons"][turn]["at"] is None:
        return {}
    out: dict = {}
    for a in m.legal_answers():
        if a.get("do") == "move":
            c, r = a["to"]
            for cell in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)):
                out[cell] = "move"
    out[tuple(doc["dragons"][turn]["at"])] = ("selected", 2)
    return out


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.95))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="maps/dragonmarch.tmx",
                        help="a .tmx map, or 'plain' for the built-in board")
    parser.add_argument("--frames", type=int, default=240)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--zoom", type=float, default=1.0, help="zoom factor after fitting")
    parser.add_argument("--palette", default="normal", help="normal or colourblind")
    parser.add_argument("--screenshot", type=Path, help="save the last frame here")
    args = parser.parse_args(argv)

    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    board, doc, highlights = midgame(None if args.map == "plain" else str(ROOT / args.map)
                                     if not Path(args.map).is_absolute() else args.map,
                                     rounds=args.rounds, seed=args.seed)
    view = BoardView(board, palette=args.palette)
    view.set_rect(pygame.Rect(0, 0, SIZE[0] - PANEL, SIZE[1]))
    if args.zoom != 1.0:
        view.zoom(args.zoom)
    hover = next(iter(highlights), None)
    t0 = time.perf_counter()
    screen.fill((24, 22, 30))
    view.draw(screen, doc, highlights=highlights, hover=hover, t=0.0)
    first = (time.perf_counter() - t0) * 1000
    times, cpu = [], []
    for i in range(args.frames):
        t0, c0 = time.perf_counter(), time.process_time()
        screen.fill((24, 22, 30))
        view.draw(screen, doc, highlights=highlights, hover=hover, t=i / 60)
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    pieces = (len(doc["dragons"]) + len(doc["settlements"]) + len(doc["places"])
              + len(doc.get("gambles", [])))
    print(f"map {board.title} {board.width}x{board.height}, {len(doc['dragons'])} dragons, "
          f"{pieces} pieces, round {doc['round']}, cell {view.cell}px, {SIZE[0]}x{SIZE[1]}")
    print(f"first frame {first:.1f} ms (terrain chunks + sprite scaling, cached after)")
    print(f"frame: median {statistics.median(times):.2f} ms, p95 {p95(times):.2f} ms "
          f"over {len(times)} frames (wall clock)")
    print(f"frame: median {statistics.median(cpu):.2f} ms, p95 {p95(cpu):.2f} ms "
          "(this process's CPU time: other busy processes do not count)")
    if args.screenshot:
        pygame.image.save(screen, str(args.screenshot))
        print(f"wrote {args.screenshot}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
