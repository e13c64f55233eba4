"""AI tournament: seeded games between AI levels, with win rates and timings.

    python tools/tournament.py --seats hard,normal,normal,normal --games 200 --seed 1
        [--jobs 2] [--map maps/riverfell.tmx] [--target 50] [--round-cap 60]
        [--budget N] [--time-limit S] [--json] [--plot FILE.png] [--quiet]
        [--set LEVEL.KEY[.KEY]=JSON ...] [--records FILE.jsonl] [--games-in FILE.jsonl]
        [--opponent DRAGON] [--house even-dragons]

A seat is a level: easy, normal, hard (game.ai) or random (random legal answers,
game.players.RandomPlayer). Game g is played with seed `seed + g`, dragons drawn by
the dice (R6), and the seats rotated by g places, so each entry of --seats sits at
every seat equally often and no seat order is favoured. Each AI decision sees only
its seat view (game.seat_view.seat_view) and gets a seed derived from the game and the
decision count, so a run is reproducible (Hard stops at its time limit only when a
decision would take longer than that).

--set tries a level's settings without editing game/ai (a tuning run): it replaces one
entry of game.ai.decide.LEVEL_SETTINGS for the run's games, e.g. --set hard.params.race=0.4
or --set 'hard.replies={"lines": 3, "samples": 2, "reply_budget": 150, "reply_nodes": 2000,
"own_nodes": 1000, "switch": 0.3}' (Hard with Master's look past the turn at a smaller
budget). Master's settings are a copy of Hard's: --set hard.* leaves Master as it is.

Prints, per entry of --seats: win rate with a 95% Wilson interval (a shared win counts
1/k to each of k winners), average final score and average margin (its score less the
best other seat's: a steadier measure than the win rate); per level: decision time median
and p95; average rounds; and the win rate of each dragon type (a balance report).
--records writes each game's record (seed, scores, seats, winners) as a JSON line as it
finishes, to compare two runs game by game (the same seeds: a paired comparison).
--games-in plays only the run's games whose seeds appear in another run's records: a
variant that can change only some games (one aimed at a Copper opponent) is compared
on those alone, the rest being the base run's games unchanged. --opponent DRAGON does
the same without a base run: it plays only the games in which a dragon other than the
first entry's is DRAGON (the dice draw the dragons before any decision, so the games
are known before they are played).
--house RULE plays every game with a house rule (game/house_rules.py; docs/RULES.md):
--house even-dragons measures the levels with every dragon's tributes alike, and each
record names the rules (`"house"`).
--jobs N runs the games on the balance lab's engine (game/balance/run.py): a local
Dask cluster of N single-threaded worker processes (esper worlds are process-global),
each game a task, retried if its worker is lost; --cluster ADDRESS sends them to a
running Dask scheduler instead (its workers need this repository at the same path).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import house_rules  # noqa: E402
from game.ai import choose  # noqa: E402
from game.ai.decide import LEVEL_SETTINGS  # noqa: E402
from game.ai.evaluate import DEFAULT as EVAL_DEFAULT  # noqa: E402
from game.ai.evaluate import POWER_VALUE  # noqa: E402
from game.ai.learned import PARAMS as LEARNED_PARAMS  # noqa: E402
from game.balance.gc_tuning import fewer_collections  # noqa: E402
from game.balance.luck import watch  # noqa: E402
from game.board import BoardSpec  # noqa: E402
from game.maps.loader import (  # noqa: E402
    MapError,
    load_board,
)
from game.match import Match  # noqa: E402
from game.players import RandomPlayer  # noqa: E402
from game.seat_view import seat_view  # noqa: E402
from game.tables import DRAGONS  # noqa: E402

SEAT_KINDS = ("easy", "normal", "hard", "master", "random")


def parse_setting(text: str) -> tuple[list[str], object]:
    """'LEVEL.KEY[.KEY]=JSON' -> (path, value); a plain word that is not JSON is a string.
    Refused in one line unless the level exists and every key but the last does."""
    path_text, eq, value_text = text.partition("=")
    path = [p for p in path_text.strip().split(".") if p]
    if not eq or len(path) < 2:
        raise SystemExit(f"tournament: --set takes LEVEL.KEY=VALUE, not {text!r}")
    if path[0] not in LEVEL_SETTINGS:
        raise SystemExit(f"tournament: --set {text!r}: no level {path[0]!r} "
                         f"(one of {', '.join(LEVEL_SETTINGS)})")
    node = LEVEL_SETTINGS[path[0]]
    for key in path[1:-1]:
        node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            raise SystemExit(f"tournament: --set {text!r}: {path[0]} has no settings "
                             f"group {key!r}")
    try:
        value = json.loads(value_text)
    except ValueError:
        value = value_text
    if path[1:-1] == ["params"]:  # the value's settings: a wrong one would go unnoticed
        _check_param(text, path[-1], value)
    return path, value


def _check_param(text: str, key: str, value: object) -> None:
    """An unknown value setting, or a place worth table that is not {place: coins} or
    "registry", is refused: the AI would ignore it, or fall back to random answers."""
    if key not in EVAL_DEFAULT and key not in LEARNED_PARAMS:
        raise SystemExit(f"tournament: --set {text!r}: no value setting {key!r}")
    if key in ("power_worth", "stake_worth") and value not in (None, "registry") and not (
            isinstance(value, dict) and all(
                k in POWER_VALUE and isinstance(v, (int, float)) for k, v in value.items())):
        raise SystemExit(f"tournament: --set {text!r}: {key} takes null, \"registry\" or "
                         f"{{place: coins a round}} with places from {', '.join(POWER_VALUE)}")


@contextlib.contextmanager
def level_settings(settings: list):
    """LEVEL_SETTINGS with `settings` ([(path, value)]) in force, restored afterwards
    (the table is process-global: a game must not leave its variant behind)."""
    saved = {path[0]: LEVEL_SETTINGS[path[0]] for path, _ in settings}
    try:
        for path, value in settings:
            level = LEVEL_SETTINGS[path[0]] = copy.deepcopy(LEVEL_SETTINGS[path[0]])
            node = level
            for key in path[1:-1]:
                node = node[key]
            node[path[-1]] = value
        yield
    finally:
        LEVEL_SETTINGS.update(saved)


def play_game(job: dict) -> dict:
    """One seeded game; returns its record (levels by dragon, winner, scores, timings)."""
    with level_settings(job.get("settings", [])), fewer_collections():
        return _play_game(job)


def setup_match(job: dict):
    """The game's match before any decision (its dragons drawn by the dice, R6), its
    board, and each dragon's entry of --seats (seat s is played by entry (s + g) % n)."""
    n, g = len(job["seats"]), job["game"]
    board = _board(job["map"]) if job["map"] else BoardSpec.plain()
    options = {"target": job["target"], "round_cap": job["round_cap"],
               **house_rules.options(job.get("house"))}
    m = Match([None] * n, seed=job["seed"] + g, board=board, options=options)
    return m, board, {name: (s + g) % n for s, name in enumerate(m.seat_names)}


