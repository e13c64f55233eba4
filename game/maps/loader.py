"""Tiled .tmx map -> BoardSpec (docs/MAPS.md describes the format for map authors).

    >>> spec = load_board("maps/narby-vale.tmx")      # raises MapError if broken
    >>> check_map("maps/narby-vale.tmx")              # every problem, [] when fine
    []

The file is vetted as raw XML first (game.maps.tmx_reader), then pytmx reads the vetted tree
(never `load_pygame`: no display is needed), then the game-level checks below run on
what pytmx produced. Problems are collected, not raised one at a time, so an author
sees everything wrong with a map in one run.
"""

from __future__ import annotations

# Not translated (issue 38): the map checker's messages are for map authors and stay
# English, like the command line's output (docs/TRANSLATING.md says so).
import contextlib
import difflib
import logging
import math
import os
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree as ET

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame
import pytmx  # noqa: E402

from game.board import BoardSpec, Cell, Preplaced  # noqa: E402
from game.maps.limits import shown, small_int  # noqa: E402
from game.maps.placement import prepare, top_left  # noqa: E402
from game.maps.tmx_reader import Problem, Report, read_xml, vet_map  # noqa: E402
from game.tables import CAVERN_OFFSETS, PLACES, TARGETS  # noqa: E402

__all__ = ["PLACE_NAMES", "SETUP_TYPES", "MapError", "Problem", "check_map", "inspect_map",
           "load_board", "map_summary", "min_free_cells"]

# pytmx logs its own complaints; ours are the Problems (keep stderr clean for the CLI).
logging.getLogger("pytmx").addHandler(logging.NullHandler())
log = logging.getLogger(__name__)
# what a player sees when something in a file trips pytmx or a check in an unforeseen way
# (the technical detail goes to the log, never to the player)
UNREADABLE = ("this map could not be read: something in it is not what a Tiled map holds",
              "open it in Tiled and re-save it; `narby check-map` lists what it can")
MAX_TITLE_CHARS = 80        # longer titles and descriptions are cut (lists stay one line)
MAX_DESCRIPTION_CHARS = 1_000

PLACE_NAMES = PLACES  # one list: game.tables (R14 roll order)
SETUP_TYPES = ("town", "city", "ruin", "place_of_power", "chest", "cavern_spot")
SETUP_LAYER = "setup"
MIN_PLAYERS, MAX_PLAYERS = 2, 8
CELLS_PER_DRAGON = 16  # see min_free_cells
# R7: top-left offsets, from the cavern cell, of the footprints "adjacent to its cavern"
R7_OFFSETS = CAVERN_OFFSETS
# properties the game-level checks validate themselves (map_file only sanitises them)
_SEMANTIC = frozenset({"min_players", "max_players", "target", "seat", "kind"})


