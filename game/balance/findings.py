"""Plain-words findings an author can act on, from a run's results and the map.

The geography of each cavern spawn (how near the towns, cities and places of power
are) is read from the map itself; it is offered as an explanation only beside a
measured effect, never as a finding of its own.
"""

from __future__ import annotations

from game.balance import stats
from game.board import BoardSpec
from game.geometry import rect_gap
from game.tables import CAVERN_OFFSETS

REACH = 4  # cells: "near" a dragon's start (two turns of short moves)
# What the rules give a dragon of its own (docs/RULES.md), said beside a measured effect
DRAGON_RULES = {
    "copper": "Copper doubles its towns' tribute coins (R31), with 7 rings instead of 10 "
              "(R9); the more towns a map has, the more it is worth",
    "gold": "Gold adds 1 coin to each of its cities that paid tribute (R31); the more "
            "cities a map has, the more it is worth",
    "green": "Green moves first in round 1 (R16)",
}
# What the even dragons house rule (docs/RULES.md, H1) leaves of those edges
EVEN_RULES = {
    "copper": "Copper adds 1 coin to a town on a Rich or Lavish roll (R31 as H1 trims it), "
              "with 7 rings instead of 10 (R9)",
    "gold": "Gold adds 1 coin to a city on a Rich or Lavish roll (R31 as H1 trims it)",
}
VALUE = {"town": 1, "city": 2, "place_of_power": 2}  # what a neighbour is worth, roughly


def dragon_starts(board: BoardSpec) -> list[list[int] | None]:
    """Where each seat's dragon starts: R7 puts it in the first free 2x2 beside its
    cavern, east first and clockwise, seat by seat as setup does (pieces first). So two
    mirror-image caverns need not give mirror-image starts."""
    taken = set(board.blocked)
    for p in board.pieces:
        size = 2 if p.kind == "place_of_power" else 1
        taken |= {(p.at[0] + dx, p.at[1] + dy) for dx in range(size) for dy in range(size)}
    starts: list[list[int] | None] = []
    for c, r in board.cavern_spots:
        taken.add((c, r))
        start = None
        for dx, dy in CAVERN_OFFSETS:
            x, y = c + dx, r + dy
            cells = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
            if x >= 0 and y >= 0 and x + 1 < board.width and y + 1 < board.height \
                    and not cells & taken:
                start = [x, y]
                taken |= cells
                break
        starts.append(start)
    return starts


def territories(board: BoardSpec, starts: list[list[int] | None]) -> list[int]:
    """For each start: how many open cells are nearer to it than to any other start, by
    king steps around blocked cells. R12 rolls new settlements on random cells, so a
    dragon with more ground to itself (a river bank no one else starts on) finds more."""
    owner: dict[tuple[int, int], int] = {}
    dist: dict[tuple[int, int], int] = {}
    frontier: list[tuple[int, int]] = []
    for s, start in enumerate(starts):
        if start is None:
            continue
        for cell in ((start[0] + dx, start[1] + dy) for dx in (0, 1) for dy in (0, 1)):
            owner[cell], dist[cell] = s, 0
            frontier.append(cell)
    step = 0
    while frontier:  # breadth-first from every start at once; a tie belongs to no one
        step += 1
        reached: dict[tuple[int, int], int] = {}
        for c, r in frontier:
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    cell = (c + dc, r + dr)
                    if cell in dist or cell in board.blocked or not board.on_board(cell):
                        continue
                    if reached.get(cell, owner[(c, r)]) != owner[(c, r)]:
                        reached[cell] = -1
                    else:
                        reached[cell] = owner[(c, r)]
        frontier = []
        for cell, s in reached.items():
            dist[cell], owner[cell] = step, s
            if s >= 0:
                frontier.append(cell)
    counts = [0] * len(starts)
    for s in owner.values():
        if s >= 0:
            counts[s] += 1
    return counts