def replay(seats: list[str], seed0: int, g: int, budget: int, target: int,
           cap: int = 60):
    """The tournament's game g for a tool that follows it (no clock): its match, board,
    each dragon's entry of `seats` (the studied level's dragon has entry 0), and a
    generator that plays one decision a step and yields the events that decision added.
    The caller closes the match."""
    job = {"seats": seats, "seed": seed0, "game": g, "map": None, "target": target,
           "round_cap": cap}
    m, board, entry_of = setup_match(job)
    seed = seed0 + g

    def steps():
        seen = k = 0
        while not m.finished:
            dragon = m.deciding
            assert dragon is not None  # an unfinished match has a decision pending
            m.submit(choose(seat_view(m, dragon), seats[entry_of[dragon]],
                            seed=seed * 100_003 + k, board=board, budget=budget))
            k += 1
            yield [e for e in m.events[seen:] if isinstance(e, dict)]
            seen = len(m.events)

    return m, board, entry_of, steps()


def _has_opponent(job: dict, dragon: str) -> bool:
    """--opponent: a dragon other than the first entry's plays `dragon` (no move played)."""
    m, _, entry_of = setup_match(job)
    m.close()
    return entry_of.get(dragon, 0) != 0


def _play_game(job: dict) -> dict:
    seats, g = job["seats"], job["game"]
    seed = job["seed"] + g
    m, board, entry_of = setup_match(job)
    luck = watch(m)  # the tribute dice's luck, for tools/paired.py
    randoms = {name: RandomPlayer(seed * 31 + s) for s, name in enumerate(m.seat_names)}
    times: dict[str, list[float]] = {}
    k = 0
    while not m.finished:
        dragon = m.pending.dragon
        level = seats[entry_of[dragon]]
        start = time.perf_counter()
        if level == "random":
            answer = randoms[dragon].choose(m)
        else:
            answer = choose(seat_view(m, dragon), level, seed=seed * 100_003 + k,
                            board=board, budget=job["budget"], time_limit=job["time_limit"])
        times.setdefault(level, []).append(time.perf_counter() - start)
        m.submit(answer)
        k += 1
    winners = m.winner if isinstance(m.winner, list) else [m.winner]
    record = {
        "game": g, "seed": seed, "rounds": m.round, "scores": m.scores(),
        "entries": entry_of, "winners": [w for w in winners if w in entry_of],
        "times": times, "decisions": k,
        "luck": {d: {f: round(v, 4) for f, v in x.items()} for d, x in luck.items()},
    }
    if job.get("house"):  # a record names the house rules its game was played under
        record["house"] = list(job["house"])
    m.close()
    return record


