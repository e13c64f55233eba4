"""`narby host` and `narby join`: networked play from the command line.

    narby host --headless --port 8765 --seats remote,remote,easy [--seed S] [--json]
    narby join wss://HOST:8765/CODE#FINGERPRINT --bot random|easy|normal|hard|master [--seed S]

Without --headless / --bot they open the window on the Host online / Join game screen.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from game import house_rules
from game.cli import _winner_text
from game.dice import MT, seed_argument
from game.maps.limits import is_file
from game.net import chat, tls
from game.net.client import BOT_KINDS, Bot, JoinError, open_invite, plain_reason, run_bot
from game.net.discovery import advertise, lan_address
from game.net.host import (
    CODE_ALPHABET,
    DROP_POLICIES,
    SEAT_KINDS,
    HostCore,
    HostServer,
    join_code,
    new_game,
    read_side,
    side_file,
)
from game.net.invite import Invite
from game.persistence.files import read_regular, write_atomic
from game.persistence.saves import SaveError, data_dir, game_id, load_save
from game.persistence.saves import data_dir as find_data
from game.resources import find_map
from game.session import SessionError
from game.stream_random import new_seed
from game.tables import DRAGONS, TARGETS

DEFAULT_PORT = 8765
TOKEN_MOST = 4096  # a seat token is a few dozen characters


def _host_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(allow_abbrev=False,
        prog="narby host",
        description="Host a game that friends join from their own machines. Seats: remote "
                    "(a person on another machine), local (a person at this screen, window "
                    "only) or an AI: random, easy, normal, hard, master.")
    p.add_argument("--headless", action="store_true",
                   help="host without a window and print the result when the game ends")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"TCP port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--bind", default="0.0.0.0",
                   help="address to listen on (default: every interface; 127.0.0.1: this "
                        "machine only)")
    p.add_argument("--seats", default=None,
                   help=f"comma-separated seats, 2 to 8: {', '.join(SEAT_KINDS)}, each "
                        "optionally :DRAGON (remote:red); default remote,remote (the "
                        "window: local,remote,normal)")
    p.add_argument("--seed", type=seed_argument, default=None,
                   help="the same game again from a seed (default: a secret random one; "
                        "a typed seed can be worked out by a joiner)")
    p.add_argument("--target", type=int, default=None, help="coins to win: 50, 75 or 100")
    p.add_argument("--round-cap", type=int, default=None, help="rounds before the game stops")
    p.add_argument("--map", default=None, help="a Tiled .tmx map (default: the open plain)")
    p.add_argument("--no-cards", action="store_true", help="play without power cards")
    house_rules.add_argument(p)
    p.add_argument("--code", default=None,
                   help="the join code players must give (default: a new random one)")
    p.add_argument("--drop-wait", type=float, default=120.0, metavar="SECONDS",
                   help="how long the game waits for a dropped player (default 120)")
    p.add_argument("--on-drop", choices=DROP_POLICIES, default="ai",
                   help="then: ai (an AI plays the seat until the player is back, the "
                        "default), wait (for ever) or end (the game)")
    p.add_argument("--max-connections", type=int, default=16,
                   help="connections at once, players and watchers (default 16)")
    p.add_argument("--resume", metavar="SAVE", default=None,
                   help="re-open a networked game from its save or autosave; the players "
                        "rejoin with their tokens")
    p.add_argument("--advertise", action="store_true",
                   help="announce the game on the local network (zeroconf), if available")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--data-dir", metavar="DIR", default=None,
                   help="where autosaves and seat tokens go (default: $NARBY_DATA_DIR, "
                        "else the user's data folder)")
    return p


def _parse_seats(p, text: str) -> list[dict]:
    seats = []
    for token in text.split(","):
        kind, _, dragon = token.strip().partition(":")
        if kind not in SEAT_KINDS:
            p.error(f"unknown seat kind {kind!r} in --seats (use: {', '.join(SEAT_KINDS)})")
        if dragon and dragon not in DRAGONS:
            p.error(f"unknown dragon {dragon!r} in --seats (dragons: {', '.join(DRAGONS)})")
        seats.append({"dragon": dragon or None, "player": kind})
    return seats


# A hosted game's typed seed gives the same game again, so it is not secret: a joiner
# trying seeds against the public setup found 31337 in about ten seconds, and then knew
# every hand and die. The host is told; left out, the seed is secret (docs/ENGINE.md).
TYPED_SEED = ("a seed you type can be worked out by a joiner from the board, and with it "
              "every card and die: leave --seed out for a game no one can foresee")


def resume_notes(session) -> list[str]:
    """What the host is told when it resumes a game: an older release's save opened from
    its stored state, and 0.1.0's dice (kept, as its history needs them)."""
    notes = [session.note] if session.note else []
    if session.match.dice.kind == MT:
        notes.append("this game began in 0.1.0 and keeps its dice, which a determined "
                     "player could work out; a new game's cannot be")
    return notes