class MapError(Exception):
    """A map that cannot be played; `problems` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        n = len(self.problems)
        head = f"{n} problem{'s' if n != 1 else ''} with map {self.problems[0].file}:"
        return "\n".join([head] + [f"  {p}" for p in self.problems])


def min_free_cells(max_players: int, piece_cells: int = 0) -> int:
    """Free (unblocked) cells a map needs: 16 per dragon plus the preplaced pieces' cells.

    Each dragon needs its cavern (1 cell) and its 2x2 body (4), and room to play: a few
    settlements to claim and cells to move and land on. 16 cells, a 4x4 patch, per dragon
    covers that; cells under preplaced pieces are taken, so they do not count as room.
    An 8x8 map (64 cells) fits 2-4 players; 8 players need 128 free cells.
    """
    return CELLS_PER_DRAGON * max_players + piece_cells


def load_board(path: str | Path) -> BoardSpec:
    """Read a .tmx map into a BoardSpec; raise MapError listing every problem."""
    spec, problems = inspect_map(path)
    if problems or spec is None:
        raise MapError(problems)
    return spec


def check_map(path: str | Path) -> list[Problem]:
    """Every problem with a map file; [] when it is fine to play."""
    return inspect_map(path)[1]


def _parse(path: Path, report: Report) -> pytmx.TiledMap | None:
    """The vetted tree parsed by pytmx (bounded, safe: game.maps.tmx_reader), or None."""
    root = read_xml(path, report, None)
    tree = vet_map(path, root, report, _SEMANTIC, _READ) if root is not None else None
    if tree is None:
        return None
    try:
        tmx = pytmx.TiledMap()  # no filename: parse the vetted tree, not the file again
        tmx.filename = str(path)
        prepare(tree)  # offsets, and what pytmx misreads (game.maps.placement)
        tmx.parse_xml(tree)
    except Exception:  # pytmx raises bare Exception, KeyError, ... on odd input
        log.info("pytmx could not read %s", path, exc_info=True)  # never on stderr
        report.add(None, *UNREADABLE)
        return None
    return tmx


def read_tiled(path: str | Path) -> pytmx.TiledMap:
    """The map as pytmx reads it, through the same safe reader and checks as
    `load_board`. Raises MapError."""
    report = Report(str(path))
    tmx = _parse(Path(path), report)
    if tmx is None or report.problems:
        raise MapError(report.problems or [Problem(str(path), None, "cannot be read",
                                                   "check it with narby check-map")])
    return tmx


def read_vetted(path: str | Path) -> ET.Element:
    """The map's XML tree after the safe reader's checks (broken parts removed), for
    drawing it as Tiled does: pytmx flattens group layers and loses their order,
    opacity, tint and offsets. Raises MapError when the map has problems."""
    report = Report(str(path))
    root = read_xml(Path(path), report, None)
    tree = vet_map(Path(path), root, report, _SEMANTIC, _READ) if root is not None else None
    if tree is None or report.problems:
        raise MapError(report.problems or [Problem(str(path), None, "cannot be read",
                                                   "check it with narby check-map")])
    return tree


def inspect_map(path: str | Path) -> tuple[BoardSpec | None, list[Problem]]:
    """(spec, problems): the spec is None when problems make it unreadable."""
    report = Report(str(path))
    path = Path(path)
    tmx = _parse(path, report)
    if tmx is None:
        return None, report.problems
    try:
        spec = _Board(tmx, path, report).spec()
        if not report.problems:
            _check_setup(spec, report)
    except Exception:  # a checker bug must still come out as a message, not a crash
        log.info("checking %s failed", path, exc_info=True)  # never on stderr
        report.add(None, *UNREADABLE)
        return None, report.problems
    return (None if report.problems else spec), report.problems


SETUP_TRIALS = 6  # seeded setups tried at the map's largest dragon count


def _check_setup(spec: BoardSpec, report: Report) -> None:
    """Setup must be possible at the map's largest dragon count (P45): enough disjoint
    free 2x2 footprints for every dragon (R7), and a few seeded setups actually run."""
    seats = spec.max_players
    if not spec.cavern_spots:
        taken = set(spec.blocked)
        for piece in spec.pieces:
            taken.update(_cells(piece.at, 2 if piece.kind == "place_of_power" else 1))
        room = 0
        for r in range(spec.height - 1):
            for c in range(spec.width - 1):
                cells = _cells((c, r), 2)
                if not taken.intersection(cells):
                    taken.update(cells)
                    room += 1
        # each rolled cavern may spoil one footprint; each dragon needs one
        if room < 2 * seats:
            report.add("map", f"has room for only {room} separate 2x2 dragon footprints; "
                       f"{seats} dragons need {2 * seats} (one each, and room for their "
                       "caverns, R7)", "unblock some land, remove pieces or lower max_players")
            return
    from game.match import Match, SetupError  # noqa: PLC0415 (match imports this module)

    for seed in range(SETUP_TRIALS):
        try:
            Match([None] * seats, seed=seed, board=spec).close()
        except SetupError as exc:
            report.add("map", f"setup fails for {seats} dragons (seed {seed}): {exc}",
                       "unblock some land, remove pieces or lower max_players")
            return


def map_summary(spec: BoardSpec) -> str:
    """One line for lists and the check-map tool."""
    players = (f"{spec.min_players} players" if spec.min_players == spec.max_players
               else f"{spec.min_players}-{spec.max_players} players")
    counts = Counter(p.kind for p in spec.pieces)
    if counts:
        parts = ", ".join(plural(n, k.replace("_", " ")) for k, n in sorted(counts.items()))
        pieces = f"{len(spec.pieces)} preplaced ({parts})"
    else:
        pieces = "nothing preplaced"
    extra = f", fixed caverns for {len(spec.cavern_spots)} seats" if spec.cavern_spots else ""
    extra += f", target {spec.target}" if spec.target else ""
    n = len(spec.blocked)
    return (f"{spec.title}: {spec.width}x{spec.height}, {players}, "
            f"{n} blocked cell{'s' if n != 1 else ''}, {pieces}{extra}")


def _truthy(value: object) -> bool:
    return value is True or str(value).strip().lower() in ("true", "1", "yes")


def _kind_of(obj: pytmx.TiledObject) -> str:
    """The object's type (class in Tiled 1.9); a tile object with none of its own has its
    tile's, as Tiled shows it (pytmx copies the tile's attributes into its properties)."""
    kind = obj.type or getattr(obj, "class", None)
    if not kind and obj.gid:
        kind = obj.properties.get("type") or obj.properties.get("class")
    return str(kind or "").strip().lower()


def _obj_label(obj: pytmx.TiledObject, layer: str | None = None) -> str:
    named = f" '{shown(obj.name, 40)}'" if obj.name else ""
    return f"object {shown(obj.id, 20)}{named}" + (
        f" in layer '{shown(layer, 40)}'" if layer is not None else "")


def _ref(label: str) -> str:
    """Another object named inside a message: its layer is the one already named."""
    return label.split(" in layer '")[0]


def plural(n: int, noun: str) -> str:
    """'1 city', '2 cities', '3 places of power': exact English for the pieces' names."""
    if n == 1:
        return f"{n} {noun}"
    head, sep, tail = noun.partition(" of ")
    head = head[:-1] + "ies" if head.endswith("y") and head[-2:-1] not in "aeiou" else \
        head + ("es" if head.endswith(("s", "x", "ch", "sh")) else "s")
    return f"{n} {head}{sep}{tail}"