_BOARDS: dict = {}


def _board(path: str):
    if path not in _BOARDS:
        _BOARDS[path] = load_board(path)
    return _BOARDS[path]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(seats: list[str], records: list[dict]) -> dict:
    n_games = len(records)
    labels = _labels(seats)
    wins = [0.0] * len(seats)
    score_sum = [0.0] * len(seats)
    margin_sum = [0.0] * len(seats)
    dragon_games: dict[str, int] = {}
    dragon_wins: dict[str, float] = {}
    times: dict[str, list[float]] = {}
    for r in records:
        share = 1.0 / len(r["winners"]) if r["winners"] else 0.0
        for name, entry in r["entries"].items():
            score_sum[entry] += r["scores"][name]
            dragon_games[name] = dragon_games.get(name, 0) + 1
            won = share if name in r["winners"] else 0.0
            wins[entry] += won
            dragon_wins[name] = dragon_wins.get(name, 0.0) + won
        for name, entry in r["entries"].items():
            others = [v for d, v in r["scores"].items() if d != name]
            margin_sum[entry] += r["scores"][name] - max(others, default=0)
        for level, ts in r["times"].items():
            times.setdefault(level, []).extend(ts)
    seats_out = []
    for i, label in enumerate(labels):
        low, high = wilson(wins[i], n_games)
        seats_out.append({"seat": label, "level": seats[i], "wins": wins[i],
                          "win_rate": wins[i] / n_games if n_games else 0.0,
                          "ci95": [low, high],
                          "avg_score": score_sum[i] / n_games if n_games else 0.0,
                          "avg_margin": margin_sum[i] / n_games if n_games else 0.0})
    timing = {}
    for level, ts in sorted(times.items()):
        ts = sorted(ts)
        timing[level] = {"decisions": len(ts), "median_ms": 1000 * statistics.median(ts),
                         "p95_ms": 1000 * ts[min(len(ts) - 1, int(0.95 * len(ts)))],
                         "max_ms": 1000 * ts[-1]}
    dragons = {name: {"games": dragon_games[name], "win_rate": dragon_wins[name] /
                      dragon_games[name]} for name in sorted(dragon_games)}
    return {"games": n_games, "seats": seats_out, "timing": timing, "dragons": dragons,
            "avg_rounds": statistics.mean(r["rounds"] for r in records) if records else 0.0,
            "chance": 1.0 / len(seats)}


