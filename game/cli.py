"""The `narby` command: play, headless games, replays and map checks."""

from __future__ import annotations

import argparse
import atexit
import contextlib
import io
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, cast

from game import house_rules, i18n
from game.desktop import main as desktop_main
from game.dice import STREAM, ai_seed, new_seed, seed_argument
from game.log import describe
from game.maps import commands
from game.maps.commands import window_main
from game.match import SetupError
from game.persistence.json_file import read_json
from game.persistence.plain import unreadable
from game.persistence.replay_file import ReplayError, load, play, start
from game.persistence.saves import (
    SaveError,
    autosaves_dir,
    clean_name,
    data_dir,
    game_of,
    list_saves,
    load_save,
    save_game,
    saves_dir,
    slot_path,
)
from game.players import AIPlayer, RandomPlayer
from game.resources import ResourceError, find_map, shipped_maps, version
from game.selftest import main as selftest_main
from game.session import Session, SessionError, portable_state
from game.tables import DRAGONS
from game.ui import settings as ui_settings
from game.words import Words

# Headless seats: the random-legal player or an AI level (game.ai); no person can sit.
SEAT_KINDS = ("random", "easy", "normal", "hard", "master")


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()  # a frozen build's AI worker process starts here
    argv = sys.argv[1:] if argv is None else argv

    for name in ("stdout", "stderr"):  # started with it closed (`narby ... >&-`)
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):  # a name with a lone surrogate must print
        with contextlib.suppress(Exception):  # not a stream we can reconfigure: fine
            cast(io.TextIOWrapper, stream).reconfigure(errors="backslashreplace")
    try:
        return _dispatch(argv)
    except ResourceError as exc:  # an incomplete install: say so, no traceback
        print(exc, file=sys.stderr)
        return 2
    except BrokenPipeError:  # `narby ... | head` is fine: stop quietly
        sys.stdout = None
        return 0
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # last net: a folder it may not search, a name too long for
        # the system, a full disk or output: one line naming what, never a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        with contextlib.suppress(Exception):
            print(f"narby: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


def _take_language(argv: list[str]) -> tuple[list[str], str | None]:
    """`--lang CODE` (or --lang=CODE) taken out of `argv`, anywhere in it: every command
    that opens a window shows it in that language for this run (not remembered)."""
    rest, code = [], None
    it = iter(argv)
    for arg in it:
        if arg == "--":
            rest.append(arg)
            rest.extend(it)
            break
        if arg == "--lang":
            code = next(it, "")
        elif arg.startswith("--lang="):
            code = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    return rest, code


def _language_error(code: str) -> str:
    names = ", ".join(f"{c} ({name})" for c, name in i18n.LANGUAGES.items())
    what = f"there is no language '{code}'" if code else "--lang needs a language code"
    return f"narby: {what}; the languages are {names}"


def _dispatch(argv: list[str]) -> int:
    argv, code = _take_language(argv)
    if code is not None:
        if code not in i18n.LANGUAGES:
            print(_language_error(code), file=sys.stderr)
            return 2
        ui_settings.run_language = i18n.set_language(code)
    if argv and argv[0] in ("--version", "-V"):
        print(f"narby {version()}")
        return 0
    if argv and argv[0] == "replay":
        return _replay(argv[1:])
    if argv and argv[0] == "check-map":
        return _check_map(argv[1:])
    if argv and argv[0] == "saves":
        return _saves(argv[1:])
    if argv and argv[0] == "sound-test":
        return _sound_test(argv[1:])
    if argv and argv[0] in _MAP_COMMANDS:
        return _map_command(argv[0], argv[1:])
    if argv and argv[0] == "self-test":
        return selftest_main(argv[1:])
    if argv and argv[0] == "install-desktop":
        return desktop_main(argv[1:])
    if argv and argv[0] == "rules":
        return _rules(argv[1:])
    if argv and argv[0] == "tutorial":
        return _tutorial(argv[1:])
    if argv and argv[0] == "balance":  # the balance lab (issue 37): game/balance/cli.py
        from game.balance import cli as balance_cli  # noqa: PLC0415 (loaded only when used)

        return balance_cli.main(argv[1:])
    if argv and argv[0] == "balance-pool":  # turn order pooled over reports (issue 37)
        from game.balance import pool  # noqa: PLC0415 (loaded only when used)

        return pool.main(argv[1:])
    if argv and argv[0] in ("host", "join"):  # networked play (issue 23): game/net/cli.py
        from game.net import cli as net_cli  # noqa: PLC0415 (networking loaded only when used)

        return (net_cli.host_main if argv[0] == "host" else net_cli.join_main)(argv[1:])
    return _play(argv)


# map authors' commands (issue 17): game/maps/commands.py
_MAP_COMMANDS = ("maps", "preview", "play", "render-map")


def _map_command(name: str, argv: list[str]) -> int:
    return {"maps": commands.maps_main, "preview": commands.preview_main,
            "play": commands.play_main, "render-map": commands.render_map_main}[name](argv)


def _rules(argv) -> int:
    """`narby rules --text`: the in-game rules reference as plain text."""
    p = argparse.ArgumentParser(allow_abbrev=False, prog="narby rules",
                                description="The in-game rules reference, as plain text.")
    p.add_argument("--text", action="store_true",
                   help="print it as plain text (the default; for reading offline or with "
                        "a screen reader)")
    p.parse_args(argv)
    from game.ui.rules_text import plain_text  # noqa: PLC0415 (window code stays out of headless commands)

    sys.stdout.write(plain_text())
    return 0


def _tutorial(argv) -> int:
    """`narby tutorial`: the guided first game (issue 16); --autoplay plays it through
    with the expected inputs (keys or mouse), --shots DIR writes one PNG per step."""
    p = argparse.ArgumentParser(allow_abbrev=False, prog="narby tutorial",
                                description="Learn to play: a short guided first game.")
    p.add_argument("--autoplay", action="store_true",
                   help="play the lesson through with the inputs it asks for, and exit")
    p.add_argument("--by", choices=("keys", "mouse"), default="keys",
                   help="with --autoplay: give the inputs by keys (default) or mouse")
    p.add_argument("--shots", metavar="DIR", default=None,
                   help="with --autoplay: write one screenshot per step into DIR")
    p.add_argument("--size", default="1280x720", help="window size WxH (default 1280x720)")
    args = p.parse_args(argv)
    w, h = commands.window_size_arg(p, args.size) or (1280, 720)
    if args.autoplay:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no display needed
        if "NARBY_CONFIG_DIR" not in os.environ:  # the player's settings stay untouched;
            # the stand-in folder goes when the run ends (one was left behind each run)
            scratch = _temp_dir("narby-cfg-")
            atexit.register(shutil.rmtree, scratch, True)
            os.environ["NARBY_CONFIG_DIR"] = scratch
    from game.ui.app import App, open_app  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.settings import Settings  # noqa: PLC0415 (window code stays out of headless commands)

    app: App | None
    if args.autoplay:
        app = App(Settings(window=(w, h), pace="fast"), size=(w, h), fullscreen=False)
        app.ai_mode = "sync"
    else:
        app = open_app((w, h))
        if app is None:
            return 2
    from game.ui.scenes.tutorial import TutorialScene, autoplay, start  # noqa: PLC0415 (window code stays out of headless commands)

    error = start(app)
    if error:
        print(f"narby tutorial: {error}", file=sys.stderr)
        app.close()
        return 2
    if not args.autoplay:
        return app.run()
    shots = None
    if args.shots:
        shots = Path(args.shots)
        try:
            shots.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"narby tutorial: cannot write to {shots}: {exc.strerror}", file=sys.stderr)
            app.close()
            return 2
    scene = app.top
    assert isinstance(scene, TutorialScene)
    try:
        saved = autoplay(app, scene, by=args.by, shots=shots)
    except RuntimeError as exc:
        print(f"narby tutorial: {exc}", file=sys.stderr)
        app.close()
        return 1
    n = len(scene.coach.steps)
    app.close()
    print(f"The lesson played through: {n} steps by {args.by}"
          + (f"; {len(saved)} screenshots in {shots}" if shots else ""))
    return 0


