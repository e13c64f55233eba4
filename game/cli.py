"""The `narby` command: play, headless games, replays and map checks."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.tables import DRAGONS

SEAT_KINDS = ("random",)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        return _dispatch(argv)
    except BrokenPipeError:  # `narby ... | head` is fine: stop quietly
        sys.stdout = None
        return 0
    except KeyboardInterrupt:
        return 130


def _dispatch(argv: list[str]) -> int:
    if argv and argv[0] == "replay":
        return _replay(argv[1:])
    if argv and argv[0] == "check-map":
        return _check_map(argv[1:])
    return _play(argv)


def _play_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="narby",
        description="Narby Conquest. Other commands: 'narby replay FILE', "
                    "'narby check-map FILE...'.")
    p.add_argument("--headless", action="store_true",
                   help="play a whole game without a window and print the result")
    p.add_argument("--seats", default="random,random,random,random",
                   help="comma-separated seats: 'random' or 'random:DRAGON' (2-8 seats)")
    p.add_argument("--seed", type=int, default=None, help="seed (default: random)")
    p.add_argument("--target", type=int, default=None, help="coins to win: 50, 75 or 100")
    p.add_argument("--round-cap", type=int, default=None, help="rounds before the game stops")
    p.add_argument("--map", default=None, help="a Tiled .tmx map (default: the open plain)")
    p.add_argument("--no-cards", action="store_true",
                   help="play without power cards (no Draw phase, R11)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--log", action="store_true", help="print every event in plain words")
    return p


def _parse_seats(p, text: str) -> list[str | None]:
    seats = []
    for token in text.split(","):
        kind, _, dragon = token.strip().partition(":")
        if kind not in SEAT_KINDS:
            p.error(f"unknown seat kind {kind!r} in --seats (use: {', '.join(SEAT_KINDS)})")
        if dragon and dragon not in DRAGONS:
            p.error(f"unknown dragon {dragon!r} in --seats (dragons: {', '.join(DRAGONS)})")
        seats.append(dragon or None)
    return seats


def _play(argv) -> int:
    import random

    from game.log import describe
    from game.match import Match, SetupError
    from game.players import RandomPlayer, play_out
    from game.replay import ReplayError, board_for

    p = _play_parser()
    args = p.parse_args(argv)
    demo = not args.headless  # until the window exists, `narby` plays a demo game
    seats = _parse_seats(p, args.seats)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    options = {k: v for k, v in (("target", args.target), ("round_cap", args.round_cap))
               if v is not None}
    if args.no_cards:
        options["cards"] = False
    try:
        match = Match(seats, seed=seed, board=board_for(args.map), options=options)
    except (SetupError, ReplayError) as exc:
        print(f"narby: {exc}", file=sys.stderr)
        return 2
    play_out(match, RandomPlayer(seed))
    if args.log or demo:
        for event in match.events:
            print(describe(event))
    result = {"seed": seed, "winner": match.winner, "rounds": match.round,
              "scores": match.scores()}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"seed {seed}: winner {_winner_text(match.winner)} after {match.round} rounds")
        for name, score in sorted(result["scores"].items(), key=lambda kv: -kv[1]):
            print(f"  {name:<7} {score}")
    return 0


def _winner_text(w) -> str:
    return " and ".join(w) + " (shared)" if isinstance(w, list) else str(w)


def _replay(argv) -> int:
    from game.log import describe
    from game.replay import ReplayError, load, play, start

    p = argparse.ArgumentParser(prog="narby replay",
                                description="Play a replay or scenario file (narby-replay/1).")
    p.add_argument("file")
    p.add_argument("--state-json", action="store_true",
                   help="print the final state document as JSON")
    args = p.parse_args(argv)
    match = None
    try:
        doc = load(args.file)
        match = start(doc, args.file, Path(args.file).parent)
        play(match, doc.get("decisions", []), args.file)
    except ReplayError as exc:
        if match is not None and not args.state_json:
            for event in match.events:
                print(describe(event))
        print(f"narby replay: {exc}", file=sys.stderr)
        return 1
    if args.state_json:
        print(json.dumps(match.snapshot(), indent=1))
    else:
        for event in match.events:
            print(describe(event))
        pending = match.pending
        print(f"stopped at: {pending.prompt}" if pending else
              f"game over: winner {_winner_text(match.winner)}")
    return 0


def _check_map(argv) -> int:
    try:
        from game.map_check import main as check_main
    except ImportError:
        print("narby check-map: map checking is not available in this build", file=sys.stderr)
        return 2
    return check_main(argv)


if __name__ == "__main__":
    sys.exit(main())