def _labels(seats: list[str]) -> list[str]:
    """'normal' once, or 'normal#1', 'normal#2' ... when a level sits more than once."""
    out = []
    for i, level in enumerate(seats):
        if seats.count(level) > 1:
            out.append(f"{level}#{seats[:i + 1].count(level)}")
        else:
            out.append(level)
    return out


def report(summary: dict, args) -> str:
    lines = [f"{summary['games']} games, seats {args.seats}, seed {args.seed}, "
             f"target {args.target}, map {args.map or 'plain 20x20'}"
             + "".join(f", house rule {h}" for h in args.house) + "; "
             f"chance {100 * summary['chance']:.0f}%",
             "", f"{'seat':<10} {'win rate':>9}  {'95% CI':<15} {'avg score':>9} "
                 f"{'avg margin':>10}"]
    for s in summary["seats"]:
        low, high = s["ci95"]
        lines.append(f"{s['seat']:<10} {100 * s['win_rate']:>8.1f}%  "
                     f"[{100 * low:4.1f}, {100 * high:4.1f}]%  {s['avg_score']:>9.1f} "
                     f"{s['avg_margin']:>+10.1f}")
    lines += ["", f"average rounds: {summary['avg_rounds']:.1f}", "",
              f"{'level':<8} {'decisions':>9} {'median':>9} {'p95':>9} {'max':>9}"]
    for level, t in summary["timing"].items():
        lines.append(f"{level:<8} {t['decisions']:>9} {t['median_ms']:>7.1f}ms "
                     f"{t['p95_ms']:>7.1f}ms {t['max_ms']:>7.1f}ms")
    lines += ["", "win rate per dragon (all levels):"]
    for name, d in summary["dragons"].items():
        lines.append(f"  {name:<8} {100 * d['win_rate']:5.1f}%  of {d['games']} games")
    return "\n".join(lines)


LEVEL_COLOURS = {"easy": (120, 180, 120), "normal": (90, 140, 210), "hard": (200, 120, 60),
                 "master": (170, 60, 160), "random": (160, 160, 160)}