def did_you_mean(value: str, choices, fix: str = "", cutoff: float = 0.6) -> str:
    """"did you mean 'x'? " when a choice is close to value (difflib), else ""."""
    guess = difflib.get_close_matches(value.strip().lower(), list(choices), n=1, cutoff=cutoff)
    return f"did you mean '{guess[0]}'? {fix}" if guess else fix


MAP_PROPERTIES = ("title", "description", "min_players", "max_players", "target")
# how alike (difflib's ratio) a property name must be to one the game reads to be named
# as its misspelling: 'max_player' 0.95, 'titel' 0.8, 'sead' 0.75; 'file' (0.67 to
# 'title') is the author's own
NEAR_MISS = 0.75
OBJECT_PROPERTIES = {"place_of_power": ("kind",), "cavern_spot": ("seat",)}
TILE_PROPERTIES = ("blocked", "terrain")  # _Board._blocked
# every custom property the game reads: a Tiled class property or a built-in name is
# named as a problem only under one of these (game.maps.tmx_reader), else ignored
_READ = frozenset(MAP_PROPERTIES + TILE_PROPERTIES
                  + tuple(n for names in OBJECT_PROPERTIES.values() for n in names))


def _cells(at: Cell, size: int) -> list[Cell]:
    return [(at[0] + dc, at[1] + dr) for dr in range(size) for dc in range(size)]