def _temp_dir(prefix: str) -> str:
    return tempfile.mkdtemp(prefix=prefix)


def _play_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(allow_abbrev=False,
        prog="narby",
        description="Narby Conquest. Other commands: 'narby replay FILE', "
                    "'narby saves', 'narby check-map FILE...', 'narby maps', "
                    "'narby preview FILE', 'narby play --map FILE --seats ...', "
                    "'narby rules --text', 'narby tutorial', 'narby host', 'narby join ADDRESS', "
                    "'narby sound-test', 'narby install-desktop', 'narby self-test'.")
    p.add_argument("--version", "-V", action="store_true", help="print the version and stop")
    p.add_argument("--headless", action="store_true",
                   help="play a whole game without a window and print the result")
    p.add_argument("--seats", default="random,random,random,random",
                   help="comma-separated seats, 2 to 8: random, easy, normal, hard or master, each "
                        "optionally :DRAGON (hard:copper); default: four random")
    p.add_argument("--seed", type=seed_argument, default=None,
                   help="seed (default: a secret random one)")
    p.add_argument("--target", type=int, default=None, help="coins to win: 50, 75 or 100")
    p.add_argument("--round-cap", type=int, default=None, help="rounds before the game stops")
    p.add_argument("--map", default=None,
                   help="a Tiled .tmx map, or a shipped map's name such as riverfell "
                        "(default: the open plain)")
    p.add_argument("--no-cards", action="store_true",
                   help="play without power cards (no Draw phase)")
    house_rules.add_argument(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--log", action="store_true", help="print every event in plain words")
    _data_dir_argument(p)
    p.add_argument("--save", metavar="NAME", default=None,
                   help="with --headless: save the finished game under NAME in the data dir")
    p.add_argument("--demo", action="store_true",
                   help="print a random demo game instead of opening the window")
    p.add_argument("--screenshot", metavar="OUT.png", default=None,
                   help="play --rounds rounds headless and save the board screen as a PNG")
    p.add_argument("--rounds", type=int, default=3, help="rounds before --screenshot")
    p.add_argument("--size", default="1280x720", help="window size WxH for --screenshot")
    p.add_argument("--lang", metavar="CODE",
                   help="the window's language for this run: " + ", ".join(i18n.LANGUAGES)
                   + " (any command that opens a window; the command line stays English)")
    return p


def _sound_test(argv) -> int:
    p = argparse.ArgumentParser(allow_abbrev=False,
        prog="narby sound-test",
        description="Play every sound effect once and a few seconds of music through the "
                    "audio device, then exit (1 when there is no audio device).")
    p.add_argument("--music", type=float, default=4.0, metavar="SECONDS",
                   help="seconds of music at the end (default 4)")
    args = p.parse_args(argv)
    if not 0 <= args.music <= 120:
        p.error("--music takes 0 to 120 seconds")
    from game.ui.sound.sound_test import run  # noqa: PLC0415 (window code stays out of headless commands)

    return run(args.music)


def _map_argument(p, text: str) -> str:
    """--map: a path, or a shipped map's name; an unknown one is refused in one line that
    lists the shipped maps."""
    path = find_map(text)
    if not path.is_file():
        names = ", ".join(m.stem for m in shipped_maps())
        # a folder, a pipe or a device given as the map is there, but is no map file
        what = "not a map file" if os.path.exists(path) else "file not found"
        print(f"{p.prog}: --map {text}: {what} (shipped maps: {names})", file=sys.stderr)
        raise SystemExit(2)
    return str(path)


def _data_dir_argument(p) -> None:
    p.add_argument("--data-dir", metavar="DIR", default=None,
                   help="where saves, autosaves and logs live (default: $NARBY_DATA_DIR, "
                        "else the user's data folder)")


def _parse_seats(p, text: str) -> list[dict]:
    """[{"dragon": name or None, "player": kind}] from 'hard,normal:red,random'."""
    seats = []
    for token in text.split(","):
        kind, _, dragon = token.strip().partition(":")
        if kind == "human":
            p.error("a human seat needs the window: use 'narby play --seats human,...' "
                    "(--headless seats are random, easy, normal, hard or master)")
        if kind not in SEAT_KINDS:
            p.error(f"unknown seat kind {kind!r} in --seats (use: {', '.join(SEAT_KINDS)})")
        if dragon and dragon not in DRAGONS:
            p.error(f"unknown dragon {dragon!r} in --seats (dragons: {', '.join(DRAGONS)})")
        seats.append({"dragon": dragon or None, "player": kind})
    return seats


def _play(argv) -> int:
    p = _play_parser()
    args = p.parse_args(argv)
    if args.version:  # anywhere among the options (first, it is answered in _dispatch)
        print(f"narby {version()}")
        return 0
    if args.map is not None:
        args.map = _map_argument(p, args.map)
    if args.screenshot:
        return _screenshot(p, args)
    if not (args.headless or args.demo):
        return window_main(p, args, argv)
    demo = args.demo
    seats = _parse_seats(p, args.seats)
    seed = args.seed if args.seed is not None else new_seed()
    options = {k: v for k, v in (("target", args.target), ("round_cap", args.round_cap))
               if v is not None}
    if args.no_cards:
        options["cards"] = False
    options.update(house_rules.options(args.house))
    try:
        session = Session.new(seats, seed=seed, map_path=args.map, options=options,
                              rng=STREAM)
    except SessionError as exc:
        print(f"narby: {exc}", file=sys.stderr)
        return 2
    ai = ai_seed(seed, STREAM)
    match, shared = session.match, RandomPlayer(ai)  # one generator for the random seats
    players = {name: shared if kind == "random" else AIPlayer(kind, ai * 1009 + i)
               for i, (name, kind) in enumerate(session.players.items())}
    while not match.finished:
        pending = match.pending
        assert pending is not None  # the game is not over
        session.submit(players[pending.dragon].choose(match))
    if args.log or demo:
        for event in match.events:
            print(describe(event))
    result: dict[str, Any] = {"seed": seed, "winner": match.winner, "rounds": match.round,
              "scores": match.scores(), "players": dict(session.players)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"seed {seed}: winner {_winner_text(match.winner)} after {match.round} rounds")
        for name, score in sorted(result["scores"].items(), key=lambda kv: -kv[1]):
            print(f"  {name:<7} {session.players[name]:<7} {score}")
    # saved after the result is printed: a save that fails loses no result
    return _save_headless(session, args.save, args.data_dir) if args.save is not None else 0


def _save_headless(session: Session, name: str, folder: str | None) -> int:
    """--save NAME: never over another game's save of that name (the window asks first;
    a command cannot), nor over a file that does not load (saves.save_game)."""
    if not name.strip():
        print("narby: --save needs a name", file=sys.stderr)
        return 1
    try:
        data = data_dir(folder)
        slot = slot_path(name, data)
        held = game_of(slot)  # "" for a save without one: another game too
        if held is not None and held != session.game_id:
            print(f"narby: --save {name!r}: {slot} holds another game; choose another name "
                  "or delete that save first", file=sys.stderr)
            return 1
        print(f"saved: {save_game(session, name, data)}", file=sys.stderr)
    except (SaveError, OSError) as exc:
        print(f"narby: {exc}", file=sys.stderr)
        return 1
    return 0


def _screenshot(p, args) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 (window code stays out of headless commands)

    from game.ui.screenshot import take  # noqa: PLC0415 (window code stays out of headless commands)

    w, h = commands.window_size_arg(p, args.size) or (1280, 720)
    if args.rounds < 0:
        p.error("--rounds must be 0 or more")
    seats = len(args.seats.split(","))
    seed = args.seed if args.seed is not None else 1
    try:
        facts = take(args.screenshot, seed=seed, rounds=args.rounds, size=(w, h),
                     map_path=args.map, seats=seats)
    except SetupError as exc:
        print(f"narby: {exc}", file=sys.stderr)
        return 2
    except (OSError, pygame.error) as exc:  # pygame reports an unwritable path its own way
        print(f"narby: cannot write {args.screenshot}: {exc}", file=sys.stderr)
        return 2
    if facts.get("crashed"):  # the picture shows a crash screen: scripts must see it
        print(f"narby: the game crashed: {facts['crashed']} (the picture {args.screenshot} "
              "shows the crash screen)", file=sys.stderr)
        return 3
    print(f"saved {args.screenshot} ({w}x{h}, seed {seed}: after {args.rounds} rounds, now "
          f"round {facts['round']})")
    return 0


def _winner_text(w) -> str:
    return " and ".join(w) + " (shared)" if isinstance(w, list) else str(w)


def _replay(argv) -> int:
    p = argparse.ArgumentParser(allow_abbrev=False,
        prog="narby replay",
        description="Play a save, replay or scenario file. In a terminal it opens the "
                    "replay viewer window; piped, or with --headless or --state-json, it "
                    "prints the game instead.")
    p.add_argument("file")
    p.add_argument("--state-json", action="store_true",
                   help="print the final state document as JSON (no window)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--headless", action="store_true",
                     help="print every event in plain words instead of opening the window")
    how.add_argument("--window", action="store_true",
                     help="open the replay viewer even when output is not a terminal")
    args = p.parse_args(argv)
    if args.window and args.state_json:
        p.error("--window and --state-json do not go together")
    auto = not (args.headless or args.state_json) and _is_terminal()
    if args.window or auto:
        code = _replay_window(args.file, explicit=args.window)
        if code is not None:
            return code
    if _is_save_file(args.file):
        return _replay_save(args)
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
    except Exception as exc:  # last-resort net: a file never prints a traceback
        _cannot_play(args.file, exc)
        return 1
    if args.state_json:
        print(json.dumps(portable_state(match.snapshot()), indent=1))
    else:
        for event in match.events:
            print(describe(event))
        pending = match.pending
        print(f"stopped at: {pending.prompt}" if pending else
              f"game over: winner {_winner_text(match.winner)}")
    return 0


def _is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _replay_window(path: str, *, explicit: bool) -> int | None:
    """Open the replay viewer on a save or replay file. None: no display, and the window
    was not asked for by name (the caller prints the replay instead)."""
    try:
        if _is_save_file(path):
            session = load_save(path)
        else:
            session = Session.from_replay(load(path), base=Path(path).parent, where=path)
    except (SaveError, ReplayError) as exc:
        print(f"narby replay: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # last-resort net: a file never prints a traceback
        _cannot_play(path, exc)
        return 1
    if session.note:  # an older release's save, opened from its stored state (issue 31)
        print(f"narby replay: {_short_path(path)}: {session.note}", file=sys.stderr)
    from game.ui.app import open_app  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.replay_viewer import ReplayScene  # noqa: PLC0415 (window code stays out of headless commands)

    app = open_app(quiet=not explicit)
    if app is None:
        session.close()
        if explicit:
            return 2
        print("narby replay: no display for the viewer; printing the game instead",
              file=sys.stderr)
        return None
    app.push(ReplayScene(app, session, name=clean_name(session.name or Path(path).stem)))
    session.close()
    return app.run()


def _is_save_file(path: str) -> bool:
    """A narby-save/N file (any version, even one this build cannot read), by its
    "format" wherever it stands in the object; a file that is not JSON at all goes by
    its text, so a broken save gets the save loader's words."""
    try:
        if not Path(path).is_file():  # a FIFO or device is never opened (it would block)
            return False
        with open(path, encoding="utf-8") as f:
            head = f.read(4096)
    except (OSError, ValueError):  # ValueError: a NUL in the path, or not UTF-8
        return False
    try:
        doc = read_json(path, ValueError)
    except ValueError:
        return '"narby-save/' in head
    fmt = doc.get("format") if isinstance(doc, dict) else None
    return isinstance(fmt, str) and fmt.startswith("narby-save/")


def _cannot_play(path: str, exc: Exception) -> None:
    """A replay or save that trips the code in an unforeseen way: plain words for the
    player, the exception only in the (debug) log."""
    print(f"narby replay: {unreadable(_short_path(path), exc, 'cannot be played')}",
          file=sys.stderr)


def _short_path(path: str) -> str:
    return path if len(path) <= 200 else path[:197] + "..."


def _replay_save(args) -> int:
    """`narby replay SAVE`: replay a save's history (checked against its stored state)."""
    try:
        session = load_save(args.file)
    except SaveError as exc:
        print(f"narby replay: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # last-resort net: a file never prints a traceback
        _cannot_play(args.file, exc)
        return 1
    if session.note:  # an older release's save, opened from its stored state (issue 31)
        print(f"narby replay: {_short_path(args.file)}: {session.note}", file=sys.stderr)
    if args.state_json:
        print(json.dumps(session.snapshot(), indent=1))
    else:
        for event in session.events:
            print(describe(event))
        pending = session.match.pending
        print(f"stopped at: {pending.prompt}" if pending else
              f"game over: winner {_winner_text(session.match.winner)}")
    session.close()
    return 0


def _saves(argv) -> int:
    """`narby saves`: the saves and autosaves of the data dir, and files that are bad."""
    p = argparse.ArgumentParser(allow_abbrev=False, prog="narby saves",
                                description="List saved games and files that cannot be read.")
    _data_dir_argument(p)
    p.add_argument("--json", action="store_true", help="print the listing as JSON")
    args = p.parse_args(argv)
    data = data_dir(args.data_dir)
    listing: dict[str, Any] = {"data_dir": str(data), "saves": [], "problems": []}
    if data.exists() and not data.is_dir():
        listing["problems"].append({"path": str(data), "message": str(Words(
            "{path}: is a file, not a folder: no save can be kept there", path=data))})
    for kind, folder in (("save", saves_dir(data)), ("autosave", autosaves_dir(data))):
        entries, problems = list_saves(folder, kind)
        listing["saves"] += [_entry_json(e) for e in entries]
        listing["problems"] += [{"path": str(pr.path), "message": pr.message}
                                for pr in problems]
    if args.json:
        print(json.dumps(listing, indent=1))
        return 0
    print(f"data folder: {data}")
    if not listing["saves"]:
        print("no saved games")
    for e in listing["saves"]:
        scores = ", ".join(f"{d} {e['scores'][d]}" for d in e["dragons"])
        state = (f"won by {_winner_text(e['winner'])}" if e["finished"]
                 else f"round {e['round']}")
        print(f"{e['kind']:<8} {e['name']} | {e['map_title']} | {state} | {scores} | "
              f"{e['date']} | {e['path']}")
    for problem in listing["problems"]:
        print(f"problem: {problem['message']}")
    return 0


def _entry_json(e) -> dict:
    return {"name": e.name, "kind": e.kind, "path": str(e.path), "dragons": e.dragons,
            "round": e.round, "scores": e.scores, "map": e.map, "map_title": e.map_title,
            "date": e.date, "finished": e.finished, "winner": e.winner, "players": e.players}


def _check_map(argv) -> int:
    try:
        from game.maps.check_cli import main as check_main  # noqa: PLC0415 (optional dependency, fails soft)
    except ImportError:
        print("narby check-map: map checking is not available in this build", file=sys.stderr)
        return 2
    return check_main(argv)


if __name__ == "__main__":
    sys.exit(main())