def plot(summary: dict, path: str, subtitle: str = "") -> None:
    """Two bar charts with 95% intervals, drawn with pygame and the game's font: the win
    rate of each entry of --seats, and of each dragon type (the balance report)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the report clean
    import pygame  # noqa: PLC0415 (window code stays out of headless commands)

    from game.ui.art import dragon_colour, font  # noqa: PLC0415 (window code stays out of headless commands)

    seats = [(s["seat"], s["win_rate"], s["ci95"], LEVEL_COLOURS.get(s["level"]),
              f"score {s['avg_score']:.1f}") for s in summary["seats"]]
    dragons = [(name, d["win_rate"], wilson(d["win_rate"] * d["games"], d["games"]),
                dragon_colour(name), f"{d['games']} games")
               for name, d in summary["dragons"].items()]
    left_w, right_w = 96 * len(seats) + 70, 64 * len(dragons) + 70
    w, h = left_w + right_w + 30, 470
    surf = pygame.Surface((w, h))
    surf.fill((250, 248, 240))
    ink = (30, 28, 36)
    surf.blit(font(20, bold=True).render(
        f"Win rates, {summary['games']} games", True, ink), (20, 12))
    note = "whiskers: 95% interval; red line: chance"
    surf.blit(font(14).render(f"{subtitle}  ·  {note}" if subtitle else note, True,
                              (100, 96, 110)), (20, 40))
    _bars(surf, pygame.Rect(10, 70, left_w, h - 80), "per seat entry", seats,
          summary["chance"])
    _bars(surf, pygame.Rect(left_w + 20, 70, right_w, h - 80), "per dragon (all levels)",
          dragons, summary["chance"])
    pygame.image.save(surf, path)


def _bars(surf, area, title: str, bars: list, chance: float) -> None:
    """One chart in `area`: bars (label, rate, (low, high), colour, note) on a 0-100%
    axis, each with its interval, rate above it and note below its label."""
    import pygame  # noqa: PLC0415 (window code stays out of headless commands)

    from game.ui.art import font  # noqa: PLC0415 (window code stays out of headless commands)

    small, label_font = font(13), font(14, bold=True)
    ink, grid = (30, 28, 36), (222, 216, 202)
    surf.blit(label_font.render(title, True, ink), (area.x + 50, area.y))
    top, bottom = area.y + 40, area.bottom - 46
    x0 = area.x + 50

    def y_of(rate):
        return bottom - int(rate * (bottom - top))

    for tick in range(0, 101, 20):
        y = y_of(tick / 100)
        pygame.draw.line(surf, grid, (x0, y), (area.right - 10, y))
        tag = small.render(f"{tick}%", True, (110, 106, 118))
        surf.blit(tag, (x0 - 8 - tag.get_width(), y - tag.get_height() // 2))
    chance_y = y_of(chance)  # the chance line goes behind the bars
    pygame.draw.line(surf, (200, 60, 60), (x0, chance_y), (area.right - 10, chance_y), 2)
    step = (area.right - 10 - x0) / max(1, len(bars))
    bar_w = int(step * 0.62)
    for i, (label, rate, (low, high), colour, note) in enumerate(bars):
        cx = int(x0 + step * (i + 0.5))
        rect = pygame.Rect(cx - bar_w // 2, y_of(rate), bar_w, bottom - y_of(rate))
        pygame.draw.rect(surf, colour or (150, 150, 150), rect)
        pygame.draw.rect(surf, (90, 86, 96), rect, 1)
        pygame.draw.line(surf, ink, (cx, y_of(low)), (cx, y_of(high)), 2)
        for r in (low, high):
            pygame.draw.line(surf, ink, (cx - 6, y_of(r)), (cx + 6, y_of(r)), 2)
        value = small.render(f"{100 * rate:.1f}%", True, ink)
        surf.blit(value, (cx - value.get_width() // 2, y_of(high) - value.get_height() - 2))
        for j, (text, f) in enumerate(((label, label_font), (note, small))):
            img = f.render(text, True, ink if j == 0 else (110, 106, 118))
            surf.blit(img, (cx - img.get_width() // 2, bottom + 6 + 19 * j))


def run(args) -> dict:
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in seats if s not in SEAT_KINDS]
    if bad or not 2 <= len(seats) <= 8:
        raise SystemExit(f"tournament: --seats takes 2 to 8 of {', '.join(SEAT_KINDS)}, "
                         f"not {args.seats!r}")
    if args.games < 1:
        raise SystemExit("tournament: --games must be at least 1")
    settings = [parse_setting(t) for t in args.set]
    jobs = [{"seats": seats, "game": g, "seed": args.seed, "map": args.map,
             "target": args.target, "round_cap": args.round_cap, "budget": args.budget,
             "time_limit": args.time_limit, "house": args.house,
             "settings": settings} for g in range(args.games)]
    if args.games_in:
        wanted = _seeds_in(args.games_in)
        jobs = [j for j in jobs if j["seed"] + j["game"] in wanted]
        if not jobs:
            raise SystemExit(f"tournament: none of the run's seeds is in {args.games_in}")
    if args.opponent:
        jobs = [j for j in jobs if _has_opponent(j, args.opponent)]
        if not jobs:
            raise SystemExit(f"tournament: no game of the run has a {args.opponent} opponent")
    records = []
    start = time.perf_counter()

    def progress(r):
        records.append(r)
        if args.records:
            with open(args.records, "a", encoding="utf-8") as out:
                out.write(json.dumps({k: v for k, v in r.items() if k != "times"}) + "\n")
        if not args.quiet:
            won = ",".join(seats[r["entries"][w]] for w in r["winners"]) or "nobody"
            print(f"[{len(records)}/{len(jobs)}] game {r['game']} (seed {r['seed']}): "
                  f"won by {won} in {r['rounds']} rounds, "
                  f"{time.perf_counter() - start:.0f}s", file=sys.stderr, flush=True)

    if args.jobs > 1 or args.cluster:
        _on_dask(jobs, args, progress)
    else:
        for job in jobs:
            progress(play_game(job))
    records.sort(key=lambda r: r["game"])
    summary = summarize(seats, records)
    if args.house:  # --json names the rules as the report and the records do
        summary["house"] = list(args.house)
    return summary


def _seeds_in(path: str) -> set[int]:
    """The seeds of a records file's games (--games-in)."""
    try:
        with open(path, encoding="utf-8") as f:
            return {int(json.loads(line)["seed"]) for line in f if line.strip()}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SystemExit(f"tournament: cannot read the records {path}: {exc}") from None