def _steps_from(board: BoardSpec, start: list[int]) -> dict[tuple[int, int], int]:
    """King steps from a 2x2 start to every open cell it can reach."""
    steps = {(start[0] + dx, start[1] + dy): 0 for dx in (0, 1) for dy in (0, 1)}
    frontier = list(steps)
    while frontier:
        nxt = []
        for c, r in frontier:
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    cell = (c + dc, r + dr)
                    if cell not in steps and cell not in board.blocked \
                            and board.on_board(cell):
                        steps[cell] = steps[(c, r)] + 1
                        nxt.append(cell)
        frontier = nxt
    return steps


def rival_steps(board: BoardSpec, starts: list[list[int] | None]) -> list[int | None]:
    """For each start: king steps (around blocked cells) to the nearest other start. A
    dragon with no rival near is attacked, stolen from and robbed of claims less."""
    out: list[int | None] = []
    for i, start in enumerate(starts):
        if start is None:
            out.append(None)
            continue
        steps = _steps_from(board, start)
        near = [steps.get((o[0] + dx, o[1] + dy), 10**6) for j, o in enumerate(starts)
                if j != i and o is not None for dx in (0, 1) for dy in (0, 1)]
        out.append(min(near) if near and min(near) < 10**6 else None)
    return out


def spawn_geography(board: BoardSpec, seats: int | None = None) -> list[dict]:
    """Per fixed cavern spot: where its dragon starts (R7), and from there the nearest
    town, city and place (1 = adjacent) and how many lie within REACH cells; `value`
    weighs each by how near it is (a town next to the start counts most); `territory`
    is its ground (territories) when `seats` dragons play."""
    out = []
    starts = dragon_starts(board)[:seats]
    ground = territories(board, starts)
    rivals = rival_steps(board, starts)
    for s, (spot, start) in enumerate(zip(board.cavern_spots[:seats], starts,
                                          strict=True)):
        at, size = ((start[0], start[1]), 2) if start else (spot, 1)
        row: dict = {"seat": s + 1, "cavern": list(spot), "start": start, "near": {},
                     "nearest": {}, "value": 0, "territory": ground[s],
                     "rival": rivals[s]}
        for kind in VALUE:
            gaps = [rect_gap(at, size, p.at, 2 if kind == "place_of_power" else 1)
                    for p in board.pieces if p.kind == kind]
            row["near"][kind] = sum(1 for g in gaps if g <= REACH)
            row["nearest"][kind] = min(gaps) if gaps else None
            row["value"] += sum(VALUE[kind] * (REACH + 1 - g) for g in gaps if g <= REACH)
        out.append(row)
    return out


def _describe_spawn(row: dict) -> str:
    parts = []
    for kind, word in (("town", "town"), ("city", "city"), ("place_of_power", "place")):
        count, nearest = row["near"][kind], row["nearest"][kind]
        if count:
            parts.append(f"{count} {word}{'s' if count > 1 else ''} (nearest {nearest})")
    return ", ".join(parts) if parts else "nothing"