class _Board:
    """Game-level reading and checks of a parsed map (R1, R4, R5, R7)."""

    def __init__(self, tmx: pytmx.TiledMap, path: Path, report: Report) -> None:
        self.tmx, self.path, self.report = tmx, path, report
        self.w, self.h = tmx.width, tmx.height
        self.taken: dict[Cell, str] = {}  # cell -> label of the piece on it
        self.pieces: list[Preplaced] = []
        self.spots: dict[int, tuple[Cell, str]] = {}  # seat -> (cell, label)
        self.spots_fit = True  # every spot is on the map, on a free cell

    def add(self, where: str | None, what: str, fix: str) -> None:
        self.report.add(where, what, fix)

    def spec(self) -> BoardSpec:
        props = self.tmx.properties
        title = shown(str(props.get("title") or "").strip(), MAX_TITLE_CHARS) or \
            self._default_title()
        lo = self._int_prop(props, "min_players", MIN_PLAYERS)
        hi = self._int_prop(props, "max_players", MAX_PLAYERS)
        if lo is not None and not MIN_PLAYERS <= lo <= MAX_PLAYERS:
            self.add("map property 'min_players'", f"is {lo}",
                     f"use {MIN_PLAYERS} to {MAX_PLAYERS}")
        if hi is not None and not MIN_PLAYERS <= hi <= MAX_PLAYERS:
            self.add("map property 'max_players'", f"is {hi}",
                     f"use {MIN_PLAYERS} to {MAX_PLAYERS}")
        if lo is not None and hi is not None and lo > hi:
            self.add("map property 'min_players'", f"({lo}) is more than max_players ({hi})",
                     "make min_players <= max_players")
        target = self._int_prop(props, "target", None)
        if "target" in props and target is not None and target not in TARGETS:
            self.add("map property 'target'", f"is {target}", "use 50, 75 or 100 (R10)")
        self._check_names(props, MAP_PROPERTIES, "map property")
        seats = hi if hi is not None and MIN_PLAYERS <= hi <= MAX_PLAYERS else MAX_PLAYERS
        self.blocked = self._blocked()
        self._check_empty_cells()
        self._read_setup()
        self._check_spots(seats)
        piece_cells = sum(4 if p.kind == "place_of_power" else 1 for p in self.pieces)
        free = self.w * self.h - len(self.blocked)
        need = min_free_cells(seats, piece_cells)
        if free < need:
            self.add("map", f"has {free} free cells; {seats} dragons need at least {need} "
                     f"({CELLS_PER_DRAGON} per dragon + {piece_cells} under preplaced pieces)",
                     "unblock some cells, remove pieces or lower max_players")
        return BoardSpec(
            width=self.w, height=self.h, blocked=frozenset(self.blocked),
            pieces=tuple(sorted(self.pieces, key=lambda p: (p.at[1], p.at[0]))),
            cavern_spots=tuple(self.spots[s][0] for s in sorted(self.spots)),
            title=title, description=shown(str(props.get("description") or "").strip(),
                                           MAX_DESCRIPTION_CHARS),
            min_players=lo or MIN_PLAYERS, max_players=hi or MAX_PLAYERS,
            target=target if target in TARGETS else None, source=str(self.report.file))

    def _check_names(self, props: dict, known, what: str, where: str | None = None) -> None:
        """A property whose name is close to one the game reads, but is not it, is a
        misspelling: name it (its consequence alone, e.g. 8 players, misleads)."""
        for name in props:
            if name in known:
                continue
            # only a near miss: an author's own property ('file', 'notes') is not a typo
            hint = did_you_mean(name, known, cutoff=NEAR_MISS)
            if hint:
                self.add(where or f"{what} '{name}'",
                         (f"property '{name}' " if where else "") + "is not one the game reads",
                         f"{hint}rename it in Tiled's Properties panel")

    def _check_empty_cells(self) -> None:
        """Cells no visible tile layer paints (Resize Map leaves them) show plain ground."""
        painted: set[Cell] = set()
        layers = [la for la in self.tmx.layers
                  if isinstance(la, pytmx.TiledTileLayer) and la.visible]
        for layer in layers:
            painted.update((x, y) for x, y, gid in layer.iter_data() if gid)
        empty = [(c, r) for r in range(self.h) for c in range(self.w) if (c, r) not in painted]
        if layers and empty:
            self.add("map", f"has {plural(len(empty), 'empty cell')} that no visible tile "
                     f"layer paints (the first at {empty[0]}), as Resize Map leaves them; "
                     "they show as plain ground", "paint them (the bucket fill tool fills an "
                     "empty area at once), or resize the map back")

    def _default_title(self) -> str:
        return self.path.stem.replace("-", " ").replace("_", " ").title()

    def _int_prop(self, props: dict, name: str, default: int | None) -> int | None:
        value = props.get(name, default)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        number = small_int(value)
        if number is not None:
            return number
        self.add(f"map property '{name}'", f"is '{shown(value, 30)}', not a whole number",
                 "give it an int value")
        return None

    def _blocked(self) -> dict[Cell, str]:
        """Blocked cells (R5) -> terrain name, from every tile layer, hidden ones too."""
        blocked: dict[Cell, str] = {}
        for layer in self.tmx.layers:
            if not isinstance(layer, pytmx.TiledTileLayer):
                continue
            for x, y, gid in layer.iter_data():
                props = self.tmx.get_tile_properties_by_gid(gid) if gid else None
                if props and _truthy(props.get("blocked")):
                    blocked[(x, y)] = str(props.get("terrain") or "blocked tile")
        return blocked

    def _read_setup(self) -> None:
        chests: list[str] = []
        places: dict[str, str] = {}
        groups = [la for la in self.tmx.layers if isinstance(la, pytmx.TiledObjectGroup)]
        has_setup = any((la.name or "").strip().lower() == SETUP_LAYER for la in groups)
        for layer in groups:
            in_setup = (layer.name or "").strip().lower() == SETUP_LAYER
            ignored: Counter[str] = Counter()
            for obj in layer:
                kind = _kind_of(obj)
                if not in_setup:
                    if kind in SETUP_TYPES:
                        ignored[kind.replace("_", " ")] += 1
                    continue
                self._read_object(obj, kind, chests, places, layer.name)
            if ignored:
                self._misplaced(layer.name, ignored, has_setup)

    def _misplaced(self, name: str | None, kinds: Counter[str], has_setup: bool) -> None:
        """Setup pieces on another layer: one line for the layer, not one per object."""
        what = ", ".join(plural(n, k) for k, n in sorted(kinds.items()))
        n = sum(kinds.values())
        fix = (f"move {'it' if n == 1 else 'them'} to the '{SETUP_LAYER}' layer"
               if has_setup else f"rename the layer '{SETUP_LAYER}'")
        hint = "" if has_setup else did_you_mean(name or "", (SETUP_LAYER,))
        self.add(f"layer '{name}'", f"holds {what}, which the game ignores: only the "
                 f"'{SETUP_LAYER}' layer places pieces", f"{hint}{fix}")

    def _read_object(self, obj: pytmx.TiledObject, kind: str, chests: list[str],
                     places: dict[str, str], layer: str | None = SETUP_LAYER) -> None:
        where = _obj_label(obj, layer)
        types = ", ".join(SETUP_TYPES)
        if not kind:
            self.add(where, "has no type", f"set its Type (Class in Tiled 1.9) to one of {types}")
            return
        if kind not in SETUP_TYPES:
            self.add(where, f"has unknown type '{shown(kind, 40)}'",
                     did_you_mean(kind.replace(" ", "_"), SETUP_TYPES, f"use one of {types}"))
            return
        self._check_names(obj.properties, OBJECT_PROPERTIES.get(kind, ()), "property",
                          where)
        if not (math.isfinite(obj.x) and math.isfinite(obj.y)):
            self.add(where, f"has no usable position (x={obj.x}, y={obj.y})",
                     "drag it onto the map in Tiled")
            return
        x, y = self._top_left(obj)
        at = (math.floor(x / self.tmx.tilewidth), math.floor(y / self.tmx.tileheight))
        place = None
        if kind == "place_of_power":
            place = self._place_kind(obj, where)
            if place in places:
                self.add(where, f"repeats place of power '{place}' (also {_ref(places[place])})",
                         "each place of power exists once; pick another kind")
            elif place:
                places[place] = where
        elif kind == "chest":
            if chests:
                self.add(where, f"is a second chest (the first is {_ref(chests[0])})",
                         "keep one chest")
            chests.append(where)
        fits = self._place_on_board(where, at, 2 if kind == "place_of_power" else 1)
        if kind == "cavern_spot":
            seat = self._seat(obj, where)
            if seat is None:
                return
            if seat in self.spots:
                self.add(where, f"repeats seat {seat} (also {_ref(self.spots[seat][1])})",
                         "give each cavern spot its own seat")
            else:
                self.spots[seat] = (at, where)
                self.spots_fit &= fits
        elif fits and (kind != "place_of_power" or place):
            self.pieces.append(Preplaced(kind, at, place))

    def _top_left(self, obj: pytmx.TiledObject) -> tuple[float, float]:
        """Where the box Tiled draws for the object starts (game.maps.placement)."""
        alignment = None
        if getattr(obj, "gid", 0):
            with contextlib.suppress(ValueError):
                alignment = getattr(self.tmx.get_tileset_from_gid(obj.gid),
                                    "objectalignment", None)
        return top_left(obj, alignment)

    def _place_kind(self, obj: pytmx.TiledObject, where: str) -> str | None:
        value = str(obj.properties.get("kind") or "").strip()
        if value in PLACE_NAMES:
            return value
        if not value:
            self.add(where, "has no 'kind' property", "set its string property 'kind' to a "
                     "place, e.g. soul_mine (docs/MAPS.md lists all 14)")
            return None
        self.add(where, f"kind '{shown(value, 40)}' is not a place of power",
                 did_you_mean(value.lower().replace(" ", "_"), PLACE_NAMES,
                              f"use one of: {', '.join(PLACE_NAMES)}"))
        return None

    def _seat(self, obj: pytmx.TiledObject, where: str) -> int | None:
        value = obj.properties.get("seat")
        text = str(value).strip() if value is not None else ""
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = small_int(text)
        if number is not None:
            return number
        what = ("has no 'seat' property" if not text
                else f"seat '{shown(value, 30)}' is not a whole number")
        self.add(where, what, "set its int property 'seat' (0 for the first seat; Tiled does "
                 "not save a default left unchanged)")
        return None

    def _place_on_board(self, where: str, at: Cell, size: int) -> bool:
        """Off-map, blocked and shared-cell checks (R4, R5); True when it fits."""
        cells = _cells(at, size)
        dims = f"{self.w}x{self.h}"
        if not all(0 <= c < self.w and 0 <= r < self.h for c, r in cells):
            if size == 1 or not (0 <= at[0] < self.w and 0 <= at[1] < self.h):
                self.add(where, f"cell {at} is off the {dims} map", "move it inside the map")
            else:
                self.add(where, f"its 2x2 footprint from {at} leaves the {dims} map",
                         "move it so all four cells are on the map")
            return False
        fits = True
        for cell in cells:
            if cell in self.blocked:
                self.add(where, f"cell {cell} is blocked ({self.blocked[cell]})",
                         "move it to open ground or change the tile under it")
                fits = False
            elif cell in self.taken:
                self.add(where, f"cell {cell} is already taken by {_ref(self.taken[cell])}",
                         "move one of them (a place of power covers 2x2 cells)")
                fits = False
        if fits:
            self.taken.update((cell, where) for cell in cells)
        return fits

    def _check_spots(self, seats: int) -> None:
        if not self.spots:
            return
        for seat in sorted(self.spots):
            if not 0 <= seat < seats:
                self.add(self.spots[seat][1], f"seat {seat} is outside 0..{seats - 1}",
                         f"seats count from 0 to max_players - 1 ({seats - 1})")
        missing = [s for s in range(seats) if s not in self.spots]
        if missing:
            self.add(f"layer '{SETUP_LAYER}'", "has cavern spots but none for seat(s) "
                     f"{', '.join(map(str, missing))}", f"give every seat 0..{seats - 1} a "
                     "cavern_spot, or remove them all to let R7 roll caverns")
            return
        if self.spots_fit and all(0 <= s < seats for s in self.spots):
            self._check_dragon_room(seats)

    def _check_dragon_room(self, seats: int) -> None:
        """R7 must find each seat's dragon a 2x2 spot beside its cavern.

        Checked both ways the engine may order setup: all caverns first, then the dragons
        in seat order; and cavern-then-dragon seat by seat (a dragon must not then land on
        a later seat's spot).
        """
        spots = [self.spots[s][0] for s in range(seats)]
        base = set(self.blocked) | (set(self.taken) - set(spots))

        def first_free(spot: Cell, occupied: set[Cell]) -> list[Cell] | None:
            for dc, dr in R7_OFFSETS:
                cells = _cells((spot[0] + dc, spot[1] + dr), 2)
                if all(0 <= c < self.w and 0 <= r < self.h and (c, r) not in occupied
                       for c, r in cells):
                    return cells
            return None

        all_first = base | set(spots)
        one_by_one = set(base)
        for seat, spot in enumerate(spots):
            where = self.spots[seat][1]
            body = first_free(spot, all_first)
            if body is None:
                self.add(where, f"leaves no free 2x2 beside cell {spot} for seat {seat}'s "
                         "dragon (R7)", "move it away from edges, blocked cells and pieces")
                continue
            all_first.update(body)
            one_by_one.add(spot)
            body = first_free(spot, one_by_one) or []
            one_by_one.update(body)
            hit = [s for s in range(seat + 1, seats) if spots[s] in body]
            if hit:
                self.add(where, f"seat {seat}'s dragon would land on seat {hit[0]}'s cavern "
                         f"spot {spots[hit[0]]} (R7)", "keep cavern spots 3+ cells apart")


def draft_board(path: str | Path) -> tuple[BoardSpec | None, list[Problem]]:
    """(spec, problems) like inspect_map, but the spec is kept as far as it could be read
    even when there are problems (the live preview draws a broken map with its problems
    marked). None only when the file cannot be read as a map at all."""
    report = Report(str(path))
    path = Path(path)
    root = read_xml(path, report, None)
    tree = vet_map(path, root, report, _SEMANTIC, _READ) if root is not None else None
    if tree is None:
        return None, report.problems
    try:
        tmx = pytmx.TiledMap()
        tmx.filename = str(path)
        prepare(tree)  # offsets, and what pytmx misreads (game.maps.placement)
        tmx.parse_xml(tree)
        return _Board(tmx, path, report).spec(), report.problems
    except Exception:  # inspect_map words these; the preview just has nothing to draw
        return None, inspect_map(path)[1]