def _on_dask(jobs: list[dict], args, progress) -> None:
    """The games as tasks on the balance lab's engine (the `balance` extra)."""
    try:
        from game.balance import run  # noqa: PLC0415 (Dask only when asked for)
    except ImportError:
        raise SystemExit('tournament: --jobs and --cluster need Dask: '
                         'pip install "narby-conquest[balance]"') from None
    try:
        client = run.open_client(args.jobs, args.cluster)
    except run.RunError as exc:
        raise SystemExit(f"tournament: {exc}") from None
    try:
        for _, record in run.as_finished(client, play_game, list(enumerate(jobs)),
                                         "narby-tournament"):
            progress(record)
    except run.TaskFailed as exc:
        raise SystemExit(f"tournament: game {exc.index} failed on every try "
                         f"({exc.reason})") from None
    finally:
        cluster = client.cluster
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seats", default="hard,normal,normal,normal")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1,
                   help="local Dask worker processes (the balance lab's engine)")
    p.add_argument("--cluster", metavar="ADDRESS", default=None,
                   help="a running Dask scheduler to send the games to")
    p.add_argument("--map", default=None, help="a Tiled map (default: the plain board)")
    p.add_argument("--target", type=int, default=50)
    p.add_argument("--round-cap", type=int, default=60)
    p.add_argument("--budget", type=int, default=None, help="search nodes per decision")
    p.add_argument("--time-limit", type=float, default=None, help="seconds per decision")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--plot", default=None, help="write a win-rate chart (PNG)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.add_argument("--set", action="append", default=[], metavar="LEVEL.KEY=JSON",
                   help="try a level's setting for this run (repeatable)")
    p.add_argument("--records", default=None, metavar="FILE.jsonl",
                   help="append each game's record to this file (JSON lines)")
    p.add_argument("--games-in", default=None, metavar="FILE.jsonl",
                   help="play only the games whose seeds are in these records")
    p.add_argument("--opponent", default=None, choices=DRAGONS, metavar="DRAGON",
                   help="play only the games where a dragon other than the first "
                        "entry's is DRAGON (copper: the games threat_copper changes)")
    house_rules.add_argument(p)
    args = p.parse_args(argv)
    if args.map:
        try:
            load_board(args.map)
        except (MapError, OSError) as exc:
            raise SystemExit(f"tournament: {exc}") from None
    if args.plot:  # refuse a chart it cannot write before the games, not after
        folder = Path(args.plot).expanduser().resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise SystemExit(f"tournament: cannot write the chart {args.plot}: "
                             f"{folder} is not a writable folder")
        if Path(args.plot).suffix.lower() != ".png":
            raise SystemExit(f"tournament: --plot writes a PNG; name it .png, not {args.plot}")
    summary = run(args)
    print(json.dumps(summary, indent=2) if args.json else report(summary, args), flush=True)
    if args.plot:  # after the report, so a failure here loses no results
        import pygame  # noqa: PLC0415 (window code stays out of headless commands)

        try:
            plot(summary, args.plot, f"seats {args.seats}, seed {args.seed}, "
                                     f"{args.map or 'plain 20x20'}, target {args.target}")
        except (OSError, pygame.error) as exc:
            raise SystemExit(f"tournament: cannot write the chart {args.plot}: {exc}") from None


if __name__ == "__main__":
    main()
