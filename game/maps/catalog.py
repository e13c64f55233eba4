"""The maps a player can pick: the shipped ones and the user's own maps folder.

    >>> for e in scan(data_dir()):
    ...     print(e.origin, e.title, e.size_text, e.dragons_text, e.first_problem)

`shipped_maps_dir()` asks `game.resources`, the one place that knows where the shipped
files live (a checkout's top-level maps/, or the package's copy in a wheel or bundle).
The user's maps folder is `maps/` under the data folder (game.persistence.saves.data_dir);
`scan` creates it on first use so a player can find it and drop maps in.

Broken maps are listed too, with their problems (the picker greys them and says why).
Results are cached per file by (mtime, size), so re-scanning to notice edits is cheap;
`stamp()` is the cheap fingerprint the picker polls to know when to re-scan.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from game import resources
from game.board import BoardSpec
from game.i18n import _, n_
from game.maps import limits
from game.maps.limits import shown, small_int
from game.maps.loader import MAX_TITLE_CHARS, Problem, draft_board, inspect_map
from game.maps.parts import map_parts
from game.maps.tiled_json import MAP_SUFFIXES
from game.maps.tmx_reader import Report, read_xml

DEFAULT_MAP_NAME = "narby-vale.tmx"
TILESET_NAME = "terrain.tsx"
ORIGINS = ("shipped", "user", "file")


def shipped_maps_dir() -> Path:
    """The folder of the maps that come with the game."""
    return resources.maps_dir()


def shipped_tileset() -> Path:
    """The game's terrain tileset, where the shipped maps point at it."""
    return resources.asset("tiles", TILESET_NAME)


def user_maps_dir(data: str | os.PathLike, *, create: bool = False) -> Path:
    """`maps/` under the data folder: the player's own maps."""
    folder = Path(data) / "maps"
    if create:
        # a read-only data folder: the picker still lists the shipped maps
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class MapEntry:
    """One map file as the picker and `narby maps` show it."""

    path: Path
    origin: str  # "shipped", "user" or "file" (opened by hand)
    title: str
    width: int | None = None
    height: int | None = None
    min_players: int | None = None
    max_players: int | None = None
    spec: BoardSpec | None = None  # None when the map has problems
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.spec is not None and not self.problems

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}" if self.width and self.height else "?x?"

    @property
    def dragons_text(self) -> str:
        if self.min_players is None or self.max_players is None:
            return _("? dragons")
        if self.min_players == self.max_players:
            return n_("{n} dragon", "{n} dragons", self.min_players).format(n=self.min_players)
        # TRANSLATORS: how many dragons a map takes, such as "2-8 dragons"
        return _("{min}-{max} dragons").format(min=self.min_players, max=self.max_players)

    @property
    def first_problem(self) -> str:
        return problem_text(self.problems[0]) if self.problems else ""

    def to_json(self) -> dict:
        return {"path": str(self.path), "origin": self.origin, "title": self.title,
                "width": self.width, "height": self.height,
                "min_players": self.min_players, "max_players": self.max_players,
                "ok": self.ok, "problems": [problem_json(p) for p in self.problems]}


# problems a window lists per map: a map with a thousand broken objects must not stall
# the text layout (33 s and 530 MB for 999 in the preview); check-map lists them all
SHOWN_PROBLEMS = 20


def more_problems_text(n: int, path: Path) -> str:
    """The line that stands for the problems a window does not list."""
    return f"… and {n:,} more: narby check-map \"{path}\" lists them all"


def problem_text(p: Problem) -> str:
    """A problem without its file name (the file is shown beside it)."""
    where = f"{p.where}: " if p.where else ""
    return f"{where}{p.what} — {p.fix}"


def problem_json(p: Problem) -> dict:
    return {"where": p.where, "what": p.what, "fix": p.fix, "text": str(p)}


# ----- reading one map ------------------------------------------------------------------
_cache: dict[tuple, tuple] = {}
_parts: dict[tuple, list[Path]] = {}  # a map version's parts (game.maps.parts)


def _key(path: Path) -> tuple:
    try:
        st = path.stat()
        # the inode too: a save that renames a new file over the old one may keep the
        # old time and size on a coarse clock
        return (str(path.resolve()), st.st_mtime_ns, st.st_size, st.st_ino)
    except (OSError, ValueError):
        return (str(path), None, None, None)


def inspect(path: str | os.PathLike, *, draft: bool = False):
    """(spec, problems) of a map file, with the tileset hint added (see tileset_hint).

    draft=False: the spec is None whenever there are problems (loader.inspect_map);
    draft=True: the spec is kept as far as it could be read (for the live preview)."""
    path = Path(path)
    head = _key(path)
    # the map's own stat, then its tilesets', templates' and images' (read once per map
    # version): editing a tileset or a template in Tiled is noticed like the map's save
    parts = _parts.get(head)
    if parts is None:
        parts = map_parts(path) if head[1] is not None else []
        if len(_parts) > 256:
            _parts.clear()
        _parts[head] = parts
    key = (head, tuple(_key(p) for p in parts), draft)
    hit = _cache.get(key)
    if hit is None:
        spec, problems = (draft_board if draft else inspect_map)(path)
        hit = (spec, [tileset_hint(p, path) for p in problems])
        if head[1] is not None:  # a file that exists: remember it until it changes
            if len(_cache) > 256:
                _cache.clear()
            _cache[key] = hit
    return hit[0], list(hit[1])