def findings(results: dict, board: BoardSpec) -> list[str]:
    groups = results["groups"]
    games = results["games"]
    even = "even-dragons" in (results["plan"].get("house") or ())
    out: list[str] = []
    unfair = [g for g in groups if g["unfair"]]
    if not unfair:
        out.append(f"Fair as far as {games} games can tell: no spawn, dragon or turn "
                   f"position differs from its fair share ({stats.pct(results['fair_share'])})"
                   f" by more than chance. Small effects (under about "
                   f"{_resolution(games, len(results['plan']['levels']))} points) "
                   f"would need more games to see.")
    geo = spawn_geography(board, len(results["plan"]["levels"]))
    # per kind, the biggest gap from fair first: one favoured seat leaves the others a
    # little below fair, and that follows from the first finding
    order = {"spawn": 0, "turn": 1, "dragon": 2, "entry": 3}
    unfair.sort(key=lambda g: (order.get(g["kind"], 9), -abs(g["rate"] - g["fair"])))
    favoured = [g for g in unfair if g["kind"] == "spawn" and g["rate"] > g["fair"]]
    payers = []  # seats below fair only because a favoured seat takes their wins
    seat_lines = len(out) + sum(1 for g in unfair if g["kind"] == "spawn")
    # a seat whose lean its round-1 turn positions predict is the turn order's (R16);
    # then the turn positions are not said to follow from the seats in turn
    turn_led = bool(geo) and any(g["kind"] == "spawn" and _follows_turns(g) for g in unfair)
    # the same for dragons: under the book's rules Copper wins half the games, and the
    # dragons with no rule of their own below fair pay for it (said once)
    top = [g for g in unfair if g["kind"] == "dragon" and g["rate"] > g["fair"]]
    dragon_payers: list[dict] = []
    dragon_end = 0
    for g in unfair:
        if favoured and g["kind"] == "spawn" and g["rate"] < g["fair"] and \
                not _poorest(g, geo) and not _follows_turns(g):
            payers.append(g)
            continue
        if top and g["kind"] == "dragon" and g["rate"] < g["fair"] and \
                g["key"] not in DRAGON_RULES and g["key"] not in EVEN_RULES and \
                not _follows_seats(g):
            dragon_payers.append(g)
            continue
        line = stats.sentence(g)
        if g["kind"] == "spawn" and geo and _follows_turns(g):
            line += _turn_lean(g, len(results["plan"]["levels"]))
        elif g["kind"] == "spawn":
            line += _spawn_reason(g, geo) if geo else _seat_reason(g)
        elif g["kind"] in ("turn", "dragon") and _follows_seats(g) and \
                not (turn_led and g["kind"] == "turn"):
            line += (f". The seats it sat at predict {stats.pct(g['seat_expected'])} from "
                     f"their own win rates: it follows from where it sat, not from "
                     f"{'the order itself' if g['kind'] == 'turn' else 'the dragon'}")
        else:
            own = (_turn_reason(g, len(results["plan"]["levels"])) if g["kind"] == "turn"
                   else _dragon_reason(g["key"], even) if g["kind"] == "dragon" else "")
            if g["kind"] in ("turn", "dragon") and _mostly_seats(g) and \
                    not (turn_led and g["kind"] == "turn"):
                # many games make a small rest beside the seats' share significant: a
                # favoured seat's usual turn position (R16) then wins a little more still
                own = (f". The seats it sat at predict {stats.pct(g['seat_expected'])} from "
                       f"their own win rates: most of it follows from where it sat, the "
                       f"rest from {'the order' if g['kind'] == 'turn' else 'the dragon'}"
                       + own)
            line += own
        out.append(line[0].upper() + line[1:] + ".")
        if g["kind"] == "dragon":
            dragon_end = len(out)
    if dragon_payers:  # right after the dragons' findings
        names = " and ".join(g["label"] for g in top)
        out.insert(dragon_end, "The other dragons pay for it: " + _ranges(dragon_payers)
                   + f", below fair: the wins {names} take{'s' if len(top) == 1 else ''} "
                   f"come from the others.")
    if payers:  # right after the seats' findings
        seat_lines -= len(payers)
        out.insert(seat_lines, "The other seats pay for it: " + _ranges(payers)
                   + ", below fair: the wins the favoured seat takes come from the others.")
    out += _other_effects(results)
    return out


def _ranges(groups: list[dict]) -> str:
    return ", ".join(f"{g['label']} wins {stats.pct(g['rate'])} [{100 * g['ci95'][0]:.0f}–"
                     f"{100 * g['ci95'][1]:.0f}]" for g in groups)


def _dragon_reason(key: str, even: bool) -> str:
    """Why a dragon wins more or less than fair: its own rule, as the book has it or as
    the even dragons house rule (H1) leaves it."""
    if even and key in EVEN_RULES:
        return f". Even with the even dragons house rule on: {EVEN_RULES[key]}"
    if key not in DRAGON_RULES:
        return ""
    lead = "" if even else "The book's rules give it this: "
    return f". {lead}{DRAGON_RULES[key]}"