def host_main(argv: list[str]) -> int:
    p = _host_parser()
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        p.error("--port takes 0 to 65535")
    if not 0 <= args.drop_wait <= 7 * 24 * 3600:  # (inf and nan broke the host's clock)
        p.error("--drop-wait must be 0 to 604800 seconds (a week); --on-drop wait waits "
                "for ever")
    if not 1 <= args.max_connections <= 256:
        p.error("--max-connections takes 1 to 256")
    code = (args.code or join_code()).upper()
    if not 4 <= len(code) <= 32 or any(c not in CODE_ALPHABET + "01ILO" for c in code):
        p.error("--code takes 4 to 32 letters and digits")
    if args.resume:
        fixed = [flag for flag, given in (("--seats", args.seats), ("--seed", args.seed),
                                          ("--target", args.target),
                                          ("--round-cap", args.round_cap), ("--map", args.map),
                                          ("--no-cards", args.no_cards),
                                          ("--house", args.house)) if given]
        if fixed:  # a resumed game is the game it was
            p.error(f"{fixed[0]} cannot change a resumed game (its save has its seats and "
                    "options)")
    if not args.headless:
        return _host_window(args.data_dir, args.resume, *_window_options(p, args))
    data = data_dir(args.data_dir)
    tokens: dict = {}
    names: dict = {}
    try:
        if args.resume:
            session = load_save(args.resume)
            for note in resume_notes(session):
                print(f"narby host: {args.resume}: {note}", file=sys.stderr)
            side = side_file(data, game_id(session))
            if not side.exists():
                print(f"narby host: {args.resume}: not a networked game of this data folder "
                      f"(no {side})", file=sys.stderr)
                return 2
            doc = read_side(side)
            kinds = {d: s["kind"] for d, s in doc["seats"].items()}
            tokens = {d: s["token"] for d, s in doc["seats"].items() if s["token"]}
            names = {d: s["name"] for d, s in doc["seats"].items()
                     if isinstance(s.get("name"), str)}
            code = args.code.upper() if args.code else (doc.get("code") or code)
            seed = session.seed
        else:
            seats = _parse_seats(p, args.seats or "remote,remote")
            if "local" in [s["player"] for s in seats]:
                p.error("a headless host has no screen: use remote seats or AIs")
            if "remote" not in [s["player"] for s in seats]:
                p.error("--seats needs at least one remote seat (or play 'narby --headless')")
            seed = args.seed if args.seed is not None else new_seed()
            options = {k: v for k, v in (("target", args.target),
                                         ("round_cap", args.round_cap)) if v is not None}
            if args.no_cards:
                options["cards"] = False
            options.update(house_rules.options(args.house))
            session, kinds = new_game(seats, seed=seed, map_path=args.map, options=options)
        core = HostCore(session, kinds, code=code, tokens=tokens, names=names,
                        drop_wait=args.drop_wait, on_drop=args.on_drop,
                        ai_seed=session.ai_seed, auto_start=True,
                        data_dir=data, echo_chat=True)
    except (SaveError, SessionError, ValueError) as exc:
        print(f"narby host: {exc}", file=sys.stderr)
        return 2
    core.save_side()
    try:
        asyncio.run(_serve(core, args, code))
    except OSError as exc:
        print(f"narby host: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    m = session.match
    if not m.finished:
        seed = None  # the game goes on (narby host --resume): its seed stays secret
    result = {"seed": seed, "winner": m.winner, "rounds": m.round, "scores": m.scores(),
              "players": dict(kinds), "ended": core.ended, "decisions": core.decision}
    if args.json:
        print(json.dumps(result))
    else:
        how = f"ended ({core.ended})" if core.ended else f"winner {_winner_text(m.winner)}"
        print(f"seed {'hidden until the game ends' if seed is None else seed}: {how} "
              f"after {m.round} rounds")
        for name, score in sorted(result["scores"].items(), key=lambda kv: -kv[1]):
            print(f"  {name:<7} {kinds[name]:<7} {score}")
    return 0


async def _serve(core, args, code: str) -> None:
    server = HostServer(core, host=args.bind, port=args.port,
                        max_connections=args.max_connections,
                        identity=tls.host_identity(core.data_dir))
    await server.start()
    core.port = server.port  # a re-host listens there again (the players' addresses)
    core.save_side()
    shown = args.bind if args.bind not in ("0.0.0.0", "::", "") else lan_address()
    invite = Invite(shown, server.port, code, server.pin)
    print(f"narby host: listening on {invite.text()}", file=sys.stderr)
    print(f"narby host: join with: narby join '{invite.text()}' --bot random (or Join game "
          f"in the window: type the invite; code {code}, fingerprint {server.pin})",
          file=sys.stderr, flush=True)
    if getattr(args, "seed", None) is not None:  # reproducible, so not secret: told
        print(f"narby host: {TYPED_SEED}", file=sys.stderr, flush=True)
    if core.map_info() is None and core.match.board.source:
        print("narby host: this map cannot be sent to joiners (too large, or a file is "
              "missing): they need it installed", file=sys.stderr)
    ad = None
    if args.advertise:
        ad = advertise(server.port, core.match.board.title, len(core.remote_seats()),
                       pin=server.pin)
        if ad is None:
            print("narby host: no LAN discovery here (zeroconf unavailable)", file=sys.stderr)
    try:
        await server.finished.wait()
    finally:
        if ad is not None:
            ad.close()
        await server.close()


def _join_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(allow_abbrev=False,
        prog="narby join",
        description="Join a hosted game. With --bot a bot plays your seat headless; "
                    "without it the window opens on Join game.")
    p.add_argument("address", nargs="?", default=None,
                   help="the host's invite, wss://HOST:PORT/CODE#FINGERPRINT (as the host "
                        "shows it; quote it in a shell, for the #)")
    p.add_argument("--bot", choices=BOT_KINDS, default=None,
                   help="play the seat headless with this bot")
    p.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")
    p.add_argument("--code", default=None, help="the join code, if not in the invite")
    p.add_argument("--fingerprint", default=None,
                   help="the host's certificate fingerprint, if not in the invite")
    p.add_argument("--seat", choices=DRAGONS, default=None, help="ask for this dragon's seat")
    p.add_argument("--name", default=None, help="your name in the lobby")
    p.add_argument("--token", default=None, help="rejoin your seat with its token")
    p.add_argument("--token-file", default=None, metavar="FILE",
                   help="read the token from FILE if it exists, and keep the seat's token "
                        "there (rejoin by running the same command again)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--log", action="store_true",
                   help="print each answer the bot sends (to standard error)")
    return p


def join_main(argv: list[str]) -> int:
    p = _join_parser()
    args = p.parse_args(argv)
    if args.bot is None:
        return _join_window(args.address or "")
    if not args.address:
        p.error("a bot needs the host's address")
    try:
        invite = open_invite(args.address, args.fingerprint)
    except JoinError as exc:
        p.error(str(exc))
    url, code = invite.text(), args.code or invite.code
    token = args.token
    token_path = Path(args.token_file) if args.token_file else None
    if token is None and token_path is not None and token_path.exists():
        try:
            token = read_regular(token_path, TOKEN_MOST).decode("utf-8").strip() or None
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not text"
            print(f"narby join: cannot read {token_path}: {why}", file=sys.stderr)
            return 2

    def on_welcome(msg):
        seat, tok = msg.get("seat"), msg.get("token")  # (game.net.from_host checked them)
        print(f"narby join: seat {_plain(seat)}; rejoin with --token {_plain(tok)}",
              file=sys.stderr, flush=True)
        if token_path is not None and tok:
            try:
                write_atomic(token_path, tok.encode("utf-8"))  # 0600 from the start
            except OSError as exc:
                print(f"narby join: cannot write {token_path}: {exc.strerror or exc}",
                      file=sys.stderr)

    def on_answer(decision, answer):
        if decision is None:  # the host refused something we sent
            print(f"narby join: the host says: {_plain(answer.get('reason'))}",
                  file=sys.stderr, flush=True)
            return
        print(f"narby join: decision {decision}: {json.dumps(answer)}", file=sys.stderr,
              flush=True)

    try:
        result = asyncio.run(run_bot(url, Bot(args.bot, args.seed), code=code, token=token,
                                     name=args.name, seat=args.seat, on_welcome=on_welcome,
                                     on_answer=on_answer if args.log else None))
    except JoinError as exc:
        print(f"narby join: {_plain(exc)}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - last net: one line, never a traceback
        print(f"narby join: the game stopped: {plain_reason(exc)}", file=sys.stderr)
        return 1
    over = result.over
    assert over is not None  # run_bot returns only once the game is over
    out = {"seat": result.seat, "winner": over["winner"], "rounds": over.get("rounds"),
           "scores": over["scores"], "reason": over.get("reason"), "answers": result.answers,
           "rejoins": result.rejoins}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{_plain(result.seat)}: winner {_plain(_winner_text(over['winner']))} after "
              f"{over.get('rounds', '?')} rounds ({_plain(over.get('reason', ''))})")
        for name, score in sorted(over["scores"].items(), key=lambda kv: -kv[1]):
            print(f"  {_plain(name):<7} {score}")
    return 0


def _plain(text) -> str:
    """A host's words as a terminal may print them: no escape sequences or bidi marks
    (a crafted host could otherwise clear the screen or fake a prompt)."""
    return chat.clean(str(text))[:500]


def _join_window(address: str) -> int:
    """The window on Join game (the address filled in), over the main menu."""
    from game.ui.app import open_app  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.menu import MenuScene  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.online import JoinScene  # noqa: PLC0415 (window code stays out of headless commands)

    app = open_app()
    if app is None:
        return 2
    app.push(MenuScene(app))
    app.push(JoinScene(app, address))
    return app.run()


def _window_options(p, args) -> tuple:
    """(the New game setup, or None for the window's default; where and how to host) from
    `narby host`'s flags, each honoured in the window or refused in one line."""
    from game.ui.controller import GameSetup, Seat  # noqa: PLC0415 (window code stays out of headless commands)

    if args.json:
        p.error("--json needs --headless (the window shows the result itself)")
    net = {"port": args.port, "drop_wait": args.drop_wait, "on_drop": args.on_drop,
           "max_connections": args.max_connections}
    if args.code:
        net["code"] = args.code.upper()
    if args.advertise:
        net["advertise"] = True
    if args.resume:
        return None, args.bind, net
    if args.target is not None and args.target not in TARGETS:
        p.error(f"--target takes {', '.join(map(str, TARGETS))}")
    if args.round_cap is not None and args.round_cap < 1:
        p.error("--round-cap takes a whole number of rounds, 1 or more")
    if args.map is not None:  # a path, or a shipped map's name as --headless takes it
        found = find_map(args.map)
        if not is_file(found):
            p.error(f"--map {args.map}: no such file")
        args.map = str(found)
    seats = [Seat("human"), Seat("remote"), Seat("ai", "normal")]
    if args.seats is not None:
        seats = []
        for s in _parse_seats(p, args.seats):
            kind = s["player"]
            if kind == "random":
                p.error("a random seat needs --headless (the window's AIs are easy, normal "
                        "hard or master)")
            seats.append(Seat("human" if kind == "local" else "remote" if kind == "remote"
                              else "ai", kind if kind in ("easy", "normal", "hard", "master") else
                              "normal", s["dragon"]))
        if not 2 <= len(seats) <= 8:
            p.error("--seats takes 2 to 8 seats")
        if not any(s.kind == "remote" for s in seats):
            p.error("--seats needs at least one remote seat to host")
    setup = GameSetup(seats=seats)
    if args.map is not None:
        setup.map_path = str(Path(args.map).resolve())
    if args.target is not None:
        setup.target = args.target
    setup.round_cap, setup.cards = args.round_cap, not args.no_cards
    setup.even_dragons = "even-dragons" in args.house
    setup.seed = args.seed
    return setup, args.bind, net


def _host_window(data_dir, resume: str | None = None, setup=None, bind: str = "0.0.0.0",
                 net: dict | None = None) -> int:
    """The window on New game (filled in from the command line), where a seat set to
    Remote (online) hosts the game; with a save to resume, the Host online lobby of that
    game. `bind` and `net`: where and how to host (_window_options)."""
    from game.ui.app import open_app  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.controller import GameSetup, Seat  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.menu import MenuScene  # noqa: PLC0415 (window code stays out of headless commands)
    from game.ui.scenes.new_game import NewGameScene  # noqa: PLC0415 (window code stays out of headless commands)

    reopened = None
    if resume:
        reopened = _reopen(resume, data_dir)
        if isinstance(reopened, int):
            return reopened
    app = open_app(data_dir=data_dir)
    if app is None:
        return 2
    net = dict(net or {})
    app.net_bind, app.net_options = bind, net  # New game's Host online reads them
    app.push(MenuScene(app))
    if reopened is not None:
        from game.ui.net_window import rehost  # noqa: PLC0415 (window code stays out of headless commands)
        from game.ui.scenes.online import HostLobbyScene  # noqa: PLC0415 (window code stays out of headless commands)

        session, side = reopened
        try:
            port = net.pop("port", None)  # asked for: only there; else its own, if free
            c = rehost(session, side, bind=bind, data_dir=app.data_dir,
                       port=None if port == DEFAULT_PORT else port, **net)
        except (OSError, ValueError) as exc:
            print(f"narby host: {exc}", file=sys.stderr)
            return 1
        app.push(HostLobbyScene(app, c))
        return app.run()
    app.push(NewGameScene(app, setup or GameSetup(seats=[Seat("human"), Seat("remote"),
                                                         Seat("ai", "normal")])))
    return app.run()


def _reopen(path: str, data_dir):
    """(session, seats document) of a networked save, or an exit code after one line."""
    try:
        session = load_save(path)
        if session.note:  # an older release's save, from its stored state (issue 31)
            print(f"narby host: {path}: {session.note}", file=sys.stderr)
        side = side_file(find_data(data_dir), game_id(session))
        if not side.exists():
            print(f"narby host: {path}: not a networked game of this data folder (no "
                  f"{side})", file=sys.stderr)
            return 2
        return session, read_side(side)
    except (SaveError, ValueError) as exc:
        print(f"narby host: {exc}", file=sys.stderr)
        return 2