def tileset_hint(p: Problem, path: Path) -> Problem:
    """A map copied away from maps/ loses '../assets/tiles/terrain.tsx': say exactly
    where the game's tileset is and how to point the map at it."""
    if not (p.where and p.where.startswith("tileset '") and p.what.startswith("file not found")
            and Path(p.where[len("tileset '"):-1]).name == TILESET_NAME):
        return p
    shipped = shipped_tileset()
    try:
        rel = os.path.relpath(shipped, path.resolve().parent)
    except ValueError:  # another drive on Windows: only an absolute path works
        rel = str(shipped)
    fix = (f"the game's tileset is {shipped}; in Tiled use Map ▸ Replace Tileset… and "
           f"pick that file, or edit the map's <tileset source=\"...\"> to \"{rel}\"; "
           "a map made with Save As from the project keeps the right path")
    return Problem(p.file, p.where, p.what, fix)


def _header(path: Path) -> tuple[str | None, int | None, int | None]:
    """(title, width, height) from the raw XML of a map that may not load."""
    root = read_xml(path, Report(str(path)), None)
    if root is None or root.tag != "map":
        return None, None, None

    def num(name: str) -> int | None:
        value = small_int(root.get(name))
        return value if value is not None and value > 0 else None

    title = None
    props = root.find("properties")
    for prop in props.findall("property") if props is not None else ():
        if prop.get("name") == "title":
            title = shown((prop.get("value") or prop.text or "").strip(), MAX_TITLE_CHARS) or None
    return title, num("width"), num("height")


def default_title(path: Path) -> str:
    return path.stem.replace("-", " ").replace("_", " ").title()


def entry(path: str | os.PathLike, origin: str = "file") -> MapEntry:
    """Read one map file into a MapEntry (never raises for a bad file)."""
    path = Path(path)
    spec, problems = inspect(path)
    if spec is not None and not problems:
        return MapEntry(path, origin, spec.title, spec.width, spec.height, spec.min_players,
                        spec.max_players, spec, [])
    title, w, h = _header(path)
    lo = hi = None
    draft, _ = inspect(path, draft=True)
    if draft is not None:
        lo, hi = draft.min_players, draft.max_players
    return MapEntry(path, origin, title or default_title(path), w, h, lo, hi, None, problems)


# ----- the catalogue -------------------------------------------------------------------
# maps of the user's folder the New game list reads (the first by file name): each map's
# cost is capped, and so is their number, so a folder of a thousand maps cannot freeze it
MAX_USER_MAPS = 200


MAX_FOLDERS = 64  # folders of the user's maps folder walked (its subfolders included)


def _tmx_files(folder: Path, deep: bool = False) -> list[Path]:
    """The maps in `folder`, any case of .tmx/.tmj, by path; `deep`: its subfolders' too
    (the user's folder: a map kept in a folder of its own with its tilesets is found, as
    `narby check-map FOLDER` finds it; the shipped folder's subfolders are the starter
    map and the archive of earlier releases' maps, never listed)."""
    return sorted(p for p in _files(folder, deep) if p.name.lower().endswith(MAP_SUFFIXES)
                  and limits.is_file(p))


def _files(folder: Path, deep: bool) -> list[Path]:
    found: list[Path] = []
    try:
        for n, (here, dirs, names) in enumerate(os.walk(folder)):
            if n >= (MAX_FOLDERS if deep else 1):
                break
            dirs[:] = sorted(d for d in dirs if not d.startswith('.'))  # .git and such
            found += [Path(here) / name for name in names]
    except (OSError, ValueError):
        pass
    return found


def unlisted_user_maps(data: str | os.PathLike | None) -> int:
    """How many .tmx files of the user's maps folder `scan` leaves out (over MAX_USER_MAPS)."""
    if data is None:
        return 0
    return max(0, len(_tmx_files(user_maps_dir(data), deep=True)) - MAX_USER_MAPS)


def scan(data: str | os.PathLike | None, *, create: bool = True) -> list[MapEntry]:
    """Shipped maps (the default first, then by title), then the user's maps by title.
    data: the data folder (None: only the shipped maps)."""
    shipped = [entry(p, "shipped") for p in _tmx_files(shipped_maps_dir())]
    shipped.sort(key=lambda e: (e.path.name != DEFAULT_MAP_NAME, e.title.lower()))
    user: list[MapEntry] = []
    if data is not None:
        files = _tmx_files(user_maps_dir(data, create=create), deep=True)[:MAX_USER_MAPS]
        user = [entry(p, "user") for p in files]
        user.sort(key=lambda e: (e.title.lower(), e.path.name))
    return shipped + user


def stamp(data: str | os.PathLike | None, extra: tuple = ()) -> tuple:
    """A cheap fingerprint of every file the catalogue reads: it changes when a map (or a
    tileset beside it) is added, removed or saved."""
    folders = [(shipped_maps_dir(), False)] + (
        [(user_maps_dir(data), True)] if data is not None else [])
    out = []
    for folder, deep in folders:
        for path in sorted(_files(folder, deep)):
            if path.name.lower().endswith(MAP_SUFFIXES + (".tsx", ".tsj", ".tx", ".tj")):
                try:
                    st = path.stat()
                except OSError:
                    continue
                out.append((str(path), st.st_mtime_ns, st.st_size, st.st_ino))
    for p in extra:
        out.append(_key(Path(p)))
    return tuple(out)