def _poorest(g: dict, geo: list[dict]) -> bool:
    """The spawn's surroundings are the poorest of all (so its own reason to lose)."""
    if not geo or g["key"] >= len(geo):
        return False
    mine = geo[g["key"]]["value"]
    return all(mine < r["value"] for i, r in enumerate(geo) if i != g["key"])


def _follows_seats(g: dict) -> bool:
    """A turn position's or dragon's rate is what its seats' own rates predict."""
    expected = g.get("seat_expected")
    if expected is None or abs(expected - g["fair"]) < 1e-9:
        return False
    return stats.binomial_p(g["wins"], g["games"], expected) >= stats.ALPHA


def _mostly_seats(g: dict) -> bool:
    """The seats a turn position or dragon sat at predict half its gap from fair or
    more, in its direction (the rest may still be more than chance)."""
    expected = g.get("seat_expected")
    if expected is None:
        return False
    gap, predicted = g["rate"] - g["fair"], expected - g["fair"]
    return gap * predicted > 0 and abs(predicted) >= abs(gap) / 2


def _follows_turns(g: dict) -> bool:
    """A seat's rate is what the round-1 turn positions it moved at predict, and they
    predict a real part of its lean (a third or more of its gap from fair)."""
    expected = g.get("turn_expected")
    if expected is None:
        return False
    gap, predicted = g["rate"] - g["fair"], expected - g["fair"]
    if gap * predicted <= 0 or abs(predicted) < abs(gap) / 3:
        return False
    return stats.binomial_p(g["wins"], g["games"], expected) >= stats.ALPHA


def _turn_lean(g: dict, seats: int) -> str:
    return (f". It moved first in round 1 in {stats.pct(g['moved_first'])} of its games "
            f"and last in {stats.pct(g['moved_last'])} ({stats.pct(1 / seats)} each if the "
            f"order fell evenly: R16 gives round 1's first turn to Green, else, coins and "
            f"rings being equal, to the lowest seat), and the round-1 positions it moved "
            f"at predict {stats.pct(g['turn_expected'])} from the other seats' win rates "
            f"there: the lean follows from the turn order (R16), not from this map's ground")


def _resolution(games: int, seats: int) -> int:
    """Roughly the half-width, in points, of a spawn's 95% interval at fair share."""
    p = 1 / seats
    return round(100 * stats.Z95 * (p * (1 - p) / max(1, games)) ** 0.5)


def _spawn_reason(g: dict, geo: list[dict]) -> str:
    mine = geo[g["key"]] if g["key"] < len(geo) else None
    if mine is None:
        return ""
    others = [r for r in geo if r is not mine]
    values = sorted(r["value"] for r in others)
    text = (f". Its dragon starts at {_where(mine)} (R7: beside its cavern "
            f"{tuple(mine['cavern'])}, east first) with {_describe_spawn(mine)} within "
            f"{REACH} cells")
    if others:
        text += ("; the other seats' dragons start with "
                 + "; ".join(f"{_describe_spawn(r)} (seat {r['seat']})" for r in others[:3])
                 + (" …" if len(others) > 3 else ""))
    favoured = g["rate"] > g["fair"]
    ground = sorted(r["territory"] for r in others)
    more = favoured and mine["territory"] > 1.25 * ground[-1] if ground else False
    less = not favoured and mine["territory"] < 0.8 * ground[0] if ground else False
    if more or less:
        text += (f"; its dragon is the nearest to {mine['territory']} open cells (the other "
                 f"dragons: {ground[0]}–{ground[-1]}), so more (or fewer) of the "
                 f"settlements R12 rolls appear on its side")
    apart = sorted(r["rival"] for r in others if r["rival"] is not None)
    alone = bool(apart) and mine["rival"] is not None and (
        (favoured and mine["rival"] >= 1.5 * apart[-1])
        or (not favoured and mine["rival"] <= apart[0] / 1.5))
    if alone:
        text += (f"; its nearest rival starts {mine['rival']} steps away (the other dragons'"
                 f": {apart[0]}–{apart[-1]}), so it is attacked, stolen from and robbed of "
                 f"claims {'less' if favoured else 'more'}")
        more = more or favoured
        less = less or not favoured
    place = mine["nearest"]["place_of_power"]
    gaps = sorted(r["nearest"]["place_of_power"] for r in others
                  if r["nearest"]["place_of_power"] is not None)
    if favoured and place is not None and len(gaps) == len(others) and gaps \
            and place > gaps[-1]:
        # the Dragonmarch's 1st and 2nd editions and the 3rd's first draft: the dragon
        # farthest from the only place of power won most, while the others fought over
        # it; in a later draft the twins nearest it won least (docs/BALANCE.md)
        text += (f"; its dragon starts farthest from the places of power ({place} cells; "
                 f"the other dragons: {gaps[0]}–{gaps[-1]}): the others meet and fight "
                 f"over them while it builds, a likely reason")
        more = True
    if favoured and mine["value"] > values[-1]:
        text += " — the nearest and richest surroundings of any start, the likely reason"
    elif not favoured and mine["value"] < values[0]:
        text += " — the farthest and poorest surroundings of any start, the likely reason"
    elif not (more or less) and "turn_expected" in g:
        text += (" — its surroundings do not explain it alone, nor does round 1's turn "
                 f"order (it moved first in {stats.pct(g['moved_first'])} of its games; "
                 f"the positions it moved at predict {stats.pct(g['turn_expected'])} where "
                 f"{stats.pct(g['fair'])} is fair): "
                 "look at the paths (blocked cells) and at who reaches the places of "
                 "power first")
    elif not (more or less):
        text += (" — its surroundings do not explain it alone: look at the paths "
                 "(blocked cells), at who reaches the places of power first, and at the "
                 "turn order")
    return text


def _where(row: dict) -> str:
    return str(tuple(row["start"])) if row["start"] else "its cavern"


def _seat_reason(g: dict) -> str:
    """A seat on a map that rolls its caverns: only its place in the turn order is its own."""
    return (". The map rolls the caverns (no fixed spawns), so a seat differs only by its "
            "place in the turn order: clockwise from the first dragon, ties for the "
            "poorest going to the lowest seat (R16)")


def _turn_reason(g: dict, seats: int) -> str:
    pos = g["key"] + 1
    if pos == 1:
        return (". Moving first in round 1 is the rules' (R16: Green first, then the "
                "poorest, ties by rings and seat); after round 1 the poorest moves first")
    if pos == seats:
        return (". The dragon moving last in round 1 answers every other dragon's first "
                "moves (claims it can still take, dragons it can reach), and R16 gives the "
                "next round's first turn to the poorest: a turn-order effect of the rules, "
                "not of this map unless its spawns differ too")
    return ""


def _other_effects(results: dict) -> list[str]:
    out = []
    games = max(1, results["games"])
    ends = results["ends"]
    capped = ends.get("round_cap", 0) + ends.get("tie", 0)
    if capped:
        out.append(f"The round cap ({results['plan']['round_cap']}) decided {capped} of "
                   f"{games} games ({stats.pct(capped / games)}); a tie at the cap ended "
                   f"{ends.get('tie', 0)}.")
    if ends.get("thief"):
        out.append(f"The thief won {ends['thief']} games.")
    length = results["length"]
    out.append(f"Games last {length['mean_rounds']:.1f} rounds on average "
               f"(target {results['plan']['target']}).")
    places = results["places_won"]
    if places:
        top = sorted(places.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
        out.append("The places of power most often held by the winner at the end: "
                   + ", ".join(f"{k.replace('_', ' ')} ({stats.pct(v / games)} of games)"
                               for k, v in top) + ".")
    return out
